"""Handlers of the page's own controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core import GameState, encode_save
from samarkand_web.handlers.base import Form
from samarkand_web.handlers.form import keep_form
from samarkand_web.saves.links import share_url
from samarkand_web.state.effects import Effects
from samarkand_web.state.screen import Scores, Screen, ShareDialog
from samarkand_web.state.sounds import Sound

if TYPE_CHECKING:
    from samarkand_web.state.app import App


# The page's own buttons: language, messages, home, sharing, dialogs.


def lang(app: App, value: str, form: Form) -> Effects:
    keep_form(app, form)
    app.set_lang(value)
    return Effects(lang=app.lang)


def sound(app: App, value: str, form: Form) -> Effects:
    """The header's switch: the game's sounds on or off, remembered on this device. Once
    on, a sound says so (the click also lets the browser play sound on this page)."""
    app.sound_choice = not app.sound
    app.save_prefs()
    return Effects(sounds=(Sound.TURN,) if app.sound else ())


def dismiss(app: App, value: str, form: Form) -> Effects:
    if value.isdigit() and int(value) < len(app.messages):
        del app.messages[int(value)]
    return Effects()


def update_ready(app: App) -> None:
    """A new version of the site is installed and waits behind this one (the service
    worker never swaps files under a game): the player reloads when it suits."""
    app.message("info", "update.ready", actions=(("update.reload", "update", ""),))


def update_waits_for_tabs(app: App) -> None:
    """The new version could not take over: the site is open in other tabs."""
    app.drop_messages(("update.ready",))
    app.message("info", "update.other_tabs")


def update(app: App, value: str, form: Form) -> Effects:
    return Effects(render=False, activate_update=True)


def home(app: App, value: str, form: Form) -> Effects:
    app.screen = Screen.HOME
    app.overlay = None
    app.game.stop_bots()  # stops the bots of the game left
    app.confirm_delete = None
    return Effects(url=app.path, focus="#home h2")


def share_url_for(app: App, state: GameState, seats: tuple[str, ...] | list[str],
                  coached: tuple[int, ...] = ()) -> str:
    return share_url(app.origin + app.path, encode_save(state), seats, coached)


def share_game(app: App, state: GameState, seats: tuple[str, ...] | list[str],
               coached: tuple[int, ...] = ()) -> Effects:
    """The share dialog for this game (as far as it has been played: nothing else),
    with the suggestions each player used."""
    app.share_copied = False
    app.overlay = ShareDialog(share_url_for(app, state, seats, coached),
                              None if state.is_over else state.turn)
    return Effects(focus="#share-link")


def share(app: App, value: str, form: Form) -> Effects:
    if app.ctl is None:
        return Effects(render=False)
    # committed moves only: a move that may still be taken back is not shared
    return share_game(app, app.ctl.committed, app.ctl.seats, tuple(app.coach.used))


def copy(app: App, value: str, form: Form) -> Effects:
    sharing = app.overlay
    if not isinstance(sharing, ShareDialog):
        return Effects(render=False)
    app.share_copied = True
    return Effects(copy=sharing.link)


def copy_failed(app: App) -> None:
    app.share_copied = False
    app.message("warning", "share.copy_failed")


def close(app: App, value: str, form: Form) -> Effects:
    app.overlay = None
    return Effects(focus="#status")


def scores(app: App, value: str, form: Form) -> Effects:
    if app.ctl is not None and app.ctl.is_over:
        app.overlay = Scores()
    return Effects(focus="#overlay h2")
