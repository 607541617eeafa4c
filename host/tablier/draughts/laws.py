"""The printed Checker Laws as a game-flow layer over English draughts (pure logic, no I/O).

:class:`LawsGame` holds a :class:`~tablier.draughts.core.Board` and rules on what the players do:
play a move, touch a piece, huff, compel a capture, give notice under the forty-move rule. Each
action returns a :class:`Ruling` (accepted or not, the law applied, a message in words); when a law
ends the game, :attr:`LawsGame.outcome` says who won and why. The options (:class:`LawsOptions`):

- ``captures``: ``"compulsory"`` (the modern rule: a capture must be made, any sequence may be
  chosen) or ``"huff"`` (Laws 14-15: a player may fail to capture; his opponent, before moving,
  may then huff the piece that should have captured, compel the capture, or let the move stand);
- ``forty_move_rule`` (Law 19): after a player gives notice, his opponent must win within forty
  of his own moves or the game is drawn;
- ``touch_move`` (Law 11, with Law 10's caution then forfeit): a touched piece must be played;
- ``false_move``: ``"retract"`` (the default: an improper move is refused with its reason and
  played again), ``"forfeit"`` (Law 17: it loses the game) or ``"teach"`` (refused with an
  explanation of the rule and the moves that are legal; the player corrects it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import NamedTuple

from tablier.draughts.core import COLOR_NAMES, Board, Color, Move, Outcome
from tablier.draughts.notation import parse_move
from tablier.errors import TablierError

FORTY_MOVES = 40
CAPTURE_RULES = ("compulsory", "huff")
FALSE_MOVE_RULES = ("retract", "forfeit", "teach")


@dataclass(frozen=True)
class LawsOptions:
    """How strictly the laws are applied; the defaults suit friendly play on the board."""

    captures: str = "compulsory"
    forty_move_rule: bool = True
    touch_move: bool = False
    false_move: str = "retract"

    def __post_init__(self) -> None:
        if self.captures not in CAPTURE_RULES:
            raise ValueError(f"captures must be one of {', '.join(CAPTURE_RULES)}, not {self.captures!r}")
        if self.false_move not in FALSE_MOVE_RULES:
            raise ValueError(
                f"false_move must be one of {', '.join(FALSE_MOVE_RULES)}, not {self.false_move!r}")
        if self.touch_move and self.false_move == "teach":
            raise ValueError("touch_move is strict play; the teaching mode lets moves be corrected")

    @classmethod
    def from_strings(cls, values: dict[str, str]) -> LawsOptions:
        """Options from ``NAME=VALUE`` text (``true``/``false`` for the yes-or-no ones)."""
        known = {field.name: field for field in fields(cls)}
        parsed: dict[str, str | bool] = {}
        for name, text in values.items():
            if name not in known:
                raise ValueError(f"unknown option {name!r} (options: {', '.join(known)})")
            if known[name].type in ("bool", bool):
                parsed[name] = parse_bool(name, text)
            else:
                parsed[name] = text.strip().lower()
        return cls(**parsed)  # type: ignore[arg-type]


def parse_bool(name: str, text: str) -> bool:
    """``true``/``false`` (also yes/no, on/off, 1/0) as a bool; ``ValueError`` naming ``name`` if not."""
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"option {name} takes true or false, not {text!r}")


class Ruling(NamedTuple):
    """The answer to one action: accepted or refused, the law that applied and why, in words.

    ``moves`` lists the moves the player may make now when that helps (the teaching mode).
    """

    accepted: bool
    message: str
    law: str = ""
    moves: tuple[Move, ...] = ()


class _Fault(NamedTuple):
    """A failure to capture that the opponent may still punish before his own move."""

    offender: Color
    capturers: tuple[int, ...]  # squares (after the wrong move) of the pieces that could have taken


class LawsGame:
    """A game of English draughts refereed by the Checker Laws with the given options."""

    def __init__(self, board: Board | None = None, options: LawsOptions | None = None) -> None:
        self.board = board if board is not None else Board()
        self.options = options or LawsOptions()
        self.outcome: Outcome | None = self.board.outcome()
        self.cautions = {False: 0, True: 0}
        self.notice_moves: dict[Color, int] = {}  # side on notice -> its moves since the notice
        self._fault: _Fault | None = None
        self._compelled = False
        self._touched: int | None = None

    # -- what may be played ---------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the side to move may make now (with ``huff``: plain moves too; a touched piece's)."""
        moves = self._allowed()
        if self._touched is not None:
            moves = [move for move in moves if move.from_square == self._touched]
        return moves

    def _allowed(self) -> list[Move]:
        captures = self.board.capture_moves()
        if self._compelled or (captures and self.options.captures == "compulsory"):
            return captures
        return captures + self.board.plain_moves()

    def huffable(self) -> list[int]:
        """Squares of the opponent's pieces the side to move may huff now (empty if none)."""
        if self._fault is None or self._fault.offender == self.board.turn:
            return []
        return list(self._fault.capturers)

    # -- actions ----------------------------------------------------------------------------------

    def play(self, move: Move | str) -> Ruling:
        """The side to move plays ``move`` (a :class:`Move` or PDN text)."""
        if self.outcome:
            return Ruling(False, f"the game is over: {self.outcome.reason}")
        side = COLOR_NAMES[self.board.turn]
        chosen, why = self._find(move)
        if chosen is None:
            return self._false_move(str(move), why)
        if self._touched is not None and chosen.from_square != self._touched:
            return self._forfeit(f"{side} touched the piece on {self._touched} and played another", "Law 11")
        captures = self.board.capture_moves()
        fault = None
        if captures and not chosen.captures:
            capturers = {capture.from_square for capture in captures}
            if chosen.from_square in capturers:
                capturers = (capturers - {chosen.from_square}) | {chosen.to_square}
            fault = _Fault(self.board.turn, tuple(sorted(capturers)))
        self.board.push(chosen)
        self._fault = fault
        self._compelled = False
        self._touched = None
        self._count_notice(not self.board.turn)
        self.outcome = self.outcome or self.board.outcome()
        note = " (a capture was possible: it may be huffed or compelled, Laws 14-15)" if fault else ""
        return Ruling(True, f"{side} played {chosen}{note}")

    def touch(self, square: int) -> Ruling:
        """The side to move touches the piece on ``square`` without giving intimation (Laws 10-11)."""
        if self.outcome:
            return Ruling(False, f"the game is over: {self.outcome.reason}")
        own_moves = [move for move in self.legal_moves() if move.from_square == square]
        if not self.options.touch_move:
            explained = self.options.false_move == "teach"
            return Ruling(True, f"the piece on {square} can play {_listed(own_moves) or 'nothing'}",
                          moves=tuple(own_moves) if explained else ())
        piece = self.board.piece_at(square)
        if piece is not None and piece.color == self.board.turn and own_moves:
            if self._touched is None:
                self._touched = square
            return Ruling(self._touched == square, f"the piece on {self._touched} must be played", "Law 11")
        return self._caution(f"the piece on {square} cannot be played", "Laws 10-11")

    def huff(self, square: int) -> Ruling:
        """Huff (Law 14): remove the opponent's piece on ``square`` that ought to have captured.

        It is not a move: the same player then plays.
        """
        if square not in self.huffable():
            return Ruling(False, f"the piece on {square} cannot be huffed", "Law 14")
        self.board.remove_piece_at(square)
        self._fault = None
        self.outcome = self.board.outcome()
        side = COLOR_NAMES[self.board.turn]
        return Ruling(True, f"huffed the piece on {square}; {side} now plays", "Law 14")

    def compel(self) -> Ruling:
        """Compel the capture (Law 15): the wrong move is taken back and the offender must capture."""
        if not self.huffable():
            return Ruling(False, "there is no failure to capture to compel", "Law 15")
        self.board.pop()
        self._fault = None
        self._compelled = True
        offender = COLOR_NAMES[self.board.turn]
        return Ruling(True, f"{offender}'s move is taken back; {offender} must capture", "Law 15",
                      tuple(self.board.capture_moves()))

    def give_notice(self, by: Color) -> Ruling:
        """``by`` calls on the other side to win within forty of its own moves (Law 19)."""
        if not self.options.forty_move_rule:
            return Ruling(False, "the forty-move rule is not in use", "Law 19")
        if self.outcome:
            return Ruling(False, f"the game is over: {self.outcome.reason}")
        on_notice = not by
        self.notice_moves[on_notice] = 0
        return Ruling(True, f"{COLOR_NAMES[on_notice]} must win within {FORTY_MOVES} moves", "Law 19")

    def moves_left(self, color: Color) -> int | None:
        """How many moves ``color`` has left under a forty-move notice (``None`` if not on notice)."""
        if color not in self.notice_moves:
            return None
        return FORTY_MOVES - self.notice_moves[color]

    # -- helpers -------------------------------------------------------------------------------------

    def _find(self, move: Move | str) -> tuple[Move | None, str]:
        allowed = self._allowed()
        if isinstance(move, Move) and move in allowed:
            return move, ""
        try:
            return parse_move(self.board, str(move), allowed), ""
        except TablierError as error:
            return None, str(error)

    def _false_move(self, text: str, why: str) -> Ruling:
        if self.options.false_move == "forfeit":
            return self._forfeit(f"{COLOR_NAMES[self.board.turn]} made a false move ({why})", "Law 17")
        if self.options.false_move == "teach":
            legal = self.legal_moves()
            return Ruling(False, f"{why}. You may play {_listed(legal)}; try again", "Law 17", tuple(legal))
        return Ruling(False, f"{why}; play again", "Law 17")

    def _forfeit(self, reason: str, law: str) -> Ruling:
        self.outcome = Outcome(not self.board.turn, f"{reason}: the game is forfeited ({law})")
        return Ruling(False, self.outcome.reason, law)

    def _caution(self, reason: str, law: str) -> Ruling:
        side = self.board.turn
        self.cautions[side] += 1
        if self.cautions[side] > 1:
            return self._forfeit(f"{reason}, a second offence", law)
        return Ruling(False, f"{reason}: {COLOR_NAMES[side]} is cautioned (a second offence forfeits)", law)

    def _count_notice(self, mover: Color) -> None:
        if mover in self.notice_moves:
            self.notice_moves[mover] += 1
            if self.notice_moves[mover] >= FORTY_MOVES and self.board.outcome() is None:
                self.outcome = Outcome(None, f"{COLOR_NAMES[mover]} did not win within {FORTY_MOVES} "
                                             "moves of the notice: drawn (Law 19)")


def _listed(moves: list[Move]) -> str:
    return ", ".join(str(move) for move in moves)
