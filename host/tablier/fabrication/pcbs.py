"""The boards' KiCad files, design-rule checks, Gerbers, drill files and pictures, from the layout.

:func:`write_pcbs` writes each board of :func:`tablier.fabrication.pcb_layouts.board_pcbs` as a
``.kicad_pcb``, then has KiCad 6 (``pcbnew`` under Debian's ``/usr/bin/python3``, the script
:mod:`tablier.fabrication.kicad_run`) run its design-rule check and plot the Gerbers and the drill file,
draws each board back from its Gerbers (:mod:`tablier.fabrication.gerber_render`) and writes its
interactive BOM (:mod:`tablier.fabrication.ibom`) and its schematic's drawing, SVG and PDF
(:mod:`tablier.fabrication.schematic`). KiCad's dates
are taken out of what it writes, so that the same layout gives the same files.

:func:`clearance_problems` is the check that needs no KiCad (``tablier hardware check``): every
pad, track and via as a segment with round ends, and the least gap between two nets on a layer.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication import gerber_render
from tablier.fabrication.assembly import assembly_files
from tablier.fabrication.ibom import write_ibom
from tablier.fabrication.kicad_pcb import VIA, Pcb, board_text, footprint_file, zone_fills
from tablier.fabrication.kicad_project import project_text
from tablier.fabrication.schematic import schematic_svg, write_pdf
from tablier.fabrication.silkscreen import label_problems
from tablier.hardware.layout import Layout

KICAD_PYTHON = os.environ.get("TABLIER_KICAD_PYTHON", "/usr/bin/python3")
RUNNER = Path(__file__).with_name("kicad_run.py")
MIN_CLEARANCE = 0.2
#: The date written into the Gerber job files (their format asks for one), so that they regenerate alike.
FIXED_DATE = "2026-01-01T00:00:00+00:00"  # JLCPCB's standard two-layer process allows 0.127 mm
SCHEMATIC_NOTE = ("drawn from the netlist SKiDL makes of hardware/board.toml (layout {}) by "
                  "`tablier hardware pcb`; "
                  "pins on one net share its label")
LAYERS = ("F_Cu", "B_Cu", "F_Mask", "B_Mask", "F_Paste", "F_SilkS", "B_SilkS", "Edge_Cuts")


@dataclass(frozen=True)
class Checked:
    """What KiCad's design-rule check found on a board."""

    board: str
    violations: int
    unconnected: int


def kicad_available() -> bool:
    """Whether KiCad's ``pcbnew`` Python module can be run here."""
    if shutil.which(KICAD_PYTHON) is None:
        return False
    probe = subprocess.run([KICAD_PYTHON, "-c", "import pcbnew"], capture_output=True, timeout=60)
    return probe.returncode == 0


def write_pcbs(layout: Layout, out: Path, pictures: Path | None = None, png: bool = False,
               boards: Sequence[Pcb] | None = None) -> tuple[list[Path], list[Checked]]:
    """Write every board's files into ``out/NAME/`` and its picture into ``pictures`` (default
    ``out``); ``boards``: the boards already laid out from ``layout`` (else laid out here)."""
    from tablier.fabrication.pcb_layouts import board_pcbs, design_netlist

    if not kicad_available():
        raise TablierError(f"KiCad 6's pcbnew is not importable by {KICAD_PYTHON} (Debian: apt-get install "
                           "--no-install-recommends kicad kicad-footprints)")
    renderer = shutil.which("rsvg-convert") if png else None
    if png and renderer is None:
        raise TablierError("the PNGs need rsvg-convert (Debian: apt-get install librsvg2-bin)")
    written: list[Path] = []
    checked: list[Checked] = []
    for pcb in boards if boards is not None else board_pcbs(layout):
        folder = out / pcb.name
        folder.mkdir(parents=True, exist_ok=True)
        project = folder / f"{pcb.name}.kicad_pro"  # its design rules, which KiCad's check reads beside it
        project.write_text(project_text(pcb.name), encoding="utf-8", newline="\n")
        board = folder / f"{pcb.name}.kicad_pcb"
        board.write_text(board_text(pcb), encoding="utf-8", newline="\n")
        written += [project, board]
        for name, text in assembly_files(pcb.name, board_text(pcb)).items():  # the house's BOM and placement
            (folder / name).write_text(text, encoding="utf-8", newline="\n")
            written.append(folder / name)
        check, files, filled = kicad_check_and_plot(board)
        board.write_text(board_text(pcb, zone_fills(filled)), encoding="utf-8", newline="\n")
        written += [*files, write_ibom(board, FIXED_DATE)]  # the page for fitting its parts by hand
        names = {ref: dict(pins) for ref, pins in design_netlist(layout, pcb.name).pin_names}
        schematic = folder / f"{pcb.name}-schematic.svg"
        schematic.write_text(schematic_svg(pcb.name, pcb.netlist, names, SCHEMATIC_NOTE.format(layout.hash)),
                             encoding="utf-8", newline="\n")
        written += [schematic, write_pdf(schematic, FIXED_DATE)]
        checked.append(check)
        picture_dir = pictures or folder
        picture_dir.mkdir(parents=True, exist_ok=True)
        picture = picture_dir / f"{pcb.name}-pcb.svg"
        picture.write_text(render_from_gerbers(pcb, folder), encoding="utf-8", newline="\n")
        written.append(picture)
        if renderer is not None:
            png_path = picture.with_suffix(".png")
            subprocess.run([renderer, "--background-color", "white", "--output", str(png_path), str(picture)],
                           check=True, timeout=120)
            written.append(picture.with_suffix(".png"))
    return written, checked


