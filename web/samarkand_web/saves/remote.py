"""Play by link: a game passed from device to device as an address, with no server.

The link (after ``#``) is one line of fields separated by dots::

    r2.<seats>.<to><from>.<sends>.<check>.<save code>

- ``seats``: one letter per seat, ``h`` a person, a digit the index of a bot level in
  ``samarkand_core.bots.LEVELS`` (bots play on the device that holds the turn);
- ``to``, ``from``: the seats (from 1) of the person the link is for and of the one
  who sent it;
- ``sends``: the latest sends of the game (at most ``LINK_SENDS``), each
  ``<moves>-<from><to>[s]-<minute>`` in base 36, joined by ``_``: how many public
  moves the game had (a kept card's keep is not counted: it is said by nobody), who
  sent it to whom (``s``: to ask the recipient the public question of a
  sale round, state/remote.py: "whoever holds this card may sell it now"; a link made
  before the rounds set it only to ask the card's holder, and opens as a round asked of
  the holder first), and when (minutes since 1970, the sender's clock). The last one is
  this link's own send;
- ``check``: CRC-32 of all the rest, in base 36 padded to 7 digits: a link damaged on
  the way (cut short, a character changed) is refused before anything is stored (it
  proves nothing against a forger: anyone can compute it);
- the save code (samarkand_core.savecode) without its keeps (encode_save(keeps=False)):
  players, seed and every public move, which the page replays with the engine (an
  illegal move refuses the link); a card up for sale whose next move is not its sale
  was kept, and one up for sale at the end was kept once its holder has sent a link
  there (or the holder is a bot). So the text is the same, character for character,
  whether a card was kept or lay in the pile (tests/page/test_remote_sale.py, W1).

The links of earlier builds, ``r1``, count every move and carry the keeps in their
save code (and an unpadded check); they still open, read as they were written.

The link holds the whole game, hands and the cards still to be drawn included, so
that every device can check every move without a server: play by link trusts the
players not to decode it. The page shows nothing beyond the recipient's view.

A device keeps ONE save per remote game (the same players, seed and map) and a record
beside it (``samarkand.remote.<save id>``: the seat this device plays, and every send
it has seen). Opening a link (``place_link``) never loses a move: a link that the
save holds already (the same moves, or fewer) changes nothing; a link that holds the
save's moves and more brings it up to date; a link whose moves went another way than
the save's is kept as a save of its own (a copy), and the page says so.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from samarkand_core import (
    SELL,
    GameState,
    Keep,
    SaveCodeError,
    apply_action,
    decode_save,
    encode_save,
    start_of,
)
from samarkand_core.bots import LEVELS
from samarkand_core.events import Kept, MarkerTaken
from samarkand_web.saves.jsonread import read_json
from samarkand_web.saves.links import MAX_PLAYERS, MIN_PLAYERS
from samarkand_web.saves.storage import (
    KeyValueStore,
    Saves,
    holds,
    moves_of,
    same_start,
)
from samarkand_web.saves.storage_models import SaveEntry

HUMAN = "human"
# r2: the sends count the game's public moves and the save code leaves the kept cards
# out (a keep is said by nobody: nothing in the link's text tells a kept card from one in
# the pile); r1, the links of earlier builds, count every move and carry the keeps: they
# still open.
LINK_VERSION = "r2"
OLD_LINK_VERSION = "r1"
CHECK_DIGITS = 7  # a CRC-32 in base 36, padded: the same length for every link
LINK_SENDS = 8  # sends carried in a link: the device keeps every one it has seen
RECORD_PREFIX = "samarkand.remote."
MAX_SENDS = 4000  # kept in a device's record (a long game has a few hundred)
MAX_MINUTE = 60 * 24 * 366 * 8000  # minutes since 1970: year 9999 and a bit
MAX_LINK = 20_000  # characters: far more than any game's link
# A signed link (r2) ends ".<key>.<signature>": the sender's public key (ECDSA P-256, the
# raw point, 87 characters) and its signature of the link's text up to the key included
# (64 bytes, 86 characters), both base64url. The browser signs and verifies (dom.js,
# WebCrypto); the page compares keys with those it has bound to each seat (Record.keys).
B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_SIGNED_FIELD = 200
SIGNED_CHARS = 1 + 87 + 1 + 86  # what a WebCrypto signature adds to a link's length


class LinkProblem(Exception):
    """A play-by-link address that cannot be used; `key` is an i18n key, `detail` the
    cause (English, for the details)."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}")
        self.key = key
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Send:
    """A link made: the game's moves then, who sent it to whom (seats), and when."""

    moves: int
    sender: int
    to: int
    minute: int
    # the link asks the recipient the public question of a sale round (it goes to every
    # person after each goods marker taken, wherever the card is)
    sale: bool = False


