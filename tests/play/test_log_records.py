"""Event logs of games on the simulated board as records: every game's log reads as a legal record,
a torn last line (even one cut inside a letter) included, and goes into the archive."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.play.demo import run_demo
from tablier.record.from_log import read_event_log
from tablier.record.json_format import from_json, to_json
from tablier.record.replay import check_record


@pytest.mark.parametrize("game", ["versailles", "jacquet"])
def test_a_demo_log_reads_as_a_legal_record(game: str, tmp_path: Path) -> None:
    # Versailles seed 1 hands dice over to the adversary: the commit carries the whole throw
    result = run_demo(game, seed=1, delay=0.0, log_dir=tmp_path, out=io.StringIO(), live=False)
    assert result.log_path is not None
    record = read_event_log(result.log_path)
    check_record(record)
    assert len(record.games[0].actions) == len(result.session.committed)


def test_two_movements_of_a_doublet_handed_over_are_kept_as_handed_not_as_a_throw(tmp_path: Path) -> None:
    # Versailles seed 1: White plays three of the five movements of 5-5 (17/2); Black is handed two
    result = run_demo("versailles", seed=1, delay=0.0, log_dir=tmp_path, out=io.StringIO(), live=False)
    assert result.log_path is not None
    record = read_event_log(result.log_path)
    handed = [action for action in record.games[0].actions if action.handed]
    assert any(action.dice == (5, 5) and len(action.moves) == 2 for action in handed)
    again = from_json(to_json(record))  # the record's own format keeps the mark
    assert [a.handed for a in again.games[0].actions] == [a.handed for a in record.games[0].actions]
    check_record(again)


def test_a_log_torn_inside_a_letter_goes_into_the_archive(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    result = run_demo("english", seed=1, delay=0.0, log_dir=tmp_path, out=io.StringIO(), live=False)
    assert result.log_path is not None
    with open(result.log_path, "ab") as log:
        log.write('{"type":"message","text":"caf\u00e9'.encode()[:-1])
    capsys.readouterr()
    assert main(["archive", "import", "--archive", str(tmp_path / "a.sqlite3"), str(result.log_path)]) == 0
    assert "1 record added" in capsys.readouterr().out
