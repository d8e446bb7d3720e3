"""Saved games: the list's buttons, saving a position without losing another tab's
moves, a full store, share links opened (twice, or in a tab already on
the page), and backup files.

What a player can expect:
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

from samarkand_core import GameState, encode_save
from samarkand_web.handlers import page, remote
from samarkand_web.handlers.base import Form, saved_game
from samarkand_web.handlers.replay import open_position
from samarkand_web.saves.links import PageRequest, game_url, parse_location
from samarkand_web.saves.pending import drop_pending, pending_places, read_pending, write_pending
from samarkand_web.saves.remote import is_remote
from samarkand_web.saves.storage import (
    PREFIX,
    SaveProblem,
    StorageFull,
    StorageUnavailable,
    Written,
)
from samarkand_web.saves.storage_models import MAX_COACH_USES
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects
from samarkand_web.state.screen import Screen

if TYPE_CHECKING:
    from samarkand_web.saves.backup import ImportReport
    from samarkand_web.saves.storage_models import SaveEntry
    from samarkand_web.state.app import App

# what the page said about the link it opened before (a new link makes them stale)
LINK_KEYS = ("problem.bad_link", "link.imported", "link.already", "link.already_further",
             "link.unknown_level")


# ------------------------------------------------------------------ the list


def resume(app: App, value: str, form: Form) -> Effects:
    return resume_game(app, value)


def resume_game(app: App, save_id: str) -> Effects:
    """The saved game `save_id` opened to play on (a save link, the list's button)."""
    try:
        entry, state = app.saves.load(save_id)
    except SaveProblem as exc:
        app.message("error", exc.key, {}, exc.detail)
        app.screen = Screen.HOME
        return Effects(url=app.path)
    except StorageUnavailable as exc:
        app.storage_failed(exc)
        app.screen = Screen.HOME
        return Effects(url=app.path)
    app.open_game(entry, state, list(entry.seats))
    restore_pending(app)  # camels placed and not confirmed before a reload
    return app.game.after_open(Effects(url=game_url(app.path, entry.id)))


def delete(app: App, value: str, form: Form) -> Effects:
    app.confirm_delete = value
    # one confirmation at a time: the selector never holds a stored key
    return Effects(focus='[data-action="delete-yes"]')


def delete_no(app: App, value: str, form: Form) -> Effects:
    app.confirm_delete = None
    return Effects()


def delete_yes(app: App, value: str, form: Form) -> Effects:
    if app.confirm_delete != value:
        return Effects(render=False)
    app.confirm_delete = None
    try:
        app.saves.delete(value)
    except StorageUnavailable as exc:
        app.storage_failed(exc)
    if app.entry is not None and value in (app.entry.id, PREFIX + app.entry.id):
        app.game.entry = None
        app.game.ctl = None
        app.game.unsaved = False
    save_if_unsaved(app)
    return Effects(focus="#saves h2")


def share_save(app: App, value: str, form: Form) -> Effects:
    found = saved_game(app, value)
    if found is None:
        return Effects()
    entry, state = found
    return page.share_game(app, state, entry.seats, entry.coach_used)

# ------------------------------------------------------------------ storage trouble


def save_if_unsaved(app: App) -> None:
    """Room was made (a save deleted): save the game whose moves did not fit."""
    if app.game.unsaved and app.ctl is not None:
        app.game.autosave()

# ------------------------------------------------------------------ saving a position


def save_position(app: App) -> None:
    """Write the open game (GameSession.autosave); StorageFull/StorageUnavailable pass up.
    Its committed moves only: a move that may still be taken back is not saved."""
    ctl = app.ctl
    assert ctl is not None
    if app.entry is None:
        app.game.entry = app.saves.create(ctl.committed, ctl.seats)
    else:
        written(app, app.saves.save_game(app.entry, ctl.committed))
    app.storage.refused = False
    if app.game.unsaved:
        app.game.unsaved = False
        app.message("info", "storage.saved_again",
                     {"turn": ctl.committed.turn, "names": ", ".join(ctl.state.names)})


def keep_pending(app: App) -> None:
    """After every action: keep the person's camels placed and not yet confirmed in the
    tab's own store (saves/pending.py), or drop them once confirmed or taken back; only
    over a save that holds the game's committed moves. Never said to be saved: a reload
    places them again, as pending moves."""
    ctl, entry, kept = app.ctl, app.entry, app.game.pending_mark
    try:
        if (ctl is not None and entry is not None and app.screen == "game"
                and not app.game.unsaved and pending_places(ctl.committed, ctl.state)):
            mark = (entry.id, len(ctl.state.actions))
            if mark != kept:
                write_pending(app.session, entry.id, entry.code, ctl.state)
            app.game.pending_mark = mark
        elif kept is not None:
            drop_pending(app.session, kept[0])
            app.game.pending_mark = None
    except (StorageFull, StorageUnavailable):  # the tab's store refused: the camel is not
        return  # kept (nothing said it was)


def restore_pending(app: App) -> None:
    """A save opened again in the same tab (a reload): its camels placed and not
    confirmed are placed again, pending as they were; kept ones that no longer apply
    are dropped."""
    ctl, entry = app.ctl, app.entry
    app.game.pending_mark = None
    if ctl is None or entry is None:
        return
    try:
        places = read_pending(app.session, entry.id, entry.code, ctl.committed)
        if not (places and ctl.restore_pending(places)):
            drop_pending(app.session, entry.id)
            return
    except (StorageFull, StorageUnavailable):  # a store that cannot be read or written:
        return  # nothing was kept
    app.game.pending_mark = (entry.id, len(ctl.state.actions))
    app.game.log_seen = len(ctl.log)  # placed before: not a move of the bots' show


def written(app: App, w: Written) -> None:
    app.game.entry = w.entry
    if w.outcome == "behind":  # the other tab played this move and more
        assert w.state is not None
        follow(app, w.entry, w.state)
    elif w.outcome == "copy":
        app.message("warning", "tabs.copy")
    elif w.outcome == "again":
        app.message("info", "tabs.saved_again")


def follow(app: App, entry: SaveEntry, state: GameState) -> None:
    """Show the game as another tab left it. Its bots wait here: one tab plays them
    (two would each choose a move, and one line of play would become a copy)."""
    app.open_game(entry, state, list(entry.seats))
    bots = any(s != HUMAN for s in entry.seats)
    app.game.paused = bots
    app.message("info", "tabs.updated_bots" if bots else "tabs.updated")

# ------------------------------------------------------------------ other tabs


def storage_changed(app: App, key: str | None) -> Effects:
    """The browser's storage event: another tab changed `key` (None: cleared all)."""
    if key is not None and not key.startswith(PREFIX):
        return Effects(render=False)  # preferences, or not ours
    entry, ctl = app.entry, app.ctl
    if app.screen != "game" or entry is None or ctl is None:
        return Effects(render=app.screen == "home")  # the list is read anew
    if key is not None and key != PREFIX + entry.id:
        return Effects(render=False)
    try:
        synced = app.saves.sync(entry, ctl.committed)
    except StorageUnavailable:
        return Effects(render=False)
    if synced.outcome == "same":
        app.game.entry = synced.entry or entry
        return Effects(render=False)
    if synced.outcome == "newer":
        assert synced.entry is not None and synced.state is not None
        follow(app, synced.entry, synced.state)
        fx = Effects(url=game_url(app.path, synced.entry.id))
        app.game.want_bot(fx)
        return fx
    app.message("warning", "tabs.deleted" if synced.outcome == "deleted" else "tabs.apart")
    return Effects()

# ------------------------------------------------------------------ share links


def open_link(app: App, req: PageRequest) -> Effects:
    """A game from the address's #fragment: the save that holds it, or a new save. The
    link's code is decoded once and its game encoded once (the save code the saves are
    compared with and a new save stores); a save that holds exactly that code opens
    with the link's game, not decoded again."""
    assert req.code is not None
    try:
        state = app.saves.decode_link(req.code)
    except SaveProblem as exc:
        app.message("error", exc.key, {}, exc.detail)
        app.screen = Screen.HOME
        return Effects(url=app.path)
    code = encode_save(state)
    seats = [req.code_bots.get(i, HUMAN) for i in range(state.n)]
    found = saved_already(app, state, code)
    if found is None:
        return open_link_as_new(app, state, seats, link_coached(app, req, state), code)
    entry, stored = found
    if entry.code == code:
        app.message("info", "link.already")
    else:  # the save went further: offer the link's own turn as a save of its own
        app.link_copy = (state, seats)
        app.message("info", "link.already_further", {"turn": entry.turn},
                     actions=(("link.open_copy", "link-copy", ""),))
    app.open_game(entry, stored, list(entry.seats))
    return app.game.after_open(Effects(url=game_url(app.path, entry.id)))


def saved_already(app: App, state: GameState, code: str) -> tuple[SaveEntry, GameState] | None:
    """The save that holds the game `state` (whose save code is `code`) and its game;
    None if there is none, or none can be read."""
    try:
        return app.saves.save_holding(state, code)
    except StorageUnavailable:
        return None


def link_coached(app: App, req: PageRequest, state: GameState) -> tuple[int, ...]:
    """The link's counts of suggestions used, when they fit its game (one a player, each
    one a save can hold); otherwise none, and the page says why."""
    used = req.code_coached
    if not used or (len(used) == state.n and max(used) <= MAX_COACH_USES):
        return used
    app.message("error", "link.bad_coached", {"value": ",".join(map(str, used))[:24]})
    return ()


def open_link_as_new(app: App, state: GameState, seats: list[str],
                     coached: tuple[int, ...] = (), code: str | None = None) -> Effects:
    try:
        entry = app.saves.create(state, seats, origin="link", coach_used=coached, code=code)
    except (StorageFull, StorageUnavailable) as exc:
        app.open_game(None, state, seats)  # the game is fine: play it, unsaved
        app.coach.used = list(coached) or app.coach.used
        app.storage_failed(exc)
        return app.game.after_open(Effects(url=app.path))
    app.message("info", "link.imported")
    app.open_game(entry, state, seats)
    return app.game.after_open(Effects(url=game_url(app.path, entry.id)))


def link_copy(app: App, value: str, form: Form) -> Effects:
    if app.link_copy is None:
        return Effects(render=False)
    state, seats = app.link_copy
    app.link_copy = None
    app.drop_messages(("link.already_further",))
    return open_link_as_new(app, state, seats)


def hash_changed(app: App, value: str, form: Form) -> Effects:
    """The address's #fragment changed in a tab already on the page (a share link
    pasted or clicked there): open it as if the page had been loaded with it."""
    req = parse_location("", value, app.bot_name)
    if req.code is not None:
        app.drop_messages(LINK_KEYS)
    for p in req.problems:
        app.message("error", p.key, p.params)
    if req.code is None:
        return Effects(render=bool(req.problems))
    app.overlay = None
    if is_remote(req.code):
        return remote.open_remote(app, value)  # a game played by link
    if req.at is not None:
        return open_position(app, req)  # a position link: the replay, nothing saved
    return open_link(app, req)

# ------------------------------------------------------------------ backups


def export(app: App, value: str, form: Form) -> Effects:
    from samarkand_web.saves.backup import backup_filename, export_backup

    try:
        text, n = export_backup(app.saves, app.now())
    except StorageUnavailable as exc:
        app.storage_failed(exc)
        return Effects()
    app.drop_messages(tuple(m.key for m in app.messages if m.key.startswith("backup.")))
    if n == 0:
        app.message("info", "backup.nothing")
        return Effects()
    name = backup_filename(app.now())
    app.message("info", "backup.exported", {"n": n, "file": name})
    return Effects(download=(name, text))


def pick_backup(app: App, value: str, form: Form) -> Effects:
    return Effects(render=False, pick_file=True)


def import_backup_text(app: App, text: str) -> Effects:
    """A backup file the player picked (main.py read it): its import starts, and runs
    in slices (import_tick), so that the page stays live for a file of many saves."""
    from samarkand_web.saves.backup import BackupImport, BackupProblem

    if app.importing is not None:
        app.message("warning", "backup.busy")
        return Effects()
    app.drop_messages(tuple(m.key for m in app.messages if m.key.startswith("backup.")))
    try:
        job = BackupImport(app.saves, text)
    except BackupProblem as exc:
        app.message("error", exc.key, {}, exc.detail)
        return Effects()
    app.importing = job
    app.import_token += 1
    return Effects(import_token=app.import_token,
                   focus="#saves h2" if app.screen == "home" else None)


def import_tick(app: App, token: int, max_ms: float | None = None) -> Effects:
    """One slice of the import (a bounded number of saves, and at most about
    backup.SLICE_MS); the next is asked for until it is done, then what it did is said."""
    from samarkand_web.saves.backup import SLICE_MS, SLICE_STEPS

    job = app.importing
    if job is None or token != app.import_token:
        return Effects(render=False)
    try:
        done = job.step(SLICE_STEPS, SLICE_MS if max_ms is None else max_ms,
                        lambda: time.perf_counter() * 1000)
    except StorageUnavailable as exc:
        app.importing = None
        app.storage_failed(exc)
        return Effects()
    except Exception as exc:  # a bug must not leave "Importing" on the screen for good
        app.importing = None
        app.message("error", "error.internal", {}, f"{type(exc).__name__}: {exc}")
        return Effects()
    if not done:
        return Effects(import_token=token)
    app.importing = None
    imported(app, job.report)
    return Effects(focus="#saves h2" if app.screen == "home" else None)


def imported(app: App, report: ImportReport) -> None:
    counts = (("backup.added", len(report.added), "info"),
              ("backup.already", report.already, "info"),
              ("backup.refused", len(report.refused), "warning"),
              ("backup.not_saved", report.not_saved, "error"))
    for key, n, kind in counts:
        if n:
            detail = "; ".join(report.refused)[:400] if key == "backup.refused" else ""
            app.message(kind, key, {"n": n}, detail)
    if report.future_dates:
        app.message("info", "backup.future_dates", {"n": report.future_dates})
    if not any(n for _, n, _ in counts):
        app.message("info", "backup.empty")


def backup_problem(app: App, key: str) -> Effects:
    """main.py could not read or write a file (too big, unreadable, refused)."""
    app.message("error", key)
    return Effects()
