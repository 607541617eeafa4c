"""Serial transport: the board's USB port (or the simulated board's pseudo-terminal) via pyserial.

:func:`open_board` is the usual way in: open the port, greet the board, check its layout.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager

import serial

from tablier.link.client import BoardClient
from tablier.link.errors import LinkError

#: USB CDC ignores the baud rate; a real UART bridge would use this one.
BAUD_RATE = 115200


def open_serial(port: str) -> serial.Serial:
    """Open ``port`` raw and non-blocking (reads return what has arrived); :class:`LinkError` saying
    why not, in words (once: pyserial repeats the system's error number in its message)."""
    try:
        return serial.Serial(port, BAUD_RATE, timeout=0, write_timeout=1.0)
    except (serial.SerialException, OSError) as error:
        raise LinkError(f"cannot open serial port {port}: {_why(error)}") from error


def _why(error: Exception) -> str:
    """What keeps a port from opening, in a player's words."""
    number = getattr(error, "errno", None)
    if number == errno.ENOENT:
        return "no such port (is the board plugged in? `ls /dev/ttyACM*` lists the ports)"
    if number == errno.EACCES:
        return "permission denied (add yourself to the dialout group, then log in again)"
    if number == errno.EBUSY:
        return "the port is in use by another program"
    if isinstance(number, int):
        return os.strerror(number).lower()
    return str(error)


def open_board(port: str, timeout: float = 3.0) -> BoardClient:
    """Open ``port``, greet the board and check it runs firmware built for ``hardware/board.toml``."""
    from tablier.hardware.layout import load_layout

    serial_port = open_serial(port)
    client = BoardClient(serial_port, load_layout().hash)
    try:
        client.connect(timeout)
    except LinkError:
        serial_port.close()
        raise
    return client


@contextmanager
def board_session(port: str, layout_hash: str) -> Iterator[BoardClient]:
    """A client connected to the board on ``port`` (firmware built for ``layout_hash``) for one walk over
    it: it says goodbye once the walk is done, and the port is closed whatever happens."""
    serial_port = open_serial(port)
    try:
        client = BoardClient(serial_port, layout_hash)
        client.connect()
        yield client
        client.bye()
    finally:
        serial_port.close()
