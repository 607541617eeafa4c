"""Reading PDN (Portable Draughts Notation) game records, through a visitor.

As in python-chess's ``pgn`` module, :func:`read_games` walks the tokens of a file and calls a
:class:`PdnVisitor` (``begin_game``, ``visit_header``, ``visit_move``, ``visit_comment``,
``visit_result``, ``end_game``, ...); :class:`GameBuilder`, the default visitor, builds a
:class:`PdnGame`. This layer is pure syntax: it knows squares, not rules. Replaying a game checks
each :class:`PdnMove` with the rules core (see ``tablier.cli.replay``).

The reader is forgiving (every quirk of the corpora: see ``docs/pdn.md``) but never silent: what it
cannot read is reported to the visitor's :meth:`PdnVisitor.handle_error` with its line and column,
and :class:`GameBuilder` keeps those errors in :attr:`PdnGame.errors`; quirks read in a forgiving way
(words outside a comment, a tag without value) are kept as :attr:`PdnGame.warnings`. Games end at a result, at
``*``, or (for files that omit the terminator) where the tags of the next game begin.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tablier.draughts import pdn_lexer as lex
from tablier.errors import TablierError

#: A square as written: ``int`` for numeric notation, ``"a3"`` for alphanumeric.
Square = int | str

#: The results PDN knows; anything else in a ``Result`` tag is kept as written.
RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")

#: The draughts games of the PDN ``GameType`` tag (``specs/pdn/gametype.rst``).
GAME_TYPES: dict[int, str] = {
    20: "international draughts", 21: "English draughts", 22: "Italian draughts",
    23: "American pool checkers", 24: "Spanish draughts", 25: "Russian draughts",
    26: "Brazilian draughts", 27: "Canadian draughts", 28: "Portuguese draughts",
    29: "Czech draughts", 30: "Turkish draughts", 31: "Thai draughts", 40: "Frisian draughts",
    41: "Spantsiretti draughts",
}


class PdnSyntaxError(TablierError):
    """A PDN record cannot be read; ``line`` and ``column`` (1-based) say where.

    ``ply`` is the number of main-line moves read before it (set by :class:`GameBuilder`).
    """

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        place = f"line {line}, column {column}: " if column else f"line {line}: " if line else ""
        super().__init__(place + message)
        self.message = message
        self.line = line
        self.column = column
        self.ply = 0


@dataclass(frozen=True)
class PdnMove:
    """A move as written in PDN: its squares (from, [intermediate...], to) and whether it captures.

    ``11-15`` is ``PdnMove((11, 15), False)``; ``11x18x25`` is ``PdnMove((11, 18, 25), True)``.
    No rule is checked here: the squares are only what the record says.
    """

    squares: tuple[Square, ...]
    capture: bool
    #: The move as the file wrote it, when that is a casual spelling (``11-18-25``); else ``""``.
    casual: str = field(default="", compare=False)

    @classmethod
    def from_pdn(cls, text: str) -> PdnMove:
        """Parse ``32-28``, ``26x17x10``, ``23:05``, ``a3-b4`` or ``a3b4``; ``PdnSyntaxError`` if not.

        Casual notation is read leniently and kept in :attr:`casual`: a multi-jump written with
        dashes (``11-18-25``, or ``11-18x25``) is a capture. (A single jump written ``15-22`` is
        told from a plain move by the rules only: see ``tablier.draughts.pdn_replay``.)
        """
        compact = re.sub(r"\s+", "", text)
        if re.fullmatch(r"[a-h][1-8][a-h][1-8]", compact):
            return cls((compact[:2], compact[2:]), False)
        parts = re.split(r"([-x:])", compact)
        squares = parts[0::2]
        separators = set(parts[1::2])
        if len(squares) < 2 or not all(re.fullmatch(r"[a-h][1-8]|0*[1-9][0-9]*", s) for s in squares):
            raise PdnSyntaxError(f"not a PDN move: {text!r}")
        read = tuple(_square(s) for s in squares)
        if "-" in separators and len(squares) > 2:
            return cls(read, True, casual=compact)
        return cls(read, "-" not in separators)

    @property
    def origin(self) -> Square:
        """The square the piece starts from."""
        return self.squares[0]

    @property
    def destination(self) -> Square:
        """The square the piece ends on."""
        return self.squares[-1]

    def pdn(self) -> str:
        """The move in PDN 3.0 spelling: no leading zeros, ``-`` or ``x``."""
        return ("x" if self.capture else "-").join(str(square) for square in self.squares)

    def __str__(self) -> str:
        return self.pdn()


def _square(text: str) -> Square:
    return text if text[0].isalpha() else int(text)


@dataclass
class PdnNode:
    """A move of a game with what was written around it; ``variations`` are alternatives to it.

    ``comments_before`` holds comments that open a variation before its first move.
    """

    move: PdnMove
    strength: str = ""
    comments_before: list[str] = field(default_factory=list)
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[list[PdnNode]] = field(default_factory=list)


@dataclass
class PdnGame:
    """One game of a PDN file: tags in file order, the main line, result, and what went wrong."""

    headers: dict[str, str] = field(default_factory=dict)
    moves: list[PdnNode] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    result: str = "*"  # the terminator after the moves, else the Result tag, else "*"
    setup: str | None = None
    errors: list[PdnSyntaxError] = field(default_factory=list)
    warnings: list[PdnSyntaxError] = field(default_factory=list)
    line: int = 0

    def header(self, name: str, default: str | None = None) -> str | None:
        """The tag ``name`` looked up without regard to case (``SetUp``, ``Setup``, ``SETUP``)."""
        wanted = name.lower()
        for key, value in self.headers.items():
            if key.lower() == wanted:
                return value
        return default

    @property
    def fen(self) -> str | None:
        """The starting position's FEN (the ``FEN`` tag or a ``/FEN "..."/`` set-up), if any."""
        return self.setup or self.header("FEN")

    @property
    def game_type(self) -> int | None:
        """The number of the ``GameType`` tag (``20``, ``21``, ...); ``None`` if absent or unreadable."""
        value = self.header("GameType")
        match = re.match(r"\s*([0-9]+)", value or "")
        return int(match.group(1)) if match else None


