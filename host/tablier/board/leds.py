"""The LED plan: what each LED shows (colour and blink code) for a state of play, and its vocabulary.

The vocabulary (:data:`VOCABULARY`) is the one source of the lights; ``docs/leds.md`` explains it
to players. Each meaning has a colour (from the palette the player chooses:
:mod:`tablier.board.palettes`) and, so that colour is never the only signal (WCAG 2.1, success
criterion 1.4.1), a **blink code** (:data:`PATTERNS`: steady, slow or fast blink, pulse, one flash,
two flashes, occulting) that the firmware runs itself, a letter for the terminal and a glyph for the
page. A :class:`LedPlan` is built by naming meanings at places (``plan.place(("point", 7),
DESTINATION)``), dice and status lights; :meth:`LedPlan.wishes` turns it into ``(index, colour,
mode)`` for :meth:`tablier.link.client.BoardClient.set_leds` (every LED not named goes dark).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass

from tablier.hardware.layout import DIE_FACE_PIPS, Layout, LayoutError
from tablier.link.wire import (
    DOUBLE_FLASH,
    FAST_BLINK,
    FLASH,
    MODE_COUNT,
    MODE_MASKS,
    OCCULTING,
    PATTERN_SLOTS,
    PULSE,
    PULSE_LEVELS,
    SLOW_BLINK,
    STEADY,
)

Colour = tuple[int, int, int]

@dataclass(frozen=True)
class Pattern:
    """A blink code: its wire ``mode`` and how it looks. Its second (sixteen slots of 62.5 ms) is
    the wire's (:data:`tablier.link.wire.MODE_MASKS`, the first slot the most significant bit,
    1 = lit) or, ``smooth``, :data:`tablier.link.wire.PULSE_LEVELS` (out of 255): the table the
    firmware runs."""

    mode: int
    name: str
    looks: str
    smooth: bool = False

    @property
    def mask(self) -> int:
        """The lit slots of the second, as the wire's table has them."""
        return MODE_MASKS[self.mode]

    def levels(self) -> tuple[int, ...]:
        """The brightness (0-255) of each of the sixteen slots of a second."""
        if self.smooth:
            return PULSE_LEVELS
        return tuple(255 if self.mask >> (PATTERN_SLOTS - 1 - slot) & 1 else 0
                     for slot in range(PATTERN_SLOTS))


PATTERNS: tuple[Pattern, ...] = (
    Pattern(STEADY, "steady", "lit without change"),
    Pattern(SLOW_BLINK, "slow blink", "half a second on, half off"),
    Pattern(FAST_BLINK, "fast blink", "four blinks a second"),
    Pattern(PULSE, "pulse", "swells and fades once a second, never dark", smooth=True),
    Pattern(FLASH, "flash", "one short flash a second"),
    Pattern(DOUBLE_FLASH, "double flash", "two short flashes, then dark"),
    Pattern(OCCULTING, "occulting", "lit, dark a quarter of a second each second"),
)
"""The blink codes by wire mode. Like a lighthouse's characters (fixed, isophase, quick, flashing,
group flashing, occulting: IALA's light characters), they are told apart by rhythm alone."""


@dataclass(frozen=True)
class Meaning:
    """One word of the LED vocabulary: its ``colour`` in the classic palette, its blink code
    (``mode``, one of :data:`PATTERNS`; ``legacy``: the code a firmware of the first three modes
    shows), what it says, the ``letter`` the terminal's board shows beside a place lit with it, and
    its ``glyph`` on the page. A ``dim``
    meaning is a reminder of what the men themselves show (Plakoto's pinned men and mothers, a die
    played), quieter than the lights that ask for something."""

    name: str
    colour: Colour
    mode: int
    says: str
    letter: str
    glyph: str
    legacy: int = STEADY
    dim: bool = False

    @property
    def pattern(self) -> Pattern:
        """The blink code."""
        return PATTERNS[self.mode]


DESTINATION = Meaning("destination", (0, 170, 0), STEADY, "the lifted man may go here", "D", "●")
HIT = Meaning("hit", (255, 60, 0), DOUBLE_FLASH, "the lifted man may go here and hit (tables) or "
              "capture (draughts: also marks the men that can capture)", "H", "✕")
BEAR_OFF = Meaning("bear-off", (0, 90, 255), STEADY, "the lifted man may be borne off into this tray",
                   "B", "▼")
MUST_MOVE = Meaning("must-move", (220, 170, 0), SLOW_BLINK,
                    "this man must move (Jacquet's postillon, a touched man under touch-move, a man "
                    "on the bar, the one place the throw lets a man leave); with no man lifted, the "
                    "lit destinations are his", "M", "★", SLOW_BLINK)
FROM_STACK = Meaning("from-stack", (230, 230, 230), SLOW_BLINK,
                     "no man lifted: a tall stack whose top men no switch sees leave; the lit "
                     "destinations are those of a man taken from it", "S", "▲", SLOW_BLINK)
LIFT_HERE = Meaning("lift-here", (255, 0, 0), FAST_BLINK,
                    "lift a man from here (the lights guide: the set-up, a false move undone, the "
                    "computer's move)", "L", "−", FAST_BLINK)
PUT_HERE = Meaning("put-here", (0, 200, 200), PULSE,
                   "put a man here (the lights guide: the set-up, a false move undone, the computer's "
                   "move)", "P", "+", FAST_BLINK)
ASK = Meaning("ask", (200, 0, 160), DOUBLE_FLASH,
              "the board cannot tell which: lift and replace a man on the right place", "A", "⇅",
              SLOW_BLINK)
