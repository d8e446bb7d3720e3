"""Handlers of the guided first game: start it (the start screen's button, the Rules
panel's, or ``?guide=1`` in the address), leave it, close its last step; and the guide's
look at the game after each of the person's actions (state/guide.py).

The guided game is a normal saved game (the person and two Medium bots, GUIDE_SEED, the
person first): leaving the guide, or its last step, leaves exactly that game. The guide
itself is not saved: a reload or a resume goes on as a normal game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from samarkand_web.handlers.base import Form
from samarkand_web.handlers.form import start_game
from samarkand_web.handlers.quick import keep_me, quick_name
from samarkand_web.saves.links import StartRequest, check_names
from samarkand_web.state import focus
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects
from samarkand_web.state.guide import GUIDE_LEVEL, GUIDE_SEED, Guide
from samarkand_web.state.screen import Screen

if TYPE_CHECKING:
    from samarkand_web.state.app import App

GUIDE_PARAM = "guide"
GUIDE_PANEL = "#guide"
GUIDE_FIRST = 0  # the person starts: the guide speaks at once


def guide_param(search: str) -> list[str] | None:
    """The values of ``guide=`` in the address's query, None when it has none."""
    query = parse_qs(search[1:] if search.startswith("?") else search, keep_blank_values=True)
    return query.get(GUIDE_PARAM)


def guide_now(app: App) -> Guide | None:
    """The guide of the game on the screen, while it leads."""
    guide = app.guide
    if guide is None or app.screen != "game" or not guide.active(app.ctl):
        return None
    return guide


def guide_boot(app: App, search: str) -> Effects | None:
    """``?guide=1``: the guided game at once; any other value: why not (the page opens
    as it would without it). None: the address asks for no guide."""
    values = guide_param(search)
    if values is None:
        return None
    if values != ["1"]:
        shown = values[-1][:12] if len(values) == 1 else "…"
        app.message("error", "link.bad_guide", {"value": shown})
        return None
    return guide(app, "", {})


def guide(app: App, value: str, form: Form) -> Effects:
    """Start the guided first game (the start screen's button, the Rules panel's): the
    person under the one-click game's name, against two Medium bots."""
    keep_me(app, form)
    names = (quick_name(app), app.bot_name(1, GUIDE_LEVEL), app.bot_name(2, GUIDE_LEVEL))
    problems = check_names(names)
    app.form.quick_problems = problems
    if problems:  # a typed name the game refuses: said beside the field, nothing starts
        app.overlay = None
        app.screen = Screen.HOME
        return Effects(focus="#quick-problems")
    app.overlay = None
    fx = start_game(app, StartRequest(names, (HUMAN, GUIDE_LEVEL, GUIDE_LEVEL), GUIDE_SEED,
                                 GUIDE_FIRST, coach=True))
    ctl = app.ctl
    app.guide = Guide(ctl) if ctl is not None and app.screen == "game" else None
    if app.guide is not None:
        fx.focus = GUIDE_PANEL
    return fx


def after_guide(app: App) -> Effects:
    """The guide is gone: the focus goes where the game needs it next."""
    return Effects(focus=focus.after_move(app.ctl) if app.ctl else focus.STATUS)


def guide_leave(app: App, value: str, form: Form) -> Effects:
    """"Leave the guide": the game goes on as a normal game."""
    if guide_now(app) is None:
        return Effects(render=False)
    app.guide = None
    return after_guide(app)


def guide_finish(app: App, value: str, form: Form) -> Effects:
    """The last step's button: the guide is done, the game goes on."""
    guide_ = guide_now(app)
    if guide_ is None:
        return Effects(render=False)
    guide_.finish()
    app.guide = None
    return after_guide(app)


def guide_observe(app: App) -> None:
    """After each action: the guide sees whether the person moved on (App.dispatch)."""
    guide_ = app.guide
    if guide_ is None:
        return
    if app.ctl is not guide_.ctl:
        app.guide = None  # another game is open: the guide belonged to the other
        return
    guide_.observe(guide_.ctl)
    if guide_.finished:
        app.guide = None