@dataclass(frozen=True, slots=True)
class RemoteLink:
    code: str
    seats: tuple[str, ...]  # "human" or a bot level, one per seat
    to: int
    sender: int
    sends: tuple[Send, ...]  # the latest sends, this link's own last
    # parsed from an r2 link and not decoded yet: the sends count public moves and the
    # code leaves the keeps out (decode_link turns both into the game's own)
    public: bool = False
    # a signed link: the sender's device's public key (ECDSA P-256, raw, base64url), its
    # signature of `signed` (the link's text without ".<signature>"); "" when unsigned
    key: str = ""
    signature: str = ""
    signed: str = ""


# ---------------------------------------------------------------------- base 36


def b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def un36(text: str, limit: int) -> int:
    if not text or len(text) > 9 or any(c not in "0123456789abcdefghijklmnopqrstuvwxyz"
                                        for c in text):
        raise LinkProblem("remote.damaged", f"not a number: {text[:12]!r}")
    n = int(text, 36)
    if n > limit:
        raise LinkProblem("remote.damaged", f"out of range: {text[:12]!r}")
    return n


# ---------------------------------------------------------------------- the link


def is_remote(fragment: str) -> bool:
    """Is this #fragment (with or without its #) a play-by-link address?"""
    return fragment.lstrip("#").startswith((LINK_VERSION + ".", OLD_LINK_VERSION + "."))


def _seat_letter(seat: str) -> str:
    return "h" if seat == HUMAN else str(LEVELS.index(seat) if seat in LEVELS else 0)


def _sends_text(sends: Sequence[Send]) -> str:
    return "_".join(f"{b36(s.moves)}-{s.sender + 1}{s.to + 1}{'s' if s.sale else ''}-"
                    f"{b36(s.minute)}" for s in sends)


def _check(body: str) -> str:
    return b36(zlib.crc32(body.encode("utf-8")))


def public_counts(state: GameState) -> list[int]:
    """For each number of moves of the game (0 to all), how many of them are public: the
    keeps left out (a keep is a move of the game, but said by nobody)."""
    out = [0]
    for action in state.actions:
        out.append(out[-1] + (type(action) is not Keep))
    return out


def encode_link(link: RemoteLink, state: GameState | None = None) -> str:
    """The link's #fragment (without the #): r2 for the link's game `state`, whose text is
    the same whether a card was kept or lay in the pile (its sends count public moves, its
    code leaves the keeps out, its check has a fixed length); without `state`, the r1 link
    an earlier build made (for the tests of old links)."""
    seats = "".join(_seat_letter(s) for s in link.seats)
    pair = f"{link.to + 1}{link.sender + 1}"
    if state is None:
        head = f"{OLD_LINK_VERSION}.{seats}.{pair}.{_sends_text(link.sends)}"
        return f"{head}.{_check(head + '.' + link.code)}.{link.code}"
    public = public_counts(state)
    sends = [Send(public[min(s.moves, len(state.actions))], s.sender, s.to, s.minute, s.sale)
             for s in link.sends]
    code = encode_save(state, keeps=False)
    head = f"{LINK_VERSION}.{seats}.{pair}.{_sends_text(sends)}"
    return f"{head}.{_check(head + '.' + code).zfill(CHECK_DIGITS)}.{code}"


def link_url(base: str, link: RemoteLink, state: GameState | None = None) -> str:
    return f"{base}#{encode_link(link, state)}"


def _parse_seats(text: str) -> tuple[str, ...]:
    if not MIN_PLAYERS <= len(text) <= MAX_PLAYERS:
        raise LinkProblem("remote.damaged", "not 2 to 5 seats")
    seats: list[str] = []
    for c in text:
        if c == "h":
            seats.append(HUMAN)
        elif c.isdigit() and int(c) < len(LEVELS):
            seats.append(LEVELS[int(c)])
        else:
            raise LinkProblem("remote.damaged", f"unknown seat {c!r}")
    return tuple(seats)


