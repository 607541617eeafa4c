"""Telling the encoding of a record file: a byte-order mark, else UTF-8, else Latin-1.

Match files come from programs of every age: GNU Backgammon writes UTF-8, older Windows programs
Latin-1, some UTF-16 with a byte-order mark (or without one). :func:`decode_record_text` never
replaces a byte with U+FFFD: UTF-8 that does not decode is read as Latin-1, where every byte is a
character.
"""

from __future__ import annotations

import codecs

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def decode_record_text(data: bytes) -> tuple[str, str]:
    """The text of a record file's bytes and the encoding it was read in (``utf-8``, ``utf-16-le``,
    ``latin-1``, ...). A byte-order mark decides; UTF-16 without one is told by its zero bytes."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            body = data[len(bom):]
            try:
                return body.decode(encoding), encoding
            except UnicodeDecodeError:
                break  # a mark that lies: read the bytes as they are
    else:
        body = data
        guessed = _utf16_without_bom(data)
        if guessed:
            try:
                return data.decode(guessed), guessed
            except UnicodeDecodeError:
                pass
    try:
        return body.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return body.decode("latin-1"), "latin-1"


def _utf16_without_bom(data: bytes) -> str:
    """``utf-16-le`` or ``-be`` when most odd (or even) bytes are zero, as in ASCII text in UTF-16."""
    sample = data[:4000]
    if len(sample) < 4 or b"\x00" not in sample:
        return ""
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.4 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.4 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return ""
