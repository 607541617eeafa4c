"""The teacher at the table: the engine's best move lit on the board, and warnings before a weak play.

* ``hint``: the engine's best move lit as a guide (draughts: ``lift-here`` on the man to move and
  on the men it takes, ``put-here`` where it lands, each light going out as the board shows it
  done; tables: ``hint`` on the points the best play moves from and to), and why, in words.
* Teaching mode, when a human player ends his turn on a play clearly worse than the engine's best
  (:data:`~tablier.engines.judge.TEACHING`): the play is not committed yet; the teacher
  says what it loses, lights the better play the same way and lets him change his men and press
  again, or press again on his own play to keep it (it is then committed as played).

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
"""

from __future__ import annotations

import queue
import sys
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

from tablier.board.leds import LIFT_HERE, PUT_HERE, LedPlan
from tablier.board.observation import TABLES_PLACES, could_show, visible
from tablier.draughts.core import Board, Move
from tablier.engines import draughts_engine, tables_engine
from tablier.engines.candidates import Candidate, EngineUnavailableError
from tablier.engines.draughts_search import MAN, MATE
from tablier.engines.explain import aim_words
from tablier.engines.judge import Verdict, blunder_threshold, judge, teacher_level
from tablier.engines.levels import Level
from tablier.engines.tables_terms import terms, weights_for
from tablier.errors import IllegalMoveError
from tablier.record.eventlog import Advice
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.position import Position
from tablier.tables.turn import PLAY
from tablier.tables.variant import Variant

if TYPE_CHECKING:
    from tablier.board.draughts_inference import DraughtsCandidate
    from tablier.board.tables_inference import Candidate as TablesCandidate

    from .draughts_session import DraughtsSession
    from .session import Session
    from .tables_session import TablesSession

T = TypeVar("T")

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

    def __init__(self, session: Session, game: str) -> None:
        self.session = session
        self.teaching = True  # the warnings wanted (`teacher off` stops them)
        self.threshold = blunder_threshold(game)
        self.allowed: set[int] = set()  # the players allowing hints and warnings in a strict game
        self.ranked: tuple[Hashable, Future[Any]] | None = None  # the position ranked, its ranking
        self.shown: tuple[object, Any] | None = None  # (the turn, the men's target) lit as a guide
        self.warned: tuple[object, set[Hashable]] = (None, set())  # (the turn, the plays warned of)
        self.pending: tuple[object, Future[Any], Callable[[Any], None]] | None = None
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


# -- tables ------------------------------------------------------------------------------------------

def contrast(variant: Variant, side: int, mine: Position, better: Position, best: str) -> list[str]:
    """``yours leaves 2 men he can hit (20 of his 36 throws hit), 13/7 8/7 leaves no man he can hit``:
    the one or two aims of the game where the better play gains most (by the evaluation's terms for
    ``side`` after each play: ``mine`` and ``better``), said of each."""
    weights = weights_for(variant)
    ours, theirs = terms(variant, mine, side), terms(variant, better, side)
    gains = sorted(((abs(weights.get(name, 0.0)) * abs(theirs.get(name, 0.0) - ours.get(name, 0.0)), name)
                    for name in set(ours) | set(theirs)
                    if weights.get(name, 0.0) * (theirs.get(name, 0.0) - ours.get(name, 0.0)) > 0),
                   reverse=True)
    return [f"yours {_aim(variant, name, ours.get(name, 0.0), mine, side)}, {best} "
            f"{_aim(variant, name, theirs.get(name, 0.0), better, side)}" for _, name in gains[:2]]


_NONE = {"blocks": "holds no point in his way",
         "prime": "builds no wall", "bar": "puts none of his men on the bar", "race": "keeps the race level",
         "off": "bears off no more than he does", "postillon": "leaves the leading man where he is",
         "pins": "pins as many of his men as he pins of yours", "mother": "leaves both mothers alone",
         "left": "leaves the men left even"}


def _aim(variant: Variant, name: str, value: float, after: Position, side: int) -> str:
    if name == "prime" and value == 1:
        return "builds no wall (two points or more in a row)"
    if not value and name in _NONE:
        return _NONE[name]
    return aim_words(variant, name, value, after, side)