def _parse_sends(text: str, n: int) -> tuple[Send, ...]:
    if not text:
        return ()
    items = text.split("_")
    if len(items) > LINK_SENDS * 4:
        raise LinkProblem("remote.damaged", "too many sends")
    out: list[Send] = []
    for item in items:
        parts = item.split("-")
        pair = parts[1] if len(parts) == 3 else ""
        sale = pair.endswith("s")
        pair = pair.removesuffix("s")
        if len(pair) != 2 or not pair.isdigit():
            raise LinkProblem("remote.damaged", f"not a send: {item[:20]!r}")
        sender, to = int(pair[0]) - 1, int(pair[1]) - 1
        if not (0 <= sender < n and 0 <= to < n):
            raise LinkProblem("remote.damaged", "a send names no seat")
        out.append(Send(un36(parts[0], 100_000), sender, to, un36(parts[2], MAX_MINUTE), sale))
    return tuple(out)


def decode_link(fragment: str) -> tuple[RemoteLink, GameState]:
    """The link and its game, replayed by the engine; LinkProblem if anything is wrong
    (damaged, a move the rules do not allow, or a link that is not for the person who
    decides next)."""
    link = parse_link(fragment)
    try:
        if link.public:
            state = decode_save(link.code, settle=lambda s: _holder_answered(link, s))
        else:
            state = decode_save(link.code)
    except SaveCodeError as exc:
        raise LinkProblem("remote.illegal", str(exc)) from None
    link = link_of_game(link, state)
    check_link(link, state)
    return link, state


def _holder_answered(link: RemoteLink, state: GameState) -> bool:
    """An r2 link's game ends with a card up for sale: was it kept? Yes when its holder is
    a bot (bots decide at once, before any link) or has sent a link at this point (a
    person answers before passing the question on); no, and the holder is still asked,
    otherwise. Public facts only: the sends, and whose the card is (which the engine
    knows, not the table)."""
    holder = state.pending_holder
    if link.seats[holder] != HUMAN:
        return True
    now = public_counts(state)[-1]
    return any(s.sender == holder and s.moves == now for s in link.sends)


def link_of_game(link: RemoteLink, state: GameState) -> RemoteLink:
    """An r2 link (parse_link) with its sends counting the moves of its game `state`, and
    its save code the game's own (keeps and all); an r1 link as it is.

    The link's own send counts the game as it comes. An earlier send made where a card
    was kept is counted before the keep when it asked the round's question (the holder
    may not have answered yet) and after it otherwise (the way back, or the final
    position, go after every answer). Which side a question fell on needs no more:
    sends from different devices are compared by their public moves (merge_sends,
    foreign_sends), and the round only asks whether a send came after the marker."""
    if not link.public:
        return link
    public = public_counts(state)
    keeps = {public[i]: i for i, a in enumerate(state.actions) if type(a) is Keep}
    sends: list[Send] = []
    last = len(link.sends) - 1
    for n, s in enumerate(link.sends):
        if s.moves > public[-1]:
            raise LinkProblem("remote.damaged", "a send after the game's last move")
        i = keeps.get(s.moves)
        if n == last and s.moves == public[-1]:
            moves = len(state.actions)  # this link's own send: the game as it comes
        elif i is None:
            moves = public.index(s.moves)  # (no keep there: one count of moves has it)
        else:
            moves = i if s.sale else i + 1
        sends.append(Send(moves, s.sender, s.to, s.minute, s.sale))
    keeps_in = len(public) - 1 != public[-1]
    return RemoteLink(encode_save(state) if keeps_in else link.code, link.seats, link.to,
                      link.sender, tuple(sends), key=link.key, signature=link.signature,
                      signed=link.signed)


