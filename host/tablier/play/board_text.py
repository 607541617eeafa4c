"""The board of a :class:`~tablier.board.scene.Scene` as text with styles, for the terminal view.

Drawn from what the switches see: ``X``/``O`` the men of player 1's and player 2's colour (Black,
White in tables), ``x``/``o`` a man standing where the position has none (misplaced, or on his way),
``^`` the slot a lifted man left, ``?`` a man of an unknown side. A lit place carries its light's
letter beside its number (:data:`LIGHT_LETTERS`) and, on a colour terminal, its colour. The
tables board is seen from player 1's side with the layout's point numbers; when the side to move
counts his points otherwise, his own numbers stand in a dim line beside the board's (``P2's``). The
middle column is labelled ``BAR`` only in a game whose men are hit (its scene has bar places).
Draughts squares carry their numbers.
"""

from __future__ import annotations

from rich.text import Text

from tablier.board.leds import VOCABULARY, Meaning
from tablier.board.palettes import find_palette
from tablier.board.scene import ADDED, LIFTED, PlaceView, Scene

#: The letter a light shows in plain text, by meaning (each meaning carries its own:
#: :attr:`~tablier.board.leds.Meaning.letter`).
LIGHT_LETTERS: dict[str, str] = {m.name: m.letter for m in VOCABULARY if m.letter}
#: Draughts' own words for a meaning the tables share (``hit``: a capture there), letter and word.
DRAUGHTS_WORDS: dict[str, tuple[str, str]] = {"hit": ("C", "capture")}
MEANINGS: dict[str, Meaning] = {m.name: m for m in VOCABULARY}
MARKS = ("X", "O")


def light_style(name: str, palette: str = "classic") -> str:
    """The rich style of a light: its LED colour in ``palette`` behind black text (blinking lights
    blink)."""
    meaning = MEANINGS.get(name)
    if meaning is None:
        return ""
    red, green, blue = find_palette(palette)[name]
    ink = "black" if red + green + blue > 300 else "white"
    return f"{ink} on rgb({red},{green},{blue})" + (" blink" if meaning.mode else "")


def _mark(view: PlaceView, scene: Scene) -> str:
    if view.side is None:
        return "?"
    player = _player_of_side(view.side, scene)
    return MARKS[player - 1]


def _player_of_side(side: int, scene: Scene) -> int:
    """The player (1 or 2) playing ``side`` (0 Black, 1 White)."""
    colour = "black" if side == 0 else "white"
    return 1 if scene.colours[0] == colour else 2


def tables_board(scene: Scene, rows: int = 5) -> list[Text]:
    """The tables board: ``rows`` men drawn per point (a taller stack shows its count)."""
    far = list(range(13, 25))
    near = list(range(12, 0, -1))
    edge = "+" + "-" * 18 + "+---+" + "-" * 18 + "+"
    top = _half(scene, rows, far, list(range(rows)), 2)
    bottom = _half(scene, rows, near, list(range(rows - 1, -1, -1)), 1)
    top[0].append_text(_tray_text(scene, 2))
    bottom[-1].append_text(_tray_text(scene, 1))
    barred = any(view.place.startswith("bar ") for view in scene.places)  # else no man is ever hit
    middle = Text("|" + " " * 18 + ("|BAR|" if barred else "|   |") + " " * 18 + "|  off")
    lines = [line for line in (_own(scene, far),) if line is not None]
    lines += [_label(scene, far), Text(edge), *top, middle, *bottom, Text(edge), _label(scene, near)]
    lines += [line for line in (_own(scene, near),) if line is not None]
    return lines


def _label(scene: Scene, points: list[int]) -> Text:
    """The points' numbers, each with its light's letter."""
    line = Text(" ")
    for n, point in enumerate(points):
        if n == 6:
            line.append("     ")
        view = scene.place(f"point {point}")
        letter = LIGHT_LETTERS.get(view.light, " ")
        line.append(f"{point:>2}")
        line.append(letter, style=light_style(view.light, scene.palette))
    return line


def _own(scene: Scene, points: list[int]) -> Text | None:
    """The points' numbers as the player to move counts them (None when they are the board's)."""
    if not scene.own_points or all(scene.own_points.get(p, p) == p for p in points):
        return None
    line = Text(" ")
    for n, point in enumerate(points):
        if n == 6:
            line.append("     ")
        line.append(f"{scene.own_points[point]:>2} ", style="dim")
    line.append(f"P{scene.turn}'s", style="dim")
    return line


