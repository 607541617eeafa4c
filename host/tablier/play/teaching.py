"""The teacher at the table: the engine's best move lit on the board, and warnings before a weak play.

* ``hint``: the engine's best move lit as a guide (draughts: ``lift-here`` on the man to move and
  on the men it takes, ``put-here`` where it lands, each light going out as the board shows it
  done; tables: ``hint`` on the points the best play moves from and to), and why, in words.
* Teaching mode, when a human player ends his turn on a play clearly worse than the engine's best
  (the threshold of the game's engine profile, :mod:`tablier.engines.profiles`): the play is not
  committed yet; the teacher says what it loses, lights the better play the same way and lets him
  change his men and press again, or press again on his own play to keep it (it is then committed as played).

One judge, one answer: the hint and the warning of a turn read the same ranking, the game's engine
at the teacher's level (:func:`~tablier.engines.judge.teacher_level`, the level ``tablier hint``
uses by default), worked out once a turn and said with the advice ("hint (level 2): ...").

A strict game (``--strict``, a rated game) gives no hints and no warnings unless both players allow
them: each types ``N teacher allow`` (a computer's seat allows them); until then ``hint`` answers one
line saying why not.

The engines run on one background thread (:class:`Worker`), so that the board's scan loop never
waits long: a warning waits :data:`JUDGE_WAIT_S` at most for the judge (no warning if it is late),
a hint :data:`HINT_WAIT_S`, then says "thinking..." and lights the move when it comes. GNU
Backgammon's look-ahead runs on the main thread instead (it crashes in any other:
:func:`~tablier.engines.backgammon.needs_main_thread`); a throw's ranking takes it a few hundredths
of a second.

This module holds what the teacher of every game does (:class:`Teacher`, the worker thread);
:mod:`.tables.teacher` and :mod:`.draughts.teacher` what each family's teacher says and lights.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from concurrent.futures import Future
from typing import Any, Protocol, TypeVar

from tablier.board.hint_budget import OFF, Assistance
from tablier.engines.candidates import EngineUnavailableError
from tablier.engines.judge import blunder_threshold
from tablier.engines.levels import Level
from tablier.errors import IllegalMoveError
from tablier.record.eventlog import Advice

from .options import PlayOptions
from .quality_help import QualityHelp

T = TypeVar("T")


class Classroom(Protocol):
    """What a teacher asks of its session (:class:`~tablier.play.session.Session`)."""

    options: PlayOptions

    def say(self, text: str, level: str = "info", prompt: bool = False) -> None:
        """Tell the players."""
        ...

    def is_computer(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is the computer."""
        ...

JUDGE_WAIT_S = 0.5
"""The longest a press waits for the judge's verdict (past it the play is committed unwarned)."""
HINT_WAIT_S = 1.0
"""The longest a hint is waited for before the teacher says "thinking..." and lights it later."""
KEEP_YOURS = "press your button again to keep yours"


ENGINE_SWITCH_INTERVAL_S = 0.001
"""Python's thread switch interval once the engine thread runs (the default is 5 ms): a scan loop
woken from its wait takes the interpreter back from a thinking engine within a millisecond, so a
lift's lights are not held up by a search (``docs/play.md``, *lift-to-light*)."""


class Worker:
    """One background thread doing the engines' work in turn (an engine's tables, the Devil's solver,
    are never used by two threads at once)."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Callable[[], Any], Future[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], T]) -> Future[T]:
        """Queue ``job``; its future holds the result (or the exception it raised)."""
        future: Future[T] = Future()
        self._jobs.put((job, future))
        with self._lock:
            if self._thread is None:
                sys.setswitchinterval(min(sys.getswitchinterval(), ENGINE_SWITCH_INTERVAL_S))
                self._thread = threading.Thread(target=self._run, name="tablier-teacher", daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            job, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except Exception as error:  # handed to whoever waits for the answer
                future.set_exception(error)


WORKER = Worker()
"""The process's one engine thread."""


def verdict_of(future: Future[T], seconds: float) -> T | None:
    """The judge's answer if it comes within ``seconds``, else None (the job goes on). A judge that
    fails gives None too: a warning is advice, and the turn is never stopped for want of it."""
    try:
        return future.result(timeout=seconds)
    except Exception:  # whatever failed, the play is committed unwarned
        return None


