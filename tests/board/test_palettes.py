"""The palettes and the second signal: colour-blind safe colours (checked under simulated colour
vision deficiency), a blink code for every meaning, a letter and a glyph, and their pictures."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tablier.board.colour_vision import DEFICIENCIES, DISTINCT, ciede2000, difference, simulate
from tablier.board.led_pictures import pictures, vocabulary_table
from tablier.board.leds import (
    DESTINATION,
    HIT,
    PATTERNS,
    PUT_HERE,
    QUALITY,
    VOCABULARY,
    LedPlan,
)
from tablier.board.palettes import (
    CLASSIC,
    COLOUR_BLIND_SAFE,
    OKABE_ITO,
    PALETTES,
    SCENES,
    STATUS_LIGHT,
    TOL,
    Palette,
    find_palette,
)
from tablier.cli import main
from tablier.engines.profiles import BANDS
from tablier.hardware.layout import load_layout
from tablier.link import wire

DOCS = Path(__file__).resolve().parents[2] / "docs"
MEANINGS = {meaning.name: meaning for meaning in VOCABULARY}
SHARING = {frozenset({"pinned", "mother"})}
"""Two reminders that share a code: the men show which (a man under another, or alone at home)."""


def test_every_palette_colours_every_meaning_and_is_found_by_name() -> None:
    for palette in PALETTES:
        assert set(palette) == set(MEANINGS), palette.name
    assert find_palette(" Okabe-Ito ") is OKABE_ITO and find_palette("tol") is TOL
    with pytest.raises(ValueError, match="palettes: classic, okabe-ito, tol"):
        find_palette("rainbow")
    assert all(CLASSIC[m.name] == m.colour for m in VOCABULARY)  # the board's colours as they were


@pytest.mark.parametrize("palette", COLOUR_BLIND_SAFE, ids=lambda palette: palette.name)
def test_colour_blind_safe_palettes_keep_lights_lit_together_apart_in_every_vision(palette: Palette) -> None:
    assert palette in PALETTES
    closest = min((difference(palette[a], palette[b], vision), scene, vision or "normal", a, b)
                  for scene, names in SCENES.items() for a, b in itertools.combinations(names, 2)
                  for vision in (None, *DEFICIENCIES))
    assert closest[0] >= DISTINCT, closest


def test_the_classic_palette_is_not_safe_for_red_green_colour_blindness() -> None:
    """Why the others exist: under deuteranopia the classic destination and hit look alike, and so do
    the best and the very bad quality lights."""
    assert difference(CLASSIC["destination"], CLASSIC["hit"], "deuteranopia") < 5
    assert difference(CLASSIC["best"], CLASSIC["very-bad"], "deuteranopia") < 5
    assert difference(CLASSIC["best"], CLASSIC["very-bad"]) > 30  # plain to normal vision


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_no_two_lights_lit_together_share_a_blink_code(scene: str) -> None:
    """Colour is never the only signal (WCAG 1.4.1): the blink code tells them apart too."""
    names = SCENES[scene]
    shared = [(a, b) for a, b in itertools.combinations(names, 2)
              if MEANINGS[a].mode == MEANINGS[b].mode and frozenset({a, b}) not in SHARING]
    assert shared == []


def test_a_status_light_tells_its_states_apart_by_their_codes_and_every_meaning_has_its_letter() -> None:
    assert len({MEANINGS[name].mode for name in STATUS_LIGHT}) == len(STATUS_LIGHT)
    assert len({m.letter for m in VOCABULARY}) == len(VOCABULARY)
    assert len({m.glyph for m in VOCABULARY}) == len(VOCABULARY)
    assert all(len(m.letter) == 1 for m in VOCABULARY)
    assert set(QUALITY) == set(BANDS)  # a light for each quality band
    assert [QUALITY[band].glyph for band in BANDS] == ["✓", "?!", "?", "??"]  # GNU Backgammon's marks


def test_the_calmer_the_light_the_better_the_play() -> None:
    patterns = [QUALITY[band].pattern for band in BANDS]
    assert [pattern.name for pattern in patterns] == ["steady", "pulse", "double flash", "fast blink"]
    switches = [sum((levels[n] == 0) != (levels[n - 1] == 0) for n in range(len(levels)))
                for levels in (pattern.levels() for pattern in patterns)]  # on-off changes a second
    assert switches == [0, 0, 4, 8]


def test_the_plan_sends_the_palettes_colours_and_falls_back_to_codes_the_firmware_knows() -> None:
    layout = load_layout()
    plan = LedPlan(layout, OKABE_ITO).place(("point", 7), DESTINATION).place(("point", 5), HIT)
    plan.place(("point", 3), PUT_HERE).quality(("point", 9), "doubtful")
    old = {colour: mode for _, colour, mode in plan.wishes(modes=3)}
    assert all(mode < 3 for mode in old.values())
    new = plan.wishes(modes=len(PATTERNS))
    assert {mode for _, _, mode in new} == {wire.STEADY, wire.DOUBLE_FLASH, wire.PULSE}
    assert {colour for _, colour, _ in new} == {OKABE_ITO["destination"], OKABE_ITO["hit"],
                                                 OKABE_ITO["put-here"]}  # doubtful is put-here's sky blue
    assert plan.wishes() == new  # by default, every code the wire has
    classic = LedPlan(layout).place(("point", 7), DESTINATION).wishes()
    assert [colour for _, colour, _ in classic] == [DESTINATION.colour]
    assert LedPlan(layout, OKABE_ITO).quality(("point", 2), "very bad").meanings() == {"point 2": "very-bad"}


def test_each_code_is_a_second_of_sixteen_slots_and_the_first_three_are_todays_blinks() -> None:
    assert [pattern.mode for pattern in PATTERNS] == list(range(len(PATTERNS)))
    for pattern in PATTERNS:
        assert len(pattern.levels()) == wire.PATTERN_SLOTS and max(pattern.levels()) == 255
    slow, fast = PATTERNS[wire.SLOW_BLINK], PATTERNS[wire.FAST_BLINK]
    half = wire.SLOW_HALF_PERIOD_MS * wire.PATTERN_SLOTS // 1000
    assert slow.levels() == (255,) * half + (0,) * half  # the firmware's slow blink: lit the first half
    quarter = wire.FAST_HALF_PERIOD_MS * wire.PATTERN_SLOTS // 1000
    assert fast.levels()[:2 * quarter] == (255,) * quarter + (0,) * quarter
    assert min(PATTERNS[wire.PULSE].levels()) > 0  # a pulse never goes dark
    for pattern in PATTERNS:  # one source: the wire's table, the one the firmware runs
        assert pattern.mask == wire.MODE_MASKS[pattern.mode]
    assert PATTERNS[wire.PULSE].levels() == wire.PULSE_LEVELS
    assert len(PATTERNS) == wire.MODE_COUNT


def test_every_meaning_legacy_code_is_one_todays_firmware_knows() -> None:
    assert all(meaning.legacy < 3 for meaning in VOCABULARY)
    assert all(meaning.legacy == meaning.mode for meaning in VOCABULARY if meaning.mode < 3)


def test_the_colour_difference_is_ciede2000_and_the_simulation_keeps_greys() -> None:
    # Sharma, Wu and Dalal's test data (pairs 1, 7 and 17)
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
        assert all(max(abs(a - b) for a, b in zip(simulate(grey, vision), grey, strict=True)) <= 1
                   for vision in DEFICIENCIES)
    red_green = difference((220, 0, 0), (0, 160, 0))
    assert difference((220, 0, 0), (0, 160, 0), "deuteranopia") < red_green / 3


def test_the_docs_show_the_vocabulary_and_the_pictures_the_program_draws() -> None:
    text = (DOCS / "leds.md").read_text(encoding="utf-8")
    assert vocabulary_table() in text
    drawn = pictures(with_board=False)
    for name, svg in drawn.items():
        committed = DOCS / "leds" / name
        assert committed.read_text(encoding="utf-8") == svg, f"docs/leds/{name} is stale: run " \
            "`tablier leds --draw docs/leds --png`"
        assert committed.with_suffix(".png").is_file()


def test_the_board_pictures_of_the_docs_are_the_programs() -> None:
    pytest.importorskip("gnubg")
    for name, svg in pictures().items():
        assert (DOCS / "leds" / name).read_text(encoding="utf-8") == svg, name


def test_tablier_leds_prints_the_palette_and_refuses_an_unknown_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["leds", "--palette", "tol"]) == 0
    out = capsys.readouterr().out
    assert "Paul Tol palette" in out and "colour-blind safe" in out and "double flash" in out
    assert main(["leds", "--palette", "sepia"]) == 2
    assert "no palette 'sepia'" in capsys.readouterr().err
