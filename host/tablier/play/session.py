"""The turn loop's common part: link events in, log records out, commands, timers, LEDs, the view.

A :class:`Session` runs one match on one board. Every loop it takes the switch changes from the
:class:`~tablier.play.link.Link` (each written to the event log with its sequence number and
firmware time), turns the closed switches into an :class:`~tablier.board.observation.Observation`,
hands button presses and board changes to the game's session (:class:`TablesSession`,
:class:`DraughtsSession`), reads commands typed at the terminal, runs the grace timer, sends the LED
plan and redraws the view. An *actor* (a script's or a built-in player's hands on the simulated
board) is given a turn whenever the host has seen everything it did.

Faulty switches (dead, stuck, chattering) are watched for by
:class:`~tablier.board.sensor_health.SensorHealth` on every reading, every loop and in the
firmware's STATUS: the session names the place, blinks it ``faulty``, masks the switch (logged as a
``mask`` command) and reads the board again, so the game's session only ever sees masked readings;
a press the board cannot read because of one switch is asked about (``docs/play.md``).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablier.board.guidance import Step
from tablier.board.leds import FAULTY, LINK_WAIT, LedPlan
from tablier.board.observation import Observation, Observer
from tablier.board.palettes import find_palette
from tablier.board.sensor_health import DEAD, FAULT_KINDS, STUCK, SensorHealth, Suspicion
from tablier.board.tables_inference import Status
from tablier.errors import TablierError
from tablier.hardware.layout import Layout, Switch
from tablier.link import wire
from tablier.link.client import SwitchChange
from tablier.record.eventlog import Command, Commit, LinkState, Message, Record, SnapshotRecord, SwitchEvent
from tablier.record.log_writer import EventLogWriter

from .dice import Dice
from .hearing import QUIET, Hearing
from .link import CONNECTED, Link
from .match_clock import MatchClock, expired_line
from .options import GRACE_S as GRACE_S
from .options import PlayOptions as PlayOptions
from .seats import ActorOf, CommandSource, OtherSeat
from .steady_face import SteadyFace
from .takeback import Takebacks

if TYPE_CHECKING:
    from tablier.board.scene import Scene

    from .board_move import MovesOnBoard
    from .seat_decisions import SeatDecisions
    from .teaching import Teacher

#: How long the status lights show ``link-wait`` after the host (re)connects.
LINK_WAIT_S = 1.0
#: How often the host asks the board for its STATUS (the firmware's chattering switches).
STATUS_EVERY_S = 0.5
#: How long a place whose switch looks faulty blinks ``faulty`` after the players are told.
FAULT_LIGHT_S = 4.0


IDLE_END_S = 0.3
"""How long the hands (a script) may have nothing to do, the board quiet and the game not over,
before the loop ends; an actor's own ``idle_end_s`` says otherwise (the demo's players wait longer
for the computer's next light on a busy machine)."""


