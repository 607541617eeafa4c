"""The rules cores stay pure: nothing in ``tablier.tables`` or ``tablier.draughts`` imports the link,
the board, play, records or the command line (the python-chess split the project follows); and no
layer below the command line reaches up into it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

HOST = Path(__file__).resolve().parents[1] / "host" / "tablier"
CORES = ("tables", "draughts")
EDGES = ("tablier.cli", "tablier.link", "tablier.board", "tablier.play", "tablier.record",
         "tablier.hardware")


def imported_modules(path: Path) -> set[str]:
    """Every absolute module name ``path`` imports (relative imports stay inside the core)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("core", CORES)
def test_rules_core_imports_no_edge(core: str) -> None:
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / core).rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith(EDGES)]
    assert offenders == []


@pytest.mark.parametrize("layer", ("board", "play", "record", "link", "hardware"))
def test_no_layer_reaches_up_into_the_command_line(layer: str) -> None:
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / layer).rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith("tablier.cli")]
    assert offenders == []


def test_the_runtime_layout_talks_to_no_board_and_loads_no_makers_tool() -> None:
    """``tablier.hardware`` is the layout as playing needs it: it reaches neither the link, the board,
    play, records nor the command line (no board I/O: the calibration walk lives in play), nor the
    maker's part (``tablier.fabrication``: SKiDL, KiCad, the templates)."""
    walls = (*EDGES, "tablier.fabrication", "skidl")
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / "hardware").rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith(walls) and not name.startswith("tablier.hardware")]
    assert offenders == []


def test_only_the_makers_command_loads_the_fabrication_part() -> None:
    """Playing (and every other room) never imports ``tablier.fabrication``: only ``tablier hardware``
    (``cli/hardware.py``) and the fabrication part itself do."""
    allowed = {HOST / "cli" / "hardware.py"}
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted(HOST.rglob("*.py"))
                 if path not in allowed and (HOST / "fabrication") not in path.parents
                 for name in sorted(imported_modules(path))
                 if name.startswith("tablier.fabrication")]
    assert offenders == []
