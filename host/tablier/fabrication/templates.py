"""Drilling templates at 1:1, tiled for A4 and A3, and the CSV of every cut-out, from the layout.

Each face gets a template drawn as seen with that face up (its own X to the right, Y up from its
lower edge), in true millimetres: printed at 100 % scale, the 100 mm bar must measure 100 mm. The
tiles overlap by :data:`OVERLAP` mm and carry alignment crosses and their row and column, so the
sheets can be taped together over the slab. ``rsvg-convert`` turns the tiles into one PDF a paper
size (Debian package ``librsvg2-bin``, the project's one renderer).
"""

from __future__ import annotations

import csv
import io
import math
import os
import shutil
import subprocess
from pathlib import Path

from tablier.fabrication.coupon import COUPON_MM, coupon_svg
from tablier.fabrication.cutout import Cutout
from tablier.fabrication.cutouts import FACES, cutouts, sensor_positions
from tablier.fabrication.drawings import renderer, write_texts
from tablier.fabrication.fits import corner_radii
from tablier.fabrication.tools import TOOLS_CSV, tools_csv
from tablier.fabrication.wire_router import CHANNEL_MM
from tablier.fabrication.wiring import HARNESS_CSV, harness_csv, merged_cutouts, plan_path, read_plan
from tablier.hardware.layout import Layout
from tablier.svg import Svg

#: Paper sizes (portrait, mm) and what every tile leaves at its edges for the printer.
PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0)}
MARGIN = 10.0
OVERLAP = 10.0
#: A fixed date for the PDFs (cairo honours SOURCE_DATE_EPOCH) so that regenerating changes nothing.
PDF_EPOCH = "1767225600"
CSV_NAME = "holes.csv"
COUPON_SVG = "coupon.svg"
COUPON_PDF = "coupon-A3.pdf"
CUT_STROKE = "#c0002a"
SENSOR_STROKE = "#1a55b0"
WIRE_STROKE = "#e07b00"
WIRE_FILL = "#f6c48c"


def template_svg(layout: Layout, face: str) -> Svg:
    """The whole template of one face, drawn in that face's coordinates (1 unit = 1 mm)."""
    m = layout.mechanics
    svg = Svg(m.slab_x, m.slab_y, f"{layout.name}: drilling template of the {face} face, 1:1")
    svg.rect(0, 0, m.slab_x, m.slab_y, stroke="#000", stroke_width=0.4)
    items = all_cuts(layout)
    radii = corner_radii(layout, items)
    for item in items:
        if item.face == face or item.kind == "passage":  # a passage is drilled through the core
            _draw_cutout(svg, layout, face, item, radii.get(item.name))
    for sensor_face, _place, x, y in sensor_positions(layout):
        if sensor_face == face:
            fx, fy = m.from_slab(face, x, y)
            _cross(svg, fx, m.slab_y - fy, 3, SENSOR_STROKE)
    svg.line(20, m.slab_y - 6, 120, m.slab_y - 6, stroke="#000", stroke_width=0.6)
    for x in (20, 120):
        svg.line(x, m.slab_y - 8, x, m.slab_y - 4, stroke="#000", stroke_width=0.6)
    svg.text(70, m.slab_y - 10, "100 mm: check the print scale", size=3.5)
    svg.text(m.slab_x / 2, 6, f"{face} face, seen with this face up; red: cut (diameter x depth from this "
             f"face; r: the largest corner radius its board takes), orange: wire channels ({CHANNEL_MM:g} mm "
             f"wide, {m.channel_core_depth:g} mm into the core) and passages P (drilled through the core), "
             f"blue crosses: sensor centres; layout {layout.hash}", size=3.2)
    return svg


def all_cuts(layout: Layout) -> list[Cutout]:
    """Every cut-out, then the wiring's channels and passages (the committed plan's)."""
    return [*cutouts(layout), *merged_cutouts(layout, read_plan(plan_path(layout)))]


