"""Wrapping ticks: MicroPython's ``time.ticks_ms``, ``ticks_us``, ``ticks_add`` and ``ticks_diff``,
or ``hal.ticks``'s."""

try:
    from time import ticks_add, ticks_diff, ticks_ms, ticks_us  # MicroPython
except ImportError:  # CircuitPython, or CPython running the CircuitPython backend's tests
    from hal.ticks import ticks_add, ticks_diff, ticks_ms, ticks_us  # type: ignore[no-redef]

__all__ = ["ticks_add", "ticks_diff", "ticks_ms", "ticks_us"]