def _cell(scene: Scene, rows: int, point: int, row: int) -> Text:
    """Row ``row`` of ``point``: a man, a lifted one (``^``), a tall stack's count, or nothing."""
    view = scene.place(f"point {point}")
    style = light_style(view.light, scene.palette)
    men = view.men
    if view.change == LIFTED and row == min(men, rows - 1):
        return Text(f"{men:>2}^" if men >= rows else " ^ ", style=style or "bold yellow")
    if men <= row:
        return Text("   ", style=style)
    if row == rows - 1 and men > rows:
        return Text(f"{men:>3}", style=style or "bold")
    mark = _mark(view, scene)
    if view.change == ADDED and row == men - 1:
        mark = mark.lower()
    return Text(f" {mark} ", style=style or ("bold" if mark in MARKS else "yellow"))


def _bar_cell(scene: Scene, player: int, row: int) -> Text:
    """Row ``row`` of ``player``'s bar."""
    view = scene.place(f"bar {player}")
    if row == 0 and view.men:
        text = f"{MARKS[player - 1]}{view.men}" + ("^" if view.change == LIFTED else " ")
        return Text(text, style=light_style(view.light, scene.palette))
    if row == 0 and view.change == LIFTED:
        return Text(" ^ ", style="bold yellow")
    return Text("   ", style=light_style(view.light, scene.palette))


def _tray_text(scene: Scene, player: int) -> Text:
    """``player``'s tray: his mark, the men borne off, its light's letter."""
    view = scene.place(f"tray {player}")
    text = Text("  ")
    text.append(f"{MARKS[player - 1]} {view.men}" + ("^" if view.change == LIFTED else "")
                + (f" {LIGHT_LETTERS.get(view.light, '')}" if view.light else ""),
                style=light_style(view.light, scene.palette))
    return text


def _half(scene: Scene, rows: int, points: list[int], order: list[int], player: int) -> list[Text]:
    """One half of the board: its twelve ``points`` and ``player``'s bar, row by row in ``order``."""
    lines = []
    for row in order:
        line = Text("|")
        for point in points[:6]:
            line.append_text(_cell(scene, rows, point, row))
        line.append("|")
        line.append_text(_bar_cell(scene, player, row if order[0] == 0 else rows - 1 - row))
        line.append("|")
        for point in points[6:]:
            line.append_text(_cell(scene, rows, point, row))
        line.append("|")
        lines.append(line)
    return lines


def draughts_board(scene: Scene) -> list[Text]:
    """The draughts board, square 1 at the top left, each playing square with its number."""
    size = scene.size or 8
    per_row = size // 2
    edge = Text("+" + "-" * (5 * size) + "+")
    lines = [edge.copy()]
    for row in range(size):
        line = Text("|")
        for column in range(size):
            if (row + column) % 2 == 0:
                line.append("     ", style="on grey23")
                continue
            square = row * per_row + column // 2 + 1
            view = scene.place(f"square {square}")
            style = light_style(view.light, scene.palette)
            piece = "."
            if view.change == LIFTED:
                piece = "^"
            elif view.men:
                piece = "b" if view.side == 0 else "w" if view.side == 1 else "?"
                piece = piece.upper() if view.king else piece
                piece = "+" if view.change == ADDED and view.side is None else piece
            letter = DRAUGHTS_WORDS.get(view.light, (LIGHT_LETTERS.get(view.light, " "),))[0]
            line.append(f"{square:>2}", style=style or "dim")
            plain = "yellow" if piece == "^" else "" if piece == "." else "bold"
            line.append(piece, style=style or plain)
            line.append(f"{letter} ", style=style)
        line.append("|")
        lines.append(line)
    lines.append(edge)
    return lines


def dice_text(scene: Scene) -> Text:
    """The dice as dice (``[6] [3]``), a used one dimmed and marked ``used``."""
    text = Text("dice: ")
    if not scene.dice:
        text.append("-")
    for value, used in zip(scene.dice, scene.dice_used or (False,) * len(scene.dice), strict=False):
        text.append(f"[{value}]", style="dim strike" if used else "bold")
        text.append("used " if used else " ", style="dim")
    if len(scene.dice) == 2 and scene.dice[0] == scene.dice[1]:
        text.append("doublet")
    return text


def legend(scene: Scene) -> list[Text]:
    """The lit meanings of the board's places, each with its letter in its colour (in draughts' own
    words: a ``capture``, not a ``hit``)."""
    lit = {view.light for view in scene.places if view.light}
    own = DRAUGHTS_WORDS if scene.family == "draughts" else {}
    lines = []
    for name, letter in LIGHT_LETTERS.items():
        if name in lit:
            letter, word = own.get(name, (letter, name))
            line = Text()
            line.append(f" {letter} ", style=light_style(name, scene.palette))
            line.append(f" {word}")
            lines.append(line)
    return lines
