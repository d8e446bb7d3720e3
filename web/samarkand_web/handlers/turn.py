"""Handlers of the play flow: take back, the marriage that waits for its cards, the
recap's panel on small screens, the rules, Escape and the skip link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.handlers import analysis
from samarkand_web.handlers.base import Form
from samarkand_web.handlers.game import current_game, game_click
from samarkand_web.handlers.page import close
from samarkand_web.state import focus
from samarkand_web.state.effects import Effects
from samarkand_web.state.screen import Rules, Scores, ShareDialog, Stats

if TYPE_CHECKING:
    from samarkand_web.state.app import App


def take_back(app: App, value: str, form: Form) -> Effects:
    """Undo the person's latest decision of this turn (a button, or Ctrl+Z). Nothing
    is saved: the save holds committed moves only, and this one was not."""
    ctl = current_game(app)
    if ctl is None or not ctl.human_turn():
        return Effects(render=False)
    if not ctl.take_back():
        return Effects()  # the controller's error says why
    return Effects(focus=focus.after_move(ctl))


def confirm_marriage(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None or not ctl.human_turn():
        return Effects(render=False)
    return game_click(app, ctl.confirm_marriage())


def recap(app: App, value: str, form: Form) -> Effects:
    """Open or close the recap (a panel that small screens fold away). Opened, its
    button is brought into view: a phone's bar puts the opened recap first (play.css)
    and its turns under the button, where the bar had scrolled down to the button."""
    app.game.recap_open = not app.game.recap_open
    return Effects(focus="#recap-toggle") if app.game.recap_open else Effects()


def rules(app: App, value: str, form: Form) -> Effects:
    """The rules in brief, over the game (Escape or the close button shuts it)."""
    if isinstance(app.overlay, Rules):
        return close_rules(app)
    app.overlay = Rules(under=app.overlay)
    return Effects(focus="#overlay h2")


def close_rules(app: App) -> Effects:
    app.overlay = app.overlay.under if isinstance(app.overlay, Rules) else None
    return Effects(focus="#overlay h2" if app.overlay else "#rules-button")


def escape(app: App, value: str, form: Form) -> Effects:
    """Escape closes the dialog on top; the pass-the-device screen stays (it hides a
    hand), and so does the game's end once it is the only thing left. With nothing
    else open, it dismisses the newest message (as its x button does)."""
    if isinstance(app.overlay, Rules):
        return close_rules(app)
    if isinstance(app.overlay, Stats):
        return analysis.stats_close(app, value, form)
    if isinstance(app.overlay, ShareDialog | Scores):
        return close(app, value, form)
    if app.game.recap_open:
        app.game.recap_open = False
        return Effects(focus="#recap-toggle")
    if app.messages and app.overlay is None:
        app.messages.pop()
        return Effects()
    return Effects(render=False)


def skip_board(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None:
        return Effects(render=False)
    return Effects(render=False, focus=f"{focus.FIRST_LEGAL_SPACE}, "
                                       f"{focus.FIRST_LEGAL_DOMAIN}, #board")
