"""Fuzz the real firmware loop under the unix port: bad bytes in, only frames out, heap steady.

Run as ``micropython -X heapsize=192K firmware/hal/sim/fuzz.py FRAMES SEED`` with the simulation's
``MICROPYPATH`` (``tablier.link.fuzz`` does it). The whole :class:`app.Firmware` runs over the
simulated board, its host side replaced by a stream of ``FRAMES`` fuzzed frames: random bytes,
mutated valid frames, over-long runs without a zero, truncated frames, valid frames with bad fields
(wrong sizes, unknown types, LEDs and modes out of range, device types sent to the device), and
good requests among them, while switches change. Every byte the firmware sends is checked to be
part of a whole, well-formed device frame. At the end a HELLO and a PING must still be answered.
Prints one JSON line: the figures as ``[name, value]`` pairs.
"""

import gc
import json
import random
import sys

import framing
import machine
import wire
from app import Firmware

from hal.sim import Board

HOST_KINDS = (wire.HELLO, wire.PING, wire.ACK, wire.GET_SNAPSHOT, wire.GET_STATUS, wire.LEDS,
              wire.LEDS_FILL, wire.SET_DEBOUNCE, wire.BYE)


class Fuzz:
    """The fuzzed host stream, fed to the firmware, and the firmware's answers, checked."""

    def __init__(self, seed: int) -> None:
        random.seed(seed)
        self.firmware = Firmware(Board([]))
        board = self.firmware.board
        board.read_host = self.read_host
        board.write_host = self.write_host
        self.body = bytearray(wire.MAX_BODY)
        self.frame = bytearray(wire.MAX_FRAME)
        self.data = bytearray(1600)  # one fuzzed chunk
        self.size = 0
        self.at = 0
        self.out = framing.Decoder(wire.MAX_BODY)  # checks what the firmware sends
        self.out_bytes = 0
        self.out_frames = 0
        self.not_device_frames = 0
        self.kinds = {}  # device frames sent, by type (every key made now: the heap stays put)
        for kind in wire.MESSAGE_NAMES:
            self.kinds[kind] = 0
        self.last_out = 0
        self.in_bytes = 0
        self.seq = 0
        self.errors = 0
        self.first_error = ""

    # -- the host side of the simulated board ------------------------------------------------

    def read_host(self, buf: bytearray) -> int:
        n = self.size - self.at
        if n > len(buf):
            n = len(buf)
        for i in range(n):
            buf[i] = self.data[self.at + i]
        self.at += n
        return n

    def write_host(self, buf: bytearray, n: int) -> bool:
        self.out_bytes += n
        if n:
            self.last_out = buf[n - 1]
        out = self.out
        for i in range(n):
            length = out.feed(buf[i])
            if length:
                self.out_frames += 1
                kind = wire.message_type(out.body)
                if kind < 0x80 or not wire.well_formed(out.body, length):
                    self.not_device_frames += 1
                if kind in self.kinds:
                    self.kinds[kind] += 1
        return True

    # -- feeding -----------------------------------------------------------------------------

    def feed(self) -> None:
        """Run the loop until the firmware has read the whole chunk."""
        self.in_bytes += self.size
        self.at = 0
        while self.at < self.size:
            self.step()
        self.step()

    def step(self) -> None:
        try:
            self.firmware.step()
        except Exception as error:  # what Firmware.run would survive: counted as a failure here
            self.errors += 1
            if not self.first_error:
                self.first_error = repr(error)

    # -- the fuzzed frames -------------------------------------------------------------------

    def sealed(self, length: int) -> None:
        """Frame ``self.body[:length]`` into ``self.data``."""
        self.size = framing.seal(self.body, length, self.data)
        self.seq = (self.seq + 1) & 0xFF

    def valid(self, bad_fields: bool) -> None:
        """A valid frame of a host message (with ``bad_fields``: out of range, wrong sizes, wrong
        types), CRC and all."""
        body = self.body
        seq = self.seq
        kind = HOST_KINDS[random.getrandbits(8) % len(HOST_KINDS)]
        if kind == wire.HELLO:
            length = wire.encode_hello(body, seq, random.getrandbits(8) if bad_fields else 1)
        elif kind == wire.PING:
            length = wire.encode_ping(body, seq, random.getrandbits(32))
        elif kind == wire.ACK:
            length = wire.encode_ack(body, seq, random.getrandbits(16))
        elif kind == wire.LEDS:
            count = 1 + random.getrandbits(8) % wire.MAX_LED_ENTRIES
            offset = 2
            body[0] = seq
            body[1] = wire.LEDS
            for _ in range(count):
                index = random.getrandbits(16) if bad_fields else random.getrandbits(6)
                wire.put_u16(body, offset, index)
                for k in range(3):
                    body[offset + 2 + k] = random.getrandbits(8)
                body[offset + 5] = random.getrandbits(8) if bad_fields else random.getrandbits(8) % 3
                offset += wire.LED_ENTRY_SIZE
            length = offset
        elif kind == wire.LEDS_FILL:
            length = wire.encode_leds_fill(body, seq, random.getrandbits(8), random.getrandbits(8),
                                           random.getrandbits(8),
                                           random.getrandbits(8) if bad_fields else 0)
        elif kind == wire.SET_DEBOUNCE:
            length = wire.encode_set_debounce(body, seq, random.getrandbits(4))
        else:
            length = wire.encode_request(body, seq, kind)
        if bad_fields:
            choice = random.getrandbits(2)
            if choice == 0:  # a size the message does not have
                length += 1 + random.getrandbits(8) % 12
                if length > wire.MAX_PAYLOAD + 2:
                    length = wire.MAX_PAYLOAD + 2
            elif choice == 1 and length > 2:
                length -= 1
            elif choice == 2:  # an unknown type, or a device's type
                body[1] = 0x0B + random.getrandbits(8) % 0xF5
        self.sealed(length)

    def random_bytes(self) -> None:
        n = 1 + random.getrandbits(6)
        for i in range(n):
            self.data[i] = random.getrandbits(8)
        self.size = n

    def long_run(self) -> None:
        """More non-zero bytes than any frame holds, framed by zeros or not."""
        n = wire.MAX_FRAME - 8 + random.getrandbits(10)
        if n > len(self.data) - 1:
            n = len(self.data) - 1
        small = random.getrandbits(1)
        for i in range(n):
            b = random.getrandbits(8)
            self.data[i] = 1 + (b & 3 if small else b % 255)
        self.data[n] = 0
        self.size = n + random.getrandbits(1)

    def mutated(self) -> None:
        self.valid(False)
        data = self.data
        choice = random.getrandbits(3)
        if choice == 0 or choice == 5:  # flip a bit
            i = random.getrandbits(8) % self.size
            data[i] ^= 1 << random.getrandbits(3)
        elif choice == 1:  # lose a byte
            i = random.getrandbits(8) % self.size
            for k in range(i, self.size - 1):
                data[k] = data[k + 1]
            self.size -= 1
        elif choice == 2:  # a byte twice
            i = random.getrandbits(8) % self.size
            for k in range(self.size, i, -1):
                data[k] = data[k - 1]
            self.size += 1
        elif choice == 3:  # no delimiters
            for k in range(self.size - 2):
                data[k] = data[k + 1]
            self.size -= 2
        elif choice == 4:  # random bytes spliced in
            i = random.getrandbits(8) % self.size
            n = 1 + random.getrandbits(4)
            for k in range(self.size - 1 + n, i + n - 1, -1):
                data[k] = data[k - n]
            for k in range(i, i + n):
                data[k] = random.getrandbits(8)
            self.size += n
        else:  # truncated, then a zero
            self.size = 1 + random.getrandbits(8) % (self.size - 1)
            data[self.size] = 0
            self.size += 1

    def truncated(self) -> None:
        self.valid(random.getrandbits(1) == 1)
        self.size = 1 + random.getrandbits(8) % (self.size - 1)

    def one(self) -> None:
        """One fuzzed frame into the stream."""
        choice = random.getrandbits(3)
        if choice == 0:
            self.random_bytes()
        elif choice == 1 or choice == 2:
            self.mutated()
        elif choice == 3:
            self.long_run()
        elif choice == 4:
            self.truncated()
        elif choice == 5 or choice == 6:
            self.valid(True)
        else:
            self.valid(False)
        self.feed()

    # -- the run -----------------------------------------------------------------------------

    def heap(self) -> int:
        """The bytes the heap holds after a collection."""
        gc.collect()
        return gc.mem_alloc()

    def run(self, frames: int) -> list:
        chain = machine.CHAIN
        for _ in range(50):
            self.step()
        self.sealed(wire.encode_hello(self.body, self.seq, wire.PROTOCOL_VERSION))
        self.feed()
        heap_before = self.heap()
        heap_most = heap_before
        for n in range(frames):
            if n % 64 == 0:
                switch = random.getrandbits(8) % self.firmware.scanner.switch_count
                chain.set(chain.closed, switch, random.getrandbits(1) == 1)
            self.one()
            if n % 1000 == 999:
                used = self.heap()
                if used > heap_most:
                    heap_most = used
        self.data[0] = 0  # end whatever the last chunk left open
        self.size = 1
        self.feed()
        heap_after = self.heap()
        identify_before = self.kinds.get(wire.IDENTIFY, 0)
        pong_before = self.kinds.get(wire.PONG, 0)
        self.sealed(wire.encode_hello(self.body, self.seq, wire.PROTOCOL_VERSION))
        self.feed()
        self.sealed(wire.encode_ping(self.body, self.seq, 0xC0FFEE))
        self.feed()
        decoder = self.firmware.link.decoder
        return [  # pairs, in this order (MicroPython's dicts keep none)
            ("frames", frames),
            ("bytes_in", self.in_bytes),
            ("rx_frames", decoder.frames),
            ("rx_bad_frames", decoder.bad_frames),
            ("rx_oversized", decoder.oversized),
            ("rx_dropped_bytes", decoder.dropped_bytes),
            ("rx_unknown", self.firmware.link.rx_unknown),
            ("bytes_out", self.out_bytes),
            ("frames_out", self.out_frames),
            ("out_bad_frames", self.out.bad_frames + self.out.oversized),
            ("out_dropped_bytes", self.out.dropped_bytes),
            ("out_not_device_frames", self.not_device_frames),
            ("out_ends_between_frames", self.last_out == 0),
            ("out_kinds", {wire.MESSAGE_NAMES.get(k, str(k)): v for k, v in self.kinds.items() if v}),
            ("errors", self.errors + self.firmware.link.errors),
            ("first_error", self.first_error),
            ("heap_before_bytes", heap_before),
            ("heap_after_bytes", heap_after),
            ("heap_most_bytes", heap_most),
            ("heap_total_bytes", gc.mem_alloc() + gc.mem_free()),
            ("answers_hello_at_the_end", self.kinds.get(wire.IDENTIFY, 0) > identify_before),
            ("answers_ping_at_the_end", self.kinds.get(wire.PONG, 0) > pong_before),
        ]


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(json.dumps(Fuzz(seed).run(frames)))


main()