def level_words(level: Level) -> str:
    """``judged at level 2``: the level a piece of advice comes from, said with it."""
    return f"judged at level {level.number}"


def tables_warning(variant: Variant, position: Position, verdict: Verdict[Play], level: Level) -> list[str]:
    """The warning's words, one short line each: what the play made loses against the best (and at
    which level), why (at most two reasons), what to do."""
    played, best = format_play(verdict.played.move) or "-", format_play(verdict.best.move) or "-"
    reasons = []
    if "win" in verdict.best.terms:  # GNU Backgammon's numbers
        loss = verdict.loss
        amount = f"{loss:.1f}" if loss >= 0.2 else f"{loss:.2f}"
        head = (f"That play ({played}) loses about {amount} of a point a game against {best} "
                f"({level_words(level)}).")
        reasons.append(f"you win {verdict.played.terms['win'] * 100:.0f}% of games after yours, "
                       f"{verdict.best.terms['win'] * 100:.0f}% after {best}")
    else:
        head = (f"That play ({played}) is clearly weaker than {best} (by {verdict.loss:g} on the engine's "
                f"scale, where a pip of the race counts 1; {level_words(level)}).")
    reasons += contrast(variant, position.turn, variant.after(position, verdict.played.move),
                        variant.after(position, verdict.best.move), best)
    return [head, *(f"Why: {reason}." for reason in reasons[:2]),
            f"Play {best} as the lights show, or {KEEP_YOURS} ({played})."]


