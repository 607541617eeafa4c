"""The same wiring under CircuitPython: ``digitalio`` and ``busio`` for the 74HC165 chain,
``adafruit-circuitpython-neopixel`` for the LEDs, ``usb_cdc`` for the host.

The host link uses the ``usb_cdc.data`` channel when ``boot.py`` enabled it (``usb_cdc.enable(
console=True, data=True)``; no Ctrl-C handling there), else the console channel. GPIO numbers from
``board_config`` are looked up as ``board.GP<n>`` (the Pico's names).
"""

import board
import board_config
import busio
import digitalio
import neopixel
import usb_cdc

WATCHDOG_S = 2.0


def pin(number: int):
    """The ``board`` pin of GPIO ``number``."""
    return getattr(board, "GP" + str(number))


class Board:
    """The board's hardware, as the firmware sees it (see ``hal/__init__.py``)."""

    def __init__(self) -> None:
        config = board_config
        self.config = config
        self.usb_ma = 0  # CircuitPython's USB descriptor is not raised here: the LEDs keep the stock budget
        self._load = digitalio.DigitalInOut(pin(config.PIN_SR_LOAD))
        self._load.switch_to_output(value=True)
        self._spi = busio.SPI(pin(config.PIN_SR_CLK), MISO=pin(config.PIN_SR_DATA))
        while not self._spi.try_lock():
            pass
        self._spi.configure(baudrate=config.SPI_BAUD, polarity=0, phase=0)
        # The firmware renders bytes in the chain's colour order already: "RGB" passes them through.
        self._pixels = neopixel.NeoPixel(pin(config.PIN_LED), config.LED_COUNT, pixel_order="RGB",
                                         brightness=1.0, auto_write=False)
        self._serial = usb_cdc.data if usb_cdc.data is not None else usb_cdc.console
        self._rail = digitalio.DigitalInOut(pin(config.PIN_LED_ENABLE))  # the LEDs' supply: on once a host
        self._rail.switch_to_output(value=False)  # has spoken (hal/rp2.py)
        self._watchdog = self._start_watchdog()

    @staticmethod
    def _start_watchdog():
        try:
            import microcontroller
            from watchdog import WatchDogMode
        except ImportError:
            return None
        dog = microcontroller.watchdog
        dog.timeout = WATCHDOG_S
        dog.mode = WatchDogMode.RESET
        return dog

    def read_switches(self, buf: bytearray) -> None:
        """Latch every input of the chain (/PL low), then clock them out MSB first."""
        self._load.value = False
        self._load.value = True
        self._spi.readinto(buf, write_value=0xFF)

    def write_leds(self, buf: bytearray) -> None:
        """Send the LED bytes down the chain."""
        pixels = self._pixels
        for index in range(len(buf) // 3):
            pixels[index] = (buf[3 * index], buf[3 * index + 1], buf[3 * index + 2])
        pixels.show()

    def read_host(self, buf: bytearray) -> int:
        """Copy what the host sent, up to ``len(buf)`` bytes, without waiting."""
        waiting = self._serial.in_waiting
        if not waiting:
            return 0
        data = self._serial.read(min(waiting, len(buf)))
        for i in range(len(data)):
            buf[i] = data[i]
        self._rail.value = True
        return len(data)

    def write_host(self, buf: bytearray, n: int) -> bool:
        """Send ``buf[:n]``."""
        self._serial.write(memoryview(buf)[:n])
        return True

    def idle(self) -> None:
        """Scan as often as possible."""

    def vsys_mv(self) -> int:
        """VSYS is not measured under CircuitPython (0: unknown)."""
        return 0

    def reset_cause(self) -> int:
        """Why the board last started, as a ``wire.RESET_*`` number (0: unknown)."""
        try:
            import microcontroller
            reason = microcontroller.cpu.reset_reason
            names = microcontroller.ResetReason
        except (ImportError, AttributeError):
            return 0
        if reason == names.POWER_ON:
            return 1
        if reason == names.WATCHDOG:
            return 2
        return 3

    def feed(self) -> None:
        """Feed the watchdog."""
        if self._watchdog is not None:
            self._watchdog.feed()

    def maintenance(self) -> None:
        """CircuitPython's REPL is reached with Ctrl-C on the console: nothing to prepare."""

    def report(self, error: BaseException) -> None:
        """Drop the exception: the serial line carries protocol frames only."""
