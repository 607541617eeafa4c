"""From a wrong board back to a legal one, one man at a time.

Given what the board shows and the position it should show (the last legal position, or the
nearest legal result), :func:`next_step` names one place to lift a man from and one to put a man on;
the LEDs show just that pair, and the next step follows once the player has done it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Step(Generic[K]):
    """One correction: lift a man from ``lift`` and/or put one on ``put`` (None: nothing there)."""

    lift: K | None
    put: K | None
    extra: int  # men too many on the board, all places together
    missing: int  # men missing


def differences(seen: Mapping[K, int], wanted: Mapping[K, int]) -> tuple[dict[K, int], dict[K, int]]:
    """Men too many and men missing per place."""
    places = set(seen) | set(wanted)
    extra = {p: seen.get(p, 0) - wanted.get(p, 0) for p in places if seen.get(p, 0) > wanted.get(p, 0)}
    missing = {p: wanted.get(p, 0) - seen.get(p, 0) for p in places if wanted.get(p, 0) > seen.get(p, 0)}
    return extra, missing


def next_step(seen: Mapping[K, int], wanted: Mapping[K, int], order: list[K] | None = None) -> Step[K] | None:
    """The next correction, or None when the board already shows ``wanted``. ``order`` ranks the
    places (the first listed is shown first); by default their sorted order."""
    extra, missing = differences(seen, wanted)
    if not extra and not missing:
        return None
    rank = {p: n for n, p in enumerate(order)} if order else None

    def first(places: dict[K, int]) -> K | None:
        if not places:
            return None
        if rank is not None:
            return min(places, key=lambda p: rank.get(p, len(rank)))
        return sorted(places, key=repr)[0]

    return Step(first(extra), first(missing), sum(extra.values()), sum(missing.values()))
