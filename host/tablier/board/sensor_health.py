"""Dead, stuck and chattering switches: suspected from the readings, masked so that play goes on.

A reed switch fails in three ways: *dead* (it never closes: a broken reed or wire), *stuck* (it
never opens: welded contacts, a short) or *chattering* (it changes by itself: a loose contact).
Nothing here talks to the board. :class:`SensorHealth` is fed the switch changes, the time and a
*judge* (how the rules read an observation now: a :class:`Status`, or None outside a turn), and
names the switch that looks faulty and why:

- a *gap*: men fill a place's slots from the board's edge, so a slot that reads empty under a
  covered one is a dead switch (or the covered slots above it are stuck, when that takes fewer
  faults); it must stand for :data:`GAP_SETTLE_S` (a hand sliding men is quicker);
- a *dead end*: one lone switch change turned a reading the rules accept into one they cannot
  have, nothing else moved for :data:`DEAD_END_SETTLE_S`, and that switch read the other way
  makes the rules happy again: a man vanished (dead), or appeared though no hand held one (stuck);
- *chattering*: a switch changed :data:`CHATTER_CHANGES` times within :data:`CHATTER_WINDOW_MS`
  of the firmware's clock with no other switch moving in between, through a gap or a reading the
  rules cannot have (a man lifted and put back again and again is a hand), or the firmware's STATUS
  lists it (flips that bounced back within the debounce window) while the host saw it change
  seldom;
- at the end of a turn the board cannot read, :meth:`SensorHealth.explain_unfinished` lists the
  switches whose misreading alone would make it a whole legal play (the session asks).

A faulty switch is *masked*: its reading is ignored and its value deduced from its neighbours
(covered under a covered slot, empty over an empty one), else its last trusted value, unless the
other value makes the board a whole legal play (or the only one the rules accept). A masked dead
(stuck) switch that closes (opens) again is working: its mask is lifted.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tablier.hardware.layout import Layout, Switch

from .observation import PLACE_INDEX, Observation, Observer
from .tables_inference import Status

DEAD = "dead"
STUCK = "stuck"
CHATTERING = "chattering"
#: Not a fault: a masked switch answered as a working one does (its mask is lifted).
WORKING = "working"
FAULT_KINDS = (DEAD, STUCK, CHATTERING)

#: How long a slot must read empty under a covered one before it is called dead.
GAP_SETTLE_S = 0.3
#: How long the board must stand still after a lone change the rules cannot have.
DEAD_END_SETTLE_S = 0.5
#: Changes of one switch within :data:`CHATTER_WINDOW_MS` that make it chattering (a hand lifting and
#: putting back a man does two).
CHATTER_CHANGES = 6
CHATTER_WINDOW_MS = 1000
#: The firmware lists a switch whose reading flipped this often in its one-second period (bounces
#: included: ``firmware/scanner.py``).
FIRMWARE_CHATTER_FLIPS = 8

Judge = Callable[[Observation], Status | None]
"""How the rules read an observation now: None outside a turn (nothing to judge)."""

ADVICE = {
    DEAD: "the board counts a man there while the rules allow it. Re-seat the man; if it stays so, "
          "run `tablier calibrate` after the game",
    STUCK: "the board ignores it. Take away whatever lies on it; if it stays so, run "
           "`tablier calibrate` after the game",
    CHATTERING: "the board ignores it and lets the rules tell what stands there. Re-seat the man; "
                "if it goes on, run `tablier calibrate` after the game (a loose contact)",
    WORKING: "its switch answers, so the board trusts it again",
}


@dataclass(frozen=True)
class Suspicion:
    """A switch that looks faulty (or, kind :data:`WORKING`, a masked one that answers again)."""

    switch: Switch
    kind: str
    why: str

    @property
    def place(self) -> str:
        """The place as the players know it: ``point 6 slot 3``, ``square 14``, ``bar 2 slot 1``."""
        return self.switch.place

    def message(self) -> str:
        """What the players are told."""
        if self.kind == WORKING:
            return f"{self.place} reads again: {self.why}"
        return f"{self.place} looks faulty ({self.kind} switch): {self.why}; {ADVICE[self.kind]}"


@dataclass
class Mask:
    """A switch whose reading is ignored: ``assumed`` is taken when its neighbours do not tell."""

    kind: str
    assumed: bool


class SensorHealth:
    """Watches one board's switches; holds the masks of those found faulty."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.observer = Observer(layout)
        self.masks: dict[int, Mask] = {}
        self._switches = {switch.id: switch for switch in layout.switches}
        self._ladders: list[tuple[Switch, ...]] = []
        self._ladder_of: dict[int, tuple[Switch, ...]] = {}
        for kind, index in PLACE_INDEX:
            slots = tuple(sorted(layout.switches_of(kind, index), key=lambda s: s.slot or 0))
            self._ladders.append(slots)
            for switch in slots:
                self._ladder_of[switch.id] = slots
        self._squares = tuple(s for s in layout.switches if s.kind == "square")
        self._watched = set(self._ladder_of) | {s.id for s in self._squares}
        self._history: dict[int, deque[int]] = {}  # firmware times of each switch's changes
        self._run: deque[tuple[int, bool]] = deque()  # the changes of the last switch that moved
        self._run_switch: int | None = None
        self._run_odd = False  # whether the run went through a gap or a reading the rules cannot have
        self._gaps: dict[tuple[str, tuple[int, ...]], float] = {}
        self._lone: tuple[int, float] | None = None
        self._in_hand = 0  # men lifted and not put down yet, as the switches saw it
        self._status: Status | None = None
        self._chain_faults: int | None = None

    # -- masks ------------------------------------------------------------------------------------

    def switch_named(self, place: str) -> Switch | None:
        """The switch of a place named as the players know it (``point 6 slot 3``, ``square 14``)."""
        wanted = " ".join(place.lower().split())
        return next((s for s in self._switches.values() if s.place == wanted and s.id in self._watched),
                    None)

    def mask(self, switch: int, kind: str, assumed: bool) -> None:
        """Ignore ``switch``'s reading from now on (``assumed``: its value when nothing tells)."""
        self.masks[switch] = Mask(kind, assumed)

    def fixed(self, closed: Iterable[int], judge: Judge) -> set[int]:
        """The closed switches with every masked one's reading replaced (see the module docstring)."""
        closed = set(closed)
        fixed = closed - set(self.masks)
        undecided: list[int] = []
        for switch, mask in self.masks.items():
            value = self._deduced(switch, closed)
            if value is None:
                value = mask.assumed
                undecided.append(switch)
            if value:
                fixed.add(switch)
        status = judge(self.observer.observe(fixed)) if undecided else None
        if status is None or status is Status.FINAL:
            return fixed
        legal: set[int] | None = None
        for switch in undecided:  # one masked switch read the other way: a whole play, or at least legal
            other = fixed ^ {switch}
            verdict = judge(self.observer.observe(other))
            if verdict is Status.FINAL:
                return other
            if legal is None and status is Status.UNKNOWN and verdict not in (None, Status.UNKNOWN):
                legal = other
        return fixed if legal is None else legal

    def observe(self, closed: Iterable[int], judge: Judge) -> Observation:
        """The observation of ``closed`` with the masks applied; each masked switch's value becomes
        its last trusted one."""
        fixed = self.fixed(closed, judge)
        for switch, mask in self.masks.items():
            mask.assumed = switch in fixed
        return self.observer.observe(fixed)

    def _deduced(self, switch: int, closed: set[int]) -> bool | None:
        slots = self._ladder_of.get(switch)
        if slots is None:
            return None
        k = next(n for n, s in enumerate(slots) if s.id == switch)
        if any(s.id in closed for s in slots[k + 1:] if s.id not in self.masks):
            return True
        below = slots[k - 1] if k else None
        if below is not None and below.id not in self.masks and below.id not in closed:
            return False
        return None

    # -- what the board does ----------------------------------------------------------------------

    def changed(self, changes: Iterable[tuple[int, bool, int | None]],
                closed: Iterable[int]) -> list[Suspicion]:
        """Take switch changes ``(switch, closed, firmware time in ms or None)`` (``closed``: the
        switches closed after them): the chattering ones found (changing again and again with
        nothing else moving, through readings no hand makes), and the masked ones that answer as
        working switches do."""
        closed = set(closed)
        found: list[Suspicion] = []
        for switch, now_closed, time_ms in changes:
            if switch not in self._watched:
                continue
            mask = self.masks.get(switch)
            if mask is not None:
                if (mask.kind, now_closed) in ((DEAD, True), (STUCK, False)):
                    del self.masks[switch]
                    found.append(Suspicion(self._switches[switch], WORKING, ADVICE[WORKING]))
                continue
            if time_ms is None:
                continue  # a snapshot revealed it: no time to count by
            history = self._history.setdefault(switch, deque())
            history.append(time_ms)
            while time_ms - history[0] > 2 * CHATTER_WINDOW_MS:
                history.popleft()
            if self._run_switch != switch:  # another switch moved: a hand, not a loose contact
                self._run_switch = switch
                self._run.clear()
                self._run_odd = False
            self._run.append((time_ms, now_closed))
            while time_ms - self._run[0][0] > CHATTER_WINDOW_MS:
                self._run.popleft()
            ladder = self._ladder_of.get(switch)
            if ladder is not None and self._gap(ladder, closed) is not None:
                self._run_odd = True
            if len(self._run) >= CHATTER_CHANGES and self._run_odd:
                before = not self._run[0][1]
                count = len(self._run)
                self.mask(switch, CHATTERING, before)
                found.append(Suspicion(self._switches[switch], CHATTERING,
                                       f"its switch changed {count} times within a second while "
                                       "nothing else on the board moved"))
        return found

    def firmware_chattering(self, switches: Iterable[int], closed: Iterable[int],
                            uptime_ms: int) -> list[Suspicion]:
        """The switches the firmware's STATUS (taken at ``uptime_ms``) lists as chattering, not yet
        masked. Its count includes the changes a quick hand makes; a switch the host saw change
        that often lately is left to :meth:`changed` to judge."""
        closed = set(closed)
        found: list[Suspicion] = []
        for switch in switches:
            if switch not in self._watched or switch in self.masks:
                continue
            seen = sum(1 for t in self._history.get(switch, ()) if uptime_ms - t <= 2 * CHATTER_WINDOW_MS)
            if seen >= FIRMWARE_CHATTER_FLIPS and not (self._run_switch == switch and self._run_odd):
                continue  # a quick hand, or a loose contact :meth:`changed` will judge
            self.mask(switch, CHATTERING, switch in closed)
            found.append(Suspicion(self._switches[switch], CHATTERING,
                                   "the board's firmware counts it flipping many times a second"))
        return found

    def chain_broken(self, chain_faults: int) -> bool | None:
        """Given the firmware's ``chain_faults`` counter from a STATUS: True when it grew since the
        last one (a spare input read low: the chain's data line is stuck low or a 74HC165 is
        missing, so no switch can be trusted), False when it stopped growing, None the first time."""
        last, self._chain_faults = self._chain_faults, chain_faults
        return None if last is None else chain_faults != last

    def after_reading(self, changes: Iterable[tuple[int, bool]], observation: Observation, judge: Judge,
                      now: float) -> None:
        """After the board's changes ``(switch, closed)`` were read as ``observation``: remember a
        lone change that took the reading to a dead end (a man lifted, or a man put where no hand
        held one: the hands lift before they put, unless the man came from a full row's unseen top
        layer)."""
        moved = [(s, closed) for s, closed in changes if s in self._watched and s not in self.masks]
        held = self._in_hand
        for _, closed in moved:
            self._in_hand = max(0, self._in_hand + (-1 if closed else 1))
        status = judge(observation)
        if status is Status.UNKNOWN and any(s == self._run_switch for s, _ in moved):
            self._run_odd = True  # the changing switch took the board where no hand takes it
        if status is Status.FINAL:
            self._in_hand = 0  # every man accounted for (men taken in draughts are off the board)
        if status is not Status.UNKNOWN:
            self._lone = None
        elif len(moved) == 1 and self._status not in (None, Status.UNKNOWN) and not (
                moved[0][1] and (held or self._tall_row(observation))):
            self._lone = (moved[0][0], now)
        elif moved:
            self._lone = None
        self._status = status

    def _tall_row(self, observation: Observation) -> bool:
        """Whether a point or a bar shows a full row: a man from its unseen top layer may have been put."""
        return any(observation.counts[n] >= self.layout.ladders[kind]
                   for (kind, _), n in PLACE_INDEX.items() if kind != "tray")

    def tick(self, closed: Iterable[int], now: float, judge: Judge) -> list[Suspicion]:
        """The faults that the standing board shows by now (gaps, dead ends); each is masked."""
        closed = set(closed)
        found = self._standing_gaps(closed, now)
        if self._lone is not None and now - self._lone[1] >= DEAD_END_SETTLE_S:
            switch = self._lone[0]
            self._lone = None
            fixed = self.fixed(closed, judge)
            if judge(self.observer.observe(fixed)) is Status.UNKNOWN:
                status = judge(self.observer.observe(fixed ^ {switch}))
                if status is not None and status is not Status.UNKNOWN:
                    found.append(self._dead_end(switch, closed))
        return found

    def _dead_end(self, switch: int, closed: set[int]) -> Suspicion:
        if switch in closed:
            self.mask(switch, STUCK, False)
            return Suspicion(self._switches[switch], STUCK,
                             "it reads a man that nothing put there, where the rules can have none")
        self.mask(switch, DEAD, True)
        return Suspicion(self._switches[switch], DEAD,
                         "its man vanished while nothing else moved, and no legal move lifts one from "
                         "there (if you lifted it, put it back)")

    def _standing_gaps(self, closed: set[int], now: float) -> list[Suspicion]:
        seen: dict[tuple[str, tuple[int, ...]], float] = {}
        found: list[Suspicion] = []
        for slots in self._ladders:
            gap = self._gap(slots, closed)
            if gap is None:
                continue
            since = self._gaps.get(gap, now)
            if now - since < GAP_SETTLE_S:
                seen[gap] = since
                continue
            kind, switches = gap
            for switch in switches:
                if kind == DEAD:
                    self.mask(switch, DEAD, True)
                    why = "it reads empty under a man standing above it (men fill a place from the edge)"
                else:
                    self.mask(switch, STUCK, False)
                    why = "it reads a man over empty slots, where no man can stand"
                found.append(Suspicion(self._switches[switch], kind, why))
        self._gaps = seen
        return found

    def _gap(self, slots: tuple[Switch, ...], closed: set[int]) -> tuple[str, tuple[int, ...]] | None:
        """A place's slots reading empty under covered ones: the fewest faults that explain it
        (the empty slots dead, or the covered ones above the lowest empty slot stuck)."""
        read = [(s.id, s.id in closed) for s in slots if s.id not in self.masks]
        covered = [n for n, (_, on) in enumerate(read) if on]
        if not covered:
            return None
        empty = [n for n, (_, on) in enumerate(read) if not on and n < covered[-1]]
        if not empty:
            return None
        above = [n for n in covered if n > empty[0]]
        if len(empty) <= len(above):
            return DEAD, tuple(read[n][0] for n in empty)
        return STUCK, tuple(read[n][0] for n in above)

    # -- a turn the board cannot read ---------------------------------------------------------------

    def explain_unfinished(self, closed: Iterable[int], judge: Judge) -> list[tuple[Switch, bool]]:
        """The switches whose misreading alone would make the board a whole legal play (``True``: a
        man should stand there, the switch looks dead; ``False``: it reads a man that is not there)."""
        fixed = self.fixed(closed, judge)
        observation = self.observer.observe(fixed)
        if observation.tables_face_up:
            flips: list[Switch] = []
            for slots in self._ladders:
                on = [s for s in slots if s.id in fixed]
                off = [s for s in slots if s.id not in fixed]
                flips.extend(on[-1:] + off[:1])
        else:
            flips = list(self._squares)
        return [(switch, switch.id not in fixed) for switch in flips
                if judge(self.observer.observe(fixed ^ {switch.id})) is Status.FINAL]
