"""The LED plan: what each LED shows (colour and mode) for a state of play, and its vocabulary.

The vocabulary (:data:`VOCABULARY`) is the one source of the colours; ``docs/leds.md`` explains it
to players. A :class:`LedPlan` is built by naming meanings at places (``plan.place(("point", 7),
DESTINATION)``), dice and status lights; :meth:`LedPlan.wishes` turns it into ``(index, colour,
mode)`` for :meth:`tablier.link.client.BoardClient.set_leds` (every LED not named goes dark).
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from tablier.hardware.layout import DIE_FACE_PIPS, Layout, LayoutError
from tablier.link.wire import FAST_BLINK, SLOW_BLINK, STEADY

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Meaning:
    """One word of the LED vocabulary: its name, colour and mode, what it says, and the letter the
    terminal's board shows beside a place lit with it ('' for a meaning of the status lights or the
    dice, which the terminal says in words)."""

    name: str
    colour: Colour
    mode: int
    says: str
    letter: str = ""


DESTINATION = Meaning("destination", (0, 170, 0), STEADY, "the lifted man may go here", letter="D")
HIT = Meaning("hit", (255, 60, 0), STEADY, "the lifted man may go here and hit (tables) or capture "
              "(draughts: also marks the men that can capture)", letter="H")
BEAR_OFF = Meaning("bear-off", (0, 90, 255), STEADY, "the lifted man may be borne off into this tray",
                   letter="B")
MUST_MOVE = Meaning("must-move", (220, 170, 0), SLOW_BLINK,
                    "this man must move (Jacquet's postillon, a touched man under touch-move, a man "
                    "on the bar, the one place the throw lets a man leave); with no man lifted, the "
                    "lit destinations are his", letter="M")
FROM_STACK = Meaning("from-stack", (230, 230, 230), SLOW_BLINK,
                     "no man lifted: a tall stack whose top men no switch sees leave; the lit "
                     "destinations are those of a man taken from it", letter="S")
LIFT_HERE = Meaning("lift-here", (255, 0, 0), FAST_BLINK,
                    "lift a man from here (the lights guide: the set-up, a false move undone, the "
                    "computer's move)", letter="L")
PUT_HERE = Meaning("put-here", (0, 200, 200), FAST_BLINK,
                   "put a man here (the lights guide: the set-up, a false move undone, the computer's move)",
                   letter="P")
ASK = Meaning("ask", (200, 0, 160), SLOW_BLINK,
              "the board cannot tell which: lift and replace a man on the right place", letter="A")
HINT = Meaning("hint", (120, 0, 200), STEADY, "a suggested move (from the hint engine)", letter="h")
YOUR_TURN = Meaning("your-turn", (90, 90, 90), STEADY, "status light: this player is to move")
PRESS_TO_ROLL = Meaning("press-to-roll", (0, 170, 0), SLOW_BLINK,
                        "status light: press your button to roll the dice")
PRESS_WHEN_DONE = Meaning("press-when-done", (0, 170, 0), STEADY,
                          "status light: the board shows a legal move: press your button to end the turn")
DIE = Meaning("die", (200, 200, 200), STEADY, "dice pips: the throw to play")
DIE_USED = Meaning("die-used", (25, 25, 25), STEADY, "dice pips, dimmed: this die is already played")
LINK_WAIT = Meaning("link-wait", (0, 0, 200), SLOW_BLINK,
                    "both status lights, for a second: the host has just (re)connected to the board")
WINNER = Meaning("winner", (0, 170, 0), FAST_BLINK, "status light: this player won the game")
FAULTY = Meaning("faulty", (255, 255, 255), FAST_BLINK,
                 "a switch of this place looks dead, stuck or chattering: the terminal says what to do",
                 letter="F")
PINNED = Meaning("pinned", (140, 40, 0), STEADY,
                 "Plakoto: the mover's man here lies pinned under the adversary's and may not move")
MOTHER = Meaning("mother", (160, 0, 40), STEADY,
                 "Plakoto: a side's last man on its starting point, its mother: pinning her wins the game")

VOCABULARY: tuple[Meaning, ...] = (
    DESTINATION, HIT, BEAR_OFF, MUST_MOVE, FROM_STACK, LIFT_HERE, PUT_HERE, ASK, HINT, YOUR_TURN,
    PRESS_TO_ROLL, PRESS_WHEN_DONE, DIE, DIE_USED, LINK_WAIT, WINNER, FAULTY, PINNED, MOTHER)


class LedPlan:
    """Meanings per LED for one layout; later calls win over earlier ones for the same LED."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.lit: dict[int, Meaning] = {}

    def place(self, place: tuple[str, int], meaning: Meaning) -> LedPlan:
        """Light a point, bar, tray or square."""
        kind, index = place
        with suppress(LayoutError):  # a place without its own light: nothing to show
            self.lit[self.layout.led_for(kind, index).index] = meaning
        return self

    def status(self, player: int, meaning: Meaning) -> LedPlan:
        """Light player ``player``'s (1 or 2) status light."""
        return self.place(("status", player), meaning)

    def die(self, which: int, value: int, meaning: Meaning = DIE) -> LedPlan:
        """Show ``value`` (1-6) on die display ``which`` (1 or 2)."""
        for pip in DIE_FACE_PIPS[value]:
            self.lit[self.layout.led_for("die", which, pip).index] = meaning
        return self

    def wishes(self) -> list[tuple[int, Colour, int]]:
        """``(index, colour, mode)`` for every lit LED."""
        return [(index, m.colour, m.mode) for index, m in sorted(self.lit.items())]

    def meanings(self) -> dict[str, str]:
        """``{place name: meaning name}``: the plan in words (for the terminal and the tests)."""
        names = {led.index: led.place for led in self.layout.leds}
        return {names[i]: m.name for i, m in sorted(self.lit.items())}
