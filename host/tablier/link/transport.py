"""Serial transport: the board's USB port (or the simulated board's pseudo-terminal) via pyserial."""

from __future__ import annotations

import serial

from tablier.link.errors import LinkError

#: USB CDC ignores the baud rate; a real UART bridge would use this one.
BAUD_RATE = 115200


def open_serial(port: str) -> serial.Serial:
    """Open ``port`` raw and non-blocking (reads return what has arrived)."""
    try:
        return serial.Serial(port, BAUD_RATE, timeout=0, write_timeout=1.0)
    except (serial.SerialException, OSError) as error:
        raise LinkError(f"cannot open serial port {port}: {error}") from error
