"""Taking the board over for flashing, on its chip: MAINTENANCE and the warm reboot, and the
``make flash`` path (the stock ``mpremote`` onto a Pico fresh from BOOTSEL)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from tablier.link.client import BoardClient
from tablier.link.sim_rp2 import EmulatedBoard
from tablier.link.transport import open_serial

from .conftest import settle_leds

MPREMOTE = Path(sys.executable).with_name("mpremote")


def _connect_after_soft_reset(board: EmulatedBoard) -> BoardClient:
    port = open_serial(board.port)
    port.write(b"\x02\x04")  # the friendly REPL, then Ctrl-D: a soft reset runs main.py
    time.sleep(0.5)
    client = BoardClient(port, clock=board.now)
    client.connect(timeout=5.0)
    return client


def test_maintenance_restarts_the_board_with_its_repl_free(board: EmulatedBoard, client: BoardClient) -> None:
    client.request_maintenance()
    until = board.now() + 3.0
    while board.reboots == 0 and board.now() < until:
        client.poll(0.01)
    assert board.reboots == 1
    listing = board.run_script("import os\nprint(sorted(os.listdir()))\n")
    assert "main.py" in listing and "maintenance" not in listing  # main.py removed it and stopped
    uart = "from machine import UART\nu = UART(0, 115200)\nprint(u.write(b'tablier'))\n"
    assert board.run_script(uart).strip() == "7"  # MicroPython's IRQ-driven UART starts and sends
    again = _connect_after_soft_reset(board)
    assert again.identity is not None and again.identity.reset_cause == "watchdog"


def test_make_flash_puts_the_image_on_a_blank_pico(uf2: Path, tmp_path: Path) -> None:
    from tablier.hardware.layout import load_layout
    from tablier.link.image import build

    image = tmp_path / "image"
    build(image, load_layout())
    with EmulatedBoard(uf2, blank=True) as blank:
        files = sorted(str(p) for p in image.iterdir())
        command = [str(MPREMOTE), "connect", blank.port, "resume", "fs", "cp", "-r", *files, ":"]
        copied = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
        assert copied.returncode == 0, copied.stdout + copied.stderr
        client = _connect_after_soft_reset(blank)
        identity = client.identity
        assert identity is not None and identity.layout_hash == load_layout().hash
        settle_leds(client, blank)  # a PING waits behind the LED frames the host sends at connecting
        assert statistics.median(client.ping(timeout=1.0) for _ in range(9)) < 0.010
