"""Start the Tablier firmware on whatever runs it: a Pico, a CircuitPython board, or the unix port.

On the device, a boot that finds ``/maintenance`` (left by the protocol's MAINTENANCE request,
``tablier firmware maintenance``) removes it and returns at once, leaving the REPL to ``mpremote``.
"""

import os
import sys


def _board():
    if sys.platform == "rp2":
        from hal.rp2 import Board
        return Board()
    if sys.implementation.name == "circuitpython":
        from hal.circuitpython import Board
        return Board()
    from hal.sim import Board
    return Board(sys.argv)


def _maintenance_requested() -> bool:
    if sys.platform != "rp2":
        return False
    try:
        os.remove("/maintenance")
    except OSError:
        return False
    return True


def main() -> None:
    """Build the backend and run the loop; never let a traceback reach the serial line."""
    if _maintenance_requested():
        return
    import micropython
    if hasattr(micropython, "kbd_intr"):  # CircuitPython has none (use its usb_cdc data channel)
        micropython.kbd_intr(-1)  # 0x03 is an ordinary byte of our frames
    from app import Firmware
    Firmware(_board()).run()


try:
    main()
except SystemExit:
    raise
except BaseException as error:
    if sys.platform == "rp2":
        import machine
        machine.reset()  # the loop never returns; start afresh rather than fall into the REPL
    sys.print_exception(error, sys.stderr)  # type: ignore[arg-type]
    sys.exit(1)
