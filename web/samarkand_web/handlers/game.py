"""Handlers of the game screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_web.handlers.base import Form
from samarkand_web.saves.links import SPEEDS
from samarkand_web.state import focus
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App


# Clicks in a game: the board, the decision, the cards, the bots' controls.


def current_game(app: App) -> Controller | None:
    return app.ctl if app.screen == "game" else None


def game_click(app: App, ok: bool) -> Effects:
    """After a move, the focus goes to the next control the person needs (focus.py)."""
    ctl = app.ctl
    if not ok or ctl is None:
        return Effects()
    fx = app.game.after_action(Effects())
    if fx.focus is None:
        fx.focus = focus.after_move(ctl)
    return fx


def reveal(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None:
        return Effects(render=False)
    ctl.reveal()
    return Effects(focus=focus.after_move(ctl))


def family(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None or not ctl.human_turn():
        return Effects(render=False)
    return game_click(app, ctl.click_family(value))


def expand(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None or not ctl.human_turn():
        return Effects(render=False)
    ctl.select_family(value)
    # the family chosen: to the decision, not its first highlighted space (a second
    # Enter there would place a camel, and one that takes a goods marker stays);
    # chosen again: it stays put
    return Effects(focus=focus.DECISION if ctl.selected_family is not None else None)


def space(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None or not ctl.human_turn() or not value.isdigit():
        return Effects(render=False)
    return game_click(app, ctl.click_space(int(value)))


def decide(app: App, move: Callable[[Controller], bool]) -> Effects:
    """A decision without a value (a Controller method that says whether it was made),
    in the current game; nothing outside one."""
    ctl = current_game(app)
    return game_click(app, move(ctl)) if ctl else Effects(render=False)


def end_turn(app: App, value: str, form: Form) -> Effects:
    return decide(app, Controller.end_turn)


def pass_turn(app: App, value: str, form: Form) -> Effects:
    return decide(app, Controller.pass_turn)


def sell(app: App, value: str, form: Form) -> Effects:
    return decide(app, Controller.sell)


def keep(app: App, value: str, form: Form) -> Effects:
    return decide(app, Controller.keep)


def sale_pass(app: App, value: str, form: Form) -> Effects:
    """The sale window's "No sale, play on" (hotseat)."""
    return decide(app, Controller.sale_pass)


def sale_ask(app: App, value: str, form: Form) -> Effects:
    """The sale window's "I hold it: sell" ("1": which person?) or "Back" ("0")."""
    ctl = current_game(app)
    if ctl is None or not ctl.sale_ask(value == "1"):
        return Effects(render=False)
    return Effects(focus=focus.SALE_WINDOW)


def sale_claim(app: App, value: str, form: Form) -> Effects:
    """A person of the sale window says they sell: the sale, or "does not hold it"."""
    ctl = current_game(app)
    if ctl is None or ctl.window is None or not value.isdigit():
        return Effects(render=False)
    if ctl.sale_claim(int(value)):
        return game_click(app, True)
    return Effects(focus=focus.SALE_WINDOW)  # back in the window, its alert says why


def card(app: App, value: str, form: Form) -> Effects:
    ctl = current_game(app)
    if ctl is None or not value.isdigit():
        return Effects(render=False)
    ctl.toggle_discard(int(value))
    return Effects()


def discard(app: App, value: str, form: Form) -> Effects:
    return decide(app, Controller.confirm_discard)


def speed(app: App, value: str, form: Form) -> Effects:
    if value in SPEEDS:
        app.speed = value
        app.save_prefs()
    fx = Effects()
    app.game.want_bot(fx)
    return fx


def pause(app: App, value: str, form: Form) -> Effects:
    app.game.paused = not app.game.paused
    fx = Effects()
    if not app.game.paused:
        app.game.restart_bots(fx)  # forget a timer of before the pause
    return fx
