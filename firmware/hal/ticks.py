"""``ticks_ms``/``ticks_us``/``ticks_add``/``ticks_diff`` where ``time`` lacks them.

CircuitPython has ``supervisor.ticks_ms`` (wrapping at 2**29); under CPython (the CircuitPython
backend's tests) the monotonic clock stands in, wrapped the same way. Microseconds come from the
monotonic clock, wrapped alike.
"""

import time

_PERIOD = 1 << 29

try:
    from supervisor import ticks_ms
except ImportError:

    def ticks_ms() -> int:
        """Milliseconds of the monotonic clock, wrapped like CircuitPython's."""
        return (time.monotonic_ns() // 1000000) & (_PERIOD - 1)


def ticks_us() -> int:
    """Microseconds of the monotonic clock, wrapped like the milliseconds."""
    return (time.monotonic_ns() // 1000) & (_PERIOD - 1)


def ticks_add(ticks: int, delta: int) -> int:
    """``ticks + delta``, wrapped."""
    return (ticks + delta) & (_PERIOD - 1)


def ticks_diff(end: int, start: int) -> int:
    """``end - start`` in milliseconds, across the wrap."""
    return ((end - start + _PERIOD // 2) & (_PERIOD - 1)) - _PERIOD // 2
