"""Mutated real event logs: the reader, the records reader and ``tablier rebuild`` refuse bad input
in one line naming the file (and the line), never with a traceback.

The logs are real ones, written by whole games on the simulated board; each mutant changes one
thing: a field's value or type, a missing field, a byte, a line cut, dropped, doubled or swapped.
"""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.errors import TablierError
from tablier.play.demo import run_demo
from tablier.record.from_log import read_event_log

#: Values a mutated field may take: every JSON type, out-of-range numbers, odd texts.
ODD_VALUES: list[object] = [
    -1, 0, 1, 2, 3, 7, 99, 10**12, -(10**12), 1.5, "", "x", "13/7", "24/18 13/11", "11-15", None, True,
    False, [], [1], [7, 7], [0, 0], [6, 6, 6, 6, 6], ["a", "b"], [[1]], {}, {"a": 1}, "\u00e9" * 500,
    "B 2x7 4 / W 24x2 / B", "W:W1:B5",
]
#: How many lines of each real log the replaying mutants keep (a replay is the slow part).
PREFIX = 160


@pytest.fixture(scope="module")
def real_logs(tmp_path_factory: pytest.TempPathFactory) -> list[list[bytes]]:
    """The lines of a Backgammon and an English draughts game played on the simulated board."""
    folder = tmp_path_factory.mktemp("logs")
    found = []
    for game in ("backgammon", "english"):
        result = run_demo(game, seed=3, delay=0.0, log_dir=folder, out=io.StringIO(), live=False)
        assert result.log_path is not None and result.session.finished
        found.append(result.log_path.read_bytes().split(b"\n")[:PREFIX])
    return found


def mutate(lines: list[bytes], rng: random.Random) -> tuple[list[bytes], str]:
    """One mutation of a log's lines, and what it was."""
    lines = list(lines)
    n = rng.randrange(len(lines))
    how = rng.random()
    if how < 0.6:
        data = json.loads(lines[n])
        field = rng.choice(sorted(data))
        if rng.random() < 0.2 and field != "type":
            del data[field]
            said = f"line {n + 1}: {field} removed"
        else:
            data[field] = rng.choice(ODD_VALUES)
            said = f"line {n + 1}: {field} = {json.dumps(data[field])[:30]}"
        lines[n] = json.dumps(data).encode()
        return lines, said
    if how < 0.7:
        cut = rng.randrange(1, max(2, len(lines[n])))
        lines[n] = lines[n][:cut]
        return lines, f"line {n + 1} cut at byte {cut}"
    if how < 0.8 and lines[n]:
        at = rng.randrange(len(lines[n]))
        lines[n] = lines[n][:at] + bytes([rng.randrange(256)]) + lines[n][at + 1:]
        return lines, f"line {n + 1} byte {at} changed"
    if how < 0.85:
        del lines[n]
        return lines, f"line {n + 1} dropped"
    if how < 0.9:
        lines.insert(n, lines[n])
        return lines, f"line {n + 1} doubled"
    if how < 0.95 and n + 1 < len(lines):
        lines[n], lines[n + 1] = lines[n + 1], lines[n]
        return lines, f"lines {n + 1} and {n + 2} swapped"
    lines.insert(n, rng.choice([b"{}", b"[]", b"null", b'{"type":1}', b"\xff\xfe", b"{" * 5000]))
    return lines, f"junk before line {n + 1}"


def refusal(path: Path) -> str:
    """'' if every reader of ``path`` read it or refused it cleanly; else what went wrong."""
    try:
        read_event_log(path)
    except TablierError as error:
        if "\n" in str(error) or str(path) not in str(error):
            return f"records reader: {error!r}"
    except Exception as error:  # the point: nothing else may come out
        return f"records reader raised {type(error).__name__}: {error}"
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = main(["rebuild", str(path)])
    except Exception as error:
        return f"tablier rebuild raised {type(error).__name__}: {error}"
    said = err.getvalue()
    if status == 2 and (said.count("\n") != 1 or not said.startswith(f"tablier rebuild: {path}")):
        return f"tablier rebuild said {said!r}"
    if status not in (0, 1, 2):
        return f"tablier rebuild exit status {status}"
    return ""


def sweep(logs: list[list[bytes]], count: int, folder: Path, seed: int) -> list[str]:
    rng = random.Random(seed)
    failures = []
    for number in range(count):
        lines, said = mutate(rng.choice(logs), rng)
        path = folder / f"mutant{number}.jsonl"
        path.write_bytes(b"\n".join(lines))
        problem = refusal(path)
        if problem:
            failures.append(f"mutant {number} ({said}): {problem}")
        path.unlink()
    return failures


def test_mutated_logs_are_read_or_refused_in_one_line(real_logs: list[list[bytes]], tmp_path: Path) -> None:
    failures = sweep(real_logs, 300, tmp_path, seed=1)
    assert not failures, "\n".join(failures[:10])


@pytest.mark.full
@pytest.mark.timeout(1800)
def test_thousands_of_mutated_logs_are_read_or_refused_in_one_line(real_logs: list[list[bytes]],
                                                                    tmp_path: Path) -> None:
    failures = sweep(real_logs, 4000, tmp_path, seed=2)
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\x00\x01\x02", b'{"type":"header"}\n', b"[" * 100000])
def test_rebuild_refuses_what_is_not_a_log_in_one_line(content: bytes, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert main(["rebuild", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tablier rebuild: {path}") and err.count("\n") == 1


def test_rebuild_of_a_folder_or_a_missing_file_says_so(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    for path in (tmp_path, tmp_path / "missing.jsonl"):
        assert main(["rebuild", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"tablier rebuild: {path}: cannot read the log") and err.count("\n") == 1
