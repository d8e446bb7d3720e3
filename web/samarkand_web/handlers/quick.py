"""Handlers of the start screen's quick choices (mixed into App): a game against the
computer in one click (the person and two Medium bots, who starts drawn at random, the
coach on), and the full setup for friends at one device, one click away.

The name played under is remembered in the preferences, so that the next one-click game
is that person's again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.saves.links import MAX_NAME, StartRequest, check_names
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App

QUICK_BOT = "heuristic"  # the level the page calls Medium
QUICK_BOTS = 2


class QuickActions:
    """The one-click game against the computer, and the way to the full setup."""

    def quick_name(self: App) -> str:
        """The name the one-click game is played under: typed, else remembered, else
        the form's default name of seat 1."""
        typed = self.form.me
        if typed is not None and typed.strip():
            return typed.strip()
        return self.my_name or self.t("form.default_name", n=1)

    def quick_name_field(self: App) -> str:
        """What the name field shows: what was typed, else the name remembered."""
        return self.form.me if self.form.me is not None else (self.my_name or "")

    def _keep_me(self: App, form: dict[str, str]) -> None:
        if "me" in form:
            self.form.me = form["me"][:MAX_NAME * 2]

    def _do_quick(self: App, value: str, form: dict[str, str]) -> Effects:
        """Play against the computer now. A name the game refuses is said beside the
        field, and nothing starts."""
        self._keep_me(form)
        name = self.quick_name()
        names = (name,) + tuple(self.bot_name(i + 1, QUICK_BOT) for i in range(QUICK_BOTS))
        problems = check_names(names)
        self.form.quick_problems = problems
        if problems:
            return Effects(focus="#quick-problems")
        if name != self.t("form.default_name", n=1) and name != self.my_name:
            self.my_name = name
            self._save_prefs()
        seats = (HUMAN,) + (QUICK_BOT,) * QUICK_BOTS
        return self._start(StartRequest(names, seats, None, None, coach=True))

    def _do_quick_name(self: App, value: str, form: dict[str, str]) -> Effects:
        """The name typed before the page was live (first.js kept it): shown again."""
        self._keep_me(form)
        return Effects()

    def _do_setup(self: App, value: str, form: dict[str, str]) -> Effects:
        """Show (or fold away) the full setup: players, people or bots, who starts."""
        self._keep_me(form)
        self._keep_form(form)
        self.form.setup = not self.form.setup
        return Effects(focus="#count" if self.form.setup else "#setup-toggle")
