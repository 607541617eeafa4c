"""The game record: any game Tablier knows, as it was played, independent of where it came from.

A :class:`Record` is what the archive keeps and the exporters write: one match or session of one
game (Backgammon, Jacquet and its variants, Ticktack, the draughts games) with its options, players,
date and tags, and its :class:`GameRecord` games in order. A game holds who played which side, the
set-up (when not the game's start), every :class:`Action` (throws played, cube actions, claims,
vies, resignations), the result and the score before it.

Moves are kept as data, not text: a tables play is its single-die moves ``(src, dst, hit)`` in the
mover's own frame (as :class:`tablier.tables.moves.Move`), a draughts move is its path of squares.
The usual notation is derived from them when a record is written (:mod:`tablier.record.replay`).

Sides are numbers: 0 = Black, 1 = White (the tables core's ``BLACK``/``WHITE``; in draughts Black is
``False`` = 0). This module is pure data; reading, checking and writing records live beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tablier.errors import TablierError
from tablier.games import GameFacts, find_game

if TYPE_CHECKING:
    from tablier.engines.analysis import GameAnalysis

TABLES = "tables"
DRAUGHTS = "draughts"
SIDE_NAMES = ("black", "white")
MODERN_OPTIONS = {"cube": "yes", "backgammon_zone": "home-board"}
"""The Backgammon options of records from other programs (.mat, SGF): the cube, the modern backgammon."""
JACOBY = "jacoby"
"""A Backgammon record's option (``yes``) for money play by the Jacoby rule: a gammon or backgammon
counts as a single game while the cube has not been turned. It is how the games score, not a rule
of the moves: the record keeps it, the rules core never sees it (:data:`SCORING_OPTIONS`)."""
SCORING_OPTIONS = frozenset({JACOBY})
"""The options of a record that say how its games score, not how they are played."""

# --- what an action is --------------------------------------------------------------------------

PLAY = "play"
"""A tables throw and the play made with it (``dice``, ``moves``; an empty play is a dance)."""
MOVE = "move"
"""A draughts move (``moves`` holds one path of squares)."""
DOUBLE = "double"
"""The side offers the cube (``value``: the cube's value after a take)."""
TAKE = "take"
DROP = "drop"
RESIGN = "resign"
"""The side gives up the game (``value``: the points offered, 0 when unknown)."""
CLAIM = "claim"
"""A claim at the table (``note``: which, e.g. ``why-not``, ``huff``, ``ticktack-win: ...``)."""
VIE = "vie"
"""Ticktack's vie, see or fold (``note``) with the stake after it (``value``)."""
DRAW = "draw"
"""The players agree a draw (or the forty-move rule is called)."""

ACTION_KINDS = (PLAY, MOVE, DOUBLE, TAKE, DROP, RESIGN, CLAIM, VIE, DRAW)


class RecordError(TablierError):
    """A record cannot be read or is not a legal game; the message says where and why."""


@dataclass(frozen=True)
class Action:
    """One thing a side did in a game.

    ``dice`` are the dice thrown (tables, in the order thrown), or with ``handed`` the numbers the
    thrower handed over to the adversary (Jacquet de Versailles: one die, or what was left of a
    doublet, which may be two numbers alike: not a throw); ``moves`` the play's single-die moves
    ``(src, dst, hit)`` (tables, ``hit`` 0 or 1) or the one path of squares of a draughts move;
    ``value`` the cube value, stake or points an action names; ``note`` words (a claim's name and
    detail, a comment).
    """

    side: int
    kind: str
    dice: tuple[int, ...] = ()
    moves: tuple[tuple[int, ...], ...] = ()
    value: int = 0
    note: str = ""
    handed: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise RecordError(f"unknown action {self.kind!r} (known: {', '.join(ACTION_KINDS)})")
        if self.side not in (0, 1):
            raise RecordError(f"side {self.side!r} is not 0 (black) or 1 (white)")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning side (``None``: a draw), how, and the points it scored
    (including the cube or the vies)."""

    winner: int | None
    how: str
    points: int = 0

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.how})"
        plural = "s" * (self.points != 1)
        return f"{SIDE_NAMES[self.winner]} wins ({self.how}), {self.points} point{plural}"


@dataclass
class GameRecord:
    """One game: the players of each side, the set-up, every action, the result, the score before.

    ``players`` are the names of side 0 (Black) and side 1 (White) in this game. ``start`` is the
    set-up when it is not the game's usual start: a draughts FEN, or a tables position in the
    position text format (``docs/positions.md``). ``score`` is the match score (side 0, side 1)
    before the game. ``analysis`` is the engine's judgement of its moves when it was analysed
    (``tablier analyse``, ``docs/analysis.md``); it is no part of the game's content.
    """

    players: tuple[str, str] = ("", "")
    actions: list[Action] = field(default_factory=list)
    outcome: Outcome | None = None
    start: str = ""
    score: tuple[int, int] = (0, 0)
    number: int = 1
    tags: dict[str, str] = field(default_factory=dict)
    analysis: GameAnalysis | None = None

    def moves(self) -> list[Action]:
        """The plays and moves only (no cube actions, claims or vies)."""
        return [action for action in self.actions if action.kind in (PLAY, MOVE)]


@dataclass
class Record:
    """A match or session of one game: the archive's unit and what an export file holds.

    ``game`` is the catalogue name (``backgammon``, ``jacquet``, ``english``, ...), ``options`` the
    game's options as text (as on the command line), ``date`` ISO ``YYYY-MM-DD`` (or empty when
    unknown), ``match_length`` the points to win (0: single games or money play), ``tags`` anything
    else the source said (event, site, round, ...), ``source`` where it came from, ``log`` the raw
    event log's text when the record was built from one.
    """

    game: str
    family: str
    options: dict[str, str] = field(default_factory=dict)
    date: str = ""
    match_length: int = 0
    games: list[GameRecord] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)
    source: str = ""
    log: str = ""
    settled: bool = field(default=False, compare=False, repr=False)
    """Set by :func:`~tablier.record.settling.settle`: every action is as its rules replayed it, so
    storing the record replays it again without searching the legal plays."""

    @property
    def facts(self) -> GameFacts:
        """What the record's game is to records: the formats that hold it, how it scores...
        (:class:`~tablier.games.GameFacts`); :class:`RecordError` for a game Tablier does not play."""
        try:
            return find_game(self.game).facts
        except KeyError as error:
            raise RecordError(str(error.args[0])) from None

    @property
    def players(self) -> list[str]:
        """Every player's name, in order of first appearance."""
        names: list[str] = []
        for game in self.games:
            for name in game.players:
                if name and name not in names:
                    names.append(name)
        return names

    def final_score(self) -> tuple[int, int] | None:
        """The score of side 0 and side 1 (of the first game) after the last game, if it ended."""
        if not self.games or self.games[-1].outcome is None:
            return None
        last = self.games[-1]
        score = list(last.score)
        if last.outcome is not None and last.outcome.winner is not None:
            score[last.outcome.winner] += last.outcome.points
        return score[0], score[1]

    def crawford_game(self) -> int | None:
        """The number of the match's Crawford game: the first game in which a side stands one point
        short of the match; ``None`` for money play or a match that never got there."""
        length = self.match_length
        for game in self.games if length else ():
            if length - 1 in game.score and max(game.score) < length:
                return game.number
        return None

    def title(self) -> str:
        """A one-line description: players, game, match length and date."""
        names = " - ".join(self.players) or "unnamed players"
        length = f", {self.match_length}-point match" if self.match_length else ""
        date = f", {self.date}" if self.date else ""
        return f"{names} ({self.game}{length}{date})"
