"""The terminal's live view: the board as the switches see it, lights, dice, cube, score, turn, link.

On a terminal (a TTY) the view is redrawn in place, at most a few times a second, in colour
(:mod:`rich`), the layout chosen by the terminal's size: below 100 columns or 34 lines the compact
one, which fits 80x24. Otherwise (a pipe, a log, the tests) the output reads as a plain transcript:
it says first which board is played on (the simulated one: the firmware under MicroPython on
which pseudo-terminal), then every message, one a line, and the board in plain text after each
committed move. The keys line lists the words of the game being played and, on the simulated
board moved by typing, the hands' actions. The board is drawn by :mod:`.board_text` from a
:class:`~tablier.board.scene.Scene`.
"""

from __future__ import annotations

import io
import shutil
import sys
import time
from typing import TextIO

from rich.console import Console
from rich.text import Text

from tablier.board.palettes import find_palette
from tablier.board.scene import Scene

from .board_text import dice_text, draughts_board, legend, tables_board
from .link import CONNECTED
from .scene import scene_of
from .session import Session

CLEAR = "\x1b[H\x1b[2J"
#: The hands' actions typed on the simulated board (``docs/sim-script.md``).
HAND_KEYS = ("setup", "lift PLACE", "put PLACE", "move PLACE PLACE", "press 1|2", "flip", "cut/restore")
#: Below this many columns or lines the compact layout is drawn.
WIDE = (100, 34)
#: The newest messages shown whatever the room (a warning and its reasons are said in four): the
#: keys line gives way to them (the hands' keys first).
NEWEST = 4


def keys_line(session: Session, hands: bool = False) -> str:
    """The words that may be typed in ``session``'s game (and the hands' actions, ``hands``)."""
    words = session.command_words()
    line = f"keys: {', '.join(words)} (prefix 1 or 2 for the player)"
    if hands:
        line += "; hands: " + ", ".join(HAND_KEYS)
    return line


def panel(scene: Scene, compact: bool) -> list[Text]:
    """The lines beside the board: game, score, cube, turn, dice, men in hand, link, lights (each
    wraps within the width the board leaves)."""
    names = scene.players
    lines = [Text(f"{scene.title}, game {scene.game_number}", style="bold")]
    match = f" (match to {scene.match_length})" if scene.match_length else ""
    lines.append(Text(f"score{match}:"))
    for player in (1, 2):
        mark = "XO"[player - 1] if scene.family == "tables" else scene.colours[player - 1]
        turn = ("  <-" if compact else "  <- to play") if scene.turn == player else ""
        you = ", you" if scene.you == player else ""
        line = Text(f" {names[player - 1]} ({mark}{you}) {scene.score[player - 1]}{turn}",
                    style="bold" if turn else "")
        if scene.clocks[player - 1]:
            line.append_text(clock_face(scene, player, compact))
        lines.append(line)
    if scene.cube is not None:
        value, owner = scene.cube
        lines.append(Text(f"cube: {value}, " + (f"{names[owner - 1]}'s" if owner else "in the middle")))
    if scene.family == "tables":
        line = dice_text(scene)
        if scene.in_hand:
            line.append(f"  in hand: {scene.in_hand}", style="bold yellow")
        lines.append(line)
    elif scene.in_hand:
        lines.append(Text(f"in hand: {scene.in_hand}", style="bold yellow"))
    link = Text(f"link: {scene.link}")
    if scene.link == CONNECTED and scene.link_wait:
        link.append(" (just now)", style="dim")
    if scene.link != CONNECTED:
        link.append("  ** board disconnected **", style="bold red")
    lines.append(link)
    if scene.hints:  # quality help counted: what the player to move has left
        lines.append(Text(f"quality: {scene.hints}"))
    status = [f"status {n} {light}" for n, light in zip((1, 2), scene.status_lights, strict=True) if light]
    palette = f"{find_palette(scene.palette).title} palette"
    if compact and scene.palette == "classic":
        palette = ""  # the compact layout names only a palette chosen
    if status or palette:
        told = ", ".join(status) + (f" ({palette})" if status and palette else palette)
        lines.append(Text(f"lights: {told}"))
    keyed = legend(scene)
    if compact and len(keyed) > 2:  # the meanings side by side, wrapping
        joined = Text()
        for line in keyed:
            joined.append_text(line)
            joined.append(" ")
        keyed = [joined]
    lines += keyed
    if not compact and scene.moves:
        lines.append(Text("moves: " + ", ".join(scene.marked_moves()[-4:]), style="dim"))
    return lines


def clock_face(scene: Scene, player: int, compact: bool = False) -> Text:
    """Player ``player``'s clock beside his score: ``  [13:48]``, ``  [0:52 runs, short]`` (the
    compact layout: ``  [0:52!]``, in bold while it runs)."""
    runs = scene.clock_runs == player
    short = runs and scene.clock_short
    said = " runs, short" if short else " runs" if runs else ""
    words = ("!" if short else "") if compact else said
    style = "bold red" if short else "bold" if runs else ""
    return Text(f"  [{scene.clocks[player - 1]}{words}]", style=style)


