"""The slab's wiring: the committed plan of channels and passages, its check, and the harnesses' lengths."""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.fabrication import wire_router
from tablier.fabrication.bom import read_bom, wire_metres
from tablier.fabrication.check import find_problems
from tablier.fabrication.cutouts import cutouts
from tablier.fabrication.templates import template_files
from tablier.fabrication.wire_router import NoWay, WireRouter
from tablier.fabrication.wiring import (
    END_SLACK_MM,
    WIRING_FILE,
    groove_end_problems,
    harness_csv,
    harnesses,
    plan_path,
    read_plan,
    route_wiring,
)
from tablier.fabrication.wiring_check import wiring_problems
from tablier.hardware.layout import load_layout, read_layout

Writer = Callable[[str], Path]


def test_every_harness_of_the_layout_has_its_channels_and_they_fit() -> None:
    layout = load_layout()
    items = cutouts(layout)
    plan = read_plan(plan_path(layout))
    wanted = harnesses(layout, items)
    kinds = Counter(h.name.split(" ")[-1] if h.name.endswith(("sensors", "lead")) else h.name.split(",")[0]
                    .split(" to ")[0] for h in wanted)
    # a harness from each of the 36 carriers and 2 buttons; the bus from the main board along the five
    # chain boards; the LED chain from mount to mount (76 LEDs on 64: a die board takes its seven pips);
    # the power pair; the USB cable
    assert kinds == {"sensors": 36, "lead": 2, "chain bus": 5, "LED chain": 64, "LED power": 1,
                     "USB cable": 1}
    assert {s.harness for s in plan} == {h.name for h in wanted}
    assert wiring_problems(layout, items, plan) == []


def test_a_harness_is_cut_to_its_channels_its_passages_and_its_ends() -> None:
    layout = load_layout()
    items = cutouts(layout)
    plan = read_plan(plan_path(layout))
    rows = {r["harness"]: r for r in csv.DictReader(io.StringIO(harness_csv(layout, items, plan)))}
    row = rows["point 1 sensors"]
    assert (row["wire"], row["strands"], row["from"], row["to"]) == (
        "30 AWG wire-wrap wire", "8", "tables groove point 1", "tables plug notch chain board 1 J3")
    mine = [s for s in plan if s.harness == "point 1 sensors"]
    through = sum(layout.mechanics.core if s.face == "passage" else s.length for s in mine)
    assert int(row["cut_length_mm"]) == math.ceil((through + 2 * END_SLACK_MM) / 10) * 10
    assert template_files(layout)["harness.csv"] == harness_csv(layout, items, plan)


def test_the_bom_buys_the_wire_the_harnesses_take() -> None:
    metres = wire_metres(load_layout())
    assert set(metres) == {"30 AWG wire-wrap wire", "28 AWG hook-up wire", "26 AWG hook-up wire",
                           "24 AWG hook-up wire"}
    bom = {line.part.split(",")[0]: line for line in read_bom()}
    for wire, needed in metres.items():
        assert bom[wire].quantity == needed and "metre" in bom[wire].package


def _replace_harness(plan_file: Path, name: str, rows: list[str]) -> None:
    """Put the rows of a hand-edited route in place of a harness's in a wiring plan file."""
    lines = plan_file.read_text(encoding="utf-8").splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith(f"{name},"))
    kept = [line for line in lines if not line.startswith(f"{name},")]
    plan_file.write_text("\n".join([*kept[:at], *rows, *kept[at:]]) + "\n", encoding="utf-8")


