"""The teacher at the table: the engine's best move lit on the board, and warnings before a weak play.

* ``hint`` (draughts; the tables games' is :func:`~tablier.play.tables_display.table_hint`): the
  engine's best move lit as a guide (``lift-here`` on the man to move and on the men it takes,
  ``put-here`` where it lands, each light going out as the board shows it done), and why, in words.
* Teaching mode, when a human player ends his turn on a play clearly worse than the engine's best
  (:data:`~tablier.engines.judge.BLUNDER_THRESHOLDS`): the play is not committed yet; the teacher
  says what it loses, lights the better play the same way and lets him change his men and press
  again, or press again on his own play to keep it (it is then committed as played).

The engines run on one background thread (:class:`Worker`), so that the board's scan loop never
waits long: a warning waits :data:`JUDGE_WAIT_S` at most for the judge (no warning if it is late),
a hint :data:`HINT_WAIT_S`, then says "thinking..." and lights the move when it comes.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

from tablier.board.leds import LIFT_HERE, PUT_HERE, LedPlan
from tablier.board.observation import TABLES_PLACES, could_show, visible
from tablier.draughts.core import Board, Move
from tablier.draughts.devil_solver import DevilPosition
from tablier.draughts.variants import DevilBoard
from tablier.engines import draughts_engine, tables_engine
from tablier.engines.candidates import Candidate, EngineUnavailableError
from tablier.engines.devil import solution
from tablier.engines.draughts_search import MAN, MATE
from tablier.engines.explain import tables_why
from tablier.engines.judge import JUDGE_LEVEL, Verdict, blunder_threshold, judge
from tablier.engines.tables_terms import terms, weights_for
from tablier.errors import IllegalMoveError
from tablier.record.eventlog import Advice
from tablier.tables.moves import Dice, Play
from tablier.tables.notation import format_play
from tablier.tables.position import Position
from tablier.tables.variant import Variant

if TYPE_CHECKING:
    from tablier.board.draughts_inference import DraughtsCandidate
    from tablier.board.tables_inference import Candidate as TablesCandidate

    from .draughts_session import DraughtsSession
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


class Teacher:
    """What the tables and draughts teachers share: the play shown on the board, the plays warned of
    in this turn, a hint still being thought about."""

    def __init__(self, game: str, teaching: bool) -> None:
        self.teaching = teaching
        self.threshold = blunder_threshold(game)
        self.shown: tuple[object, Any] | None = None  # (the turn, the men's target) lit as a guide
        self.warned: tuple[object, set[Hashable]] = (None, set())  # (the turn, the plays warned of)
        self.pending: tuple[object, Future[Any], Callable[[Any], None]] | None = None
        self.replayed: deque[Advice] | None = None
        """In a replay (``tablier rebuild``, ``--resume``): the advice its log holds, followed at the
        same turns instead of asking the engine again (a replay then holds back exactly the turns
        the live game held back); None in a live game."""

    def command(self, argument: str, strict: bool) -> str:
        """``teacher off`` / ``teacher on``: stop or resume the warnings (the built-in players' hands
        say ``teacher off``); ``teacher``: whether they are given. Returns what to tell."""
        word = argument.strip().lower()
        if word not in ("", "on", "off"):
            raise IllegalMoveError(f"teacher on or teacher off, not {argument!r}")
        if strict:
            return "strict mode: the teacher gives no warnings (hints are still given: `hint`)"
        if word:
            self.teaching = word == "on"
        if self.teaching:
            return "the teacher warns of a play clearly worse than the best before it stands (`teacher off`)"
        return "the teacher gives no warnings now (`teacher on` to have them again)"

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

def contrast(variant: Variant, mine: dict[str, float], better: dict[str, float], best: str) -> list[str]:
    """``yours leaves 2 men he can hit, 13/7 8/7 leaves no man he can hit``: the one or two aims of
    the game where the better play gains most, from the evaluation's terms after each."""
    weights = weights_for(variant)
    gains = sorted(((abs(weights.get(name, 0.0)) * abs(better.get(name, 0.0) - mine.get(name, 0.0)), name)
                    for name in set(mine) | set(better)
                    if weights.get(name, 0.0) * (better.get(name, 0.0) - mine.get(name, 0.0)) > 0),
                   reverse=True)
    return [f"yours {_aim(variant, name, mine.get(name, 0.0))}, {best} "
            f"{_aim(variant, name, better.get(name, 0.0))}" for _, name in gains[:2]]


