"""How a colour looks to a player who cannot tell red from green (or blue from yellow), and how far
apart two colours look: for checking and drawing the LED palettes (``docs/leds.md``).

The simulation is Machado, Oliveira and Fernandes' physiologically based model of colour vision
deficiency ("A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG
15(6), 2009), at full severity (protanopia, deuteranopia, tritanopia): a 3x3 matrix on linear sRGB.
The distance is the CIEDE2000 colour difference (Sharma, Wu and Dalal, "The CIEDE2000
Color-Difference Formula: Implementation Notes...", Color Research & Application 30(1), 2005) between
the colours in CIELAB under D65. A difference of 1 is about the least an eye notices side by side;
:data:`DISTINCT` is the least this project asks of two lights that mean different things.
"""

from __future__ import annotations

import math

Colour = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

PROTANOPIA = "protanopia"
DEUTERANOPIA = "deuteranopia"
TRITANOPIA = "tritanopia"
DEFICIENCIES = (PROTANOPIA, DEUTERANOPIA, TRITANOPIA)

MACHADO_2009: dict[str, Matrix] = {
    PROTANOPIA: ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                 (-0.003882, -0.048116, 1.051998)),
    DEUTERANOPIA: ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                   (-0.011820, 0.042940, 0.968881)),
    TRITANOPIA: ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                 (0.004733, 0.691367, 0.303900)),
}
"""Machado et al.'s matrices at severity 1.0, on linear sRGB."""

DISTINCT = 12.0
"""The least CIEDE2000 difference between two lights that may be lit together and mean different
things, in normal vision and under each simulated deficiency (a difference of 10 or more reads as
another colour at a glance). Colour is the second signal here: no two such lights share a blink
code either."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    value = min(1.0, max(0.0, value))
    encoded = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def simulate(colour: Colour, deficiency: str | None) -> Colour:
    """``colour`` (sRGB) as seen with ``deficiency`` (None: as it is)."""
    if deficiency is None:
        return colour
    linear = [_linear(channel) for channel in colour]
    red, green, blue = (_encoded(sum(m * x for m, x in zip(row, linear, strict=True)))
                        for row in MACHADO_2009[deficiency])
    return red, green, blue


def lab(colour: Colour) -> tuple[float, float, float]:
    """``colour`` (sRGB) in CIELAB, D65 white."""
    red, green, blue = (_linear(channel) for channel in colour)
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    mean_chroma = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_chroma ** 7 / (mean_chroma ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_hue = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6)) - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    rc = 2 * math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc = 1 + 0.045 * mean_c
    sh = 1 + 0.015 * mean_c * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    dl, dc, dhue = (l2 - l1) / sl, (c2 - c1) / sc, d_hue / sh
    return math.sqrt(dl ** 2 + dc ** 2 + dhue ** 2 + rt * dc * dhue)


def difference(first: Colour, second: Colour, deficiency: str | None = None) -> float:
    """How far apart ``first`` and ``second`` look (CIEDE2000), with ``deficiency`` (None: normal)."""
    return ciede2000(lab(simulate(first, deficiency)), lab(simulate(second, deficiency)))
