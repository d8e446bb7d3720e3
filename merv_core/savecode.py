"""Save codes: a whole Merv game as a short URL-safe text.

A code is `merv1-` and base64url (no padding) of a zlib-compressed payload: the player
names, the seed and the index in legal_actions of every action taken. Decoding replays
the actions through the engine, which stays the only judge of what a code may hold; any
text that is not such a code raises SaveCodeError (and nothing else).
"""

from __future__ import annotations

import re

from savepack import Reader, match_code, pack, put_text, put_varint, read_as, unpack

from .engine import SetupError, apply_action, legal_actions, new_game
from .state import GameState

SAVE_FORMAT = 1
PREFIX = f"merv{SAVE_FORMAT}-"
MAX_CODE_CHARS = 8_000
MAX_PAYLOAD_BYTES = 8_000
MAX_MOVES = 3_000
MAX_NAME_BYTES = 80
_CODE = re.compile(r"^merv(\d{1,3})-([A-Za-z0-9_-]*)$")


class SaveCodeError(ValueError):
    """The text is not a Merv save code this version can load; the message says why."""


def encode_save(state: GameState) -> str:
    """The save code of a game (finished or not)."""
    out = bytearray()
    put_varint(len(state.names), out)
    for name in state.names:
        put_text(name, out)
    put_varint(state.seed, out)
    put_varint(len(state.moves), out)
    for m in state.moves:
        put_varint(m, out)
    return PREFIX + pack(bytes(out))


def _unpack(text: str) -> bytes:
    m = match_code(text, _CODE, MAX_CODE_CHARS,
                   too_long="The save code is too long to be a Merv game.",
                   not_a_code=f"This is not a Merv save code (it starts with {PREFIX} and "
                              "holds only letters, digits, - and _).")
    if int(m.group(1)) != SAVE_FORMAT:
        raise SaveCodeError(f"Save code format {m.group(1)} is not one this version reads.")
    return unpack(m.group(2), MAX_PAYLOAD_BYTES)


def decode_save(text: str) -> GameState:
    """The game a save code holds, replayed; SaveCodeError for anything else."""
    with read_as(SaveCodeError):
        r = Reader(_unpack(text))
        n = r.varint()
        if not 2 <= n <= 4:
            raise SaveCodeError(f"The save code names {n} players; Merv has 2 to 4.")
        names = [r.text(MAX_NAME_BYTES, "a name") for _ in range(n)]
        seed = r.varint()
        count = r.varint()
        if count > MAX_MOVES:
            raise SaveCodeError("The save code holds more moves than a game can have.")
        moves = [r.varint() for _ in range(count)]
        if not r.at_end:
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
