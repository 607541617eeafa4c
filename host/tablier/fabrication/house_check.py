"""The release checked as the PCB house takes it: ``tablier hardware house-check``.

For every design ``orders.csv`` names (:mod:`tablier.fabrication.release`), from the files alone:

- **one zip per design**: its zip is there, holds the Gerbers of every layer, the drill file, a Gerber job
  file that lists each Gerber (and says the board's thickness) and the fabrication note, and nothing
  else; no two zips have the same copper (boards that differ only in their silkscreen are one design);
- **the BOM**: JLCPCB's columns first (``Comment, Designator, Footprint, LCSC Part #``), each designator
  once, at most 200 a row, every LCSC part number of the form ``C<digits>`` or left empty for a part
  the fabrication note says is consigned, an alternate for every row;
- **the CPL**: exactly JLCPCB's columns (``Designator, Mid X, Mid Y, Layer, Rotation``), the same
  designators as the BOM, ``Top`` or ``Bottom``, a rotation from 0 to 360 that is KiCad's plus the house's
  correction for the package (:data:`tablier.fabrication.assembly.ROTATIONS`), each part at its place on
  the board file;
- **the origin**: every CPL point inside the board's outline as its Edge.Cuts Gerber draws it, and on
  the paste its F.Paste Gerber flashes for that part: the CPL and the Gerbers share one origin.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import zipfile
from pathlib import Path

from tablier.fabrication.assembly import (
    BOM_COLUMNS,
    CPL_COLUMNS,
    LCSC_NUMBER,
    Placed,
    house_rotation,
    placed_parts,
)
from tablier.fabrication.gerber_render import strokes

LAYERS = ("F_Cu", "B_Cu", "F_Mask", "B_Mask", "F_Paste", "F_SilkS", "B_SilkS", "Edge_Cuts")
JLC_BOM = BOM_COLUMNS[:4]
MAX_DESIGNATORS = 200  # JLCPCB's most designators in one BOM row
PLACE_TOLERANCE = 0.01  # mm


def outline_box(edge: str) -> tuple[float, float, float, float]:
    """The extent of an Edge.Cuts Gerber (its lines, and its arcs as whole circles)."""
    xs, ys = [], []
    for _aperture, x1, y1, x2, y2 in strokes(edge):
        xs += [x1, x2]
        ys += [y1, y2]
    x = y = 0.0
    for mx, my, mi, mj in re.findall(r"^X(-?\d+)Y(-?\d+)(?:I(-?\d+)J(-?\d+))?D0[12]\*$", edge, re.M):
        nx, ny = int(mx) / 1e6, int(my) / 1e6
        if mi:  # an arc from (x, y) about its centre: take its whole circle
            cx, cy = x + int(mi) / 1e6, y + int(mj) / 1e6
            r = math.dist((x, y), (cx, cy))
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        x, y = nx, ny
    return min(xs), min(ys), max(xs), max(ys)


def flashes(paste: str) -> list[tuple[float, float, float, float]]:
    """The paste openings of an F.Paste Gerber, each as its box (its aperture's size about its centre)."""
    boxes = []
    for aperture, x1, y1, x2, y2 in strokes(paste):
        if (x1, y1) == (x2, y2):
            w, h = aperture.size
            if aperture.shape == "P":  # a rounded rectangle: its corners' extent and the rounding
                w = 2 * max(abs(px) for px, _py in aperture.points) + aperture.size[0]
                h = 2 * max(abs(py) for _px, py in aperture.points) + aperture.size[0]
            boxes.append((x1 - w / 2, y1 - h / 2, x1 + w / 2, y1 + h / 2))
    return boxes


def _rows(text: str) -> tuple[list[str], list[dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text))
    return list(reader.fieldnames or []), list(reader)


def design_problems(design: str, archive: bytes, bom_text: str, cpl_text: str, board_text: str) -> list[str]:
    """What the house would refuse, or get wrong, in one design's files."""
    problems: list[str] = []
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        names = set(opened.namelist())
        files = {name: opened.read(name).decode() for name in names}
    wanted = {f"{design}-{layer}.gbr" for layer in LAYERS} | {f"{design}.drl", f"{design}-job.gbrjob",
                                                               f"{design}-fab.txt"}
    for missing in sorted(wanted - names):
        problems.append(f"{design}.zip: {missing} is missing")
    extra = sorted(n for n in names - wanted if n != f"{design}-Cmts_User.gbr")
    for name in extra:
        problems.append(f"{design}.zip: {name} is not a fabrication file")
    if problems:
        return problems
    job = json.loads(files[f"{design}-job.gbrjob"])
    listed = {entry["Path"] for entry in job["FilesAttributes"]}
    gerbers = {n for n in names if n.endswith(".gbr")}
    if listed != gerbers:
        problems.append(f"{design}.zip: the job file lists {sorted(listed)}, the zip holds {sorted(gerbers)}")
    note = files[f"{design}-fab.txt"]
    if f"{job['GeneralSpecs']['BoardThickness']:g} mm" not in note:
        problems.append(f"{design}: the fabrication note does not give the job file's board thickness")
    fields, bom = _rows(bom_text)
    if tuple(fields[:4]) != JLC_BOM:
        problems.append(f"{design}-bom.csv: its columns should start {', '.join(JLC_BOM)}, not "
                        f"{', '.join(fields[:4])}")
        return problems
    bom_refs: list[str] = []
    for n, row in enumerate(bom, start=2):
        refs = row["Designator"].split(",")
        bom_refs += refs
        if len(refs) > MAX_DESIGNATORS:
            problems.append(f"{design}-bom.csv, line {n}: {len(refs)} designators in one row (at most "
                            f"{MAX_DESIGNATORS})")
        lcsc = row["LCSC Part #"]
        if lcsc and not LCSC_NUMBER.fullmatch(lcsc):
            problems.append(f"{design}-bom.csv, line {n}: {lcsc!r} is not an LCSC part number")
        if not lcsc and not re.search(rf"{re.escape(row['MPN'])} \([^\n]*consigned", note):
            problems.append(f"{design}-bom.csv, line {n}: {row['MPN']} has no LCSC part number and the "
                            "fabrication note does not say it is consigned")
        if not row.get("Alternate MPN"):
            problems.append(f"{design}-bom.csv, line {n}: {row['MPN']} has no alternate")
    doubled = sorted({ref for ref in bom_refs if bom_refs.count(ref) > 1})
    if doubled:
        problems.append(f"{design}-bom.csv: {', '.join(doubled)} listed more than once")
    fields, cpl = _rows(cpl_text)
    if tuple(fields) != CPL_COLUMNS:
        problems.append(f"{design}-cpl.csv: its columns should be {', '.join(CPL_COLUMNS)}, not "
                        f"{', '.join(fields)}")
        return problems
    if {row["Designator"] for row in cpl} != set(bom_refs):
        problems.append(f"{design}: the CPL and the BOM name different parts (the house places a part only "
                        "if both name it)")
    placed = {part.ref: part for part in placed_parts(board_text)}
    box = outline_box(files[f"{design}-Edge_Cuts.gbr"])
    paste = flashes(files[f"{design}-F_Paste.gbr"])
    for row in cpl:
        problems += _row_problems(design, row, placed, box, paste)
    return problems


def _row_problems(design: str, row: dict[str, str], placed: dict[str, Placed],
                  box: tuple[float, float, float, float],
                  paste: list[tuple[float, float, float, float]]) -> list[str]:
    """One CPL row against the board file and the Gerbers."""
    ref = row["Designator"]
    part = placed.get(ref)
    if part is None:
        return [f"{design}-cpl.csv: {ref} is not on the board"]
    problems = []
    x, y, rotation = float(row["Mid X"]), float(row["Mid Y"]), float(row["Rotation"])
    if row["Layer"] not in ("Top", "Bottom"):
        problems.append(f"{design}-cpl.csv: {ref}'s layer is {row['Layer']!r}, not Top or Bottom")
    if not 0 <= rotation < 360:
        problems.append(f"{design}-cpl.csv: {ref}'s rotation {rotation:g} is not from 0 to 360")
    expected = house_rotation(part.lib_id, part.angle)
    if rotation != expected:
        problems.append(f"{design}-cpl.csv: {ref} ({part.lib_id.split(':')[-1]}) is turned {rotation:g} "
                        f"degrees; KiCad's {part.angle:g} with the house's correction for its package is "
                        f"{expected:g}")
    cx, cy = part.centre
    if math.dist((x, y), (cx, cy)) > PLACE_TOLERANCE:
        problems.append(f"{design}-cpl.csv: {ref} is at ({x:g}, {y:g}); the board has it at ({cx:g}, {cy:g})")
    x0, y0, x1, y1 = box
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        problems.append(f"{design}-cpl.csv: {ref} at ({x:g}, {y:g}) is outside the board's outline in the "
                        f"Gerbers (X {x0:g}-{x1:g}, Y {y0:g}-{y1:g}): the CPL's origin is not the Gerbers'")
    elif not any(math.dist((px, py), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)) < 0.05 for px, py in part.pads
                 for b in paste):
        problems.append(f"{design}-cpl.csv: no paste in the Gerbers under {ref}'s pads")
    return problems