HINT = Meaning("hint", (120, 0, 200), FLASH, "a suggested move (from the hint engine)", "h", "◆")
YOUR_TURN = Meaning("your-turn", (90, 90, 90), STEADY, "status light: this player is to move", "t", "○")
PRESS_TO_ROLL = Meaning("press-to-roll", (0, 170, 0), SLOW_BLINK,
                        "status light: press your button to roll the dice", "r", "⚀", SLOW_BLINK)
PRESS_WHEN_DONE = Meaning("press-when-done", (0, 170, 0), PULSE,
                          "status light: the board shows a legal move: press your button to end the "
                          "turn", "e", "⏎")
DIE = Meaning("die", (200, 200, 200), STEADY, "dice pips: the throw to play", "o", "•")
DIE_USED = Meaning("die-used", (25, 25, 25), STEADY, "dice pips, dimmed: this die is already played",
                   ".", "·", dim=True)
LINK_WAIT = Meaning("link-wait", (0, 0, 200), DOUBLE_FLASH,
                    "both status lights, for a second: the host has just (re)connected to the board",
                    "w", "⟳", SLOW_BLINK)
WINNER = Meaning("winner", (0, 170, 0), FAST_BLINK, "status light: this player won the game", "W", "♛",
                 FAST_BLINK)
TIME_SHORT = Meaning("time-short", (255, 120, 0), FLASH,
                     "status light: this player's clock runs and his time is short (the last minute of "
                     "his reserve, or of his move before Time; after Time is called)", "T", "◷", SLOW_BLINK)
FAULTY = Meaning("faulty", (255, 255, 255), FAST_BLINK,
                 "a switch of this place looks dead, stuck or chattering: the terminal says what to do",
                 "F", "⚠", FAST_BLINK)
PINNED = Meaning("pinned", (140, 40, 0), OCCULTING,
                 "Plakoto: the mover's man here lies pinned under the adversary's and may not move",
                 "N", "⊗", dim=True)
MOTHER = Meaning("mother", (160, 0, 40), OCCULTING,
                 "Plakoto: a side's last man on its starting point, its mother: pinning her wins the game",
                 "R", "◎", dim=True)
# The quality of a destination (docs/quality-lights.md): the band of the best play through it, shown
# instead of destination, hit or bear-off; the calmer the light, the better the play.
BEST = Meaning("best", (0, 170, 0), STEADY, "quality: the best play goes here (or one as good)", "+", "✓")
DOUBTFUL = Meaning("doubtful", (220, 200, 0), PULSE, "quality: the best play through here is doubtful",
                   "~", "?!")
BAD = Meaning("bad", (255, 110, 0), DOUBLE_FLASH, "quality: the best play through here is bad", "?",
              "?", SLOW_BLINK)
VERY_BAD = Meaning("very-bad", (255, 0, 0), FAST_BLINK, "quality: the best play through here is very bad",
                   "#", "??", FAST_BLINK)

VOCABULARY: tuple[Meaning, ...] = (
    DESTINATION, HIT, BEAR_OFF, MUST_MOVE, FROM_STACK, LIFT_HERE, PUT_HERE, ASK, HINT, YOUR_TURN,
    PRESS_TO_ROLL, PRESS_WHEN_DONE, DIE, DIE_USED, LINK_WAIT, WINNER, TIME_SHORT, FAULTY, PINNED, MOTHER,
    BEST, DOUBTFUL, BAD, VERY_BAD)

QUALITY: Mapping[str, Meaning] = {"best": BEST, "doubtful": DOUBTFUL, "bad": BAD, "very bad": VERY_BAD}
"""The light of each quality band (:data:`tablier.engines.profiles.BANDS`)."""


class LedPlan:
    """Meanings per LED for one layout; later calls win over earlier ones for the same LED. The
    colours come from ``palette`` (a :class:`~tablier.board.palettes.Palette`; default: each
    meaning's own, the classic palette)."""

    def __init__(self, layout: Layout, palette: Mapping[str, Colour] | None = None) -> None:
        self.layout = layout
        self.palette = palette
        self.lit: dict[int, Meaning] = {}

    def place(self, place: tuple[str, int], meaning: Meaning) -> LedPlan:
        """Light a point, bar, tray or square."""
        kind, index = place
        with suppress(LayoutError):  # a place without its own light: nothing to show
            self.lit[self.layout.led_for(kind, index).index] = meaning
        return self

    def quality(self, place: tuple[str, int], band: str) -> LedPlan:
        """Light a destination with the quality ``band`` of the best play through it."""
        return self.place(place, QUALITY[band])

    def status(self, player: int, meaning: Meaning) -> LedPlan:
        """Light player ``player``'s (1 or 2) status light."""
        return self.place(("status", player), meaning)

    def die(self, which: int, value: int, meaning: Meaning = DIE) -> LedPlan:
        """Show ``value`` (1-6) on die display ``which`` (1 or 2)."""
        for pip in DIE_FACE_PIPS[value]:
            self.lit[self.layout.led_for("die", which, pip).index] = meaning
        return self

    def colour(self, meaning: Meaning) -> Colour:
        """The colour ``meaning`` shows in this plan's palette."""
        return meaning.colour if self.palette is None else self.palette[meaning.name]

    def wishes(self, modes: int = MODE_COUNT) -> list[tuple[int, Colour, int]]:
        """``(index, colour, mode)`` for every lit LED, for a firmware that knows the first ``modes``
        blink codes (a meaning whose code it does not know is sent with its legacy one)."""
        return [(index, self.colour(m), m.mode if m.mode < modes else m.legacy)
                for index, m in sorted(self.lit.items())]

    def meanings(self) -> dict[str, str]:
        """``{place name: meaning name}``: the plan in words (for the terminal and the tests)."""
        names = {led.index: led.place for led in self.layout.leds}
        return {names[i]: m.name for i, m in sorted(self.lit.items())}
