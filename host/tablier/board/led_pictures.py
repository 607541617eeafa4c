"""Pictures of the lights for ``docs/leds.md`` and ``docs/quality-lights.md``: each palette's colours
with their letters, glyphs and blink codes, as seen with normal vision and under simulated
protanopia, deuteranopia and tritanopia; the blink codes over a second; and the board lit in each
palette (``tablier leds --draw DIR``). The SVG is deterministic, so that the committed pictures can
be compared with what the program draws now; PNG goes through ``rsvg-convert``.
"""

from __future__ import annotations

from pathlib import Path

from tablier.svg import Svg

from .colour_vision import DEFICIENCIES, simulate
from .leds import BEAR_OFF, DESTINATION, HIT, PATTERNS, QUALITY, VOCABULARY, Colour, Meaning
from .palettes import PALETTES, Palette

VISIONS: tuple[str | None, ...] = (None, *DEFICIENCIES)
VISION_TITLES = {None: "normal vision", "protanopia": "protanopia", "deuteranopia": "deuteranopia",
                 "tritanopia": "tritanopia"}
_ROW = 7.0
_LED = 2.8


def hex_colour(colour: Colour) -> str:
    """``#rrggbb``."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _ink(colour: Colour) -> str:
    red, green, blue = colour
    return "#000" if 0.299 * red + 0.587 * green + 0.114 * blue > 110 else "#fff"


def draw_palette(palette: Palette) -> str:
    """One palette: a row per meaning (name, letter, blink code), its light in each vision."""
    meanings = [m for m in VOCABULARY if m.name not in ("die", "die-used")]
    width, left = 196.0, 92.0
    height = 24 + _ROW * len(meanings) + 8
    svg = Svg(width, height, f"The {palette.title} palette")
    svg.rect(0, 0, width, height, fill="#fbf8f1", stroke="none")
    svg.text(4, 6, f"{palette.title} palette ({palette.source})", size=3.6, anchor="start", bold=True)
    svg.text(4, 16, "meaning", size=3, anchor="start", bold=True)
    svg.text(48, 16, "letter", size=3, bold=True)
    svg.text(70, 16, "blink code", size=3, bold=True)
    for column, vision in enumerate(VISIONS):
        svg.text(left + 13 + column * 26, 16, VISION_TITLES[vision], size=2.6, bold=True)
    for row, meaning in enumerate(meanings):
        y = 24 + row * _ROW
        if row % 2:
            svg.rect(0, y - _ROW / 2, width, _ROW, fill="#f1ebdd", stroke="none")
        svg.text(4, y, meaning.name, size=3, anchor="start")
        svg.text(48, y, meaning.letter, size=3.2, bold=True)
        svg.text(70, y, meaning.pattern.name, size=2.8)
        for column, vision in enumerate(VISIONS):
            _led(svg, left + 13 + column * 26, y, simulate(palette[meaning.name], vision), meaning)
    return svg.render(scale=4)


def _led(svg: Svg, cx: float, cy: float, colour: Colour, meaning: Meaning) -> None:
    svg.circle(cx, cy, _LED, fill=hex_colour(colour), stroke="#333", stroke_width=0.3)
    size = 2.8 if len(meaning.glyph) == 1 else 2.2
    svg.text(cx, cy, meaning.glyph, size=size, fill=_ink(colour), bold=True)


def draw_blink_codes() -> str:
    """Each blink code over one second: its sixteen slots of 62.5 ms, lit or dark (or how bright)."""
    width, left, slot = 176.0, 40.0, 8.0
    height = 14 + 9 * len(PATTERNS) + 10
    svg = Svg(width, height, "The blink codes")
    svg.rect(0, 0, width, height, fill="#fbf8f1", stroke="none")
    svg.text(4, 6, "The blink codes over one second (sixteen slots of 62.5 ms)", size=3.6, anchor="start",
             bold=True)
    for row, pattern in enumerate(PATTERNS):
        y = 16 + row * 9
        svg.text(4, y, f"{pattern.mode} {pattern.name}", size=3, anchor="start")
        for index, level in enumerate(pattern.levels()):
            share = 0.25 + 0.75 * level / 255
            lit = (round(255 * share), round(255 * share), round(60 * share)) if level else (60, 60, 60)
            svg.rect(left + index * slot, y - 3, slot - 0.6, 6, fill=hex_colour(lit), stroke="none", rx=0.8)
    svg.text(4, height - 4, "Each row is one second; the firmware runs the codes itself.", size=2.8,
             anchor="start")
    return svg.render(scale=4)


OPENING_THROW = (6, 4)
LIFTED_POINT = 13
"""The board pictures: Black's opening 6-4, a man lifted from his 13-point."""


