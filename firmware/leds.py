"""The LED chain: what the host asked each LED to show, blinking, and the current budget.

The host sets a colour and a blink code (``wire``'s modes: steady, slow or fast blink, pulse,
flash, double flash, occulting) per LED, once; this module runs the codes on its own clock. A code
is a second of ``wire.PATTERN_SLOTS`` slots: an LED is lit in the slots its ``wire.MODE_MASKS``
entry has, and a pulse shows its colour at ``wire.PULSE_LEVELS`` of each slot. The codes' second
starts again whenever the host gives an LED a blinking code it did not have: every code is lit in
its first slot, so a new light shows at once (a capture's double flash would otherwise stay dark
for up to three quarters of a second), and the codes lit together blink together. The chain is redrawn
when the slot changes and what the codes in use show changes with it (rendering only the LEDs that
changed otherwise, a few per loop step: see :class:`Leds`), and sent once every ``RESEND_MS``
anyway, so that a frame garbled by a glitch on the data line heals within a second. Whatever the
host asks, the frame is scaled down so that the chain draws at most the budget, computed with every
blinking LED lit at full (so brightness does not pulse with the blink). Nothing here allocates once
constructed.
"""

from array import array

import wire
from clock import ticks_add, ticks_diff
from micropython import const

_FULL = const(256)  # scale factor meaning "no scaling", in 1/256ths
_PULSE_BIT = const(8)  # 1 << wire.PULSE
RESEND_MS = const(1000)


