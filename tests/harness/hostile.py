"""Hostile members: a fuzzer of the messages a club member (who holds the club's code), a game's
adversary (who holds its code) or any other user of the broker (who holds neither) can publish.

:class:`Fuzzer` starts from real messages (a board's scene, presence and match as a board publishes
them; a game's offer, join, actions, reveals, proposals and goodbye) and makes variants of them:
a field dropped, added, or given a value of another kind (a huge or negative number, a float, a
boolean, a very long text, a text with newlines, escape sequences, line separators or a lone
surrogate, a deep list), a whole body or record replaced, the bytes cut, flipped, padded past the
limit, or not JSON at all. Each variant is signed with the key (``signed``: a member's or the
adversary's own forgery, which only the checks behind the signature can refuse) or not (another
user's). Every variant is reproducible from the fuzzer's seed.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .results import write_bench

#: Values of every kind a field may be given instead of its own.
ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2, 7, 25, 99, 10 ** 6, -(10 ** 9), 2 ** 63, 10 ** 40, 0.5, 1e308, -0.0,
    "", "a", "x" * 5000, "line\nbreak", "\x1b[2J\x1b[31mred", "\u2028sep", "\ud800", "\u202eevil",
    "<script>alert(1)</script>", "point 99", "bar 0", "square 51", "13/7*", "bar/22", "../../etc",
    "backgammon", "english", "tables", "draughts", "NaN", [], [1, 2], [[[[[[[[[[1]]]]]]]]]], {}, {"x": 1},
    ["a"] * 300, list(range(60)),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (dict keys and list indices)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:12]):
            yield from _paths(item, (*prefix, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


class Fuzzer:
    """Variants of real messages, reproducible from ``seed``."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def variant(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` changed in one to three places (a deep copy: ``data`` is left as it was)."""
        changed = copy.deepcopy(data)
        for _ in range(self.random.choice((1, 1, 1, 2, 3))):
            changed = self._change(changed)
        return changed

    def _odd(self) -> Any:
        """One of :data:`ODD_VALUES`, a copy of its own (a later change must not alter the table)."""
        return copy.deepcopy(self.random.choice(ODD_VALUES))

    def _change(self, data: dict[str, Any]) -> dict[str, Any]:
        pick = self.random
        paths = [path for path in _paths(data) if path]
        if not paths:
            return data
        path = pick.choice(paths)
        parent = _at(data, path[:-1])
        last = path[-1]
        how = pick.random()
        if how < 0.55:
            parent[last] = self._odd()
        elif how < 0.7 and isinstance(parent, dict):
            del parent[last]
        elif how < 0.8 and isinstance(parent, dict):
            parent[pick.choice(("extra", "log", "__proto__", "mac2", str(pick.randrange(99))))] = \
                self._odd()
        elif how < 0.9:
            value = parent[last]
            if isinstance(value, int) and not isinstance(value, bool):
                parent[last] = value + pick.choice((-1, 1, -value - 1, 100, 10 ** 6))
            elif isinstance(value, str):
                parent[last] = value + pick.choice(("x", "*", " ", "\n", "\x00", value * 20))
            elif isinstance(value, list) and value:
                parent[last] = value + value if pick.random() < 0.5 else value[:-1]
            else:
                parent[last] = self._odd()
        else:
            other = pick.choice(paths)  # a value moved to another field
            parent[last] = copy.deepcopy(_at(data, other)) if other[:len(path)] != path else None
        return data

    def payload(self, data: dict[str, Any], sign: Callable[[dict[str, Any]], dict[str, Any]] | None,
                ) -> bytes:
        """The bytes of a variant of ``data``: signed with ``sign`` (which adds the signature) or not,
        and now and then spoilt as bytes."""
        pick = self.random
        changed = self.variant(data)
        if sign is not None:
            with contextlib.suppress(TypeError, ValueError):  # nothing signs what JSON cannot hold
                changed = sign({key: value for key, value in changed.items() if key != "mac"})
        try:
            text = json.dumps(changed, ensure_ascii=pick.random() < 0.5).encode("utf-8", "surrogatepass")
        except (TypeError, ValueError):
            text = b"{}"
        how = pick.random()
        if how < 0.85:
            return text
        if how < 0.88:
            return text[:pick.randrange(len(text) + 1)]
        if how < 0.91:
            spoilt = bytearray(text)
            for _ in range(pick.randrange(1, 8)):
                spoilt[pick.randrange(len(spoilt))] = pick.randrange(256)
            return bytes(spoilt)
        if how < 0.93:
            return text + b" " * (600 * 1024)
        if how < 0.95:
            return b"[" * 100_000 + b"]" * 100_000
        if how < 0.97:
            return text.replace(b"1", b"NaN", 1).replace(b"2", b"Infinity", 1)
        return pick.choice((b"", b"\x00", b"\xff\xfe\xfd", b"null", b"[]", b'"text"', b"1e999", b"{}"))


def record_figures(name: str, figures: dict[str, Any]) -> None:
    """Keep a fuzzing run's figures in ``$TABLIER_RESULTS_DIR/NAME.json`` (``make test-full`` sets it
    to bench/results; a sample run in ``make test`` keeps nothing)."""
    folder = os.environ.get("TABLIER_RESULTS_DIR")
    if not folder:
        return
    path = Path(folder) / f"{name}.json"
    write_bench(name, figures, path)
