"""The session sends each light with its own blink code to a board that runs them all, and with its
legacy code (steady, slow or fast blink) to one whose IDENTIFY names no mode count."""

from __future__ import annotations

from collections.abc import Iterable

from tablier.hardware.layout import load_layout
from tablier.link import wire
from tablier.link.client import Colour
from tablier.play.dice import Dice
from tablier.play.replay import ReplayLink
from tablier.play.session import PlayOptions
from tablier.play.start import make_session

LAYOUT = load_layout()


class CountingLink(ReplayLink):
    """A board link just connected, empty of men, whose firmware runs ``mode_count`` blink codes;
    it keeps the LED wishes sent."""

    def __init__(self, mode_count: int) -> None:
        super().__init__([])
        self.mode_count = mode_count
        self.sent: list[list[tuple[int, Colour, int]]] = []

    def set_leds(self, wishes: Iterable[tuple[int, Colour, int]]) -> None:
        self.sent.append(list(wishes))

    def ask_status(self) -> None:
        pass


def _modes_sent(mode_count: int) -> set[int]:
    link = CountingLink(mode_count)
    session = make_session("backgammon", link, LAYOUT, Dice(seed=1), None,  # type: ignore[arg-type]
                           PlayOptions())
    session._snapshot("connect")
    session.start()
    session.tick(wait=0.0)
    assert link.sent, "the set-up lights were sent"
    return {mode for wishes in link.sent for _, _, mode in wishes}


def test_a_board_of_older_firmware_gets_only_the_legacy_codes() -> None:
    sent = _modes_sent(wire.LEGACY_MODE_COUNT)
    assert sent and sent <= {wire.STEADY, wire.SLOW_BLINK, wire.FAST_BLINK}


def test_a_board_that_runs_every_code_gets_the_double_flash_of_the_link() -> None:
    assert wire.DOUBLE_FLASH in _modes_sent(wire.MODE_COUNT)  # link-wait, just connected