class TablesTeacher(Teacher):
    """The teacher of a tables session: the hint, and warnings before a weak play is committed."""

    def __init__(self, session: TablesSession) -> None:
        super().__init__(session, session.variant.name)
        self.session: TablesSession = session
        self.unavailable: set[str] = set()  # the games whose engine is missing (gnubg), told once

    def announce(self) -> None:
        """At the start (and each game of Tavli's): in teaching mode, say once if no engine can
        judge the plays of this game."""
        name = self.session.variant.name
        if name in self.unavailable or self.replayed is not None:  # a replay follows the log's advice
            return
        try:
            tables_engine(self.session.variant)
        except EngineUnavailableError as error:
            self.unavailable.add(name)
            self.session.say(f"no warnings of weak plays in this game: {error}", "teach")

    def turn_ranking(self) -> tuple[Level, Future[Any]]:
        """The teacher's level and the ranking of the throw being played at it (every legal play,
        best first), once a turn."""
        session = self.session
        variant, inference, dice = session.variant, session.inference, session.flow.dice
        assert inference is not None and dice is not None
        start = inference.start
        level = teacher_level(variant.name)
        engine = tables_engine(variant)
        main_thread = engine.needs_main_thread(level)
        return level, self.ranking((variant.name, start, tuple(dice)),
                                   lambda: engine.rank(start, dice, level), main_thread)

    def allowed_boards(self) -> set[object]:
        """The men after each play the rules at the table allow this turn (as the ranking is keyed)."""
        inference = self.session.inference
        assert inference is not None
        return {self.session.variant.after(inference.start, play).boards for play in inference.plays}

    def verdict(self, key: Hashable) -> tuple[Level, Verdict[Play] | None]:
        """The teacher's level and its verdict on the play of this turn that leaves the men ``key``
        (``boards``): against the best play the rules at the table allow, by the turn's ranking (the
        hint's); None when the ranking is late or does not know the play."""
        variant, inference = self.session.variant, self.session.inference
        assert inference is not None
        level, future = self.turn_ranking()
        ranking = verdict_of(future, JUDGE_WAIT_S)
        if ranking is None:
            return level, None
        return level, judge(ranking, key, blunder_threshold(variant.name),
                            lambda play: variant.after(inference.start, play).boards, self.allowed_boards())

    def hint(self) -> None:
        """``hint``: the teacher's best play of the throw lit on the board (``hint`` on the points it
        moves from and to), and why, in words, with the level it was judged at."""
        session = self.session
        inference = session.inference
        if session.phase != PLAY or session.flow.dice is None or session.orientation is None \
                or inference is None:
            session.say("a hint is for a throw being played")
            return
        if self.refuses_hint():
            return
        try:
            level, future = self.turn_ranking()
        except EngineUnavailableError as error:
            session.say(f"no hint: {error}")
            return
        variant, start, side = session.variant, inference.start, session.flow.turn
        allowed = self.allowed_boards()

        def show(ranking: list[Candidate[Play]]) -> None:
            usable = [c for c in ranking if variant.after(start, c.move).boards in allowed]
            if not usable or session.orientation is None:
                session.say("no hint: the engine knows no play the rules allow here")
                return
            best = usable[0]
            session.hint = tuple(TABLES_PLACES.index(session.orientation.place_of(side, point))
                                 for move in best.move for point in (move.src, move.dst))
            session.say(f"hint ({level_words(level)}): {format_play(best.move) or '-'}"
                        + (f": {best.why}" if best.why else ""))

        self.think(inference, future, show, session.say)

    def stops(self, candidate: TablesCandidate) -> bool:
        """The turn would commit ``candidate``: True (and a warning said, the better play lit) when
        it is clearly worse than the best and was not warned of yet in this turn."""
        session = self.session
        inference = session.inference
        dice = session.flow.dice
        if (not self.warns() or inference is None or dice is None
                or not session.warns_for(session.flow.turn + 1)):
            return False
        self.announce()
        if session.variant.name in self.unavailable:
            return False
        key = candidate.position.boards
        if self.warned_of(inference, key):
            return False
        variant, start = session.variant, inference.start
        played = format_play(candidate.moves) or "-"
        if self.replayed is not None:
            return self._follow(key, self.logged_advice(session.game_number, session.ply + 1, played))
        level, verdict = self.verdict(key)
        if verdict is None or not verdict.blunder:
            return False
        session.record(Advice(player=session.flow.turn, played=played, better=format_play(verdict.best.move),
                              loss=round(verdict.loss, 4), game_number=session.game_number,
                              ply=session.ply + 1))
        self.remember(inference, key, self._target(variant.after(start, verdict.best.move).boards))
        for line in tables_warning(variant, start, verdict, level):
            self.say(line)
        return True

    def on_tick(self) -> None:
        """Every loop: a hint thought about is lit once it comes."""
        self.tick(self.session.inference, self.session.say)

    def _target(self, better: object) -> Any:
        """The men per place after the better play (its boards ``better``), to light it."""
        inference = self.session.inference
        assert inference is not None
        return next((c.counts for c in inference.candidates
                     if c.final and not c.transit and c.position.boards == better), None)

    def _follow(self, key: Hashable, advice: Advice | None) -> bool:
        """A replay at a press the teacher judges: hold the turn back as the log's ``advice`` did."""
        session, inference = self.session, self.session.inference
        if advice is None or inference is None:
            return False
        better = next((session.variant.after(inference.start, play).boards for play in inference.plays
                       if format_play(play) == advice.better), None)
        session.record(advice)
        self.remember(inference, key, self._target(better))
        self.say(f"That play ({advice.played}) was warned of: {advice.better} is better.")
        return True

    def light(self, plan: LedPlan) -> None:
        """Light the better play warned of: ``lift-here`` where the board shows more men than it
        leaves, ``put-here`` where fewer (each light out once that place is right)."""
        session = self.session
        target = self.target(session.inference)
        if target is None:
            return
        ladder = session.ladder
        seen = session.observation.counts
        shown = visible(target, ladder)
        for index, men in enumerate(target):
            if could_show(seen[index], men, ladder):
                continue
            plan.place(TABLES_PLACES[index], LIFT_HERE if seen[index] > shown[index] else PUT_HERE)


# -- draughts ----------------------------------------------------------------------------------------

def _men(count: int) -> str:
    return "a man" if count == 1 else f"{count} men"


