"""Split PDN text into tokens, forgivingly.

The lexer follows the reading grammar of the PDN 3.0 standard (``specs/pdn/grammar.rst``) and the
quirks of real files: a move is one token (``32-28``, ``11x18x25``, ``a3b4``, ``23x05``, ``1- 6``,
``47x 9``),
glued to its move number (``1.32-28``) and to its strength (``19-23(!?)``); results (``1-0``,
``1/2-1/2``, ``2-0``, ...) only count as results where a move could not continue; ``%`` starts a
line comment at the start of a line; CR, LF and CRLF all end lines.

Text the grammar does not know becomes an ``ERROR`` token carrying the message, so that the reader
can attach it to the game being read instead of stopping or swallowing it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

#: The token kinds, in the order the patterns are tried.
TAG_OPEN = "TAG_OPEN"
TAG_CLOSE = "TAG_CLOSE"
IDENTIFIER = "IDENTIFIER"
STRING = "STRING"
COMMENT = "COMMENT"
LINE_COMMENT = "LINE_COMMENT"
SETUP = "SETUP"
RESULT = "RESULT"
MOVE_NUMBER = "MOVE_NUMBER"
ELLIPSIS = "ELLIPSIS"
MOVE = "MOVE"
STRENGTH = "STRENGTH"
NAG = "NAG"
VARIATION_OPEN = "VARIATION_OPEN"
VARIATION_CLOSE = "VARIATION_CLOSE"
ASTERISK = "ASTERISK"
ERROR = "ERROR"

_SQUARE = r"(?:[a-h][1-8]|0?[1-9][0-9]?)"
_STRENGTH = r"(?:[!?]+|\([!?]+\))"
# A move: squares joined by '-', 'x' or ':' (spaces allowed after '-', as in "1- 6"), or two
# algebraic squares without separator ("a3b4"); an optional strength glued to it.
_MOVE = (
    rf"(?P<move>{_SQUARE}(?:[-x:][ \t]*{_SQUARE})+|[a-h][1-8][a-h][1-8])"
    rf"(?P<strength>{_STRENGTH})?"
)
_RESULT = r"(?:1/2-1/2|1-0|0-1|2-0|0-2|1-1|0-0)(?![0-9A-Za-z/\-])"
_END_OF_MOVE = r"(?![0-9])"

_PATTERNS: tuple[tuple[str, str], ...] = (
    (RESULT, _RESULT),
    (MOVE_NUMBER, r"[0-9]+\.(?:\.\.)?"),
    (MOVE, _MOVE + _END_OF_MOVE),
    (ELLIPSIS, r"\.\.\."),
    (STRENGTH, _STRENGTH),
    (NAG, r"\$[0-9]+"),
    (TAG_OPEN, r"\["),
    (TAG_CLOSE, r"\]"),
    (IDENTIFIER, r"[A-Za-z][A-Za-z0-9_]*[.,;:!?']*"),
    (VARIATION_OPEN, r"\("),
    (VARIATION_CLOSE, r"\)"),
    (ASTERISK, r"\*"),
    (SETUP, r"/[^/]*/"),
)
_TOKEN_RE = re.compile("|".join(f"(?P<{kind}>{pattern})" for kind, pattern in _PATTERNS))
_SPACE_RE = re.compile(r"[ \t\r\n\f\v\ufeff]+")
_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")


class Token(NamedTuple):
    """One token: its kind, its text, its place (1-based line and column) and a move's strength.

    A STRING's text is unescaped; a COMMENT's has its runs of white space made single spaces.
    """

    kind: str
    text: str
    line: int
    column: int
    strength: str = ""


class _Cursor:
    """Position bookkeeping: offset to (line, column), both 1-based; CR, LF, CRLF end lines.

    Lines are counted as the offsets move forward, so that a file of any size costs no memory for
    them (a step back, which the lexer never takes, counts again from the start).
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._offset = 0  # lines are counted up to here
        self._line = 1
        self._line_start = 0

    def place(self, offset: int) -> tuple[int, int]:
        if offset < self._offset:
            self._offset, self._line, self._line_start = 0, 1, 0
        for match in _LINE_BREAK_RE.finditer(self.text, self._offset, offset):
            if match.group() == "\r" and match.end() == offset and self.text.startswith("\n", offset):
                break  # the CR of a CRLF that ends right here: the line ends after the LF
            self._line += 1
            self._line_start = match.end()
        self._offset = offset
        return self._line, offset - self._line_start + 1

    def at_line_start(self, offset: int) -> bool:
        start = offset
        while start > 0 and self.text[start - 1] in " \t":
            start -= 1
        return start == 0 or self.text[start - 1] in "\r\n"


