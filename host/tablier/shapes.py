"""The shape of parsed JSON (or TOML) data, checked once for every reader: an object, a list, a text,
a whole number (never ``true``), a finite number, true or false.

Each ``*_of`` function returns the value typed, or raises what the caller's ``fail`` makes of the
words for what was wanted (``"a whole number"``...): every reader keeps its own error class and
its own way of naming the place, and none writes the type tests again. The ground floor: this
module imports nothing of Tablier.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

#: Makes the error raised for a value of the wrong shape from the words for what was wanted.
Fail = Callable[[str], Exception]


def is_whole(value: object, low: int | None = None, high: int | None = None) -> bool:
    """Whether ``value`` is a whole number (``true`` is not one), within ``low``..``high`` if given."""
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def is_number(value: object, finite: bool = True) -> bool:
    """Whether ``value`` is a number, whole or not (``true`` is not one; nor, if ``finite``, an
    infinity or NaN)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    return not finite or math.isfinite(value)


def object_of(value: object, fail: Fail) -> dict[str, Any]:
    """``value`` if it is an object (a dict)."""
    if not isinstance(value, dict):
        raise fail("an object")
    return value


def list_of(value: object, fail: Fail) -> list[Any]:
    """``value`` if it is a list."""
    if not isinstance(value, list):
        raise fail("a list")
    return value


def text_of(value: object, fail: Fail) -> str:
    """``value`` if it is a text."""
    if not isinstance(value, str):
        raise fail("text")
    return value


def whole_of(value: object, fail: Fail) -> int:
    """``value`` if it is a whole number."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail("a whole number")
    return value


def number_of(value: object, fail: Fail, finite: bool = True) -> float:
    """``value`` as a float if it is a number (finite, unless told)."""
    if not is_number(value, finite):
        raise fail("a number")
    assert isinstance(value, int | float)
    return float(value)


def truth_of(value: object, fail: Fail) -> bool:
    """``value`` if it is true or false."""
    if not isinstance(value, bool):
        raise fail("true or false")
    return value
