"""Exported file names come from the record and can never leave the output directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_factory import tables_record

from tablier.record.filenames import inside, record_name, slug, unique

HOSTILE = ["../../etc/x", "/etc/passwd", "a\0b", "x" * 5000, "\u00c9lodie \u4e2d\u6587", "..", ".", "",
           "C:\\Windows\\system32", "name\nwith\nlines", "\u202etxt.exe", "con", "-rf"]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_player_names_stay_inside(tmp_path: Path, name: str) -> None:
    record = tables_record("backgammon", 1)
    record.games[0].players = (name, name)
    file_name = record_name(record, 12, "mat")
    path = inside(tmp_path, file_name)
    assert path.parent == tmp_path
    assert len(file_name) < 120 and "/" not in file_name and "\0" not in file_name
    assert file_name.startswith("00012_2026-11-29_backgammon_") and file_name.endswith(".mat")
    path.write_text("ok")  # the file system takes it
    assert path.read_text() == "ok"


def test_names_are_readable() -> None:
    record = tables_record("backgammon", 1)
    record.games[0].players = ("\u00c9lodie", "Bj\u00f6rn")
    assert record_name(record, 3, "sgf") == "00003_2026-11-29_backgammon_Elodie-vs-Bjorn.sgf"
    assert record_name(record, None, "game1.svg").endswith("Elodie-vs-Bjorn.game1.svg")


@given(st.text())
@settings(deadline=None, max_examples=300)
def test_any_text_gives_a_plain_slug(text: str) -> None:
    result = slug(text)
    assert len(result) <= 32 and all(c.isascii() and (c.isalnum() or c == "-") for c in result)


def test_unsafe_names_are_refused_and_duplicates_numbered(tmp_path: Path) -> None:
    for bad in ("../x", "a/b", "..", "", "a\0"):
        with pytest.raises(ValueError):
            inside(tmp_path, bad)
    taken: set[str] = set()
    assert unique(tmp_path, "a.mat", taken).name == "a.mat"
    assert unique(tmp_path, "a.mat", taken).name == "a-2.mat"
