"""The rules cores stay pure: nothing in ``tablier.tables`` or ``tablier.draughts`` imports the link,
the board, play, records or the command line (the python-chess split the project follows); no
layer below the command line reaches up into it; and no room outside the cores tells games apart
by their classes (it asks the turn, the game's facts, its engine profile or the game's session)."""

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


#: Besides itself, a rules core imports only the catalogue's shared words and the errors.
SHARED = ("tablier.games", "tablier.errors")


@pytest.mark.parametrize("core", CORES)
def test_rules_core_imports_only_itself_and_the_shared_catalogue(core: str) -> None:
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / core).rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith("tablier") and not name.startswith((f"tablier.{core}", *SHARED))]
    assert offenders == []


def test_the_shared_catalogue_imports_no_other_room() -> None:
    names = imported_modules(HOST / "games.py") | imported_modules(HOST / "errors.py")
    assert sorted(name for name in names if name.startswith("tablier")) == []


def game_class_checks(path: Path) -> list[str]:
    """The ``isinstance`` (and ``issubclass``) checks of ``path`` on a game's class: a tables
    variant, a turn, a draughts board, a game's session or an engine (each name resolved through the
    module's own imports, relative ones included)."""
    import importlib

    from tablier.draughts.core import Board
    from tablier.play.session import Session
    from tablier.tables.turn import Turn
    from tablier.tables.variant import Variant

    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["tablier", *path.parent.relative_to(HOST).parts] if HOST in path.parents else ["tablier"]

    def absolute(node: ast.ImportFrom) -> str:
        if node.level == 0:
            return node.module or ""
        base = package[:len(package) - node.level + 1]
        return ".".join([*base, *([node.module] if node.module else [])])

    imported = {alias.asname or alias.name: (absolute(node), alias.name)
                for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2):
            continue
        for name in ast.walk(node.args[1]):
            if isinstance(name, ast.Name) and name.id in imported:
                module, attribute = imported[name.id]
                try:
                    cls = getattr(importlib.import_module(module), attribute, None)
                except ImportError:
                    continue
                if isinstance(cls, type) and (issubclass(cls, (Variant, Turn, Board))
                                              or (issubclass(cls, Session) and cls is not Session)
                                              or cls.__module__.startswith("tablier.engines")):
                    found.append(f"{path.name}:{node.lineno} {node.func.id}(..., {name.id})")
    return found


#: The rooms outside the rules cores: each tells games apart by their turn, their facts, their
#: profile or a method the game's own object implements, never by a class check.
OUTSIDE_THE_CORES = ("play", "engines", "cli", "record", "remote", "web", "board", "link", "tournament")


@pytest.mark.parametrize("room", OUTSIDE_THE_CORES)
def test_no_room_tells_games_apart_by_their_class(room: str) -> None:
    offenders = [check for path in sorted((HOST / room).rglob("*.py")) for check in game_class_checks(path)]
    assert offenders == []


def test_the_class_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The guard above sees a check on a game, turn, board or engine class, and no other."""
    module = tmp_path / "telling.py"
    module.write_text("from tablier.tables.ticktack import Ticktack\n"
                      "from tablier.tables.game import Game\n"
                      "from tablier.draughts.variants import DevilBoard\n"
                      "from tablier.engines.backgammon import BackgammonEngine\n"
                      "from tablier.tables.position import Position\n"
                      "from tablier.play.tables_session import TablesSession\n"
                      "from tablier.play.session import Session\n"
                      "def f(a, b, c, d, e, g, h):\n"
                      "    return (isinstance(a, Ticktack), isinstance(b, Game | DevilBoard),\n"
                      "            isinstance(c, BackgammonEngine), isinstance(d, Position),\n"
                      "            isinstance(e, int), issubclass(g, TablesSession),\n"
                      "            isinstance(h, Session))\n")
    found = [check.split(" ", 1)[1] for check in game_class_checks(module)]
    assert found == ["isinstance(..., Ticktack)", "isinstance(..., Game)", "isinstance(..., DevilBoard)",
                     "isinstance(..., BackgammonEngine)", "issubclass(..., TablesSession)"]


#: The walls between the rooms: what each room may never import (lazily or not).
WALLS = {
    # the records read and write files: they talk to no board and play no game on one
    "record": ("tablier.link", "tablier.board", "tablier.play", "tablier.hardware", "tablier.cli",
               "tablier.web"),
    # the engines are pure: positions in, ranked moves out
    "engines": ("tablier.link", "tablier.board", "tablier.play", "tablier.record", "tablier.hardware",
                "tablier.cli", "tablier.web"),
    # the web serves what it is handed: whoever runs the game gives it its scene
    "web": ("tablier.play", "tablier.cli", "tablier.link"),
    # a club evening's clocks, ratings, pairings and standings are pure: the play wings, the club and
    # its page call them
    "tournament": ("tablier.link", "tablier.board", "tablier.play", "tablier.hardware", "tablier.cli",
                   "tablier.web", "tablier.club", "tablier.remote"),
}


@pytest.mark.parametrize("room", sorted(WALLS))
def test_each_room_keeps_to_its_side_of_the_walls(room: str) -> None:
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / room).rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith(WALLS[room])]
    assert offenders == []


def test_play_and_the_web_import_each_other_one_way_only() -> None:
    """Play (and the command line) may start the web server; the web never imports play back."""
    play_uses_web = any(name.startswith("tablier.web") for path in (HOST / "play").rglob("*.py")
                        for name in imported_modules(path))
    web_uses_play = [name for path in (HOST / "web").rglob("*.py") for name in imported_modules(path)
                     if name.startswith("tablier.play")]
    assert play_uses_web and web_uses_play == []


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
