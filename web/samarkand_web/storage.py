"""Saved games in a key-value store (the browser's localStorage, a dict in tests).

Each game is one entry, ``samarkand.save.<id>`` -> JSON of a SaveEntry: the save
code (which holds the whole game), who sits where (people or bots) and a few
facts for the list (names, turn, finished or not, dates). Every entry is checked
with pydantic when read; an entry that fails (damaged, hand-edited, from another
program or version) is reported as a BadEntry, never deleted behind the user's
back, and never stops the other saves from loading.

The pydantic models (SaveEntry, Prefs) live in storage_models.py, imported on first
use: the page draws its first board before pydantic's wheels are loaded (see
validator.py), so importing this module must not import pydantic.

Writes can fail: a full store raises StorageFull, a disabled one
StorageUnavailable; the callers turn those into a message and play on.
A game opened from a share link always becomes a new entry with a fresh id, so
it can never overwrite another save.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from samarkand_core import GameState, SaveCodeError, decode_save, encode_save

if TYPE_CHECKING:
    from pydantic import ValidationError

    from .storage_models import Prefs, SaveEntry

PREFIX = "samarkand.save."
PREFS_KEY = "samarkand.prefs"
SAVE_VERSION = 1
MAX_CODE = 16_000
_ID = r"^[a-z0-9]{4,24}$"


class StorageFull(Exception):
    """The store refused a write because it is full (QuotaExceededError)."""


class StorageUnavailable(Exception):
    """The store cannot be used at all (disabled by the browser or the user)."""


class KeyValueStore(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStore:
    """A dict as a store; `quota` (characters, keys plus values) makes it fill up."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None,
                 broken: bool = False) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota
        self.broken = broken

    def _check(self) -> None:
        if self.broken:
            raise StorageUnavailable("storage is disabled")

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)


@dataclass(frozen=True, slots=True)
class BadEntry:
    """An entry under our prefix that could not be read; `reason` is for people."""

    key: str
    reason: str


