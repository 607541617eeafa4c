"""``tablier firmware sim``: a simulated board a host can open, until Ctrl-C."""

from __future__ import annotations

import signal
import subprocess
import sys

from tablier.hardware.layout import load_layout
from tablier.link.transport import open_board


def test_firmware_sim_prints_a_port_a_host_can_use() -> None:
    process = subprocess.Popen([sys.executable, "-m", "tablier", "firmware", "sim"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        port = line.split()[3]
        assert port.startswith("/dev/")
        client = open_board(port)
        assert client.identity is not None and client.identity.layout_hash == load_layout().hash
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
