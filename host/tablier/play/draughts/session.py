"""Play draughts on the board: setup, moves read from the squares, huffs, touch-move, notices.

English draughts is refereed by the Checker Laws (:class:`~tablier.draughts.laws.LawsGame`: huff or
compulsory capture, touch-move, the forty-move notice); the other variants by their board's rules.
Colours alternate from game to game (Law 6): player 1 has Black in odd games, White in even ones.
Phases: ``setup``, ``play`` (the side to move's men move; his button ends the move), ``over``.
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tablier.board.draughts_inference import DraughtsCandidate, DraughtsReading, MoveInference
from tablier.board.guidance import next_step
from tablier.board.leds import (
    DESTINATION,
    HINT,
    HIT,
    LIFT_HERE,
    MUST_MOVE,
    PRESS_WHEN_DONE,
    PUT_HERE,
    WINNER,
    YOUR_TURN,
    LedPlan,
)
from tablier.board.observation import Observation
from tablier.board.setup import SetupCheck, check_squares
from tablier.board.tables_inference import HIT as CAPTURE
from tablier.board.tables_inference import Status, shown_words
from tablier.draughts.core import COLOR_NAMES, Board, Color, Move, Outcome
from tablier.draughts.laws import LawsGame, LawsOptions
from tablier.draughts.notation import parse_move
from tablier.errors import IllegalMoveError, TablierError
from tablier.hardware.layout import Layout
from tablier.link.client import SwitchChange
from tablier.record.eventlog import Claim, Commit, GameStart, ResultRecord
from tablier.record.log_writer import EventLogWriter

from ..dice import Dice
from ..link import Link
from ..match_clock import ClockTurn
from ..scene import common_fields, lights_of
from ..session import PlayOptions, Session
from ..takeback import Takebacks, Undo
from .moves import DraughtsMoves
from .phase import DraughtsPhase
from .scene import draughts_scene
from .seat import DraughtsDecisions
from .teacher import DraughtsTeacher
from .words import command, follow_restoring

if TYPE_CHECKING:
    from tablier.board.scene import Scene


#: Why strict play has no takeback.
STRICT_PLAY = ("a move once made stands in strict play under the Checker Laws (touch_move: Law 11; "
               "Law 13: a move is completed when the hand leaves the piece)")


class DraughtsSession(Session):
    """A match of one draughts game on the board."""

    family = "draughts"

    def __init__(self, make_board: Callable[[], Board], laws: LawsOptions | None, link: Link, layout: Layout,
                 dice: Dice, log: EventLogWriter | None = None, options: PlayOptions | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(link, layout, dice, log, options, clock)
        self.board_moves = DraughtsMoves(self)
        self.seat_decisions = DraughtsDecisions(self)
        self.make_board = make_board
        self.laws_options = laws
        self.board = make_board()
        self.title = type(self.board).title
        self.laws: LawsGame | None = None
        self.outcome: Outcome | None = None
        self.game_number = 0
        self.phase = DraughtsPhase.SETUP
        self.setup: SetupCheck | None = None
        self.inference: MoveInference | None = None
        self.reading: DraughtsReading | None = None
        self.touched: int | None = None
        self.ply = 0
        self.one_capture = False  # the move to make has one way of taking (the Laws' shorter limit)
        self.own_removed: int | None = None  # Law 18: a man of the taker's own lifted while taking
        self.insisted: set[int] = set()  # ... and the opponent insisted on its replacing
        self.taught: tuple[Move, ...] = ()  # (false_move=teach) the moves told after a false move
        self.takebacks: Takebacks[tuple[Board, LawsGame | None]] = Takebacks()
        self.restoring: frozenset[int] | None = None  # a takeback: the men go back to these squares
        self.told_face = False
        self.teacher: DraughtsTeacher = DraughtsTeacher(self)

    # -- games -------------------------------------------------------------------------------------

    def player_of(self, color: Color) -> int:
        """The player (1 or 2) who has ``color`` in this game (colours alternate, Law 6)."""
        black_player = 1 if self.game_number % 2 == 1 else 2
        return black_player if color is False else 3 - black_player

    def wanted_squares(self) -> set[int]:
        """The squares the men should stand on now (at a game's start: the start position)."""
        return set(self.board.pieces(False) + self.board.pieces(True))

    def resume_check(self) -> None:
        """After a resumption: check the board against the position reached, guiding the fixes."""
        self.phase = DraughtsPhase.SETUP
        self.inference = None
        self.reading = None
        self._check_setup()

    def legal_moves(self) -> list[Move]:
        """The moves the side to move may make now."""
        return self.laws.legal_moves() if self.laws is not None else self.board.legal_moves()

    def start(self) -> None:
        self.teacher.announce()
        self._new_game()

    def _new_game(self) -> None:
        self.game_number += 1
        self.board = self.make_board()
        self.laws = LawsGame(self.board, self.laws_options) if self.laws_options is not None else None
        self.outcome = None
        self.ply = 0
        self.phase = DraughtsPhase.SETUP
        if self.laws_options is not None and self.laws_options.touch_move:
            self.takebacks.close(STRICT_PLAY)
        names = self.options.players
        sides = (names[0], names[1]) if self.player_of(False) == 1 else (names[1], names[0])
        self.record(GameStart(number=self.game_number, sides=sides, position=self.board.fen(),
                              score=tuple(self.score)))
        self.say(f"game {self.game_number} of {self.title}: {sides[0]} has Black, {sides[1]} White; "
                 "set up the men")
        self._check_setup()

    def _check_setup(self) -> None:
        if self.observation.tables_face_up:
            if not self.told_face:
                self.say("turn the board to its draughts face", "teach")
                self.told_face = True
            self.setup = None
            return
        self.told_face = False
        self.setup = check_squares(self.observation.squares, frozenset(self.wanted_squares()),
                                   frozenset(self.board.pieces(False)), self.player_of(False))
        if self.setup.done:
            self.say(f"the men are set up; {COLOR_NAMES[self.board.turn].capitalize()} to move")
            self._begin_move()

    def _begin_move(self) -> None:
        self.phase = DraughtsPhase.PLAYING
        self.own_removed = None
        self.insisted = set()
        self.taught = ()
        self.restoring = None
        self.touched = None
        self.guiding = False
        self.guide = None
        self._stop_grace()
        huffable = self.laws.huffable() if self.laws is not None else []
        self.inference = MoveInference(self.board, self.legal_moves(), huffable)
        self.reading = self.inference.read(self.observation.squares)
        moves = self.legal_moves()
        self.one_capture = len(moves) == 1 and bool(moves[0].captures)
        self.teacher.begin_quality()  # a person's quality lights: the move's bands, off the lights' path

    def _name(self, color: Color) -> str:
        return f"{self.options.players[self.player_of(color) - 1]} ({COLOR_NAMES[color]})"

    # -- the board ---------------------------------------------------------------------------------

    def on_board(self, observation: Observation, changes: list[SwitchChange]) -> None:
        if self.phase.idle:
            if self.phase == DraughtsPhase.SETUP:
                self._check_setup()
            return
        assert self.inference is not None
        if follow_restoring(self):
            return
        if self.takebacks.undo is not None:
            self.takebacks.close(f"{self._name(self.board.turn)} has begun to move")
        for change in changes:
            place = self.observer.place_of(change.switch)
            if place and place[0] == "square" and not change.closed:
                self._touch(place[1])
        self.reading = self._read(observation.squares)
        if self.reading.lifted is not None:
            self.teacher.quality.lift(self.reading.lifted)  # a hint spent (once a square a move)
        self._follow_reading(self.reading.status is Status.UNKNOWN)

    def _legal_status(self, observation: Observation) -> Status | None:
        if self.phase == DraughtsPhase.SETUP and not observation.tables_face_up:
            done = check_squares(observation.squares, frozenset(self.wanted_squares())).done
            return Status.FINAL if done else Status.UNKNOWN
        if self.phase != DraughtsPhase.PLAYING or self.inference is None:
            return None
        squares = observation.squares
        if self.own_removed is not None:  # Law 18: the man taken off stays off (see _read)
            squares |= {self.own_removed}
        return self.inference.read(squares).status

    def _read(self, squares: frozenset[int]) -> DraughtsReading:
        """The reading of the squares; under the Laws, a man of the taker's own lifted during a
        capture is Law 18's case: he may not put it back (unless the opponent insists)."""
        assert self.inference is not None
        if self.own_removed is not None and self.own_removed not in squares:
            return self.inference.read(squares | {self.own_removed})
        self.own_removed = None
        reading = self.inference.read(squares)
        if reading.status is not Status.UNKNOWN or self.laws is None:
            return reading
        mover = self.board.turn
        if not any(move.captures for move in self.legal_moves()):
            return reading
        for square in self.board.pieces(mover):
            if square in squares:
                continue
            again = self.inference.read(squares | {square})
            taking = squares | {square} != self.inference.start  # Law 18 is "when taking" only
            if square not in self.insisted and taking and again.status is not Status.UNKNOWN:
                self.own_removed = square
                self.say(f"Law 18: {self._name(mover)} removed a man of their own on {square} while "
                         f"taking: they may not replace it; {self._name(not mover)} may let it stand or "
                         "insist (`insist`) on its replacing", "warning")
                return again
        return reading

    def _touch(self, square: int) -> None:
        if (self.touched is not None or self.laws is None or not self.laws.options.touch_move
                or self.player_of(self.board.turn) in self.hands_for
                or self.player_of(self.board.turn) in self.options.reading):  # reading mode waives it
            return
        piece = self.board.piece_at(square)
        if piece is None or piece.color != self.board.turn:
            return
        ruling = self.laws.touch(square)
        self.touched = square
        self.say(ruling.message, "teach" if ruling.accepted else "warning")
        if self.laws.outcome is not None:
            self._game_over(self.laws.outcome)
            return
        self.inference = MoveInference(self.board, self.legal_moves(), self.laws.huffable())

    def on_tick(self, now: float) -> None:
        """A hint thought about is lit once it comes (the Laws' timing is the match clock's:
        :mod:`tablier.play.match_clock`)."""
        self.teacher.on_tick()

    def clock_turn(self) -> ClockTurn | None:
        """The turn the match clock times: the mover's, his move shown complete or not (a game
        resumed mid-way: while its men are put back, paused); None between games."""
        if self.phase == DraughtsPhase.OVER or (self.phase == DraughtsPhase.SETUP and not self.ply):
            return None
        shown = self.reading is not None and self.reading.status is Status.FINAL
        return ClockTurn(self.player_of(self.board.turn) - 1, shown, self.one_capture)

    def lost_on_time(self, side: int) -> None:
        """The Checker Laws, Law 8: the play not completed a minute after Time, the game is lost."""
        if self.phase == DraughtsPhase.OVER:
            return
        loser = self.player_of(False) != side + 1
        self._game_over(Outcome(not loser, f"{COLOR_NAMES[loser]} did not complete the move in time: "
                                           "the game is lost through improper delay (Law 8)"))

    def on_grace_over(self) -> None:
        if (self.phase != DraughtsPhase.PLAYING or self.reading is None
                or self.reading.status is not Status.UNKNOWN):
            return
        if self.restoring is not None:  # a takeback: the lights already lead back
            return
        shown = self._move_shown()
        reason = self._why_false(shown) if shown else None
        self._begin_guiding(reason or "not a legal move: the men do not stand where a legal move "
                                     "can bring them")

    def _move_shown(self) -> str:
        """The move the squares show, in notation (``11-15``, ``10x19``), when one man of the side
        to move left one square for one empty square; '' if they show no such thing."""
        seen = self.observation.squares
        mover = set(self.board.pieces(self.board.turn))
        others = set(self.board.pieces(not self.board.turn))
        left, arrived, taken = mover - seen, seen - mover - others, others - seen
        if len(left) != 1 or len(arrived) != 1:
            return ""
        return f"{min(left)}{'x' if taken else '-'}{min(arrived)}"

    def _why_false(self, shown: str) -> str | None:
        """Why the move ``shown`` is false, naming the rule (and its Law under the Checker Laws);
        None when it is a legal move (its captured men not all lifted yet, say)."""
        try:
            parse_move(self.board, shown, self.legal_moves())
        except TablierError as error:
            reason = str(error).removeprefix(f"{shown}: ")
        else:
            return None
        compulsory = re.fullmatch(r"a capture is compulsory \((.*?)\)(.*)", reason)
        if compulsory:
            reason = f"a capture is compulsory: {compulsory.group(1)}{compulsory.group(2)}"
        forward = "a man moves forward only"
        if self.laws is not None:
            forward += " (Law 16: only a King moves backward)"
        reason = reason.replace("men move forward only", forward)
        law = " (Law 17)" if self.laws is not None else ""
        return f"{shown} is a false move{law}: {reason}"

    def _update_guide(self) -> None:
        assert self.inference is not None
        seen = self.observation.squares
        target = self.inference.nearest_target(seen)
        self.guide = next_step({s: 1 for s in seen}, {s: 1 for s in target})

    # -- buttons and commands ----------------------------------------------------------------------

    def on_button(self, player: int) -> None:
        if self.phase != DraughtsPhase.PLAYING or self.reading is None or self._computer_pressed(player):
            return
        if self.restoring is not None:
            self.say("first put the men back where the move began, as the lights show")
        elif self.reading.status is Status.FINAL:
            if not self.teacher.stops(self.reading.finals[0]):  # teaching: a weak move is warned of
                self._commit(self.reading.finals[0])
        elif player == self.player_of(self.board.turn):
            shown = self._move_shown() if self.reading.status is Status.UNKNOWN else ""
            reason = self._why_false(shown) if shown else None
            if reason is None:
                self.say("the move is not finished: the squares do not show a whole legal move", "teach")
            else:
                self._false_move(shown, reason)

    def _false_move(self, shown: str, reason: str) -> None:
        """The player ended his move on a false move. Under the Checker Laws ``false_move`` rules:
        ``retract`` (the men are guided back and he plays again), ``teach`` (the same, told the
        moves he may make, whose men light ``hint``), ``forfeit`` (Law 17: the game is lost)."""
        mover = self.board.turn
        rule = self.laws.options.false_move if self.laws is not None else "retract"
        if self.guiding and rule == "retract":  # its reason was said when the grace ran out
            self.say(f"{shown} is still a false move: put the men back as the lights show")
            return
        if self.laws is None:
            self._begin_guiding(reason)
            return
        if rule == "forfeit":
            self._game_over(Outcome(not mover, f"{COLOR_NAMES[mover]} made a false move, {shown}: "
                                               "the game is forfeited (Law 17)"))
            return
        if rule == "teach":
            self.taught = tuple(self.legal_moves())
            reason += f"; the legal moves: {', '.join(map(str, self.taught))}"
        self._begin_guiding(reason)

    def _commit(self, candidate: DraughtsCandidate) -> None:
        mover = self.board.turn
        mark = self.teacher.mark(candidate)
        before = copy.deepcopy((self.board, self.laws))
        if candidate.huffed is not None:
            assert self.laws is not None
            ruling = self.laws.huff(candidate.huffed)
            self.record(Claim(player=int(mover), claim="huff", detail=str(candidate.huffed)))
            self.say(ruling.message)
        move = candidate.move
        removed = self.own_removed
        if self.laws is not None:
            ruling = self.laws.play(move)
            if not ruling.accepted:
                raise IllegalMoveError(ruling.message)
            outcome = self.laws.outcome
        else:
            self.board.push(move)
            outcome = self.board.outcome()
        if removed is not None and self.board.piece_at(removed) is not None:
            self.board.remove_piece_at(removed)  # Law 18: the man stays off
            self.record(Claim(player=int(not mover), claim="law-18", detail=str(removed)))
            outcome = outcome or self.board.outcome()
        self.ply += 1
        self.record(Commit(ply=self.ply, player=int(mover), notation=str(move), position=self.board.fen(),
                           game_number=self.game_number, mark=mark))
        self.committed.append(str(move))
        self.say(f"{self._name(mover)} played {move}" + (f" {mark}" if mark else "")
                 + (" and is crowned" if move.crowns else ""))
        if outcome is not None:
            self._game_over(outcome)
        else:
            self._begin_move()
            if not (self.laws_options is not None and self.laws_options.touch_move):
                self.takebacks.offer(Undo(before, int(mover), str(move)))

    def _game_over(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = DraughtsPhase.OVER
        self.inference = None
        self.takebacks.close(f"game {self.game_number} is over")
        if outcome.winner is not None:
            self.score[self.player_of(outcome.winner) - 1] += 1
        match_over = self.game_number >= self.options.games
        winner = None if outcome.winner is None else int(outcome.winner)
        self.record(ResultRecord(winner=winner, how=outcome.reason, points=1 if winner is not None else 0,
                                 score=tuple(self.score), game_number=self.game_number,
                                 match_over=match_over))
        who = "drawn" if outcome.winner is None else f"{self._name(outcome.winner)} wins"
        names = self.options.players
        end = "; the match is over" if match_over and self.options.games > 1 else ""
        text = (f"game {self.game_number}: {who} ({outcome.reason}); "
                f"score {names[0]} {self.score[0]}, {names[1]} {self.score[1]}{end}")
        self.results.append(text)
        self.say(text)
        if match_over:
            self.finished = True
            self.over = True
        else:
            self._new_game()

    def command_words(self) -> list[str]:
        """The words typed at the terminal in this game (the keys line)."""
        laws = self.laws_options
        words = ["done", "hint", "takeback", "accept/refuse", "resign"]
        if laws is not None and laws.forty_move_rule:
            words.append("notice")
        if laws is not None and laws.captures == "huff":
            words += ["huff N", "compel"]
        if laws is not None:
            words.append("insist")
        return [*words, "quit"]

    def on_command(self, player: int, word: str, argument: str) -> None:
        told = len(self.message_log)
        command(self, player, word, argument)
        if len(self.message_log) == told:  # no command is answered with silence
            state = {DraughtsPhase.SETUP: "the men are being set up", DraughtsPhase.OVER: "the game is over"
                     }.get(self.phase, f"{self._name(self.board.turn)} to move")
            self.say(f"{word}: nothing to do now ({state})")

    # -- takebacks -----------------------------------------------------------------------------------

    # -- what the seats ask of the game (the computer, the remote player, the hands) ---------------

    def player_name(self, player: int) -> str:
        return self._name(self.player_of(False) != player)

    def player_of_side(self, side: int) -> int:
        return self.player_of(bool(side))

    def to_play(self) -> int | None:
        return self.player_of(self.board.turn) if self.phase == DraughtsPhase.PLAYING else None

    def mover(self) -> int | None:
        return self.to_play()

    def floor(self) -> int | None:
        return None if self.phase == DraughtsPhase.OVER else self.player_of(self.board.turn)

    def turn_key(self) -> object:
        return (self.game_number, self.ply, self.board.position_key())

    def steps_ready(self) -> bool:
        return not self.phase.idle and self.restoring is None

    def scene(self) -> Scene:
        lights = lights_of(self)
        return draughts_scene(self, lights, common_fields(self, lights, lambda side: self._name(bool(side))))

    # -- LEDs and view -----------------------------------------------------------------------------

    def led_plan(self) -> LedPlan:
        computed = self._computer_plan()
        if computed is not None:
            return computed
        plan = LedPlan(self.layout)
        if self.phase == DraughtsPhase.SETUP:
            if self.setup is not None:
                for place in self.setup.missing:
                    plan.place(place, PUT_HERE)
                for place in self.setup.extra:
                    plan.place(place, LIFT_HERE)
            return plan
        if self.phase == DraughtsPhase.OVER:
            if self.outcome is not None and self.outcome.winner is not None:
                plan.status(self.player_of(self.outcome.winner), WINNER)
            return plan
        reading = self.reading
        final = reading is not None and reading.status is Status.FINAL
        plan.status(self.player_of(self.board.turn), PRESS_WHEN_DONE if final else YOUR_TURN)
        if self.guiding and self.guide is not None:
            if self.guide.lift is not None:
                plan.place(("square", self.guide.lift), LIFT_HERE)
            if self.guide.put is not None:
                plan.place(("square", self.guide.put), PUT_HERE)
            return plan
        if self.is_computer(self.player_of(self.board.turn)):
            return plan  # the other seat chooses: none of its options lit (they would invite a touch)
        if self.touched is not None:
            plan.place(("square", self.touched), MUST_MOVE)
        elif self.taught and reading is not None and reading.status is not Status.IN_HAND:
            for move in self.taught:  # teaching: the men that may move
                plan.place(("square", move.from_square), HINT)
        if reading is not None and reading.status is Status.IN_HAND:
            bands = self.teacher.bands(reading)  # quality help: the band of each landing
            for square, kind in reading.destinations.items():
                if square in bands:
                    plan.quality(("square", square), bands[square])
                else:
                    plan.place(("square", square), HIT if kind == CAPTURE else DESTINATION)
        elif reading is not None and reading.status is Status.PARTIAL:
            for move in self.legal_moves():
                if move.captures:
                    plan.place(("square", move.from_square), HIT)
        self.teacher.light(plan)  # a hint, or the better move of a warning, over the rest
        return plan

    def status_lines(self) -> list[str]:
        lines = [f"{self.title}, game {self.game_number}: {self.options.players[0]} {self.score[0]}, "
                 f"{self.options.players[1]} {self.score[1]}", str(self.board)]
        if self.phase == DraughtsPhase.SETUP:
            lines.append("setting up: " + (self.setup.describe() if self.setup else "turn the board over"))
        elif self.phase == DraughtsPhase.PLAYING and self.reading is not None:
            moves = self.legal_moves()
            lines.append(f"{self._name(self.board.turn)} to move: " + ", ".join(map(str, moves[:8]))
                         + (" ..." if len(moves) > 8 else ""))
            untouched = self.inference is not None and self.observation.squares == self.inference.start
            lines.append(f"the board shows: {shown_words(self.reading.status, untouched, 'move')}")
        return self._computer_lines(lines)
