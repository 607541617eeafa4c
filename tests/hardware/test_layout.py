"""The layout file: its places, its accessors and its hash."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from tablier.hardware.layout import DEFAULT_LAYOUT_PATH, LayoutError, layout_hash, load_layout


def test_the_committed_layout_loads_with_every_place() -> None:
    layout = load_layout()
    assert layout.switch_count == 24 * 6 + 2 * 6 + 2 * 6 + 32 + 2 + 1
    assert layout.sr_bytes * 8 >= layout.switch_count
    assert len(layout.switches_of("point", 7)) == layout.ladders["point"]
    assert [s.slot for s in layout.switches_of("point", 7)] == [1, 2, 3, 4, 5, 6]
    assert len(layout.switches_of("square")) == 32
    assert layout.switch_at("button", 2).kind == "button"
    assert layout.led_for("square", 32).index == layout.led_count - 1


def test_a_switch_knows_its_chip_and_input() -> None:
    layout = load_layout()
    first = layout.switch(0)
    assert (first.chip, first.input_name) == (0, "H")  # the first bit out of the chain
    ninth = layout.switch(9)
    assert (ninth.chip, ninth.input_name) == (1, "G")


def test_asking_for_a_place_the_board_lacks_is_a_clear_error() -> None:
    layout = load_layout()
    with pytest.raises(LayoutError, match="no switch at point 25 slot 1"):
        layout.switch_at("point", 25, 1)
    with pytest.raises(LayoutError, match="no LED for die 3 pip 1"):
        layout.led_for("die", 3, 1)


def test_the_hash_is_the_first_32_bits_of_sha256_with_lf_line_endings() -> None:
    data = DEFAULT_LAYOUT_PATH.read_bytes()
    electrical = data[:data.index(b"\n# ----")]  # the mechanics come last, after that rule
    assert load_layout().hash == hashlib.sha256(electrical).hexdigest()[:8]
    assert layout_hash(data.replace(b"\n", b"\r\n")) == layout_hash(data)
    assert layout_hash(b"a\n") != layout_hash(b"b\n")


def test_the_hash_ignores_line_endings_of_a_crlf_copy(write_layout: Callable[[str], Path],
                                                      board_text: str) -> None:
    path = write_layout(board_text)
    path.write_bytes(board_text.encode().replace(b"\n", b"\r\n"))
    assert load_layout(path).hash == load_layout().hash


def test_any_electrical_edit_changes_the_hash(write_layout: Callable[[str], Path], board_text: str) -> None:
    edited = board_text.replace("spi_baud = 4000000", "spi_baud = 2000000")
    assert edited != board_text
    assert load_layout(write_layout(edited)).hash != load_layout().hash


@pytest.mark.parametrize(("text", "message"), [
    ("format = 1\nname = [", "not valid TOML"),
    ("format = 2\n", "format 2 is not supported"),
    ("format = 1\nname = 'x'\n", "missing key pins"),
])
def test_a_malformed_file_is_rejected_with_a_clear_message(
        write_layout: Callable[[str], Path], text: str, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        load_layout(write_layout(text))


def test_a_wrong_type_names_the_key(write_layout: Callable[[str], Path], board_text: str) -> None:
    with pytest.raises(LayoutError, match=r"pins.led should be an integer, not 'GP22'"):
        load_layout(write_layout(board_text.replace("led = 22", 'led = "GP22"')))


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="cannot read the layout file"):
        load_layout(tmp_path / "nowhere.toml")


def test_each_die_face_lights_its_number_of_pips_symmetrically() -> None:
    from tablier.hardware.layout import DIE_FACE_PIPS, PIP_CELLS

    for face, pips in DIE_FACE_PIPS.items():
        assert len(pips) == face
        cells = {PIP_CELLS[p] for p in pips}
        assert cells == {(2 - c, 2 - r) for c, r in cells}  # a die face looks the same turned half round
