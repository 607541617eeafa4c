"""`tablier moves` for the draughts games."""

import json

import pytest

from tablier.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["moves", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_lists_notation_and_resulting_fen(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "english", "--fen", "B:W18,26,27:B15,1", "--json")
    assert status == 0
    assert json.loads(out) == {"moves": [{"notation": "15x22x31", "fen": "W:W27:B1,K31"}]}


def test_start_position_without_fen(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "english", "--json")
    notations = [entry["notation"] for entry in json.loads(out)["moves"]]
    assert status == 0 and len(notations) == 7 and "11-15" in notations


@pytest.mark.parametrize(("game", "count"), [("losing", 7), ("polish", 7), ("polish10", 9), ("devil", 2),
                                             ("checkers", 7), ("international", 9)])
def test_every_variant(capsys: pytest.CaptureFixture[str], game: str, count: int) -> None:
    status, out, _ = run(capsys, game, "--json")
    assert status == 0 and len(json.loads(out)["moves"]) == count


def test_options_change_the_moves(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "polish", "--fen", "B:W14,15,23:B10", "--json",
                    "--option", "majority_capture=false")
    assert [e["notation"] for e in json.loads(out)["moves"]] == ["10x17", "10x19x26"]
    _, out, _ = run(capsys, "english", "--fen", "B:W18,30:B15,1", "--json", "--option", "captures=huff")
    assert len(json.loads(out)["moves"]) == 4
    _, out, _ = run(capsys, "devil", "--json", "--option", "first=white")
    assert len(json.loads(out)["moves"]) == 7


def test_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "english")
    assert status == 0 and "black to move, 7 legal moves" in out and "11-15" in out


@pytest.mark.parametrize("argv", [
    ("english", "--fen", "B:W21:B1,2x"),
    ("english", "--fen", "garbage"),
    ("polish10", "--fen", "W:W51:B1"),
    ("polish", "--option", "majority_capture=maybe"),
    ("english", "--option", "nonsense=1"),
    ("devil", "--option", "first=red"),
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                            argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("tablier moves:")
