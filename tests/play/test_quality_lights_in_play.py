"""The quality lights in play, on the simulated board: a lifted man's destinations show their bands
with the bands' own blink codes in the firmware's LED frames, while the player's hints last; past
them, legality only; the page and the terminal say the hints left; a strict game shows none."""

from __future__ import annotations

import io
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablier.board.palettes import find_palette
from tablier.board.scene import Scene
from tablier.cli import main
from tablier.link import wire
from tablier.play.demo import run_demo
from tablier.play.dice import Dice
from tablier.play.hands import Hands
from tablier.play.link import Cable
from tablier.play.resume import resume_log
from tablier.play.runner import PlayResult, play
from tablier.play.script import ScriptActor, parse_script
from tablier.play.session import PlayOptions, Session
from tablier.play.view import render
from tablier.web.live import page_state

from .conftest import run_script
from .test_marks import FULL, KEPT_8_4

pytest.importorskip("gnubg")

Colour = tuple[int, int, int]
Check = Callable[[Session, Any], bool]
"""A look at the session and the simulated board, made once a turn of the loop until it says done."""

OPENING_6_4 = """
    setup
    dice 6 4
    press 1            # the opening throw: black 6, white 4; black throws again
    dice 6 4
    press 1
"""


class Steps:
    """Script lines played by a :class:`ScriptActor` (its hands wait for the turn's bands before they
    lift a man, as a person thinks a moment), and between them looks at the board."""

    def __init__(self, steps: list[str | Check], hands: Hands, cable: Cable) -> None:
        self.steps: deque[str | Check] = deque(steps)
        self.hands = hands
        self.cable = cable
        self.script: ScriptActor | None = None

    @property
    def expected_closed(self) -> set[int]:
        return self.hands.expected_closed

    def step(self, session: Session) -> bool:
        if self.script is not None and self.script.step(session):
            return True
        self.script = None
        if not self.steps:
            return False
        step = self.steps[0]
        if isinstance(step, str):
            self.steps.popleft()
            self.script = ScriptActor(parse_script(step, "test-steps"), self.hands, self.cable, "test-steps")
        elif step(session, self.hands.board):
            self.steps.popleft()
        return True


def run_steps(game: str, steps: list[str | Check], log_dir: Path | None = None,
              **options: Any) -> PlayResult:
    """Play ``steps`` on a fresh simulated board."""
    return play(game, PlayOptions(grace_s=0.3, **options), Dice(1), sim=True, log_dir=log_dir,
                make_actor=lambda hands, cable: Steps(steps, hands, cable), timeout=90)


class Frames:
    """The colours the firmware drives on some places' LEDs, frame by frame, over a second and a
    half once the host's LED wishes are on the board."""

    def __init__(self, places: list[str]) -> None:
        self.places = places
        self.seen: list[list[Colour]] = []
        self._start: float | None = None
        self._frames = -1

    def __call__(self, session: Session, board: Any) -> bool:
        client = session.link.client
        if self._start is None:
            if client is None or not client.leds_settled:
                return False
            self._start = time.monotonic()
        if board.led_frames != self._frames:
            self._frames = board.led_frames
            colours = board.led_colours()
            leds = [session.layout.led_for(*_place(name)).index for name in self.places]
            self.seen.append([colours[i] for i in leds])
        return time.monotonic() - self._start > 1.5

    def of(self, place: str) -> set[Colour]:
        """Every colour ``place``'s LED showed."""
        column = self.places.index(place)
        return {frame[column] for frame in self.seen}


def _place(name: str) -> tuple[str, int]:
    kind, number = name.split()
    return kind, int(number)


class Lit:
    """The lights the host plans (``{place: meaning}``) and the hints the scene says, kept at a
    moment of the game."""

    def __init__(self) -> None:
        self.meanings: dict[str, str] = {}
        self.hints = ""
        self.screen = ""
        self.page: dict[str, Any] = {}
        self.kept = ""

    def __call__(self, session: Session, board: Any) -> bool:
        self.meanings = session.board_plan().meanings()
        scene = session.scene()
        self.hints, self.screen, self.page = scene.hints, render(scene, 120, 40), page_state(scene)["scene"]
        self.kept = Scene.from_json(scene.to_json()).hints  # as a club's page receives it
        return True


@pytest.mark.parametrize("palette", ["classic", "okabe-ito"])
def test_a_lifted_mans_destinations_blink_their_bands_on_the_board(palette: str) -> None:
    frames = Frames(["point 9", "point 7", "point 3"])
    run_steps("backgammon", [OPENING_6_4 + "lift point 13", frames, "put point 13"],
              palette=palette, quality=FULL)
    colours = find_palette(palette)
    best, doubtful, bad = colours["best"], colours["doubtful"], colours["bad"]
    assert len(frames.seen) >= wire.PATTERN_SLOTS // 2  # the firmware redraws as the codes run
    # (the board dims its whole chain to its power budget: each colour is the band's, dimmed alike)
    steady = frames.of("point 9")
    assert len(steady) == 1 and all(_shade_of(c, best) for c in steady)  # 13/9 is best: steady
    pulse = frames.of("point 7")
    assert len(pulse) >= 4 and all(_shade_of(c, doubtful) for c in pulse)  # doubtful: a pulse, never dark
    flash = frames.of("point 3") - {(0, 0, 0)}
    assert (0, 0, 0) in frames.of("point 3") and len(flash) == 1  # 13/3 is bad: a double flash
    assert all(_shade_of(c, bad) for c in flash)