def parse_link(fragment: str) -> RemoteLink:
    """The link's fields, its save code not yet decoded (decode_link does that, and
    checks that the fields fit the game); LinkProblem if it is damaged."""
    text = fragment.lstrip("#").strip()
    if len(text) > MAX_LINK:
        raise LinkProblem("remote.damaged", "too long")
    parts = text.split(".")
    key = signature = signed = ""
    if len(parts) == 8 and parts[0] == LINK_VERSION:  # signed (see SIGNED)
        key, signature = parts[6], parts[7]
        if not (_is_b64(key) and _is_b64(signature)):
            raise LinkProblem("remote.damaged", "not a key and a signature")
        signed = text[:-len(signature) - 1]
        parts = parts[:6]
    if len(parts) != 6 or parts[0] not in (LINK_VERSION, OLD_LINK_VERSION):
        raise LinkProblem("remote.damaged", "not six fields")
    version, seats_text, pair, sends_text, check, code = parts
    expected = _check(".".join((version, seats_text, pair, sends_text, code)))
    if check != (expected.zfill(CHECK_DIGITS) if version == LINK_VERSION else expected):
        raise LinkProblem("remote.damaged", "the check sum does not match")
    seats = _parse_seats(seats_text)
    if len(pair) != 2 or not pair.isdigit():
        raise LinkProblem("remote.damaged", "no recipient")
    to, sender = int(pair[0]) - 1, int(pair[1]) - 1
    sends = _parse_sends(sends_text, len(seats))
    return RemoteLink(code, seats, to, sender, sends, public=version == LINK_VERSION,
                      key=key, signature=signature, signed=signed)


def _is_b64(text: str) -> bool:
    """A key or a signature: base64url, of a bounded length."""
    return 0 < len(text) <= MAX_SIGNED_FIELD and all(c in B64 for c in text)


def signed_url(url: str, key: str, signature: str) -> str:
    """A link's address with its sender's key and signature (of the address's #fragment
    with the key: SIGNED)."""
    return f"{url}.{key}.{signature}"


def key_id(state: GameState) -> str:
    """The name of a game's key pair on a device (its IndexedDB entry): the game's start
    (players, seed, first player, map), public, the same on every device; a key per game,
    so that a key does not tie a device's games together."""
    start = encode_save(start_of(state))
    return "g" + b36(zlib.crc32(start.encode("utf-8")))


def check_link(link: RemoteLink, state: GameState) -> None:
    """What the fields say must fit the game: people at both ends, and the game waiting
    for the recipient (or over)."""
    n = state.n
    if len(link.seats) != n:
        raise LinkProblem("remote.damaged", "the seats do not match the game")
    for seat in (link.to, link.sender):
        if not (0 <= seat < n and link.seats[seat] == HUMAN):
            raise LinkProblem("remote.damaged", "a link goes from a person to a person")
    if link.to == link.sender:
        raise LinkProblem("remote.damaged", "a link to its own sender")
    if not state.is_over and not _decides(link, state):
        raise LinkProblem("remote.not_theirs", f"seat {state.current_player + 1} decides")
    if not link.sends or (link.sends[-1].moves, link.sends[-1].sender, link.sends[-1].to) != (
            len(state.actions), link.sender, link.to):
        raise LinkProblem("remote.damaged", "the latest send is not this link")
    if any(s.moves > len(state.actions) for s in link.sends):
        raise LinkProblem("remote.damaged", "a send after the game's last move")


def _decides(link: RemoteLink, state: GameState) -> bool:
    """Is the link's recipient the one who decides next: the player to move, the first
    person after the bots to move (bots play on the device that holds the game), or a
    person asked the question of the sale round of the goods marker just taken?"""
    p = state.current_player
    if p == link.to:
        return True
    if link.sends[-1].sale and (state.phase == SELL or any(
            isinstance(e, (MarkerTaken, Kept)) for e in state.events)):
        return True  # every person is asked in turn, the card's holder or not
    n = state.n
    first = next(((p + k) % n for k in range(n) if link.seats[(p + k) % n] == HUMAN), None)
    return first == link.to


# ---------------------------------------------------------------------- a device's record


