"""``tablier rules GAME``: the rules printed come from the same option table the engine reads."""

from __future__ import annotations

import json
import re

import pytest

from tablier.cli import main
from tablier.games import all_games
from tablier.tables.catalog import make_variant

GAMES = [game.name for game in all_games()]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_prints_its_rules_and_options(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    game = next(game for game in all_games() if game.name == name)
    assert out.startswith(game.title)
    for option in game.options:
        assert f"{option.name} = {option.default}" in out


@pytest.mark.parametrize("name", GAMES)
def test_rule_lines_only_name_real_options_and_choices(name: str) -> None:
    game = next(game for game in all_games() if game.name == name)
    options = {option.name: option for option in game.options}
    for section in game.rules:
        for text in (section.heading, *section.lines):
            for field in re.findall(r"\{(\w+)\}", text):
                assert field in options, f"{name}: {{{field}}} is not an option"
            condition = re.match(r"\[(\w+)=([^\]]+)\]", text)
            if condition:
                option = options[condition.group(1)]
                assert condition.group(2) in {str(choice) for choice in option.choices}


@pytest.mark.parametrize("name", ["jacquet", "versailles", "spanish", "ticktack"])
def test_each_choice_of_a_conditioned_option_has_its_line(name: str) -> None:
    game = next(game for game in all_games() if game.name == name)
    conditioned = {m.group(1): set() for s in game.rules for line in s.lines
                   if (m := re.match(r"\[(\w+)=([^\]]+)\]", line))}
    for section in game.rules:
        for line in section.lines:
            match = re.match(r"\[(\w+)=([^\]]+)\]", line)
            if match:
                conditioned[match.group(1)].add(match.group(2))
    for option in game.options:
        if option.name in conditioned:
            assert conditioned[option.name] == {str(choice) for choice in option.choices}


def test_printed_defaults_are_the_engines(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("jacquet", "versailles", "spanish", "ticktack", "backgammon"):
        assert main(["rules", name, "--json"]) == 0
        options = json.loads(capsys.readouterr().out)["options"]
        printed = {option["name"]: option["value"] for option in options}
        assert printed == make_variant(name).options


def test_an_option_changes_the_rules_printed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["rules", "jacquet"])
    default = capsys.readouterr().out
    main(["rules", "jacquet", "--option", "closing=variable", "--option", "return_men=1"])
    variable = capsys.readouterr().out
    assert "starting table (24..19) stays free" in variable and "stays free" not in default
    assert "closing = variable (default return-men)" in variable
    main(["rules", "ticktack", "--option", "doublets=4"])
    assert "a doublet gives 4 moves" in capsys.readouterr().out


def test_bad_game_or_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chess"]) == 2
    assert main(["rules", "jacquet", "--option", "closing=sometimes"]) == 2
    assert "closing is one of" in capsys.readouterr().err
    assert main(["rules", "ticktack", "--option", "stake=lots"]) == 2


def test_json_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "versailles", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    headings = [section["heading"] for section in data["sections"]]
    assert "Every die is used" in headings and "Doublets" in headings


def test_games_lists_every_variant_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for text in ("jacquet", "versailles", "spanish", "ticktack", "--option closing=return-men",
                 "--option third_table_points=1", "--option going_in_point=his-11", "--option doublets=2"):
        assert text in out
