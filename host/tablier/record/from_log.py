"""A game record from the raw event log of a game played on the board (``docs/log-format.md``).

:func:`from_event_log` keeps what was committed: the header's game, options, players and match
length, each ``game_start``'s sides, set-up and score, the commits (read back against the legal
plays or moves, and checked against the position the log says they reached), cube actions, claims,
vies and results. Switch events, snapshots and messages stay in the raw log, which the record keeps
whole (``Record.log``). In Jacquet de Versailles a commit of dice handed to the adversary carries
the whole throw: the record keeps the dice that play used (one die, or what was left of a doublet).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from tablier.draughts.core import Board as DraughtsBoard
from tablier.errors import TablierError
from tablier.tables.moves import Dice as Throw
from tablier.tables.moves import Play
from tablier.tables.position import Position
from tablier.tables.position_text import frame_of, parse_position

from .eventlog import Claim, Commit, CubeAction, EventLog, GameStart, Header, ResultRecord, Vie, read_log
from .eventlog import Record as LogRecord
from .game_record import (
    CLAIM,
    DOUBLE,
    DRAUGHTS,
    DROP,
    MOVE,
    PLAY,
    RESIGN,
    TABLES,
    TAKE,
    VIE,
    Action,
    GameRecord,
    Outcome,
    Record,
    RecordError,
)
from .mat_reader import match_play, normalised
from .replay import draughts_board, tables_variant

_CUBE = {"double": DOUBLE, "take": TAKE, "drop": DROP}
#: Claims by which the previous commit is taken back (``docs/log-format.md``): the record keeps the
#: game as finally played.
TAKEN_BACK = ("takeback", "compel")


def read_event_log(path: str | Path) -> Record:
    """The record of the log file at ``path``; :class:`RecordError` if it cannot be read."""
    try:
        log = read_log(Path(path))
    except TablierError as error:
        raise RecordError(str(error)) from None
    try:  # a torn last line may end inside a letter: the raw text keeps it as a replacement mark
        text = Path(path).read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        raise RecordError(f"{path}: cannot read the log ({error.strerror or error})") from None
    return from_event_log(log, text)


def from_event_log(log: EventLog, text: str = "") -> Record:
    """The committed games of ``log`` (``text``: the raw log kept with the record);
    :class:`RecordError` naming the file (and the game and move) if they are not a legal game."""
    try:
        return _committed_games(log, text)
    except TablierError as error:
        said = str(error)
        raise RecordError(said if said.startswith(f"{log.path}:") else f"{log.path}: {said}") from None


def _committed_games(log: EventLog, text: str) -> Record:
    if log.header.family not in (TABLES, DRAUGHTS):
        raise RecordError(f"{log.path}: unknown game family {log.header.family!r}")
    builder = RecordBuilder(log.header, str(log.path), text)
    for entry in log.records[1:]:
        builder.add(entry)
    return builder.record


class RecordBuilder:
    """The record of a log built as its records come, one at a time (:func:`from_event_log` reads a
    whole log through one; a club builds each board's match with one as its records arrive):
    :attr:`record` grows with each :meth:`add`, which reads each commit against the position it
    reached, never replaying what came before."""

    def __init__(self, header: Header, source: str, text: str = "") -> None:
        self.header = header
        self.source = source
        self.record = Record(game=header.game, family=header.family, options=dict(header.options),
                             date=header.started[:10], match_length=header.match_length, source=source,
                             log=text)
        self.record.tags = {"Site": "Tablier board" if header.port != "sim" else "Tablier simulated board"}
        self._game: GameRecord | None = None
        self._state: _State | None = None

    def add(self, entry: LogRecord) -> None:
        """Take the log's next record (switches, messages and the like change nothing);
        :class:`RecordError` naming the game and move when it is not a legal step of the game."""
        header = self.header
        if isinstance(entry, GameStart):
            sides = tuple(entry.sides) if any(entry.sides) else tuple(header.players)
            self._game = GameRecord(players=(str(sides[0]), str(sides[1])), number=entry.number,
                                    score=(int(entry.score[0]), int(entry.score[1])))
            self.record.games.append(self._game)
            self._state = _State(self.record, self._game, entry.position)
            return
        game, state = self._game, self._state
        if game is None or state is None:
            if not isinstance(entry, Commit | CubeAction | Claim | Vie | ResultRecord):
                return
            game = self._game = GameRecord(players=(str(header.players[0]), str(header.players[1])))
            self.record.games.append(game)
            state = self._state = _State(self.record, game, "")
        where = f"{self.source}: game {game.number}"
        if isinstance(entry, Commit):
            state.commit(entry, where)
        elif isinstance(entry, CubeAction) and entry.action in _CUBE:
            game.actions.append(Action(entry.player, _CUBE[entry.action], value=entry.value))
        elif isinstance(entry, Claim):
            if entry.claim in TAKEN_BACK and entry.accepted:
                state.take_back()
            elif entry.claim == "resign":
                game.actions.append(Action(entry.player, RESIGN, note=entry.detail))
            else:
                note = ": ".join(part for part in (entry.claim, entry.detail) if part)
                note += "" if entry.accepted else " (not upheld)"
                game.actions.append(Action(entry.player, CLAIM, note=note))
        elif isinstance(entry, Vie):
            game.actions.append(Action(entry.player, VIE, value=entry.stake, note=entry.action))
        elif isinstance(entry, ResultRecord):
            game.outcome = Outcome(entry.winner, entry.how, entry.points)


class _State:
    """The position of the game being read, to read each commit's notation against."""

    def __init__(self, record: Record, game: GameRecord, start: str) -> None:
        self.record = record
        self.game = game
        self.board: DraughtsBoard | None = None
        self.position: Position | None = None
        self.before: list[Position] = []  # (tables) the position before each commit, for a takeback
        if record.family == DRAUGHTS:
            self.board = draughts_board(record, game)
            if start and start != self.board.fen():
                game.start = start
                self.board = draughts_board(record, game)
        else:
            self.variant = tables_variant(record, game)
            self.position = self.variant.start_position()
            if start:
                given = parse_position(start, frame_of(self.variant))
                if given.boards != self.position.boards:
                    game.start = start
                self.position = given

    def commit(self, entry: Commit, where: str) -> None:
        place = f"{where}, move {entry.ply} ({entry.notation})"
        try:
            if self.board is not None:
                move = self.board.parse_move(entry.notation)
                self.board.push(move)
                self.game.actions.append(Action(entry.player, MOVE, moves=(move.path,)))
                return
            assert self.position is not None
            mover = self.position.with_turn(entry.player)
            text = "" if entry.notation.strip() in ("-", "") else normalised(entry.notation)
            dice, handed, play = self._play(text, mover, tuple(int(die) for die in entry.dice))
            self.before.append(self.position)
            self.position = self.variant.after(mover, play)
            if entry.position:
                logged = parse_position(entry.position, frame_of(self.variant))
                if logged.boards != self.position.boards:
                    raise RecordError(f"the log says the men then stood at {entry.position}")
            moves = tuple((m.src, m.dst, int(m.hit)) for m in play)
            self.game.actions.append(Action(entry.player, PLAY, dice, moves, handed=handed))
        except TablierError as error:
            raise RecordError(f"{place}: {error}") from None

    def take_back(self) -> None:
        """The previous commit is taken back: its action goes, the position is as before it."""
        moves = [n for n, action in enumerate(self.game.actions) if action.kind in (MOVE, PLAY)]
        if not moves:
            return
        del self.game.actions[moves[-1]]
        if self.board is not None:
            self.board.pop()
        elif self.before:
            self.position = self.before.pop()

    def _play(self, text: str, mover: Position, dice: tuple[int, ...]
              ) -> tuple[tuple[int, ...], bool, Play]:
        """The dice played, whether they were handed over, and the play ``text`` names; in a game
        where dice are handed over (Versailles), the numbers left of the throw when the whole throw
        does not fit."""
        candidates = [(dice, False)]
        if self.record.facts.hands_dice_over and len(dice) == 2:
            steps = self.variant.dice_steps(Throw(dice[0], dice[1]))
            candidates += [(handed, True) for count in range(len(steps) - 1, 0, -1)
                           for handed in dict.fromkeys(combinations(steps, count))]
        refusal: TablierError | None = None
        for candidate, handed in candidates:
            try:
                return candidate, handed, match_play(text, self.variant, mover, candidate, handed)
            except TablierError as error:
                refusal = refusal or error
        assert refusal is not None
        raise refusal
