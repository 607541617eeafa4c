"""The position text format (docs/positions.md) and ``tablier moves`` reading and writing it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.cli import main
from tablier.errors import InvalidPositionError
from tablier.tables.backgammon import Backgammon
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.position import BAR, BLACK, OFF, WHITE
from tablier.tables.position_text import (
    format_position,
    frame_of,
    looks_like_position_text,
    parse_position,
)

BACKGAMMON_START = "W 24x2 13x5 8x3 6x5 / B 24x2 13x5 8x3 6x5 / W"


def test_backgammon_start() -> None:
    assert parse_position(BACKGAMMON_START) == Backgammon().start_position(WHITE)


def test_items_counts_bar_off_and_side() -> None:
    position = parse_position("B bar 24*3 20:2 6 6 offx7 / W 1 / b to move")
    black = position.boards[BLACK]
    assert black[BAR] == 1 and black[24] == 3 and black[20] == 2 and black[6] == 2 and black[OFF] == 7
    assert position.boards[WHITE][1] == 1 and position.boards[WHITE][OFF] == 14
    assert position.turn == BLACK


def test_frames() -> None:
    assert frame_of(make_variant("backgammon")) == "contrary"
    assert frame_of(make_variant("ticktack")) == "contrary"
    for name in ("jacquet", "versailles", "spanish"):
        assert frame_of(make_variant(name)) == "parallel"
    assert parse_position("parallel: W 24x15 / B 24x15", "parallel").turn == WHITE
    with pytest.raises(InvalidPositionError, match="parallel frame"):
        parse_position("contrary: W 24x15 / B 24x15", "parallel")


@pytest.mark.parametrize(("text", "message"), [
    ("W 24x15", "W <men> / B <men>"),
    ("W 24x15 / W 24x15", "written twice"),
    ("X 24x15 / B 24x15", "does not start with W or B"),
    ("W 25 / B 24x15", "not one of 1..24"),
    ("W 24x16 / B 24x15", "16 men"),
    ("W 24x14 offx0 / B 24x15", "14 men"),
    ("W 24x15 / B 24x15 / Q", "side to move"),
    ("W 24y15 / B 24x15", "POINTxCOUNT"),
])
def test_errors_name_the_fault(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        parse_position(text)


def test_game_checks_the_position() -> None:
    with pytest.raises(InvalidPositionError, match="both sides"):
        make_variant("jacquet").validate(parse_position("W 24x15 / B 12 24x14", "parallel"))
    with pytest.raises(InvalidPositionError, match="bar"):
        make_variant("ticktack").validate(parse_position("W bar 24x14 / B 24x15"))


def test_position_id_and_text_told_apart() -> None:
    assert not looks_like_position_text("4HPwATDgc/ABMA")
    assert looks_like_position_text(BACKGAMMON_START)


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 2**32), st.sampled_from(["backgammon", "jacquet", "versailles", "spanish", "ticktack"]))
def test_round_trip_on_random_positions_of_every_game(seed: int, name: str) -> None:
    variant = make_variant(name)
    rng = random.Random(seed)
    position = variant.start_position(WHITE)
    for _ in range(rng.randint(0, 60)):
        if variant.result(position) is not None:
            break
        position = variant.after(position, rng.choice(variant.plays(position, Dice(rng.randint(1, 6),
                                                                                      rng.randint(1, 6)))))
    text = format_position(position)
    assert parse_position(text, frame_of(variant)) == position
    assert parse_position(format_position(position, frame_of(variant)), frame_of(variant)) == position


# --- tablier moves with the text format ------------------------------------------------------------

def moves_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["moves", *args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_moves_jacquet_start_and_position(capsys: pytest.CaptureFixture[str]) -> None:
    data = moves_json(capsys, "jacquet", "--dice", "6-6")
    assert data == {"moves": [{"notation": "24/18", "position": "W 24x15 / B 24x14 18 / W"}]}
    data = moves_json(capsys, "jacquet", "--position", "W 24x15 / B 24x15 / W", "--dice", "5-5")
    assert data == {"moves": [{"notation": "24/4", "position": "W 24x14 4 / B 24x15 / B"}]}


def test_moves_versailles_squares_doublets(capsys: pytest.CaptureFixture[str]) -> None:
    data = moves_json(capsys, "versailles", "--position", "W 24x15 / B 24x15 / W", "--dice", "5-5")
    assert data["moves"] == [{"notation": "24/4 24/19", "position": "W 24x13 19 4 / B 24x15 / B"}]


def test_moves_ticktack_reports_the_wins(capsys: pytest.CaptureFixture[str]) -> None:
    data = moves_json(capsys, "ticktack", "--position", "W 22 16 14 24x12 / B 6 24x14 / W", "--dice", "5-3")
    assert data["wins"] == [{"name": "Going in", "value": 2}, {"name": "Hit", "value": 1}]
    assert main(["moves", "ticktack", "--position", "W 22 16 14 24x12 / B 6 24x14 / W",
                 "--dice", "5-3"]) == 0
    assert "wins this throw allows: Going in (2), Hit (1)" in capsys.readouterr().out


def test_moves_backgammon_accepts_both_formats(capsys: pytest.CaptureFixture[str]) -> None:
    by_id = moves_json(capsys, "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "3-1")
    by_text = moves_json(capsys, "backgammon", "--position", BACKGAMMON_START, "--dice", "3-1")
    assert [m["notation"] for m in by_id["moves"]] == [m["notation"] for m in by_text["moves"]]  # type: ignore[index]
    assert " " not in by_id["moves"][0]["position"]  # type: ignore[index]   # a Position ID back
    assert by_text["moves"][0]["position"].startswith("W ")  # type: ignore[index]


def test_moves_bad_position_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "jacquet", "--position", "W 24x15 / B 12 24x14", "--dice", "3-1"]) == 2
    assert "both sides" in capsys.readouterr().err
    assert main(["moves", "jacquet", "--position", "4HPwATDgc/ABMA", "--dice", "3-1"]) == 2
    assert "text format" in capsys.readouterr().err
