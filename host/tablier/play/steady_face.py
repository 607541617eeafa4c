"""The face switch read only once it is steady: a flip counts after it has held ``face_stable_ms``.

The face sensor (a tilt switch) can bounce while the slab is handled or knocked; the host acts on a
flip only once the sensor has read the new face for :attr:`stable_s` (``face_stable_ms`` in
``hardware/board.toml``, a second). The first reading (the board as found on connecting) counts at
once. :meth:`SteadyFace.closed` gives the closed switches with the face switch at its steady value.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablier.hardware.layout import Layout


class SteadyFace:
    """The steady reading of the face switch, from the raw closed switches and the time."""

    def __init__(self, layout: Layout) -> None:
        self.switches = frozenset(s.id for s in layout.switches_of("face"))
        self.stable_s = layout.mechanics.face_stable_ms / 1000
        self.steady: bool | None = None  # None: nothing read yet
        self._raw = False
        self._since = 0.0

    def closed(self, closed: Iterable[int], now: float) -> set[int]:
        """``closed`` with the face switches read at their steady value at time ``now``."""
        closed = set(closed)
        raw = bool(self.switches & closed)
        if self.steady is None:
            self.steady = self._raw = raw
        elif raw != self._raw:
            self._raw, self._since = raw, now
        if raw != self.steady and now - self._since >= self.stable_s:
            self.steady = raw
        return (closed | self.switches) if self.steady else (closed - self.switches)

    def settling(self) -> bool:
        """Whether the sensor reads another face than the steady one (a flip not yet acted on)."""
        return self.steady is not None and self._raw != self.steady

    def due(self, now: float) -> bool:
        """Whether a flip has now held long enough to be acted on."""
        return self.settling() and now - self._since >= self.stable_s