def kicad_check_and_plot(board: Path) -> tuple[Checked, list[Path], str]:
    """Have KiCad fill ``board``'s zones, check it (with the ``.kicad_pro`` beside it) and plot its Gerbers,
    job file and drill file beside it; returns its check, the files written and the board as KiCad saved it
    filled."""
    name = board.stem
    with tempfile.TemporaryDirectory() as work:
        run = subprocess.run([KICAD_PYTHON, str(RUNNER), work, str(board)], capture_output=True, text=True,
                             timeout=1200)
        if run.returncode != 0:
            raise TablierError(f"KiCad could not check {board}: {run.stderr.strip().splitlines()[-1:]}")
        result = json.loads(run.stdout.strip().splitlines()[-1])
        filled = (Path(work) / f"{name}-filled.kicad_pcb").read_text(encoding="utf-8")
        written = []
        for file in [*result["files"], f"{name}-drc.rpt"]:
            text = _without_dates((Path(work) / file).read_text(encoding="utf-8"), board)
            (board.parent / file).write_text(text, encoding="utf-8", newline="\n")
            written.append(board.parent / file)
    return Checked(name, result["violations"], result["unconnected"]), written, filled


def write_panels(pcb_dir: Path) -> tuple[list[Path], list[Checked]]:
    """Every panel (:data:`tablier.fabrication.panels.PANELS`) made by KiKit from its board's committed file
    in ``pcb_dir``, with its project file, its house's BOM and placement, KiCad's check and plots."""
    from tablier.fabrication.panels import PANELS, write_panel

    written: list[Path] = []
    checked: list[Checked] = []
    for panel in PANELS.values():
        folder = pcb_dir / panel.name
        board = write_panel(panel, pcb_dir / panel.board / f"{panel.board}.kicad_pcb", folder)
        project = folder / f"{panel.name}.kicad_pro"
        project.write_text(project_text(panel.name), encoding="utf-8", newline="\n")
        written += [project, board]
        for name, text in assembly_files(panel.name, board.read_text(encoding="utf-8")).items():
            (folder / name).write_text(text, encoding="utf-8", newline="\n")
            written.append(folder / name)
        check, files, _filled = kicad_check_and_plot(board)
        written += files
        checked.append(check)
    return written, checked


def render_from_gerbers(pcb: Pcb, folder: Path) -> str:
    """The board's picture, drawn from the Gerbers in ``folder``."""
    gerbers = {layer: (folder / f"{pcb.name}-{layer}.gbr").read_text(encoding="utf-8")
               for layer in ("F_Cu", "B_Cu", "F_SilkS", "Edge_Cuts")}
    origin = (0.0, 0.0)  # KiCad plots from the board's auxiliary origin, its lower left corner
    return gerber_render.render(f"Tablier {pcb.name}, rendered from its Gerbers", gerbers, origin,
                                (pcb.width, pcb.height), round_board=pcb.round_outline)


def _without_dates(text: str, board: Path) -> str:
    """KiCad's output without the dates and the temporary paths it writes into it."""
    lines = []
    for line in text.splitlines():
        if '"CreationDate"' in line:  # a Gerber job file's (JSON: the line stays, its date fixed)
            line = re.sub(r'"CreationDate": "[^"]*"', f'"CreationDate": "{FIXED_DATE}"', line)
        elif "CreationDate" in line or line.startswith("** Created on"):
            continue
        line = re.sub(r" date .*?(\*?)$", r"\1", line)
        line = line.replace(str(board.parent) + os.sep, "")
        lines.append(re.sub(r"TF\.ProjectId,([^,]+),[0-9a-f-]+,", r"TF.ProjectId,\1,", line))
    return "\n".join(lines) + "\n"


