"""The Raspberry Pi Pico under MicroPython: 74HC165 chain on SPI, WS2812B chain, USB serial, watchdog.

A hardware timer ticks every ``SCAN_PERIOD_MS``; :meth:`Board.idle` sleeps until the next tick, so
the loop (and the scan) runs at a steady rate. The LED chain is driven by a PIO state machine fed by
DMA: :meth:`Board.write_leds` starts the frame and returns at once (a 76-LED frame takes 2.3 ms on
the line), and :meth:`Board.leds_busy` tells when the line is free again. VSYS is measured on ADC3
(GPIO29, VSYS / 3 on the Pico). A write to the host is skipped when USB cannot take bytes (a host
that opened the port but stopped reading): MicroPython would otherwise wait up to its CDC timeout
on every frame. At start the board declares ``USB_DECLARED_MA`` to USB (:func:`declare_usb_current`);
where it cannot, the LEDs keep to the smaller budget that fits stock MicroPython's 250 mA
(``LED_BUDGET_STOCK_USB_MA``). The LEDs' supply (``PIN_LED_ENABLE``, the LED rail switch's EN) is
switched on when the host first sends a byte, so that plugging in never charges the rail's bulk
capacitance.
"""

import select
import sys

import board_config
import machine
import rp2
from clock import ticks_add, ticks_diff, ticks_us
from micropython import const

#: The PIO program's clock: 10 cycles a bit, 800 kbit/s.
WS2812_PIO_HZ = const(8_000_000)
#: A bit on the line, and the low time after a frame that latches it (WS2812B: at least 280 us).
WS2812_BIT_NS = const(1250)
WS2812_LATCH_US = const(300)
#: PIO0's TX FIFO of state machine 0, and the DMA request that paces writes to it (DREQ_PIO0_TX0).
_PIO0_TXF0 = const(0x50200010)
_DREQ_PIO0_TX0 = const(0)
#: LEDs rendered per loop step (the rest in the following steps): rendering costs about 60 us an LED
#: on the RP2040, so a frame adds at most about 0.2 ms to any step (docs/firmware.md).
LEDS_PER_STEP = const(2)
#: Timer ticks a late loop catches up with (a step that overran the period is followed at once).
MAX_BEHIND = const(8)
WATCHDOG_MS = const(2000)
#: ADC3 reads VSYS through the Pico's 3:1 divider against the 3.3 V reference: mV per 65535 counts.
VSYS_FULL_SCALE_MV = const(9900)
VSYS_ADC = const(3)
#: Present at boot: leave the REPL to mpremote (see main.py); removed as it is honoured.
MAINTENANCE_FLAG = "/maintenance"
#: What stock MicroPython's configuration descriptor asks of USB (``USBD_MAX_POWER_MA``).
STOCK_USB_MA = const(250)
#: The configuration descriptor's bMaxPower byte, in units of 2 mA.
_MAX_POWER = const(8)


def declare_usb_current(ma: int) -> int:
    """Ask USB for ``ma`` milliamps: the built-in serial port's configuration descriptor with its
    bMaxPower raised, the device enumerated again (at boot, before any host talks to it). Returns the
    milliamps now declared: the stock 250 mA where MicroPython has no runtime USB device."""
    try:
        usb = machine.USBDevice()
        cdc = usb.BUILTIN_CDC
        cfg = bytearray(cdc.desc_cfg)
        if cfg[_MAX_POWER] * 2 >= ma:
            return cfg[_MAX_POWER] * 2
        cfg[_MAX_POWER] = ma // 2
        usb.active(False)
        usb.builtin_driver = cdc  # type: ignore[attr-defined]
        usb.config(cdc.desc_dev, cfg, None)  # desc_strs: required in fact (MicroPython 1.23 and later)
        usb.active(True)
        return ma
    except (AttributeError, OSError, ValueError, TypeError):
        return STOCK_USB_MA


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True, pull_thresh=8)
def ws2812() -> None:
    """One WS2812B bit per 10 cycles, MSB first: high 3 cycles, then high 4 more for a 1, then low.
    A byte written to the FIFO fills all four lanes; the top 8 bits shifted out are that byte."""
    wrap_target()  # type: ignore[name-defined]  # noqa: F821 - PIO assembler names
    label("bit")  # type: ignore[name-defined]  # noqa: F821
    out(x, 1).side(0)[2]  # type: ignore[name-defined]  # noqa: F821
    jmp(not_x, "zero").side(1)[2]  # type: ignore[name-defined]  # noqa: F821
    jmp("bit").side(1)[3]  # type: ignore[name-defined]  # noqa: F821
    label("zero")  # type: ignore[name-defined]  # noqa: F821
    nop().side(0)[3]  # type: ignore[name-defined]  # noqa: F821
    wrap()  # type: ignore[name-defined]  # noqa: F821