def render(scene: Scene, width: int = 80, height: int = 24, colour: bool = False,
           keys: str = "") -> str:
    """The whole view as text for a terminal of ``width`` x ``height`` (ANSI styles if ``colour``).

    Nothing is cut: the board keeps its width, the lines beside it and below it wrap, and the
    messages are the newest that fit in the lines left by the words of the game's state and the
    keys (which give way to the :data:`NEWEST` messages)."""
    compact = width < WIDE[0] or height < WIDE[1]
    if scene.family == "tables":
        board = tables_board(scene, rows=4 if compact else 5)
    elif scene.family == "draughts":
        board = draughts_board(scene)
    else:
        board = []
    console = Console(file=io.StringIO(), width=width, force_terminal=colour,
                      color_system="truecolor" if colour else None, no_color=not colour,
                      highlight=False, emoji=False, legacy_windows=False)
    board_width = max((line.cell_len for line in board), default=0)
    side_width = max(12, width - board_width - 1)
    side = [piece for line in panel(scene, compact) for piece in line.wrap(console, side_width)]
    top = []
    for n in range(max(len(board), len(side))):
        row = board[n].copy() if n < len(board) else Text()
        row.pad_right(board_width - row.cell_len)
        top.append(Text.assemble(row, " ", side[n]) if n < len(side) else row)
    below = [Text(line) for line in scene.words]
    told = [Text(f"> {message}") for message in scene.messages]
    room = height - len(top) - _height(console, below, width)
    newest = _height(console, told[-NEWEST:], width)
    for choice in (keys, keys.split("; hands:")[0], ""):  # the keys give way to the newest messages
        keyed = [Text(choice, style="dim")] if choice else []
        if _height(console, keyed, width) + newest <= room:
            break
    room -= _height(console, keyed, width)
    said = [told[n] for n in _newest(console, scene.messages, told, width, room)]
    out = [_line(console, row) for row in top]
    out += [_line(console, piece) for text in below + said + keyed for piece in text.wrap(console, width)]
    return "\n".join(out) + "\n"


def _newest(console: Console, messages: tuple[str, ...], told: list[Text], width: int,
            room: int) -> list[int]:
    """Which of the messages (``told``: as drawn) are shown in ``room`` lines: the newest that fit,
    but a reason (``Why: ...``) never stands without the line it explains (a teacher's headline:
    how much was lost, against what): reasons give way to it, the oldest first."""
    heights = [_height(console, [line], width) for line in told]
    chosen: list[int] = []
    for index in reversed(range(len(told))):  # the newest first, while they fit
        if heights[index] > room:
            break
        chosen.insert(0, index)
        room -= heights[index]

    def reason(index: int) -> bool:
        return messages[index].startswith("Why:")

    while chosen and reason(chosen[0]):
        head = chosen[0] - 1
        while head >= 0 and reason(head):
            head -= 1
        if head < 0:
            break
        room += heights[chosen.pop(0)]
        if heights[head] <= room:
            chosen.insert(0, head)
            room -= heights[head]
    return chosen


def _height(console: Console, texts: list[Text], width: int) -> int:
    """How many lines ``texts`` take, wrapped at ``width``."""
    return sum(len(text.wrap(console, width)) for text in texts)


def _line(console: Console, text: Text) -> str:
    """One line as the terminal shows it (its styles on a colour terminal), no trailing blanks."""
    text.rstrip()
    with console.capture() as capture:
        console.print(text, end="", crop=True, no_wrap=True, overflow="crop")
    return capture.get()


class View:
    """Draws a session on ``out``; ``live`` None: redraw in place only when ``out`` is a TTY;
    ``hands``: the men are moved by typing (the simulated board), the keys line says how; ``keys``:
    the keys line instead of the game's words, where nothing typed reaches the game."""

    def __init__(self, out: TextIO | None = None, live: bool | None = None, interval: float = 0.15,
                 hands: bool = False, keys: str | None = None) -> None:
        self.out = out or sys.stdout
        self.live = self.out.isatty() if live is None else live
        self.interval = interval
        self.hands = hands
        self.keys = keys  # the keys line when nothing typed reaches the game (``tablier watch``)
        self._last_draw = 0.0
        self._last_text = ""
        self._printed = 0
        self._drawn_moves = 0
        self.board_note = ""  # which board is played on, said first in a transcript

    def connected(self, note: str) -> None:
        """Say which board is played on (a transcript says it at once; a live view keeps it)."""
        self.board_note = note
        if not self.live:
            self.out.write(note + "\n")
            self.out.flush()

    def __call__(self, session: Session) -> None:
        if self.live:
            self._redraw(session)
        else:
            self._transcript(session)

    def finish(self, session: Session) -> None:
        """The last drawing, whatever the time since the one before (the end's messages shown)."""
        self._last_draw = 0.0
        self(session)

    def show(self, scene: Scene, keys: str = "") -> None:
        """Draw ``scene`` at once (a game not played here: an archived one shown step by step); a
        transcript says its words."""
        if self.live:
            self._draw(scene, keys)
            return
        self.out.write("".join(line + "\n" for line in scene.words))
        self.out.flush()

    def _redraw(self, session: Session) -> None:
        now = time.monotonic()
        if now - self._last_draw < self.interval:
            return
        self._draw(scene_of(session), self.keys if self.keys is not None else keys_line(session, self.hands))
        self._last_draw = now

    def _draw(self, scene: Scene, keys: str) -> None:
        size = shutil.get_terminal_size((80, 24))
        text = render(scene, size.columns, size.lines - 1, colour=self.out.isatty(), keys=keys)
        if text != self._last_text:
            self.out.write(CLEAR + text)
            self.out.flush()
            self._last_text = text

    def _transcript(self, session: Session) -> None:
        log = session.message_log
        for message in log[self._printed:]:
            self.out.write(message + "\n")
        if len(log) > self._printed:
            self.out.flush()
        self._printed = len(log)
        if len(session.committed) != self._drawn_moves:
            self._drawn_moves = len(session.committed)
            scene = scene_of(session)
            board = tables_board(scene, rows=5) if scene.family == "tables" else draughts_board(scene)
            self.out.write("\n".join(line.plain.rstrip() for line in board) + "\n")
            self.out.flush()