@dataclass(frozen=True, slots=True)
class Record:
    """What a device keeps beside a remote game's save."""

    seat: int  # the seat this device plays
    sends: tuple[Send, ...] = ()
    # who decides next in the saved position (-1: nobody on another device; for the list)
    waiting: int = -1
    code_check: str = ""  # the check of the save code `waiting` was worked out for
    # the public key bound to each seat ("": none yet): the first one a signed link of
    # that seat carried here (trust on first use), this device's own for its seat
    keys: tuple[str, ...] = ()

    def key_of(self, seat: int) -> str:
        return self.keys[seat] if 0 <= seat < len(self.keys) else ""

    def with_key(self, seat: int, key: str) -> Record:
        keys = list(self.keys) + [""] * (MAX_PLAYERS - len(self.keys))
        keys[seat] = key
        while keys and not keys[-1]:
            keys.pop()
        return Record(self.seat, self.sends, self.waiting, self.code_check, tuple(keys))

    def to_json(self) -> str:
        obj: dict[str, object] = {
            "v": 2 if any(self.keys) else 1, "seat": self.seat, "waiting": self.waiting,
            "code": self.code_check,
            "sends": [[s.moves, s.sender, s.to, s.minute, int(s.sale)] for s in self.sends]}
        if any(self.keys):
            obj["keys"] = list(self.keys)
        return json.dumps(obj, separators=(",", ":"))

    @staticmethod
    def from_json(raw: str) -> Record:
        """Strict: exact fields and ranges (v1: no keys, v2: keys); ValueError otherwise."""
        obj = read_json(raw)  # bounded: JsonRefused is a ValueError
        fields = {"v", "seat", "waiting", "code", "sends"}
        if not isinstance(obj, dict) or set(obj) not in (fields, fields | {"keys"}) or (
                obj["v"], "keys" in obj) not in ((1, False), (2, True)):
            raise ValueError("not a remote record")
        seat, waiting, code, sends = obj["seat"], obj["waiting"], obj["code"], obj["sends"]
        if not _small_int(seat, 0, MAX_PLAYERS - 1) or not _small_int(
                waiting, -1, MAX_PLAYERS - 1) or not isinstance(code, str) or len(code) > 16:
            raise ValueError("bad remote record")
        keys = obj.get("keys", [])
        if not isinstance(keys, list) or len(keys) > MAX_PLAYERS or not all(
                isinstance(k, str) and (not k or _is_b64(k)) for k in keys):
            raise ValueError("bad keys")
        if not isinstance(sends, list) or len(sends) > MAX_SENDS:
            raise ValueError("bad sends")
        out: list[Send] = []
        limits = (100_000, MAX_PLAYERS - 1, MAX_PLAYERS - 1, MAX_MINUTE, 1)
        for item in sends:
            if not (isinstance(item, list) and len(item) == 5 and all(
                    _small_int(v, 0, hi) for v, hi in zip(item, limits, strict=True))):
                raise ValueError("bad send")
            out.append(Send(item[0], item[1], item[2], item[3], item[4] == 1))
        return Record(seat, tuple(out), waiting, code, tuple(keys))


