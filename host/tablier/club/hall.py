"""The club's hall: every board of the club followed at once, its matches transcribed and archived.

:class:`ClubHall` subscribes to every board's topics (:mod:`.messages`) with a persistent session on
the broker (what the boards publish while the hall is down waits there for it) and takes what
arrives in its own loop (:meth:`ClubHall.step`): each message is checked (signature, shape, every
field), a message older than the last one taken from its board and kind is dropped, a refused one
is told in one line and changes nothing. What it keeps of each board (:class:`BoardView`): the
scene its screen shows, whether it is online (away, then back), its match's record as it stands,
replayed and settled as every record the archive takes is. A match that is over goes into the club's
archive (SQLite or PostgreSQL): the archive's digest stores a record once, however often it comes
(QoS 1 may deliver it twice; a board that reconnects publishes it again). The live transcript of a
Backgammon match (:meth:`ClubHall.transcript`) is GNU Backgammon's ``.mat``, which eXtreme Gammon
imports too, with the header tags both read (the players, the event, the site, the date).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablier.record.from_log import RecordBuilder
from tablier.remote.messages import MAX_NAME
from tablier.remote.refusals import Refusals
from tablier.remote.transport import MqttWire, stamp_now

from .messages import HAVE, ClubMessage, MessageError, check, make, topic, topics

if TYPE_CHECKING:
    from tablier.board.scene import Scene
    from tablier.record.archive import Archive
    from tablier.record.game_record import Record
    from tablier.remote.broker import Club
    from tablier.web.club_page import ClubServer

#: The hall's own presence on the broker (its persistent session needs one; nobody reads it).
HALL = "hall"
#: How often the club's page is sent the grid at most (each board's own page gets every scene).
GRID_EVERY_S = 0.25
#: How soon the hall tells a board again that it lacks records from one number on.
ASK_S = 1.0
#: The longest the loop takes messages before it sends the page the grid (the rest wait).
STEP_S = 0.2
#: How long the loop sleeps when nothing arrived.
IDLE_S = 0.02
#: How long a finished match that the archive could not take waits before it is stored again.
RETRY_S = 5.0
#: The most boards the page follows at once unless told (``club serve --max-boards``): a member
#: holding the club's code could invent any number of names, and each board costs the page its
#: scene, its picture and its match.
MAX_BOARDS = 100
#: How long a board that left (its match over, its host gone) stays on the page, in seconds; a
#: board that says nothing of its host is forgotten as soon.
LEFT_SHOWN_S = 15 * 60.0
#: How long a board that is away (its host stopped mid-match) stays on the page without a word.
AWAY_SHOWN_S = 12 * 3600.0
#: The refusals of a burst told in full on ``club serve``'s terminal (the rest are counted).
REFUSALS_TOLD = 10
#: How often the hall looks for boards to forget.
SWEEP_EVERY_S = 1.0


@dataclass
class BoardView:
    """What the hall knows of one board."""

    name: str
    scene: Scene | None = None
    online: bool | None = None
    record: Record | None = None  # its match as built so far (the builder's, growing)
    over: bool = False
    stored: int | None = None  # the archive's id of its match, once over and stored
    version: int = 0  # counts the pictures taken (the page fetches the picture again when it changes)
    stamps: dict[str, int] = field(default_factory=dict)
    heard: float = 0.0  # the time (Unix) of its latest message: its stamp, never later than it came
    game: str = ""  # board to board: the game's public id, which the other board of the game shares
    match: str = ""  # the id of the match being built
    have: int = 0  # how many of its records the hall holds (the next one's number)
    builder: RecordBuilder | None = None
    lines: list[str] = field(default_factory=list)  # its match's records held, as its log's lines
    broken: str = ""  # a match refused (an illegal record): nothing more of it is taken
    asked: tuple[int, float] = (-1, 0.0)  # the last 'have' sent the board, and when
    _drawn: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # what was drawn or settled, of what

    def shown_until(self) -> float:
        """Until when the page shows the board: while its host is online, then for a while."""
        if self.online:
            return float("inf")
        return self.heard + (AWAY_SHOWN_S if self.online is False and not self.over else LEFT_SHOWN_S)

    @property
    def page(self) -> dict[str, Any]:
        """The board's live page's state (drawn when a page asks for it, once a scene)."""
        from tablier.web.live import page_state

        page: dict[str, Any] = self._drawing("page", page_state, {}, every_scene=True)
        return page

    @property
    def svg(self) -> str:
        """The board's picture, SVG ('' before any scene; drawn when a page asks for it, once a scene)."""
        from tablier.web.live import scene_svg

        svg: str = self._drawing("svg", scene_svg, "")
        return svg

    def _drawing(self, what: str, draw: Callable[[Scene], Any], empty: Any, every_scene: bool = False) -> Any:
        version, scene = self.version, self.scene  # a scene taken between the two is drawn next time
        if scene is None:
            return empty
        drawn = self._drawn.get(what)
        if drawn is None or (drawn[0] is not scene if every_scene else drawn[0] != version):
            drawn = self._drawn[what] = (scene if every_scene else version, draw(scene))
        return drawn[1]

    def summary(self) -> dict[str, Any]:
        """The board's tile on the club's page."""
        scene = self.scene
        data: dict[str, Any] = {"board": self.name, "online": self.online, "version": self.version,
                                "stored": self.stored, "transcript": self.transcribable()}
        if scene is not None:
            turn = scene.players[scene.turn - 1] if scene.turn else ""
            data.update(title=scene.title, game=scene.game_number, players=list(scene.players),
                        colours=list(scene.colours), score=list(scene.score), match=scene.match_length,
                        turn=turn, dice=list(scene.dice), over=scene.over, moves=len(scene.moves))
            if scene.clocks[0]:  # the match clock: both faces, whose runs (1, 2; 0 none), time short
                data.update(clocks=list(scene.clocks), clock_runs=scene.clock_runs,
                            clock_short=scene.clock_short)
        return data

    def transcribable(self) -> bool:
        """Whether its match can be read as ``.mat`` (Backgammon, from the usual start)."""
        from tablier.record.mat_writer import why_not_mat

        record = self.record
        if record is None or "mat" not in record.facts.formats:
            return False
        held = (self.match, self.have)
        known = self._drawn.get("mat")
        if known is None or known[0] != held:
            known = self._drawn["mat"] = (held, not why_not_mat(record))
        return bool(known[1])

    def settled(self) -> Record:
        """Its match as the archive keeps it (settled once for the records held: each was read
        against the legal plays as it came, so nothing is judged again)."""
        from tablier.record.settling import settle

        assert self.record is not None
        held = (self.match, self.have)
        known = self._drawn.get("settled")
        if known is None or known[0] != held:  # with its log: the exports read the clock's times there
            alone = self.builder is None or not self.builder.header.remote  # board to board: two logs
            record = replace(self.record, log="".join(self.lines) if alone else "")  # of one record
            known = self._drawn["settled"] = (held, settle(record, trusted=True).record)
        settled: Record = known[1]
        return settled