ResultT = TypeVar("ResultT")


class PdnVisitor(Generic[ResultT]):
    """Receives the parts of one game as the reader finds them; override what you need.

    :meth:`begin_variation` returns whether to visit the variation (``False`` skips it).
    """

    def begin_game(self, line: int) -> None:
        """A game starts at ``line``."""

    def visit_header(self, name: str, value: str) -> None:
        """A tag pair ``[name "value"]``."""

    def end_headers(self) -> None:
        """The tags are over; the moves follow."""

    def visit_setup(self, fen: str) -> None:
        """A ``/FEN "..."/`` set-up command in the moves."""

    def visit_move(self, move: PdnMove, strength: str) -> None:
        """A move, with its strength indicator (``!?``, ``(?)``, or ``""``)."""

    def visit_nag(self, nag: int) -> None:
        """A numeric annotation glyph ``$n`` (or a strength written apart from its move)."""

    def visit_comment(self, comment: str) -> None:
        """A ``{...}`` comment."""

    def begin_variation(self) -> bool:
        """A ``(`` opens alternatives to the last move; return ``False`` to skip them."""
        return True

    def end_variation(self) -> None:
        """The ``)`` closing the variation."""

    def visit_result(self, result: str) -> None:
        """The game terminator (a result or ``*``)."""

    def handle_error(self, error: PdnSyntaxError) -> None:
        """Something in the game could not be read; the reader carries on after it."""

    def handle_warning(self, warning: PdnSyntaxError) -> None:
        """A known real-world quirk was read in a forgiving way (e.g. words outside a comment)."""

    def end_game(self) -> None:
        """The game is over."""

    def result(self) -> ResultT:
        """What the visitor built."""
        raise NotImplementedError


