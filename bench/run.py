"""Run every benchmark of the project and write its figures to ``bench/results/<name>.json``.

Each ``bench/bench_<area>.py`` module exposes ``main() -> dict``; the figures it returns are written
as JSON with the machine and the date. Times are measured here, never asserted in tests.
"""

from __future__ import annotations

import datetime
import importlib.util
import json
import os
import platform
import sys
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
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    wanted = set(sys.argv[1:])
    for path in sorted(BENCH_DIR.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        print(f"== bench {name}", flush=True)
        figures = run_one(path)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
