"""The play link: a firmware built for another layout is refused with what to reflash; a pulled
cable is noticed, retried with back-off and reconnected with the switches caught up."""

from __future__ import annotations

import time

import pytest

from tablier.hardware.layout import load_layout
from tablier.link.errors import FirmwareMismatchError, LinkError
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial
from tablier.play.link import CONNECTED, DISCONNECTED, Cable, Link


def test_a_layout_mismatch_is_refused_saying_what_to_reflash() -> None:
    with SimulatedBoard() as board:
        link = Link(lambda: open_serial(board.port), "00000000")
        with pytest.raises(FirmwareMismatchError, match="reflash"):
            link.connect()


def test_a_pulled_cable_is_noticed_and_the_board_caught_up_on_return() -> None:
    layout = load_layout()
    states: list[str] = []
    with SimulatedBoard(layout) as board:
        cable = Cable(lambda: open_serial(board.port))
        link = Link(cable.open, layout.hash, on_state=lambda state, _: states.append(state))
        link.connect()
        board.set_switch(5, True)
        deadline = time.monotonic() + 3
        while 5 not in link.closed and time.monotonic() < deadline:
            link.poll(0.01)
        cable.plugged = False
        link.poll(0.01)
        assert link.state == DISCONNECTED
        board.set_switch(5, False)  # changes while the cable is out ...
        board.set_switch(6, True)
        with pytest.raises(LinkError):
            cable.open()
        cable.plugged = True
        seen = []
        deadline = time.monotonic() + 5
        while link.state != CONNECTED or 6 not in link.closed:
            seen += link.poll(0.01)
            assert time.monotonic() < deadline
        assert {(c.switch, c.closed) for c in seen} >= {(5, False), (6, True)}  # ... each reported once
        assert states[:3] == ["connected", "disconnected", "reconnected"]
        link.close()


def test_a_write_into_a_pulled_cable_is_a_lost_link_not_an_error() -> None:
    layout = load_layout()
    with SimulatedBoard(layout) as board:
        cable = Cable(lambda: open_serial(board.port))
        link = Link(cable.open, layout.hash)
        link.connect()
        cable.plugged = False
        link.ask_status()  # the sensor watch asks now and then: the write fails, nothing escapes
        assert link.state == DISCONNECTED
        link.set_leds([(0, (0, 170, 0), 0)])  # kept for the return, nothing raised
        cable.plugged = True
        deadline = time.monotonic() + 10
        while link.state != CONNECTED:
            link.poll(0.05)
            assert time.monotonic() < deadline
        link.close()