def done(job: Callable[[], T]) -> Future[T]:
    """``job`` run now, on this thread, its answer (or the exception it raised) in a future."""
    future: Future[T] = Future()
    try:
        future.set_result(job())
    except Exception as error:  # handed to whoever reads the answer, as the worker's are
        future.set_exception(error)
    return future


TEACHER_ALLOW = "`1 teacher allow` and `2 teacher allow`"
"""How the players of a strict game allow hints and warnings."""


class Teacher:
    """What the tables and draughts teachers share: the turn's ranking (the hint's and the warning's),
    the play shown on the board, the plays warned of in this turn, a hint still being thought about,
    and in a strict game the players who allow help."""

    def __init__(self, session: Classroom, game: str) -> None:
        self.session = session
        self.teaching = True  # the warnings wanted (`teacher off` stops them)
        self.threshold = blunder_threshold(game)
        self.allowed: set[int] = set()  # the players allowing hints and warnings in a strict game
        self.ranked: tuple[Hashable, Future[Any]] | None = None  # the position ranked, its ranking
        self.shown: tuple[object, Any] | None = None  # (the turn, the men's target) lit as a guide
        self.warned: tuple[object, set[Hashable]] = (None, set())  # (the turn, the plays warned of)
        self.pending: tuple[object, Future[Any], Callable[[Any], None]] | None = None
        self.quality: QualityHelp[Any] = QualityHelp(session.options.quality, self.helps)
        """The quality lights: the hint budget, and the bands of a person's turn."""
        self.replayed: deque[Advice] | None = None
        """In a replay (``tablier rebuild``, ``--resume``): the advice its log holds, followed at the
        same turns instead of asking the engine again (a replay then holds back exactly the turns
        the live game held back); None in a live game."""

    # -- a strict game: help only when both players allow it ---------------------------------------

    def helps(self) -> bool:
        """Whether hints and warnings are given: always in a teaching game; in a strict game once
        both players allow them (a computer's seat allows them)."""
        session = self.session
        return session.options.teaching or all(player in self.allowed or session.is_computer(player)
                                                for player in (1, 2))

    def warns(self) -> bool:
        """Whether weak plays are warned of now (help given, the teacher on)."""
        return self.teaching and self.helps()

    def marks_for(self, player: int) -> bool:
        """Whether player ``player``'s (1 or 2) plays get their mark after them: help given (not a
        strict game unless both allow it), his quality help not off (``--quality``), a human's seat,
        not a replay (a replay keeps the marks its log holds)."""
        level = Assistance.parse(self.session.options.quality[player - 1])
        return (self.helps() and level != OFF and not self.session.is_computer(player)
                and self.replayed is None)

    def say(self, line: str) -> None:
        """Say the teacher's ``line`` (a teaching message; in a strict game both allow it: said)."""
        self.session.say(line, "teach" if self.session.options.teaching else "info")

    def refuses_hint(self) -> bool:
        """In a strict game not yet allowed: say why there is no hint (one line) and return True."""
        if self.helps():
            return False
        self.session.say(f"no hint: this is a strict game; hints and warnings need both players' "
                         f"leave ({TEACHER_ALLOW})")
        return True

    def command(self, player: int, argument: str) -> str:
        """``teacher off`` / ``teacher on``: stop or resume the warnings (the built-in players' hands
        say ``teacher off``); ``N teacher allow``: player N allows hints and warnings in a strict
        game; ``teacher``: what the teacher gives. Returns what to tell."""
        word = argument.strip().lower()
        if word not in ("", "on", "off", "allow"):
            raise IllegalMoveError(f"teacher on, teacher off or teacher allow, not {argument!r}")
        if word == "allow":
            return self._allow(player)
        if not self.helps():
            waiting = [self.session.options.players[n - 1] for n in (1, 2)
                       if n not in self.allowed and not self.session.is_computer(n)]
            return (f"strict game: no hints or warnings unless both players allow them ({TEACHER_ALLOW}); "
                    f"not yet allowed by {' and '.join(waiting)}")
        if word:
            self.teaching = word == "on"
        if self.teaching:
            return "the teacher warns of a play clearly worse than the best before it stands (`teacher off`)"
        return "the teacher gives no warnings now (`teacher on` to have them again)"

    def _allow(self, player: int) -> str:
        session = self.session
        if session.options.teaching:
            return "teacher allow: a teaching game gives hints and warnings already"
        if player not in (1, 2):
            raise IllegalMoveError("say which player allows them: `1 teacher allow` or `2 teacher allow`")
        self.allowed.add(player)
        if self.helps():
            return "both players allow them: hints and the teacher's warnings are given in this strict game"
        other = 3 - player
        return (f"{session.options.players[player - 1]} allows hints and warnings; they are given once "
                f"{session.options.players[other - 1]} allows them too (`{other} teacher allow`)")

    # -- the turn's ranking ------------------------------------------------------------------------

    def ranking(self, key: Hashable, job: Callable[[], T], main_thread: bool) -> Future[T]:
        """The ranking of the position ``key`` (worked out once: the hint and the warning of a turn
        read the same one): run now on this thread when ``main_thread`` (GNU Backgammon's look-ahead),
        else on the engine thread."""
        if self.ranked is not None and self.ranked[0] == key:
            return self.ranked[1]
        future = done(job) if main_thread else WORKER.submit(job)
        self.ranked = (key, future)
        return future

    def ranked_already(self, key: Hashable) -> Future[Any] | None:
        """The ranking of the position ``key`` if the hint or the warning asked for it already (a
        mark never asks the engine itself: it reads what the turn's teacher worked out)."""
        return self.ranked[1] if self.ranked is not None and self.ranked[0] == key else None

    def warned_of(self, turn: object, key: Hashable) -> bool:
        """Whether the play ``key`` was warned of in ``turn`` already (a press on it keeps it);
        a new turn forgets the plays warned of before."""
        if self.warned[0] is not turn:
            self.warned = (turn, set())
        return key in self.warned[1]

    def remember(self, turn: object, key: Hashable, target: Any) -> None:
        """The play ``key`` was warned of; ``target`` (the better play's men) is lit."""
        self.warned[1].add(key)
        self.shown = (turn, target)

    def replay(self, advice: Iterable[Advice] = ()) -> None:
        """From now on follow the advice of a log (a replay) instead of asking the engine; ``advice``
        joins what is followed (a log still being written gives more later)."""
        if self.replayed is None:
            self.replayed = deque()
        self.replayed.extend(advice)

    def logged_advice(self, game_number: int, ply: int, played: str) -> Advice | None:
        """In a replay: the log's advice on ``played`` at this turn (taken from the queue), else None."""
        waiting = self.replayed
        while waiting and (waiting[0].game_number, waiting[0].ply) < (game_number, ply):
            waiting.popleft()  # advice of a turn gone by: the replay did not hold it back
        if waiting and (waiting[0].game_number, waiting[0].ply) == (game_number, ply) \
                and waiting[0].played == played:
            return waiting.popleft()
        return None

    def target(self, turn: object) -> Any:
        """The men's target lit for ``turn``, or None."""
        if self.shown is None or self.shown[0] is not turn:
            return None
        return self.shown[1]

    def think(self, turn: object, future: Future[T], show: Callable[[T], None],
              say: Callable[[str], None]) -> None:
        """Show the job's answer now if it comes within :data:`HINT_WAIT_S`, else say "thinking..."
        and show it from :meth:`tick` (unless the turn is over by then)."""
        try:
            result = future.result(timeout=HINT_WAIT_S)
        except TimeoutError:
            say("thinking... (the engine's answer will light on the board)")
            self.pending = (turn, future, show)
            return
        except EngineUnavailableError as error:
            say(f"no hint: {error}")
            return
        show(result)

    def tick(self, turn: object, say: Callable[[str], None]) -> None:
        """Every loop: show a hint that was thought about, once it is there."""
        if self.pending is None or not self.pending[1].done():
            return
        asked, future, show = self.pending
        self.pending = None
        if asked is not turn:
            say("the hint came after the move was made: ask again (`hint`)")
            return
        try:
            show(future.result())
        except EngineUnavailableError as error:
            say(f"no hint: {error}")


def level_words(level: Level) -> str:
    """``judged at level 2``: the level a piece of advice comes from, said with it."""
    return f"judged at level {level.number}"