class Session:
    """The loop shared by every game; the game's session fills in the ``on_*`` hooks."""

    family = ""
    has_dice = False
    """Whether the game is played with dice (thrown, typed or shared board to board)."""
    restoring: object | None = None
    """A takeback under way: where the men go back to (the game's session sets it)."""
    teacher: Teacher
    """The game's teacher (hints, warnings of weak plays), set by the game's session."""
    board_moves: MovesOnBoard
    """The move on the board as the game's family makes it (its wing sets it)."""
    seat_decisions: SeatDecisions
    """What the seats that are not a person at this board ask of the game's family (its wing)."""

    def __init__(self, link: Link, layout: Layout, dice: Dice, log: EventLogWriter | None = None,
                 options: PlayOptions | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.link = link
        self.layout = layout
        self.observer = Observer(layout)
        self._places = {switch.id: switch.place for switch in layout.switches}
        self.dice = dice
        self.log = log
        self.options = options or PlayOptions()
        self.clock = clock
        self.messages: list[str] = []
        self.message_log: list[str] = []  # every message, for a plain transcript
        self.finished = False
        self.over = False  # the match is over (``finished`` alone may be a stop: quit, end of input)
        self.results: list[str] = []  # each game's result, as told
        self.started = False
        self.observation = self.observer.observe(())
        self.score = [0, 0]  # per player (1 and 2), over the match
        self.committed: list[str] = []  # the notation of every committed move, in order
        self.movers: list[int] = []  # who made each of them: the side (0, 1) of its Commit record
        self.marks: list[str] = []  # the teacher's mark of each (``?!``, ``?``, ``??``, "")
        self.decided = 0  # the decisions recorded (the log's durable records): what a word changed
        self.grace_until: float | None = None
        self.guide: Step[int] | None = None  # the next man to lift or put back, once guiding
        self.guiding = False
        self.prompting = True  # a person's hands move the men: ask him to press (the demo's need no asking)
        self.on_redraw: Callable[[Session], None] | None = None
        self._last_wishes: list[tuple[int, tuple[int, int, int], int]] | None = None
        self.link_wait_until = clock() + LINK_WAIT_S  # the status lights say "link" for a moment
        self.health = SensorHealth(layout)  # dead, stuck and chattering switches, masked
        self.face = SteadyFace(layout)  # a flip is acted on once it has held face_stable_ms
        self.faults_told: list[tuple[float, Suspicion]] = []  # when each was told (for the bench)
        self._offered: tuple[int, bool] | None = None  # a press asked: "press again if ..."
        self._next_status = 0.0
        self._seen_status: object | None = None
        self.chain_told = False  # the players were told the switch chain is broken
        self.computer: OtherSeat[Session] | None = None  # the other seat: the engine's, or the far board's
        self.takebacks: Takebacks[Any] = Takebacks()  # the game's session keeps its moves' here
        self.typed_line: Callable[[str], None] = self.command_line  # a line typed at the terminal
        # (the remote seat's to route: :mod:`.remote_seat`)
        self.hands_for: set[int] = set()  # players whose men the local player moves for them, as lit:
        # lifting them binds nobody (touch rules); their own board's host says their touches
        self.match_clock: MatchClock | None = None  # the clocks run by the board (``--clock``), live only
        self.speech: Hearing[Session] = QUIET  # said aloud (:mod:`.speaking`: --speech, --reading)
        link.on_state = self._link_state

    def adopt(self, link: Link, log: EventLogWriter | None) -> None:
        """Continue on another board link and log (a resumed session, replayed from its log)."""
        self.link = link
        self.log = log
        link.on_state = self._link_state
        self._last_wishes = None

    # -- hooks for the game sessions --------------------------------------------------------------

    def on_board(self, observation: Observation, changes: list[SwitchChange]) -> None:
        """The men moved (``changes`` in order; the observation is the board after them)."""

    def on_button(self, player: int) -> None:
        """Player ``player`` (1 or 2) pressed his button."""

    def on_command(self, player: int, word: str, argument: str) -> None:
        """A command typed at the terminal."""

    def on_grace_over(self) -> None:
        """The board stood in a state that matches nothing for the grace time."""

    def on_tick(self, now: float) -> None:
        """Every turn of the loop (timers)."""

    def led_plan(self) -> LedPlan:
        """The LEDs for the current state."""
        return LedPlan(self.layout)

    def status_lines(self) -> list[str]:
        """The view's lines for the current state (board, dice, turn, plays)."""
        return []

    def _legal_status(self, observation: Observation) -> Status | None:
        """How the rules read ``observation`` in the turn being played (None outside a turn): what
        tells a faulty switch from a player's move (:mod:`tablier.board.sensor_health`)."""
        return None

    def start(self) -> None:
        """Called once the board is connected, before the first loop."""

    def warns_for(self, player: int) -> bool:
        """Whether teaching mode warns player ``player`` (1 or 2) of a weak play before his turn is
        committed: a human's seat; the computer is never warned."""
        return self.computer is None or not self.computer.plays(player)

    def resume_check(self) -> None:
        """After a resumption: check the board against the position reached."""

    def is_computer(self, player: int) -> bool:
        """Whether player ``player`` (1 or 2) is the computer."""
        return self.computer is not None and self.computer.plays(player)

    def _computer_pressed(self, player: int) -> bool:
        """A button pressed in the computer's turn: handled by the computer (its move commits if the
        board shows it); False in a player's own turn."""
        return self.computer is not None and self.computer.on_press(self, player)

    def computer_moving(self) -> bool:
        """Whether the human is making the computer's move (its presses are the computer's to read)."""
        return self.computer is not None and self.computer.moving(self)

    def _computer_plan(self) -> LedPlan | None:
        """The lights of the computer's move while the human makes it (None otherwise)."""
        return self.computer.led_plan(self) if self.computer is not None else None

    def _computer_lines(self, lines: list[str]) -> list[str]:
        """The view's ``lines``, told what to do while the human makes the computer's move."""
        return self.computer.lines(self, lines) if self.computer is not None else lines

    # -- what the seats ask of the game (the computer, the remote player, the hands) ---------------
    # Each game's session answers these for its game; a session without a game (the base) has no
    # turn, no moves and no seats to play.

    def command_words(self) -> list[str]:
        """The words that may be typed now."""
        return ["quit"]

    def scene(self) -> Scene:
        """What the views show of the session now (:class:`~tablier.board.scene.Scene`)."""
        from tablier.board.scene import Scene

        return Scene(family=self.family, title=self.family, link=self.link.state,
                     messages=tuple(self.messages), moves=tuple(self.committed))

    def player_name(self, player: int) -> str:
        """Player ``player``'s (1 or 2) name with his colour, as the session says it."""
        return self.options.players[player - 1]

    def player_of_side(self, side: int) -> int:
        """The player (1 or 2) of a record's side (a tables side, a draughts colour)."""
        return side + 1

    def to_play(self) -> int | None:
        """The player whose move the board awaits (None: no move is being made)."""
        return None

    def mover(self) -> int | None:
        """The player to move in a turn being played, its legal moves known (None outside one)."""
        return None

    def floor(self) -> int | None:
        """The player who may act next (throw, move or answer); None when either may (an opening
        throw of electronic dice) or nobody (between games)."""
        return None

    def turn_key(self) -> object:
        """The turn being played (the game, the ply, the throw): a decision is taken once per key."""
        return None

    def throwing(self) -> bool:
        """Whether the board waits for a throw (the opening's or a turn's)."""
        return False

    def steps_ready(self) -> bool:
        """Whether the game can take the next step: set up, no takeback being made."""
        return False

    # -- shared services -------------------------------------------------------------------------

    def record(self, record: Record) -> None:
        """Append to the event log (if any); a commit's side and mark are kept beside ``committed``."""
        if isinstance(record, Commit):  # recorded just before the move is appended; one taken back is cut
            del self.movers[len(self.committed):]
            del self.marks[len(self.committed):]
            self.movers.append(record.player)
            self.marks.append(record.mark)
        self.decided += isinstance(record, EventLogWriter.DURABLE)
        self.speech.heard(self, record)
        if self.log is not None:
            self.log.write(record)

    def say(self, text: str, level: str = "info", prompt: bool = False) -> None:
        """Tell the players (the view shows the last messages); logged. Teaching messages are
        kept quiet in strict mode; a ``prompt`` (press a button) when no person moves the men."""
        if (level == "teach" and not self.options.teaching) or (prompt and not self.prompting):
            return
        self.messages.append(text)
        self.message_log.append(text)
        del self.messages[:-6]
        self.record(Message(text=text, level=level))

    def _start_grace(self) -> None:
        """Start the grace timer (if not running)."""
        if self.grace_until is None:
            self.grace_until = self.clock() + self.options.grace_s

    def _stop_grace(self) -> None:
        """Stop the grace timer."""
        self.grace_until = None

    def _follow_reading(self, unknown: bool) -> None:
        """After each reading of the board: a board on the way to a legal result stops the grace time
        and any guiding (saying so, after the words of a false move); an unknown one starts the grace
        time, or moves the guide on once it runs."""
        if not unknown:
            if self.guiding and self.restoring is None:
                self.say("the men stand right again: the false move is undone")
            self._stop_grace()
            self.guiding = False
            self.guide = None
        elif self.guiding:
            self._update_guide()
        else:
            self._start_grace()

    def _begin_guiding(self, why: str) -> None:
        """The grace time is over and the board is still wrong: say why and light the way back."""
        self.guiding = True
        self.say(f"{why}; put the men back as the lights show")
        self.speech.false_move(why)
        self._update_guide()

    def _update_guide(self) -> None:
        """Set :attr:`guide` to the next man to lift or put back (the game's session knows how)."""
        raise NotImplementedError

    # -- the loop --------------------------------------------------------------------------------

    def run(self, actor: Actor | None = None, commands: CommandSource | None = None,
            timeout: float | None = None) -> None:
        """Play until the match is over (or the actor has nothing left to do and the board is
        quiet, or ``timeout`` seconds passed)."""
        if self.link.client is not None:
            self.link.settle()
            self._snapshot("connect")
        self.prompting = getattr(actor, "prompted", True)
        if self.started:
            self.resume_check()
        else:
            self.start()
            self.started = True
        freeze_start_up()
        deadline = None if timeout is None else self.clock() + timeout
        idle_since: float | None = None
        while not self.finished:
            self.tick(commands)
            if self.computer is not None:  # its decisions, live only: a replay says them from the log
                self.computer.act(self)
            if deadline is not None and self.clock() > deadline:
                raise TimeoutError("the game did not finish in time")
            if actor is None:
                continue
            if self.link.state == CONNECTED and (self.link.closed != actor.expected_closed
                                                 or self.face.settling()):
                continue  # the host has not seen all the hands did yet (a flip holds face_stable_ms)
            if not actor.step(self):
                if self.link.state != CONNECTED:  # the board is away: the hands wait for it, as players do
                    idle_since = None
                    continue
                idle_since = idle_since or self.clock()
                if self.clock() - idle_since > getattr(actor, "idle_end_s", IDLE_END_S):
                    break
            else:
                idle_since = None
        while actor is not None and self.finished and actor.step(self):
            self.tick(commands)  # what a script says after the end (its last checks) still runs
        gc.unfreeze()

    def tick(self, commands: CommandSource | None = None, wait: float = 0.005) -> None:
        """One turn of the loop."""
        self.speech.looked(self)  # how things stood after the last turn (before what the hands did since)
        changes = self.link.poll(wait)
        if changes:
            self._changes(changes)
        if commands is not None:
            for line in commands.lines():
                self.typed_line(line)
        self._watch_sensors()
        if self.face.due(self.clock()):
            self._read_again()  # the flip has held: act on it
        if self.grace_until is not None and self.clock() >= self.grace_until:
            self.grace_until = None
            self.on_grace_over()
        self.on_tick(self.clock())
        if self.match_clock is not None:
            self.match_clock.tick(self.clock())
        self.refresh()

    def _changes(self, changes: list[SwitchChange]) -> None:
        pressed: list[int] = []
        for change in changes:
            button = self.observer.button_of(change.switch)
            self.record(SwitchEvent(switch=change.switch, closed=change.closed, seq=change.event_seq,
                                    time_ms=change.time_ms, place=self._places.get(change.switch, "")))
            if button is not None and change.closed:
                pressed.append(button)
        found = self.health.changed([(c.switch, c.closed, None if c.event_seq is None else c.time_ms)
                                     for c in changes], self.link.closed)
        before = self.observation
        self.observation = self._observe()
        now = self.observation
        try:
            if before.men_differ(now):
                self._offered = None
                self.on_board(now, [c for c in changes if self.observer.button_of(c.switch) is None
                                    and c.switch not in self.health.masks])
            for player in pressed:
                self._press(player)
        except TablierError as error:  # the rules refused something: say so, commit nothing
            self.say(str(error), "warning")
        self.speech.changed(self, before, changes)
        self.health.after_reading([(c.switch, c.closed) for c in changes], self.observation,
                                  self._legal_status, self.clock())
        self._tell(found)

    # -- faulty switches -------------------------------------------------------------------------

    def _watch_sensors(self) -> None:
        """Tell the faults the standing board shows (and the firmware's STATUS counts), mask them
        and read the board again; ask the board for its STATUS now and then."""
        found = self.health.tick(self.link.closed, self.clock(), self._legal_status)
        client = self.link.client
        if client is not None and self.link.state == CONNECTED:
            status = client.status
            if status is not None and status is not self._seen_status:
                self._seen_status = status
                found += self.health.firmware_chattering(status.chattering, self.link.closed,
                                                         status.uptime_ms)
                self._chain_status(self.health.chain_broken(status.chain_faults))
            if self.clock() >= self._next_status:
                self._next_status = self.clock() + STATUS_EVERY_S
                self.link.ask_status()
        if found:
            self._tell(found)
            self._read_again()

    def _chain_status(self, broken: bool | None) -> None:
        """Tell the players once when the firmware finds the switch chain broken, and when it mends."""
        if broken and not self.chain_told:
            self.chain_told = True
            self.say("the board's switch chain reads wrong (its data line is stuck low or a 74HC165 "
                     "is missing): no switch can be trusted now; check the chain's wiring and run "
                     "`tablier calibrate`", "warning")
        elif broken is False and self.chain_told:
            self.chain_told = False
            self.say("the board's switch chain reads right again", "warning")

    def _tell(self, found: list[Suspicion]) -> None:
        """Name each faulty place to the players; a mask is logged as a ``mask`` command, so that a
        replay of the log masks the switch at the same moment."""
        for suspicion in found:
            if suspicion.kind in FAULT_KINDS:
                self.record(Command(player=0, word="mask", argument=f"{suspicion.kind} {suspicion.place}"))
            self.faults_told.append((self.clock(), suspicion))
            self.say(suspicion.message(), "warning")

    def _read_again(self) -> None:
        """The masks changed: read the standing board again (the game's session sees the change)."""
        before = self.observation
        self.observation = self._observe()
        try:
            if before.men_differ(self.observation):
                self._offered = None
                self.on_board(self.observation, [])
        except TablierError as error:
            self.say(str(error), "warning")
        self.health.after_reading((), self.observation, self._legal_status, self.clock())

    def _press(self, player: int) -> None:
        """A button pressed. When the board shows no whole legal play but would with one switch read
        the other way, ask; a second press (the board unchanged) masks that switch and plays on."""
        status = self._legal_status(self.observation)
        offered, self._offered = self._offered, None
        if status in (None, Status.FINAL, Status.AMBIGUOUS) or self.computer_moving():
            self.on_button(player)
            return
        if offered is not None:
            self._mask_switch(offered[0], DEAD if offered[1] else STUCK, offered[1])
            self.on_button(player)
            return
        explained = self.health.explain_unfinished(self.link.closed, self._legal_status)
        if len(explained) != 1:
            if explained:
                places = ", ".join(switch.place for switch, _ in explained)
                self.say(f"the men do not stand as the rules allow, and the board cannot tell which "
                         f"switch misreads if one does: {places}. Re-seat the men there; if a switch "
                         "looks dead (a man stands on it unseen) or stuck, type `mask PLACE` for it and "
                         "press again (and run `tablier calibrate` after the game)", "warning")
            self.on_button(player)
            return
        switch, man = explained[0]
        self._offered = (switch.id, man)
        if man:
            self.say(f"the men stand as the rules allow if a man stands on {switch.place}, which reads "
                     "empty: if one does, its switch looks dead: press again to play on with it masked "
                     "(and run `tablier calibrate` after the game); if not, put a man there or finish "
                     "the move", "warning")
        else:
            self.say(f"the men stand as the rules allow if no man stands on {switch.place}, which "
                     "reads one: if none does, its switch looks stuck: press again to play on with it masked "
                     "(and run `tablier calibrate` after the game); if one does, take it away", "warning")

    def _mask_switch(self, switch: int, kind: str, assumed: bool) -> None:
        """Ignore ``switch``'s reading from now on (logged as a ``mask`` command), and read again."""
        place = self._places.get(switch, str(switch))
        argument = f"{kind} {place}" if kind in FAULT_KINDS else place
        self.record(Command(player=0, word="mask", argument=argument))
        self.health.mask(switch, kind, assumed)
        self._read_again()

    def command_line(self, line: str) -> None:
        """Run a typed command: ``[1|2] WORD [ARGUMENT...]`` (the player number may be left out)."""
        words = line.split()
        if not words:
            return
        player = 0
        if words[0] in ("1", "2") and len(words) > 1:
            player = int(words[0])
            words = words[1:]
        word, argument = words[0].lower(), " ".join(words[1:])
        if word == "mask":
            self._mask_command(argument)
            return
        if word == "clock":  # a time out, as the match clock writes it (:mod:`.match_clock`)
            return expired_line(self, player, argument)
        self.record(Command(player=player, word=word, argument=argument))
        try:
            if self.computer is not None and word == self.computer.word:
                self.computer.command(self, player, argument)
            else:
                self.on_command(player, word, argument)
        except (TablierError, ValueError) as error:  # a malformed line is told, never fatal
            self.say(f"{word}: {error}", "warning")

    def _faulty_lights(self) -> list[Switch]:
        """The switches whose places blink ``faulty``: told of lately, or asked about at a press."""
        lit = [s.switch for told, s in self.faults_told
               if s.kind in FAULT_KINDS and self.clock() - told < FAULT_LIGHT_S]
        if self._offered is not None:
            lit += [s for s in self.layout.switches if s.id == self._offered[0]]
        return lit

    def _mask_command(self, argument: str) -> None:
        """``mask [dead|stuck|chattering] PLACE``: the board ignores that switch from now on."""
        words = argument.split()
        kind = words.pop(0) if words and words[0] in FAULT_KINDS else ""
        switch = self.health.switch_named(" ".join(words))
        if switch is None:
            self.say(f"mask: name a place of the board, e.g. `mask point 6 slot 3` or `mask square 14` "
                     f"(not {' '.join(words)!r})", "warning")
            return
        mask = self.health.masks.get(switch.id)
        if mask is not None and kind == mask.kind:
            return  # masked already (a replayed log repeats what the session found)
        if mask is not None and not kind:
            self.say(f"the board ignores {switch.place} already")
            return
        value = switch.id in self.health.fixed(self.link.closed, self._legal_status)
        assumed = {DEAD: True, STUCK: False}.get(kind, value)
        self._mask_switch(switch.id, kind or "masked", assumed)
        if kind == "":
            self.say(f"the board now ignores {switch.place}: the rules tell what stands there")

    def board_plan(self) -> LedPlan:
        """The LED plan as the board is sent it: the game's, with the faulty places and the link
        lights on top (the views draw this one), in the palette chosen."""
        plan = self.led_plan()
        plan.palette = find_palette(self.options.palette)
        for switch in self._faulty_lights():
            plan.place((switch.kind, switch.index), FAULTY)
        if self.match_clock is not None:
            self.match_clock.light(plan)
        if self.link.state != CONNECTED or self.clock() < self.link_wait_until:
            plan.status(1, LINK_WAIT).status(2, LINK_WAIT)
        return plan

    def refresh(self) -> None:
        """Send the LED plan if it changed, and redraw."""
        # the codes the board's firmware runs (its IDENTIFY); a link without a board (a replay, a
        # log followed) has no lights to run them and is sent every code
        modes = getattr(self.link, "mode_count", wire.MODE_COUNT)
        wishes = self.board_plan().wishes(modes=modes)
        if wishes != self._last_wishes:
            self._last_wishes = wishes
            self.link.set_leds(wishes)
        if self.on_redraw is not None:
            self.on_redraw(self)

    def _link_state(self, state: str, detail: str) -> None:
        self.record(LinkState(state=state, detail=detail))
        if state == "reconnected":
            self.say(f"board connected again ({detail}); checking the board", "warning")
            self._snapshot("reconnect")
            self._last_wishes = None  # the new client starts dark: send the plan again
            self.link_wait_until = self.clock() + LINK_WAIT_S
        elif state != CONNECTED:
            self.say(f"board disconnected ({detail}): waiting for it", "warning")

    def _observe(self) -> Observation:
        """The board read from the link's closed switches, the masks and the steady face."""
        return self.health.observe(self.face.closed(self.link.closed, self.clock()), self._legal_status)

    def _snapshot(self, reason: str) -> None:
        """Log the switch state; on connecting it is the board's state (after a reconnection the
        changes it implies come through the loop like any other, so the game sees them)."""
        self.record(SnapshotRecord(closed=sorted(self.link.closed), reason=reason))
        if reason == "connect":
            self.observation = self._observe()


Actor = ActorOf[Session]
"""Hands on the (simulated) board, acting on a session (:class:`~tablier.play.seats.ActorOf`)."""


def freeze_start_up() -> None:
    """Put what the start-up made (modules, the checked layout, the engines' tables: some 100,000
    objects) out of the garbage collector's way (``gc.freeze``): its full collections then walk
    only what the game made since, a few milliseconds, where walking everything took 20-100 ms and
    now and then held a lift's lights that long. The loop unfreezes them when it ends."""
    gc.collect()
    gc.freeze()
