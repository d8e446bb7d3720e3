"""savepack: the bytes both games' save codes share (docs/architecture.md, "What is
where"): what one game writes the other's reader reads the same way, and hostile bytes
end in PackError, never another exception or a large allocation."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from savepack import (
    PackError,
    Reader,
    match_code,
    pack,
    put_text,
    put_varint,
    read_as,
    unpack,
)


@given(st.lists(st.integers(min_value=0, max_value=2**64 - 1), max_size=30),
       st.lists(st.text(max_size=20), max_size=5))
def test_varints_and_names_read_back_as_written(numbers: list[int], names: list[str]) -> None:
    """Every varint and name written reads back, in order, and the reader ends exactly
    at the payload's end; pack and unpack are inverse."""
    out = bytearray()
    for name in names:
        put_text(name, out)
    for n in numbers:
        put_varint(n, out)
    r = Reader(unpack(pack(bytes(out)), 1 << 20))
    assert [r.text(200, "a name") for _ in names] == names
    assert [r.varint() for _ in numbers] == numbers
    assert r.at_end


def test_a_varint_is_seven_bits_a_byte_low_first() -> None:
    """The format's varint (LEB128): 300 is 0b10_0101100 -> 0xAC 0x02."""
    out = bytearray()
    put_varint(300, out)
    put_varint(0, out)
    assert bytes(out) == b"\xac\x02\x00"


@pytest.mark.parametrize(("data", "message"), [
    (b"\x80", "cut short"),
    (b"\xff" * 11, "far too large"),
    (b"\x05ab", "cut short"),
    (b"\x7f", "far too long"),
    (b"\x02\xff\xfe", "not text"),
])
def test_a_reader_refuses_bytes_that_are_no_payload(data: bytes, message: str) -> None:
    """A varint or name that runs past the end, a number past 70 bits, a name longer than
    allowed or not UTF-8: a PackError saying which."""
    r = Reader(data)
    with pytest.raises(PackError, match=message):
        while True:
            r.text(100, "a name")


def test_unpack_stops_at_its_bound() -> None:
    """A small text that would unpack to more than max_payload is refused, unpacked only
    up to the bound."""
    with pytest.raises(PackError, match="far more"):
        unpack(pack(bytes(10_000)), 1_000)
    with pytest.raises(PackError, match="length is wrong"):
        unpack("a", 1_000)
    with pytest.raises(PackError, match="does not unpack"):
        unpack("AAAA", 1_000)


class GameCodeError(ValueError):
    """A game's own error, as each game's savecode.SaveCodeError."""


@pytest.mark.parametrize(("raised", "message"), [
    (GameCodeError("its own words"), "its own words"),
    (PackError("The save code is cut short."), "The save code is cut short."),
    (IndexError("list index out of range"), "could not be read (IndexError)"),
])
def test_reading_fails_only_with_the_games_own_error(raised: Exception, message: str) -> None:
    """read_as: whatever goes wrong while a code is read leaves as the game's error: its
    own as it is, the format's with its message, anything else named by its kind only."""
    with pytest.raises(GameCodeError, match=re.escape(message)), read_as(GameCodeError):
        raise raised


def test_a_code_is_matched_on_its_stripped_text() -> None:
    """match_code: outer spaces do not count; too long, no match or no text: PackError in
    the words the game gives."""
    code = re.compile(r"^g(\d)-([a-z]*)$")
    assert match_code("  g1-abc\n", code, 8, too_long="long", not_a_code="not").group(2) == "abc"
    with pytest.raises(PackError, match="long"):
        match_code("g1-abcdefgh", code, 8, too_long="long", not_a_code="not")
    with pytest.raises(PackError, match="not"):
        match_code("x1-abc", code, 8, too_long="long", not_a_code="not")
    with pytest.raises(PackError, match="a text"):
        match_code(b"g1-abc", code, 8, too_long="long", not_a_code="not")