def _small_int(v: object, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def waiting_of(state: GameState, link: RemoteLink, seat: int) -> int:
    """Whom a device playing `seat` waits for once it holds the link's game: the link's
    recipient when that is another person (-1: this device, or the game is over). Never
    the player to move as such: in a sale round that would name the card's holder (the
    page works it out again from the round when the game is opened)."""
    return -1 if state.is_over or link.to == seat else link.to


def code_check(code: str) -> str:
    return _check(code)


def merge_sends(*groups: Sequence[Send], state: GameState | None = None) -> tuple[Send, ...]:
    """Every send of the groups once, in the game's order (the latest MAX_SENDS). With
    the game (`state`), a send is the same when its public moves are (an r2 link counts
    public moves: a send made where a card was kept may come back counted either side
    of the keep)."""
    public = public_counts(state) if state is not None else None
    seen: dict[tuple[int, int, int, bool], Send] = {}
    for group in groups:
        for s in group:  # (a round's question and the final position may share a move)
            seen.setdefault((_public(public, s.moves), s.sender, s.to, s.sale), s)
    return tuple(sorted(seen.values(), key=lambda s: (s.moves, s.minute)))[-MAX_SENDS:]


def _public(public: list[int] | None, moves: int) -> int:
    """`moves` of a game counted without its keeps (past the end of the game known here,
    each further move as one)."""
    if public is None:
        return moves
    end = len(public) - 1
    return public[moves] if moves <= end else public[end] + moves - end


def load_record(store: KeyValueStore, save_id: str) -> Record | None:
    """The record beside a save (None: not a remote game, or a record that cannot be
    read: the game then plays at this device)."""
    try:
        raw = store.get(RECORD_PREFIX + save_id)
        return Record.from_json(raw) if raw else None
    except Exception:
        return None


def write_record(store: KeyValueStore, save_id: str, record: Record) -> None:
    """May raise the store's StorageFull or StorageUnavailable."""
    store.set(RECORD_PREFIX + save_id, record.to_json())


# ---------------------------------------------------------------------- placing a link


Placed = Literal["new", "same", "older", "newer", "branch"]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a link's game goes on this device.

    new:    no save of this game here: a new save;
    same:   the save holds exactly the link's moves: nothing written;
    older:  the save holds the link's moves and more: nothing written, the save opens;
    newer:  the link holds the save's moves and more: the save is brought up to date;
    branch: the save's moves went another way: the link's game is a save of its own,
            the other is untouched.
    `entry`/`state`: the save opened afterwards (its game); `record` its record;
    `other`: for branch, the save that went another way; `seen`: the link's own send was
    known here already (a link opened again).
    """

    outcome: Placed
    entry: SaveEntry | None
    state: GameState
    record: Record | None
    other: SaveEntry | None = None
    seen: bool = False


def remote_saves_of(saves: Saves, state: GameState,
                    code: str = "") -> list[tuple[SaveEntry, GameState, Record]]:
    """The remote saves of this device with the same start as `state` (the same game),
    the one changed last first. A save whose code is `code`, the link's, holds `state`
    itself: it is not decoded again."""
    good, _ = saves.list()
    out: list[tuple[SaveEntry, GameState, Record]] = []
    for entry in good:
        if entry.names != state.names:
            continue
        record = load_record(saves.store, entry.id)
        if record is None:
            continue
        if code and entry.code == code and len(entry.seats) == state.n:
            out.append((entry, state, record))
            continue
        stored = Saves.rebuilt(entry)
        if stored is not None and same_start(stored, state):
            out.append((entry, stored, record))
    return out


# ---------------------------------------------------------------------- a device's own seat


def foreign_moves(held: GameState, state: GameState, seat: int) -> int:
    """How many moves of `seat` the link's game (`state`) has that this device's game
    (`held`) does not: after the point where the two part (the end of `held` for a link
    that plays it on), a move decided by `seat` was made elsewhere, since this device
    plays `seat` and keeps every move it makes. An honest game has none: another device
    plays on until the game waits for this seat again (or asks its holder a question
    of a sale round, which only this device answers)."""
    mine, theirs = moves_of(held), moves_of(state)
    common = 0
    for x, y in zip(mine, theirs, strict=False):
        if x != y:
            break
        common += 1
    if common == len(theirs):
        return 0
    if common == len(mine):  # the link plays this game on: from its position
        s = held
    else:  # another way from an earlier move: from the start, to that move
        s = start_of(state)
        for action in state.actions[:common]:
            s = apply_action(s, action)
    count = 0
    for action in state.actions[common:]:
        count += s.current_player == seat
        s = apply_action(s, action)
    return count


def foreign_sends(record: Record, link: RemoteLink, state: GameState) -> list[Send]:
    """The link's sends that name this device's seat as their sender but that this
    device never made (its record keeps every link it sends before it shows it); sends
    compared by their public moves (those of the link's game `state`)."""
    public = public_counts(state)
    made = {(_public(public, s.moves), s.to) for s in record.sends
            if s.sender == record.seat}
    return [s for s in link.sends
            if s.sender == record.seat and (_public(public, s.moves), s.to) not in made]


def check_own_seat(found: Sequence[tuple[SaveEntry, GameState, Record]], link: RemoteLink,
                   state: GameState) -> None:
    """A device never takes moves in its own seat that it did not make: for each save of
    this game here, the link's moves of the seat this device plays must be those the save
    holds, and the link's sends from that seat those this device made. LinkProblem
    ("remote.forged") otherwise: the link was changed outside the page (its check sum is
    public, so it proves nothing against that)."""
    for _, stored, record in found:
        n = foreign_moves(stored, state, record.seat)
        if n:
            raise LinkProblem("remote.forged", f"{n} moves of seat {record.seat + 1} that "
                              "this device did not make")
        if foreign_sends(record, link, state):
            raise LinkProblem("remote.forged_send", f"a link of seat {record.seat + 1} "
                              "that this device did not send")


def check_keys(found: Sequence[tuple[SaveEntry, GameState, Record]], link: RemoteLink,
               trust: bool = False) -> None:
    """A link of a seat whose key this device holds (bound the first time a signed link
    of that seat came, or its own) must carry that key (its signature is checked by the
    browser, dom.js), and once any key of the game is held here every link must be signed:
    LinkProblem "remote.unsigned" for a link without one, "remote.new_key"
    for one signed by another key (the sender's device may have lost its key: the person
    is asked, and `trust` says they answered yes; never for this device's own seat)."""
    for _, _, record in found:
        if any(record.keys) and not link.key:  # (a signature stripped to claim a seat)
            raise LinkProblem("remote.unsigned", "the links of this game are signed")
        bound = record.key_of(link.sender)
        if not bound or bound == link.key:
            continue
        if link.sender == record.seat:
            raise LinkProblem("remote.forged_send", "signed by a key not this device's")
        if not trust:
            raise LinkProblem("remote.new_key", f"seat {link.sender + 1} signed with a new key")


def bind_key(record: Record, link: RemoteLink, trust: bool = False) -> Record:
    """The record with the link's key bound to its sender's seat, if none was (trust on
    first use), or if the person said they trust a new one."""
    if link.key and (trust or not record.key_of(link.sender)):
        return record.with_key(link.sender, link.key)
    return record


def find_place(saves: Saves, state: GameState, code: str = "",
               link: RemoteLink | None = None, trust: bool = False) -> Placement:
    """Where the link's game belongs (nothing written: `place_link` writes); `code`: the
    link's save code, whose game `state` is. With the `link`, LinkProblem for one that
    plays this device's own seat (check_own_seat) or is not signed by the key bound to
    its sender's seat (check_keys)."""
    found = remote_saves_of(saves, state, code)
    if link is not None:
        check_own_seat(found, link, state)
        check_keys(found, link, trust)
    for entry, stored, record in found:
        if holds(stored, state):
            same = len(stored.actions) == len(state.actions)
            return Placement("same" if same else "older", entry, stored, record)
    for entry, stored, record in found:
        if holds(state, stored):
            return Placement("newer", entry, state, record)
    if found:
        entry, _, record = found[0]
        return Placement("branch", None, state, record, other=entry)
    return Placement("new", None, state, None)


def place_link(saves: Saves, link: RemoteLink, state: GameState,
               seat: int | None = None, trust: bool = False) -> Placement:
    """Store the link's game on this device without losing a move (see Placement);
    `seat`: the one this device plays when it holds none of the game yet (the person
    said which: the link's recipient if not given).
    May raise StorageFull/StorageUnavailable (then nothing of it is stored), or
    LinkProblem for a link that plays this device's own seat or is not signed by the
    key bound to its sender (nothing stored either); `trust`: the person trusts the
    link's new key for its sender."""
    place = find_place(saves, state, link.code, link, trust)  # LinkProblem: nothing stored
    if place.outcome in ("same", "older"):
        assert place.entry is not None and place.record is not None
        record = bind_key(Record(place.record.seat, merge_sends(
            place.record.sends, link.sends, state=place.state), place.record.waiting,
            place.record.code_check, place.record.keys), link, trust)
        if record != place.record:
            write_record(saves.store, place.entry.id, record)
        own = link.sends[-1]
        public = public_counts(state)
        seen = any((_public(public, s.moves), s.sender, s.to, s.sale)
                   == (_public(public, own.moves), own.sender, own.to, own.sale)
                   for s in place.record.sends)
        return Placement(place.outcome, place.entry, place.state, record, seen=seen)
    if place.outcome == "newer":
        assert place.entry is not None and place.record is not None
        entry = saves.update(place.entry, state)
        record = bind_key(Record(place.record.seat, merge_sends(
            place.record.sends, link.sends, state=state), waiting_of(
            state, link, place.record.seat), code_check(entry.code), place.record.keys),
            link, trust)
        write_record(saves.store, entry.id, record)
        return Placement("newer", entry, state, record)
    if place.record is not None:
        seat = place.record.seat
    elif seat is None:
        seat = link.to
    origin: Literal["link", "copy"] = "copy" if place.outcome == "branch" else "link"
    entry = saves.create(state, link.seats, origin=origin)
    record = bind_key(Record(seat, merge_sends(place.record.sends if place.record else (),
                                               link.sends, state=state),
                             waiting_of(state, link, seat), code_check(entry.code),
                             place.record.keys if place.record else ()), link, trust)
    try:
        write_record(saves.store, entry.id, record)
    except Exception:
        saves.delete(entry.id)  # half a remote game would open as a game at one device
        raise
    return Placement(place.outcome, entry, state, record, other=place.other)


__all__ = ["LinkProblem", "Placement", "Record", "RemoteLink", "Send", "bind_key",
           "check_keys", "check_link", "check_own_seat", "decode_link", "encode_link",
           "find_place", "foreign_moves", "foreign_sends", "is_remote", "key_id",
           "link_of_game", "link_url", "load_record", "merge_sends", "parse_link",
           "place_link", "public_counts", "SIGNED_CHARS", "signed_url", "write_record"]
