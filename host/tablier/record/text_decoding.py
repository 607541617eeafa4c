"""Telling the character encoding of a record file, the way PDN says to read one.

:func:`decode_record_text` decodes the bytes of a record (PDN, ``.mat``, ...): a byte-order mark
first (UTF-8, UTF-16 or UTF-32, little or big endian), then UTF-8, else Latin-1 (ISO 8859-1), the
encoding of the older PDN standard and of many club files, read as Windows-1252 when it holds the
bytes 0x80-0x9F that Windows programs write for curly quotes and dashes. UTF-16 without a mark is
recognised by its zero bytes. Nothing is ever replaced by U+FFFD: bytes that the encoding a mark
names cannot decode are a :class:`~tablier.record.game_record.RecordError` naming the byte.
"""

from __future__ import annotations

import codecs

from .game_record import RecordError

#: Byte-order marks and their codecs; UTF-32 first, since its little-endian mark begins UTF-16's.
_MARKS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
#: Bytes that are control characters in Latin-1 but letters and marks in Windows-1252.
_C1 = bytes(range(0x80, 0xA0))


def decode_record_text(data: bytes) -> tuple[str, str]:
    """The text of ``data`` and the name of its encoding (a Python codec name: ``"utf-8"``,
    ``"utf-16-le"``, ``"latin-1"``, ``"cp1252"``, ...); the byte-order mark is not part of the text.

    Raises :class:`RecordError` when a byte-order mark names an encoding the bytes are not in.
    """
    for mark, encoding in _MARKS:
        if data.startswith(mark):
            return _strict(data[len(mark):], encoding, len(mark)), encoding
    unmarked = _utf16_without_mark(data)
    if unmarked:
        return _strict(data, unmarked, 0), unmarked
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    if any(byte in _C1 for byte in data):
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            pass  # a byte Windows-1252 leaves undefined: Latin-1 reads every byte
    return data.decode("latin-1"), "latin-1"


def _strict(data: bytes, encoding: str, skipped: int) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        where = skipped + error.start
        raise RecordError(f"not valid {_label(encoding)}: byte {where + 1} "
                          f"(0x{data[error.start]:02X}) cannot be read") from None


def _utf16_without_mark(data: bytes) -> str:
    """``utf-16-le`` or ``utf-16-be`` when ``data`` looks like UTF-16 text without a mark, else ``""``.

    ASCII text in UTF-16 has a zero byte in every other place: most of the odd bytes (little endian)
    or of the even bytes (big endian) of the first kilobytes are zero, and few of the others.
    """
    head = data[:4096]
    if len(head) < 4 or len(data) % 2:
        return ""
    even_zeros = head[0::2].count(0)
    odd_zeros = head[1::2].count(0)
    pairs = len(head) // 2
    if odd_zeros > pairs * 0.6 and even_zeros < pairs * 0.1:
        return "utf-16-le"
    if even_zeros > pairs * 0.6 and odd_zeros < pairs * 0.1:
        return "utf-16-be"
    return ""


def _label(encoding: str) -> str:
    return encoding.upper().replace("-LE", " (little endian)").replace("-BE", " (big endian)")
