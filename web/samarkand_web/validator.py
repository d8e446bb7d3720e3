"""What waits for pydantic (the validator) in the page, and how.

The page draws its first board before pydantic's wheels are loaded: they are
fetched when the board is already clickable (main.py), and ``App.validator_arrived``
runs once they are imported. The engine needs no pydantic to play; what does is
reading what comes from outside: saved entries and preferences from storage, and a
save code from a share link or a saved game. Until the validator is there:

- preferences are read with the page's own allow-lists (a known language, a known
  speed: what the App keeps of them anyway), and read again, validated, when it
  arrives; a change of language or speed is written then;
- a new game plays at once; its save is written when the validator arrives (the
  newest position: each write of an entry replaces the one before, so nothing is
  lost), and the address then gets its ``?game=<id>``;
- a saved game or a share link opens when the validator arrives (the page keeps its
  loading screen until then);
- the start screen shows that the saved games are being read, not an empty list.

Headless tests create the App with the validator there (the default).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import i18n
from .effects import Effects
from .links import SPEEDS, game_url
from .storage import PREFS_KEY, KeyValueStore, StorageFull, StorageUnavailable

if TYPE_CHECKING:
    from .app import App
    from .controller import Controller


def peek_prefs(store: KeyValueStore) -> tuple[str | None, str | None]:
    """(language, speed) as stored, without pydantic: each a string or None, anything
    else (damaged JSON, other types) None, as load_prefs gives for such entries. The
    App accepts only languages and speeds it knows in any case."""
    try:
        raw = store.get(PREFS_KEY)
        data = json.loads(raw) if raw else {}
    except Exception:  # damaged prefs are not worth a message
        return None, None
    if not isinstance(data, dict):
        return None, None
    lang, speed = data.get("lang"), data.get("speed")
    return (lang if isinstance(lang, str) else None,
            speed if isinstance(speed, str) else None)


def read_prefs(store: KeyValueStore, validator: bool) -> tuple[str | None, str | None]:
    if not validator:
        return peek_prefs(store)
    from .storage import load_prefs

    prefs = load_prefs(store)
    return prefs.lang, prefs.speed


class WaitsForValidator:
    """App mixin: what waits for pydantic, and what happens when it arrives."""

    validator: bool
    _waiting: list[Callable[[], Effects]]  # games to open
    _unsaved: list[Controller]  # games started before it: written when it arrives
    _prefs_unsaved: bool
    _prefs_seen: tuple[str | None, str | None]

    def _init_validator(self, validator: bool) -> None:
        self.validator = validator
        self._waiting = []
        self._unsaved = []
        self._prefs_unsaved = False

    @property
    def waiting(self) -> bool:
        """A game waits to be opened until the validator arrives."""
        return bool(self._waiting)

    def _apply_prefs(self: App, lang: str | None, speed: str | None) -> None:
        self.lang = i18n.pick_language([lang or "", self.browser_lang])
        self.speed = speed if speed in SPEEDS else "normal"

    def _wait_for_validator(self, then: Callable[[], Effects]) -> Effects | None:
        """None when the validator is there (go on); else `then` is queued for its
        arrival and the Effects to return now (nothing to draw yet)."""
        if self.validator:
            return None
        self._waiting.append(then)
        return Effects(render=False)

    def _keep_unsaved(self, ctl: Controller) -> None:
        """A game to save when the validator arrives (its position then: the newest)."""
        if all(c is not ctl for c in self._unsaved):
            self._unsaved.append(ctl)

    def validator_arrived(self: App) -> Effects:
        """pydantic is imported: read the preferences again, validated; write what
        waited (preferences, games started meanwhile); open what waited."""
        if self.validator:
            return Effects(render=False)
        self.validator = True
        fx = Effects()
        if self.storage_ok and not self._prefs_unsaved:
            checked = read_prefs(self.store, True)
            if checked != self._prefs_seen:  # what the allow-lists let pass, pydantic refused
                self._prefs_seen = checked
                self._apply_prefs(*checked)
        if self._prefs_unsaved:
            self._prefs_unsaved = False
            self._save_prefs()
        unsaved, self._unsaved = self._unsaved, []
        for ctl in unsaved:
            self._save_started(ctl, fx)
        waiting, self._waiting = self._waiting, []
        for then in waiting:  # in the order asked; the last one is what shows
            fx = then()
        return fx

    def _save_started(self: App, ctl: Controller, fx: Effects) -> None:
        """The first save of a game started before the validator arrived: its committed
        moves, as App._autosave saves them (a move that may be taken back is not)."""
        commits = ctl.commits
        # the coach's switch as set on the start screen (it is the open game's)
        coach = self.coach.on if ctl is self.ctl else True
        try:
            entry = self.saves.create(ctl.committed, ctl.seats, coach=coach)
        except (StorageFull, StorageUnavailable) as exc:
            self._storage_failed(exc)
            return
        except Exception as exc:  # a store that fails in a way of its own
            self.message("error", "storage.failed", {}, f"{type(exc).__name__}: {exc}")
            return
        if ctl is self.ctl:
            self.entry = entry
            self._saved_commits = commits
            if self.screen == "game":
                fx.url = game_url(self.path, entry.id)