def tokenize(text: str) -> Iterator[Token]:
    """The tokens of ``text``; malformed input gives ``ERROR`` tokens, never an exception."""
    cursor = _Cursor(text)
    offset = 0
    length = len(text)
    while offset < length:
        space = _SPACE_RE.match(text, offset)
        if space:
            offset = space.end()
            continue
        line, column = cursor.place(offset)
        char = text[offset]
        if char == "%" and cursor.at_line_start(offset):
            end = _line_end(text, offset)
            yield Token(LINE_COMMENT, text[offset + 1:end].strip(), line, column)
            offset = end
        elif char == '"':
            token, offset = _string(text, offset, line, column)
            yield token
        elif char == "{":
            token, offset = _comment(text, offset, cursor, line, column)
            yield token
        elif char == "}":
            yield Token(ERROR, "unexpected '}' outside a comment (comments cannot be nested)",
                        line, column)
            offset += 1
        else:
            match = _TOKEN_RE.match(text, offset)
            if match is None or match.lastgroup is None:
                end = offset + 1
                while end < length and not text[end].isspace() and text[end] not in '{}[]()"':
                    end += 1
                yield Token(ERROR, f"cannot read {text[offset:end]!r}", line, column)
                offset = end
                continue
            kind = match.lastgroup
            if kind == MOVE:
                move = match.group("move")
                yield Token(MOVE, re.sub(r"[ \t]+", "", move), line, column,
                            match.group("strength") or "")
            elif kind == SETUP:
                yield Token(SETUP, match.group(0)[1:-1].strip(), line, column)
            else:
                yield Token(kind, match.group(0), line, column)
            offset = match.end()


def _line_end(text: str, offset: int) -> int:
    match = re.compile(r"\r|\n").search(text, offset)
    return match.start() if match else len(text)


def _string(text: str, offset: int, line: int, column: int) -> tuple[Token, int]:
    """A double-quoted string with ``\\"`` and ``\\\\`` escapes; unterminated at the line's end."""
    chars: list[str] = []
    index = offset + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in '"\\':
            chars.append(text[index + 1])
            index += 2
        elif char == '"':
            return Token(STRING, "".join(chars), line, column), index + 1
        elif char in "\r\n":
            break
        else:
            chars.append(char)
            index += 1
    return Token(ERROR, "the string is not closed by '\"' before the end of the line", line, column), index


def _comment(text: str, offset: int, cursor: _Cursor, line: int, column: int) -> tuple[Token, int]:
    """A ``{...}`` comment; a ``{`` inside it is an error (PDN comments do not nest)."""
    end = offset + 1
    while end < len(text) and text[end] != "}":
        if text[end] == "{":
            inner_line, inner_column = cursor.place(end)
            return Token(ERROR, f"nested comment: '{{' at line {inner_line}, column {inner_column} is "
                         "inside the comment opened here (PDN comments do not nest)",
                         line, column), _skip_nested(text, offset)
        end += 1
    if end >= len(text):
        return Token(ERROR, "unterminated comment '{'", line, column), end
    return Token(COMMENT, " ".join(text[offset + 1:end].split()), line, column), end + 1


def _skip_nested(text: str, offset: int) -> int:
    """The offset after the brace that balances the ``{`` at ``offset`` (or the end of the text)."""
    depth = 0
    for index in range(offset, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)