def _draw_cutout(svg: Svg, layout: Layout, face: str, item: Cutout, radius: float | None = None) -> None:
    m = layout.mechanics
    x, y = m.from_slab(face, item.x, item.y)
    top = m.slab_y - y
    if item.kind in ("channel", "passage"):  # the wiring: orange, channels filled, no labels but P
        if item.round:
            svg.circle(x, top, item.size[0] / 2, fill=WIRE_STROKE, stroke="none")
            svg.text(x, top + item.size[0] / 2 + 2, "P", size=2, fill=WIRE_STROKE)
        else:
            width, height = item.size
            svg.rect(x - width / 2, top - height / 2, width, height, fill=WIRE_FILL, stroke="none")
        return
    if item.round:
        svg.circle(x, top, item.size[0] / 2, stroke=CUT_STROKE, stroke_width=0.3)
        _cross(svg, x, top, item.size[0] / 2 + 1.5, CUT_STROKE)
        svg.text(x, top + item.size[0] / 2 + 2.2, f"{item.size[0]:g}x{item.depth:g}", size=1.8,
                 fill=CUT_STROKE)
        return
    width, height = item.size
    if item.kind == "hatch":  # cut from the skin, not the core: dashed, named along its edge
        x0, y0, x1, y1 = x - width / 2, top - height / 2, x + width / 2, top + height / 2
        for line in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
            svg.line(*line, stroke=CUT_STROKE, stroke_width=0.3, dashed=True)
        svg.text(x, y0 + 2.5, "hatch: cut from the skin", size=1.8, fill=CUT_STROKE)
        return
    svg.rect(x - width / 2, top - height / 2, width, height, stroke=CUT_STROKE, stroke_width=0.3)
    if item.kind in ("plug notch", "wire exit", "wire well"):  # part of its pocket's cut: no label of its own
        return
    svg.text(x, top, item.place.split(" (")[0], size=2, fill=CUT_STROKE)
    fit = f", r {radius:g}" if radius is not None else ""
    svg.text(x, top + 3, f"{item.depth:g} deep{fit}", size=2, fill=CUT_STROKE)


def _cross(svg: Svg, x: float, y: float, half: float, colour: str) -> None:
    svg.line(x - half, y, x + half, y, stroke=colour, stroke_width=0.15)
    svg.line(x, y - half, x, y + half, stroke=colour, stroke_width=0.15)


def full_template(layout: Layout, face: str) -> str:
    """The one-sheet template (for a plotter or a print shop), true size."""
    m = layout.mechanics
    return template_svg(layout, face).render_window(0, 0, m.slab_x, m.slab_y)


def tiles(layout: Layout, face: str, paper: str) -> list[str]:
    """The template cut into overlapping pages of a paper size, row by row from the top left."""
    m = layout.mechanics
    page_w, page_h = PAPERS[paper]
    if m.slab_x > m.slab_y:  # landscape sheets for a wide slab
        page_w, page_h = page_h, page_w
    step_x, step_y = page_w - 2 * MARGIN - OVERLAP, page_h - 2 * MARGIN - OVERLAP
    columns = max(1, math.ceil((m.slab_x - OVERLAP) / step_x))
    rows = max(1, math.ceil((m.slab_y - OVERLAP) / step_y))
    pages = []
    for row in range(rows):
        for column in range(columns):
            svg = template_svg(layout, face)
            x0, y0 = column * step_x - MARGIN, row * step_y - MARGIN
            for cx, cy in ((x0 + MARGIN + OVERLAP / 2, y0 + MARGIN + OVERLAP / 2),
                           (x0 + page_w - MARGIN - OVERLAP / 2, y0 + page_h - MARGIN - OVERLAP / 2)):
                _cross(svg, cx, cy, 4, "#000")
                svg.circle(cx, cy, 2, stroke="#000", stroke_width=0.15)
            svg.text(x0 + page_w / 2, y0 + MARGIN / 2, f"{face} face, {paper} sheet row {row + 1} of {rows}, "
                     f"column {column + 1} of {columns}: overlap the crosses of the next sheets", size=3)
            pages.append(svg.render_window(x0, y0, page_w, page_h))
    return pages


