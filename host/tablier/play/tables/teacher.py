"""The teacher of a tables game: its hint lit on the points, its warning in words of the game's aims
(see :mod:`.teaching`)."""

from __future__ import annotations

import threading
from collections.abc import Hashable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from tablier.board.leds import LIFT_HERE, PUT_HERE, LedPlan
from tablier.board.observation import TABLES_PLACES, could_show, visible
from tablier.board.quality_lights import TablesQuality
from tablier.engines import tables_engine
from tablier.engines.candidates import Candidate, EngineUnavailableError
from tablier.engines.explain import aim_words
from tablier.engines.judge import Verdict, blunder_threshold, judge, teacher_level
from tablier.engines.levels import Level
from tablier.engines.quality import bands_for, grade, grade_play
from tablier.engines.tables_terms import terms, weights_for
from tablier.record.eventlog import Advice
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.position import Position
from tablier.tables.variant import Variant

if TYPE_CHECKING:
    from tablier.board.tables_inference import BeforeLift, Reading
    from tablier.board.tables_inference import Candidate as TablesCandidate

    from .table import TablesTable

from ..teaching import JUDGE_WAIT_S, KEEP_YOURS, WORKER, Teacher, level_words, verdict_of
from .phase import TablesPhase


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


_NONE = {"blocks": "holds no point in their way", "prime": "builds no wall",
         "bar": "puts none of their men on the bar", "race": "keeps the race level",
         "off": "bears off no more than they do", "postillon": "leaves the leading man where he is",
         "pins": "pins as many of their men as they pin of yours", "mother": "leaves both mothers alone",
         "left": "leaves the men left even"}


def _aim(variant: Variant, name: str, value: float, after: Position, side: int) -> str:
    if name == "prime" and value == 1:
        return "builds no wall (two points or more in a row)"
    if not value and name in _NONE:
        return _NONE[name]
    return aim_words(variant, name, value, after, side)



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

    def __init__(self, session: TablesTable) -> None:
        super().__init__(session, session.variant.name)
        self.session: TablesTable = session
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
        return level, self.ranking(self._turn_key(), lambda: engine.rank(start, dice, level), main_thread)

    def _turn_key(self) -> Hashable:
        """The key of this turn's ranking: the game, the position the turn began with, the throw."""
        inference, dice = self.session.inference, self.session.flow.dice
        assert inference is not None and dice is not None
        return self.session.variant.name, inference.start, tuple(dice)

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

    def mark(self, candidate: TablesCandidate) -> str:
        """The mark of the play ``candidate`` about to be committed (``?!``, ``?``, ``??``; "" for a
        good play, a computer's, a player whose quality help is off, a strict game not allowed help,
        a replay, or no ranking: the turn's ranking, the hint's and the warning's, is read, never
        asked for here), by the game's quality bands against the best play the rules allow."""
        session = self.session
        inference = session.inference
        if inference is None or session.flow.dice is None or not self.marks_for(session.flow.turn + 1) \
                or session.variant.name in self.unavailable:
            return ""
        variant, start = session.variant, inference.start
        asked = self.ranked_already(self._turn_key())
        try:
            ranking = None if asked is None else verdict_of(asked, JUDGE_WAIT_S)
        except EngineUnavailableError:
            return ""
        if ranking is None:
            return ""
        allowed = self.allowed_boards()
        usable = [c for c in ranking if variant.after(start, c.move).boards in allowed]
        graded = grade_play(usable, bands_for(variant.name), candidate.position.boards,
                            lambda play: variant.after(start, play).boards)
        return "" if graded is None else graded.mark

    def begin_quality(self) -> None:
        """A turn is read (its start, or Ticktack's narrowed plays): a person's turn whose help shows
        quality has its ranking asked for now and its bands indexed on the engine's thread."""
        session = self.session
        inference, player = session.inference, session.flow.turn + 1
        person = (not session.is_computer(player) and self.replayed is None
                  and session.variant.name not in self.unavailable)
        if inference is None or not self.quality.begin(session.turn_key(), player, person):
            return
        ranking = self.ranked_already(self._turn_key())
        try:
            if ranking is None and not self._may_rank_here():
                return  # GNU Backgammon looks ahead on the main thread only: a board played on another
            ranking = ranking or self.turn_ranking()[1]
        except EngineUnavailableError:
            return
        variant, start, allowed = session.variant, inference.start, self.allowed_boards()
        bands = bands_for(variant.name)

        def index() -> TablesQuality:
            usable = [c for c in ranking.result() if variant.after(start, c.move).boards in allowed]
            return TablesQuality(inference, grade(usable, bands))

        self.quality.build(inference, WORKER.submit(index))

    def _may_rank_here(self) -> bool:
        """Whether the turn's ranking may be asked for on this thread (GNU Backgammon's look-ahead
        runs on the main thread only: :func:`~tablier.engines.backgammon.needs_main_thread`)."""
        variant = self.session.variant
        needs_main = tables_engine(variant).needs_main_thread(teacher_level(variant.name))
        return not needs_main or threading.current_thread() is threading.main_thread()

    def bands(self, reading: Reading, before: BeforeLift | None = None) -> dict[int, str]:
        """The quality band of each place the man in hand may go (or, ``before`` a lift, the men of
        its sources), while his place is hinted and the turn's bands are indexed; {} for legality
        only."""
        lights = self.quality.index(self.session.inference)
        if lights is None:
            return {}
        if before is None:
            shown = len(reading.lifted) == 1 and self.quality.showing(reading.lifted[0])
            return dict(lights.destinations(reading)) if shown else {}
        if not all(self.quality.showing(source) for source in before.sources):
            return {}
        return dict(lights.before_lift(reading, before))

    def hint(self) -> None:
        """``hint``: the teacher's best play of the throw lit on the board (``hint`` on the points it
        moves from and to), and why, in words, with the level it was judged at."""
        session = self.session
        inference = session.inference
        if session.phase != TablesPhase.PLAY or session.flow.dice is None or session.orientation is None \
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

