"""A simulated ``machine`` module for the unix port: the board's pins, 74HC165 chain and LED chain.

It shadows the built-in ``machine`` (this folder comes first on ``MICROPYPATH``), so the RP2040
backend (``hal/rp2.py``) runs unchanged over simulated hardware. :data:`CHAIN` holds which switches
have a magnet over them and the injected faults; :data:`LEDS` keeps the last bytes sent to the LEDs.
"""

import board_config

_LCG_A = 1103515245
_LCG_C = 12345


class Chain:
    """The reed switches and the 74HC165s reading them, with injectable wiring faults."""

    def __init__(self, switch_count, sr_bytes, active_low):
        self.switch_count = switch_count
        self.closed = bytearray(sr_bytes)  # physical: a magnet closes the reed
        self.dead = bytearray(sr_bytes)  # never closes
        self.stuck = bytearray(sr_bytes)  # never opens
        self.chatter = bytearray(sr_bytes)  # reads at random
        self.swaps = []  # pairs of switches whose wires are exchanged
        self.cut = False  # the chain's data line is stuck low
        self.high = False  # the chain's data line is stuck high
        self.slip = False  # the chain loses one bit (a clock edge missed): every later bit comes early
        self.short = -1  # this chip is bypassed (its neighbours wired together): the chain is a chip short
        self.latched = bytearray(sr_bytes)  # the levels the registers hold, spare inputs included
        self.active_low = active_low
        self.latches = 0
        self._random = 1

    def set(self, field, switch, on):
        """Set or clear ``switch``'s bit of a bytearray field (closed, dead, stuck, chatter)."""
        bit = 0x80 >> (switch % 8)
        if on:
            field[switch // 8] |= bit
        else:
            field[switch // 8] &= ~bit

    def heal(self):
        """Remove every fault."""
        for field in (self.dead, self.stuck, self.chatter):
            for i in range(len(field)):
                field[i] = 0
        self.swaps = []
        self.cut = False
        self.high = False
        self.slip = False
        self.short = -1

    def latch(self):
        """/PL went low: the registers load what the switches read now."""
        self.latches += 1
        out = self.latched
        for i in range(len(out)):
            self._random = (self._random * _LCG_A + _LCG_C) & 0x7FFFFFFF
            noise = (self._random >> 16) & 0xFF
            out[i] = ((self.closed[i] & ~self.dead[i]) | self.stuck[i]) & ~self.chatter[i] \
                | (noise & self.chatter[i])
        for a, b in self.swaps:
            bit_a = out[a // 8] & (0x80 >> (a % 8))
            bit_b = out[b // 8] & (0x80 >> (b % 8))
            self._put(out, a, bit_b)
            self._put(out, b, bit_a)
        for i in range(len(out)):
            if self.active_low:
                out[i] ^= 0xFF
        last = len(out) - 1  # the spare inputs are wired to the layout's fixed pattern
        out[last] = (out[last] & ~board_config.SPARE_MASK) | board_config.SPARE_BITS

    def _clocked(self, i):
        """Byte ``i`` of what reaches the Pico through a sound but possibly shortened chain."""
        if 0 <= self.short <= i:
            i += 1
        if i < len(self.latched):
            return self.latched[i]
        return board_config.SR_TAIL  # past the chain: the last chip's SER level, repeated

    def clocked(self, i):
        """Byte ``i`` read from the chain's data line, with the line's faults."""
        if self.cut:
            return 0
        if self.high:
            return 0xFF
        if self.slip:
            return ((self._clocked(i) << 1) | (self._clocked(i + 1) >> 7)) & 0xFF
        return self._clocked(i)

    @staticmethod
    def _put(buf, switch, on):
        bit = 0x80 >> (switch % 8)
        if on:
            buf[switch // 8] |= bit
        else:
            buf[switch // 8] &= ~bit


class LedChain:
    """The WS2812B chain: the bytes of the last frame it was sent (by ``rp2.DMA``, see ``rp2.py``), and
    whether its supply is on (its load switch's EN, ``PIN_LED_ENABLE``): an unpowered chain takes nothing."""

    def __init__(self, size):
        self.data = bytearray(size)
        self.frames = 0
        self.powered = False
        self.unpowered_frames = 0


CHAIN = Chain(board_config.SWITCH_COUNT, board_config.SR_BYTES, board_config.SWITCH_ACTIVE_LOW)
LEDS = LedChain(3 * board_config.LED_COUNT)


class Pin:
    """A GPIO; driving the 74HC165s' /PL pin low latches the chain."""

    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        self.id = pin_id
        self._value = 0 if value is None else value
        if pin_id == board_config.PIN_LED_ENABLE:
            LEDS.powered = bool(self._value)

    def value(self, value=None):
        if value is None:
            return self._value
        if self.id == board_config.PIN_SR_LOAD and self._value and not value:
            CHAIN.latch()
        if self.id == board_config.PIN_LED_ENABLE:
            LEDS.powered = bool(value)
        self._value = value
        return None


class SPI:
    """The SPI bus reading the chain: clocks the latched bytes out, most significant bit first."""

    def __init__(self, spi_id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        if spi_id != board_config.SPI_ID or miso is None or miso.id != board_config.PIN_SR_DATA:
            raise ValueError("SPI wired differently from board_config")
        self.baudrate = baudrate

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            buf[i] = CHAIN.clocked(i)


class WDT:
    """The watchdog: counts feeds (the simulation cannot reset itself)."""

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


class Timer:
    """The scan timer: the simulation paces its loop in ``hal.sim.Board.idle`` instead."""

    PERIODIC = 1

    def __init__(self, id=-1, mode=1, period=1, callback=None):
        self.period = period


class ADC:
    """ADC3 reads VSYS / 3: :data:`VSYS_MV` (set by the side channel's ``vsys MV``)."""

    def __init__(self, channel):
        self.channel = channel

    def read_u16(self):
        return VSYS_MV[0] * 65535 // 9900


class _Builtin:
    """The built-in CDC driver's descriptors (stock MicroPython's, bMaxPower 125 = 250 mA)."""

    desc_dev = b"\x12\x01\x00\x02\xef\x02\x01@\x8a.\x05\x00\x00\x01\x01\x02\x03\x01"
    desc_cfg = b"\t\x02K\x00\x02\x01\x00\x80}" + bytes(66)


class USBDevice:
    """The runtime USB device: records the configuration descriptor it was given (:data:`USB`).
    ``USB["missing"]`` set before start makes it absent, as in a MicroPython built without it."""

    BUILTIN_CDC = _Builtin()

    def __init__(self):
        if USB["missing"]:
            raise AttributeError("USBDevice")
        self.builtin_driver = None

    def active(self, value=None):
        if value is not None:
            USB["active"] = bool(value)
        return USB["active"]

    def config(self, desc_dev, desc_cfg, *args):
        USB["max_power_ma"] = desc_cfg[8] * 2


#: What the simulated USB device was told (``max_power_ma``) and whether it is absent.
USB = {"missing": False, "active": True, "max_power_ma": 250}

#: The simulated VSYS in millivolts (USB's 5 V less the Pico's Schottky diode).
VSYS_MV = [4700]
PWRON_RESET = 1
WDT_RESET = 3


def reset_cause():
    return PWRON_RESET


def idle():
    pass


def reset():
    raise SystemExit(3)
