"""Run every benchmark of the project and write its figures to ``bench/results/<name>.json``.

Each ``bench/bench_<area>.py`` module exposes ``main() -> dict``; the figures it returns are written
as JSON with the machine and the date. Times are measured here, never asserted in tests. Each bench
runs in a fresh interpreter of its own (``run.py --one PATH FIGURES``): what one leaves behind (a library's
threads, a warm cache, a native engine's state) cannot touch the next one's figures.
"""

from __future__ import annotations

import datetime
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
RESULTS_DIR = BENCH_DIR / "results"


def run_one(path: Path) -> dict[str, object]:
    """Import ``path`` as a module and return what its ``main()`` measured."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures: dict[str, object] = module.main()
    return figures


def main() -> int:
    """Run the benchmarks named on the command line (default: all)."""
    if sys.argv[1:2] == ["--one"]:  # in the child: run one bench, its figures to the file named
        Path(sys.argv[3]).write_text(json.dumps(run_one(Path(sys.argv[2]))))
        return 0
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    wanted = set(sys.argv[1:])
    failed = 0
    for path in sorted(BENCH_DIR.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        print(f"== bench {name}", flush=True)
        with tempfile.TemporaryDirectory() as folder:
            handed = Path(folder) / "figures.json"
            status = subprocess.run([sys.executable, __file__, "--one", str(path), str(handed)]).returncode
            if status != 0:
                print(f"   bench {name} failed (exit status {status}); its figures stay as they were",
                      flush=True)
                failed += 1
                continue
            if not handed.exists():  # the bench said why it cannot run here (bench_rp2 without a UF2)
                continue
            figures = json.loads(handed.read_text())
        record = {
            "benchmark": name,
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                        "processor": platform.machine()},
            "figures": figures,
        }
        out = RESULTS_DIR / f"{name}.json"
        out.write_text(json.dumps(record, indent=2) + "\n")
        print(json.dumps(figures, indent=2))
        print(f"   written to {out.relative_to(BENCH_DIR.parent)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