def replies_taking(board: Board, move: Move) -> list[Move]:
    """The adversary's captures after ``move`` (none when he has no capture)."""
    after = board.copy(stack=False)
    after.push(move)
    return [reply for reply in after.legal_moves() if reply.captures]


def threats_of(board: Board, move: Move) -> list[Move]:
    """The captures the mover would have after ``move`` if he moved again (what it threatens)."""
    after = board.copy(stack=False)
    after.push(move)
    after.turn = board.turn
    return [follow for follow in after.legal_moves() if follow.captures]


def hint_words(board: Board, best: Candidate[Move], exact: bool = False) -> str:
    """The hint's words: the engine's own sentence, and what the move offers or threatens (an
    ``exact`` engine's sentence says all)."""
    words = best.why
    if exact:
        return words
    taking = replies_taking(board, best.move)
    if taking:
        return f"{words} It gives a man away: he must take ({taking[0]})."
    threats = threats_of(board, best.move)
    if threats:
        return f"{words} It threatens to take ({threats[0]})."
    return words


def answer_words(board: Board, reply: Move) -> str:
    """``he answers 18-15: you must take (11x18), and he takes more back``: his best answer on
    ``board`` (he is to move), and what it forces."""
    after = board.copy(stack=False)
    after.push(reply)
    forced = [move for move in after.legal_moves() if move.captures]
    if forced:
        return f"he answers {reply}: you must take ({forced[0]}), and he takes more back"
    return f"he answers {reply}, and a man of yours is lost within the next moves"


def draughts_judged(level: Level, exact: bool = False) -> str:
    """``judged at level 1`` (an ``exact`` engine's, the Devil's: ``judged by the exact solver``),
    said with the advice."""
    return "judged by the exact solver" if exact else level_words(level)


def draughts_warning(board: Board, verdict: Verdict[Move], level: Level,
                     reply: str | None = None, exact: bool = False) -> list[str]:
    """The warning's words, one short line each: what the move made loses against the best (and how
    it was judged), why (his capture at once, else ``reply``: his best answer in words), what to do;
    an ``exact`` engine's loss is a won game thrown away."""
    played, best = verdict.played.move, verdict.best.move
    judged = draughts_judged(level, exact)
    if exact:
        head = f"That move ({played}) throws away a won game ({judged})."
        lose, win = int(verdict.played.terms["plies"]), int(verdict.best.terms["plies"])
        why = (f"Why: with best play on both sides yours loses (in {lose} moves, both sides counted), "
               f"{best} wins (in {win}).")
    else:
        lost = "the game by force" if verdict.loss >= MATE - 1000 else _men(max(1, round(verdict.loss / MAN)))
        head = f"That move ({played}) loses about {lost} against {best} ({judged})."
        taking = replies_taking(board, played)
        if taking:
            why = f"Why: after it he can take {_men(len(taking[0].captures))} ({taking[0]})."
        elif reply is not None:
            why = f"Why: {reply}."
        else:
            why = "Why: the loss comes within the next few moves (as far as the teacher looks ahead)."
    return [head, why, f"Move {best} as the lights show, or {KEEP_YOURS} ({played})."]


def target_of(start: frozenset[int], move: Move) -> frozenset[int]:
    """The squares the men stand on after ``move`` from ``start``."""
    return (start - {move.from_square} - set(move.captures)) | {move.to_square}


