"""Save codes: a whole game as a short URL-safe text, like a PGN for Samarkand.

A code is `s1-` (`s`, SAVE_FORMAT and `-`) and base64url of a zlib-compressed
payload: the board's fingerprint, the player names, the first player, the seed and
every action as a small integer. A game played with a rules variant (state.SaleTiming:
the sale at the holder's turn, for play by link) is an `s2-` code (VARIANT_FORMAT): the
same payload with the variant's number after the seed. A game of the rulebook's rules
stays an `s1-` code, byte for byte what it was, so every code made before reads as it
did, and a page made before the variant still reads every game it can play. Decoding
replays the actions through the engine, so the engine stays the single judge of what a
code may contain.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from savepack import Reader, match_code, pack, put_text, put_varint, read_as, unpack

from . import actions as A
from .actions import Action
from .board import Board, board_for_fingerprint
from .engine import IllegalActionError, apply_action, new_game
from .setup import MAX_NAME, MAX_PLAYERS, MAX_SEED, SetupError
from .state import SELL, GameState, SaleTiming

# The save-code format: the number after `s` in every code (`s1-...`). A new format
# gets the next number, and decode_save keeps reading every earlier one (old save codes
# keep loading); the package's version is separate (docs/package.md, "The package").
SAVE_FORMAT = 1
VARIANT_FORMAT = 2  # SAVE_FORMAT's payload and the rules variant after the seed
# The variant's number in a VARIANT_FORMAT code (a fixed numbering: never reorder).
_TIMINGS = (SaleTiming.AT_ONCE, SaleTiming.AT_HOLDERS_TURN)
MAX_CODE_CHARS = 16_000
MAX_PAYLOAD_BYTES = 32_000  # a finished 5-player game needs well under 1,000
MAX_ACTIONS = 4_000
_CODE = re.compile(r"^s(\d{1,4})-([A-Za-z0-9_-]*)$")

# Action codes: a fixed numbering, independent of the order of legal_actions.
_PASS, _END = 0, 1
_MARRY = 2  # + family
_SELL = 12  # + good - 1
_KEEP = 45  # + good - 1
_DISCARD = 78  # + a * 34 + b for the sorted cards (a, b), 0 meaning "none"
_PLACE = 1300  # + family * n_spaces + space


class SaveCodeError(ValueError):
    """The text is not a save code this game can load; the message says why."""


class _SaveData(NamedTuple):
    """The decoded contents of a code, every field checked by _read."""

    board: int
    names: tuple[str, ...]
    first_player: int
    seed: int
    sale_timing: SaleTiming
    actions: tuple[int, ...]


def action_code(board: Board, action: Action) -> int:
    if isinstance(action, A.Place):
        return _PLACE + board.family_index[action.family] * board.n_spaces + action.space
    if isinstance(action, A.Marry):
        return _MARRY + board.family_index[action.family]
    if isinstance(action, A.Discard):
        cards = (0, 0, *action.cards)[-2:]
        return _DISCARD + cards[0] * 34 + cards[1]
    if isinstance(action, A.Sell):
        return _SELL + action.good - 1
    if isinstance(action, A.Keep):
        return _KEEP + action.good - 1
    if isinstance(action, A.EndTurn):
        return _END
    return _PASS


def code_action(board: Board, code: int) -> Action:
    """The action with this code; ValueError for a number that names none."""
    if code == _PASS:
        return A.PASS
    if code == _END:
        return A.END_TURN
    if _MARRY <= code < _SELL:
        return A.marry(board.family_ids[code - _MARRY])
    if _SELL <= code < _KEEP:
        return A.sell(code - _SELL + 1)
    if _KEEP <= code < _DISCARD:
        return A.keep(code - _KEEP + 1)
    if _DISCARD <= code < _DISCARD + 34 * 34:
        a, b = divmod(code - _DISCARD, 34)
        if (a and not b) or (a and a >= b):
            raise ValueError(f"action code {code} names no discard")
        return A.discard(tuple(c for c in (a, b) if c))
    if _PLACE <= code < _PLACE + board.n_families * board.n_spaces:
        f, space = divmod(code - _PLACE, board.n_spaces)
        return A.place(board.family_ids[f], space)
    raise ValueError(f"action code {code} names no action")


def board_fingerprint(board: Board) -> int:
    return board.fingerprint & 0xFFFF


def encode_save(state: GameState, keeps: bool = True) -> str:
    """The save code of a game: everything needed to rebuild it by replaying.

    `keeps=False` leaves the kept goods cards out (a keep is said by nobody): the code a
    game by link travels in, the same bytes whether a card was kept or lay in the pile;
    decode_save(..., settle=...) puts them back (see there)."""
    board = state.board
    out = bytearray()
    put_varint(board_fingerprint(board), out)
    put_varint(len(state.names), out)
    for name in state.names:
        put_text(name, out)
    put_varint(state.options.first_player, out)
    put_varint(state.options.seed, out)
    timing = state.options.sale_timing
    if timing is not SaleTiming.AT_ONCE:
        put_varint(_TIMINGS.index(timing), out)
    moves = state.actions if keeps else [a for a in state.actions if type(a) is not A.Keep]
    put_varint(len(moves), out)
    for action in moves:
        put_varint(action_code(board, action), out)
    version = SAVE_FORMAT if timing is SaleTiming.AT_ONCE else VARIANT_FORMAT
    return f"s{version}-{pack(bytes(out))}"


def _unpack(text: str) -> tuple[int, bytes]:
    m = match_code(text, _CODE, MAX_CODE_CHARS,
                   too_long="The save code is too long to be one of ours.",
                   not_a_code=f"This is not a save code (it should start with s{SAVE_FORMAT}- "
                              "and hold only letters, digits, - and _).")
    version = int(m.group(1))
    if version not in (SAVE_FORMAT, VARIANT_FORMAT):
        raise SaveCodeError(f"Save code version {m.group(1)} is not one this game reads "
                            f"(it reads versions {SAVE_FORMAT} and {VARIANT_FORMAT}).")
    return version, unpack(m.group(2), MAX_PAYLOAD_BYTES)


def _read(version: int, data: bytes) -> _SaveData:
    r = Reader(data)
    fingerprint = r.varint()
    n = r.varint()
    if not 2 <= n <= MAX_PLAYERS:
        raise SaveCodeError(f"The save code names {n} players; a game has 2 to {MAX_PLAYERS}.")
    names = tuple(r.text(MAX_NAME * 4, "a player name") for _ in range(n))
    first = r.varint()
    seed = r.varint()
    timing = SaleTiming.AT_ONCE
    if version == VARIANT_FORMAT:
        number = r.varint()
        # (a variant code of the rulebook's rules is never made: s1 says that)
        if not 0 < number < len(_TIMINGS):
            raise SaveCodeError(f"The save code names rules variant {number}, which this "
                                "game does not know.")
        timing = _TIMINGS[number]
    count = r.varint()
    if count > MAX_ACTIONS:
        raise SaveCodeError("The save code holds more moves than a game can have.")
    moves = tuple(r.varint() for _ in range(count))
    if not r.at_end:
        raise SaveCodeError("The save code has extra data at its end.")
    # What the format itself does not bound. Plain checks rather than a pydantic model:
    # the Reader has already parsed every field by hand, and a saved game must be resumable
    # before the page has loaded pydantic (the names are checked by new_game).
    if fingerprint >= 1 << 16:
        raise SaveCodeError("The save code is not valid: its map number is out of range.")
    if first >= MAX_PLAYERS:
        raise SaveCodeError(f"The save code is not valid: first player {first} is no seat.")
    if seed >= MAX_SEED:
        raise SaveCodeError("The save code is not valid: its seed is beyond 64 bits.")
    return _SaveData(fingerprint, names, first, seed, timing, moves)


def decode_save(text: str, board: Board | None = None,
                settle: Callable[[GameState], bool] | None = None) -> GameState:
    """Rebuild a game from its save code; SaveCodeError for anything else.

    The game is played on the map the code names: the shipped one or an earlier one kept
    for old codes (see board.board_for_fingerprint); `board` insists on that map.

    `settle`: the code was made without its keeps (encode_save(keeps=False)): a card up
    for sale whose next move is not its sale was kept, and one up for sale at the end
    was kept when settle(state) says so (the caller knows from public facts whether its
    holder has answered)."""
    with read_as(SaveCodeError):
        save = _read(*_unpack(text))
        if board is None:
            board = board_for_fingerprint(lambda fp: fp & 0xFFFF == save.board)
            if board is None:
                raise SaveCodeError("The save code was made on a map this game does not know.")
        elif save.board != board_fingerprint(board):
            raise SaveCodeError("The save code was made on a different map than this one.")
        try:
            state = new_game(save.names, save.seed, save.first_player, board=board,
                             sale_timing=save.sale_timing)
        except SetupError as exc:
            raise SaveCodeError(f"The save code's players are not valid: {exc}.") from None
        for i, code in enumerate(save.actions, 1):
            try:
                action = code_action(board, code)
                # (its sale, or the keep left out; at the holder's turn a sale of the
                # next card asked may follow a keep left out)
                while (settle is not None and state.phase == SELL
                       and action != A.Sell(good=state.pending_good)):
                    state = apply_action(state, A.Keep(good=state.pending_good))
                state = apply_action(state, action)
            except IllegalActionError as exc:
                raise SaveCodeError(f"Move {i} of the save code is not legal: {exc}") from None
            except ValueError as exc:
                raise SaveCodeError(f"Move {i} of the save code is not a move: {exc}.") from None
        if settle is not None and state.phase == SELL and settle(state):
            state = apply_action(state, A.Keep(good=state.pending_good))
        return state
