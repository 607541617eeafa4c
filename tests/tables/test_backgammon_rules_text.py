"""``tablier rules backgammon``: every rule section is printed, every option has its lines, and the
lines switch with the option given, as the engine's own results do."""

from __future__ import annotations

import re

import pytest

from tablier.cli import main
from tablier.games import find_game
from tablier.tables.backgammon import Backgammon
from tablier.tables.position import BLACK, Position, side_board

HEADINGS = ("Men and board", "Who plays first", "Playing the dice", "Hitting and entering",
            "Bearing off", "Winning and scoring", "The doubling cube")


def rules_text(capsys: pytest.CaptureFixture[str], *options: str) -> str:
    """The rule sections printed (the option table after them names every choice anyway)."""
    args = ["rules", "backgammon"]
    for option in options:
        args += ["--option", option]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Options in force" in out
    return out.split("Options in force")[0]


def test_every_section_is_printed_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    out = rules_text(capsys)
    positions = [out.index(f"{number}. {heading}") for number, heading in enumerate(HEADINGS, 1)]
    assert positions == sorted(positions)


def test_every_choice_of_every_option_has_its_own_lines() -> None:
    game = find_game("backgammon")
    conditioned: dict[str, set[str]] = {}
    for section in game.rules:
        for line in section.lines:
            match = re.match(r"\[(\w+)=([^\]]+)\]", line)
            if match:
                conditioned.setdefault(match.group(1), set()).add(match.group(2))
    assert conditioned == {option.name: {str(choice) for choice in option.choices}
                           for option in game.options}


@pytest.mark.parametrize(("option", "shown", "hidden"), [
    ("american=yes", "Every game is simply a hit", "A gammon (double game) scores 2"),
    ("american=no", "A gammon (double game) scores 2", "Every game is simply a hit"),
    ("backgammon_zone=home-board", "the loser's points 19..24", "the loser's points 13..24"),
    ("backgammon_zone=far-side", "the loser's points 13..24", "the loser's points 19..24"),
    ("opening_dice=2", "Each side casts two dice", "Each side casts one die"),
    ("opening_dice=1", "Each side casts one die", "Each side casts two dice"),
    ("opening=choose", "may play the opening cast as his first throw or throw", "throws both dice again"),
    ("opening=play-opening", "plays the opening cast as his first throw (the modern", "some clubs"),
    ("opening=throw-again", "only decides who plays first", "modern rule"),
    ("cube=yes", "Crawford game", "There is no doubling cube"),
    ("cube=no", "There is no doubling cube", "Crawford game"),
])
def test_a_rule_line_switches_with_its_option(option: str, shown: str, hidden: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = rules_text(capsys, option)
    assert shown in out
    assert hidden not in out


def test_the_defaults_are_the_1890s_books_conventions(capsys: pytest.CaptureFixture[str]) -> None:
    out = rules_text(capsys)
    for text in ("Each side casts one die", "the 1890s book's general practice", "the loser's points 13..24",
                 "A backgammon (triple game) scores 3", "There is no doubling cube"):
        assert text in out


@pytest.mark.parametrize(("zone", "point", "kind"), [
    ("far-side", 15, "backgammon"), ("home-board", 15, "gammon"),
    ("far-side", 20, "backgammon"), ("home-board", 20, "backgammon"),
    ("far-side", 12, "gammon"),
])
def test_the_printed_backgammon_zone_is_the_one_the_engine_scores(
        zone: str, point: int, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = rules_text(capsys, f"backgammon_zone={zone}")
    first, last = map(int, re.findall(r"the loser's points (\d+)\.\.(\d+)", out)[0])
    assert (first <= point <= last) == (kind == "backgammon")
    loser = side_board({1: 14, point: 1})
    position = Position((side_board({}), loser), BLACK)
    result = Backgammon(backgammon_zone=zone).result(position)
    assert result is not None and result.kind == kind


def test_under_the_american_habit_a_gammon_scores_as_a_hit(capsys: pytest.CaptureFixture[str]) -> None:
    assert "Every game is simply a hit, 1 point" in rules_text(capsys, "american=yes")
    position = Position((side_board({}), side_board({20: 15})), BLACK)
    result = Backgammon(american=True).result(position)
    assert result is not None and (result.kind, result.points) == ("hit", 1)