def holes_csv(layout: Layout) -> str:
    """Every cut-out as CSV, in the coordinates of the face it is cut from (edges: the slab's).

    ``depth_mm`` is from the finished face; ``core_depth_mm`` is what is cut into the bare core before
    that face's skin is glued on (the LED windows, ``window_diameter_mm``, are drilled through the
    skin afterwards, on the same centres; the hatch is cut from the draughts skin alone). The wiring's
    channels (kind ``channel``, named by their face, axis and line) and passages (``passage``, through
    the core, in the tables face's coordinates) follow the cut-outs.
    """
    m = layout.mechanics
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["face", "kind", "place", "x_mm", "y_mm", "diameter_mm", "size_x_mm", "size_y_mm",
                     "depth_mm", "core_depth_mm", "max_corner_radius_mm"])
    items = all_cuts(layout)
    radii = corner_radii(layout, items)
    for item in items:
        face = item.face if item.face in FACES else "tables"
        x, y = m.from_slab(face, item.x, item.y)
        diameter = f"{item.size[0]:g}" if item.round else ""
        size_x, size_y = ("", "") if item.round else (f"{item.size[0]:g}", f"{item.size[1]:g}")
        core_depth = "" if item.face == "edge" else f"{item.depth - m.skin:g}"
        radius = f"{radii[item.name]:g}" if item.name in radii else ""
        writer.writerow([item.face, item.kind, item.place, f"{x:.2f}", f"{y:.2f}", diameter, size_x, size_y,
                         f"{item.depth:g}", core_depth, radius])
    return out.getvalue()


def template_files(layout: Layout) -> dict[str, str]:
    """The text files of the templates: the full SVG of each face, the CSV of the cut-outs, the harnesses'
    cutting list, the tools list and the coupon's template."""
    files = {f"template-{face}.svg": full_template(layout, face) for face in FACES}
    files[CSV_NAME] = holes_csv(layout)
    files[HARNESS_CSV] = harness_csv(layout, cutouts(layout), read_plan(plan_path(layout)))
    files[TOOLS_CSV] = tools_csv(layout, all_cuts(layout))
    files[COUPON_SVG] = coupon_svg(layout)
    return files


def write_templates(layout: Layout, out_dir: Path, pdf: bool = True) -> list[Path]:
    """Write the templates and the CSV (and, if asked, one tiled PDF per face and paper size)."""
    rsvg = renderer(pdf, "PDF templates")
    written = write_texts(template_files(layout), out_dir)
    if rsvg is None:
        return written
    work = out_dir / ".tiles"
    work.mkdir(exist_ok=True)
    try:
        for face in FACES:
            for paper in PAPERS:
                pages = []
                for n, text in enumerate(tiles(layout, face, paper)):
                    page = work / f"{face}-{paper}-{n:02d}.svg"
                    page.write_text(text, encoding="utf-8", newline="\n")
                    pages.append(str(page))
                path = out_dir / f"template-{face}-{paper}.pdf"
                subprocess.run([rsvg, "--format", "pdf", "--output", str(path), *pages], check=True,
                               timeout=300, env=dict(os.environ, SOURCE_DATE_EPOCH=PDF_EPOCH))
                written.append(path)
        page = work / "coupon.svg"  # the coupon fits one landscape A3 sheet
        page.write_text(coupon_sheet(layout), encoding="utf-8", newline="\n")
        path = out_dir / COUPON_PDF
        subprocess.run([rsvg, "--format", "pdf", "--output", str(path), str(page)], check=True, timeout=300,
                       env=dict(os.environ, SOURCE_DATE_EPOCH=PDF_EPOCH))
        written.append(path)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return written


def coupon_sheet(layout: Layout) -> str:
    """The coupon's template centred on a landscape A3 sheet, true size."""
    page_h, page_w = PAPERS["A3"]
    width, height = COUPON_MM
    text = coupon_svg(layout)
    x0, y0 = (width - page_w) / 2, (height - page_h) / 2
    head, body = text.split("\n", 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w:g}mm" height="{page_h:g}mm" '
            f'viewBox="{x0:g} {y0:g} {page_w:g} {page_h:g}" font-family="DejaVu Sans, Arial, sans-serif">\n'
            + body) if head.startswith("<svg") else text
