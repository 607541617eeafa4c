"""Counts said as people say them: ``1 legal play``, ``2 legal plays``, ``1 man``, ``3 men``."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str = "") -> str:
    """``count`` and ``noun``, in the plural unless the count is one (``plural`` for an irregular
    noun: ``counted(3, "man", "men")``)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
