"""Each board's interactive BOM: InteractiveHtmlBom's page of the board, for whoever fits its parts by hand.

The page (``NAME-ibom.html``, one file, no network) draws the board's copper, silkscreen and pads and lists
its parts grouped by value; pointing at a row lights its parts on the board, and each has boxes to tick
as it is sourced and placed: what the hand-fitted parts (headers, the Pico, the consigned sensors) and a
check of the house's work want. InteractiveHtmlBom (``generate_interactive_bom``, PyPI) reads the board
through KiCad's ``pcbnew``, so it runs under KiCad's Python like :mod:`tablier.fabrication.kicad_run`,
with the maker's InteractiveHtmlBom on its path. Its page carries the board file's date: the board is
copied with a fixed modification time (:data:`tablier.fabrication.pcbs.FIXED_DATE`), so that the same
board gives the same page.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tablier.errors import TablierError
from tablier.extras import MissingExtra

KICAD_PYTHON = os.environ.get("TABLIER_KICAD_PYTHON", "/usr/bin/python3")
#: The pinned version; pip installs it without its declared wxPython (KiCad's own, from Debian, is the one
#: its dialog would use; the command line needs none): see the Makefile.
IBOM = "InteractiveHtmlBom==2.12.0"
OPTIONS = ("--no-browser", "--include-tracks", "--include-nets", "--highlight-pin1", "selected",
           "--checkboxes", "Sourced,Placed", "--bom-view", "left-right", "--layer-view", "FB")


def ibom_path() -> str:
    """The folder InteractiveHtmlBom is installed in, for KiCad's Python to find it."""
    spec = importlib.util.find_spec("InteractiveHtmlBom")
    if spec is None or spec.origin is None:
        raise MissingExtra(f"InteractiveHtmlBom (the boards' interactive BOMs) is not installed: "
                           f"pip install --no-deps '{IBOM}'")
    return str(Path(spec.origin).parents[1])


def write_ibom(board: Path, date: str) -> Path:
    """``board``'s interactive BOM beside it, ``NAME-ibom.html``, dated ``date`` (ISO 8601)."""
    target = board.with_name(f"{board.stem}-ibom.html")
    stamp = datetime.datetime.fromisoformat(date).timestamp()
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / board.name
        shutil.copyfile(board, copy)
        os.utime(copy, (stamp, stamp))
        env = dict(os.environ, PYTHONPATH=ibom_path(), TZ="UTC", INTERACTIVE_HTML_BOM_NO_DISPLAY="1")
        run = subprocess.run([KICAD_PYTHON, "-m", "InteractiveHtmlBom.generate_interactive_bom", *OPTIONS,
                              "--dest-dir", work, "--name-format", "%f-ibom", str(copy)],
                             capture_output=True, text=True, timeout=600, env=env)
        made = Path(work) / target.name
        if run.returncode != 0 or not made.exists():
            raise TablierError(f"InteractiveHtmlBom could not draw {board}: "
                               f"{(run.stderr or run.stdout).strip().splitlines()[-1:]}")
        target.write_text(made.read_text(encoding="utf-8"), encoding="utf-8", newline="\n")
    return target
