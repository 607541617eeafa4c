"""The emulated-RP2040 tier: the firmware image on MicroPython's rp2 port, on rp2040js (docs/firmware.md).

It runs when ``TABLIER_RP2_UF2`` names a MicroPython ``RPI_PICO`` UF2 (``make test-rp2
TABLIER_RP2_UF2=PATH`` installs Node's rp2040js and the ``rp2`` extra first); without one nothing
here is collected, and ``make test`` says so in one line. Every time here is the emulated chip's.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablier.link.client import BoardClient
from tablier.link.sim_rp2 import EmulatedBoard
from tablier.link.transport import open_serial

UF2 = os.environ.get("TABLIER_RP2_UF2", "")
if not UF2:
    collect_ignore_glob = ["test_*.py"]
#: The emulated chip runs 5 to 30 times slower than real time, by the machine's load: its tests get
#: more than the suite's 300 s.
TIMEOUT_S = 1800


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.timeout(TIMEOUT_S))


@pytest.fixture(scope="module")
def uf2() -> Path:
    """The MicroPython rp2 UF2 the tier boots."""
    path = Path(UF2).expanduser()
    assert path.is_file(), f"TABLIER_RP2_UF2={UF2} is not a file"
    return path


@pytest.fixture(scope="module")
def board(uf2: Path) -> Iterator[EmulatedBoard]:
    """The firmware image (``tablier firmware build``) booted from littlefs on the emulated Pico."""
    with EmulatedBoard(uf2) as emulated:
        yield emulated


@pytest.fixture(scope="module")
def client(board: EmulatedBoard) -> Iterator[BoardClient]:
    """The project's own host client on the board's port, keeping the chip's time."""
    port = open_serial(board.port)
    connected = BoardClient(port, clock=board.now)
    connected.connect(timeout=5.0)
    yield connected
    port.close()


def poll_for(client: BoardClient, board: EmulatedBoard, seconds: float) -> list[object]:
    """Poll the client for ``seconds`` of emulated time; every change it saw."""
    seen: list[object] = []
    until = board.now() + seconds
    while board.now() < until:
        seen += client.poll(0.005)
    return seen


def settle_leds(client: BoardClient, board: EmulatedBoard, timeout: float = 3.0) -> None:
    """Poll until the board confirmed every LED wish (the host sends them a few LEDs a frame), then
    long enough for the chain to be rendered and sent."""
    until = board.now() + timeout
    while not client.leds_settled:
        assert board.now() < until, "the board did not confirm the LED wishes"
        client.poll(0.005)
    poll_for(client, board, 0.1)