class ClubHall:
    """Follows the club's boards through the broker; stores their finished matches in ``archive``
    (None: stores nothing; ``board``: follows that board's match only, as ``club transcript`` does,
    without a session of its own on the broker)."""

    def __init__(self, club: Club, key: bytes, archive: Archive | None,
                 told: Callable[[str], None] = print, board: str = "", max_boards: int = MAX_BOARDS) -> None:
        self.club = club
        self.max_boards = max_boards
        self.key = key
        self.archive = archive
        self.told = told
        self.boards: dict[str, BoardView] = {}
        self.refused = 0
        self.stored = 0
        self.unstored: dict[str, float] = {}  # boards whose finished match waits for the archive
        self.refusals = Refusals(told, first=REFUSALS_TOLD)
        self.news = Refusals(told if not board else lambda line: None,  # one board's transcript: no news
                             more=lambda count: f"{count} more boards came or went",
                             first=max_boards)  # each board that comes or goes, unless a flood
        self._swept = 0.0
        self._waiting: list[tuple[str, bytes]] = []  # what arrived and was not taken yet
        self.forgotten: list[str] = []  # boards forgotten since the page was last told
        self.ratings: list[dict[str, Any]] = []  # the rating lists' leaders, as the page shows them
        if board:
            import secrets

            self.wire = MqttWire(club.broker, club.login, f"tablier-club-{club.name}-{secrets.token_hex(4)}",
                                 [topic(club.name, board, "match")], None)
        else:
            self.wire = MqttWire(club.broker, club.login, f"tablier-club-{club.name}-{HALL}",
                                 [topics(club.name)], self._presence)

    def _presence(self, online: bool, stamp: int) -> tuple[str, bytes]:
        return f"tablier/{self.club.name}/{HALL}", json.dumps({"online": online, "stamp": stamp}).encode()

    def start(self) -> ClubHall:
        """Connect to the broker (:class:`~tablier.remote.broker.BrokerUnreachable` if it cannot)."""
        self.wire.start()
        self.rate()
        return self

    def rate(self) -> None:
        """Recompute the rating lists from the archive alone (at start, and once a match is stored)."""
        from tablier.record.archive import ArchiveError
        from tablier.tournament.ratings import archive_ratings, leaders

        if self.archive is None:
            return
        try:
            self.ratings = leaders(archive_ratings(self.archive))
        except ArchiveError as error:
            self.told(f"the ratings are not recomputed now ({error})")

    def close(self) -> None:
        """Stop following the club; the refusals counted and not yet told are told now."""
        self.refusals.flush()
        self.news.flush()
        self.wire.close()

    def step(self) -> set[str]:
        """Take what arrived; the names of the boards that changed."""
        for change, detail in self.wire.changes():
            if change == "disconnected":
                self.told(f"the broker's link dropped ({detail}): reconnecting (nothing is lost)")
            elif change == "reconnected":
                self.told(f"the broker is back ({detail})")
        changed: set[str] = set()
        for board, when in list(self.unstored.items()):
            if time.monotonic() >= when:
                self.store(self.boards[board])
                if board not in self.unstored:
                    changed.add(board)
        changed |= self._take_for(STEP_S)
        now = time.monotonic()
        if now - self._swept >= SWEEP_EVERY_S:
            self._swept = now
            self.sweep()
        self.refusals.due(now)
        self.news.due(now)
        return changed & set(self.boards)

    def _take_for(self, seconds: float) -> set[str]:
        """Take what arrived, for ``seconds`` at most (the rest waits for the next step: the page is
        sent the grid between); of a board's scenes waiting together only the latest is taken (by
        their stamps: a replayed older scene arriving last is not). The names of the boards that
        changed."""
        waiting = self._waiting + self.wire.received()
        chosen, checked = self._latest_scenes(waiting)
        changed: set[str] = set()
        deadline = time.monotonic() + seconds
        for n, (where, payload) in enumerate(waiting):
            if time.monotonic() > deadline:
                self._waiting = [item for m, item in enumerate(waiting[n:], n) if chosen.get(item[0], m) == m]
                return changed
            if not payload or chosen.get(where, n) != n:
                continue  # a retained message cleared; a scene the latest of its board replaces
            board = self.take(where, payload, checked.get(n))
            if board:
                changed.add(board)
        self._waiting = []
        return changed

    def _latest_scenes(self, waiting: list[tuple[str, bytes]]
                       ) -> tuple[dict[str, int], dict[int, ClubMessage]]:
        """For each board with scenes waiting, the index of the one to take: the only one, or of
        several the latest by stamp among those that read (the others are never drawn); and the
        messages already read for it, by index, so that none is read twice."""
        places: dict[str, list[int]] = {}
        for n, (where, payload) in enumerate(waiting):
            if where.endswith("/state") and payload:
                places.setdefault(where, []).append(n)
        chosen: dict[str, int] = {}
        checked: dict[int, ClubMessage] = {}
        for where, indices in places.items():
            if len(indices) == 1:
                chosen[where] = indices[0]
                continue
            read: dict[int, ClubMessage] = {}
            for n in indices:
                try:
                    read[n] = check(self.key, self.club.name, where, waiting[n][1])
                except MessageError:
                    continue
            chosen[where] = max(read, key=lambda n: (_rank(read[n]), n)) if read else indices[-1]
            if read:
                checked[chosen[where]] = read[chosen[where]]
        return chosen, checked

    def sweep(self, now: float | None = None) -> list[str]:
        """Forget the boards the page no longer shows (left or away long enough, or beyond
        :attr:`max_boards`: those heard from least recently, online ones last); their names."""
        now = time.time() if now is None else now
        gone = [name for name, view in self.boards.items() if now > view.shown_until()]
        self.forgotten.extend(gone)
        for name in gone:
            view = self.boards.pop(name)
            self.unstored.pop(name, None)
            self.news.add(f"board {name} is off the page ({'it left' if view.over else 'not heard from'} "
                          f"{(now - view.heard) / 60:.0f} min ago)")
        extra = len(self.boards) - self.max_boards
        if extra > 0:
            for view in sorted(self.boards.values(), key=lambda v: (v.online is True, v.heard))[:extra]:
                del self.boards[view.name]
                self.unstored.pop(view.name, None)
                gone.append(view.name)
                self.forgotten.append(view.name)
                self.news.add(f"board {view.name} is off the page: it follows at most {self.max_boards} "
                              "boards, and this one was heard from least recently")
        return gone

    def take(self, where: str, payload: bytes, checked: ClubMessage | None = None) -> str:
        """Take one message published on ``where`` (``checked``: the message, if already read from
        ``payload``): its board's name if it changed something."""
        from tablier.errors import TablierError

        try:
            message = checked or check(self.key, self.club.name, where, payload)
            view = self.boards.get(message.board) or BoardView(message.board)
            rank = _rank(message)
            if rank <= view.stamps.get(message.kind, -1) and not _same_match(view, message):
                return ""  # a copy, or older than what the page shows (a match's own records: numbered)
            self._apply(view, message)
        except (MessageError, TablierError) as error:
            self.refused += 1
            self.refusals.add(f"a message refused ({where}): {error}")
            return ""
        view.stamps[message.kind] = max(rank, view.stamps.get(message.kind, -1))
        view.heard = max(view.heard, min(message.stamp / 1e6, time.time()))
        if message.board not in self.boards:
            self.boards[message.board] = view
            self.news.add(f"board {view.name} is on the page{_first_words(view)}")
            if len(self.boards) > self.max_boards or time.time() > view.shown_until():
                self.sweep()
        return message.board if message.board in self.boards else ""

    def _apply(self, view: BoardView, message: ClubMessage) -> None:
        if message.kind == "presence":
            online = bool(message.body["online"])
            if view.online and not online:
                self.news.add(f"board {view.name} has left (its match is over)" if view.over else
                              f"board {view.name} is away (its host stopped or its link dropped; its games "
                              "go on when it is back)")
            elif view.online is False and online:
                self.news.add(f"board {view.name} is back")
            view.online = online
            if online and view.match and not view.over:
                self.ask(view, force=True)  # back: what it published while away may not all be here
        elif message.kind == "state":
            scene = message.scene
            assert scene is not None
            view.game = str(message.body.get("game", ""))
            if view.scene is None or not _clocks_only(view.scene, scene):
                view.version += 1  # a clock's tick alone leaves the picture as it was
            view.scene = scene
            if view.online is None:
                view.online = True
        else:
            self._match(view, message)

    def _match(self, view: BoardView, message: ClubMessage) -> None:
        """Records of a board's match: each new one read against the position it reaches (an illegal one
        is refused, and the match with it); a gap asks the board for what is missing; a repeat changes
        nothing; the match is stored once over."""
        from tablier.errors import TablierError
        from tablier.record.eventlog import Header, decode

        body = message.body
        match, first, records = str(body["id"]), int(body["from"]), list(body["records"])
        if match == view.broken:
            return
        if match != view.match:
            if first > 0:  # the end of a match whose start is not here: asked for
                view.match, view.have, view.builder, view.record, view.over = match, 0, None, None, False
                view.stored, view.lines = None, []
                self.ask(view)
                return
            view.match, view.have, view.builder, view.record, view.over = match, 0, None, None, False
            view.stored, view.lines = None, []
        if first > view.have:
            self.ask(view)
            return
        source = f"club {self.club.name}, board {view.name}"
        for number, data in enumerate(records[view.have - first:], view.have):
            try:
                entry = decode(data)
                if (number == 0) != isinstance(entry, Header):
                    raise MessageError(f"record {number} is {'not ' * (number == 0)}a header")
                if isinstance(entry, Header):
                    view.builder = RecordBuilder(entry, source)
                    _known_game(view, entry)
                else:
                    assert view.builder is not None
                    view.builder.add(entry)
                    games = view.builder.record.games
                    if games and not all(0 < len(name) <= MAX_NAME for name in games[-1].players):
                        raise MessageError(f"a player's name is not 1 to {MAX_NAME} characters")
            except (MessageError, TablierError) as error:
                view.broken = match
                raise MessageError(f"match of board {view.name}: {error}") from None
            view.have = number + 1
            view.record = view.builder.record
            view.lines.append(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n")
        if first + len(records) >= view.have and view.have:
            view.over = bool(body["over"])
        if view.over and view.stored is None:
            self.store(view)

    def ask(self, view: BoardView, force: bool = False) -> None:
        """Tell the board how many records of its match the hall holds (retained: a board away gets it
        when back), so that it sends the rest again; not twice from one number within :data:`ASK_S`."""
        now = time.monotonic()
        if not force and view.asked[0] == view.have and now - view.asked[1] < ASK_S:
            return
        view.asked = (view.have, now)
        payload = make(self.key, self.club.name, view.name, HAVE, stamp_now(),
                       {"id": view.match, "have": view.have})
        self.wire.publish(topic(self.club.name, view.name, HAVE), payload, retain=True)

    def store(self, view: BoardView) -> None:
        """Put ``view``'s finished match into the archive (once: the archive knows its digest); an
        archive that cannot take it now (its server unreachable, its disk full) is told, and the next
        :meth:`step` tries again."""
        from tablier.record.archive import ArchiveError

        if self.archive is None or view.record is None:
            return
        try:
            record_id, new = self.archive.add_all([view.settled()])[0]
        except ArchiveError as error:
            if view.name not in self.unstored:
                self.told(f"board {view.name}: its match is not stored yet ({error}); trying again")
            self.unstored[view.name] = time.monotonic() + RETRY_S
            return
        self.unstored.pop(view.name, None)
        view.stored = record_id
        self.ask(view, force=True)  # the board (and the broker) know the club holds it all
        if new:
            self.stored += 1
            self.told(f"board {view.name}: {' - '.join(view.record.players)}, {view.record.game}, stored as "
                      f"record {record_id} in {self.archive.where}")
            self.rate()

    def transcript(self, board: str) -> str:
        """The live ``.mat`` of ``board``'s match as it stands; :class:`LookupError` saying why there
        is none (no such board, no match yet, a game the format cannot hold)."""
        from tablier.record.game_record import RecordError
        from tablier.record.mat_writer import write_mat

        view = self.boards.get(board)
        if view is None:
            raise LookupError(f"no board {board!r} in club {self.club.name}")
        if view.record is None:
            raise LookupError(f"board {board} has no match yet")
        try:
            return write_mat(view.settled(), site=f"Tablier, club {self.club.name}, board {board}",
                             event=f"club {self.club.name}", transcribed="final" if view.over else "live")
        except RecordError as error:
            raise LookupError(f"board {board}: {error}") from None

    def grid(self) -> dict[str, Any]:
        """What the club's page shows: every board's tile, by name."""
        tiles = [self.boards[name].summary() for name in sorted(self.boards)]
        games: dict[str, list[str]] = {}
        for name in sorted(self.boards):
            if self.boards[name].game:
                games.setdefault(self.boards[name].game, []).append(name)
        for tile in tiles:  # the two boards of one board-to-board game: each names the other
            pair = games.get(self.boards[tile["board"]].game, [])
            if len(pair) == 2:
                tile["partner"] = pair[1] if pair[0] == tile["board"] else pair[0]
        return {"club": self.club.name, "boards": tiles, "ratings": self.ratings, "stamp": stamp_now()}


def _first_words(view: BoardView) -> str:
    """What a board that comes on the page shows first: its game and players, or that it is online."""
    if view.scene is not None:
        return f": {view.scene.title}, {' - '.join(view.scene.players)}"
    if view.record is not None:
        return f": {view.record.game}, {' - '.join(view.record.players)}"
    return " (online)" if view.online else " (away)" if view.online is False else ""


def _clocks_only(before: Scene, after: Scene) -> bool:
    """Whether ``after`` differs from ``before`` in its clocks only (the picture does not show them)."""
    return before == replace(after, clocks=before.clocks, clock_runs=before.clock_runs,
                             clock_short=before.clock_short)


def _same_match(view: BoardView, message: ClubMessage) -> bool:
    """Whether ``message`` carries records of the match the hall builds for its board (numbered: their
    order is theirs, whatever the stamps; another match's must be newer than the last taken)."""
    return message.kind == "match" and message.body["id"] == view.match


def _known_game(view: BoardView, header: Any) -> None:
    """A match's header names a game of ours, of its own family (:class:`MessageError` if not)."""
    from tablier.games import find_game

    try:
        family = find_game(header.game).family
    except KeyError as error:
        raise MessageError(str(error.args[0])) from None
    if header.family != family:
        raise MessageError(f"a match of {header.game} is not of the {header.family} family")


def _rank(message: ClubMessage) -> int:
    """What orders a board's messages of one kind: their stamps; a connection's last will (offline)
    carries the stamp of its hello (online), and comes after it."""
    return message.stamp * 2 + (message.kind == "presence" and not message.body["online"])


def follow(hall: ClubHall, server: ClubServer, transcripts: Path | None = None,
           until: Callable[[], bool] = lambda: False) -> None:
    """Follow the club (until ``until()`` or Ctrl-C): each board's page is sent every scene of it,
    the grid at most every :data:`GRID_EVERY_S`; with ``transcripts``, each changed board's live
    ``.mat`` is written there."""
    sent = 0.0
    waiting = True  # the page's first grid at once: a club with no board yet shows it, and its ratings
    while not until():
        changed = hall.step()
        for board in hall.forgotten:
            server.forget_board(board)
            waiting = True
        hall.forgotten.clear()
        for board in changed:
            server.show_board(board)
        if transcripts is not None and changed:
            write_transcripts(hall, transcripts, changed)
        waiting = waiting or bool(changed)
        now = time.monotonic()
        if waiting and now - sent >= GRID_EVERY_S:
            server.publish(hall.grid())
            sent, waiting = now, False
        if not changed:
            time.sleep(IDLE_S)


def read_transcript(club: Club, key: bytes, board: str, out: Path | None, keep: bool, wait_s: float,
                    told: Callable[[str], None] = print) -> int:
    """``tablier club transcript BOARD``: the board's match as ``.mat`` on stdout or in ``out`` (with
    ``keep``, rewritten at each change until the match is over); the exit status."""
    import sys

    hall = ClubHall(club, key, None, told=lambda line: print(line, file=sys.stderr), board=board).start()
    written = ""
    try:
        deadline = time.monotonic() + wait_s
        while True:
            hall.step()
            view = hall.boards.get(board)
            if view is not None and view.record is not None:
                try:
                    text = hall.transcript(board)
                except LookupError as error:
                    print(f"tablier club: {error.args[0]}", file=sys.stderr)
                    return 2
                if out is None:
                    sys.stdout.write(text)
                    return 0
                if text != written:
                    write_transcripts(hall, out.parent, {board}, out.name)
                    written = text
                    told(f"{out}: {_progress(view)}")
                if not keep or view.over:
                    return 0
            elif time.monotonic() > deadline:
                print(f"tablier club: board {board} has published no match in club {club.name} "
                      f"(waited {wait_s:g} s)", file=sys.stderr)
                return 2
            time.sleep(0.05)
    finally:
        hall.close()


def _progress(view: BoardView) -> str:
    record = view.record
    assert record is not None
    games = len(record.games)
    return (f"{' - '.join(record.players)}, {games} game{'s' * (games != 1)}"
            + (", the match is over" if view.over else ", live"))


def write_transcripts(hall: ClubHall, folder: Path, boards: set[str], name: str = "") -> None:
    """Write each of ``boards``' live ``.mat`` into ``folder`` (``BOARD.mat``, replaced whole, never
    left half-written), for a director who reads files rather than the page."""
    folder.mkdir(parents=True, exist_ok=True)
    for board in boards:
        try:
            text = hall.transcript(board)
        except LookupError:
            continue
        final = folder / (name or f"{board}.mat")
        temporary = folder / f".{final.name}.tmp"
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(final)
