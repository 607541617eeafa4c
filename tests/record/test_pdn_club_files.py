"""PDN files as clubs write them: their encodings, an unclosed tag string, casual notation, size.

Each test writes its file (or takes a shared corpus file) and goes through the commands a user
runs: ``tablier replay`` and ``tablier archive import``.
"""

from __future__ import annotations

import gc
import io
import os
import re
import tracemalloc
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.record.archive import Archive
from tablier.record.pdn_records import import_pdn, iter_pdn, write_pdn

ENGLISH = Path(os.environ["TABLIER_SHARED"], "corpora/draughts/english")
needs_corpus = pytest.mark.skipif(not ENGLISH.is_dir(), reason="the PDN corpora are not here")

CLUB_GAME = """[Event "Coupe de l'Été"]
[Site "Orléans"]
[White "Müller"]
[Black "Søren"]
[Result "*"]

1. 11-15 23-19 2. 8-11 22-17 *
"""
#: English draughts with a single jump written with a dash (7. 10-17, 21-14).
CASUAL_SINGLE = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10-17 21-14 *\n"


def _import(archive: Path, *files: Path, warnings: bool = False) -> int:
    return main(["archive", "import", "--archive", str(archive), *map(str, files),
                 *(["--warnings"] if warnings else [])])


def _stored(archive: Path) -> list[dict[str, object]]:
    with Archive(archive) as opened:
        return [{"tags": record.tags, "players": record.games[0].players,
                 "moves": len(record.games[0].actions)}
                for record in map(opened.get, opened.ids())]


# -- encodings -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["latin-1", "utf-8", "utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_tags_are_stored_as_written_in_any_encoding(encoding: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.pdn"
    path.write_bytes(CLUB_GAME.encode(encoding))
    assert main(["replay", "english", str(path)]) == 0
    assert "game 1 (Søren - Müller, Coupe de l'Été): 4 moves, all legal" in capsys.readouterr().out
    assert _import(tmp_path / "a.sqlite3", path) == 0
    out, err = capsys.readouterr()
    assert "1 record added (1 game)" in out and not err
    [record] = _stored(tmp_path / "a.sqlite3")
    assert record["tags"] == {"Event": "Coupe de l'Été", "Site": "Orléans"}
    assert record["players"] == ("Søren", "Müller")
    assert "\ufffd" not in str(record)


def test_a_file_that_its_byte_order_mark_belies_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.pdn"
    path.write_bytes(b"\xef\xbb\xbf" + CLUB_GAME.encode("latin-1"))
    assert _import(tmp_path / "a.sqlite3", path) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"refused: {path}: not valid UTF-8: byte ")
    assert main(["replay", "english", str(path)]) == 2
    assert "not valid UTF-8" in capsys.readouterr().err
    assert not _stored(tmp_path / "a.sqlite3")


# -- an unclosed tag string ----------------------------------------------------------------------------

def test_a_game_with_an_unclosed_tag_string_is_left_out_whole_and_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.pdn"
    path.write_text('[Event "Club night]\n[White "Ann"]\n[Black "Bob"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n\n'
                    + CLUB_GAME)
    assert _import(tmp_path / "a.sqlite3", path) == 0  # the file is imported, the broken game named
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "1 file imported: 1 record added (1 game), 1 game left out"
    assert err.splitlines() == [f"left out: {path}: game 1: syntax: line 1, column 8: in the tag "
                                "[Event ...]: the string is not closed by '\"' before the end of the line"]
    assert "1 record added (1 game)" in out
    assert [record["players"] for record in _stored(tmp_path / "a.sqlite3")] == [("Søren", "Müller")]
    assert main(["replay", "english", str(path)]) == 1
    assert "2 games, 4 moves replayed; 1 legal, 1 not" in capsys.readouterr().out


# -- casual notation -----------------------------------------------------------------------------------

@needs_corpus
def test_captures_written_with_dashes_replay_with_warnings_and_are_written_with_x(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    written = (ENGLISH / "OCA_2.0_excerpt_wiegerw.pdn").read_text(encoding="utf-8")
    casual = tmp_path / "casual.pdn"
    casual.write_text(written.replace("x", "-"))  # 11x18x25 becomes 11-18-25, 15x22 becomes 15-22
    assert main(["replay", "english", str(casual), "--warnings"]) == 0
    out = capsys.readouterr().out
    assert "43 games, 2280 moves replayed; 43 legal, 0 not" in out
    assert "    note: ply 43: 10-17-26 is a capture written with '-'; read as 10x17x26" in out
    assert _import(tmp_path / "a.sqlite3", casual, warnings=True) == 0
    out = capsys.readouterr().out
    assert "43 records added (43 games)" in out
    assert re.search(f"^note: {re.escape(str(casual))}: game [0-9]+: ply 43: 10-17-26 is a capture written "
                     "with '-'; read as 10x17x26$", out, re.MULTILINE)
    records = [result.record for result in import_pdn(casual.read_text(), "casual.pdn")]
    originals = [result.record for result in import_pdn(written, "casual.pdn")]
    assert [write_pdn(record) for record in records if record] == [
        write_pdn(record) for record in originals if record]  # written with x, as in the original
    assert any("10x17x26" in write_pdn(record) for record in records if record)


def test_a_single_jump_written_with_a_dash_is_read_and_reported_only_with_warnings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "casual.pdn"
    path.write_text(CASUAL_SINGLE)
    assert _import(tmp_path / "a.sqlite3", path) == 0
    assert "note:" not in capsys.readouterr().out
    [result] = import_pdn(CASUAL_SINGLE, "casual.pdn")
    assert result.warnings == (
        "casual.pdn: game 1: ply 7: 10-17 is a capture written with '-'; read as 10x17",
        "casual.pdn: game 1: ply 8: 21-14 is a capture written with '-'; read as 21x14")
    assert "4. 10x17 21x14" in write_pdn(result.record)  # type: ignore[arg-type]


def test_a_dashed_jump_that_no_legal_move_fits_is_refused_with_its_move() -> None:
    [result] = import_pdn("1. 11-15 23-19 2. 9-14-23 *\n", "casual.pdn")
    assert result.record is None
    assert result.error.startswith("casual.pdn: game 1, move 3 (9x14x23): ")


# -- scale ---------------------------------------------------------------------------------------------

def test_reading_a_pdn_file_takes_the_memory_of_a_game_not_of_the_file() -> None:
    games = 150
    text = CASUAL_SINGLE.replace("*", "1-0") * games
    list(iter_pdn(text[:len(text) // 100]))  # the caches of the first game are no file's
    tracemalloc.start()
    try:
        read = sum(1 for result in iter_pdn(text, "big.pdn") if result.record is not None)
        gc.collect()
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert read == games
    assert kept < 100_000  # nothing of the games stays behind (a record alone takes tens of kB)
    assert peak < 600_000  # two kilobytes a game at most


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_a_progress_bar_shows_on_a_terminal_only(terminal: bool, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.pdn"
    path.write_text((CASUAL_SINGLE + "\n") * 120)
    stderr = _Terminal() if terminal else io.StringIO()
    monkeypatch.setattr("sys.stderr", stderr)
    assert _import(tmp_path / "a.sqlite3", path) == 0
    assert "1 record added (120 games), 119 already archived" in capsys.readouterr().out
    shown = stderr.getvalue()
    if terminal:
        assert "importing [" in shown and "game 100" in shown and shown.endswith("\r")
    else:
        assert not shown
