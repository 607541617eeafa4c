"""The encoding of a record file: byte-order marks, UTF-8, else Latin-1; never a silent U+FFFD."""

from __future__ import annotations

import codecs

import pytest

from tablier.record.game_record import RecordError
from tablier.record.text_decoding import decode_record_text

TEXT = '[Event "Coupe de l\'Été"]\n[White "Müller"]\n1. 11-15 23-19 *\n'


@pytest.mark.parametrize(("mark", "codec", "name"), [
    (codecs.BOM_UTF8, "utf-8", "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be"),
    (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32-be"),
])
def test_a_byte_order_mark_names_the_encoding_and_is_dropped(mark: bytes, codec: str, name: str) -> None:
    assert decode_record_text(mark + TEXT.encode(codec)) == (TEXT, name)


def test_utf8_without_mark() -> None:
    assert decode_record_text(TEXT.encode("utf-8")) == (TEXT, "utf-8")


def test_latin1_is_read_as_latin1_not_replaced() -> None:
    text, encoding = decode_record_text(TEXT.encode("latin-1"))
    assert (text, encoding) == (TEXT, "latin-1")
    assert "\ufffd" not in text


def test_windows_quotes_are_read_as_windows_1252() -> None:
    text, encoding = decode_record_text("{Tinsley’s “best” game – é}".encode("cp1252"))
    assert (text, encoding) == ("{Tinsley’s “best” game – é}", "cp1252")


def test_utf16_without_a_mark_is_recognised() -> None:
    assert decode_record_text(TEXT.encode("utf-16-le")) == (TEXT, "utf-16-le")
    assert decode_record_text(TEXT.encode("utf-16-be")) == (TEXT, "utf-16-be")


def test_bytes_the_marked_encoding_cannot_read_are_refused_with_their_place() -> None:
    broken = codecs.BOM_UTF8 + b"[Event \"x\"]\xff\n"
    with pytest.raises(RecordError, match=r"not valid UTF-8: byte 15 \(0xFF\)"):
        decode_record_text(broken)
    with pytest.raises(RecordError, match="UTF-16"):
        decode_record_text(codecs.BOM_UTF16_LE + "ab".encode("utf-16-le") + b"\x00\xd8")


def test_nothing_decodes_to_a_replacement_character_unless_written() -> None:
    for data in (bytes(range(256)), b"\x80\x81\x8d", b"caf\xe9", b"\xc3\x28"):
        text, _ = decode_record_text(data)
        assert "\ufffd" not in text
    assert decode_record_text("\ufffd".encode())[0] == "\ufffd"  # written in the file: kept
