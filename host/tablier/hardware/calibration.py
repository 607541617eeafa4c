"""The calibration overlay: what a real board's wiring turned out to be, and its faults.

``tablier calibrate`` walks a builder through the board and records, for every place, which chain
position answered when a man was put there. The result, a :class:`Calibration`, is saved as a small
JSON file beside the layout it was made for:

- ``rewired``: the places whose reed answers on another chain position than the layout says
  (swapped or misplaced wires), as ``{layout switch id: chain position}``;
- ``dead``: places where no switch answered (broken reed or wire);
- ``stuck``: chain positions closed on an empty board that never opened (welded reed, short);
- ``chattering``: chain positions that change by themselves (loose contact);
- ``shared``: chain positions that answered for more than one place (the places cannot be told apart).

:meth:`Calibration.layout_switch` turns a chain position reported by the board into the layout's
switch id, so the rest of the host never sees the wiring mistakes. :func:`unresolved_faults` lists
what still stops a game; a place can be ignored explicitly (a player agrees not to use it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tablier.errors import TablierError
from tablier.hardware.layout import Layout, Switch

FORMAT = 1


class CalibrationError(TablierError):
    """A calibration file is unreadable or made for another layout."""


class BoardFaultError(TablierError):
    """The board has faults that no one agreed to ignore: a game must not start on it."""


@dataclass(frozen=True)
class Calibration:
    """The measured wiring of one board (see the module's description)."""

    layout_hash: str
    rewired: Mapping[int, int] = field(default_factory=dict)
    dead: frozenset[int] = frozenset()
    stuck: frozenset[int] = frozenset()
    chattering: frozenset[int] = frozenset()
    shared: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def layout_switch(self, position: int) -> int | None:
        """The layout switch id behind a chain position the board reports (None if unusable)."""
        if position in self.stuck or position in self.chattering or position in self.shared:
            return None
        for switch_id, wire in self.rewired.items():
            if wire == position:
                return switch_id
        if position in self.rewired or position in self.dead:
            return None  # that place answers elsewhere, or not at all
        return position

    def to_json(self) -> str:
        """The overlay as JSON text."""
        return json.dumps({
            "format": FORMAT,
            "layout_hash": self.layout_hash,
            "rewired": {str(k): v for k, v in sorted(self.rewired.items())},
            "dead": sorted(self.dead),
            "stuck": sorted(self.stuck),
            "chattering": sorted(self.chattering),
            "shared": {str(k): list(v) for k, v in sorted(self.shared.items())},
        }, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str = "calibration") -> Calibration:
        """Read an overlay written by :meth:`to_json`."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise CalibrationError(f"{source}: not a Tablier calibration file (format {FORMAT})")
            return cls(
                layout_hash=str(data["layout_hash"]),
                rewired={int(k): int(v) for k, v in data["rewired"].items()},
                dead=frozenset(int(s) for s in data["dead"]),
                stuck=frozenset(int(s) for s in data["stuck"]),
                chattering=frozenset(int(s) for s in data["chattering"]),
                shared={int(k): tuple(int(s) for s in v) for k, v in data["shared"].items()},
            )
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            if isinstance(error, CalibrationError):
                raise
            raise CalibrationError(f"{source}: malformed calibration file ({error})") from None


def save_calibration(calibration: Calibration, path: Path) -> None:
    """Write the overlay to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(calibration.to_json(), encoding="utf-8")


def load_calibration(path: Path, layout: Layout) -> Calibration:
    """Read an overlay and check that it was made for ``layout``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CalibrationError(f"{path}: cannot read the calibration file ({error.strerror})") from None
    calibration = Calibration.from_json(text, str(path))
    if calibration.layout_hash != layout.hash:
        raise CalibrationError(f"{path} was made for layout {calibration.layout_hash}, but the layout is "
                               f"{layout.hash}: calibrate the board again")
    return calibration


@dataclass(frozen=True)
class Fault:
    """One problem of the board, at one place."""

    switch: Switch
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.switch.place} (switch {self.switch.id}): {self.kind}, {self.detail}"


def faults(calibration: Calibration, layout: Layout) -> list[Fault]:
    """Every fault of the board, place by place, in chain order."""
    found = []
    for switch in layout.switches:
        position = calibration.rewired.get(switch.id, switch.id)
        if switch.id in calibration.dead:
            if switch.id in calibration.stuck:
                found.append(Fault(switch, "stuck", f"chain position {switch.id} reads closed with no "
                                                    "man on it, so a man here cannot be seen"))
            elif switch.id in calibration.chattering:
                found.append(Fault(switch, "chattering", f"chain position {switch.id} changes by "
                                                         "itself, so a man here cannot be told apart"))
            else:
                found.append(Fault(switch, "dead", "no switch answered at this place"))
        elif position in calibration.stuck:
            found.append(Fault(switch, "stuck", f"chain position {position} never opens"))
        elif position in calibration.chattering:
            found.append(Fault(switch, "chattering", f"chain position {position} changes by itself"))
        elif position in calibration.shared:
            others = [layout.switch(s).place for s in calibration.shared[position] if s != switch.id]
            found.append(Fault(switch, "shared wire", f"chain position {position} also answers for "
                                                      f"{', '.join(others)}"))
    return found


def is_ignored(switch: Switch, ignore: Iterable[str]) -> bool:
    """Whether an ignore entry names this place: ``point 7`` covers every slot of point 7,
    ``point 7 slot 2`` only that slot."""
    whole = f"{switch.kind} {switch.index}"
    return any(_normal(entry) in (switch.place, whole) for entry in ignore)


def unresolved_faults(calibration: Calibration, layout: Layout, ignore: Iterable[str] = ()) -> list[Fault]:
    """The faults that no one agreed to ignore."""
    entries = list(ignore)
    return [fault for fault in faults(calibration, layout) if not is_ignored(fault.switch, entries)]


def require_playable(calibration: Calibration, layout: Layout, ignore: Iterable[str] = ()) -> None:
    """Refuse a board with unresolved faults: raise :class:`BoardFaultError` listing them."""
    left = unresolved_faults(calibration, layout, ignore)
    if left:
        listed = "; ".join(str(fault) for fault in left)
        raise BoardFaultError(f"the board has {len(left)} unresolved fault(s): {listed}. Repair them and "
                              "calibrate again, or ignore a place with --ignore PLACE (e.g. --ignore "
                              f"'{left[0].switch.place}')")


def check_ignore_entries(entries: Iterable[str], layout: Layout) -> list[str]:
    """The ignore entries that name no place of the layout."""
    places = {s.place for s in layout.switches} | {f"{s.kind} {s.index}" for s in layout.switches}
    return [entry for entry in entries if _normal(entry) not in places]


def _normal(entry: str) -> str:
    return " ".join(entry.lower().split())