def _shade_of(colour: Colour, band: Colour) -> bool:
    """Whether ``colour`` is ``band``'s colour, lit (not dark) and dimmed evenly (to within rounding)."""
    top = max(range(3), key=lambda n: band[n])
    if colour[top] == 0:
        return False
    scale = colour[top] / band[top]
    return all(abs(c - b * scale) <= 2 for c, b in zip(colour, band, strict=True))


def test_the_hints_count_down_and_then_only_legality_is_lit() -> None:
    looks = [Lit() for _ in range(6)]
    run_steps("backgammon", [
        OPENING_6_4, looks[0],
        "lift point 13", looks[1], "put point 13",      # a hint spent: 1 left
        "lift point 24", looks[2], "put point 24",      # the second: none left
        "lift point 8", looks[3], "put point 8",        # past the budget: legality only
        "lift point 13", looks[4], "put point 13",      # lifted again from 13: costs nothing
        "move point 24 point 18\nmove point 13 point 9\npress 1\ndice 3 1\npress 2", looks[5],
    ], quality=("2", "2"))
    assert [look.hints for look in looks] == ["2 hints left of 2", "1 hint left of 2", "0 hints left of 2",
                                               "0 hints left of 2", "0 hints left of 2",
                                               "2 hints left of 2"]  # white's turn: his own, whole
    assert looks[1].meanings["point 9"] == "best" and looks[1].meanings["point 3"] == "bad"
    assert {looks[2].meanings[p] for p in ("point 18", "point 20")} <= {"best", "doubtful", "bad", "very-bad"}
    assert looks[3].meanings["point 4"] == "destination" and looks[3].meanings["point 2"] == "destination"
    assert looks[4].meanings["point 9"] == "best"
    assert "quality: 1 hint left of 2" in looks[1].screen
    assert looks[2].page["hints"] == looks[2].kept == "0 hints left of 2"


def test_a_strict_game_and_the_computers_seat_show_no_quality() -> None:
    strict, computer = Lit(), Lit()
    run_steps("backgammon", [OPENING_6_4 + "lift point 13", strict, "put point 13"],
              teaching=False, quality=FULL)
    assert strict.meanings["point 9"] == strict.meanings["point 7"] == "destination"
    assert strict.hints == "" and "hint" not in strict.screen
    run_steps("backgammon", [OPENING_6_4 + "lift point 24  # the computer's, as lit", computer],
              quality=FULL, players=("computer:1", "player 2"))
    assert computer.hints == "" and computer.meanings["point 14"] == "put-here"
    assert not {"best", "doubtful", "bad", "very-bad"} & set(computer.meanings.values())


def test_an_english_draughts_man_lifted_shows_the_bands_of_his_landings() -> None:
    lifted = Lit()
    run_steps("english", ["setup\nlift square 14", lifted, "put square 14"],
              position="B:W23,30,31:B1,2,14", quality=("1", "1"))
    assert lifted.meanings["square 18"] == "very-bad"  # 14-18 walks into 23x14
    assert lifted.meanings["square 17"] == "best"
    assert lifted.hints == "0 hints left of 1"


def test_a_resumed_game_shows_the_marks_already_given_and_takes_todays_help(tmp_path: Path) -> None:
    first = run_script("backgammon", KEPT_8_4, tmp_path, quality=FULL)
    assert first.log_path is not None and first.session.marks == ["??"]
    script = parse_script("setup\ndice 3 1\npress 2\nexpect moves 1")
    resumed = resume_log(first.log_path, Dice(2), sim=True, quality=("2", "2"),
                         make_actor=lambda hands, cable: ScriptActor(script, hands, cable, "test-resume"))
    scene = resumed.session.scene()
    assert scene.marked_moves() == ("8/4 ??",)
    assert "moves: 8/4 ??" in render(scene, 120, 40)
    assert scene.hints == "2 hints left of 2"  # the help chosen when resuming: white to play 3-1


def test_the_demos_built_in_players_see_the_quality_lights(tmp_path: Path) -> None:
    shown: set[str] = set()
    said: set[str] = set()

    def watch(session: Session) -> None:
        shown.update(session.board_plan().meanings().values())
        said.add(session.scene().hints)

    result = run_demo("english", seed=2, delay=0.0, log_dir=tmp_path, out=io.StringIO(), live=False,
                      players=("greedy", "random"), quality=("1", "full"), watch=watch)
    assert result.session.finished
    assert {"best", "very-bad"} <= shown  # their hands lifted men, and the landings showed their bands
    assert said == {"", "1 hint left of 1", "0 hints left of 1"}  # player 1's one hint; full says nothing


def test_demo_takes_quality_as_play_does_and_refuses_a_bad_level_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "english", "--players", "greedy,random", "--quality", "2,full",
                 "--fast", "--seed", "2", "--log-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["demo", "--quality", "many"]) == 2
    error = capsys.readouterr().err
    assert error == "tablier demo: --quality: quality help is off, 1-6 (hints a turn) or full, not 'many'\n"