_NONE = {"blots": "leaves no man he can hit", "blocks": "holds no point in his way",
         "prime": "builds no wall", "bar": "puts none of his men on the bar", "race": "keeps the race level",
         "off": "bears off no more than he does", "postillon": "leaves the leading man where he is",
         "pins": "pins as many of his men as he pins of yours", "mother": "leaves both mothers alone",
         "left": "leaves the men left even", "their_wins": "gives him no win on his next throw"}


def _aim(variant: Variant, name: str, value: float) -> str:
    if name == "prime" and value == 1:
        return "builds no wall (two points or more in a row)"
    if not value:
        return _NONE.get(name, f"has no {name}")
    sentence = tables_why(variant, {name: value})
    return sentence.removeprefix("This play ").removesuffix(".")


def tables_warning(variant: Variant, position: Position, verdict: Verdict[Play]) -> list[str]:
    """The warning's words, one short line each: what the play made loses against the best, why
    (at most two reasons), what to do."""
    played, best = format_play(verdict.played.move) or "-", format_play(verdict.best.move) or "-"
    side = position.turn
    mine = terms(variant, variant.after(position, verdict.played.move), side)
    better = terms(variant, variant.after(position, verdict.best.move), side)
    reasons = []
    if "win" in verdict.best.terms:  # GNU Backgammon's numbers
        loss = verdict.loss
        amount = f"{loss:.1f}" if loss >= 0.2 else f"{loss:.2f}"
        head = f"That play ({played}) loses about {amount} of a point a game against {best}."
        reasons.append(f"you win {verdict.played.terms['win'] * 100:.0f}% of games after yours, "
                       f"{verdict.best.terms['win'] * 100:.0f}% after {best}")
    else:
        head = (f"That play ({played}) is clearly weaker than {best} (by {verdict.loss:g} on the engine's "
                "scale, where a pip of the race counts 1).")
    reasons += contrast(variant, mine, better, best)
    return [head, *(f"Why: {reason}." for reason in reasons[:2]),
            f"Play {best} as the lights show, or {KEEP_YOURS} ({played})."]


def _judge_tables(variant: Variant, position: Position, dice: Dice, played: Hashable,
                  allowed: Collection[Hashable], threshold: float) -> Verdict[Play] | None:
    ranking = tables_engine(variant).rank(position, dice, JUDGE_LEVEL)
    return judge(ranking, played, threshold, lambda play: variant.after(position, play).boards, allowed)