def test_hardware_check_refuses_a_channel_through_a_pocket(write_layout: Writer, board_text: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A hand-routed channel for point 13 (chain board 2) straight through chain board 1's pocket."""
    path = write_layout(board_text)
    layout = load_layout()
    start = next(h.leg() for h in harnesses(layout, cutouts(layout)) if h.name == "point 13 sensors").start
    _replace_harness(path.parent / WIRING_FILE, "point 13 sensors", [
        f"point 13 sensors,tables,{start[1]:g},{start[2]:g},{start[1]:g},300",
        f"point 13 sensors,tables,{start[1]:g},300,330,300", "point 13 sensors,tables,330,300,330,200"])
    assert main(["hardware", "check", "--layout", str(path)]) == 1
    err = capsys.readouterr().err
    assert ("the channel of the point 13 sensors (X 330.0, Y 250.0) runs into tables chain board 1: 0.0 mm "
            "of wood between them and 0.0 mm in depth (at least 2 mm)") in err
    assert "the channel of the point 13 sensors no longer reaches its ends" in err


def test_hardware_check_refuses_a_pocket_moved_onto_the_channels(write_layout: Writer, board_text: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    moved = board_text.replace("x_mm = 259 ", "x_mm = 270 ")
    assert moved != board_text
    assert main(["hardware", "check", "--layout", str(write_layout(moved))]) == 1
    err = capsys.readouterr().err
    assert "the channel of the point 19 sensors (X 285.0, Y 285.5) runs into tables die board die 2" in err
    assert "route the wiring again: tablier hardware wiring --out" in err


def test_a_channel_fuller_than_it_takes_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire_router, "FILL", 0.2)  # a channel that takes a third of the wire it does
    layout = load_layout()
    problems = wiring_problems(layout, cutouts(layout))
    assert len(problems) == 1 and "mm2 of wire, more than its 5.5 mm2" in problems[0], problems


def test_a_missing_plan_is_named(write_layout: Writer, board_text: str) -> None:
    path = write_layout(board_text)
    (path.parent / WIRING_FILE).unlink()
    from tablier.hardware.layout import read_layout

    assert wiring_problems(read_layout(path), cutouts(read_layout(path))) == [
        f"{path.parent / WIRING_FILE}: cannot read the wiring plan (No such file or directory)"]


def test_the_router_keeps_a_harness_off_every_cut_but_its_ends() -> None:
    layout = load_layout()
    items = cutouts(layout)
    harness = next(h for h in harnesses(layout, items) if h.name == "point 6 sensors")
    router = WireRouter(layout.mechanics, items)
    cells = router.route(harness.leg(), ("tables",), ("tables",))
    assert cells[0][1:] == (round(harness.leg().start[1]), round(harness.leg().start[2]))
    assert cells[-1][1:] == (round(harness.leg().end[1]), round(harness.leg().end[2]))
    ends = {harness.leg().start[0], harness.leg().end[0]}
    assert all(router.blocked["tables"].get(cell[1:], frozenset()) <= ends for cell in cells)


def test_every_carriers_harness_has_a_channels_width_to_leave_its_groove() -> None:
    """The default option's ladders end 11.5 mm short of the middle band's pockets: room for a 5 mm channel
    and 2 mm of wood either side of it."""
    layout = load_layout()
    assert groove_end_problems(layout, cutouts(layout)) == []


#: The reed option's ladders (188 mm grooves: a pair of reeds and their pads reach 11 mm past each end slot)
#: end 5.5 mm from the chain boards' and the die boards' pockets, where 9 mm is needed.
BLOCKED = ("tables groove point 2 ends 5.5 mm from tables chain board 5 where its carrier's harness leaves "
           "it (X 438.0, Y 216.5): the channel it leaves through needs 9 mm there (a 5 mm bit and 2 mm of "
           "wood either side); shorten the carrier or move what is in front of it")


def test_hardware_check_refuses_the_reed_ladders_that_leave_their_harnesses_no_way_out(
        write_layout: Writer, board_text: str) -> None:
    """The reed option's slab: the check says which grooves and how far short, and compares no plan."""
    layout = read_layout(write_layout(board_text.replace('kind = "hall"   ', 'kind = "reed"   ')))
    problems = find_problems(layout, stock=False)
    assert problems[0] == BLOCKED
    assert len(problems) == 24  # 22 points' ladders and the bar's two: points 1 and 24 and the trays face
    assert all(" ends 5.5 mm from tables " in p and "needs 9 mm there" in p for p in problems)  # no pocket
    assert sum("die board" in p for p in problems) == 2 and not any("route the wiring again" in p
                                                                     for p in problems)


def test_routing_the_reed_ladders_stops_at_once_and_says_why(write_layout: Writer, board_text: str) -> None:
    layout = read_layout(write_layout(board_text.replace('kind = "hall"   ', 'kind = "reed"   ')))
    with pytest.raises(NoWay) as refused:
        route_wiring(layout, cutouts(layout))
    assert str(refused.value) == f"{BLOCKED} (and 23 more: tablier hardware check lists them)"


@pytest.mark.full
def test_the_committed_plan_is_what_the_router_finds(tmp_path: Path) -> None:
    """Routing takes minutes: `make test-full` routes the whole slab again, through the command."""
    layout = load_layout()
    assert main(["hardware", "wiring", "--out", str(tmp_path)]) == 0
    assert (tmp_path / WIRING_FILE).read_text(encoding="utf-8") == plan_path(layout).read_text(
        encoding="utf-8"), "hardware/wiring.csv is stale: run `tablier hardware wiring`"