class GameBuilder(PdnVisitor[PdnGame]):
    """The default visitor: builds a :class:`PdnGame`, keeping variations and every error."""

    def __init__(self) -> None:
        self.game = PdnGame()
        self._lines: list[list[PdnNode]] = [self.game.moves]
        self._terminator: str | None = None
        self._pending: list[str] = []  # comments opening a variation, before its first move

    def begin_game(self, line: int) -> None:
        self.game.line = line

    def visit_header(self, name: str, value: str) -> None:
        self.game.headers[name] = value

    def visit_setup(self, fen: str) -> None:
        if self.game.moves:
            self.handle_error(PdnSyntaxError("a set-up after the first move is not supported"))
        else:
            self.game.setup = fen

    def visit_move(self, move: PdnMove, strength: str) -> None:
        self._lines[-1].append(PdnNode(move, strength, comments_before=self._pending))
        self._pending = []

    def visit_nag(self, nag: int) -> None:
        if self._lines[-1]:
            self._lines[-1][-1].nags.append(nag)
        else:
            self.handle_warning(PdnSyntaxError(f"an annotation (${nag}) before any move; ignored"))

    def visit_comment(self, comment: str) -> None:
        if self._lines[-1]:
            self._lines[-1][-1].comments.append(comment)
        elif len(self._lines) == 1:
            self.game.comments.append(comment)
        else:
            self._pending.append(comment)

    def begin_variation(self) -> bool:
        line = self._lines[-1]
        if not line:
            self.handle_error(PdnSyntaxError("a variation before any move"))
            return False
        variation: list[PdnNode] = []
        line[-1].variations.append(variation)
        self._lines.append(variation)
        return True

    def end_variation(self) -> None:
        if not self._lines.pop():  # nothing but comments in it: keep them, drop the variation
            self._lines[-1][-1].variations.pop()
            self._lines[-1][-1].comments.extend(self._pending)
            self._pending = []

    def visit_result(self, result: str) -> None:
        self._terminator = result

    def end_game(self) -> None:
        tag = self.game.header("Result")
        if self._terminator is None:
            self.game.result = tag if tag in RESULTS else "*"
            return
        self.game.result = self._terminator
        if tag is not None and tag != self._terminator and self._terminator != "*":
            self.handle_warning(PdnSyntaxError(
                f"the Result tag {tag!r} differs from the result {self._terminator!r} after the moves",
                self.game.line))

    def handle_error(self, error: PdnSyntaxError) -> None:
        error.ply = len(self.game.moves)
        self.game.errors.append(error)

    def handle_warning(self, warning: PdnSyntaxError) -> None:
        warning.ply = len(self.game.moves)
        self.game.warnings.append(warning)

    def result(self) -> PdnGame:
        return self.game


#: Strengths written as NAGs when they stand apart from their move (PGN's numbering).
_STRENGTH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


def read_games(text: str, visitor: Callable[[], PdnVisitor[ResultT]]) -> Iterator[ResultT]:
    """Each game of ``text`` through a fresh visitor from ``visitor()``; yields their results."""
    reader = _Reader(lex.tokenize(text))
    while reader.more():
        one = visitor()
        if reader.read_game(one):
            yield one.result()


def read_pdn(text: str) -> list[PdnGame]:
    """Every game of ``text`` as :class:`PdnGame` (errors kept per game, none raised)."""
    return list(read_games(text, GameBuilder))


