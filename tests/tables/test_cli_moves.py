"""``tablier moves backgammon`` and ``tablier demo`` as a user runs them."""

from __future__ import annotations

import json

import pytest

from tablier.cli import main
from tablier.tables import Backgammon, Dice
from tablier.tables.gnubg_id import decode_position, encode_position
from tablier.tables.notation import format_play


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_json_lists_every_distinct_play_with_the_position_after(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "moves", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "6-6",
                           "--json")
    assert status == 0 and err == ""
    moves = json.loads(out)["moves"]
    assert len(moves) == 11
    assert set(moves[0]) == {"notation", "position"}
    assert "24/18(2) 13/7(2)" in {move["notation"] for move in moves}
    assert len({move["position"] for move in moves}) == 11


def test_the_resulting_id_is_seen_by_the_next_player_on_roll(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "moves", "backgammon", "--dice", "3-1", "--json")
    bg = Backgammon()
    start = bg.start_position()
    expected = {format_play(play): bg.after(start, play) for play in bg.plays(start, Dice(3, 1))}
    for move in json.loads(out)["moves"]:
        after = expected[move["notation"]]
        assert move["position"] == encode_position(after)
        assert decode_position(move["position"], after.turn) == after  # the opponent is on roll


def test_replies_can_be_asked_for_with_the_resulting_id(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "moves", "backgammon", "--dice", "6-4", "--json")
    after = json.loads(out)["moves"][0]["position"]
    status, reply, _ = run(capsys, "moves", "backgammon", "--position", after, "--dice", "2-1", "--json")
    assert status == 0 and json.loads(reply)["moves"]


def test_the_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "bg", "--dice", "5-2")
    assert status == 0
    assert "8 distinct plays of 5-2" in out and "24/22 13/8" in out


@pytest.mark.parametrize("argv", [
    ("--position", "nonsense", "--dice", "6-6"),
    ("--position", "4HPwATDgc/ABM", "--dice", "6-6"),
    ("--position", "//////////////", "--dice", "6-6"),
    ("--dice", "7-1"),
    ("--dice", "six"),
    (),
    ("--dice", "6-6", "--option", "american=perhaps"),
    ("--dice", "6-6", "--option", "nosuch=1"),
])
def test_bad_input_gets_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                              argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, "moves", "backgammon", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tablier moves: ")


def test_demo_plays_a_whole_game_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    status, first, _ = run(capsys, "demo", "--no-board", "--seed", "5", "--delay", "0")
    assert status == 0
    assert "result: " in first and "BAR" in first and "opening throw" in first
    _, second, _ = run(capsys, "demo", "--no-board", "--seed", "5", "--delay", "0")
    assert first == second


def test_demo_refuses_games_it_cannot_show(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "demo", "--game", "chess", "--delay", "0")
    assert status == 2 and "backgammon" in err
