"""A simulated ``rp2`` module for the unix port: the PIO state machine and DMA channel of the LED chain.

It stands in for MicroPython's ``rp2`` (this folder comes first on ``MICROPYPATH``), so the RP2040
backend (``hal/rp2.py``) runs unchanged: a DMA transfer started towards the LED state machine's FIFO
puts its bytes on the simulated LED chain (``machine.LEDS``) at once.
"""

import board_config
import machine

#: The address of PIO0's TX FIFO for state machine 0: where the LED chain's DMA writes.
PIO0_TXF0 = 0x50200010


class PIO:
    """The constants ``asm_pio`` takes."""

    OUT_LOW = 0
    OUT_HIGH = 1
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0


def asm_pio(**settings):
    """The assembler's decorator: the program is kept as the function (never assembled here)."""
    def assemble(program):
        return program
    return assemble


class StateMachine:
    """A state machine running ``program`` on the pins from ``sideset_base``."""

    def __init__(self, sm_id, program, freq=0, sideset_base=None, **settings):
        if sideset_base is None or sideset_base.id != board_config.PIN_LED:
            raise ValueError("the LED state machine drives another pin than board_config's")
        self.running = False

    def active(self, value=None):
        if value is not None:
            self.running = bool(value)
        return self.running


class DMA:
    """A DMA channel: a transfer to the LED state machine's FIFO lands on the simulated LED chain."""

    def pack_ctrl(self, **fields):
        return fields.get("treq_sel", 0) << 15 | fields.get("size", 2) << 2 | 1

    def config(self, read=None, write=None, count=0, ctrl=0, trigger=False):
        if write != PIO0_TXF0 or not trigger:
            raise ValueError("DMA used differently from the LED chain")
        if not machine.LEDS.powered:  # its supply's switch is off (PIN_LED_ENABLE low)
            machine.LEDS.unpowered_frames += 1
            return
        data = machine.LEDS.data
        for i in range(count):
            data[i] = read[i]
        machine.LEDS.frames += 1

    def active(self, value=None):
        return False
