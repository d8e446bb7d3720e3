"""Save codes: a whole Merv game as a short URL-safe text.

A code is `merv1-` and base64url (no padding) of a zlib-compressed payload: the player
names, the seed and the index in legal_actions of every action taken. Decoding replays
the actions through the engine, which stays the only judge of what a code may hold; any
text that is not such a code raises SaveCodeError (and nothing else).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from .engine import SetupError, apply_action, legal_actions, new_game
from .state import GameState

SAVE_FORMAT = 1
PREFIX = f"merv{SAVE_FORMAT}-"
MAX_CODE_CHARS = 8_000
MAX_PAYLOAD_BYTES = 8_000
MAX_MOVES = 3_000
_CODE = re.compile(r"^merv(\d{1,3})-([A-Za-z0-9_-]*)$")


class SaveCodeError(ValueError):
    """The text is not a Merv save code this version can load; the message says why."""


def _varint(n: int, out: bytearray) -> None:
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | 0x80 if n else byte)
        if not n:
            return


def encode_save(state: GameState) -> str:
    """The save code of a game (finished or not)."""
    out = bytearray()
    _varint(len(state.names), out)
    for name in state.names:
        raw = name.encode("utf-8")
        _varint(len(raw), out)
        out += raw
    _varint(state.seed, out)
    _varint(len(state.moves), out)
    for m in state.moves:
        _varint(m, out)
    packed = base64.urlsafe_b64encode(zlib.compress(bytes(out), 9)).rstrip(b"=")
    return PREFIX + packed.decode("ascii")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def varint(self) -> int:
        n = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise SaveCodeError("The save code is cut short.")
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return n
            shift += 7
            if shift > 70:
                raise SaveCodeError("The save code holds a number that is far too large.")

    def text(self) -> str:
        length = self.varint()
        if length > 80:
            raise SaveCodeError("The save code holds a name that is far too long.")
        raw = self.data[self.pos:self.pos + length]
        if len(raw) != length:
            raise SaveCodeError("The save code is cut short.")
        self.pos += length
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveCodeError("The save code holds a name that is not text.") from None


def _unpack(text: str) -> bytes:
    if not isinstance(text, str):
        raise SaveCodeError("A save code is a text.")
    text = text.strip()
    if len(text) > MAX_CODE_CHARS:
        raise SaveCodeError("The save code is too long to be a Merv game.")
    m = _CODE.match(text)
    if not m:
        raise SaveCodeError(f"This is not a Merv save code (it starts with {PREFIX} and "
                            "holds only letters, digits, - and _).")
    if int(m.group(1)) != SAVE_FORMAT:
        raise SaveCodeError(f"Save code format {m.group(1)} is not one this version reads.")
    body = m.group(2)
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise SaveCodeError("The save code is damaged (its length is wrong).") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(raw, MAX_PAYLOAD_BYTES)
    except zlib.error:
        raise SaveCodeError("The save code is damaged (it does not unpack).") from None
    if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
        raise SaveCodeError("The save code is damaged (its packing is wrong).")
    return data


def decode_save(text: str) -> GameState:
    """The game a save code holds, replayed; SaveCodeError for anything else."""
    try:
        r = _Reader(_unpack(text))
        n = r.varint()
        if not 2 <= n <= 4:
            raise SaveCodeError(f"The save code names {n} players; Merv has 2 to 4.")
        names = [r.text() for _ in range(n)]
        seed = r.varint()
        count = r.varint()
        if count > MAX_MOVES:
            raise SaveCodeError("The save code holds more moves than a game can have.")
        moves = [r.varint() for _ in range(count)]
        if r.pos != len(r.data):
            raise SaveCodeError("The save code has extra data at its end.")
        try:
            state = new_game(names, seed)
        except SetupError as exc:
            raise SaveCodeError(f"The save code's game cannot start: {exc}.") from None
        for i, m in enumerate(moves, 1):
            legal = legal_actions(state)
            if m >= len(legal):
                raise SaveCodeError(f"Move {i} of the save code is not a legal move.")
            state = apply_action(state, legal[m])
        return state
    except SaveCodeError:
        raise
    except Exception as exc:  # a save code must never raise anything else
        raise SaveCodeError(f"The save code could not be read ({type(exc).__name__}).") from None