# -- the clearance check that needs no KiCad ---------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """Copper on ``layers`` of ``net``: a segment from (x1, y1) to (x2, y2) with round ends this wide."""

    layers: frozenset[str]
    net: str
    x1: float
    y1: float
    x2: float
    y2: float
    width: float


def pieces(pcb: Pcb) -> list[Piece]:
    """Every pad, track and via of the board (a pad: a segment along its long side)."""
    out = [Piece(frozenset({layer}), net, *a, *b, width)
           for net, layer, points, width in pcb.tracks for a, b in itertools.pairwise(points)]
    out += [Piece(frozenset({"F.Cu", "B.Cu"}), net, x, y, x, y, VIA[0]) for net, x, y in pcb.vias]
    copper = {"F.Cu", "B.Cu"}
    for net, pad in pcb.pads():
        turn = math.radians(pad.angle)
        w, h = pad.size
        half = abs(w - h) / 2
        dx, dy = (math.cos(turn), math.sin(turn)) if w >= h else (-math.sin(turn), math.cos(turn))
        layers = frozenset(copper if "*.Cu" in pad.layers else set(pad.layers) & copper)
        out.append(Piece(layers, net, pad.x - dx * half, pad.y - dy * half, pad.x + dx * half,
                         pad.y + dy * half, min(w, h)))
    return out


def clearance(pcb: Pcb) -> tuple[float, Piece, Piece]:
    """The least edge-to-edge gap between copper of two nets on one layer."""
    found = pieces(pcb)
    best: tuple[float, Piece, Piece] | None = None
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            if a.net == b.net or not a.layers & b.layers:
                continue
            gap = _distance(a, b) - (a.width + b.width) / 2
            if best is None or gap < best[0]:
                best = (gap, a, b)
    assert best is not None
    return best


_CHECKED: dict[str, list[str]] = {}  # by layout hash: the boards are drawn from the electrical layout


def clearance_problems(layout: Layout) -> list[str]:
    """The boards' clearance check and their connectors' labels (each printed by its own connector:
    :func:`tablier.fabrication.silkscreen.label_problems`), when KiCad's footprint library is installed
    (else nothing to check).
    Remembered per layout hash (every layout load checks it; the boards depend on nothing else)."""
    if layout.hash not in _CHECKED:
        _CHECKED[layout.hash] = _clearance_problems(layout)
    return list(_CHECKED[layout.hash])


def _clearance_problems(layout: Layout) -> list[str]:
    from tablier.fabrication.pcb_chain import LaidOutForAnotherChain
    from tablier.fabrication.pcb_layouts import LaidOutForOtherPins, board_pcbs

    try:  # the libraries are in a checkout with KiCad's installed, not in an installed package
        footprint_file("Package_TO_SOT_SMD:SOT-23")
        footprint_file("tablier:RaspberryPi_Pico_Castellated")
    except TablierError:
        return []
    try:
        boards = board_pcbs(layout, routed=False)  # the routed boards keep clearances by construction
    except (LaidOutForOtherPins, LaidOutForAnotherChain) as error:
        return [str(error)]
    problems = []
    for pcb in boards:
        gap, a, b = clearance(pcb)
        if gap < MIN_CLEARANCE - 1e-9:  # a footprint's own pads may stand exactly that far apart
            problems.append(f"{pcb.name} PCB: {a.net} (at X {a.x1:.2f}, Y {a.y1:.2f}) and {b.net} (at X "
                            f"{b.x1:.2f}, Y {b.y1:.2f}) are {max(gap, 0):.2f} mm apart (at least "
                            f"{MIN_CLEARANCE:g} mm)")
        problems += label_problems(pcb)
    return problems


def _distance(a: Piece, b: Piece) -> float:
    def point(px: float, py: float, s: Piece) -> float:
        dx, dy = s.x2 - s.x1, s.y2 - s.y1
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else max(0.0, min(1.0, ((px - s.x1) * dx + (py - s.y1) * dy) / span))
        return math.hypot(px - (s.x1 + t * dx), py - (s.y1 + t * dy))

    def side(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

    if (side(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1) * side(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2) < 0
            and side(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1) * side(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2) < 0):
        return 0.0
    return min(point(a.x1, a.y1, b), point(a.x2, a.y2, b), point(b.x1, b.y1, a), point(b.x2, b.y2, a))
