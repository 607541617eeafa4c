"""Play a tables game (or a match) on the board: setup, throws, inferred plays, commits, guidance.

Phases: ``setup`` (the men against the start, either way round), ``opening`` (a button throws for
the start), ``throw`` (the side to act presses his button), ``play`` (the men move; the board's
reading decides), ``ask`` (two legal results look alike: the board asks which), ``over``.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tablier.board.guidance import next_step
from tablier.board.leds import LedPlan
from tablier.board.observation import TABLES_PLACES, Observation, place_name, visible
from tablier.board.orientation import Orientation
from tablier.board.setup import SetupCheck, check_tables
from tablier.board.tables_inference import Candidate, Reading, Status, TurnInference
from tablier.errors import IllegalMoveError
from tablier.games import rules_in_force
from tablier.hardware.layout import Layout
from tablier.link.client import SwitchChange
from tablier.record.eventlog import Commit, DiceRecord, GameStart, ResultRecord
from tablier.record.log_writer import EventLogWriter
from tablier.tables.faults import explain_illegal
from tablier.tables.match import Match
from tablier.tables.moves import Dice as Throw
from tablier.tables.notation import format_play
from tablier.tables.position import Position
from tablier.tables.position_text import format_position, frame_of, parse_position
from tablier.tables.tavli import TavliRotation
from tablier.tables.turn import (
    ANSWER,
    OPENING,
    OVER,
    PLAY,
    THROW,
    Outcome,
    Turn,
)
from tablier.tables.variant import Variant

from ..dice import ELECTRONIC, Dice
from ..link import Link
from ..scene import common_fields, lights_of
from ..session import PlayOptions, Session
from ..takeback import Takebacks, Undo
from . import timed
from .display import TablesDisplay
from .moves import TablesMoves
from .phase import TablesPhase
from .scene import tables_scene
from .seat import TablesDecisions
from .teacher import TablesTeacher
from .touch_down import untouched_landing
from .words import command, follow_restoring, state_words

if TYPE_CHECKING:
    from tablier.board.scene import Scene

    from ..match_clock import ClockTurn


#: Why Ticktack has no takeback.
TOUCH_AND_TAKE = ("Ticktack's rule is touch and take (Cotton's Compleat Gamester, 1674): a man touched "
                  "must be played, and a play made stands")
#: How long after Ticktack's touch the turn is narrowed to the plays that take the man touched: the
#: lift's lights first (they are the same either way), then the work.
NARROW_AFTER_S = 0.02


class TablesSession(Session):
    """A match of one tables game on the board."""

    family = "tables"
    has_dice = True

    def __init__(self, variant: Variant, link: Link, layout: Layout, dice: Dice,
                 log: EventLogWriter | None = None, options: PlayOptions | None = None,
                 clock: Callable[[], float] = time.monotonic, rotation: TavliRotation | None = None) -> None:
        super().__init__(link, layout, dice, log, options, clock)
        self.board_moves = TablesMoves(self)
        self.seat_decisions = TablesDecisions(self)
        self.variant = variant
        self.rotation = rotation  # a match of games in turn (Tavli): each game's variant
        self.last_winner: int | None = None
        self.ladder = layout.ladders["point"]
        self.match = Match(variant, self.options.match_length) if variant.facts.match_play else None
        self.game_number = 0
        self.flow: Turn = variant.new_turn()
        self.orientation: Orientation | None = None
        self.phase = TablesPhase.SETUP
        self.setup: SetupCheck | None = None
        self.inference: TurnInference | None = None
        self.reading: Reading | None = None
        self.asking: tuple[Candidate, ...] = ()
        self.ask_touch: int | None = None
        self.lifted_places: set[int] = set()
        self.landed_places: set[int] = set()
        self.touched = False
        # Ticktack: the place of the man touched and when to narrow the turn to the plays taking him
        self.narrowing: tuple[int, float] | None = None
        self.hint: tuple[int, ...] = ()
        self.ply = 0
        self.next_first: int | None = None
        self.told_face = False
        self.first_position: Position | None = None  # --position: the first game starts here
        self.takebacks: Takebacks[Turn] = Takebacks()
        self.restoring: tuple[int, ...] | None = None  # a takeback: the men go back to these counts
        self.teacher: TablesTeacher = TablesTeacher(self)
        self.display = TablesDisplay(self)  # how the session looks: its lights and its lines
        if self.options.position:
            self.first_position = parse_position(self.options.position, frame_of(variant))
            variant.validate(self.first_position)

    # -- games -------------------------------------------------------------------------------------

    def start(self) -> None:
        self.teacher.announce()
        self._new_game()

    def _new_game(self) -> None:
        self.game_number += 1
        cube_allowed = None
        if self.match is not None:
            cube_allowed = not self.match.crawford_game
        position = self.first_position if self.game_number == 1 else None
        if self.rotation is not None and self.game_number > 1:
            self.variant = self.rotation.variant(self.game_number)
            if self.orientation is not None:  # the same way round, read with this game's frame
                self.orientation = Orientation(self.variant, self.orientation.way)
            if self.last_winner is not None:  # the winner of the game before begins this one
                position = self.variant.start_position(self.last_winner)
        self.flow = self.variant.new_turn(cube_allowed, self.next_first, position)
        self.ply = 0
        self.phase = TablesPhase.SETUP
        self.inference = None
        self.reading = None
        if self.variant.facts.touch_and_take:
            self.takebacks.close(TOUCH_AND_TAKE)
        self.record(GameStart(number=self.game_number, sides=self.options.players,
                              position=format_position(self.flow.position, frame_of(self.variant)),
                              score=tuple(self.score),
                              orientation=self.orientation.way if self.orientation else "",
                              crawford=bool(self.match and self.match.crawford_game)))
        rules = rules_in_force(self.variant.info(), self.variant.options)
        title = self.variant.title + (f" ({rules})" if rules else "")
        self.say(f"game {self.game_number} of {title}: set up the men")
        self._check_setup()

    def resume_check(self) -> None:
        """After a resumption: check the board against the position reached, guiding the fixes."""
        self.phase = TablesPhase.SETUP
        self.inference = None
        self.reading = None
        self._stop_grace()
        self.say("resumed: put the men as the position stands", "teach")
        self._check_setup()

    def _check_setup(self) -> None:
        if not self.observation.tables_face_up:
            if self.setup is not None or not self.told_face:
                self.say("turn the board to its tables face", "teach")
                self.told_face = True
            self.setup = None
            return
        way = self.orientation.way if self.orientation else None
        self.setup = check_tables(self.observation.counts, self.variant, self.flow.position, self.ladder, way)
        if self.setup.done:
            self.orientation = self.setup.orientation
            assert self.orientation is not None
            self.say(f"the men are set up ({self.orientation.way})")
            self._after_setup()

    def _after_setup(self) -> None:
        awaiting = self.flow.awaiting
        if awaiting == OPENING:
            self.phase = TablesPhase.OPENING
            self.say("press a button to throw for the start", "teach", prompt=True)
        elif awaiting == PLAY:
            self._begin_turn()
        else:
            self.phase = TablesPhase.THROW

    def _game_over(self) -> None:
        outcome = self.flow.outcome
        assert outcome is not None
        self.score[outcome.winner] += outcome.points
        match_over = self._match_over(outcome)
        self.record(ResultRecord(winner=outcome.winner, how=outcome.how, points=outcome.points,
                                 score=tuple(self.score), game_number=self.game_number,
                                 match_over=match_over))
        self.told_result(self.display.result_text(outcome, match_over))
        self.takebacks.close(f"game {self.game_number} is over")
        self.phase = TablesPhase.OVER
        self.inference = None
        self.next_first = 1 - outcome.winner
        self.last_winner = outcome.winner if outcome.points else None
        if match_over:
            self.finished = True
            self.over = True
        else:
            self._new_game()

    def told_result(self, text: str) -> None:
        """Tell a game's result (kept for the end of the session too)."""
        self.results.append(text)
        self.say(text)

    def _match_over(self, outcome: Outcome) -> bool:
        if self.match is not None:
            self.match.record(outcome)
            if self.match.length:
                return self.match.is_over()
        if self.options.match_length:
            return max(self.score) >= self.options.match_length
        return self.game_number >= self.options.games

    def _name(self, side: int) -> str:
        return f"{self.options.players[side]} ({'black' if side == 0 else 'white'})"

    # -- throws ------------------------------------------------------------------------------------

    def _throw(self, count: int) -> tuple[int, ...] | None:
        values = self.dice.throw(count)
        wanted = self.dice.wanted(count) if values is None else ""
        if wanted:
            self.say(wanted)
        return values

    def _opening(self) -> None:
        values = self._throw(2)
        if values is None:
            return
        self.record(DiceRecord(player=0, dice=values, purpose="opening", source=self.dice.source))
        self.say(self.flow.cast_opening(values[0], values[1]))
        self._after_throw()

    def _turn_throw(self) -> None:
        values = self._throw(2)
        if values is None:
            return
        side = self.flow.turn
        self.flow.throw(Throw(values[0], values[1]))
        self.record(DiceRecord(player=side, dice=values, source=self.dice.source))
        self.say(f"{self._name(side)} throws {values[0]}-{values[1]}")
        self._after_throw()

    def _after_throw(self) -> None:
        if self.takebacks.undo is not None:
            self.takebacks.close("the next throw is already made: a play stands once the adversary throws")
        if self.flow.outcome is not None:
            self._game_over()
        elif self.flow.awaiting == PLAY:
            self._begin_turn()
        elif self.flow.awaiting == THROW:
            self.phase = TablesPhase.THROW
        elif self.flow.awaiting == OPENING:  # Versailles: the lead doublet played, the lead is thrown again
            self.phase = TablesPhase.OPENING
            self.say("press a button to throw for the lead", "teach", prompt=True)

    # -- the turn ----------------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        assert self.orientation is not None
        plays = self.flow.legal_plays()
        self.inference = TurnInference(self.variant, self.flow.position, self.flow.dice, self.orientation,
                                       self.ladder, plays)
        self.phase = TablesPhase.PLAY
        self.lifted_places = set()
        self.landed_places = set()
        self.touched = False
        self.narrowing = None
        self.guiding = False
        self.guide = None
        self.hint = ()
        self.asking = ()
        self._stop_grace()
        self.restoring = None
        self.reading = self.inference.read(self.observation.counts)
        self.teacher.begin_quality()  # a person's quality lights: the turn's bands, off the lights' path
        if plays == [()]:
            self.say(f"{self._name(self.flow.turn)} cannot move"
                     + (": press the button to pass" if self.prompting else ""), "teach")
        self._after_reading()

    def on_board(self, observation: Observation, changes: list[SwitchChange]) -> None:
        if self.phase.idle or (self.phase == TablesPhase.OPENING and self.setup is None):
            self._check_setup()
            return
        if self.phase.throwing and self.orientation is not None:  # men moved between turns
            self.setup = check_tables(observation.counts, self.variant, self.flow.position, self.ladder,
                                      self.orientation.way)
            return
        if self.inference is None:
            return
        self._narrow()  # a man touched before this change
        hint = None
        for change in changes:
            place = self.observer.place_of(change.switch)
            if place is None or place[0] == "square":
                continue
            index = TABLES_PLACES.index(place)
            if change.closed:
                self.landed_places.add(index)
            else:
                hint = index
                self.lifted_places.add(index)
                self._touch(place)
                if self.phase == TablesPhase.ASKING and index in self.inference.differing_places(self.asking):
                    self.ask_touch = index
        if follow_restoring(self):
            return
        self.reading = self.inference.read(observation.counts, hint)
        if len(self.reading.lifted) == 1:
            self.teacher.quality.lift(self.reading.lifted[0])  # a hint spent (once a place a turn)
        if self.phase == TablesPhase.ASKING:
            self._answer_ask()
            return
        self._after_reading()

    def _touch(self, place: tuple[str, int]) -> None:
        if (self.touched or place[0] != "point" or self.orientation is None
                or self.flow.turn + 1 in self.hands_for or self.flow.turn + 1 in self.options.reading):
            return
        side = self.flow.turn
        point = self.orientation.own_point(side, place[1])
        if self.flow.position.mover[point]:
            self.touched = True
            said = self.flow.touch(point)
            if said:
                self.say(said, "teach")
                self.narrowing = (TABLES_PLACES.index(place), self.clock() + NARROW_AFTER_S)

    def on_tick(self, now: float) -> None:
        self.teacher.on_tick()  # a hint thought about is lit once it comes
        if self.narrowing is not None and now >= self.narrowing[1]:
            self._narrow()

    def _narrow(self) -> None:
        """After Ticktack's touch: the turn narrowed to the plays that take the man touched, and the
        board read again. Done once the lift's lights are out (:data:`NARROW_AFTER_S`), or before
        anything else the board or a button says: the turn's plays light the same landings for the
        man touched (each one that moves a man from his point takes him), so his lights need not
        wait for the narrowed turn."""
        if self.narrowing is None:
            return
        place, _ = self.narrowing
        self.narrowing = None
        if self.phase not in (TablesPhase.PLAY, TablesPhase.ASKING):
            return  # the turn ended first (a claim of the table took the game): nothing to narrow
        assert self.orientation is not None
        self.inference = TurnInference(self.variant, self.flow.position, self.flow.dice, self.orientation,
                                       self.ladder, self.flow.legal_plays())
        self.teacher.begin_quality()
        if self.phase == TablesPhase.PLAY and self.restoring is None:
            self.reading = self.inference.read(self.observation.counts, place)
            self._after_reading()

    def _legal_status(self, observation: Observation) -> Status | None:
        if (self.phase == TablesPhase.SETUP and observation.tables_face_up) or (
                self.phase.throwing and self.orientation is not None):  # the men at rest
            way = self.orientation.way if self.orientation else None
            check = check_tables(observation.counts, self.variant, self.flow.position, self.ladder, way)
            return Status.FINAL if check.done else Status.UNKNOWN
        if self.phase not in (TablesPhase.PLAY, TablesPhase.ASKING) or self.inference is None:
            return None
        same_board = self.reading is not None and tuple(observation.counts) == tuple(self.observation.counts)
        # the session's own reading of this board knows which man was lifted (its hint)
        reading = self.reading if same_board and self.reading else self.inference.read(observation.counts)
        if reading.status is Status.IN_HAND and not reading.destinations:
            return Status.UNKNOWN  # a man gone from where no legal move lifts one
        return reading.status

    def _after_reading(self) -> None:
        assert self.reading is not None
        self._follow_reading(self.reading.status is Status.UNKNOWN)

    def on_grace_over(self) -> None:
        if (self.phase != TablesPhase.PLAY or self.reading is None
                or self.reading.status is not Status.UNKNOWN):
            return
        if self.restoring is not None:  # a takeback: the lights already lead back
            return
        self._begin_guiding(f"not a legal play: {self._why()}")

    def _why(self) -> str:
        assert self.inference is not None
        dice = self.flow.dice
        shown = self.inference.moves_shown(self.observation.counts)
        if dice is None or shown is None:
            return "the men do not stand where legal play can bring them"
        try:
            reason = explain_illegal(self.variant, self.flow.position, dice, shown)
        except (IllegalMoveError, IndexError, ValueError):
            reason = None
        return reason or f"{format_play(shown)} is not a legal play of {dice}"

    def _update_guide(self) -> None:
        assert self.inference is not None
        seen = self.observation.counts
        target = self.inference.nearest(seen)
        shown = visible(target.counts, self.ladder)
        self.guide = next_step(dict(enumerate(seen)), dict(enumerate(shown)))

    def _commit(self, candidate: Candidate) -> None:
        assert self.inference is not None
        play = self.inference.play_of(candidate)
        skipped = untouched_landing(self, play)
        if skipped is not None:
            self.say(f"the man using both dice must rest on the intermediate point ({skipped}) "
                     "before going on (touch-down option): lift it, touch down, go on", "warning")
            return
        if self.teacher.stops(candidate):  # teaching: a weak play is warned of before it stands
            return
        mark = self.teacher.mark(candidate)
        side = self.flow.turn
        dice = self.flow.dice
        before = copy.deepcopy(self.flow, {id(self.variant): self.variant})
        game = self.game_number
        self.flow.play(play)
        self.ply += 1
        notation = format_play(play) if play else "-"
        after = self.flow.position if self.flow.outcome is None else self.variant.after(
            self.inference.start, play)
        self.record(Commit(ply=self.ply, player=side, notation=notation,
                           position=format_position(after, frame_of(self.variant)),
                           dice=tuple(dice) if dice else (), game_number=self.game_number, mark=mark))
        self.committed.append(notation)
        self.say(f"{self._name(side)} played {notation}" + (f" {mark}" if mark else ""))
        self.inference = None
        self.reading = None
        self._stop_grace()
        self.guiding = False
        self._after_throw()
        if self.game_number != game or self.variant.facts.touch_and_take:
            return  # the game ended, or touch and take: the reason why no takeback is already given
        if self.phase == TablesPhase.THROW:
            self.takebacks.offer(Undo(before, side, notation))
        else:
            self.takebacks.close("the next throw is already being played")

    def _resolve(self) -> None:
        """The player ended his turn while two legal results look alike: decide or ask."""
        assert self.reading is not None and self.inference is not None
        finals = self.reading.finals
        start = self.inference.candidates[0].counts if self.inference.candidates else ()

        def seen_leaving(candidate: Candidate) -> int:
            return sum(1 for n in self.lifted_places if start and candidate.counts[n] < start[n])

        best = max(seen_leaving(c) for c in finals)
        chosen = [c for c in finals if seen_leaving(c) == best]
        if len(chosen) == 1:
            self._commit(chosen[0])
            return
        self.phase = TablesPhase.ASKING
        self.asking = tuple(chosen)
        self.ask_touch = None
        places = ", ".join(place_name(TABLES_PLACES[n]) for n in self.inference.differing_places(chosen))
        options = "; ".join(f"{n + 1}: {format_play(self.inference.play_of(c))}"
                            for n, c in enumerate(chosen))
        self.say(f"which play? the board cannot see the difference ({options}). Lift and put back a man "
                 f"on the blinking place your play left with fewer men ({places}), or type `choose N`")

    def _answer_ask(self) -> None:
        """A man lifted and put back on a blinking place picks the play that leaves the fewest men
        there."""
        assert self.reading is not None and self.inference is not None
        if self.ask_touch is None or self.reading.status is not Status.AMBIGUOUS:
            return
        place = self.ask_touch
        fewest = min(c.counts[place] for c in self.asking)
        matching = [c for c in self.asking if c.counts[place] == fewest]
        self.ask_touch = None
        if len(matching) == 1:
            self.phase = TablesPhase.PLAY
            self._commit(matching[0])

    # -- buttons and commands ----------------------------------------------------------------------

    def on_button(self, player: int) -> None:
        self._narrow()
        side = player - 1
        if self.phase.throwing and self.setup is not None and not self.setup.done:
            self.say(f"first put the men back where they stand in the game: {self.setup.describe()}")
            return
        if self.phase == TablesPhase.OPENING:
            self._opening()
        elif self.phase == TablesPhase.THROW:
            if self.flow.awaiting == ANSWER:
                self.say("the double (or vie) must be answered first: take or drop", "teach")
            elif side == self.flow.turn:
                self._turn_throw()
            else:
                self.say(f"it is {self._name(self.flow.turn)}'s turn to throw", "teach")
        elif self.phase == TablesPhase.PLAY and not self._computer_pressed(player):
            self._end_turn(side)

    def _end_turn(self, side: int) -> None:
        assert self.reading is not None
        if self.restoring is not None:
            self.say("first put the men back where the turn began, as the lights show")
            return
        mover = self.flow.turn
        status = self.reading.status
        if status is Status.FINAL:
            self._commit(self.reading.finals[0])
            if (self.phase == TablesPhase.THROW and self.flow.turn == side != mover
                    and not self.is_computer(side + 1)):
                self._turn_throw()  # the next roll ends the turn before it
        elif status is Status.AMBIGUOUS:
            self._resolve()
        elif side == mover:
            self.say("the turn is not finished: " + (self._why() if status is Status.UNKNOWN else
                                                     "the men do not show a whole legal play yet"), "teach")

    def on_command(self, player: int, word: str, argument: str) -> None:
        told = len(self.message_log)
        command(self, player, word, argument)
        if len(self.message_log) == told:  # no command is answered with silence
            self.say(f"{word}: nothing to do now ({state_words(self)})")

    def command_words(self) -> list[str]:
        """The words typed at the terminal in this game (the keys line)."""
        dice = ["dice A B"] if self.dice.source == "physical" else []
        takeback = ["takeback"] if self.variant.facts.touch_and_take else ["takeback", "accept/refuse"]
        return ["roll", "done", *takeback, "resign", *self.flow.words(), "hint", *dice, "choose N", "quit"]

    # -- the words of the table ---------------------------------------------------------------------

    # -- what the seats ask of the game (the computer, the remote player, the hands) ---------------

    def player_name(self, player: int) -> str:
        return self._name(player - 1)

    def to_play(self) -> int | None:
        return self.flow.turn + 1 if self.phase.moving else None

    def mover(self) -> int | None:
        return self.to_play() if self.inference is not None else None

    def floor(self) -> int | None:
        awaiting = self.flow.awaiting
        if awaiting == OPENING:
            return None if self.dice.source == ELECTRONIC else 1
        if awaiting == OVER:
            return None
        return (self.flow.answering() if awaiting == ANSWER else self.flow.turn) + 1

    def turn_key(self) -> object:
        dice = self.flow.dice
        return (self.game_number, self.ply, tuple(dice) if dice else (), self.flow.position)

    def throwing(self) -> bool:
        return self.phase.throwing

    def clock_turn(self) -> ClockTurn | None:
        return timed.clock_turn(self)

    def lost_on_time(self, side: int) -> None:
        timed.lose_on_time(self, side)

    def steps_ready(self) -> bool:
        return not self.phase.idle and self.restoring is None

    def scene(self) -> Scene:
        lights = lights_of(self)
        return tables_scene(self, lights, common_fields(self, lights, self._name))

    # -- LEDs and view -----------------------------------------------------------------------------

    def led_plan(self) -> LedPlan:
        return self._computer_plan() or self.display.led_plan()

    def status_lines(self) -> list[str]:
        return self._computer_lines(self.display.status_lines())
