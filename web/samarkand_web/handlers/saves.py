"""Saved games (mixed into App): the list's buttons, saving a position without losing
another tab's moves, a full store, share links opened (twice, or in a tab already on
the page), and backup files.

What a player can expect (issue 10):
- A full store still lists and opens every save; a move that could not be saved is
  named in a message with two ways out (copy the game as a link, or delete an old
  save: the game is then saved at once).
- Two tabs on one save never overwrite each other unseen. A tab that another tab's
  moves overtook is brought up to date (the storage event), its bots waiting so that
  only one tab plays them; a tab whose own moves went another way keeps them as a
  save of its own ("copy"), and says so.
- A share link of a game that is already saved (the same moves, or fewer) opens
  that save instead of adding a second one.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from samarkand_core import GameState
from samarkand_web.saves.links import PageRequest, game_url, parse_location
from samarkand_web.saves.remote import is_remote
from samarkand_web.saves.storage import (
    PREFIX,
    SaveProblem,
    StorageFull,
    StorageUnavailable,
    Written,
)
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.saves.backup import ImportReport
    from samarkand_web.saves.storage import SaveEntry
    from samarkand_web.state.app import App

# what the page said about the link it opened before (a new link makes them stale)
LINK_KEYS = ("problem.bad_link", "link.imported", "link.already", "link.already_further",
             "link.unknown_level")


class SaveActions:
    """The saved games: list, storage trouble, other tabs, links, backups."""

    # ------------------------------------------------------------------ the list

    def _do_resume(self: App, value: str, form: dict[str, str]) -> Effects:
        return self.resume(value)

    def _do_delete(self: App, value: str, form: dict[str, str]) -> Effects:
        self.confirm_delete = value
        # one confirmation at a time: the selector never holds a stored key
        return Effects(focus='[data-action="delete-yes"]')

    def _do_delete_no(self: App, value: str, form: dict[str, str]) -> Effects:
        self.confirm_delete = None
        return Effects()

    def _do_delete_yes(self: App, value: str, form: dict[str, str]) -> Effects:
        if self.confirm_delete != value:
            return Effects(render=False)
        self.confirm_delete = None
        try:
            self.saves.delete(value)
        except StorageUnavailable as exc:
            self._storage_failed(exc)
        if self.entry is not None and value in (self.entry.id, PREFIX + self.entry.id):
            self.entry = None
            self.ctl = None
            self.unsaved = False
        self._save_if_unsaved()
        return Effects(focus="#saves h2")

    def _do_share_save(self: App, value: str, form: dict[str, str]) -> Effects:
        try:
            entry, state = self.saves.load(value)
        except SaveProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            return Effects()
        return self.share_game(state, entry.seats)

    # ------------------------------------------------------------------ storage trouble

    def storage_full_at_start(self: App) -> None:
        """The store reads but refuses writes (main.py's probe): every save is listed
        and opens; the header says that new moves cannot be kept, and how to make room."""
        self.writes_refused = True

    def _storage_failed(self: App, exc: Exception) -> None:
        """A write was refused: full, blocked, or failing in a way of its own. Whatever
        the cause, the player sees one alert (chrome.py), never a pile of messages."""
        self.writes_refused = True
        self.storage_detail = (str(exc) or type(exc).__name__)[:200]
        if self.ctl is not None:
            self.unsaved = True

    @property
    def storage_state(self: App) -> str:
        """What the header's storage alert says: "off" (the store cannot be read: nothing
        is saved this visit), "unsaved" (the open game has moves the store refused),
        "refused" (the store refuses writes; nothing is lost yet) or "" (all is well)."""
        if not self.storage_ok:
            return "off"
        if self.unsaved and self.ctl is not None:
            return "unsaved"
        return "refused" if self.writes_refused else ""

    def _drop_messages(self: App, keys: tuple[str, ...]) -> None:
        self.messages = [m for m in self.messages if m.key not in keys]

    def _save_if_unsaved(self: App) -> None:
        """Room was made (a save deleted): save the game whose moves did not fit."""
        if self.unsaved and self.ctl is not None:
            self._autosave()

    # ------------------------------------------------------------------ saving a position

    def _save_position(self: App) -> None:
        """Write the open game (App._autosave); StorageFull/StorageUnavailable pass up.
        Its committed moves only: a move that may still be taken back is not saved."""
        ctl = self.ctl
        assert ctl is not None
        if self.entry is None:
            self.entry = self.saves.create(ctl.committed, ctl.seats)
        else:
            self._written(self.saves.save_game(self.entry, ctl.committed))
        self.writes_refused = False
        if self.unsaved:
            self.unsaved = False
            self.message("info", "storage.saved_again",
                         {"turn": ctl.committed.turn, "names": ", ".join(ctl.state.names)})

    def _written(self: App, w: Written) -> None:
        self.entry = w.entry
        if w.outcome == "behind":  # the other tab played this move and more
            assert w.state is not None
            self._follow(w.entry, w.state)
        elif w.outcome == "copy":
            self.message("warning", "tabs.copy")
        elif w.outcome == "again":
            self.message("info", "tabs.saved_again")

    def _follow(self: App, entry: SaveEntry, state: GameState) -> None:
        """Show the game as another tab left it. Its bots wait here: one tab plays them
        (two would each choose a move, and one line of play would become a copy)."""
        self._open(entry, state, list(entry.seats))
        bots = any(s != HUMAN for s in entry.seats)
        self.paused = bots
        self.message("info", "tabs.updated_bots" if bots else "tabs.updated")

    # ------------------------------------------------------------------ other tabs

    def storage_changed(self: App, key: str | None) -> Effects:
        """The browser's storage event: another tab changed `key` (None: cleared all)."""
        if key is not None and not key.startswith(PREFIX):
            return Effects(render=False)  # preferences, or not ours
        entry, ctl = self.entry, self.ctl
        if self.screen != "game" or entry is None or ctl is None:
            return Effects(render=self.screen == "home")  # the list is read anew
        if key is not None and key != PREFIX + entry.id:
            return Effects(render=False)
        try:
            synced = self.saves.sync(entry, ctl.committed)
        except StorageUnavailable:
            return Effects(render=False)
        if synced.outcome == "same":
            self.entry = synced.entry or entry
            return Effects(render=False)
        if synced.outcome == "newer":
            assert synced.entry is not None and synced.state is not None
            self._follow(synced.entry, synced.state)
            fx = Effects(url=game_url(self.path, synced.entry.id))
            self._want_bot(fx)
            return fx
        self.message("warning", "tabs.deleted" if synced.outcome == "deleted" else "tabs.apart")
        return Effects()

    # ------------------------------------------------------------------ share links

    def _open_link(self: App, req: PageRequest) -> Effects:
        """A game from the address's #fragment: the save that holds it, or a new save."""
        assert req.code is not None
        try:
            state = self.saves.decode_link(req.code)
        except SaveProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            self.screen = "home"
            return Effects(url=self.path)
        seats = [req.code_bots.get(i, HUMAN) for i in range(state.n)]
        found = self._saved_already(state)
        if found is None:
            return self._open_link_as_new(state, seats)
        entry, stored = found
        if entry.code == req.code.strip():
            self.message("info", "link.already")
        else:  # the save went further: offer the link's own turn as a save of its own
            self.link_copy = (state, seats)
            self.message("info", "link.already_further", {"turn": entry.turn},
                         actions=(("link.open_copy", "link-copy", ""),))
        self._open(entry, stored, list(entry.seats))
        return self._after_open(Effects(url=game_url(self.path, entry.id)))

    def _saved_already(self: App, state: GameState) -> tuple[SaveEntry, GameState] | None:
        try:
            found = self.saves.find_same_game(state)
            return self.saves.load(found.id) if found is not None else None
        except (SaveProblem, StorageUnavailable):
            return None

    def _open_link_as_new(self: App, state: GameState, seats: list[str]) -> Effects:
        try:
            entry = self.saves.create(state, seats, origin="link")
        except (StorageFull, StorageUnavailable) as exc:
            self._open(None, state, seats)  # the game is fine: play it, unsaved
            self._storage_failed(exc)
            return self._after_open(Effects(url=self.path))
        self.message("info", "link.imported")
        self._open(entry, state, seats)
        return self._after_open(Effects(url=game_url(self.path, entry.id)))

    def _do_link_copy(self: App, value: str, form: dict[str, str]) -> Effects:
        if self.link_copy is None:
            return Effects(render=False)
        state, seats = self.link_copy
        self.link_copy = None
        self._drop_messages(("link.already_further",))
        return self._open_link_as_new(state, seats)

    def _do_hash(self: App, value: str, form: dict[str, str]) -> Effects:
        """The address's #fragment changed in a tab already on the page (a share link
        pasted or clicked there): open it as if the page had been loaded with it."""
        req = parse_location("", value, self.bot_name)
        if req.code is not None:
            self._drop_messages(LINK_KEYS)
        for p in req.problems:
            self.message("error", p.key, p.params)
        if req.code is None:
            return Effects(render=bool(req.problems))
        self.overlay = None
        if is_remote(req.code):
            return self.open_remote(value)  # a game played by link (handlers/remote.py)
        if req.at is not None:
            return self.open_position(req)  # a position link: the replay, nothing saved
        return self._open_link(req)

    # ------------------------------------------------------------------ backups

    def _do_export(self: App, value: str, form: dict[str, str]) -> Effects:
        from samarkand_web.saves.backup import backup_filename, export_backup

        try:
            text, n = export_backup(self.saves, self.now())
        except StorageUnavailable as exc:
            self._storage_failed(exc)
            return Effects()
        self._drop_messages(tuple(m.key for m in self.messages if m.key.startswith("backup.")))
        if n == 0:
            self.message("info", "backup.nothing")
            return Effects()
        name = backup_filename(self.now())
        self.message("info", "backup.exported", {"n": n, "file": name})
        return Effects(download=(name, text))

    def _do_import(self: App, value: str, form: dict[str, str]) -> Effects:
        return Effects(render=False, pick_file=True)

    def import_backup_text(self: App, text: str) -> Effects:
        """A backup file the player picked (main.py read it): its import starts, and runs
        in slices (import_tick), so that the page stays live for a file of many saves."""
        from samarkand_web.saves.backup import BackupImport, BackupProblem

        if self.importing is not None:
            self.message("warning", "backup.busy")
            return Effects()
        self._drop_messages(tuple(m.key for m in self.messages if m.key.startswith("backup.")))
        try:
            job = BackupImport(self.saves, text)
        except BackupProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            return Effects()
        self.importing = job
        self.import_token += 1
        return Effects(import_token=self.import_token,
                       focus="#saves h2" if self.screen == "home" else None)

    def import_tick(self: App, token: int, max_ms: float | None = None) -> Effects:
        """One slice of the import (a bounded number of saves, and at most about
        backup.SLICE_MS); the next is asked for until it is done, then what it did is said."""
        from samarkand_web.saves.backup import SLICE_MS, SLICE_STEPS

        job = self.importing
        if job is None or token != self.import_token:
            return Effects(render=False)
        try:
            done = job.step(SLICE_STEPS, SLICE_MS if max_ms is None else max_ms,
                            lambda: time.perf_counter() * 1000)
        except StorageUnavailable as exc:
            self.importing = None
            self._storage_failed(exc)
            return Effects()
        except Exception as exc:  # a bug must not leave "Importing" on the screen for good
            self.importing = None
            self.message("error", "error.internal", {}, f"{type(exc).__name__}: {exc}")
            return Effects()
        if not done:
            return Effects(import_token=token)
        self.importing = None
        self._imported(job.report)
        return Effects(focus="#saves h2" if self.screen == "home" else None)

    def _imported(self: App, report: ImportReport) -> None:
        counts = (("backup.added", len(report.added), "info"),
                  ("backup.already", report.already, "info"),
                  ("backup.refused", len(report.refused), "warning"),
                  ("backup.not_saved", report.not_saved, "error"))
        for key, n, kind in counts:
            if n:
                detail = "; ".join(report.refused)[:400] if key == "backup.refused" else ""
                self.message(kind, key, {"n": n}, detail)
        if report.future_dates:
            self.message("info", "backup.future_dates", {"n": report.future_dates})
        if not any(n for _, n, _ in counts):
            self.message("info", "backup.empty")

    def backup_problem(self: App, key: str) -> Effects:
        """main.py could not read or write a file (too big, unreadable, refused)."""
        self.message("error", key)
        return Effects()
