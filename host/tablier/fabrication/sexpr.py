"""KiCad's S-expressions: read a footprint file, write a board file.

A node is a list; its atoms are :class:`Symbol` (bare words and numbers as KiCad writes them) or
``str`` (quoted strings). :func:`parse` reads text, :func:`dump` writes it back one child per line
below the top level, as KiCad does closely enough for its reader and for a readable diff.
"""

from __future__ import annotations

import re
from typing import Union

Node = Union["Symbol", str, list["Node"]]

_TOKEN = re.compile(r'\s*(?:(\()|(\))|"((?:[^"\\]|\\.)*)"|([^\s()"]+))')


class Symbol(str):
    """A bare atom (a keyword, a number)."""


def parse(text: str) -> list[Node]:
    """The first S-expression of ``text``."""
    stack: list[list[Node]] = [[]]
    for match in _TOKEN.finditer(text):
        opening, closing, quoted, bare = match.groups()
        if opening:
            stack.append([])
        elif closing:
            node = stack.pop()
            stack[-1].append(node)
        elif quoted is not None:
            stack[-1].append(quoted.replace('\\"', '"').replace("\\\\", "\\"))
        elif bare is not None:
            stack[-1].append(Symbol(bare))
    first = stack[0][0]
    assert isinstance(first, list)
    return first


def dump(node: Node, depth: int = 0) -> str:
    """KiCad text of a node; lists of lists go one child per line."""
    if isinstance(node, Symbol):
        return str(node)
    if isinstance(node, str):
        return '"' + node.replace("\\", "\\\\").replace('"', '\\"') + '"'
    parts = [dump(child, depth + 1) for child in node]
    if depth < 2 and any(isinstance(child, list) and any(isinstance(c, list) for c in child)
                         for child in node):
        indent = "\n" + "  " * (depth + 1)
        head = " ".join(p for p, c in zip(parts, node, strict=True) if not isinstance(c, list))
        tail = indent.join(p for p, c in zip(parts, node, strict=True) if isinstance(c, list))
        return f"({head}{indent}{tail}\n{'  ' * depth})"
    return "(" + " ".join(parts) + ")"


def num(value: float) -> Symbol:
    """A number as KiCad writes it (no trailing zeros)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return Symbol("0" if text in ("-0", "") else text)


def find(node: list[Node], key: str) -> list[Node] | None:
    """The first child list of ``node`` whose head is ``key``."""
    for child in node:
        if isinstance(child, list) and child and child[0] == key:
            return child
    return None
