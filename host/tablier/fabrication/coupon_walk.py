"""The coupon walk: measure where the coupon's sensors close and open, with the real firmware on the board.

:class:`CouponWalk` drives a connected :class:`~tablier.link.client.BoardClient` over the coupon
(:mod:`tablier.fabrication.coupon`): first it has the maker put a man on the coupon's slot and its square
to learn which switch answers for each (the carriers may be plugged into any header); then, for each of
the coupon's scales, it finds by halving the tick where the switch closes as a man is put down there (the
**operate** point: lift the man, put its edge on the tick) and the tick where it opens as the man slides
out along the scale from the place's centre (the **release** point). Each probe is an instruction to the
maker (:class:`Probe`): a person reads it on the console and presses Enter once the man is there
(:class:`ConsoleMaker`); on the simulated board, :class:`SimulatedMaker` moves the man itself and works
out what a switch of known thresholds would do. The result is a list of
:class:`~tablier.fabrication.coupon.Transition`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from tablier.errors import TablierError
from tablier.fabrication.capture import magnets
from tablier.fabrication.coupon import Scale, Transition, drive_at, scales
from tablier.fabrication.sensors import SENSING
from tablier.hardware.layout import Layout
from tablier.link.client import BoardClient

PLACE_NAMES = {"ladder": "the coupon's slot", "row": "the coupon's square"}


class CouponFault(TablierError):
    """The coupon cannot be measured: a sensor that never answers, or that answers for both places."""


@dataclass(frozen=True)
class Probe:
    """One instruction to the maker.

    ``action``: ``find`` (put a man on ``carrier``'s place centre and keep it there), ``lift`` (take the man
    away), ``put`` (put the man down with its edge on tick ``offset`` of ``scale``), ``slide`` (put the
    man on the place's centre, then slide it out along ``scale`` to tick ``offset``).
    """

    action: str
    text: str
    carrier: str
    scale: Scale | None = None
    offset: float = 0.0


class Maker(Protocol):
    """Whoever moves the man on the coupon."""

    def do(self, probe: Probe) -> None:
        """Carry out (or show) one instruction, returning once the man is there."""


class CouponWalk:
    """One measuring of the coupon over a connected board."""

    def __init__(self, client: BoardClient, layout: Layout, maker: Maker, sensor: str | None = None,
                 settle_s: float = 0.15, timeout_s: float = 20.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.layout = layout
        self.maker = maker
        self.sensor = sensor or layout.mechanics.sensor
        self.settle_s = settle_s  # a Hall switch samples at 20 Hz, the firmware debounces: let it settle
        self.timeout_s = timeout_s
        self.clock = clock
        self.switches: dict[str, int] = {}

    def run(self) -> list[Transition]:
        """Find the coupon's two sensors, then measure every scale."""
        for carrier in ("ladder", "row"):
            self.switches[carrier] = self._find(carrier)
        found = []
        for scale in scales():
            found.append(self._edge(scale, "operate"))
            found.append(self._edge(scale, "release"))
        self.maker.do(Probe("lift", "take the man off the coupon: the measuring is done", "row"))
        return found

    def _find(self, carrier: str) -> int:
        """The switch that answers for a place: the first that closes with a man on its centre."""
        self.maker.do(Probe("lift", "take every man off the coupon", carrier))
        self._settle()
        already = set(self.client.closed)
        self.maker.do(Probe("find", f"put a man on the centre of {PLACE_NAMES[carrier]} (the cross) and "
                                    "leave it", carrier))
        deadline = self.clock() + self.timeout_s
        while self.clock() < deadline:
            self.client.poll(0.02)
            fresh = set(self.client.closed) - already
            if fresh:
                switch = min(fresh)
                if switch in self.switches.values():
                    raise CouponFault(f"switch {switch} answers for both of the coupon's places: plug each "
                                      "carrier into its own header")
                self.maker.do(Probe("lift", f"  switch {switch} answered; take the man away again", carrier))
                return switch
        raise CouponFault(f"nothing answered for {PLACE_NAMES[carrier]} within {self.timeout_s:g} s: check "
                          "its carrier's lead, and that a man's magnet faces down")

    def _edge(self, scale: Scale, kind: str) -> Transition:
        """Where the switch of ``scale``'s place changes: the last tick out of the centre where it is still
        closed and the next, found by halving between the centre and the scale's end."""
        switch = self.switches[scale.carrier]
        closed = self._put if kind == "operate" else self._slide
        if not closed(scale, switch, 0):
            raise CouponFault(f"{PLACE_NAMES[scale.carrier]}'s switch {switch} does not "
                              f"{'close with a man on its centre' if kind == 'operate' else 'stay closed'}: "
                              "the magnet is too weak or too far (check the skin and the man's magnet)")
        inner, outer = 0, int(scale.reach)
        if closed(scale, switch, outer):
            return Transition(scale, kind, outer, None)  # still closed at the end of the scale
        while outer - inner > 1:
            middle = (inner + outer) // 2
            if closed(scale, switch, middle):
                inner = middle
            else:
                outer = middle
        return Transition(scale, kind, inner, outer)

    def _put(self, scale: Scale, switch: int, tick: int) -> bool:
        self.maker.do(Probe("lift", "lift the man", scale.carrier, scale, tick))
        self._settle()
        self.maker.do(Probe("put", f"put the man down with its edge on tick {tick} of {scale.name}",
                            scale.carrier, scale, tick))
        self._settle()
        return switch in self.client.closed

    def _slide(self, scale: Scale, switch: int, tick: int) -> bool:
        self.maker.do(Probe("lift", "lift the man", scale.carrier, scale, tick))
        self._settle()
        self.maker.do(Probe("slide", "put the man on the centre, then slide it out until its edge is on "
                                     f"tick {tick} of {scale.name}", scale.carrier, scale, tick))
        self._settle()
        return switch in self.client.closed

    def _settle(self) -> None:
        deadline = self.clock() + self.settle_s
        while self.clock() < deadline:
            self.client.poll(0.01)


class ConsoleMaker:
    """A person at the coupon: each instruction printed, Enter pressed once the man is there."""

    def __init__(self, write: Callable[[str], object] = print, read: Callable[[str], str] = input) -> None:
        self.write = write
        self.read = read

    def do(self, probe: Probe) -> None:
        """Print the instruction; wait for Enter where the man has to be put somewhere."""
        if probe.action in ("put", "slide"):
            self.read(f"{probe.text}, then press Enter ")
        else:
            self.write(probe.text)


class SimulatedMaker(ConsoleMaker):
    """Moves the man on a simulated board, the coupon's switches those of ``switches`` with the thresholds
    of a real part somewhere inside its datasheet's bounds (``operate``, ``release`` as fractions of them),
    a magnet in the middle of its grade (times ``field``): what the sensors of a real coupon would do."""

    def __init__(self, board: SimulatedBoardLike, layout: Layout, switches: dict[str, int],
                 sensor: str | None = None, operate: float = 0.7, release: float = 1.6, field: float = 1.0,
                 write: Callable[[str], object] = lambda _text: None,
                 client: SwitchReader | None = None, wait_s: float = 5.0) -> None:
        super().__init__(write)
        self.board = board
        self.client = client  # given: each move is done once the board has reported it (as a person sees it)
        self.wait_s = wait_s
        self.layout = layout
        self.sensor = sensor or layout.mechanics.sensor
        self.switches = switches
        weak, strong = magnets(layout, self.sensor)  # ``field``: a magnet this much off its grade's middle
        self.magnet = replace(weak, br_tesla=field * (weak.br_tesla + strong.br_tesla) / 2)
        self.truth = {carrier: (SENSING[self.sensor][carrier].part.operate * operate,
                                SENSING[self.sensor][carrier].part.release * release) for carrier in switches}
        self.closed = {carrier: False for carrier in switches}

    def true_thresholds(self, carrier: str) -> tuple[float, float]:
        """The simulated part's operate and release drives."""
        return self.truth[carrier]

    def do(self, probe: Probe) -> None:
        """Move the man as told and set the coupon's switch as the field there would."""
        carrier = probe.carrier
        if probe.action == "lift":
            self._set(carrier, False)
            return
        if probe.scale is None:  # on the place's centre
            ticks, (a, c) = [0.0], (0.0, 0.0)
        elif probe.action == "put":
            ticks, (a, c) = [probe.offset], probe.scale.direction
        else:  # slid out from the centre, half a millimetre at a time
            ticks, (a, c) = [k / 2 for k in range(int(probe.offset * 2) + 1)], probe.scale.direction
        operate, release = self.truth[carrier]
        closed = self.closed[carrier]
        for tick in ticks:
            drive = drive_at(self.layout, self.sensor, carrier, self.magnet, (tick * a, tick * c))
            closed = drive >= release if closed else drive >= operate
        self._set(carrier, closed)

    def _set(self, carrier: str, closed: bool) -> None:
        self.closed[carrier] = closed
        switch = self.switches[carrier]
        self.board.set_switch(switch, closed)
        if self.client is not None:  # however slow the machine, the board has said so before Enter
            deadline = time.monotonic() + self.wait_s
            while (switch in self.client.closed) != closed and time.monotonic() < deadline:
                self.client.poll(0.01)


class SwitchReader(Protocol):
    """What the simulated maker watches of :class:`~tablier.link.client.BoardClient`: the switches it has
    reported closed, and a poll that takes in what the board says."""

    closed: set[int]

    def poll(self, timeout: float) -> object: ...


class SimulatedBoardLike(Protocol):
    """What the simulated maker needs of :class:`~tablier.link.sim.SimulatedBoard`."""

    def set_switch(self, switch: int, closed: bool) -> None: ...
