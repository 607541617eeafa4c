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
                      "from tablier.play.tables.session import TablesSession\n"
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
    # speech words what it is handed (the cores' plays and moves) and says it: no board, no game loop
    "speech": ("tablier.link", "tablier.board", "tablier.play", "tablier.record", "tablier.hardware",
               "tablier.cli", "tablier.web", "tablier.engines", "tablier.remote", "tablier.club"),
    # a club evening's clocks, ratings, pairings and standings are pure: the play wings, the club and
    # its page call them
    "tournament": ("tablier.link", "tablier.board", "tablier.play", "tablier.hardware", "tablier.cli",
                   "tablier.web", "tablier.club", "tablier.remote"),
    # the club's follower and feed are run by the command line, never the other way round; they read
    # a board's scene from the board's room (its data and JSON), not from play
    "club": ("tablier.cli", "tablier.play"),
}


@pytest.mark.parametrize("room", sorted(WALLS))
def test_each_room_keeps_to_its_side_of_the_walls(room: str) -> None:
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / room).rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith(WALLS[room])]
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


def test_board_to_board_wire_imports_nothing_of_tablier() -> None:
    """``tablier.remote`` is the wire of board-to-board play (codes, signing, messages, fair dice):
    it stands alone, importing nothing of Tablier but itself."""
    offenders = [f"{path.relative_to(HOST)} imports {name}"
                 for path in sorted((HOST / "remote").rglob("*.py"))
                 for name in sorted(imported_modules(path))
                 if name.startswith("tablier") and not name.startswith("tablier.remote")]
    assert offenders == []


#: The ground floor: modules every room may import, which import nothing of Tablier themselves.
GROUND = ("games.py", "errors.py", "shapes.py", "words.py")


@pytest.mark.parametrize("module", GROUND)
def test_the_ground_floor_imports_no_room(module: str) -> None:
    assert sorted(name for name in imported_modules(HOST / module) if name.startswith("tablier")) == []


def test_json_shapes_are_checked_on_the_ground_floor_only() -> None:
    """The type tests of parsed JSON (a whole number that is not ``true``, a finite number) are
    written once, in ``tablier.shapes``; the readers (records, the event log, the layout, analyses,
    the club's messages) call it."""
    import re

    test = re.compile(r"isinstance\((\w+), int\) and not isinstance\(\1, bool\)"
                      r"|not isinstance\((\w+), int( \| float)?\) or isinstance\(\2, bool\)")
    readers = [HOST / "record" / "json_format.py", HOST / "record" / "eventlog.py",
               HOST / "engines" / "analysis.py", HOST / "hardware" / "layout.py",
               HOST / "club" / "messages.py", HOST / "board" / "scene.py"]
    offenders = [path.name for path in readers if test.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
    assert all("tablier.shapes" in imported_modules(path) for path in readers)


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports (type-checking imports
    and lazy ones included)."""
    modules = {}
    for path in HOST.rglob("*.py"):
        parts = ("tablier", *path.relative_to(HOST).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            for target in targets:
                while target not in modules and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in modules and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle() -> None:
    """No two modules import each other, however far round (type-checking and lazy imports count):
    the play layer's knot, the tables core's, the slab's cut-outs and wiring, the command line's, the
    club and its page, the draughts core and its text, the engines and the cube were broken, and none
    may come back."""
    assert circles(import_graph()) == []


def test_the_scene_is_written_once() -> None:
    """The scene's shape (its places, its fields, its JSON both ways) is ``tablier.board.scene``'s:
    no other module declares a class of its own for it (a dataclass or a mirror Protocol)."""
    names = {"Scene", "PlaceView", "ShownScene", "ShownPlace"}
    declared = [f"{path.relative_to(HOST)}: {node.name}" for path in sorted(HOST.rglob("*.py"))
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ClassDef) and node.name in names]
    assert declared == ["board/scene.py: PlaceView", "board/scene.py: Scene"]


#: The wings of play: each family's session, display, teacher, scene, lights, seat decisions and
#: hands planning (``docs/code-overview.md``).
WINGS = ("tablier.play.tables", "tablier.play.draughts")


def test_generic_play_imports_no_wing_but_the_start() -> None:
    """The generic session, seats, hands, scene and lights import no family's wing (lazily or not):
    the wings implement what the generic code asks for, and ``play/start.py`` is the one place that
    picks a wing."""
    offenders = [f"{path.name} imports {name}" for path in sorted((HOST / "play").glob("*.py"))
                 if path.name != "start.py"
                 for name in sorted(imported_modules(path)) if name.startswith(WINGS)]
    relative = [f"{path.name} imports .{node.module}" for path in sorted((HOST / "play").glob("*.py"))
                if path.name != "start.py"
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
                and node.module.split(".")[0] in ("tables", "draughts")]
    assert offenders + relative == []


def test_a_wing_imports_no_other_wing() -> None:
    """A family's wing knows nothing of another family's: a third family is a wing of its own."""
    offenders = []
    for wing in ("tables", "draughts"):
        other = "draughts" if wing == "tables" else "tables"
        for path in sorted((HOST / "play" / wing).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = imported_modules(path) | {f"tablier.play.{node.module}" for node in ast.walk(tree)
                                              if isinstance(node, ast.ImportFrom) and node.level == 2
                                              and node.module}
            offenders += [f"{wing}/{path.name} imports {name}" for name in sorted(names)
                          if name.startswith(f"tablier.play.{other}")]
    assert offenders == []


def test_play_casts_no_move_nor_session() -> None:
    """The move on the board is generic in the move type (``play/board_move.py``): nothing in play is
    typed ``object`` to be cast back to a game's move, candidate or session."""
    offenders = [f"{path.relative_to(HOST)}:{number}" for path in sorted((HOST / "play").rglob("*.py"))
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                 if "cast(" in line]
    assert offenders == []


def test_the_session_keeps_at_most_thirty_public_methods() -> None:
    """What every game's session offers the seats, the views and the loop stays small: the family's
    moves on the board and the seat's decisions are the wing's own objects."""
    tree = ast.parse((HOST / "play" / "session.py").read_text(encoding="utf-8"))
    session = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Session")
    public = [node.name for node in session.body
              if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")]
    assert len(public) <= 30, public


def test_no_play_module_is_over_600_lines() -> None:
    offenders = [f"{path.relative_to(HOST)}: {count}" for path in sorted((HOST / "play").rglob("*.py"))
                 if (count := len(path.read_text(encoding="utf-8").splitlines())) > 600]
    assert offenders == []