class Board:
    """The board's hardware, as the firmware sees it."""

    led_render_per_step = LEDS_PER_STEP

    def __init__(self, watchdog: bool = True) -> None:
        config = board_config
        self.config = config
        self.usb_ma = declare_usb_current(config.USB_DECLARED_MA)
        self._load = machine.Pin(config.PIN_SR_LOAD, machine.Pin.OUT, value=1)
        self._spi = machine.SPI(config.SPI_ID, baudrate=config.SPI_BAUD, polarity=0, phase=0,
                                sck=machine.Pin(config.PIN_SR_CLK), miso=machine.Pin(config.PIN_SR_DATA))
        self._led_sm = rp2.StateMachine(0, ws2812, freq=WS2812_PIO_HZ,
                                        sideset_base=machine.Pin(config.PIN_LED))
        self._led_sm.active(1)
        self._led_dma = rp2.DMA()
        self._led_ctrl = self._led_dma.pack_ctrl(size=0, inc_write=False, treq_sel=_DREQ_PIO0_TX0)
        self._led_free_at = ticks_us()
        # The LEDs' supply stays off (its pull-down held it so since plug-in) until a host speaks: USB
        # is configured by then, and its inrush limit is behind us (hardware/README.md, *The LED rail*).
        self._rail = machine.Pin(config.PIN_LED_ENABLE, machine.Pin.OUT, value=0)
        self._rail_on = False
        self._wdt = machine.WDT(timeout=WATCHDOG_MS) if watchdog else None
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._stdin_ready = self._poll.ipoll  # bound once: calling it allocates nothing
        self._stdin_ready(0)
        self._out_poll = select.poll()
        self._out_poll.register(sys.stdout, select.POLLOUT)
        self._out_poll.ipoll(0)  # the first call of each makes the tuple it yields: now, not in the loop
        self._vsys = machine.ADC(VSYS_ADC)
        self._ticks = 0
        self._seen = 0
        self._timer = machine.Timer(-1, mode=machine.Timer.PERIODIC, period=config.SCAN_PERIOD_MS,
                                    callback=self._tick)
        self._stdin = sys.stdin.buffer
        self._stdout = sys.stdout.buffer
        self._one = bytearray(1)

    def read_switches(self, buf: bytearray) -> None:
        """Latch every input of the chain (/PL low), then clock them out MSB first."""
        self._load.value(0)
        self._load.value(1)
        self._spi.readinto(buf, 0xFF)

    def write_leds(self, buf: bytearray) -> None:
        """Start sending the LED bytes down the chain (DMA into the PIO FIFO); returns at once.
        ``buf`` must stay as it is until :meth:`leds_busy` is False."""
        self._led_dma.config(read=buf, write=_PIO0_TXF0, count=len(buf), ctrl=self._led_ctrl,
                             trigger=True)
        self._led_free_at = ticks_add(ticks_us(), len(buf) * 8 * WS2812_BIT_NS // 1000 + WS2812_LATCH_US)

    def leds_busy(self) -> bool:
        """Whether the last frame is still on its way (or not yet latched by the chain)."""
        return ticks_diff(self._led_free_at, ticks_us()) > 0

    def read_host(self, buf: bytearray) -> int:
        """Read what USB has received, one byte at a time (readinto blocks until its buffer is full),
        at most ``len(buf)`` bytes (``buf`` is not empty). Most loop steps find nothing: one poll."""
        ready = self._stdin_ready
        for _ in ready(0):
            break
        else:
            return 0  # nothing waiting
        if not self._rail_on:
            self._heard(1)
        stdin = self._stdin
        one = self._one
        size = len(buf)
        n = 0
        while True:
            stdin.readinto(one)
            buf[n] = one[0]
            n += 1
            if n == size:
                return n
            for _ in ready(0):
                break
            else:
                return n  # nothing more waiting

    def _heard(self, n: int) -> int:
        """``n`` bytes came from the host: the first ones switch the LEDs' supply on. Returns ``n``."""
        if n and not self._rail_on:
            self._rail.value(1)
            self._rail_on = True
        return n

    def write_host(self, buf: bytearray, n: int) -> bool:
        """Send ``buf[:n]`` if USB can take bytes now; USB drops it while no host has the port open."""
        for _, event in self._out_poll.ipoll(0):
            if event & select.POLLOUT:
                self._stdout.write(buf, n)
                return True
        return False

    def _tick(self, _timer) -> None:
        self._ticks = (self._ticks + 1) & 0x3FFFFFFF  # a small int forever: no allocation here

    def idle(self) -> None:
        """Sleep until the scan timer's next tick. A step that ran past a tick is caught up by the
        next steps (at most ``MAX_BEHIND`` ticks: past a stall that long, only the older scans are
        lost, not the whole backlog)."""
        while self._ticks == self._seen:
            machine.idle()
        if (self._ticks - self._seen) & 0x3FFFFFFF > MAX_BEHIND:
            self._seen = (self._ticks - MAX_BEHIND + 1) & 0x3FFFFFFF
        else:
            self._seen = (self._seen + 1) & 0x3FFFFFFF

    def vsys_mv(self) -> int:
        """VSYS in millivolts."""
        return self._vsys.read_u16() * VSYS_FULL_SCALE_MV // 65535

    def reset_cause(self) -> int:
        """Why the board last started, as a ``wire.RESET_*`` number."""
        cause = machine.reset_cause()
        if cause == machine.PWRON_RESET:
            return 1
        if cause == machine.WDT_RESET:
            return 2
        return 3

    def feed(self) -> None:
        """Feed the watchdog."""
        if self._wdt is not None:
            self._wdt.feed()

    def maintenance(self) -> None:
        """Restart with the REPL free: ``main.py`` sees ``/maintenance`` and does not start the loop."""
        with open(MAINTENANCE_FLAG, "w") as flag:
            flag.write("requested by the host\n")
        machine.reset()

    def report(self, error: BaseException) -> None:
        """Drop the exception: the serial line carries protocol frames only."""