class SaveProblem(Exception):
    """A save could not be loaded; `key` is an i18n key, `detail` the cause (English)."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}")
        self.key = key
        self.detail = detail


def _reason(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "entry"
    return f"{where}: {first['msg']}"


def parse_entry(key: str, raw: str | None) -> SaveEntry | BadEntry:
    """Read one stored entry; anything wrong with it gives a BadEntry."""
    from pydantic import ValidationError

    from .storage_models import SaveEntry

    if raw is None:
        return BadEntry(key, "missing")
    try:
        entry = SaveEntry.model_validate_json(raw)
    except ValidationError as exc:
        return BadEntry(key, _reason(exc))
    if PREFIX + entry.id != key:
        return BadEntry(key, f"the entry says it is {entry.id!r}")
    if len(entry.names) != len(entry.seats):
        return BadEntry(key, "names and seats do not match")
    # A bot level this build does not have still loads: that seat plays as "random".
    return entry


def winners_of(state: GameState) -> tuple[int, ...]:
    if not state.is_over:
        return ()
    from samarkand_core import final_scores

    return final_scores(state).winners


class Saves:
    """The saved games of one store."""

    def __init__(self, store: KeyValueStore, now: Callable[[], float],
                 new_id: Callable[[], str] | None = None) -> None:
        self.store = store
        self.now = now
        self.new_id = new_id or (lambda: secrets.token_hex(5))

    # -- reading

    def list(self) -> tuple[list[SaveEntry], list[BadEntry]]:
        """Every save, newest first, and every entry that could not be read."""
        good: list[SaveEntry] = []
        bad: list[BadEntry] = []
        for key in sorted(self.store.keys()):
            if not key.startswith(PREFIX):
                continue  # not ours: never touched
            try:
                raw = self.store.get(key)
            except Exception as exc:  # a store that breaks on one key
                bad.append(BadEntry(key, str(exc) or type(exc).__name__))
                continue
            entry = parse_entry(key, raw)
            if isinstance(entry, BadEntry):
                bad.append(entry)
            else:
                good.append(entry)
        good.sort(key=lambda e: (-e.updated, e.id))
        return good, bad

    def get(self, save_id: str) -> SaveEntry:
        entry = parse_entry(PREFIX + save_id, self.store.get(PREFIX + save_id))
        if isinstance(entry, BadEntry):
            key = "problem.missing" if entry.reason == "missing" else "problem.damaged"
            raise SaveProblem(key, entry.reason)
        return entry

    def load(self, save_id: str) -> tuple[SaveEntry, GameState]:
        """The entry and its game, rebuilt from the save code (the engine checks every move)."""
        entry = self.get(save_id)
        try:
            state = decode_save(entry.code)
        except SaveCodeError as exc:
            raise SaveProblem("problem.bad_code", str(exc)) from None
        if state.n != len(entry.seats):
            raise SaveProblem("problem.damaged", "the players do not match the game")
        return entry, state

    # -- writing (may raise StorageFull / StorageUnavailable)

    def _fresh_id(self) -> str:
        existing = set(self.store.keys())
        for _ in range(100):
            sid = self.new_id()
            if PREFIX + sid not in existing:
                return sid
        raise StorageFull("no free id")  # pragma: no cover - 100 collisions of 40 bits

    def _write(self, entry: SaveEntry) -> SaveEntry:
        self.store.set(PREFIX + entry.id, entry.model_dump_json())
        return entry

    def create(self, state: GameState, seats: Sequence[str],
               origin: Literal["new", "link"] = "new") -> SaveEntry:
        """A new entry for this game, under an id no other entry has."""
        from .storage_models import SaveEntry

        t = self.now()
        entry = SaveEntry(
            v=SAVE_VERSION, id=self._fresh_id(), code=encode_save(state),
            names=tuple(state.names), seats=tuple(seats), created=t, updated=t,
            turn=state.turn, over=state.is_over, winners=winners_of(state), origin=origin,
        )
        return self._write(entry)

    def update(self, entry: SaveEntry, state: GameState) -> SaveEntry:
        """Write the game's new position into its own entry."""
        new = entry.model_copy(update={
            "code": encode_save(state), "updated": self.now(), "turn": state.turn,
            "over": state.is_over, "winners": winners_of(state),
        })
        return self._write(new)

    def delete(self, key_or_id: str) -> None:
        key = key_or_id if key_or_id.startswith(PREFIX) else PREFIX + key_or_id
        self.store.remove(key)

    def import_code(self, code: str, seats: Sequence[str] | None = None) -> tuple[
            SaveEntry, GameState]:
        """A game from a share link, as a NEW save. SaveProblem if the code is bad."""
        try:
            state = decode_save(code)
        except SaveCodeError as exc:
            raise SaveProblem("problem.bad_link", str(exc)) from None
        seat_list = list(seats) if seats is not None else ["human"] * state.n
        if len(seat_list) != state.n:
            seat_list = ["human"] * state.n
        return self.create(state, seat_list, origin="link"), state


# -- preferences (language, bot speed): small, and wrong values fall back to defaults


def load_prefs(store: KeyValueStore) -> Prefs:
    from .storage_models import Prefs

    try:
        raw = store.get(PREFS_KEY)
        return Prefs.model_validate(json.loads(raw)) if raw else Prefs()
    except Exception:  # damaged prefs are not worth a message
        return Prefs()


def save_prefs(store: KeyValueStore, prefs: Prefs) -> None:
    store.set(PREFS_KEY, prefs.model_dump_json())


def __getattr__(name: str) -> Any:
    """SaveEntry and Prefs (pydantic models) on first use: `from .storage import
    SaveEntry` imports pydantic only when it runs, not when this module is imported."""
    if name in ("SaveEntry", "Prefs"):
        from . import storage_models

        return getattr(storage_models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
