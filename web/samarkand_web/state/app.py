"""The whole page as a Python object: screens, saved games, messages, bots' timing.

main.py turns DOM events into ``App.dispatch(action, value, form)`` calls and
timer ticks into ``App.bot_tick(token)``, then draws ``render.render(app)``; the
``Effects`` a call returns say what only the browser can do (change the address,
copy to the clipboard, start a timer). Everything else — what a click means,
what is saved, which message is shown — happens here, and the headless tests
drive it exactly like the page does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from samarkand_core import GameState, IllegalActionError, encode_save
from samarkand_core.gcpause import gc_paused
from samarkand_web.handlers import (
    HANDLERS,
    analysis,
    coach,
    form,
    guide,
    page,
    remote,
    replay,
    saves,
)
from samarkand_web.saves.links import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPEEDS,
    PageRequest,
    StartRequest,
    game_url,
    parse_location,
    share_url,
)
from samarkand_web.saves.remote import Record, RemoteLink, is_remote
from samarkand_web.saves.storage import (
    KeyValueStore,
    MemoryStore,
    SaveProblem,
    Saves,
    StorageFull,
    StorageUnavailable,
    load_prefs,
    save_prefs,
)
from samarkand_web.saves.storage_models import Prefs, SaveEntry
from samarkand_web.state import focus
from samarkand_web.state.analysis import ANALYSIS_SLICE_MS, AnalysisDesk
from samarkand_web.state.botmoves import Show, marks_of_lines, pace_ms
from samarkand_web.state.coaching import COACH_SLICE_MS, CoachDesk
from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.effects import Effects, FormState, Message
from samarkand_web.state.replay import ReplayState
from samarkand_web.state.sounds import Hearing, Sound, sounds_of_lines
from samarkand_web.words import i18n

if TYPE_CHECKING:
    from samarkand_web.saves.backup import BackupImport
    from samarkand_web.state.guide import Guide

# New games' seeds from the system's randomness (as secrets.randbelow; the secrets module
# itself would load hashlib and hmac into the page's start).
_SYSTEM_RANDOM = random.SystemRandom()

# Pause before a bot's move, so that people can follow it (ms).
SPEED_DELAY = {"slow": 1600, "normal": 750, "fast": 250, "instant": 0}
BOT_SLICE_MS = 12.0  # a bot thinks about this long per browser task (tasks stay under 100 ms)


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
        self.now = now
        self.path = path  # the page's path, e.g. "/index.html"
        self.origin = origin  # e.g. "http://127.0.0.1:8000"
        self.new_seed = new_seed or (lambda: _SYSTEM_RANDOM.randrange(1_000_000))
        self.storage_ok = storage_ok
        self.browser_lang = lang
        self.prerender = prerender
        prefs = load_prefs(store) if storage_ok else Prefs()
        self.lang = i18n.pick_language([prefs.lang or "", lang])
        self.speed = prefs.speed if prefs.speed in SPEEDS else "normal"
        self.my_name = prefs.name  # the one-click game's name, remembered (handlers/quick.py)
        # Sounds (state/sounds.py): as the person last set them; never set, off on a touch
        # screen (a phone is often where silence is wanted) and on at a desk.
        self.sound_choice = prefs.sound  # None: never set (the default follows the screen)
        self.hearing = Hearing()  # what of the open game has sounded
        self.screen = "home"
        self.ctl: Controller | None = None
        self.entry: SaveEntry | None = None
        self.messages: list[Message] = []
        self.overlay: str | None = None  # "share", "scores", "rules" or None
        self.rules_return: str | None = None  # the overlay under the rules
        self.recap_open = False  # the recap unfolded on a small screen
        self._saved_commits = -1  # the controller's commits that the save holds
        # (save id, moves) of the unconfirmed camels kept in the tab's store (saves/pending.py)
        self.pending_mark: tuple[str, int] | None = None
        self.share_link: str | None = None
        # the turn of the unfinished game the share dialog offers (it says what the link
        # reveals); None when the game shared is over
        self.share_turn: int | None = None
        self.share_copied = False
        self.form = FormState()
        self.paused = False
        self.confirm_delete: str | None = None
        self.bot_token = 0
        self._bot_scheduled = False
        self.bot_phase = ""  # what the last bot_tick did: "start", "step", "commit", "show"
        # the bots' moves on the board (state/botmoves.py): the live show, the one it
        # waits in while a person watches again, and how much of the log it has seen
        self.show = Show()
        self._live_show: Show | None = None
        self._log_seen = 0
        # A touch screen (main.py: matchMedia("(pointer: coarse)")): prompts say "tap".
        self.touch = touch
        # A narrow screen (browser/wiring.py sets it): the board drawn for a screen held
        # upright (samarkand_core.svg, portrait=True), as long as the screen stays narrow.
        self.portrait = False
        self.unsaved = False  # the open game has moves the store refused
        self.writes_refused = False  # the store refused a write (full or blocked)
        self.storage_detail = ""  # the last refusal's cause, for the alert's details
        self.link_copy: tuple[GameState, list[str]] | None = None  # see handlers/saves
        # a game by link (handlers/remote.py): this device's record of it, the QR code
        # shown, the link last copied, and whether the browser has a share sheet
        self.remote_record: Record | None = None
        # a link opened on a device that holds none of its game: (link, game), until its
        # person says which seat they play (nothing stored or shown before)
        self.remote_pending: tuple[RemoteLink, GameState] | None = None
        self.remote_qr = False
        self.remote_copied = ""
        # signed links (handlers/remote.py): whether the browser signs (dom.js, WebCrypto;
        # the headless App does not), each link's (key, signature) by its #fragment, the
        # one being signed, the signed link whose signature the browser is checking, and
        # the link refused for a new key that its person may choose to trust
        self.signs = False
        self.link_signatures: dict[str, tuple[str, str]] = {}
        self.signing = ""
        self.remote_verify: tuple[RemoteLink, GameState, bool] | None = None
        self.remote_trust = ""
        self.can_share = False
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
        ctl = self.ctl
        if self.screen != "game" or ctl is None:
            self.message("error", "error.internal")
        elif self.entry is not None and not self.unsaved and self._saved_commits == ctl.commits:
            self.message("error", "error.internal_saved")
        else:
            self.message("error", "error.internal_unsaved",
                         actions=(("message.share", "share", ""),))

    def _drop_messages(self, keys: tuple[str, ...]) -> None:
        self.messages = [m for m in self.messages if m.key not in keys]

    def _storage_failed(self, exc: Exception) -> None:
        """A write was refused: full, blocked, or failing in a way of its own. Whatever
        the cause, the player sees one alert (chrome.py), never a pile of messages."""
        self.writes_refused = True
        self.storage_detail = (str(exc) or type(exc).__name__)[:200]
        if self.ctl is not None:
            self.unsaved = True

    def storage_full_at_start(self) -> None:
        """The store reads but refuses writes (main.py's probe): every save is listed
        and opens; the header says that new moves cannot be kept, and how to make room."""
        self.writes_refused = True

    @property
    def storage_state(self) -> str:
        """What the header's storage alert says: "off" (the store cannot be read: nothing
        is saved this visit), "unsaved" (the open game has moves the store refused),
        "refused" (the store refuses writes; nothing is lost yet) or "" (all is well)."""
        if not self.storage_ok:
            return "off"
        if self.unsaved and self.ctl is not None:
            return "unsaved"
        return "refused" if self.writes_refused else ""

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

    def share_url_for(self, state: GameState, seats: tuple[str, ...] | list[str],
                      coached: tuple[int, ...] = ()) -> str:
        return share_url(self.origin + self.path, encode_save(state), seats, coached)

    def share_game(self, state: GameState, seats: tuple[str, ...] | list[str],
                   coached: tuple[int, ...] = ()) -> Effects:
        """The share dialog for this game (as far as it has been played: nothing else),
        with the suggestions each player used."""
        self.share_link = self.share_url_for(state, seats, coached)
        self.share_turn = None if state.is_over else state.turn
        self.share_copied = False
        self.overlay = "share"
        return Effects(focus="#share-link")

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
            return self._start(req.start)
        if req.draft:
            self._draft_form(req)
        if req.game:
            return self.resume(req.game)
        self.screen = "home"
        return fx

    def _draft_form(self, req: PageRequest) -> None:
        draft = req.draft[:MAX_PLAYERS]
        self.form.setup = True  # the address asked for these players: show them
        self.form.count = max(MIN_PLAYERS, min(MAX_PLAYERS, len(draft)))
        for i, (name, kind) in enumerate(draft):
            self.form.names[i] = name if kind == HUMAN else None
            self.form.kinds[i] = kind

    # ------------------------------------------------------------------ games

    def _start(self, start: StartRequest) -> Effects:
        seed = start.seed if start.seed is not None else self.new_seed()
        try:
            ctl = remote.new_controller(self, start, seed)
        except ValueError as exc:  # names the engine refuses
            self.message("error", "form.invalid", {}, str(exc))
            self.screen = "home"
            return Effects()
        entry = None
        failed: Exception | None = None
        try:
            entry = self.saves.create(ctl.state, ctl.seats, coach=start.coach)
        except (StorageFull, StorageUnavailable) as exc:
            failed = exc
        self._open(entry, None, ctl.seats, ctl=ctl)
        self.coach.on = start.coach  # also for a game the store could not keep
        remote.remote_begin(self)
        if failed is not None:  # said of the game just opened
            self._storage_failed(failed)
        return self._after_open(Effects(url=game_url(self.path, entry.id) if entry else self.path))

    def resume(self, save_id: str) -> Effects:
        try:
            entry, state = self.saves.load(save_id)
        except SaveProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            self.screen = "home"
            return Effects(url=self.path)
        except StorageUnavailable as exc:
            self._storage_failed(exc)
            self.screen = "home"
            return Effects(url=self.path)
        self._open(entry, state, list(entry.seats))
        saves.restore_pending(self)  # camels placed and not confirmed before a reload
        return self._after_open(Effects(url=game_url(self.path, entry.id)))

    def _open(self, entry: SaveEntry | None, state: GameState | None, seats: list[str] | tuple[
            str, ...], ctl: Controller | None = None) -> None:
        ctl = remote.remote_open(self, entry, state, seats, ctl)  # by link or not
        self.ctl = ctl
        self.entry = entry
        self._saved_commits = ctl.commits if entry is not None else -1
        self.recap_open = False
        self.screen = "game"
        self.overlay = "scores" if ctl.is_over else None
        self.paused = False
        self.confirm_delete = None
        self.bot_token += 1
        self._bot_scheduled = False
        self.show, self._live_show, self._log_seen = Show(), None, len(ctl.log)
        self.hearing.opened(ctl)
        self.unsaved = False  # until a write of this game fails
        coach.coach_open(self, entry, ctl)

    def _after_open(self, fx: Effects) -> Effects:
        self._want_bot(fx)
        fx.focus = "#status"
        return fx

    def _autosave(self) -> None:
        """Save the committed game when it changed: a person's pending moves (that may
        still be taken back) are never saved nor shared."""
        ctl = self.ctl
        if ctl is None or ctl.commits == self._saved_commits:
            return
        try:
            saves.save_position(self)  # never over another tab's moves (actions_saves)
            self._saved_commits = ctl.commits
            coach.coach_save(self)  # the coach's counts, if they could not be written before
        except Exception as exc:  # full, blocked, or failing in a way of its own
            self._storage_failed(exc)

    def _after_action(self, fx: Effects) -> Effects:
        ctl = self.ctl
        assert ctl is not None
        self._note_moves(fx)
        self._autosave()
        remote.remote_after(self, fx)
        if ctl.is_over and self.overlay is None:
            self.overlay = "scores"
            fx.focus = "#overlay h2"
        if self.entry is not None:
            fx.url = game_url(self.path, self.entry.id)
        self._settle_sounds(fx)
        self._want_bot(fx)
        return fx

    @property
    def sound(self) -> bool:
        """Whether this device plays the game's sounds."""
        return self.sound_choice if self.sound_choice is not None else not self.touch

    def _hear(self, fx: Effects, sounds: tuple[Sound, ...]) -> None:
        if self.sound:
            fx.hear(sounds)

    def _settle_sounds(self, fx: Effects) -> None:
        """The end, or a person's new turn here (state/sounds.py)."""
        ctl = self.ctl
        assert ctl is not None
        self._hear(fx, self.hearing.settle(ctl, self.show.pending and not self.show.watching))

    def _show_sounds(self, fx: Effects, shown_before: int) -> None:
        """The sounds of the bots' marks the board shows from now on (a live show only:
        watching again is no news), none after the end."""
        show = self.show
        if not show.watching and self.ctl is not None and not self.ctl.is_over:
            self._hear(fx, sounds_of_lines(m.line for m in show.marks[shown_before:show.shown]))

    def _note_moves(self, fx: Effects) -> None:
        """The log lines of the action just played: in a bot's turn, their moves join
        the board's live show (and sound as they show); a person's own move clears it
        (their move is marked, and sounds, as it is made). Watching again ends when
        anyone plays."""
        ctl = self.ctl
        assert ctl is not None
        log = ctl.log
        seen = self._log_seen
        new, self._log_seen = log[seen:], len(log)
        if self.show.watching and len(log) != seen:
            self.stop_watching()
        if not new:
            return
        bots = {r.turn for r in ctl.turns[-4:] if ctl.is_bot(r.player)}
        if not all(ln.turn in bots for ln in new):
            self.show = Show()
            if not ctl.is_over:
                self._hear(fx, sounds_of_lines(new))
            # a person's move in their turn: that turn is theirs already, not news
            self.hearing.turn = max(self.hearing.turn, new[0].turn)
            return
        shown = self.show.shown
        self.show.add(marks_of_lines(new, ctl.state.board))
        if pace_ms(self.speed, False) == 0:
            self.show.show_all()  # "instant": the whole move at once
        self._show_sounds(fx, shown)

    def _show_waits(self) -> bool:
        """The show has a step to make: a mark to reveal (a live one only while the bots
        are not paused), or the end of watching again."""
        show = self.show
        return show.watching or (show.pending and not self.paused)

    def stop_watching(self) -> None:
        """Back to the live show (as it was when watching began)."""
        if self.show.watching:
            self.show = self._live_show or Show()
            self._live_show = None

    def _want_bot(self, fx: Effects) -> None:
        ctl = self.ctl
        if ctl is None or self._bot_scheduled:
            return
        showing = self._show_waits()
        if not showing and (not ctl.bot_to_move or self.paused):
            return
        self._bot_scheduled = True
        fx.bot_delay = (pace_ms(self.speed, self.show.watching) if showing
                        else SPEED_DELAY.get(self.speed, 750))
        fx.bot_token = self.bot_token

    def _show_tick(self) -> Effects:
        """One step of the show: the next mark, or the end of watching again (its last
        mark stayed for one pace)."""
        self.bot_phase = "show"
        fx = Effects()
        shown = self.show.shown
        if not self.show.step():
            self.stop_watching()
            fx.focus, fx.focus_if_idle = "#watch-again", True
        self._show_sounds(fx, shown)
        if self.ctl is not None:
            self._settle_sounds(fx)
        self._want_bot(fx)
        return fx

    def bot_tick(self, token: int, max_ms: float = BOT_SLICE_MS) -> Effects:
        """A timer fired: one short step of the bot's turn, each in a browser task of its
        own so that none blocks the page for long: first the bot looks at its view,
        then it thinks in slices of about max_ms, and once it has decided its move is
        played and drawn. ``bot_phase`` says which step this tick did."""
        self.bot_phase = ""
        if token != self.bot_token:
            return Effects(render=False)  # a timer of a game no longer shown
        self._bot_scheduled = False
        ctl = self.ctl
        if ctl is not None and self._show_waits():
            return self._show_tick()
        if ctl is None or not ctl.bot_to_move or self.paused:
            return Effects(render=False)
        if ctl.thinking is None:
            self.bot_phase = "start"
            with gc_paused():
                ctl.bot_start()
            return self._think_on()
        if not ctl.decided:
            self.bot_phase = "step"
            # Python's cyclic collector, set off by the bot's many short-lived objects
            # (all freed by reference counting), ran inside slices in Pyodide (one of
            # 47 ms seen) and made search decisions about a fifth slower there.
            with gc_paused():
                ctl.bot_step(max_ms)
            return self._think_on()
        self.bot_phase = "commit"
        ctl.bot_commit()
        fx = self._after_action(Effects())
        if fx.focus is None and not ctl.bot_to_move:
            fx.focus = focus.turn_start(ctl)
            fx.focus_if_idle = True
        return fx

    def _think_on(self) -> Effects:
        self._bot_scheduled = True
        return Effects(render=False, bot_delay=0, bot_token=self.bot_token)

    # ------------------------------------------------------------------ dispatch

    def analysis_desk(self) -> AnalysisDesk | None:
        """The analysis of the finished game on the replay screen (None elsewhere)."""
        return analysis.analysis_desk(self)

    def analysis_tick(self, token: int, max_ms: float = ANALYSIS_SLICE_MS) -> Effects:
        """One slice of the running analysis (main.py calls it in a task of its own)."""
        return analysis.analysis_tick(self, token, max_ms)

    def remote_target(self) -> int | None:
        """Whom the next decision of a game by link waits for on another device."""
        return remote.remote_target(self)

    def remote_link(self) -> str | None:
        """The link to send to that person (None: nobody waits elsewhere, or its signature
        is still to come)."""
        return remote.remote_link(self)

    def link_to_sign(self) -> tuple[str, str] | None:
        """(key name, #fragment) of a link the browser should sign now (or None)."""
        return remote.link_to_sign(self)

    def link_signed(self, fragment: str, result: str) -> Effects:
        """The browser's signature of a link ("<key>.<signature>", "" if it failed)."""
        return remote.link_signed(self, fragment, result)

    def link_verified(self, signed: str, ok: bool) -> Effects:
        """The browser's check of a link's signature (`signed`: the text it signs)."""
        return remote.link_verified(self, signed, ok)

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
            if self.ctl is not None:  # a move taken back shortened the log
                self._log_seen = min(self._log_seen, len(self.ctl.log))
            guide.guide_observe(self)  # the guide sees whether the person moved on
            saves.keep_pending(self)  # camels placed and not confirmed, for a reload
        return result

    def set_lang(self, lang: str) -> None:
        self.lang = i18n.pick_language([lang, self.lang])
        self._save_prefs()

    def _save_prefs(self) -> None:
        try:
            save_prefs(self.store, Prefs(lang=self.lang, speed=self.speed, name=self.my_name,
                                         sound=self.sound_choice))
        except Exception:  # a full or disabled store already has its message
            pass

    # ------------------------------------------------------------------ for the browser
    # What main.py's timers and browser events, the view and the tests call (the
    # handlers' modules hold the work; these keep one name on the App for it).

    def default_name(self, seat: int) -> str:
        return form.default_name(self, seat)

    def form_names(self) -> list[str]:
        return form.form_names(self)

    def coach_tick(self, token: int, max_ms: float = COACH_SLICE_MS) -> Effects:
        return coach.coach_tick(self, token, max_ms)

    def replay_tick(self, token: int) -> Effects:
        return replay.replay_tick(self, token)

    def storage_changed(self, key: str | None) -> Effects:
        return saves.storage_changed(self, key)

    def import_backup_text(self, text: str) -> Effects:
        return saves.import_backup_text(self, text)

    def import_tick(self, token: int, max_ms: float | None = None) -> Effects:
        return saves.import_tick(self, token, max_ms)

    def backup_problem(self, key: str) -> Effects:
        return saves.backup_problem(self, key)

    def update_ready(self) -> None:
        page.update_ready(self)

    def update_waits_for_tabs(self) -> None:
        page.update_waits_for_tabs(self)

    def copy_failed(self) -> None:
        page.copy_failed(self)
