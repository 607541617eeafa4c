"""The LED chain: what the host asked each LED to show, blinking, and the current budget.

The host sets a colour and a mode (steady, slow or fast blink) per LED; this module blinks them
from the clock and re-sends the chain when what it shows changes, and once every ``RESEND_MS``
anyway, so that a frame garbled by a glitch on the data line heals within a second. Whatever the
host asks, the frame is scaled down so that the chain draws at most the budget, computed with every
blinking LED lit (so brightness does not pulse with the blink). Rendering allocates nothing.
"""

import wire
from clock import ticks_diff
from micropython import const

_FULL = const(256)  # scale factor meaning "no scaling", in 1/256ths
RESEND_MS = const(1000)


class Leds:
    """Desired LED state and the bytes that go to the chain (in its colour order)."""

    def __init__(self, count: int, order: str, ma_per_channel: float, budget_ma: float, write) -> None:
        self.count = count
        self.rgb = bytearray(3 * count)
        self.mode = bytearray(count)
        self.out = bytearray(3 * count)
        self._write = write
        self._r = order.index("R")
        self._g = order.index("G")
        self._b = order.index("B")
        self._tenth_ma = int(ma_per_channel * 10 + 0.5)  # per channel at full, tenths of mA
        self._budget_tenths = int(budget_ma * 10)
        self.scale = _FULL
        self.draw_ma = 0  # what the host's frame would draw unscaled
        self._blinking = 0
        self._phase = -1
        self._dirty = True
        self._sent_at = 0
        self.writes = 0

    def set(self, index: int, r: int, g: int, b: int, mode: int) -> bool:
        """Set one LED; False (and nothing changes) if the index or mode is out of range."""
        if index >= self.count or mode >= wire.MODE_COUNT:
            return False
        at = 3 * index
        self.rgb[at] = r
        self.rgb[at + 1] = g
        self.rgb[at + 2] = b
        self.mode[index] = mode
        self._dirty = True
        return True

    def fill(self, r: int, g: int, b: int, mode: int) -> bool:
        """Set every LED alike; False if the mode is out of range."""
        if mode >= wire.MODE_COUNT:
            return False
        for index in range(self.count):
            self.set(index, r, g, b, mode)
        return True

    def commit(self) -> None:
        """Recompute the budget after a batch of :meth:`set` calls."""
        total = 0
        blinking = 0
        for at in range(3 * self.count):
            total += self.rgb[at]
        for index in range(self.count):
            if self.mode[index]:
                blinking += 1
        self._blinking = blinking
        draw_tenths = total * self._tenth_ma // 255
        self.draw_ma = draw_tenths // 10
        if draw_tenths > self._budget_tenths:
            self.scale = self._budget_tenths * 255 * _FULL // (total * self._tenth_ma)
        else:
            self.scale = _FULL

    def refresh(self, now: int) -> bool:
        """Send the chain a new frame if the LEDs or the blink phase changed; True if it did."""
        slow = (now // wire.SLOW_HALF_PERIOD_MS) & 1
        fast = (now // wire.FAST_HALF_PERIOD_MS) & 1
        phase = slow | (fast << 1)
        if phase != self._phase and self._blinking:
            self._dirty = True
        self._phase = phase
        if not self._dirty and ticks_diff(now, self._sent_at) < RESEND_MS:
            return False
        self._dirty = False
        self._sent_at = now
        self._render(slow == 0, fast == 0)
        self._write(self.out)
        self.writes += 1
        return True

    def _render(self, slow_on: bool, fast_on: bool) -> None:
        rgb = self.rgb
        out = self.out
        mode = self.mode
        scale = self.scale
        ro = self._r
        go = self._g
        bo = self._b
        for index in range(self.count):
            at = 3 * index
            m = mode[index]
            if m == 0 or (m == 1 and slow_on) or (m == 2 and fast_on):
                out[at + ro] = rgb[at] * scale >> 8
                out[at + go] = rgb[at + 1] * scale >> 8
                out[at + bo] = rgb[at + 2] * scale >> 8
            else:
                out[at + ro] = 0
                out[at + go] = 0
                out[at + bo] = 0