class TablesTeacher(Teacher):
    """The teacher of a tables session: warnings before a weak play is committed."""

    def __init__(self, session: TablesSession) -> None:
        super().__init__(session.variant.name, session.options.teaching)
        self.session = session
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

    def stops(self, candidate: TablesCandidate) -> bool:
        """The turn would commit ``candidate``: True (and a warning said, the better play lit) when
        it is clearly worse than the best and was not warned of yet in this turn."""
        session = self.session
        inference = session.inference
        dice = session.flow.dice
        if (not self.teaching or inference is None or dice is None
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
        allowed = {variant.after(start, play).boards for play in inference.plays}
        threshold = blunder_threshold(variant.name)
        job = WORKER.submit(lambda: _judge_tables(variant, start, dice, key, allowed, threshold))
        verdict = verdict_of(job, JUDGE_WAIT_S)
        if verdict is None or not verdict.blunder:
            return False
        session.record(Advice(player=session.flow.turn, played=played, better=format_play(verdict.best.move),
                              loss=round(verdict.loss, 4), game_number=session.game_number,
                              ply=session.ply + 1))
        self.remember(inference, key, self._target(variant.after(start, verdict.best.move).boards))
        for line in tables_warning(variant, start, verdict):
            session.say(line, "teach")
        return True

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
        session.say(f"That play ({advice.played}) was warned of: {advice.better} is better.", "teach")
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


def hint_words(board: Board, best: Candidate[Move]) -> str:
    """The hint's words: the engine's own sentence, and what the move offers or threatens."""
    words = best.why
    if isinstance(board, DevilBoard):
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


def draughts_warning(board: Board, verdict: Verdict[Move], reply: str | None = None) -> list[str]:
    """The warning's words, one short line each: what the move made loses against the best, why
    (his capture at once, else ``reply``: his best answer in words), what to do."""
    played, best = verdict.played.move, verdict.best.move
    if isinstance(board, DevilBoard):
        head = f"That move ({played}) throws away a won game."
        lose, win = int(verdict.played.terms["plies"]), int(verdict.best.terms["plies"])
        why = (f"Why: with best play on both sides yours loses (in {lose} moves, both sides counted), "
               f"{best} wins (in {win}).")
    else:
        lost = "the game by force" if verdict.loss >= MATE - 1000 else _men(max(1, round(verdict.loss / MAN)))
        head = f"That move ({played}) loses about {lost} against {best}."
        taking = replies_taking(board, played)
        if taking:
            why = f"Why: after it he can take {_men(len(taking[0].captures))} ({taking[0]})."
        elif reply is not None:
            why = f"Why: {reply}."
        else:
            why = "Why: the loss comes within three moves (the teacher looks three half-moves ahead)."
    return [head, why, f"Move {best} as the lights show, or {KEEP_YOURS} ({played})."]


def target_of(start: frozenset[int], move: Move) -> frozenset[int]:
    """The squares the men stand on after ``move`` from ``start``."""
    return (start - {move.from_square} - set(move.captures)) | {move.to_square}


class DraughtsTeacher(Teacher):
    """The teacher of a draughts session: the engine's hint lit, warnings before a weak move."""

    def __init__(self, session: DraughtsSession) -> None:
        board_class = type(session.board)
        super().__init__(board_class.name, session.options.teaching)
        self.session = session
        self.hinter = draughts_engine(board_class)
        self.judge = draughts_engine(board_class)  # its own tables: a verdict never depends on a hint

    def announce(self) -> None:
        """At the start of the Devil's game: its solution is looked up in the background (the shipped
        table's load), and a position the table does not hold (set up by FEN) worked out there."""
        board = self.session.board
        if isinstance(board, DevilBoard) and self.replayed is None:
            position = DevilPosition.from_board(board)
            if position.winner() is None:
                WORKER.submit(lambda: solution(position))

    def hint(self) -> None:
        """``hint``: the engine's best move lit as a guide, and why."""
        session = self.session
        turn = session.inference
        from .draughts_session import PLAYING

        if session.phase != PLAYING or turn is None:
            session.say("a hint is for a move being played")
            return
        board = session.board.copy(stack=False)
        allowed = set(session.legal_moves())

        def rank() -> list[Candidate[Move]]:
            return [c for c in self.hinter.rank(board) if c.move in allowed]

        def show(ranking: list[Candidate[Move]]) -> None:
            if not ranking:
                session.say("no hint: the engine knows no move the rules allow here")
                return
            best = ranking[0]
            self.shown = (turn, target_of(turn.start, best.move))
            session.say(f"hint: {best.move}: {hint_words(board, best)}")

        self.think(turn, WORKER.submit(rank), show, session.say)

    def stops(self, candidate: DraughtsCandidate) -> bool:
        """The move would commit ``candidate``: True (and a warning said, the better move lit) when
        it is clearly worse than the best and was not warned of yet in this move."""
        session = self.session
        turn = session.inference
        board = session.board
        if (not self.teaching or turn is None or candidate.huffed is not None
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
            session.say(f"That move ({advice.played}) was warned of: {advice.better} is better.", "teach")
            return True
        copy = board.copy(stack=False)
        allowed = {str(move) for move in session.legal_moves()}
        threshold = self.threshold

        def verdict() -> tuple[Verdict[Move] | None, str | None]:
            found = judge(self.judge.rank(copy, JUDGE_LEVEL), str(candidate.move), threshold, str, allowed)
            if found is None or not found.blunder or isinstance(copy, DevilBoard):
                return found, None
            after = copy.copy(stack=False)
            after.push(found.played.move)
            replies = self.judge.rank(after, JUDGE_LEVEL)  # his best answer, by the same look
            return found, answer_words(after, replies[0].move) if replies else None

        found, reply = verdict_of(WORKER.submit(verdict), JUDGE_WAIT_S) or (None, None)
        if found is None or not found.blunder:
            return False
        session.record(Advice(player=session.player_of(board.turn) - 1, played=str(candidate.move),
                              better=str(found.best.move), loss=round(found.loss, 4),
                              game_number=session.game_number, ply=session.ply + 1))
        self.remember(turn, key, target_of(turn.start, found.best.move))
        for line in draughts_warning(copy, found, reply):
            session.say(line, "teach")
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
