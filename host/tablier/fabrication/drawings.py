"""Write the hardware drawings (SVG, optionally PNG) generated from the layout.

PNG files are rendered by ``rsvg-convert`` (Debian package ``librsvg2-bin``), the one renderer the
project uses, so that the committed PNGs look the same wherever they are regenerated.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tablier.errors import TablierError
from tablier.fabrication.draw_board import draw_draughts_face, draw_tables_face
from tablier.fabrication.draw_section import draw_section
from tablier.fabrication.draw_wiring import draw_wiring
from tablier.hardware.layout import Layout

#: Pixels per millimetre of the PNG renderings.
PNG_ZOOM = 1.5


def drawings(layout: Layout) -> dict[str, str]:
    """Every drawing of the board by file name, as SVG text."""
    return {
        "board-tables.svg": draw_tables_face(layout),
        "board-draughts.svg": draw_draughts_face(layout),
        "wiring.svg": draw_wiring(layout),
        "section.svg": draw_section(layout),
    }


def write_drawings(layout: Layout, out_dir: Path, png: bool = False) -> list[Path]:
    """Write the SVG drawings (and their PNG renderings if asked) into ``out_dir``; return the paths."""
    renderer = shutil.which("rsvg-convert") if png else None
    if png and renderer is None:
        raise TablierError("PNG rendering needs rsvg-convert (Debian: apt-get install librsvg2-bin)")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in drawings(layout).items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
        if renderer is not None:
            png_path = path.with_suffix(".png")
            subprocess.run([renderer, "--zoom", str(PNG_ZOOM), "--background-color", "white",
                            "--output", str(png_path), str(path)], check=True, timeout=120)
            written.append(png_path)
    return written
