"""Dice for play on the board: electronic (fair, from ``secrets``, or seeded for tests and demos),
with throws that a script may force, or physical dice whose throw the player types in; and, for a
log replayed (``tablier rebuild``, ``--resume``), the throws the log recorded and no others."""

from __future__ import annotations

import random
import secrets
from collections import deque
from collections.abc import Iterable

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

    @classmethod
    def resumed(cls, seed: int | None, thrown: Iterable[int]) -> Dice:
        """Electronic dice for a game resumed from its log: seeded ones go on past the throws already
        made (``thrown``: how many dice each had), as if the game had never stopped (when every throw
        came from them)."""
        dice = cls(seed)
        if seed is not None:
            for count in thrown:
                dice.throw(count)
        return dice

    def force(self, values: tuple[int, ...]) -> None:
        """The next throw will show ``values`` (scripts; physical dice typed in ahead)."""
        if not values or any(not 1 <= v <= 6 for v in values):
            raise ValueError(f"dice show 1 to 6, not {' '.join(map(str, values))}")
        self._forced.append(values)

    def wanted(self, count: int) -> str:
        """What the players are told when a throw is asked for and none can be shown yet."""
        return f"type the throw: dice {' '.join(['N'] * count)}"

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


class LoggedDice(Dice):
    """The throws of a log, in order, each with the source it had; then none: a replay never
    invents a throw (the side to act throws again after a resumption only if his throw had never
    reached the log, and so had never been shown). Throws typed or forced while the log is replayed
    are the ones the log already holds, and are not queued twice."""

    def __init__(self, throws: Iterable[tuple[tuple[int, ...], str]], seed: int | None = None) -> None:
        super().__init__(seed, PHYSICAL)
        self._logged = deque(throws)

    def force(self, values: tuple[int, ...]) -> None:
        """Checked as a live throw would be, but the log's own throw is the one thrown."""
        if not values or any(not 1 <= v <= 6 for v in values):
            raise ValueError(f"dice show 1 to 6, not {' '.join(map(str, values))}")

    def throw(self, count: int = 2) -> tuple[int, ...] | None:
        """The log's next throw (None once they are all thrown)."""
        if not self._logged:
            return None
        values, self.source = self._logged.popleft()
        return values