class Leds:
    """Desired LED state and the bytes that go to the chain (in its colour order).

    Only the LEDs that changed are rendered again (a whole sweep when the scale or a blink phase
    changes), at most ``per_step`` of them per :meth:`refresh` (0: all at once), and a frame goes out
    when they are all done and ``busy()`` (the line still sending the last one) is False.
    """

    def __init__(self, count: int, order: str, ma_per_channel: float, budget_ma: float, write,
                 busy=None, per_step: int = 0) -> None:
        self.count = count
        self.rgb = bytearray(3 * count)
        self.mode = bytearray(count)
        self.out = bytearray(3 * count)
        self._write = write
        self._busy = busy
        self._per_step = per_step if per_step > 0 else count
        self._r = order.index("R")
        self._g = order.index("G")
        self._b = order.index("B")
        self._tenth_ma = int(ma_per_channel * 10 + 0.5)  # per channel at full, tenths of mA
        self._budget_tenths = int(budget_ma * 10)
        self.scale = _FULL
        self.draw_ma = 0  # what the host's frame would draw unscaled
        self._total = 0  # the sum of every channel the host asked for
        self._blinking = 0  # LEDs in a blink mode
        self._used = 1  # bit m: some LED may show mode m (exact after each sweep of the chain)
        self._seen = 1  # the modes the sweep under way has met, and those set since it began
        self._lit_at = bytearray(wire.PATTERN_SLOTS)  # bit m of slot s: mode m is lit in slot s
        for slot in range(wire.PATTERN_SLOTS):
            for m in range(wire.MODE_COUNT):
                if (wire.MODE_MASKS[m] >> (wire.PATTERN_SLOTS - 1 - slot)) & 1:
                    self._lit_at[slot] |= 1 << m
        self._slot = -1  # the slot of the code's second last drawn
        self._origin = 0  # when the code's second began (ticks_ms)
        self._slot_end = 0  # when its slot under way ends (ticks_ms)
        self._restart = False  # an LED was given a new blinking code: the second begins again
        self._phase = -1  # what the codes in use show in that slot (redrawn when it changes)
        self._shade = array("H", [_FULL] * wire.MODE_COUNT)  # each mode's scale in it (0: dark)
        self._stale = bytearray(count)  # LEDs waiting in the queue to be rendered again
        self._queue = array("H", [0] * count)
        self._queued = 0
        self._done = 0  # queue entries rendered so far
        self._sweep = 0  # the next LED of a render of the whole chain (-1: none under way)
        self._unsent = True  # something was rendered that the chain has not been sent
        self._sent_at = 0
        self.writes = 0

    def set(self, index: int, r: int, g: int, b: int, mode: int) -> bool:
        """Set one LED; False (and nothing changes) if the index or mode is out of range."""
        if index >= self.count or mode >= wire.MODE_COUNT:
            return False
        at = 3 * index
        rgb = self.rgb
        was = rgb[at] + rgb[at + 1] + rgb[at + 2]  # 0: the LED was dark
        self._total += r + g + b - was
        old = self.mode[index]
        if mode != old:  # the same code again changes no bookkeeping (the usual case)
            if (old == 0) != (mode == 0):
                self._blinking += 1 if mode else -1
            if mode:
                self._restart = True
            bit = 1 << mode
            self._seen |= bit
            if not self._used & bit:  # a code newly in use: its shade is worked out again
                self._used |= bit
                self._slot = -1
                self._phase = -1
                self._slot_end = self._origin  # in the next refresh
        elif mode and not was:  # a dark blinking LED lit again
            self._restart = True
        rgb[at] = r
        rgb[at + 1] = g
        rgb[at + 2] = b
        self.mode[index] = mode
        if not self._stale[index]:
            self._stale[index] = 1
            self._queue[self._queued % self.count] = index  # a ring: at most count are waiting
            self._queued += 1
        return True

    def fill(self, r: int, g: int, b: int, mode: int, start: int = 0, end: int = -1) -> bool:
        """Set the LEDs from ``start`` up to ``end`` (all of them by default) alike; False if the mode
        is out of range. A fill may be done in order, a few LEDs at a time: the chain is rendered
        again once its last LED is set."""
        if mode >= wire.MODE_COUNT:
            return False
        count = self.count
        if end < 0 or end > count:
            end = count
        rgb = self.rgb
        modes = self.mode
        for index in range(start, end):
            at = 3 * index
            rgb[at] = r
            rgb[at + 1] = g
            rgb[at + 2] = b
            modes[index] = mode
        if end == count:
            self._total = (r + g + b) * count
            self._blinking = count if mode else 0
            self._used = self._seen = 1 << mode
            self._restart = mode != 0
            self._slot = -1
            self._phase = -1
            self._sweep = 0
        return True

    def commit(self) -> None:
        """Recompute the budget after a batch of :meth:`set` calls."""
        total = self._total
        draw_tenths = total * self._tenth_ma // 255
        self.draw_ma = draw_tenths // 10
        if draw_tenths > self._budget_tenths:
            scale = self._budget_tenths * 255 * _FULL // (total * self._tenth_ma)
        else:
            scale = _FULL
        if scale != self.scale:
            self.scale = scale
            self._shades(self._slot if self._slot >= 0 else 0)
            self._sweep = 0

    def refresh(self, now: int) -> bool:
        """Render what changed (at most ``per_step`` LEDs) and send the frame once it is whole;
        send it again every ``RESEND_MS`` anyway. True if a frame went out."""
        if self._blinking and (self._restart or ticks_diff(now, self._slot_end) >= 0):
            self._follow(now)  # a slot ended (or the second begins again): once in 62 ms at most
        sweep = self._sweep
        if sweep < 0 and self._done >= self._queued and not self._unsent \
                and ticks_diff(now, self._sent_at) < RESEND_MS:
            return False
        if self._busy is not None and self._busy():
            return False  # the line still carries the last frame: its bytes must not change yet
        budget = self._per_step
        count = self.count
        queue = self._queue
        stale = self._stale
        rgb = self.rgb
        out = self.out
        mode = self.mode
        shade = self._shade
        ro = self._r
        go = self._g
        bo = self._b
        done = self._done
        queued = self._queued
        seen = 0 if sweep == 0 else self._seen  # a sweep begins: it gathers the codes in use
        while budget > 0:
            if sweep >= 0:  # the whole chain, in order
                index = sweep
                seen |= 1 << mode[index]
                sweep += 1
                if sweep == count:
                    sweep = -1
                    if seen != self._used:  # the codes in use now: one no LED shows any more is dropped
                        self._used = seen
                        if self._slot >= 0:
                            self._phase = self._phase_of(self._slot)
                    while done < queued:  # what was queued is rendered by the sweep
                        stale[queue[done % count]] = 0
                        done += 1
            elif done < queued:  # the LEDs that changed
                index = queue[done % count]
                done += 1
                stale[index] = 0
            else:
                break
            budget -= 1
            at = 3 * index
            shown = shade[mode[index]]
            out[at + ro] = rgb[at] * shown >> 8
            out[at + go] = rgb[at + 1] * shown >> 8
            out[at + bo] = rgb[at + 2] * shown >> 8
        if budget < self._per_step:
            self._unsent = True
        self._sweep = sweep
        self._seen = seen
        if done < queued:
            self._done = done
            return False  # the rest in the next steps
        self._queued = 0
        self._done = 0
        if sweep >= 0:
            return False
        self._unsent = False
        self._sent_at = now
        self._write(self.out)
        self.writes += 1
        return True

    def _follow(self, now: int) -> None:
        """Take the codes' second to the slot ``now`` is in (to its first if an LED was given a new
        code), and note when that slot ends: :meth:`refresh` looks at nothing else until then."""
        if self._restart:
            self._restart = False
            self._origin = now
            self._slot = -1
        elapsed = ticks_diff(now, self._origin)
        if not 0 <= elapsed < wire.PATTERN_PERIOD_MS:  # the origin follows a second at a time
            elapsed %= wire.PATTERN_PERIOD_MS
            self._origin = now - elapsed  # ticks_diff takes it across the wrap
        slot = elapsed * wire.PATTERN_SLOTS // wire.PATTERN_PERIOD_MS
        slots = wire.PATTERN_SLOTS  # slot s begins at ceil(s * period / slots): the next one at
        self._slot_end = ticks_add(self._origin,  # type: ignore[type-var]  # ticks_ms: an int here
                                   ((slot + 1) * wire.PATTERN_PERIOD_MS + slots - 1) // slots)
        if slot != self._slot:
            self._next_slot(slot)

    def _next_slot(self, slot: int) -> None:
        """Take the code's second to ``slot``; redraw the chain if the codes in use show anything
        else in it (a pulse changes in every slot)."""
        self._slot = slot
        phase = self._phase_of(slot)
        if phase != self._phase:
            self._phase = phase
            self._shades(slot)
            self._sweep = 0

    def _phase_of(self, slot: int) -> int:
        """What the codes in use show in ``slot`` (a pulse: its slot, as it changes in every one)."""
        used = self._used
        phase = self._lit_at[slot] & used
        if used & _PULSE_BIT:
            phase |= slot << 8
        return phase

    def _shades(self, slot: int) -> None:
        """Each mode's scale in ``slot`` (what a channel is multiplied by, in 256ths): the budget's
        where the mode is lit, 0 where it is dark, and a pulse's at its level."""
        lit = self._lit_at[slot]
        shade = self._shade
        scale = self.scale
        for m in range(wire.MODE_COUNT):
            shade[m] = scale if (lit >> m) & 1 else 0
        shade[wire.PULSE] = scale * wire.PULSE_LEVELS[slot] >> 8
