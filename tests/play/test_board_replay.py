"""Replaying an archived game on the board: the right places lit, move by move, through the real
firmware on the simulated board."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from record.record_factory import draughts_record, tables_record
from tablier.board.leds import DESTINATION, MUST_MOVE
from tablier.board.orientation import HOME_LEFT
from tablier.cli import main
from tablier.hardware.layout import load_layout
from tablier.link.client import SwitchChange
from tablier.play.board_replay import board_steps, replay
from tablier.record.archive import Archive
from tablier.record.game_record import PLAY, Action, GameRecord, Record


def _record(actions: list[Action]) -> Record:
    record = Record(game="backgammon", family="tables", options={"cube": "yes"})
    record.games.append(GameRecord(players=("Ann", "Bob"), actions=actions))
    return record


def test_a_play_lights_its_from_and_to_points_and_the_dice() -> None:
    record = _record([Action(0, PLAY, (3, 1), ((8, 5, 0), (6, 5, 0))),
                      Action(1, PLAY, (6, 4), ((24, 18, 0), (13, 9, 0)))])
    first, second = board_steps(record, record.games[0], load_layout())
    assert first.lit["point 8"] == "must-move" and first.lit["point 6"] == "must-move"
    assert first.lit["point 5"] == "destination" and first.lit["status 1"] == "your-turn"
    assert first.lit["die 1 pip 1"] == "die"
    # White's 24 and 13 are the layout's 1 and 12 (home table on the right)
    assert second.lit["point 1"] == "must-move" and second.lit["point 12"] == "must-move"
    assert second.lit["point 7"] == "destination" and second.lit["point 16"] == "destination"
    mirrored = board_steps(record, record.games[0], load_layout(), HOME_LEFT)[0]
    assert mirrored.lit["point 5"] == "must-move" and mirrored.lit["point 8"] == "destination"


def test_hits_bearing_off_and_the_winner() -> None:
    record = tables_record("backgammon", seed=2)
    steps = board_steps(record, record.games[0], load_layout())
    assert any(meaning == "hit" for step in steps for meaning in step.lit.values())
    assert any("tray 1" in step.lit or "tray 2" in step.lit for step in steps)
    assert steps[-1].caption.startswith("Result:") and "winner" in steps[-1].lit.values()


def test_a_draughts_capture_lights_the_man_taken() -> None:
    record = Record(game="english", family="draughts")
    record.games.append(GameRecord(start="B:W18:B14", actions=[Action(0, "move", moves=((14, 23),))]))
    [step] = board_steps(record, record.games[0], load_layout())
    assert step.lit == {"status 1": "your-turn", "square 14": "must-move", "square 23": "destination",
                        "square 18": "hit"}


class _FakeLink:
    def __init__(self, presses: list[list[SwitchChange]]) -> None:
        self.shown: list[object] = []
        self.presses = presses

    def set_leds(self, wishes: list[object]) -> None:
        self.shown.append(wishes)

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]:
        return self.presses.pop(0) if self.presses else []


def test_each_move_waits_for_a_button() -> None:
    record = tables_record("jacquet", seed=1)
    steps = board_steps(record, record.games[0], load_layout())[:3]
    buttons = {switch.id for switch in load_layout().switches_of("button")}
    press = SwitchChange(min(buttons), True, 0, 1)
    release = SwitchChange(min(buttons), False, 0, 2)
    link = _FakeLink([[], [press], [release], [], [press], [press]])
    said: list[str] = []
    assert replay(link, steps, buttons, None, said.append) == 3
    assert link.shown == [step.wishes for step in steps] and said == [step.caption for step in steps]


def test_on_the_simulated_board(tmp_path: Path) -> None:
    from tablier.link.sim import SimulatedBoard
    from tablier.link.transport import open_serial
    from tablier.play.link import Link

    layout = load_layout()
    record = draughts_record("english", seed=4)
    steps = board_steps(record, record.games[0], layout)[:2]
    with SimulatedBoard(layout) as board:
        link = Link(lambda: open_serial(board.port), layout.hash)
        link.connect()
        try:
            frames = board.led_frames
            replay(link, steps[:1], set(), 0.3, lambda text: None)
            deadline = time.monotonic() + 3
            path = record.games[0].actions[0].moves[0]
            start = layout.led_for("square", path[0]).index
            end = layout.led_for("square", path[-1]).index
            while time.monotonic() < deadline:
                board.wait_led_frame(frames, 0.2)
                colours = board.led_colours()
                if colours and colours[end] != (0, 0, 0):
                    break
                link.poll(0.05)
            assert colours[end] == DESTINATION.colour
            assert colours[start] in (MUST_MOVE.colour, (0, 0, 0))  # blinking
        finally:
            link.close()


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive_path = tmp_path / "a.sqlite3"
    with Archive(archive_path) as archive:
        record_id = archive.add(tables_record("backgammon", seed=1))
    assert main(["replay-on-board", str(record_id), "--sim", "--step-delay", "0.05", "--moves", "3",
                 "--archive", str(archive_path)]) == 0
    out = capsys.readouterr().out
    assert (out.count("\n") == 4 and "3. black" in out) or "3. white" in out
    assert main(["replay-on-board", "99", "--sim", "--archive", str(archive_path)]) == 2


def test_every_game_of_a_match_is_shown_one_after_another(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    archive_path = tmp_path / "a.sqlite3"
    match = Path(__file__).resolve().parents[2] / "examples" / "match.mat"  # two games
    assert main(["archive", "import", str(match), "--archive", str(archive_path)]) == 0
    capsys.readouterr()
    assert main(["replay-on-board", "1", "--sim", "--step-delay", "0", "--archive", str(archive_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    heads = [line for line in lines if line.startswith("Record 1: ")]
    assert [head.rsplit(", ", 1)[-1] for head in heads] == ["game 1", "game 2"]
    assert sum(line.startswith("1. black") or line.startswith("1. white") for line in lines) == 2
    assert lines[-1].startswith("Result: black wins")  # game 2's, the last
    assert main(["replay-on-board", "1", "--sim", "--step-delay", "0", "--game-number", "2",
                 "--archive", str(archive_path)]) == 0
    assert [line for line in capsys.readouterr().out.splitlines() if line.startswith("Record 1: ")] == [
        heads[1]]
