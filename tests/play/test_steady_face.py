"""The host acts on a face flip only once the face sensor has read the new face for face_stable_ms."""

from __future__ import annotations

from collections.abc import Iterable

from tablier.hardware.layout import load_layout
from tablier.link.client import SwitchChange
from tablier.play.dice import Dice
from tablier.play.link import CONNECTED
from tablier.play.session import PlayOptions
from tablier.play.start import make_session
from tablier.play.steady_face import SteadyFace

LAYOUT = load_layout()
FACE = LAYOUT.switches_of("face")[0].id


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class HandLink:
    """A board link whose switches the test sets (connected, no firmware)."""

    def __init__(self, closed: Iterable[int]) -> None:
        self.state = CONNECTED
        self.closed = set(closed)
        self.client = None
        self.layout_hash = ""
        self.firmware_version = ""
        self.on_state: object = None
        self.pending: list[SwitchChange] = []

    def set(self, switch: int, closed: bool, time_ms: int) -> None:
        (self.closed.add if closed else self.closed.discard)(switch)
        self.pending.append(SwitchChange(switch, closed, time_ms, len(self.pending)))

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]:
        changes, self.pending = self.pending, []
        return changes

    def settle(self) -> set[int]:
        return set(self.closed)

    def set_leds(self, wishes: object) -> None:
        pass

    def ask_status(self) -> None:
        pass


def test_a_flip_counts_once_it_has_held_for_the_stable_time() -> None:
    face = SteadyFace(LAYOUT)
    assert face.stable_s == 1.0  # face_stable_ms in hardware/board.toml
    assert FACE in face.closed({FACE}, 0.0)  # the first reading counts at once
    assert FACE in face.closed(set(), 0.2) and face.settling() and not face.due(1.1)
    assert FACE in face.closed({FACE}, 0.7) and not face.settling()  # bounced back: never acted on
    assert FACE in face.closed(set(), 1.0)
    assert not face.due(1.9) and face.due(2.0)
    assert FACE not in face.closed(set(), 2.0) and not face.settling()


def test_the_session_ignores_a_bounce_and_acts_on_a_held_flip() -> None:
    clock = Clock()
    link = HandLink({FACE})  # the tables face up
    session = make_session("backgammon", link, LAYOUT, Dice(seed=1), None,  # type: ignore[arg-type]
                           PlayOptions())
    session.clock = clock
    session._snapshot("connect")  # the board as found: the face counts at once
    session.start()
    assert session.observation.tables_face_up
    told = len(session.message_log)
    link.set(FACE, False, 100)  # knocked: the tilt switch opens for half a second
    clock.now = 0.1
    session.tick(wait=0.0)
    clock.now = 0.6
    link.set(FACE, True, 600)
    session.tick(wait=0.0)
    clock.now = 3.0
    session.tick(wait=0.0)
    assert session.observation.tables_face_up
    assert not any("turn the board" in m for m in session.message_log[told:])
    link.set(FACE, False, 3000)  # turned over for good
    session.tick(wait=0.0)
    assert session.observation.tables_face_up  # not yet: the flip has held 0 s
    clock.now = 3.5
    session.tick(wait=0.0)
    assert session.observation.tables_face_up
    clock.now = 4.0
    session.tick(wait=0.0)
    assert not session.observation.tables_face_up
    assert any("turn the board to its tables face" in m for m in session.message_log[told:])
