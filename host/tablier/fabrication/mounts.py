"""Every LED of the chain on a real part in a real pocket: the mounts check of ``tablier hardware check``.

The layout's LEDs are of three mounts:

- a point's, the bar's, a tray's or a square's LED: an LED module (``hardware/pcb/led-module``) in its
  13 mm LED pocket, under its light window;
- a die's pip: an LED of the die's board (``hardware/pcb/die-board``: seven WS2812B-2020 on a grid) in
  the die's pocket, under the pip's window: the windows are cut from ``[mechanics.dice]``, the board is
  drawn for its own grid, and the two must agree;
- a status light: an LED module in a deep pocket from the tables face at the inner end of its light pipe
  (a 5 mm rod in the edge, its end cut at 45 degrees over the LED), so the pipe must lie over the LED.

:func:`mount_problems` names every LED without its mount, one sentence each; :func:`hatch_problems`
every screw of the service hatch (over the main board's pocket) that is not in the rim it rests on;
:func:`window_problems` a way of drilling the light windows that would reach the LEDs under them (they lie
a fraction of a millimetre under the skin: :func:`led_depths`).
"""

from __future__ import annotations

import math

from tablier.fabrication.cutout import Cutout, plan_gap
from tablier.fabrication.heights import footprint_heights
from tablier.fabrication.pcb_layouts import DIE_BOARD_MM, DIE_PIP_PITCH, die_pip
from tablier.hardware.layout import Layout

#: How far off its window a pip's LED may be (its light is 2 mm across, its window 4 mm).
WINDOW_TOLERANCE_MM = 0.5
#: The LED module's LED top over its pocket's floor: its wire joints, its 1.6 mm board, its 1.6 mm WS2812B
#: (``hardware/kicad/footprints.csv``).
LED_MODULE_STACK_MM = 0.5 + 1.6 + 1.6


def mount_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """The LEDs that have no mount, or whose mount does not put them under their window or light pipe."""
    by_name = {item.name: item for item in items}
    problems = []
    for led in sorted(layout.leds, key=lambda led: led.index):
        if led.kind == "die":
            assert led.pip is not None
            problems += _pip_problems(layout, by_name, led.target, led.pip)
            continue
        pocket = by_name.get(f"tables led {led.place}") or by_name.get(f"draughts led {led.place}")
        if pocket is None:
            problems.append(f"LED {led.index} ({led.place}) has no mount: no LED pocket for its module")
        elif led.kind == "status":
            problems += _pipe_problems(layout, by_name, pocket, led.target)
    return problems


def hatch_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """The hatch's screws that miss its rim: each must pass through the hatch and into the wood around
    the main board's pocket, the web clear of it."""
    hatch = next((item for item in items if item.kind == "hatch"), None)
    pocket = next((item for item in items if item.kind == "main board"), None)
    if hatch is None or pocket is None:
        return []
    problems = []
    for screw in (item for item in items if item.kind == "hatch screw"):
        x0, y0, x1, y1 = screw.box
        hx0, hy0, hx1, hy1 = hatch.box
        under = hx0 <= x0 and hy0 <= y0 and x1 <= hx1 and y1 <= hy1
        gap = plan_gap(screw, pocket)
        if not under or gap < layout.mechanics.min_web:
            where = "outside the hatch" if not under else f"{max(gap, 0):.1f} mm from the pocket"
            problems.append(f"{screw.name} (X {screw.x:.1f}, Y {screw.y:.1f}) misses the hatch's rim: "
                            f"{where} (mechanics.main_board.hatch_screws_mm)")
    return problems


def _pip_problems(layout: Layout, by_name: dict[str, Cutout], die: int, pip: int) -> list[str]:
    where = f"die {die} pip {pip}"
    pocket = by_name.get(f"tables die board die {die}")
    window = by_name.get(f"tables pip window {where}")
    if pocket is None or window is None:
        what = "no die board pocket" if pocket is None else "no window"
        return [f"{where} has no mount: {what} (a die's pips are the LEDs of its die board)"]
    x, y = die_pip(pip)  # the board lies centred in its pocket, its own X along the face's X
    led = (pocket.x - DIE_BOARD_MM / 2 + x, pocket.y - DIE_BOARD_MM / 2 + y)
    off = math.hypot(led[0] - window.x, led[1] - window.y)
    if off <= WINDOW_TOLERANCE_MM:
        return []
    return [f"{where}: no LED under its window (X {window.x:.1f}, Y {window.y:.1f}): the die board's is "
            f"{off:.1f} mm away (the board is drawn for pips {DIE_PIP_PITCH:g} mm apart, the windows are "
            f"{layout.mechanics.pip_pitch:g} mm apart)"]


