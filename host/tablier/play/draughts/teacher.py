"""The teacher of a draughts game: the best move lit man by man, and the threats and replies it
sees, in words (see :mod:`.teaching`)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

from tablier.board.leds import LIFT_HERE, PUT_HERE, LedPlan
from tablier.board.quality_lights import DraughtsQuality
from tablier.draughts.core import Board, Move
from tablier.engines import draughts_engine
from tablier.engines.candidates import Candidate
from tablier.engines.draughts_search import MAN, MATE
from tablier.engines.judge import Verdict, judge, teacher_level
from tablier.engines.levels import Level
from tablier.engines.quality import bands_for, grade, grade_play
from tablier.record.eventlog import Advice

if TYPE_CHECKING:
    from tablier.board.draughts_inference import DraughtsCandidate, DraughtsReading

    from .table import DraughtsTable

from ..teaching import JUDGE_WAIT_S, KEEP_YOURS, WORKER, Teacher, level_words, verdict_of
from .phase import DraughtsPhase


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
        return f"{words} It gives a man away: your adversary must take ({taking[0]})."
    threats = threats_of(board, best.move)
    if threats:
        return f"{words} It threatens to take ({threats[0]})."
    return words


def answer_words(board: Board, reply: Move) -> str:
    """``your adversary answers 18-15: you must take (11x18), and they take more back``: the
    adversary's best answer on ``board`` (they are to move), and what it forces."""
    after = board.copy(stack=False)
    after.push(reply)
    forced = [move for move in after.legal_moves() if move.captures]
    if forced:
        return f"your adversary answers {reply}: you must take ({forced[0]}), and they take more back"
    return f"your adversary answers {reply}, and a man of yours is lost within the next moves"


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
            why = f"Why: after it your adversary can take {_men(len(taking[0].captures))} ({taking[0]})."
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

    def __init__(self, session: DraughtsTable) -> None:
        board_class = type(session.board)
        super().__init__(session, board_class.name)
        self.session: DraughtsTable = session
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
        return board, self.ranking(self._board_key(), lambda: self.rank(board), False)

    def begin_quality(self) -> None:
        """A move begins: a person's move whose help shows quality has the board's ranking asked for
        and its bands indexed, both on the engine's thread."""
        session = self.session
        player = session.player_of(session.board.turn)
        person = not session.is_computer(player) and self.replayed is None
        if session.inference is None or not self.quality.begin(session.turn_key(), player, person):
            return
        _, ranking = self.board_ranking()
        allowed, bands = {str(move) for move in session.legal_moves()}, bands_for(type(session.board).name)

        def index() -> DraughtsQuality:
            return DraughtsQuality(grade([c for c in ranking.result() if str(c.move) in allowed], bands))

        self.quality.build(session.inference, WORKER.submit(index))

    def bands(self, reading: DraughtsReading) -> dict[int, str]:
        """The quality band of each square the man in hand may land on, while his square is hinted
        and the move's bands are indexed; {} for legality only."""
        lights = self.quality.index(self.session.inference)
        if lights is None or reading.lifted is None or not self.quality.showing(reading.lifted):
            return {}
        return dict(lights.destinations(reading))

    def _board_key(self) -> tuple[str, str]:
        """The key of this move's ranking: the game and the position."""
        return type(self.session.board).name, self.session.board.fen()

    def hint(self) -> None:
        """``hint``: the engine's best move lit as a guide, and why, with how it was judged."""
        session = self.session
        turn = session.inference

        if session.phase != DraughtsPhase.PLAYING or turn is None:
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

    def mark(self, candidate: DraughtsCandidate) -> str:
        """The mark of the move ``candidate`` about to be committed (``?!``, ``?``, ``??``; "" for a
        good move, a huff, a computer's, a player whose quality help is off, a strict game not allowed
        help, a replay, or no ranking: the move's ranking, the hint's and the warning's, is read, never
        asked for here), by the engine profile's bands against the best legal move."""
        session = self.session
        if (session.inference is None or candidate.huffed is not None
                or not self.marks_for(session.player_of(session.board.turn))):
            return ""
        asked = self.ranked_already(self._board_key())
        ranking = None if asked is None else verdict_of(asked, JUDGE_WAIT_S)
        if ranking is None:
            return ""
        allowed = {str(move) for move in session.legal_moves()}
        usable = [c for c in ranking if str(c.move) in allowed]
        graded = grade_play(usable, bands_for(type(session.board).name), str(candidate.move), str)
        return "" if graded is None else graded.mark

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
