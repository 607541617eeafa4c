"""Serial transport: the board's USB port (or the simulated board's pseudo-terminal) via pyserial.

:func:`open_board` is the usual way in: open the port, greet the board, check its layout.
"""

from __future__ import annotations

import serial

from tablier.link.client import BoardClient
from tablier.link.errors import LinkError

#: USB CDC ignores the baud rate; a real UART bridge would use this one.
BAUD_RATE = 115200


def open_serial(port: str) -> serial.Serial:
    """Open ``port`` raw and non-blocking (reads return what has arrived)."""
    try:
        return serial.Serial(port, BAUD_RATE, timeout=0, write_timeout=1.0)
    except (serial.SerialException, OSError) as error:
        raise LinkError(f"cannot open serial port {port}: {error}") from error


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