def _pipe_problems(layout: Layout, by_name: dict[str, Cutout], pocket: Cutout, player: int) -> list[str]:
    m = layout.mechanics
    pipe = by_name.get(f"edge status player {player}")
    if pipe is None:
        return [f"status {player}'s LED has no light pipe to the edge"]
    x0, y0, x1, y1 = pipe.box
    reaches = x0 <= pocket.x <= x1 and y0 <= pocket.y <= y1
    led_top = pocket.depth - LED_MODULE_STACK_MM  # from the tables face
    if not reaches:
        return [f"status {player}'s light pipe (its hole {pipe.depth:g} mm into the edge) does not reach "
                f"over its LED (X {pocket.x:.1f}, Y {pocket.y:.1f})"]
    if pipe.z_bottom > led_top + 1e-9 or pipe.z_bottom < led_top - 1.0:
        return [f"status {player}'s light pipe's underside is {pipe.z_bottom:g} mm under the tables face, "
                f"its LED's top {led_top:g} mm: the pipe's 45 degree end must lie just over the LED (within "
                "1 mm)"]
    if pipe.z_top < m.skin:
        return [f"status {player}'s light pipe ({pipe.z_top:g} mm under the tables face) cuts into the skin"]
    return []


#: The boards under the light windows and the references of their LEDs (``D1``, ``D1`` ... ``D7``).
WINDOW_BOARDS = ("led-module", "die-board")


def led_depths(layout: Layout, items: list[Cutout]) -> dict[str, float]:
    """How deep under the skin the top of each windowed board's LEDs lies (mm): its cut's room under the
    skin less what stands under the board, the board and the LED."""
    from tablier.fabrication.pockets import recesses, stack_of
    from tablier.fabrication.wire_exits import wires_under

    heights = footprint_heights()
    under = wires_under(layout, items)
    depths = {}
    for recess in recesses(layout, items):
        pcb = recess.pcb
        if pcb.name not in WINDOW_BOARDS:
            continue
        wires = under[pcb.name].diameter if pcb.name in under else 0.0
        stack = stack_of(pcb, layout.mechanics.pin_joint, heights, wires)
        led = max(heights[part.lib_id].mm for ref, part in pcb.parts.items() if ref.startswith("D"))
        depths[pcb.name] = round(recess.room - stack.under - stack.wires - pcb.thickness - led, 3)
    return depths


def window_problems(layout: Layout, items: list[Cutout]) -> list[str]:
    """A way of drilling the light windows and the pips' windows that reaches the LEDs under them: a
    pointed bit through the glued skin, or a flat-bottom bit whose depth stop lets it pass the skin by as
    much as the LEDs lie under it. Drilled through the loose skin before gluing, nothing is reached. And
    window rods too short for the thickest skin (pressed in flush with its underside, they must reach the
    face)."""
    m = layout.mechanics
    thickest = max(m.skin, m.skin_range[1])
    found = [] if m.window_rod >= thickest else [
        f"the light windows' opal rods are {m.window_rod:g} mm long, shorter than a {thickest:g} mm skin: "
        "pressed in flush with its underside (anything further in meets the LEDs under it), they would leave "
        "a hollow in the face; buy them at least as long as the thickest skin (mechanics.windows.rod_mm)"]
    if m.windows_drilled == "before gluing":
        return found
    depths = led_depths(layout, items)
    where = ", ".join(f"the {name.replace('-', ' ')}'s {depth:g} mm"
                      for name, depth in sorted(depths.items()))
    if m.windows_drilled == "brad-point bit":
        return [*found, "the light windows drilled with a brad-point bit through the glued skin: its "
                f"centre point and spurs reach past the skin, into the LEDs under it ({where} under the "
                "skin); drill them through the loose skin before gluing, or with a flat-bottom bit and a "
                "depth stop (mechanics.windows.drilled)"]
    return found + [f"the {name.replace('-', ' ')}'s LEDs lie {depth:g} mm under the skin: a flat-bottom "
                    f"bit whose depth stop lets it pass the skin by {m.depth_stop:g} mm reaches them; drill "
                    "the windows before gluing (mechanics.windows)"
                    for name, depth in sorted(depths.items()) if m.depth_stop >= depth]
