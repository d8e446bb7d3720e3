"""A person's camels placed and not yet confirmed, kept across a reload of the tab.

The save holds committed moves only: a move that may still be taken back is never
saved as part of the game, shared or sent. A camel placed and not confirmed would
vanish on a reload without a word; it is kept in the tab's own store instead (the
browser's sessionStorage: it lasts as long as the tab, across its reloads, and another
tab on the same save never sees it), under ``samarkand.pending.<save id>``: the save
code it extends and the save code with it. Opening the save again in that tab plays
those moves again as pending ones (still to confirm, still to take back). When the
save has moved on meanwhile (another tab played), they no longer apply and are
dropped. Only the page's own writes are read, and strictly: anything else is as if
nothing were kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from samarkand_core import GameState, Place, SaveCodeError, decode_save, encode_save
from samarkand_web.saves.jsonread import JsonRefused, read_json
from samarkand_web.saves.storage import KeyValueStore
from samarkand_web.saves.storage_models import CODE_PATTERN, MAX_CODE

PENDING_PREFIX = "samarkand.pending."


@dataclass(frozen=True, slots=True)
class Pending:
    """What is kept: the save's code the moves extend, and the code with them."""

    base: str
    code: str

    def to_json(self) -> str:
        return json.dumps({"base": self.base, "code": self.code}, separators=(",", ":"))

    @staticmethod
    def from_json(raw: str) -> Pending | None:
        try:
            data = read_json(raw)
        except JsonRefused:
            return None
        if type(data) is not dict or sorted(data) != ["base", "code"]:
            return None
        base, code = data["base"], data["code"]
        for text in (base, code):
            if type(text) is not str or len(text) > MAX_CODE or not CODE_PATTERN.fullmatch(text):
                return None
        return Pending(base, code)


def pending_places(committed: GameState, state: GameState) -> tuple[Place, ...]:
    """The moves `state` has beyond `committed`, when they are camels placed on top of
    it (what a person may still take back); () otherwise."""
    done, now = committed.actions, state.actions
    extra = now[len(done):]
    if len(now) <= len(done) or now[:len(done)] != done:
        return ()
    if not all(isinstance(a, Place) for a in extra):
        return ()
    return tuple(a for a in extra if isinstance(a, Place))


def write_pending(store: KeyValueStore, save_id: str, base: str, state: GameState) -> None:
    store.set(PENDING_PREFIX + save_id, Pending(base, encode_save(state)).to_json())


def drop_pending(store: KeyValueStore, save_id: str) -> None:
    store.remove(PENDING_PREFIX + save_id)


def read_pending(store: KeyValueStore, save_id: str, base: str,
                 committed: GameState) -> tuple[Place, ...]:
    """The camels kept for this save, when they extend its stored code `base` (the game
    `committed`); () when there are none or they no longer apply."""
    raw = store.get(PENDING_PREFIX + save_id)
    kept = Pending.from_json(raw) if raw else None
    if kept is None or kept.base != base:
        return ()
    try:
        state = decode_save(kept.code)  # the engine checks every move
    except SaveCodeError:
        return ()
    return pending_places(committed, state)
