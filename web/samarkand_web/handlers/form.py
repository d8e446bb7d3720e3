"""Handlers of the new-game form."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core.bots import LEVELS
from samarkand_web.handlers import remote
from samarkand_web.handlers.base import Form
from samarkand_web.saves.links import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Problem,
    StartRequest,
    check_names,
    game_url,
    parse_first,
    parse_seed,
)
from samarkand_web.saves.storage import StorageFull, StorageUnavailable
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects
from samarkand_web.state.names import default_bot_names
from samarkand_web.state.screen import Screen

if TYPE_CHECKING:
    from samarkand_web.state.app import App


# The new-game form: what its fields hold, starting a game, a rematch.


def keep_form(app: App, form: dict[str, str]) -> None:
    f = app.form
    if not form:
        return
    count = form.get("count", "")
    if count.isdigit() and MIN_PLAYERS <= int(count) <= MAX_PLAYERS:
        f.count = int(count)
    for i in range(MAX_PLAYERS):
        name = form.get(f"name{i}")
        if name is not None:
            f.names[i] = None if is_default_name(app, i, name) else name
        kind = form.get(f"kind{i}")
        if kind is not None and (kind == HUMAN or kind in LEVELS):
            f.kinds[i] = kind
    if "first" in form:
        f.first = form["first"]
    if "seed" in form:
        f.seed = form["seed"]
    if form.get("coach") in ("on", "off"):
        f.coach = form["coach"] == "on"
    if form.get("where") in ("here", "link"):
        f.remote = form["where"] == "link"


def default_name(app: App, seat: int) -> str:
    kind = app.form.kinds[seat]
    if kind != HUMAN:
        return app.bot_name(seat, kind)
    return app.t("form.default_name", n=seat + 1)


def is_default_name(app: App, seat: int, name: str) -> bool:
    """Whether `name` is one the form gave seat `seat` itself, under any of its kinds
    ("Player 2", "Bot 2 (Easy)"), rather than one a person typed. Not only its default
    under its kind now: the page sends the form as drawn, and with the page's Python in a
    worker the drawing may lag the seat's kind (a second arrow press on the kind before
    the first one's form came back sends "Player 2" for a seat that is a bot already)."""
    name = name.strip()
    return name in ("", app.t("form.default_name", n=seat + 1)) or name in default_bot_names(seat)


def form_names(app: App) -> list[str]:
    f = app.form
    return [(f.names[i] or default_name(app, i)).strip() for i in range(f.count)]


def form_changed(app: App, value: str, form: Form) -> Effects:
    """A field of the form changed; only a new player count changes the form's shape."""
    keep_form(app, form)
    return Effects(render=value in ("count", "kind", "where"))


def start(app: App, value: str, form: Form) -> Effects:
    if not app.form.setup and "me" in form:
        # the setup (and its start button) is folded away: this is Enter in the name
        # field of the one-click game against the computer
        from samarkand_web.handlers.quick import quick  # quick builds on this module

        return quick(app, value, form)
    keep_form(app, form)
    f = app.form
    names = form_names(app)
    problems = check_names(names)
    seed: int | None = None
    if f.seed.strip():
        try:
            seed = parse_seed(f.seed)
        except ValueError:
            problems.append(Problem("link.bad_seed", {"value": f.seed[:24]}))
    try:
        first = parse_first(f.first, names)
    except ValueError:
        first = None
    f.problems = problems
    if problems:
        return Effects(focus="#form-problems")
    seats = tuple(f.kinds[i] for i in range(f.count))
    return start_game(app, StartRequest(tuple(names), seats, seed, first, coach=f.coach,
                                       remote=f.remote))


def rematch(app: App, value: str, form: Form) -> Effects:
    """A new game with the same players and seats (a new seed)."""
    if app.ctl is None:
        return Effects(render=False)
    return start_game(app, StartRequest(tuple(app.ctl.state.names), app.ctl.seats, None, None,
                                    coach=app.coach.on,
                                       remote=app.bylink.record is not None))


def start_game(app: App, start: StartRequest) -> Effects:
    """A new game (the form, the one-click game, the guide, a rematch, an address that
    names its players), saved as it starts; a store that refuses keeps it unsaved."""
    seed = start.seed if start.seed is not None else app.new_seed()
    try:
        ctl = remote.new_controller(app, start, seed)
    except ValueError as exc:  # names the engine refuses
        app.message("error", "form.invalid", {}, str(exc))
        app.screen = Screen.HOME
        return Effects()
    entry = None
    failed: Exception | None = None
    try:
        entry = app.saves.create(ctl.state, ctl.seats, coach=start.coach)
    except (StorageFull, StorageUnavailable) as exc:
        failed = exc
    app.open_game(entry, None, ctl.seats, ctl=ctl)
    app.coach.on = start.coach  # also for a game the store could not keep
    remote.remote_begin(app)
    if failed is not None:  # said of the game just opened
        app.storage_failed(failed)
    url = game_url(app.path, entry.id) if entry else app.path
    return app.game.after_open(Effects(url=url))
