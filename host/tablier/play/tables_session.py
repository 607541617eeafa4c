"""Play a tables game (or a match) on the board: setup, throws, inferred plays, commits, guidance.

Phases: ``setup`` (the men against the start, either way round), ``opening`` (a button throws for
the start), ``throw`` (the side to act presses his button), ``play`` (the men move; the board's
reading decides), ``ask`` (two legal results look alike: the board asks which), ``over``.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from tablier.board.guidance import next_step
from tablier.board.leds import DIE, LedPlan, Meaning
from tablier.board.observation import TABLES_PLACES, Observation, place_name, visible
from tablier.board.orientation import Orientation
from tablier.board.setup import SetupCheck, check_tables
from tablier.board.tables_inference import Candidate, Reading, Status, TurnInference
from tablier.engines import tables_engine
from tablier.engines.candidates import EngineUnavailableError
from tablier.errors import IllegalMoveError, TablierError
from tablier.games import rules_in_force
from tablier.hardware.layout import Layout
from tablier.link.client import SwitchChange
from tablier.record.eventlog import Claim, Commit, CubeAction, DiceRecord, GameStart, ResultRecord, Vie
from tablier.record.log_writer import EventLogWriter
from tablier.tables.faults import explain_illegal
from tablier.tables.match import Match
from tablier.tables.moves import Dice as Throw
from tablier.tables.moves import Play
from tablier.tables.notation import format_play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.position_text import format_position, frame_of, parse_position
from tablier.tables.tavli import TavliRotation
from tablier.tables.turn import (
    ACCEPT,
    ACTOR_WORDS,
    ANSWER,
    DOUBLE,
    DROP,
    OPENING,
    OVER,
    PLAY,
    SEE,
    TABLE_WORDS,
    TAKE,
    THROW,
    VIE,
    YIELD,
    Outcome,
    Turn,
)
from tablier.tables.variant import Variant

from .computer_lights import Lights, MovePath, next_lights, tables_path, tables_shown
from .dice import ELECTRONIC, Dice
from .link import Link
from .session import PlayOptions, Session
from .tables_display import TablesDisplay
from .tables_teacher import TablesTeacher
from .takeback import Takebacks, Undo

if TYPE_CHECKING:
    from .autoplay import AutoHands
    from .computer import Computer
    from .hands import Hands
    from .scene import Scene

SETUP = "setup"
ASKING = "ask"
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
        self.variant = variant
        self.rotation = rotation  # a match of games in turn (Tavli): each game's variant
        self.last_winner: int | None = None
        self.ladder = layout.ladders["point"]
        self.match = Match(variant, self.options.match_length) if variant.facts.match_play else None
        self.game_number = 0
        self.flow: Turn = variant.new_turn()
        self.orientation: Orientation | None = None
        self.phase = SETUP
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
        self.phase = SETUP
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
        self.phase = SETUP
        self.inference = None
        self.reading = None
        self.stop_grace()
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
            self.phase = OPENING
            self.say("press a button to throw for the start", "teach", prompt=True)
        elif awaiting == PLAY:
            self._begin_turn()
        else:
            self.phase = THROW

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
        self.phase = OVER
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
            self.phase = THROW
        elif self.flow.awaiting == OPENING:  # Versailles: the lead doublet played, the lead is thrown again
            self.phase = OPENING
            self.say("press a button to throw for the lead", "teach", prompt=True)

    # -- the turn ----------------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        assert self.orientation is not None
        plays = self.flow.legal_plays()
        self.inference = TurnInference(self.variant, self.flow.position, self.flow.dice, self.orientation,
                                       self.ladder, plays)
        self.phase = PLAY
        self.lifted_places = set()
        self.landed_places = set()
        self.touched = False
        self.narrowing = None
        self.guiding = False
        self.guide = None
        self.hint = ()
        self.asking = ()
        self.stop_grace()
        self.restoring = None
        self.reading = self.inference.read(self.observation.counts)
        if plays == [()]:
            self.say(f"{self._name(self.flow.turn)} cannot move"
                     + (": press the button to pass" if self.prompting else ""), "teach")
        self._after_reading()

    def on_board(self, observation: Observation, changes: list[SwitchChange]) -> None:
        if self.phase in (SETUP, OVER) or (self.phase == OPENING and self.setup is None):
            self._check_setup()
            return
        if self.phase in (OPENING, THROW) and self.orientation is not None:  # men moved between turns
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
                if self.phase == ASKING and index in self.inference.differing_places(self.asking):
                    self.ask_touch = index
        if self._follow_restoring():
            return
        self.reading = self.inference.read(observation.counts, hint)
        if self.phase == ASKING:
            self._answer_ask()
            return
        self._after_reading()

    def _touch(self, place: tuple[str, int]) -> None:
        if (self.touched or place[0] != "point" or self.orientation is None
                or self.flow.turn + 1 in self.hands_for):
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
        assert self.orientation is not None
        self.inference = TurnInference(self.variant, self.flow.position, self.flow.dice, self.orientation,
                                       self.ladder, self.flow.legal_plays())
        if self.phase == PLAY and self.restoring is None:
            self.reading = self.inference.read(self.observation.counts, place)
            self._after_reading()

    def legal_status(self, observation: Observation) -> Status | None:
        if (self.phase == SETUP and observation.tables_face_up) or (
                self.phase in (OPENING, THROW) and self.orientation is not None):  # the men at rest
            way = self.orientation.way if self.orientation else None
            check = check_tables(observation.counts, self.variant, self.flow.position, self.ladder, way)
            return Status.FINAL if check.done else Status.UNKNOWN
        if self.phase not in (PLAY, ASKING) or self.inference is None:
            return None
        same_board = self.reading is not None and tuple(observation.counts) == tuple(self.observation.counts)
        # the session's own reading of this board knows which man was lifted (its hint)
        reading = self.reading if same_board and self.reading else self.inference.read(observation.counts)
        if reading.status is Status.IN_HAND and not reading.destinations:
            return Status.UNKNOWN  # a man gone from where no legal move lifts one
        return reading.status

    def _after_reading(self) -> None:
        assert self.reading is not None
        self.follow_reading(self.reading.status is Status.UNKNOWN)

    def on_grace_over(self) -> None:
        if self.phase != PLAY or self.reading is None or self.reading.status is not Status.UNKNOWN:
            return
        if self.restoring is not None:  # a takeback: the lights already lead back
            return
        self.begin_guiding(f"not a legal play: {self._why()}")

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

    def update_guide(self) -> None:
        assert self.inference is not None
        seen = self.observation.counts
        target = self.inference.nearest(seen)
        shown = visible(target.counts, self.ladder)
        self.guide = next_step(dict(enumerate(seen)), dict(enumerate(shown)))

    def _untouched_landing(self, play: Play) -> int | None:
        """(Option ``touch_down``, the games where a man rests between the dice: Jacquet's) The point
        of the mover's frame where a man using both dice should have rested and was not seen to; None
        if every such man touched down."""
        if not self.options.touch_down or not self.variant.facts.rests_between or self.orientation is None:
            return None
        dice = self.flow.dice
        side = self.flow.turn
        for first in play:
            going_on = any(move.src == first.dst for move in play if move is not first)
            if not going_on or first.dst in (OFF, BAR):
                continue
            if dice is not None and not dice.is_doublet:  # it rested after the one die or the other
                stops = {first.src - dice.first, first.src - dice.second}
            else:
                stops = {first.dst}
            places = {TABLES_PLACES.index(("point", self.orientation.board_point(side, p)))
                      for p in stops if 1 <= p <= 24}
            if not places & self.landed_places:
                return first.dst
        return None

    def _commit(self, candidate: Candidate) -> None:
        assert self.inference is not None
        play = self.inference.play_of(candidate)
        skipped = self._untouched_landing(play)
        if skipped is not None:
            self.say(f"the man using both dice must rest on the intermediate point ({skipped}) "
                     "before going on (touch-down option): lift it, touch down, go on", "warning")
            return
        if self.teacher.stops(candidate):  # teaching: a weak play is warned of before it stands
            return
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
                           dice=tuple(dice) if dice else (), game_number=self.game_number))
        self.committed.append(notation)
        self.say(f"{self._name(side)} played {notation}")
        self.inference = None
        self.reading = None
        self.stop_grace()
        self.guiding = False
        self._after_throw()
        if self.game_number != game or self.variant.facts.touch_and_take:
            return  # the game ended, or touch and take: the reason why no takeback is already given
        if self.phase == THROW:
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
        self.phase = ASKING
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
            self.phase = PLAY
            self._commit(matching[0])

    # -- buttons and commands ----------------------------------------------------------------------

    def on_button(self, player: int) -> None:
        self._narrow()
        side = player - 1
        if self.phase in (OPENING, THROW) and self.setup is not None and not self.setup.done:
            self.say(f"first put the men back where they stand in the game: {self.setup.describe()}")
            return
        if self.phase == OPENING:
            self._opening()
        elif self.phase == THROW:
            if self.flow.awaiting == ANSWER:
                self.say("the double (or vie) must be answered first: take or drop", "teach")
            elif side == self.flow.turn:
                self._turn_throw()
            else:
                self.say(f"it is {self._name(self.flow.turn)}'s turn to throw", "teach")
        elif self.phase == PLAY and not self.computer_pressed(player):
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
            if self.phase == THROW and self.flow.turn == side != mover and not self.is_computer(side + 1):
                self._turn_throw()  # the next roll ends the turn before it
        elif status is Status.AMBIGUOUS:
            self._resolve()
        elif side == mover:
            self.say("the turn is not finished: " + (self._why() if status is Status.UNKNOWN else
                                                     "the men do not show a whole legal play yet"), "teach")

    def on_command(self, player: int, word: str, argument: str) -> None:
        told = len(self.message_log)
        self._command(player, word, argument)
        if len(self.message_log) == told:  # no command is answered with silence
            self.say(f"{word}: nothing to do now ({self._state_words()})")

    def _state_words(self) -> str:
        """Where the game stands, in a few words."""
        mover = self._name(self.flow.turn)
        return {SETUP: "the men are being set up", OPENING: "the opening throw is awaited",
                THROW: f"{mover} to throw", PLAY: f"{mover} to play {self.flow.dice}",
                ASKING: "the board asks which play: `choose N`", OVER: "the game is over"}.get(self.phase, "")

    def command_words(self) -> list[str]:
        """The words typed at the terminal in this game (the keys line)."""
        dice = ["dice A B"] if self.dice.source == "physical" else []
        takeback = ["takeback"] if self.variant.facts.touch_and_take else ["takeback", "accept/refuse"]
        return ["roll", "done", *takeback, "resign", *self.flow.words(), "hint", *dice, "choose N", "quit"]

    def _command(self, player: int, word: str, argument: str) -> None:
        if word in ("roll", "throw", "done"):
            side = self.flow.turn if not player else player - 1
            self.on_button(side + 1)
        elif word == "dice":
            self._typed_dice(argument)
        elif word == "choose":
            if self.phase != ASKING:
                raise IllegalMoveError("the board is not asking which play")
            index = int(argument) - 1 if argument.strip().isdigit() else -1
            if not 0 <= index < len(self.asking):
                raise IllegalMoveError(f"choose 1 to {len(self.asking)}")
            self.phase = PLAY
            self._commit(self.asking[index])
        elif word == "hint":
            self.teacher.hint()
        elif word == "teacher":
            self.say(self.teacher.command(player, argument))
        elif word in ("takeback", "undo"):
            self._take_back(player)
        elif word in ("accept", "refuse") and self.takebacks.asked:
            self._answer_takeback(player, word)
        elif word == "refuse" or (word == ACCEPT and ACCEPT not in self.flow.words()):
            raise IllegalMoveError("no takeback has been asked for")
        elif word == "quit":
            self.say("quit: the game stops here; its log keeps it for `tablier play --resume`")
            self.finished = True
        elif word not in TABLE_WORDS:
            raise IllegalMoveError(f"{word!r} means nothing in {self.variant.title} "
                                   f"({', '.join(self.command_words())})")
        else:
            self._table_word(player, word, argument)

    def _typed_dice(self, argument: str) -> None:
        """``dice A B``: the throw shown by physical dice (or the next throw, typed ahead)."""
        words = argument.replace("-", " ").split()
        if len(words) != 2 or not all(w.isdigit() and 1 <= int(w) <= 6 for w in words):
            raise IllegalMoveError(f"type the two dice, each 1 to 6, like `dice 6 3` (not {argument!r})")
        values = (int(words[0]), int(words[1]))
        self.dice.force(values)
        if self.phase == OPENING:
            self._opening()
        elif self.phase == THROW:
            self._turn_throw()
        else:
            self.say(f"the next throw will show {values[0]}-{values[1]}")

    # -- the words of the table ---------------------------------------------------------------------

    def _table_word(self, player: int, word: str, argument: str) -> None:
        """A word of the table (``double``, ``claim``, ``vie``, ``resign``...) said by ``player`` (0: by
        the side the word belongs to): the turn answers it, the log records it, and the game goes on,
        ends, or moves to its next throw."""
        if self.takebacks.undo is not None:
            self.takebacks.close(f"`{word}` was said since")
        if player:
            side = player - 1
        elif word in ACTOR_WORDS:
            side = self.flow.turn
        else:
            side = 1 - self.flow.turn
        said = self.flow.command(side, word, argument)
        self.say(said)
        if word in (DOUBLE, TAKE, DROP):
            self.record(CubeAction(player=side, action=word, value=self.flow.cube_value))
        elif word in (VIE, SEE, YIELD):
            self.record(Vie(player=side, action=word, stake=self.flow.vies))
        else:
            self.record(Claim(player=side, claim=word, detail=argument))
        if self.flow.outcome is not None:
            self._game_over()
        elif self.phase == PLAY and self.flow.awaiting != PLAY:
            self.phase = THROW
            self.inference = None
        elif self.phase == THROW and self.flow.awaiting == PLAY:
            self._begin_turn()

    # -- takebacks -----------------------------------------------------------------------------------

    def _take_back(self, player: int) -> None:
        """``takeback``: said by the side playing his throw, the men of the turn go back to where it
        began; said after a committed play (before the next throw), its player asks to take it back."""
        moved = self.inference is not None and tuple(self.observation.counts) != visible(
            self.inference.candidates[0].counts, self.ladder)
        if self.phase in (PLAY, ASKING) and (player - 1 == self.flow.turn or (not player and moved)):
            if self.variant.facts.touch_and_take and self.flow.must_move():
                raise IllegalMoveError("touch and take: the man touched must be played")
            self.phase = PLAY
            self._guide_back("take back: put the men back where the turn began")
            return
        side = player - 1 if player else 1 - self.flow.turn
        undo = self.takebacks.ask(side)
        self.say(f"{self._name(side)} asks to take back {undo.notation}: {self._name(1 - side)}, "
                 "say `accept` or `refuse`")

    def _answer_takeback(self, player: int, word: str) -> None:
        """``accept`` or ``refuse`` of the adversary of the side that asked to take a play back."""
        assert self.takebacks.undo is not None
        side = player - 1 if player else 1 - self.takebacks.undo.side
        undo = self.takebacks.answer(side)
        if word == "refuse":
            self.takebacks.asked = False
            self.say(f"{self._name(side)} refuses: {undo.notation} stands")
            return
        self.takebacks.close(f"{undo.notation} was taken back")
        self.flow = undo.state
        self.ply -= 1
        self.committed.pop()
        self.record(Claim(player=undo.side, claim="takeback", detail=undo.notation))
        self.say(f"{self._name(side)} agrees: {self._name(undo.side)} takes back {undo.notation} "
                 f"and plays {self.flow.dice} again")
        self._begin_turn()
        self._guide_back("put the men back where the turn began, as the lights show")

    def _guide_back(self, text: str) -> None:
        """Light the way back to the start of the turn (lift-here, put-here) until the men stand there."""
        assert self.inference is not None
        self.restoring = visible(self.inference.candidates[0].counts, self.ladder)
        self.stop_grace()
        self.say(text, "teach")
        self._follow_restoring()

    def _follow_restoring(self) -> bool:
        """While the men go back after a takeback: the next man to lift or put; False once they
        stand where the turn began (or no takeback is under way)."""
        if self.restoring is None or self.inference is None:
            return False
        seen = tuple(self.observation.counts)
        if seen == self.restoring:
            self.restoring = None
            self.guiding = False
            self.guide = None
            self.reading = self.inference.read(seen)
            self.say("the men stand where the turn began", "teach")
            return False
        self.guiding = True
        self.reading = Reading(Status.UNKNOWN)
        self.guide = next_step(dict(enumerate(seen)), dict(enumerate(self.restoring)))
        return True

    # -- what the seats ask of the game (the computer, the remote player, the hands) ---------------

    def player_name(self, player: int) -> str:
        return self._name(player - 1)

    def to_play(self) -> int | None:
        return self.flow.turn + 1 if self.phase in (PLAY, ASKING) else None

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
        return self.phase in (OPENING, THROW)

    def steps_ready(self) -> bool:
        return self.phase not in (SETUP, OVER) and self.restoring is None

    def moves_named(self, notation: str) -> list[object]:
        return [play for play in (self.inference.plays if self.inference is not None else [])
                if self.move_notation(play) == notation]

    def move_allowed(self, move: object) -> bool:
        return self.inference is not None and move in self.inference.plays

    def move_notation(self, move: object) -> str:
        play = cast(Play, move)
        return format_play(play) if play else "-"

    def move_path(self, move: object, huffed: int | None) -> MovePath:
        return tables_path(self, cast(Play, move))

    def path_lights(self, path: MovePath, confirmed: int) -> Lights:
        seen = dict(enumerate(self.observation.counts))
        return next_lights(path, seen, tables_shown(self.ladder), confirmed)

    def shown_move(self, move: object) -> object | None:
        reading, inference = self.reading, self.inference
        if reading is None or inference is None or reading.status not in (Status.FINAL, Status.AMBIGUOUS):
            return None
        target = self.variant.after(inference.start, cast(Play, move))
        return next((candidate for candidate in reading.finals
                     if self.variant.after(inference.start, inference.play_of(candidate)) == target), None)

    def commit_shown(self, shown: object) -> None:
        self._commit(cast(Candidate, shown))

    def light_place(self, plan: LedPlan, index: int, meaning: Meaning) -> None:
        plan.place(TABLES_PLACES[index], meaning)

    def light_throw(self, plan: LedPlan) -> None:
        dice = self.flow.dice
        if dice is not None:
            plan.die(1, dice.first, DIE).die(2, dice.second, DIE)

    def place_words(self, index: int) -> str:
        """``point 13`` (the mover's own numbering), ``the bar (black)``, ``the tray``."""
        kind, number = TABLES_PLACES[index]
        if kind == "point":
            orientation = self.orientation
            return f"point {orientation.own_point(self.flow.turn, number) if orientation else number}"
        return "the tray" if kind == "tray" else f"the bar ({'black' if number == 1 else 'white'})"

    def act_for(self, computer: Computer) -> None:
        computer.act_tables(self)

    def check_computer(self) -> None:
        try:
            tables_engine(self.variant)
        except EngineUnavailableError as error:
            raise TablierError(f"the computer cannot play {self.variant.title}: {error}") from None

    def touch_named(self, number: int) -> None:
        if self.orientation is None or self.phase not in (PLAY, ASKING):
            raise IllegalMoveError("no turn is being played")
        self._touch(self.orientation.place_of(self.flow.turn, number))

    def touched_by(self, player: int, committing: bool) -> int | None:
        flow = self.flow
        if flow.variant.facts.touch_and_take and (committing or self.to_play() == player):
            return next(iter(flow.must_move()), None)
        return None

    def show_throw(self, values: tuple[int, int]) -> None:
        told = len(self.message_log)
        self.on_command(0, "dice", f"{values[0]} {values[1]}")
        if len(self.message_log) == told:
            self.say(f"the dice show {values[0]}-{values[1]}")

    def set_up_by(self, hands: Hands, way: str) -> None:
        hands.turn_face(True)
        hands.set_up_tables(Orientation(self.variant, way).counts(self.flow.position))

    def plan_for(self, player: AutoHands) -> None:
        player.plan_tables(self)

    def scene(self) -> Scene:
        from .scene import tables_scene

        return tables_scene(self)

    # -- LEDs and view -----------------------------------------------------------------------------

    def led_plan(self) -> LedPlan:
        return self.computer_plan() or self.display.led_plan()

    def status_lines(self) -> list[str]:
        return self.computer_lines(self.display.status_lines())
