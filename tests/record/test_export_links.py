"""``tablier export`` into a folder holding a symbolic link: that file refused in one line, the others
written, nothing written through the link."""

from __future__ import annotations

from pathlib import Path

import pytest
from record_factory import draughts_record, tables_record

from tablier.cli import main
from tablier.record.json_format import dumps


def test_a_symbolic_link_in_the_way_is_refused_and_the_rest_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = []
    for name, record in (("a", tables_record("jacquet", 2)), ("b", draughts_record("english", 2))):
        path = tmp_path / f"{name}.json"
        path.write_text(dumps(record))
        inputs += ["--input", str(path)]
    out = tmp_path / "out"
    assert main(["export", *inputs, "--format", "json", "--out", str(out)]) == 0
    first, second = sorted(out.iterdir())
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    first.unlink()
    first.symlink_to(outside)
    second.unlink()
    capsys.readouterr()
    assert main(["export", *inputs, "--format", "json", "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert f"{first}: is a symbolic link; not written" in captured.err
    assert "1 file written" in captured.out
    assert second.is_file() and second.read_text().startswith("{")
    assert outside.read_text() == "keep me" and first.is_symlink()
