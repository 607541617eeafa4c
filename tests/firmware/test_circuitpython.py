"""The CircuitPython backend on CPython with Blinka's OS-agnostic board (``BLINKA_OS_AGNOSTIC=1``).

The agnostic board stands in for the Pico's pins; ``neopixel.neopixel_write`` is captured to read the
LED bytes, and a small fake ``usb_cdc`` carries the host's frames. The firmware's own modules run
unchanged under CPython here, the CircuitPython backend underneath.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tablier.hardware.layout import load_layout
from tablier.link import framing, wire
from tablier.link.image import FIRMWARE_DIR

SCRIPT = r"""
import json, sys, types

class FakeSerial:
    def __init__(self, incoming):
        self.incoming = bytearray(incoming)
        self.sent = bytearray()
    @property
    def in_waiting(self):
        return len(self.incoming)
    def read(self, n):
        data = bytes(self.incoming[:n])
        del self.incoming[:n]
        return data
    def write(self, data):
        self.sent += bytes(data)

host = FakeSerial(bytes.fromhex(sys.argv[1]))
sys.modules["usb_cdc"] = types.SimpleNamespace(data=host, console=None)

import board, board_config as c, neopixel
for gp, name in ((c.PIN_SR_CLK, "SCK"), (c.PIN_SR_DATA, "MISO"), (c.PIN_SR_LOAD, "D4"),
                 (c.PIN_LED, "D5"), (c.PIN_LED_ENABLE, "D6")):
    setattr(board, "GP" + str(gp), getattr(board, name, None) or board.Dx_OUTPUT)
writes = []
neopixel.neopixel_write = lambda pin, buf: writes.append(bytes(buf).hex())

from app import Firmware
from hal.circuitpython import Board
firmware = Firmware(Board())
for _ in range(20):
    firmware.step()
print(json.dumps({"sent": host.sent.hex(), "leds": writes[-1], "writes": len(writes),
                  "raw": list(firmware.scanner.raw), "errors": firmware.link.errors}))
"""


def _frames(data: bytes) -> list[bytes]:
    decoder = framing.Decoder(wire.MAX_BODY)
    frames = []
    for byte in data:
        length = decoder.feed(byte)
        if length:
            frames.append(bytes(decoder.body[:length]))
    assert decoder.bad_frames == 0 and decoder.dropped_bytes == 0
    return frames


def test_circuitpython_backend_runs_the_firmware(image_dir: Path) -> None:
    body = bytearray(wire.MAX_BODY)
    out = bytearray(wire.MAX_FRAME)
    host = bytes(out[:framing.seal(body, wire.encode_hello(body, 0, wire.PROTOCOL_VERSION), out)])
    length = wire.encode_leds(body, 1, [(2, 10, 20, 30, wire.STEADY)])
    host += bytes(out[:framing.seal(body, length, out)])
    env = dict(os.environ, BLINKA_OS_AGNOSTIC="1",
               PYTHONPATH=os.pathsep.join(map(str, (image_dir, FIRMWARE_DIR))))
    result = subprocess.run([sys.executable, "-c", SCRIPT, host.hex()], capture_output=True, text=True,
                            env=env, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    kinds = [frame[1] for frame in _frames(bytes.fromhex(report["sent"]))]
    assert kinds[:3] == [wire.IDENTIFY, wire.SNAPSHOT, wire.DONE]
    leds = bytes.fromhex(report["leds"])
    order = load_layout().led_order
    assert leds[6:9] == bytes({"R": 10, "G": 20, "B": 30}[c] for c in order)  # LED 2, chain order
    assert len(report["raw"]) > 0 and report["errors"] == 0
