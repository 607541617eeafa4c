"""Dice for play on the board: electronic (fair, from ``secrets``, or seeded for tests and demos),
with throws that a script may force, or physical dice whose throw the player types in."""

from __future__ import annotations

import random
import secrets
from collections import deque

ELECTRONIC = "electronic"
PHYSICAL = "physical"


class Dice:
    """Where throws come from. ``seed`` None: the operating system's randomness (``secrets``)."""

    def __init__(self, seed: int | None = None, source: str = ELECTRONIC) -> None:
        if source not in (ELECTRONIC, PHYSICAL):
            raise ValueError(f"dice must be {ELECTRONIC} or {PHYSICAL}, not {source!r}")
        self.seed = seed
        self.source = source
        self._rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self._forced: deque[tuple[int, ...]] = deque()

    def force(self, values: tuple[int, ...]) -> None:
        """The next throw will show ``values`` (scripts; physical dice typed in ahead)."""
        if not values or any(not 1 <= v <= 6 for v in values):
            raise ValueError(f"dice show 1 to 6, not {' '.join(map(str, values))}")
        self._forced.append(values)

    def throw(self, count: int = 2) -> tuple[int, ...] | None:
        """``count`` dice; None when physical dice were not typed in yet."""
        if self._forced:
            values = self._forced.popleft()
            if len(values) != count:
                raise ValueError(f"this throw needs {count} dice, not {len(values)}")
            return values
        if self.source == PHYSICAL:
            return None
        return tuple(self._rng.randint(1, 6) for _ in range(count))
