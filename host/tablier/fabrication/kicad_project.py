"""Each board's KiCad project file (``NAME.kicad_pro``): the design rules travel with the board.

KiCad keeps a board's design rules (clearances, track and via sizes, how near copper may come to the
edge) and the severity of each check in the project file beside the ``.kicad_pcb``, not in the board
file. Without it, KiCad opens the board with its own defaults: KiCad 9's default copper-to-edge
clearance (0.5 mm) flags the LED module's pads, and it asks for each footprint's library. With it, the
board opens in KiCad with the rules its design-rule check was run under (``tablier hardware pcb`` runs
KiCad's check with this file beside the board), which are within JLCPCB's standard two-layer process.
"""

from __future__ import annotations

import json

from tablier.fabrication.kicad_pcb import TRACK, VIA

#: The rules the boards are drawn to (mm). JLCPCB's two-layer process allows less in every one: 0.127 mm
#: between copper, 0.3 mm vias, 0.2 mm from copper to a routed edge (its capabilities page).
RULES = {
    "min_clearance": 0.2,
    "min_copper_edge_clearance": 0.3,
    "min_track_width": 0.2,
    "min_via_annular_width": 0.13,
    "min_via_diameter": VIA[0],
    "min_through_hole_diameter": VIA[1],
    "min_hole_to_hole": 0.25,
    "min_hole_clearance": 0.25,
    "min_silk_clearance": 0.0,
    "solder_mask_clearance": 0.0,
    "solder_mask_min_width": 0.0,
}
#: Checks that say nothing about a board generated from a library it embeds: the footprints come from
#: KiCad 6's library (as the board file carries them), which a newer KiCad's library need not match.
QUIET = ("lib_footprint_issues", "lib_footprint_mismatch")


def project_text(name: str) -> str:
    """The ``.kicad_pro`` of board ``name`` (JSON, as KiCad writes it: two-space indents, sorted keys)."""
    project = {
        "board": {
            "design_settings": {
                "defaults": {"board_outline_line_width": 0.1, "copper_line_width": TRACK},
                "rule_severities": {check: "ignore" for check in QUIET},
                "rules": RULES,
                "track_widths": [0.0, TRACK, 0.4, 0.5],
                "via_dimensions": [{"diameter": 0.0, "drill": 0.0}, {"diameter": VIA[0], "drill": VIA[1]}],
            },
        },
        "meta": {"filename": f"{name}.kicad_pro", "version": 1},
        "net_settings": {
            "classes": [{"name": "Default", "clearance": RULES["min_clearance"], "track_width": TRACK,
                         "via_diameter": VIA[0], "via_drill": VIA[1], "wire_width": 6, "bus_width": 12,
                         "diff_pair_gap": 0.25, "diff_pair_width": 0.2, "diff_pair_via_gap": 0.25,
                         "microvia_diameter": 0.3, "microvia_drill": 0.1, "line_style": 0,
                         "pcb_color": "rgba(0, 0, 0, 0.000)", "schematic_color": "rgba(0, 0, 0, 0.000)"}],
            "meta": {"version": 2},
        },
        "pcbnew": {"last_paths": {}, "page_layout_descr_file": ""},
    }
    return json.dumps(project, indent=2, sort_keys=True) + "\n"
