"""The firmware's loop: scan, talk, light, feed the watchdog; forever, whatever happens."""

import board_config
import clock
from leds import Leds
from scanner import Scanner

from link import Link

FIRMWARE_VERSION = "0.1.0"


def ticks() -> int:
    """Milliseconds, wrapping at 2**30 (the stubs give ``time.ticks_ms`` a type of its own)."""
    return clock.ticks_ms()  # type: ignore[return-value]


class Firmware:
    """The scanner, the LEDs and the link over one board backend (see ``hal``)."""

    def __init__(self, board) -> None:
        config = board_config
        self.board = board
        self.scanner = Scanner(config.SWITCH_COUNT, config.SR_BYTES, config.SWITCH_ACTIVE_LOW,
                               board.read_switches, spare_bits=config.SPARE_BITS, tail=config.SR_TAIL,
                               contacts=config.CONTACT_SWITCHES)
        budget = config.LED_BUDGET_MA if board.usb_ma >= config.USB_DECLARED_MA else \
            config.LED_BUDGET_STOCK_USB_MA  # USB was not told the board's real maximum: draw less
        self.leds = Leds(config.LED_COUNT, config.LED_ORDER, config.LED_MA_PER_CHANNEL, budget,
                         board.write_leds, getattr(board, "leds_busy", None),
                         getattr(board, "led_render_per_step", 0))
        self.link = Link(board, self.scanner, self.leds, config.LAYOUT_HASH, FIRMWARE_VERSION, ticks())

    def step(self) -> None:
        """One pass of the loop (allocates nothing); its time, idling excluded, goes to the link's
        figures (``worst_step_us``, ``busy_percent`` in STATUS). The link comes last: it works
        until the step has run ``link.STEP_WORK_US`` (``link.LATE_STEP_US`` for its first piece)."""
        start = clock.ticks_us()
        now = ticks()
        self.board.feed()
        self.scanner.scan(now)
        self.leds.refresh(now)
        self.link.poll(now, start)  # type: ignore[arg-type]  # ticks_us: an int, typed apart by the stubs
        self.link.stepped(clock.ticks_diff(clock.ticks_us(), start))
        self.board.idle()

    def run(self) -> None:
        """Loop forever. An exception is counted, reported to the backend, and the loop goes on."""
        while True:
            try:
                self.step()
            except Exception as error:
                self.link.errors += 1
                self.board.report(error)
