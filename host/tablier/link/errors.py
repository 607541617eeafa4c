"""Errors of the link to the board."""

from tablier.errors import TablierError


class LinkError(TablierError):
    """The board does not answer, or answers something that is not the protocol."""


class FirmwareMismatchError(LinkError):
    """The board runs firmware built for another protocol or another layout: it must be reflashed."""
