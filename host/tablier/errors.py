"""Errors shared by every game family.

Like python-chess, the errors are ``ValueError`` subclasses so that callers who only care that the
input was bad can catch ``ValueError``.
"""


class TablierError(ValueError):
    """Base class of the errors Tablier raises on bad input."""


class InvalidPositionError(TablierError):
    """A position (text, Position ID, FEN, ...) is malformed or describes an impossible board."""


class InvalidMoveError(TablierError):
    """A move or play cannot be parsed."""


class IllegalMoveError(TablierError):
    """A well-formed move or play is not legal in the position; the message names the rule."""


class AmbiguousMoveError(TablierError):
    """A move in short notation matches more than one legal move."""