def opening_lift() -> tuple[dict[str, Meaning], dict[str, Meaning]]:
    """The lights of a man lifted from Black's 13-point at the opening 6-4: as legal destinations,
    and with their quality as the teacher grades them (GNU Backgammon's evaluator)."""
    from tablier.engines import tables_engine
    from tablier.engines.judge import teacher_level
    from tablier.engines.quality import bands_for, grade
    from tablier.tables.catalog import make_variant
    from tablier.tables.moves import Dice

    from .observation import PLACE_INDEX, TABLES_PLACES, visible
    from .orientation import Orientation
    from .quality_lights import TablesQuality
    from .tables_inference import HIT as LANDS_HITTING
    from .tables_inference import MOVE, TurnInference

    variant = make_variant("backgammon")
    position = variant.start_position()
    dice = Dice(*OPENING_THROW)
    orientation = Orientation(variant)
    inference = TurnInference(variant, position, dice, orientation, 6)
    counts = list(visible(orientation.counts(position), 6))
    lifted = PLACE_INDEX["point", LIFTED_POINT]
    counts[lifted] -= 1
    reading = inference.read(tuple(counts), lifted_hint=lifted)
    kinds = {MOVE: DESTINATION, LANDS_HITTING: HIT}
    plain = {" ".join(map(str, TABLES_PLACES[index])): kinds.get(kind, BEAR_OFF)
             for index, kind in reading.destinations.items()}
    ranking = tables_engine(variant).rank(position, dice, teacher_level(variant.name))
    quality = TablesQuality(inference, grade(ranking, bands_for(variant.name)))
    banded = {" ".join(map(str, TABLES_PLACES[index])): QUALITY[band]
              for index, band in quality.destinations(reading).items()}
    return plain, banded


def board_lights(palette: Palette, lights: dict[str, Meaning], caption: str) -> str:
    """The tables board at the opening, a man lifted from Black's 13-point, with ``lights`` (place
    name -> meaning) in ``palette``."""
    from tablier.record.svg_diagram import TablesPicture, draw_tables
    from tablier.tables.catalog import make_variant
    from tablier.tables.position import BLACK

    variant = make_variant("backgammon")
    position = variant.start_position(BLACK)
    black, white = position.boards
    points: dict[int, tuple[int, int | None]] = {
        point: (black[point], 0) if black[point] else (white[variant.opposite(point)], 1)
        for point in range(1, 25)}
    points[LIFTED_POINT] = (black[LIFTED_POINT] - 1, 0)  # the man in hand
    picture = TablesPicture(points, dice=OPENING_THROW, caption=caption,
                            lights={place: hex_colour(palette[m.name]) for place, m in lights.items()},
                            marks={f"point {LIFTED_POINT}": "lifted"})
    return draw_tables(picture)


def pictures(with_board: bool = True) -> dict[str, str]:
    """Every picture by file name, as SVG text (``with_board``: also the board lit in each palette,
    which asks GNU Backgammon's evaluator for the quality)."""
    drawn = {f"palette-{palette.name}.svg": draw_palette(palette) for palette in PALETTES}
    drawn["blink-codes.svg"] = draw_blink_codes()
    if with_board:
        plain, banded = opening_lift()
        for palette in PALETTES:
            throw = "-".join(map(str, OPENING_THROW))
            drawn[f"lifted-{palette.name}.svg"] = board_lights(
                palette, plain, f"{throw}: a man lifted from the 13-point ({palette.title} palette)")
            drawn[f"quality-{palette.name}.svg"] = board_lights(
                palette, banded, f"{throw}: the same man, with quality ({palette.title} palette)")
    return drawn


def vocabulary_table() -> str:
    """The vocabulary as a Markdown table (``docs/leds.md``): each meaning's letter, glyph, blink
    code, colour in each palette and what it says."""
    head = ["meaning", "letter", "glyph", "blink code", *(palette.title for palette in PALETTES), "says"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for meaning in VOCABULARY:
        colours = [f"`{hex_colour(palette[meaning.name])}`" for palette in PALETTES]
        code = meaning.pattern.name + (" (dim)" if meaning.dim else "")
        cells = [f"`{meaning.name}`", f"`{meaning.letter}`", meaning.glyph, code, *colours, meaning.says]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def write_pictures(drawn: dict[str, str], out_dir: Path, png: bool = False) -> list[Path]:
    """Write the pictures (and their PNG renderings if asked: ``RecordError`` saying what to install
    when ``rsvg-convert`` is missing) into ``out_dir``; their paths."""
    from tablier.record.svg_diagram import svg_to_png

    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in drawn.items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
        if png:
            png_path = path.with_suffix(".png")
            png_path.write_bytes(svg_to_png(text))
            written.append(png_path)
    return written
