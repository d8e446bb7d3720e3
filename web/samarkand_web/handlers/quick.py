"""Handlers of the start screen's quick choices: a game against the computer in one
click (the person and two Medium bots, who starts drawn at random, the coach on), and the
full setup for friends, each on their own device (by link) or all at this one, one
click away.

The name played under is remembered in the preferences, so that the next one-click game
is that person's again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.handlers.base import Form
from samarkand_web.handlers.form import keep_form, start_game
from samarkand_web.saves.links import MAX_NAME, StartRequest, check_names
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App

QUICK_BOT = "heuristic"  # the level the page calls Medium
QUICK_BOTS = 2


def quick_name(app: App) -> str:
    """The name the one-click game is played under: typed, else remembered, else the
    form's default name of seat 1."""
    typed = app.form.me
    if typed is not None and typed.strip():
        return typed.strip()
    return app.my_name or app.t("form.default_name", n=1)


def quick_name_field(app: App) -> str:
    """What the name field shows: what was typed, else the name remembered."""
    return app.form.me if app.form.me is not None else (app.my_name or "")


def keep_me(app: App, form: Form) -> None:
    if "me" in form:
        app.form.me = form["me"][:MAX_NAME * 2]


def quick(app: App, value: str, form: Form) -> Effects:
    """Play against the computer now. A name the game refuses is said beside the field,
    and nothing starts."""
    keep_me(app, form)
    name = quick_name(app)
    names = (name,) + tuple(app.bot_name(i + 1, QUICK_BOT) for i in range(QUICK_BOTS))
    problems = check_names(names)
    app.form.quick_problems = problems
    if problems:
        return Effects(focus="#quick-problems")
    if name != app.t("form.default_name", n=1) and name != app.my_name:
        app.my_name = name
        app.save_prefs()
    seats = (HUMAN,) + (QUICK_BOT,) * QUICK_BOTS
    return start_game(app, StartRequest(names, seats, None, None, coach=True))


def quick_name_typed(app: App, value: str, form: Form) -> Effects:
    """The name typed before the page was live (first.js kept it): shown again."""
    keep_me(app, form)
    return Effects()


def setup(app: App, value: str, form: Form) -> Effects:
    """Show (or fold away) the full setup: players, people or bots, who starts. `value`
    is the start screen's way to play with friends: "link" (each on their own device) or
    "here" (all at this device); the setup opens with its "Where" set so, switches to it
    when it is open for the other, and folds away when it is open for that one already.
    Without one (an older page's kept click), it folds or opens as it is."""
    keep_me(app, form)
    keep_form(app, form)
    f = app.form
    if value in ("here", "link"):
        remote = value == "link"
        f.setup = not (f.setup and f.remote == remote)
        f.remote = remote
    else:
        f.setup = not f.setup
    button = "#setup-link" if f.remote else "#setup-toggle"
    return Effects(focus="#count" if f.setup else button)
