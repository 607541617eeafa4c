"""SVG diagrams, PNG through rsvg-convert, and the self-contained HTML replay."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from record_factory import DRAUGHTS_GAMES, TABLES_GAMES, draughts_record, tables_record

from tablier.draughts.core import Board
from tablier.record.exporting import export_record, final_svg
from tablier.record.game_record import RecordError
from tablier.record.html_replay import write_html
from tablier.record.svg_diagram import draughts_svg, svg_to_png, tables_svg
from tablier.tables import Backgammon
from tablier.tables.position import Position, side_board

SVG = "{http://www.w3.org/2000/svg}"


def _circles(svg: str) -> int:
    return len(ET.fromstring(svg).findall(f"{SVG}circle"))


def test_the_start_of_backgammon_shows_thirty_men_and_numbered_points() -> None:
    svg = tables_svg(Backgammon().start_position(), Backgammon())
    assert _circles(svg) == 30
    texts = [element.text for element in ET.fromstring(svg).iter(f"{SVG}text")]
    assert all(str(point) in texts for point in range(1, 25))


def test_tall_stacks_bar_trays_and_dice() -> None:
    black = side_board({6: 9}, bar=2)        # 9 on a point, 2 on the bar, 4 borne off
    white = side_board({1: 15})
    svg = tables_svg(Position((black, white)), Backgammon(), dice=(6, 6))
    texts = [element.text for element in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "9" in texts and "15" in texts and "4" in texts and texts.count("6") >= 3


def test_a_draughts_board_with_kings_and_lit_squares() -> None:
    svg = draughts_svg(Board("W:W18,K22:B5,K6"), lit={22, 18})
    root = ET.fromstring(svg)
    assert _circles(svg) == 4 + 2  # four pieces, two king rings
    assert sum(1 for element in root.iter(f"{SVG}text") if element.text == "K") == 2
    assert len(re.findall("#f5b82e", svg)) == 2


@pytest.mark.parametrize("game", TABLES_GAMES + DRAUGHTS_GAMES)
def test_every_game_exports_svg_pictures_and_html(game: str) -> None:
    record = tables_record(game, 3) if game in TABLES_GAMES else draughts_record(game, 3)
    [(suffix, content)] = export_record(record, "svg")
    assert suffix == "game1.svg"
    ET.fromstring(content.decode())
    html = write_html(record)
    assert html.count("class=frame") == len(record.games[0].actions) + 1


def test_html_needs_no_network() -> None:
    html = write_html(tables_record("backgammon", 1, games=2))
    assert not re.search(r"(src|href)\s*=", html)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html)
    assert "<select" in html and "ArrowRight" in html


def test_a_position_within_a_game_and_bad_requests() -> None:
    record = tables_record("backgammon", 1)
    assert "after 3." in final_svg(record, 1, move=3)
    assert "start" in final_svg(record, 1, move=0)
    with pytest.raises(RecordError, match="no game 2"):
        final_svg(record, 2)
    with pytest.raises(RecordError, match="moves, not 999"):
        final_svg(record, 1, move=999)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_png() -> None:
    png = svg_to_png(tables_svg(Backgammon().start_position(), Backgammon()))
    assert png.startswith(b"\x89PNG")


def test_png_without_rsvg_convert_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(RecordError, match="apt-get install librsvg2-bin"):
        svg_to_png("<svg/>")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_replay_script_is_valid_javascript(tmp_path: Path) -> None:
    import subprocess

    html = write_html(draughts_record("english", 1))
    script = re.search(r"<script>(.*?)</script>", html, re.DOTALL)
    assert script is not None
    path = tmp_path / "replay.js"
    path.write_text(script.group(1))
    done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


_DOM_STUB = """
function el(data) { const c = new Set(); return {dataset: data || {}, textContent: '',
  classList: {toggle: (n, on) => on ? c.add(n) : c.delete(n), has: n => c.has(n)},
  scrollIntoView: () => {}}; }
const frames = [el({caption: 'start'}), el({caption: '1. a'}), el({caption: '2. b'})];
const items = frames.map(() => el()), caption = el(), section = el();
section.querySelectorAll = s => s === '.frame' ? frames : items;
section.querySelector = () => caption;
const listeners = {};
global.document = {querySelectorAll: () => [section], addEventListener: (k, f) => listeners[k] = f};
"""
_DOM_CHECK = """
listeners.DOMContentLoaded();
step(1); step(1); step(1);
const on = frames.map(f => f.classList.has('on'));
listeners.keydown({key: 'ArrowLeft'});
console.log(JSON.stringify([on, caption.textContent, frames[1].classList.has('on')]));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_replay_script_steps_through_the_frames(tmp_path: Path) -> None:
    import json
    import subprocess

    html = write_html(draughts_record("english", 1))
    script = re.search(r"<script>(.*?)</script>", html, re.DOTALL)
    assert script is not None
    path = tmp_path / "run.js"
    path.write_text(_DOM_STUB + script.group(1) + _DOM_CHECK)
    done = subprocess.run(["node", str(path)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    on, caption, back = json.loads(done.stdout)
    assert on == [False, False, True]  # stopped at the last frame
    assert back and caption == "1. a"  # the left arrow stepped back


def test_the_cube_shows_the_value_the_words_say() -> None:
    """A cube in the middle at 1 reads 1 (the words beside it say "Cube: 1"), not a real cube's 64."""
    def texts(cube: tuple[int, int] | None) -> list[str | None]:
        svg = tables_svg(Backgammon().start_position(), Backgammon(), cube=cube)
        return [element.text for element in ET.fromstring(svg).iter(f"{SVG}text")]

    without = texts(None)
    for cube, shown in (((1, 0), "1"), ((4, 2), "4"), ((64, 1), "64")):
        drawn = texts(cube)
        assert drawn.count(shown) == without.count(shown) + 1, cube
        assert ("64" in drawn) == (shown == "64"), cube
