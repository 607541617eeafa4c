"""Milliseconds that wrap: MicroPython's ``time.ticks_ms``/``ticks_diff``, or ``hal.ticks``'s."""

try:
    from time import ticks_diff, ticks_ms  # MicroPython
except ImportError:  # CircuitPython, or CPython running the CircuitPython backend's tests
    from hal.ticks import ticks_diff, ticks_ms  # type: ignore[no-redef]

__all__ = ["ticks_diff", "ticks_ms"]