class DraughtsTeacher(Teacher):
    """The teacher of a draughts session: the engine's hint lit, warnings before a weak move."""

    def __init__(self, session: DraughtsSession) -> None:
        board_class = type(session.board)
        super().__init__(session, board_class.name)
        self.session: DraughtsSession = session
        self.level = teacher_level(board_class.name)
        self.exact = draughts_engine(board_class).exact

    def announce(self) -> None:
        """At the start of the Devil's game: its solution is looked up in the background (the shipped
        table's load), and a position the table does not hold (set up by FEN) worked out there."""
        board = self.session.board
        if self.exact and self.replayed is None:
            copy = board.copy(stack=False)
            WORKER.submit(lambda: draughts_engine(type(copy)).prepare(copy))

    def rank(self, board: Board) -> list[Candidate[Move]]:
        """``board``'s moves ranked at the teacher's level by an engine of its own (a search's tables
        carry nothing from one question to the next: the same position, the same answer)."""
        return draughts_engine(type(board)).rank(board, self.level)

    def board_ranking(self) -> tuple[Board, Future[list[Candidate[Move]]]]:
        """A copy of the board and its ranking at the teacher's level, once a move."""
        board = self.session.board.copy(stack=False)
        return board, self.ranking((type(board).name, board.fen()), lambda: self.rank(board), False)

    def hint(self) -> None:
        """``hint``: the engine's best move lit as a guide, and why, with how it was judged."""
        session = self.session
        turn = session.inference
        from .draughts_session import PLAYING

        if session.phase != PLAYING or turn is None:
            session.say("a hint is for a move being played")
            return
        if self.refuses_hint():
            return
        board, future = self.board_ranking()
        allowed = set(session.legal_moves())
        judged = draughts_judged(self.level, self.exact)

        def show(ranking: list[Candidate[Move]]) -> None:
            usable = [c for c in ranking if c.move in allowed]
            if not usable:
                session.say("no hint: the engine knows no move the rules allow here")
                return
            best = usable[0]
            self.shown = (turn, target_of(turn.start, best.move))
            session.say(f"hint ({judged}): {best.move}: {hint_words(board, best, self.exact)}")

        self.think(turn, future, show, session.say)

    def stops(self, candidate: DraughtsCandidate) -> bool:
        """The move would commit ``candidate``: True (and a warning said, the better move lit) when
        it is clearly worse than the best and was not warned of yet in this move."""
        session = self.session
        turn = session.inference
        board = session.board
        if (not self.warns() or turn is None or candidate.huffed is not None
                or not session.warns_for(session.player_of(board.turn))):
            return False
        key = (str(candidate.move), candidate.huffed)
        if self.warned_of(turn, key):
            return False
        if self.replayed is not None:  # a replay: as the log's advice
            advice = self.logged_advice(session.game_number, session.ply + 1, str(candidate.move))
            if advice is None:
                return False
            better = next((move for move in session.legal_moves() if str(move) == advice.better), None)
            session.record(advice)
            self.remember(turn, key, target_of(turn.start, better) if better is not None else None)
            self.say(f"That move ({advice.played}) was warned of: {advice.better} is better.")
            return True
        copy, ranked = self.board_ranking()
        allowed = {str(move) for move in session.legal_moves()}
        threshold = self.threshold

        def verdict() -> tuple[Verdict[Move] | None, str | None]:
            found = judge(ranked.result(), str(candidate.move), threshold, str, allowed)
            if found is None or not found.blunder or self.exact:
                return found, None
            after = copy.copy(stack=False)
            after.push(found.played.move)
            replies = self.rank(after)  # his best answer, by the same look
            return found, answer_words(after, replies[0].move) if replies else None

        found, reply = verdict_of(WORKER.submit(verdict), JUDGE_WAIT_S) or (None, None)
        if found is None or not found.blunder:
            return False
        session.record(Advice(player=session.player_of(board.turn) - 1, played=str(candidate.move),
                              better=str(found.best.move), loss=round(found.loss, 4),
                              game_number=session.game_number, ply=session.ply + 1))
        self.remember(turn, key, target_of(turn.start, found.best.move))
        for line in draughts_warning(copy, found, self.level, reply, self.exact):
            self.say(line)
        return True

    def light(self, plan: LedPlan) -> None:
        """Light the move shown (a hint, or the better move warned of): ``lift-here`` on squares
        still holding a man it moves or takes, ``put-here`` where it lands, until the board shows it."""
        session = self.session
        target = self.target(session.inference)
        if target is None:
            return
        seen = session.observation.squares
        for square in seen - target:
            plan.place(("square", square), LIFT_HERE)
        for square in target - seen:
            plan.place(("square", square), PUT_HERE)

    def on_tick(self) -> None:
        """Every loop: a hint thought about is lit once it comes."""
        self.tick(self.session.inference, self.session.say)