def house_problems(release: Path, pcb_dir: Path) -> list[str]:
    """Every design of the release's ``orders.csv`` checked; and no two zips with the same copper."""
    orders = release / "orders.csv"
    if not orders.is_file():
        return [f"{orders}: missing (tablier hardware release writes it)"]
    designs = list(dict.fromkeys(row["design"] for row in csv.DictReader(io.StringIO(orders.read_text()))))
    problems: list[str] = []
    copper: dict[str, str] = {}
    for design in designs:
        archive = release / f"{design}.zip"
        folder = pcb_dir / design
        if not archive.is_file():
            problems.append(f"{design}: no zip in {release}")
            continue
        texts = [folder / f"{design}-bom.csv", folder / f"{design}-cpl.csv", folder / f"{design}.kicad_pcb"]
        if not all(path.is_file() for path in texts):
            problems.append(f"{design}: its BOM, CPL or board file is missing from {folder}")
            continue
        data = archive.read_bytes()
        problems += design_problems(design, data, *(path.read_text(encoding="utf-8") for path in texts))
        with zipfile.ZipFile(io.BytesIO(data)) as opened:
            key = "".join(_drawn(opened.read(f"{design}-{layer}.gbr").decode()) for layer in ("F_Cu", "B_Cu")
                          if f"{design}-{layer}.gbr" in opened.namelist())
        same = next((other for other, drawn in copper.items() if drawn == key), None)
        if same is not None:
            problems.append(f"{design} and {same} have the same copper: boards that differ only in their "
                            "silkscreen are one design (one set-up fee)")
        copper[design] = key
    for stray in sorted(p.stem for p in release.glob("*.zip") if p.stem not in designs):
        problems.append(f"{stray}.zip: no order names it (one zip per design)")
    return problems


def _drawn(gerber: str) -> str:
    """A Gerber's drawing without its header comments (what it makes, not what made it)."""
    return "\n".join(line for line in gerber.splitlines() if not line.startswith("G04"))
