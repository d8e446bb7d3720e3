"""Handlers of the new-game form (mixed into App)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core.bots import LEVELS
from samarkand_web.saves.links import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Problem,
    StartRequest,
    check_names,
    parse_first,
    parse_seed,
)
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App


class FormActions:
    """The new-game form: what its fields hold, starting a game, a rematch."""

    def _keep_form(self: App, form: dict[str, str]) -> None:
        f = self.form
        if not form:
            return
        count = form.get("count", "")
        if count.isdigit() and MIN_PLAYERS <= int(count) <= MAX_PLAYERS:
            f.count = int(count)
        for i in range(MAX_PLAYERS):
            name = form.get(f"name{i}")
            if name is not None:
                default = self.default_name(i)
                f.names[i] = None if name.strip() in ("", default) else name
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

    def default_name(self: App, seat: int) -> str:
        kind = self.form.kinds[seat]
        if kind != HUMAN:
            return self.bot_name(seat, kind)
        return self.t("form.default_name", n=seat + 1)

    def form_names(self: App) -> list[str]:
        f = self.form
        return [(f.names[i] or self.default_name(i)).strip() for i in range(f.count)]

    def _do_form(self: App, value: str, form: dict[str, str]) -> Effects:
        """A field of the form changed; only a new player count changes the form's shape."""
        self._keep_form(form)
        return Effects(render=value in ("count", "kind", "where"))

    def _do_start(self: App, value: str, form: dict[str, str]) -> Effects:
        self._keep_form(form)
        f = self.form
        names = self.form_names()
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
        return self._start(StartRequest(tuple(names), seats, seed, first, coach=f.coach,
                                        remote=f.remote))

    def _do_rematch(self: App, value: str, form: dict[str, str]) -> Effects:
        """A new game with the same players and seats (a new seed)."""
        if self.ctl is None:
            return Effects(render=False)
        return self._start(StartRequest(tuple(self.ctl.state.names), self.ctl.seats, None, None,
                                        coach=self.coach.on,
                                        remote=self.remote_record is not None))
