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


def renderer(wanted: bool, what: str) -> str | None:
    """``rsvg-convert``'s path when ``what`` (e.g. "PNG rendering") is wanted, else None; an error
    saying what to install when it is wanted and missing."""
    found = shutil.which("rsvg-convert") if wanted else None
    if wanted and found is None:
        raise TablierError(f"{what} needs rsvg-convert (Debian: apt-get install librsvg2-bin)")
    return found


def write_texts(files: dict[str, str], out_dir: Path) -> list[Path]:
    """Write text files (name: text) into ``out_dir`` with Unix line ends; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def write_drawings(layout: Layout, out_dir: Path, png: bool = False) -> list[Path]:
    """Write the SVG drawings (and their PNG renderings if asked) into ``out_dir``; return the paths."""
    rsvg = renderer(png, "PNG rendering")
    written = []
    for path in write_texts(drawings(layout), out_dir):
        written.append(path)
        if rsvg is not None:
            png_path = path.with_suffix(".png")
            subprocess.run([rsvg, "--zoom", str(PNG_ZOOM), "--background-color", "white",
                            "--output", str(png_path), str(path)], check=True, timeout=120)
            written.append(png_path)
    return written
