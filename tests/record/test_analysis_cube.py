"""``tablier analyse`` judges the cube only where the cube was played, and every row of its table
agrees with itself: a loss written 0.000 names no better move, and the mark is the one the
thresholds give the loss as written. A record played without the cube says so in its ``.mat``
(``CubeLimit 1``) and its SGF (``RU[NoCube]``), as GNU Backgammon writes and reads them."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest
from gnubg_mat import gnubg_read

from tablier.cli import main
from tablier.engines.profiles import BACKGAMMON_THRESHOLDS
from tablier.record.game_record import Record
from tablier.record.mat_reader import read_mat
from tablier.record.mat_writer import write_mat
from tablier.record.sgf import read_sgf, write_sgf

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "match.mat"
CUBE_MATCH = Path(os.environ["TABLIER_SHARED"],
                  "corpora/backgammon/mat/BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.txt")
ROW = re.compile(r"^\s*(\d+)\s+(black|white)\s+(\S+)\s+(.+?)\s{2,}(\d+\.\d{3}|forced)"
                 r"(?:\s+(\S+) (inaccuracy|mistake|blunder))?(?:\s+([+-]\d+\.\d{3}))?(?:\s{2,}(.*))?$")


def analysed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[re.Match[str]]:
    assert main(["analyse", *argv]) == 0
    return [row for line in capsys.readouterr().out.splitlines() if (row := ROW.match(line))]


def test_the_readme_match_played_without_the_cube_has_no_cube_decision_judged(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.read_text()
    assert '; [CubeLimit "1"]' in text  # the file says the match had no cube
    assert read_mat(text).options["cube"] == "no"
    rows = analysed(capsys, str(EXAMPLE), "--level", "1", "--game-number", "1")
    assert len(rows) > 40 and not [row[0] for row in rows if row[3] == "cube"]


@pytest.mark.skipif(not CUBE_MATCH.is_file(), reason="the .mat corpus is not here")
def test_every_row_agrees_with_itself(capsys: pytest.CaptureFixture[str]) -> None:
    rows = analysed(capsys, str(CUBE_MATCH), "--level", "1", "--game-number", "1")
    assert any(row[3] == "cube" for row in rows)  # a match with the cube: its decisions are judged
    for row in rows:
        if row[5] == "forced":
            continue
        loss = float(row[5])
        assert (row[7] or "") == BACKGAMMON_THRESHOLDS.mark(loss), row[0]
        if loss == 0:
            assert not row[9], f"a loss of 0.000 names a better move: {row[0]}"


def test_a_record_without_the_cube_says_so_to_gnu_backgammon_and_reads_back_so() -> None:
    record = read_mat(EXAMPLE.read_text(), str(EXAMPLE))
    assert record.options["cube"] == "no"
    assert read_mat(write_mat(record)).options == record.options
    sgf = write_sgf(record)
    assert "RU[NoCube:Crawford]" in sgf and read_sgf(sgf).options == record.options
    with_cube = Record(**{**record.__dict__, "options": {**record.options, "cube": "yes"}})
    assert "CubeLimit" not in write_mat(with_cube) and "NoCube" not in write_sgf(with_cube)


def example_match() -> Record:
    """The README's example match as Tablier's engines played it (no cube: the 1890s rules)."""
    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "examples" / "make_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record: Record = module.backgammon_match()
    return record


def test_gnu_backgammon_reads_our_match_without_the_cube_as_one(tmp_path: Path) -> None:
    pytest.importorskip("gnubg")
    played = example_match()
    assert "cube" not in played.options  # the 1890s rules' default
    written = tmp_path / "nocube.mat"
    written.write_text(write_mat(played))
    assert written.read_text() == EXAMPLE.read_text()  # the README's file is this one
    info = gnubg_read([written])
    assert "NoCube" in info[str(written)]["match-info"]["rules"]