class _Reader:
    """Walks the token stream game by game."""

    def __init__(self, tokens: Iterator[lex.Token]) -> None:
        self._tokens = tokens
        self._peeked: lex.Token | None = None
        self._depth = 0  # the game's open variations being visited
        self._skipping = 0  # and being skipped

    def peek(self) -> lex.Token | None:
        if self._peeked is None:
            self._peeked = next(self._tokens, None)
        return self._peeked

    def take(self) -> lex.Token:
        token = self.peek()
        assert token is not None
        self._peeked = None
        return token

    def more(self) -> bool:
        """Whether anything but line comments and stray terminators is left."""
        while True:
            token = self.peek()
            if token is None:
                return False
            if token.kind not in (lex.LINE_COMMENT, lex.ASTERISK):
                return True
            self.take()

    def read_game(self, visitor: PdnVisitor[ResultT]) -> bool:
        """One game into ``visitor``; ``False`` if nothing but noise was left, or nothing that makes
        a game (no tag, move, set-up or result: stray words, comments, move numbers, unreadable
        characters, as in a text that is no PDN)."""
        first = self.peek()
        if first is None:
            return False
        visitor.begin_game(first.line)
        substance = self._read_headers(visitor)  # a tag, a move, a set-up or a result: a game
        visitor.end_headers()
        self._depth = self._skipping = 0
        body_started = False
        while (token := self.peek()) is not None:
            if token.kind == lex.TAG_OPEN and body_started:
                break  # the next game's tags: this one had no terminator
            token = self.take()
            substance = substance or token.kind in _GAME_TOKENS
            if self._skipping:
                self._skipping += {lex.VARIATION_OPEN: 1, lex.VARIATION_CLOSE: -1}.get(token.kind, 0)
                continue
            body_started = True
            if self._read_token(token, visitor):
                break
        if not substance:  # stray words, comments and move numbers only (a text that is no PDN)
            return False
        if self._depth or self._skipping:
            visitor.handle_error(PdnSyntaxError("a variation is not closed by ')'"))
            for _ in range(self._depth):
                visitor.end_variation()
        visitor.end_game()
        return True

    def _read_token(self, token: lex.Token, visitor: PdnVisitor[ResultT]) -> bool:
        """One token of the moves into ``visitor``; ``True`` for the result that ends the game."""
        error = _error_at(token)
        if token.kind == lex.MOVE:
            try:
                move = PdnMove.from_pdn(token.text)
            except PdnSyntaxError as bad:
                visitor.handle_error(error(bad.message))
            else:
                visitor.visit_move(move, token.strength)
        elif token.kind in (lex.MOVE_NUMBER, lex.ELLIPSIS, lex.LINE_COMMENT):
            pass
        elif token.kind == lex.COMMENT:
            visitor.visit_comment(token.text)
        elif token.kind == lex.NAG:
            visitor.visit_nag(int(token.text[1:]))
        elif token.kind == lex.STRENGTH:  # written apart from its move: a NAG, or kept as a comment
            nag = _STRENGTH_NAGS.get(token.text.strip("()"))
            if nag is None:
                visitor.visit_comment(token.text)
            else:
                visitor.visit_nag(nag)
        elif token.kind == lex.SETUP:
            visitor.visit_setup(_setup_fen(token.text))
        elif token.kind == lex.VARIATION_OPEN:
            if visitor.begin_variation():
                self._depth += 1
            else:
                self._skipping = 1
        elif token.kind == lex.VARIATION_CLOSE:
            if self._depth:
                self._depth -= 1
                visitor.end_variation()
            else:
                visitor.handle_error(error("')' without a variation to close"))
        elif token.kind in (lex.RESULT, lex.ASTERISK):
            if self._depth or self._skipping:
                visitor.handle_error(error(f"result {token.text} inside a variation"))
                return False
            visitor.visit_result(token.text)
            return True
        elif token.kind == lex.IDENTIFIER:
            self._read_words(token, visitor)
        elif token.kind == lex.ERROR:
            visitor.handle_error(error(token.text))
        else:
            visitor.handle_error(error(f"unexpected {token.text!r} in the moves"))
        return False

    def _read_words(self, token: lex.Token, visitor: PdnVisitor[ResultT]) -> None:
        """Words outside a comment (``token`` and those right after it): kept as a comment, warned."""
        words = [token.text]
        while (more := self.peek()) is not None and more.kind == lex.IDENTIFIER:
            words.append(self.take().text)
        text = " ".join(words)
        visitor.handle_warning(_error_at(token)(f"text outside a comment, read as a comment: {text!r}"))
        visitor.visit_comment(text)

    def _read_headers(self, visitor: PdnVisitor[ResultT]) -> bool:
        """The tags into ``visitor``; whether there was any."""
        tags = False
        while (token := self.peek()) is not None and token.kind in (lex.TAG_OPEN, lex.LINE_COMMENT):
            token = self.take()
            if token.kind == lex.LINE_COMMENT:
                continue
            tags = True
            parts = []
            while (part := self.peek()) is not None and part.kind in (lex.IDENTIFIER, lex.STRING, lex.ERROR):
                parts.append(self.take())
            broken = next((part for part in parts if part.kind == lex.ERROR), None)
            close = self.peek()
            if close is not None and close.kind == lex.TAG_CLOSE:
                self.take()
            elif broken is None:
                visitor.handle_error(_error_at(token)("tag not closed by ']'"))
            if broken is not None:  # one error for the whole tag (an unclosed string ate its ']')
                name = f" [{parts[0].text} ...]" if parts[0].kind == lex.IDENTIFIER else ""
                visitor.handle_error(_error_at(broken)(f"in the tag{name}: {broken.text}"))
                continue
            kinds = [part.kind for part in parts]
            if kinds == [lex.IDENTIFIER]:
                visitor.handle_warning(_error_at(token)(f"tag [{parts[0].text}] has no value; ignored"))
                continue
            if kinds != [lex.IDENTIFIER, lex.STRING] or not re.fullmatch(r"[A-Za-z]\w*", parts[0].text):
                written = " ".join(part.text for part in parts)
                visitor.handle_error(_error_at(token)(f'a tag must be [Name "value"], not [{written}]'))
                continue
            visitor.visit_header(parts[0].text, parts[1].text)
        return tags


#: The tokens that make a game of what they stand in (with any tag): a move, a set-up, a result.
_GAME_TOKENS = frozenset({lex.MOVE, lex.SETUP, lex.RESULT})


def _error_at(token: lex.Token) -> Callable[[str], PdnSyntaxError]:
    return lambda message: PdnSyntaxError(message, token.line, token.column)


def _setup_fen(command: str) -> str:
    """The FEN of a ``/FEN "..."/`` set-up command (the text between the slashes)."""
    match = re.fullmatch(r'\s*FEN\s+"([^"]*)"\s*', command)
    return match.group(1) if match else command
