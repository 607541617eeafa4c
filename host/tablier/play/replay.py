"""Replaying an event log through the same session code: ``tablier rebuild`` and ``--resume``.

:class:`ReplayLink` stands in for the board: it hands the session the switch changes the log
recorded (and those a reconnection's snapshot implied), in order, each once; the throws the log
recorded are given to the dice in order, and no others (:class:`~tablier.play.dice.LoggedDice`),
so a resumed game goes on with the throw last shown; commands typed at the terminal are said again at the
same point among the switch events. The session then infers every move afresh from the switches,
exactly as it did live: :func:`rebuild` compares its moves with the ones the log committed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tablier.errors import TablierError
from tablier.hardware.layout import Layout, load_layout
from tablier.link.client import Colour, SwitchChange
from tablier.record.eventlog import (
    Advice,
    Claim,
    Command,
    Commit,
    DiceRecord,
    EventLog,
    Header,
    LinkState,
    LogFormatError,
    Message,
    Record,
    SnapshotRecord,
    SwitchEvent,
)
from tablier.record.from_log import TAKEN_BACK
from tablier.record.log_writer import EventLogWriter

from .dice import Dice, LoggedDice
from .link import CONNECTED
from .session import PlayOptions, Session
from .start import make_session

#: What the replay hands the session: a switch change, a typed command, a resumption's snapshot.
Replayed = SwitchChange | Command | SnapshotRecord

#: What replaying a malformed log through the live session may raise: the rules refusing a move
#: the session never let through live, a value out of its range. Reported as a bad line.
REPLAY_FAULTS = (TablierError, LookupError, ValueError, TypeError, ArithmeticError, AssertionError)


class ReplayLink:
    """A link whose board is a log: :meth:`poll` returns the next recorded change; :attr:`at` is
    the index of the log record it came from (for a message naming the line)."""

    def __init__(self, changes: Iterable[tuple[int, Replayed]]) -> None:
        self._items: Iterator[tuple[int, Replayed]] = iter(changes)
        self.state = CONNECTED
        self.closed: set[int] = set()
        self.client = None
        self.layout_hash = ""
        self.firmware_version = ""
        self.on_state: object = None
        self.session: Session | None = None
        self.exhausted = False
        self.at = 0

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]:
        """The next recorded change (saying the typed commands met on the way)."""
        for at, item in self._items:
            self.at = at
            if isinstance(item, Command):
                if self.session is not None:
                    words = " ".join(w for w in (str(item.player or ""), item.word, item.argument) if w)
                    self.session.command_line(words)
                continue
            if isinstance(item, SnapshotRecord):  # the game was resumed here, on the board as it stood
                self.closed = set(item.closed)
                if self.session is not None:
                    self.session.observation = self.session.observer.observe(self.closed)
                    self.session.resume_check()
                continue
            (self.closed.add if item.closed else self.closed.discard)(item.switch)
            return [item]
        self.exhausted = True
        return []

    def settle(self) -> set[int]:
        """The switches closed so far."""
        return set(self.closed)

    def set_leds(self, wishes: Iterable[tuple[int, Colour, int]]) -> None:
        """The replay has no lights."""

    def close(self) -> None:
        """Nothing to close."""


def board_changes(records: Iterable[Record]) -> Iterator[tuple[int, Replayed]]:
    """The switch changes and typed commands of a log, in order, each with the index of its record
    (snapshots turned into the changes they imply against what was known before them; the snapshot
    of a resumption, a connection after the first, as it is: the resumed game checked the board
    it found against the position reached)."""
    known: set[int] = set()
    connected = False
    for index, record in enumerate(records):
        if isinstance(record, SwitchEvent):
            if record.closed != (record.switch in known):
                (known.add if record.closed else known.discard)(record.switch)
                yield index, SwitchChange(record.switch, record.closed, record.time_ms, record.seq)
        elif isinstance(record, SnapshotRecord):
            now = set(record.closed)
            if record.reason == "connect" and connected:
                yield index, record
            else:
                for switch in sorted(now ^ known):
                    yield index, SwitchChange(switch, switch in now, 0, None)
            connected = connected or record.reason == "connect"
            known = now
        elif isinstance(record, Command) and record.word not in ("quit",):
            yield index, record


@dataclass
class Rebuilt:
    """A log replayed: the session at the log's end, the moves it inferred, the moves logged;
    ``unlogged``: what the replay decided past the log's last decision, when the log agrees with the
    replay up to there (a host killed after the switches of a turn's end reached the log, before
    its commit did): ``--resume`` writes it."""

    session: Session
    inferred: list[str]
    logged: list[str] = field(default_factory=list)
    unlogged: list[Record] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        """Whether the re-inferred moves are the ones committed live."""
        return self.inferred == self.logged

    @property
    def agrees_with_unlogged(self) -> bool:
        """Whether the re-inferred moves are the logged ones followed by those of :attr:`unlogged`."""
        extra = [record.notation for record in self.unlogged if isinstance(record, Commit)]
        return self.inferred == self.logged + extra


class CleanLog(EventLogWriter):
    """A log of the game alone: what was decided (throws, moves, words of the table, results),
    without the switches, the link or the messages."""

    NOISE = (SwitchEvent, SnapshotRecord, LinkState, Message, Command)

    def write(self, record: Record) -> Record:
        if isinstance(record, self.NOISE):
            return record
        return super().write(record)


class Decisions(EventLogWriter):
    """The decisions a replayed session writes (throws, commits, results, the words of the table),
    kept in memory in order; every record also goes on to ``clean`` when given. No file of its own."""

    def __init__(self, clean: CleanLog | None = None) -> None:
        self.records: list[Record] = []
        self.clean = clean
        self.mended = ""

    def write(self, record: Record) -> Record:
        if is_decision(record):
            self.records.append(record)
        return self.clean.write(record) if self.clean is not None else record

    def sync(self) -> None:
        if self.clean is not None:
            self.clean.sync()

    def close(self) -> None:
        if self.clean is not None:
            self.clean.close()


def is_decision(record: Record) -> bool:
    """Whether ``record`` is something decided at the table (what a log syncs at once), not its header."""
    return isinstance(record, EventLogWriter.DURABLE) and not isinstance(record, Header)


def unlogged_decisions(log: EventLog, decided: list[Record]) -> list[Record]:
    """What the replay ``decided`` past the log's own decisions, when it agrees with all of them
    (times and the teacher's marks aside: a mark judges a play, the replay judges nothing); nothing
    when the log has no such tail or disagrees."""
    logged = [record for record in log.records if is_decision(record)]
    if len(decided) <= len(logged):
        return []
    for mine, theirs in zip(decided, logged, strict=False):
        if _as_logged(mine) != _as_logged(theirs):
            return []
    return decided[len(logged):]


def _as_logged(record: Record) -> object:
    """``record`` as its log line reads back, its time and its mark aside."""
    data = {**record.to_json(), "t": 0}
    data.pop("mark", None)
    return json.loads(json.dumps(data))


def replay_session(header: Header, link: object, layout: Layout, dice: Dice) -> Session:
    """A session of the game of a log's ``header``, fed by ``link`` (a :class:`ReplayLink`, or
    ``tablier watch``'s follower): it follows the log's order, not its timing (a flip of the face
    counts at once, no guidance), and its teacher follows the advice logged (fed to
    ``session.teacher.replayed``) instead of asking the engine."""
    names = header.players
    options = PlayOptions(players=(names[0], names[1]) if len(names) == 2 else ("player 1", "player 2"),
                          match_length=header.match_length, options=dict(header.options),
                          games=header.games, position=header.position, teaching=header.teaching,
                          touch_down=header.touch_down, remote=dict(header.remote),
                          clock=header.clock or ("checker-laws" if header.timing else ""),
                          overtime=header.overtime,
                          grace_s=float("inf"))  # no guidance while replaying: only commits matter
    session = make_session(header.game, link, layout, dice, None, options)  # type: ignore[arg-type]
    session.face.stable_s = 0.0
    session.teacher.replay()
    return session


def rebuild(log: EventLog, layout: Layout | None = None, out: Path | None = None) -> Rebuilt:
    """Replay ``log``'s switch events through a fresh session of its game; ``out``: also write the
    clean game (:class:`CleanLog`) there."""
    header = log.header
    layout = layout or load_layout()
    dice = LoggedDice(((tuple(r.dice), r.source) for r in log.of(DiceRecord)), header.seed)
    link = ReplayLink(board_changes(log.records))
    try:
        session = replay_session(header, link, layout, dice)
    except (TablierError, KeyError, ValueError) as error:
        raise LogFormatError(f"{log.where(0)}: the header's game cannot be played: "
                             f"{error.args[0] if error.args else error}") from None
    clean = None
    if out is not None:
        clean = CleanLog(out)
        clean.write(header)
    decisions = Decisions(clean)
    session.log = decisions
    session.teacher.replay(log.of(Advice))  # the turns held back live, held back again
    link.session = session
    try:
        session.start()
        session.started = True
        while not link.exhausted and not session.finished:
            session.tick(wait=0.0)
    except REPLAY_FAULTS as error:  # a log no live game could have written: say where, no traceback
        if clean is not None and out is not None:
            clean.close()
            out.unlink(missing_ok=True)
        raise LogFormatError(f"{log.where(link.at)}: the game cannot be replayed from here "
                             f"({error.args[0] if error.args else type(error).__name__})") from None
    decisions.close()
    return Rebuilt(session, list(session.committed), finally_played(log),
                   unlogged_decisions(log, decisions.records))


def finally_played(log: EventLog) -> list[str]:
    """The notation of the log's commits, without those a later claim took back."""
    return [commit.notation for commit in final_commits(log)]


def final_commits(log: EventLog) -> list[Commit]:
    """The log's commits, without those a later claim took back."""
    played: list[Commit] = []
    for record in log.records:
        if isinstance(record, Commit):
            played.append(record)
        elif isinstance(record, Claim) and record.claim in TAKEN_BACK and record.accepted and played:
            played.pop()
    return played
