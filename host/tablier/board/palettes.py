"""The board's palettes: the colour of every light, chosen by the player.

* ``classic``: the colours the board has always shown (each meaning's own, :mod:`tablier.board.leds`).
* ``okabe-ito``: Okabe and Ito's eight colours, made to be told apart by people with any common
  colour vision deficiency ("Color Universal Design (CUD): how to make figures and presentations
  that are friendly to colorblind people", 2002/2008, https://jfly.uni-koeln.de/color/).
* ``tol``: Paul Tol's colour-blind safe schemes ("Colour Schemes", SRON technical note
  SRON/EPS/TN/09-002, https://personal.sron.nl/~pault/): his *vibrant* qualitative scheme for the
  meanings and his *sunset* diverging scheme for the quality bands, blue for good to red for bad.

Every meaning also keeps its blink code in every palette, so colour is never the only signal.
:data:`SCENES` lists the meanings the board lights together; ``tests/board/test_palettes.py``
checks that in each scene the colour-blind safe palettes keep every two meanings at least
:data:`~tablier.board.colour_vision.DISTINCT` apart (CIEDE2000) in normal vision and under simulated
protanopia, deuteranopia and tritanopia, and that no two share a blink code.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .leds import VOCABULARY, Colour

DIM = 0.3
"""How bright a reminder (a ``dim`` meaning) is beside the other lights of a palette."""


def dimmed(colour: Colour, level: float = DIM) -> Colour:
    """``colour`` at ``level`` of its brightness."""
    red, green, blue = (round(channel * level) for channel in colour)
    return red, green, blue


@dataclass(frozen=True)
class Palette(Mapping[str, Colour]):
    """A colour for every meaning of the vocabulary, by name (a :class:`Mapping`, as
    :class:`~tablier.board.leds.LedPlan` reads it)."""

    name: str
    title: str
    source: str
    colours: Mapping[str, Colour] = field(repr=False)

    def __getitem__(self, meaning: str) -> Colour:
        return self.colours[meaning]

    def __iter__(self) -> Iterator[str]:
        return iter(self.colours)

    def __len__(self) -> int:
        return len(self.colours)


# Okabe and Ito's colours (sRGB)
OI_ORANGE = (230, 159, 0)
OI_SKY_BLUE = (86, 180, 233)
OI_BLUISH_GREEN = (0, 158, 115)
OI_YELLOW = (240, 228, 66)
OI_BLUE = (0, 114, 178)
OI_VERMILLION = (213, 94, 0)
OI_REDDISH_PURPLE = (204, 121, 167)
WHITE = (230, 230, 230)
GREY = (90, 90, 90)

# Paul Tol's vibrant scheme, and four colours of his sunset scheme
TOL_BLUE = (0x00, 0x77, 0xBB)
TOL_CYAN = (0x33, 0xBB, 0xEE)
TOL_TEAL = (0x00, 0x99, 0x88)
TOL_ORANGE = (0xEE, 0x77, 0x33)
TOL_RED = (0xCC, 0x33, 0x11)
SUNSET_DARK_BLUE = (0x36, 0x4B, 0x9A)
SUNSET_LIGHT_BLUE = (0x98, 0xCA, 0xE1)
SUNSET_ORANGE = (0xFD, 0xB3, 0x66)
SUNSET_RED = (0xDD, 0x3D, 0x2D)

# The lights that look alike in every palette: the status lights and the dice, which only their
# place tells apart from the board's lights.
_NEUTRAL: dict[str, Colour] = {
    "your-turn": GREY, "die": (200, 200, 200), "die-used": (25, 25, 25), "faulty": (255, 255, 255),
}

CLASSIC = Palette("classic", "Classic", "the board's own colours",
                  {meaning.name: meaning.colour for meaning in VOCABULARY})

OKABE_ITO = Palette("okabe-ito", "Okabe-Ito", "Okabe and Ito, Color Universal Design (2008)", {
    **_NEUTRAL,
    "destination": OI_BLUISH_GREEN, "hit": OI_VERMILLION, "bear-off": OI_BLUE, "must-move": WHITE,
    "from-stack": OI_YELLOW, "lift-here": OI_VERMILLION, "put-here": OI_SKY_BLUE, "ask": OI_SKY_BLUE,
    "hint": OI_REDDISH_PURPLE, "press-to-roll": OI_BLUISH_GREEN, "press-when-done": OI_BLUISH_GREEN,
    "link-wait": OI_BLUE, "winner": OI_BLUISH_GREEN, "time-short": OI_ORANGE, "pinned": dimmed(OI_ORANGE),
    "mother": dimmed(OI_SKY_BLUE),
    "best": OI_BLUE, "doubtful": OI_SKY_BLUE, "bad": OI_YELLOW, "very-bad": OI_VERMILLION,
})

TOL = Palette("tol", "Paul Tol", "Paul Tol, Colour Schemes (SRON, 2021): vibrant and sunset", {
    **_NEUTRAL,
    "destination": TOL_CYAN, "hit": TOL_RED, "bear-off": TOL_BLUE, "must-move": TOL_TEAL,
    "from-stack": TOL_TEAL, "lift-here": TOL_ORANGE, "put-here": TOL_CYAN, "ask": TOL_CYAN,
    "hint": WHITE, "press-to-roll": TOL_TEAL, "press-when-done": TOL_TEAL, "link-wait": TOL_BLUE,
    "winner": TOL_TEAL, "time-short": TOL_ORANGE, "pinned": dimmed(TOL_BLUE), "mother": dimmed(TOL_ORANGE),
    "best": SUNSET_DARK_BLUE, "doubtful": SUNSET_LIGHT_BLUE, "bad": SUNSET_ORANGE, "very-bad": SUNSET_RED,
})

PALETTES: tuple[Palette, ...] = (CLASSIC, OKABE_ITO, TOL)
"""Every palette; the first is the default."""

COLOUR_BLIND_SAFE = (OKABE_ITO, TOL)


def find_palette(name: str) -> Palette:
    """The palette called ``name``; ``ValueError`` naming the palettes otherwise."""
    for palette in PALETTES:
        if palette.name == name.strip().lower():
            return palette
    raise ValueError(f"no palette {name!r} (palettes: {', '.join(p.name for p in PALETTES)})")


SCENES: dict[str, tuple[str, ...]] = {
    "a man lifted": ("destination", "hit", "must-move", "hint", "pinned", "mother"),
    "a man lifted, with quality": ("best", "doubtful", "bad", "very-bad", "must-move", "hint", "pinned",
                                   "mother"),
    "the next man from one place": ("must-move", "destination", "hit", "hint", "pinned", "mother"),
    "the next man from a tall stack": ("from-stack", "destination", "hit", "hint", "pinned", "mother"),
    "guiding the men": ("lift-here", "put-here", "must-move", "hint", "pinned", "mother"),
    "asking which": ("ask", "must-move", "hint", "pinned", "mother"),
}
"""The meanings the board may light together on its points, bars and squares. Left out:
``bear-off``, only ever on a tray (the place says it); ``faulty``, which blinks over anything for
four seconds while the terminal (and the voice) names the switch; the status lights and the dice,
which only their places tell apart from the board's lights."""

STATUS_LIGHT = ("your-turn", "press-to-roll", "press-when-done", "winner", "link-wait", "time-short")
"""The meanings a status light shows, one at a time: told apart by their blink codes."""
