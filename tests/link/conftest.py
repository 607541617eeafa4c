"""A simulated board (the firmware under MicroPython on a pty) and a host client talking to it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import serial

from tablier.hardware.layout import load_layout
from tablier.link.client import BoardClient
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial


@pytest.fixture
def board() -> Iterator[SimulatedBoard]:
    with SimulatedBoard() as simulated:
        yield simulated
        assert "Traceback" not in simulated.log_text()


@pytest.fixture
def port(board: SimulatedBoard) -> Iterator[serial.Serial]:
    opened = open_serial(board.port)
    yield opened
    opened.close()


@pytest.fixture
def client(port: serial.Serial) -> BoardClient:
    connected = BoardClient(port, load_layout().hash)
    connected.connect()
    return connected
