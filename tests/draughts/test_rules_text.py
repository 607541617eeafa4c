"""``tablier rules`` for the draughts games: every section is printed, every option's choices have
their own lines, and the lines switch with the option given, as the engine itself does."""

from __future__ import annotations

import re

import pytest

from tablier.cli import main
from tablier.draughts import BLACK, WHITE, Board
from tablier.draughts.catalog import make_board
from tablier.draughts.laws import LawsGame, LawsOptions
from tablier.games import find_game

HEADINGS = {
    "english": ("Board and men", "Moving and crowning", "Capturing (Laws 14-15)", "End of the game",
                "Touching and false moves"),
    "losing": ("Board and men", "Moving and crowning", "Capturing", "The object: give everything away"),
    "polish": ("Board and men", "Moving and crowning", "Capturing", "End of the game"),
    "polish10": ("Board and men", "Moving and crowning", "Capturing", "End of the game"),
    "devil": ("Board and men", "Moving", "Winning"),
}


def rules_text(capsys: pytest.CaptureFixture[str], game: str, *options: str) -> str:
    """The rule sections printed (the option table after them names every choice anyway)."""
    args = ["rules", game]
    for option in options:
        args += ["--option", option]
    assert main(args) == 0
    out = capsys.readouterr().out
    return re.split(r"\n(?:Options in force|This game has no options)", out)[0]


@pytest.mark.parametrize("game", HEADINGS)
def test_every_section_is_printed_in_order(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = rules_text(capsys, game)
    positions = [out.index(f"{number}. {heading}") for number, heading in enumerate(HEADINGS[game], 1)]
    assert positions == sorted(positions)


@pytest.mark.parametrize("game", HEADINGS)
def test_every_choice_of_every_option_has_its_own_lines(game: str) -> None:
    info = find_game(game)
    conditioned: dict[str, set[str]] = {}
    for section in info.rules:
        for line in section.lines:
            match = re.match(r"\[(\w+)=([^\]]+)\]", line)
            if match:
                conditioned.setdefault(match.group(1), set()).add(match.group(2))
    assert conditioned == {option.name: {str(choice) for choice in option.choices}
                           for option in info.options}


@pytest.mark.parametrize(("game", "option", "shown", "hidden"), [
    ("english", "captures=huff", "his opponent may then huff", "The modern rule: capturing is compulsory"),
    ("english", "captures=compulsory", "The modern rule: capturing is compulsory", "huff"),
    ("english", "forty_move_rule=no", "There is no forty-move notice", "within forty of his own moves"),
    ("english", "forty_move_rule=yes", "within forty of his own moves", "There is no forty-move notice"),
    ("english", "touch_move=yes", "a touched piece must be played", "commits the player to nothing"),
    ("english", "touch_move=no", "commits the player to nothing", "a touched piece must be played"),
    ("english", "false_move=forfeit", "forfeits the game (Law 17)", "played again"),
    ("english", "false_move=teach", "the moves that are legal", "forfeits the game (Law 17)"),
    ("english", "false_move=retract", "refused with its reason and played again", "the moves that are legal"),
    ("polish", "majority_capture=no", "any capture sequence may be chosen", "take the most pieces"),
    ("polish", "majority_capture=yes", "take the most pieces", "any capture sequence may be chosen"),
    ("polish10", "majority_capture=no", "any capture sequence may be chosen", "take the most pieces"),
    ("devil", "first=white", "The tailors move first", "The devil moves first"),
    ("devil", "first=black", "The devil moves first", "The tailors move first"),
])
def test_a_rule_line_switches_with_its_option(game: str, option: str, shown: str, hidden: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = rules_text(capsys, game, option)
    assert shown in out
    assert hidden not in out


def test_the_two_polish_boards_differ_only_in_their_board(capsys: pytest.CaptureFixture[str]) -> None:
    eight = rules_text(capsys, "polish").split("\n2. ")
    ten = rules_text(capsys, "polish10").split("\n2. ")
    assert "1-32" in eight[0] and "Black moves first" in eight[0]
    assert "1-50" in ten[0] and "White moves first" in ten[0]
    assert eight[1:] == ten[1:]


def test_the_losing_game_rules_say_the_blocked_side_wins_as_the_engine_has_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert "cannot move, wins" in rules_text(capsys, "losing")
    assert "all of them blocked, loses" in rules_text(capsys, "english")
    blocked_white = "W:W29:B25,22"
    losing = make_board("losing", blocked_white).outcome()
    english = make_board("english", blocked_white).outcome()
    assert losing is not None and losing.winner == WHITE
    assert english is not None and english.winner == BLACK


def test_the_huff_rule_printed_is_the_one_the_laws_apply(capsys: pytest.CaptureFixture[str]) -> None:
    assert "A player may fail to capture" in rules_text(capsys, "english", "captures=huff")
    position = "B:W18,30:B15,1"
    compulsory = LawsGame(Board(position), LawsOptions(captures="compulsory")).legal_moves()
    huff = LawsGame(Board(position), LawsOptions(captures="huff")).legal_moves()
    assert [str(move) for move in compulsory] == ["15x22"]
    assert {"15x22", "1-5", "15-19"} <= {str(move) for move in huff}


def test_the_majority_rule_printed_is_the_one_the_board_applies(capsys: pytest.CaptureFixture[str]) -> None:
    assert "take the most pieces" in rules_text(capsys, "polish")
    position = "B:W14,23,16:B9,11"  # 9x18x27 takes two, 11x20 one
    majority = make_board("polish", position).legal_moves()
    free = make_board("polish", position, {"majority_capture": "no"}).legal_moves()
    assert [str(move) for move in majority] == ["9x18x27"]
    assert sorted(str(move) for move in free) == ["11x20", "9x18x27"]


def test_who_moves_first_in_the_devil_game_is_as_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert "The devil moves first" in rules_text(capsys, "devil")
    assert make_board("devil").turn == BLACK
    assert make_board("devil", values={"first": "white"}).turn == WHITE
