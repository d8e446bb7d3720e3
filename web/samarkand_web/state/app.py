"""The whole page as a Python object: the root that owns the page's parts and
dispatches each action to its handler.

The parts: ``game`` (state/session.py: the game shown, its save, the bots' pacing, the
show, the sounds), ``saves`` (the stored games, saves/storage.py), ``storage`` (the
header's storage alert), ``bylink`` (play by link, state/bylink.py), ``replay`` and
``analysis`` (the replay screen), ``coach``, ``guide``, ``form`` and the page's own
screen, overlay and messages. main.py turns DOM events into ``App.dispatch(action,
value, form)`` calls and timer ticks into the parts' ticks (``game.bot_tick``), then
draws ``render.render(app)``; the ``Effects`` a call returns say what only the browser
can do (change the address, copy to the clipboard, start a timer). The headless tests
drive it exactly like the page does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from samarkand_core import GameState, IllegalActionError
from samarkand_web.handlers import HANDLERS, form, guide, remote, replay, saves
from samarkand_web.saves.links import SPEEDS, PageRequest, parse_location
from samarkand_web.saves.remote import is_remote
from samarkand_web.saves.storage import KeyValueStore, MemoryStore, Saves, load_prefs
from samarkand_web.saves.storage import save_prefs as write_prefs
from samarkand_web.saves.storage_models import Prefs, SaveEntry
from samarkand_web.state.analysis import AnalysisDesk
from samarkand_web.state.bylink import ByLink
from samarkand_web.state.coaching import CoachDesk
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects, FormState, Message
from samarkand_web.state.replay import ReplayState
from samarkand_web.state.screen import Overlay, Scores, Screen
from samarkand_web.state.session import GameSession
from samarkand_web.state.storage_alert import StorageAlert
from samarkand_web.words import i18n

if TYPE_CHECKING:
    from samarkand_web.saves.backup import BackupImport
    from samarkand_web.state.guide import Guide

# New games' seeds from the system's randomness (as secrets.randbelow; the secrets module
# itself would load hashlib and hmac into the page's start).
_SYSTEM_RANDOM = random.SystemRandom()


class App:
    def __init__(self, store: KeyValueStore, *, now: Callable[[], float], lang: str = "en",
                 path: str = "index.html", origin: str = "", storage_ok: bool = True,
                 new_id: Callable[[], str] | None = None,
                 new_seed: Callable[[], int] | None = None, touch: bool = False,
                 prerender: bool = False, session: KeyValueStore | None = None) -> None:
        """`prerender`: the start screen drawn ahead by the build (first_screen.py), before
        any store is read: the saves list says it is being read. `session`: this tab's
        own store, kept across its reloads (sessionStorage): its unconfirmed camels."""
        self.store = store
        self.session = session if session is not None else MemoryStore()
        self.saves = Saves(store, now, new_id)
        self.storage = StorageAlert(ok=storage_ok)
        self.now = now
        self.path = path  # the page's path, e.g. "/index.html"
        self.origin = origin  # e.g. "http://127.0.0.1:8000"
        self.new_seed = new_seed or (lambda: _SYSTEM_RANDOM.randrange(1_000_000))
        self.browser_lang = lang
        self.prerender = prerender
        prefs = load_prefs(store) if storage_ok else Prefs()
        self.lang = i18n.pick_language([prefs.lang or "", lang])
        self.speed = prefs.speed if prefs.speed in SPEEDS else "normal"
        self.my_name = prefs.name  # the one-click game's name, remembered (handlers/quick.py)
        # Sounds (state/sounds.py): as the person last set them; never set, off on a touch
        # screen (a phone is often where silence is wanted) and on at a desk.
        self.sound_choice = prefs.sound  # None: never set (the default follows the screen)
        self.game = GameSession(self)  # the game shown (state/session.py)
        self.screen = Screen.HOME
        self.messages: list[Message] = []
        self.overlay: Overlay | None = None  # the dialog over the screen (state/screen.py)
        self.share_copied = False  # the link shown was copied (a share dialog, play by link)
        self.form = FormState()
        self.confirm_delete: str | None = None
        # A touch screen (main.py: matchMedia("(pointer: coarse)")): prompts say "tap".
        self.touch = touch
        # A narrow screen (browser/wiring.py sets it): the board drawn for a screen held
        # upright (samarkand_core.draw.board, portrait=True), as long as the screen stays narrow.
        self.portrait = False
        self.link_copy: tuple[GameState, list[str]] | None = None  # see handlers/saves
        self.bylink = ByLink()  # a game played by link (handlers/remote.py)
        self.can_share = False  # the browser has a share sheet
        self.replay: ReplayState | None = None  # the replay screen's game and move
        self.coach = CoachDesk()  # the open game's coach (handlers/coach.py)
        self.coach_phase = ""  # what the last coach_tick did (main.py measures it)
        self.importing: BackupImport | None = None  # a backup file being imported
        self.import_token = 0  # a slice of another import than the current one is stale
        self.analysis: AnalysisDesk | None = None  # the replayed game's analyses
        self.analysis_phase = ""  # what the last analysis_tick did (main.py measures it)
        self.guide: Guide | None = None  # the guided first game's guide (handlers/guide.py)

    # ------------------------------------------------------------------ helpers

    def internal_error(self) -> None:
        """Something in the page failed: say so, and say truly whether the open game is
        saved (its committed moves in the store) or how to keep it."""
        if self.screen != "game" or self.ctl is None:
            self.message("error", "error.internal")
        elif self.game.saved:
            self.message("error", "error.internal_saved")
        else:
            self.message("error", "error.internal_unsaved",
                         actions=(("message.share", "share", ""),))

    def drop_messages(self, keys: tuple[str, ...]) -> None:
        self.messages = [m for m in self.messages if m.key not in keys]

    def storage_failed(self, exc: Exception) -> None:
        """A write was refused: full, blocked, or failing in a way of its own. Whatever
        the cause, the player sees one alert (chrome.py), never a pile of messages."""
        self.storage.failed(exc)
        if self.ctl is not None:
            self.game.unsaved = True
            # the save the session counted as written was not (the worker hears of a
            # refused write after the App wrote to its mirror): the next chance saves it
            self.game.saved_commits = -1

    def storage_full_at_start(self) -> None:
        """The store reads but refuses writes (main.py's probe): every save is listed
        and opens; the header says that new moves cannot be kept, and how to make room."""
        self.storage.refused = True

    @property
    def storage_state(self) -> str:
        """What the header's storage alert says (StorageAlert.state)."""
        return self.storage.state(self.game.unsaved and self.ctl is not None)

    def t(self, key: str, **params: Any) -> str:
        return i18n.t(self.lang, key, **params)

    def message(self, kind: str, key: str, params: dict[str, Any] | None = None,
                detail: str = "", actions: tuple[tuple[str, str, str], ...] = ()) -> None:
        for m in self.messages:
            if m.key == key and m.params == (params or {}) and m.detail == detail:
                return
        self.messages.append(Message(kind, key, dict(params or {}), detail, actions))

    def bot_name(self, seat: int, level: str) -> str:
        return self.t("bot.name", n=seat + 1, level=self.t(f"level.{level}"))

    # ------------------------------------------------------------------ boot

    def boot(self, search: str = "", fragment: str = "") -> Effects:
        """Open the page for its address: a shared game, a new game, a saved one, or home."""
        req: PageRequest = parse_location(search, fragment, self.bot_name)
        if req.lang:
            self.set_lang(req.lang)
        if req.speed:
            self.speed = req.speed
        for p in req.problems:
            self.message("error", p.key, p.params)
        fx = Effects(url=self.path)
        guided = guide.guide_boot(self, search)  # ?guide=1: the guided first game
        if guided is not None:
            return guided
        if req.code is not None and is_remote(req.code):
            return remote.open_remote(self, fragment)  # a game played by link
        if req.code is not None and req.at is not None:
            return replay.open_position(self, req)  # a replay: nothing is saved
        if req.code is not None:
            return saves.open_link(self, req)
        if req.start is not None:
            return form.start_game(self, req.start)
        if req.draft:
            self.form.draft(req.draft)
        if req.game:
            return saves.resume_game(self, req.game)
        self.screen = Screen.HOME
        return fx

    def open_game(self, entry: SaveEntry | None, state: GameState | None,
                  seats: list[str] | tuple[str, ...], ctl: Controller | None = None) -> None:
        """The game screen, showing this game (GameSession.open)."""
        self.game.open(entry, state, seats, ctl)
        self.screen = Screen.GAME
        self.overlay = Scores() if self.game.ctl is not None and self.game.ctl.is_over else None
        self.confirm_delete = None

    @property
    def ctl(self) -> Controller | None:
        """The open game's controller (the session's)."""
        return self.game.ctl

    @property
    def entry(self) -> SaveEntry | None:
        """The open game's save (the session's)."""
        return self.game.entry

    @property
    def sound(self) -> bool:
        """Whether this device plays the game's sounds."""
        return self.sound_choice if self.sound_choice is not None else not self.touch

    # ------------------------------------------------------------------ dispatch

    def dispatch(self, action: str, value: str = "", form: dict[str, str] | None = None
                 ) -> Effects:
        """One user action; unknown actions and illegal clicks change nothing."""
        handler = HANDLERS.get(action)
        if handler is None:
            return Effects(render=False)
        try:
            result = handler(self, value, form or {})
        except IllegalActionError as exc:  # the engine refused: say why, change nothing
            self.message("error", "error.illegal", {}, str(exc))
            return Effects()
        finally:
            # A suggestion (or its thinking) goes when the person acts.
            self.coach.forget_stale(self.ctl if self.screen == "game" else None)
            self.game.forget_taken_back()
            guide.guide_observe(self)  # the guide sees whether the person moved on
            saves.keep_pending(self)  # camels placed and not confirmed, for a reload
        return result

    def set_lang(self, lang: str) -> None:
        self.lang = i18n.pick_language([lang, self.lang])
        self.save_prefs()

    def save_prefs(self) -> None:
        try:
            write_prefs(self.store, Prefs(lang=self.lang, speed=self.speed, name=self.my_name,
                                         sound=self.sound_choice))
        except Exception:  # a full or disabled store already has its message
            pass
