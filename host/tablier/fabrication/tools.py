"""The tools list: every cutter and drill the slab needs, what each cuts and how deep, from the cut-outs.

``hardware/templates/tools.csv`` (written with the templates) has a row per tool: the router bits (the
corner bit of ``[mechanics.tools]`` for the grooves and the rectangular pockets, the channel bit), the
flat-bottom bits for the round pockets and the drills for the holes; what it cuts, how many, the deepest
into the core (or into the edge), and for the corner bit the largest radius the tightest cut takes
(:mod:`tablier.fabrication.fits`). The build guide's tools list is this file.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict

from tablier.fabrication.cutout import Cutout
from tablier.fabrication.fits import fits
from tablier.fabrication.wire_router import CHANNEL_MM
from tablier.hardware.layout import Layout

TOOLS_CSV = "tools.csv"
#: How each kind of round cut is made.
ROUND_TOOL = {"led": "flat-bottom (Forstner) bit", "face sensor": "flat-bottom (Forstner) bit",
              "hatch screw": "drill", "usb screw": "drill", "passage": "drill (through the core)",
              "pip window": "drill (through the loose skin, before gluing)"}
#: The rectangular cuts the corner bit finishes (the channels and passages have their own tools).
ROUTED = ("groove", "chain board", "die board", "main board", "plug notch", "wire exit", "wire well")


def tool_rows(layout: Layout, items: list[Cutout]) -> list[list[str]]:
    """The tools list's rows: tool, size (mm), what it cuts, how many, deepest (mm), note."""
    m = layout.mechanics
    rows: dict[tuple[str, float], tuple[set[str], list[float]]] = defaultdict(lambda: (set(), []))
    for item in items:
        if item.kind == "channel":
            key = ("router bit, straight", CHANNEL_MM)
        elif item.kind in ROUTED:
            key = ("router bit, straight (the corners)", m.corner_bit)
        elif item.face == "edge":
            key = ("drill (into the edge)" if item.kind != "usb" else "router bit or file (into the edge)",
                   min(item.size) if item.kind != "usb" else m.usb_size[1])
        elif item.round:
            key = (ROUND_TOOL.get(item.kind, "drill"), item.size[0])
        elif item.kind == "hatch":
            key = ("fine saw (the skin, before gluing)", 0.0)
        else:
            key = ("router bit, straight (the corners)", m.corner_bit)
        kinds, depths = rows[key]
        kinds.add(item.kind)
        depths.append(item.depth if item.face == "edge" or item.kind in ("pip window", "hatch")
                      else item.depth - m.skin)
    tightest = min((fit.radius for fit in fits(layout, items)), default=None)
    out = []
    for (tool, size), (kinds, depths) in sorted(rows.items(), key=lambda row: (row[0][0], row[0][1])):
        note = ""
        if tool.endswith("(the corners)") and tightest is not None:
            note = f"leaves corners r {size / 2:g} mm; the tightest cut takes r {tightest:g} mm at most"
        if "light window" in kinds or "pip window" in kinds:
            note = f"windows drilled {m.windows_drilled}"
        out.append([tool, f"{size:g}" if size else "", ", ".join(sorted(kinds)), str(len(depths)),
                    f"{max(depths):g}", note])
    windows = sum(1 for led in layout.leds if led.kind in ("point", "bar", "tray", "square"))
    out.append(["drill (through the loose skin, before gluing)", f"{m.window_diameter:g}", "light window",
                str(windows), f"{m.skin:g}", f"windows drilled {m.windows_drilled}"])
    return out


def tools_csv(layout: Layout, items: list[Cutout]) -> str:
    """The tools list as CSV."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["tool", "size_mm", "cuts", "count", "deepest_mm", "note"])
    writer.writerows(tool_rows(layout, items))
    return out.getvalue()
