"""The panels the small and the long boards are ordered in, made by KiKit from the boards' files.

A PCB house's pick-and-place line holds a board by two parallel edges on its conveyor and finds it by
fiducials: a 12 mm round LED module, or an 11 mm strip 172-334 mm long, cannot ride it alone. Each is
ordered as a panel: copies of the board in a grid, held by a frame or by rails along the long edges with
three tooling holes (1.152 mm, JLCPCB's) and three fiducials, cut apart after assembly (the round
modules by mouse bites, the strips by V-cuts along their edges). :data:`PANELS` says each panel's
grid; :func:`write_panel` has KiKit (``kikit panelize``, run by KiCad's Python like
:mod:`tablier.fabrication.kicad_run`, with the maker extra's KiKit on its path) make the panel from the
board's committed file, its origin at its lower left corner (the Gerbers' and the placement's); a strip
panel's V-cuts are lines on the comments layer, which :mod:`tablier.fabrication.kicad_run` plots as
``NAME-Cmts_User.gbr`` (labelled ``V-CUT``) and the fabrication note names. KiKit's
identifiers are random: they are replaced by ones derived from the panel's name, so that the same board
gives the same panel.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

from tablier.errors import TablierError
from tablier.extras import MissingExtra, install_hint


@dataclass(frozen=True)
class Panel:
    """A panel of one board: ``rows`` x ``cols`` copies, ``space`` mm apart, cut apart by ``cuts``."""

    board: str
    rows: int
    cols: int
    space: float
    cuts: str  # "mousebites" (tabs between round boards) or "vcuts" (straight strips, touching)
    framing: str  # "frame" (all round) or "rails" (along the long edges)

    @property
    def name(self) -> str:
        """The panel's design name: its board's, ``-panel``."""
        return f"{self.board}-panel"

    @property
    def copies(self) -> int:
        """How many boards one panel holds."""
        return self.rows * self.cols


#: The boards ordered in panels. The LED modules: 32 a panel, two panels (62 fitted, two spare; the house
#: assembles at least two of a design). The strips
#: stacked along their long edges: six tables carriers (172-180 mm) a panel, four draughts rows
#: (312-334 mm); JLCPCB makes at least five of a board, so a panel's copies are chosen to waste little.
PANELS: dict[str, Panel] = {panel.board: panel for panel in (
    Panel("led-module", 8, 4, 3.0, "mousebites", "frame"),
    Panel("carrier-ladder", 6, 1, 0.0, "vcuts", "rails"),
    Panel("carrier-row", 4, 1, 0.0, "vcuts", "rails"),
    Panel("carrier-ladder-reed", 6, 1, 0.0, "vcuts", "rails"),
    Panel("carrier-row-reed", 4, 1, 0.0, "vcuts", "rails"),
)}
RAIL_MM = 5.0  # a frame's or a rail's width: room for a tooling hole and a fiducial
KICAD_PYTHON = os.environ.get("TABLIER_KICAD_PYTHON", "/usr/bin/python3")


def kikit_arguments(panel: Panel) -> list[str]:
    """``kikit panelize``'s options for a panel."""
    layout = f"grid; rows: {panel.rows}; cols: {panel.cols}; space: {panel.space:g}mm"
    if panel.cuts == "mousebites":
        tabs = "fixed; width: 2mm; hcount: 1; vcount: 1"
        cuts = "mousebites; drill: 0.5mm; spacing: 0.8mm; offset: 0.2mm"
    else:
        tabs, cuts = "full", "vcuts; clearance: 0.4mm"  # drawn on Cmts.User, plotted as the V-cut file
    framing = (f"frame; width: {RAIL_MM:g}mm; space: 3mm" if panel.framing == "frame" else
               f"railstb; width: {RAIL_MM:g}mm; space: 0mm")
    return ["panelize", "--layout", layout, "--tabs", tabs, "--cuts", cuts, "--framing", framing,
            "--tooling", f"3hole; hoffset: {RAIL_MM / 2:g}mm; voffset: {RAIL_MM / 2:g}mm; size: 1.152mm",
            "--fiducials", f"3fid; hoffset: {RAIL_MM * 2:g}mm; voffset: {RAIL_MM / 2:g}mm; coppersize: 1mm; "
            "opening: 2mm", "--post", "origin: bl"]


def kikit_path() -> str:
    """The folder KiKit is installed in (the maker extra), for KiCad's Python to find it."""
    spec = importlib.util.find_spec("kikit")
    if spec is None or spec.origin is None:
        raise MissingExtra(install_hint("KiKit (it makes the boards' panels)", "maker"))
    return str(Path(spec.origin).parents[1])


def write_panel(panel: Panel, board_file: Path, out: Path) -> Path:
    """The panel of ``board_file`` as ``out/NAME.kicad_pcb``, made by KiKit, its identifiers derived from
    its name."""
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{panel.name}.kicad_pcb"
    with tempfile.TemporaryDirectory() as work:
        made = Path(work) / target.name
        env = dict(os.environ, PYTHONPATH=kikit_path(), PYTHONHASHSEED="0")
        run = subprocess.run([KICAD_PYTHON, "-c", "from kikit.ui import cli; cli()", *kikit_arguments(panel),
                              str(board_file), str(made)], capture_output=True, text=True, timeout=1200,
                             env=env)
        if run.returncode != 0 or not made.exists():
            raise TablierError(f"KiKit could not panelise {board_file}: "
                               f"{(run.stderr or run.stdout).strip().splitlines()[-1:]}")
        target.write_text(stable_identifiers(made.read_text(encoding="utf-8"), panel.name), encoding="utf-8",
                          newline="\n")
    return target


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def stable_identifiers(text: str, name: str) -> str:
    """A board file with each distinct identifier replaced by one derived from ``name`` and its order."""
    seen: dict[str, str] = {}

    def stable(match: re.Match[str]) -> str:
        found = match.group(0)
        if found not in seen:
            seen[found] = str(uuid.uuid5(uuid.NAMESPACE_URL, f"tablier/{name}/{len(seen)}"))
        return seen[found]

    return _UUID.sub(stable, text)
