"""The byte format both games' save codes share: unsigned varints, length-prefixed UTF-8
names, and a payload packed as zlib and base64url without padding.

Samarkand's save codes (samarkand_core/savecode.py) and Merv's (merv_core/savecode.py)
hold different things in the same bytes. This package holds the bytes once: a bound
missed here would be missed by both games, and a bound fixed here is fixed for both. It
is a package of its own, importing only the standard library, because neither game's
core may import the other's (the import-linter contracts in pyproject.toml): Merv
importing samarkand_core would load that package's whole `__init__`.

Every way a text can fail to be a payload raises PackError (a ValueError) with a
message a player can read; each game turns it into its own SaveCodeError.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["PackError", "Reader", "match_code", "pack", "put_text", "put_varint", "read_as",
           "unpack"]

# A varint longer than this many bits is no number either game writes: reading stops
# there instead of building an ever larger int from hostile bytes.
MAX_VARINT_BITS = 70


class PackError(ValueError):
    """The bytes are not a payload of this format; the message says why."""


@contextmanager
def read_as(error: type[ValueError]) -> Iterator[None]:
    """Reading a save code inside it fails with the game's own `error` and nothing else:
    `error` itself passes, a PackError becomes one with its message, and any other
    exception one that names only its kind (a save code must never raise anything else)."""
    try:
        yield
    except error:
        raise
    except PackError as exc:
        raise error(str(exc)) from None
    except Exception as exc:
        raise error(f"The save code could not be read ({type(exc).__name__}).") from None


def put_varint(n: int, out: bytearray) -> None:
    """Append the unsigned varint of `n` (7 bits a byte, low first, high bit: more)."""
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def put_text(text: str, out: bytearray) -> None:
    """Append `text` as its UTF-8 length (a varint) and its bytes."""
    raw = text.encode("utf-8")
    put_varint(len(raw), out)
    out += raw


class Reader:
    """Reads a payload front to back; every read past its end is a PackError."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    @property
    def at_end(self) -> bool:
        return self.pos == len(self.data)

    def varint(self) -> int:
        n = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise PackError("The save code is cut short.")
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return n
            shift += 7
            if shift > MAX_VARINT_BITS:
                raise PackError("The save code holds a number that is far too large.")

    def text(self, max_bytes: int, what: str) -> str:
        """A length-prefixed UTF-8 text of at most `max_bytes` bytes; `what` names it in
        the messages ("a player name")."""
        length = self.varint()
        if length > max_bytes:
            raise PackError(f"The save code holds {what} that is far too long.")
        raw = self.data[self.pos : self.pos + length]
        if len(raw) != length:
            raise PackError("The save code is cut short.")
        self.pos += length
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise PackError(f"The save code holds {what} that is not text.") from None


def match_code(text: object, code: re.Pattern[str], max_chars: int, *, too_long: str,
               not_a_code: str) -> re.Match[str]:
    """`code` (a game's pattern: its prefix, its format's number, the packed body)
    matched on the text without its outer spaces; PackError in the game's own words
    (`too_long`, `not_a_code`) for a text longer than `max_chars` or one that does not
    match, and for anything that is not a text."""
    if not isinstance(text, str):
        raise PackError("A save code is a text.")
    text = text.strip()
    if len(text) > max_chars:
        raise PackError(too_long)
    m = code.match(text)
    if not m:
        raise PackError(not_a_code)
    return m


def pack(payload: bytes) -> str:
    """The payload compressed (zlib, level 9) and written as base64url without padding."""
    return base64.urlsafe_b64encode(zlib.compress(payload, 9)).rstrip(b"=").decode("ascii")


def unpack(body: str, max_payload: int) -> bytes:
    """The payload `pack` made `body` from; PackError for anything else, and for a
    payload that would unpack to more than `max_payload` bytes (it is never unpacked
    further: a small hostile text cannot make a large allocation)."""
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise PackError("The save code is damaged (its length is wrong).") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(raw, max_payload)
    except zlib.error:
        raise PackError("The save code is damaged (it does not unpack).") from None
    if inflater.unconsumed_tail:
        raise PackError("The save code unpacks to far more than a game can hold.")
    if not inflater.eof:
        raise PackError("The save code is cut short.")
    if inflater.unused_data:
        raise PackError("The save code has extra data at its end.")
    return data
