"""Handlers of the game screen (mixed into App)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.saves.links import SPEEDS
from samarkand_web.state import focus
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App


class GameActions:
    """Clicks in a game: the board, the decision, the cards, the bots' controls."""

    def _game(self: App) -> Controller | None:
        return self.ctl if self.screen == "game" else None

    def _game_click(self: App, ok: bool) -> Effects:
        """After a move, the focus goes to the next control the person needs (focus.py)."""
        ctl = self.ctl
        if not ok or ctl is None:
            return Effects()
        fx = self._after_action(Effects())
        if fx.focus is None:
            fx.focus = focus.after_move(ctl)
        return fx

    def _do_reveal(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None:
            return Effects(render=False)
        ctl.reveal()
        return Effects(focus=focus.after_move(ctl))

    def _do_family(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None or not ctl.human_turn():
            return Effects(render=False)
        return self._game_click(ctl.click_family(value))

    def _do_expand(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None or not ctl.human_turn():
            return Effects(render=False)
        ctl.select_family(value)
        # the family chosen: on to its highlighted spaces (chosen again: it stays put)
        return Effects(focus=focus.FIRST_LEGAL_SPACE if ctl.selected_family is not None
                       else None)

    def _do_space(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None or not ctl.human_turn() or not value.isdigit():
            return Effects(render=False)
        return self._game_click(ctl.click_space(int(value)))

    def _do_end_turn(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        return self._game_click(ctl.end_turn()) if ctl else Effects(render=False)

    def _do_pass(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        return self._game_click(ctl.pass_turn()) if ctl else Effects(render=False)

    def _do_sell(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        return self._game_click(ctl.sell()) if ctl else Effects(render=False)

    def _do_keep(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        return self._game_click(ctl.keep()) if ctl else Effects(render=False)

    def _do_sale_pass(self: App, value: str, form: dict[str, str]) -> Effects:
        """The sale window's "No sale, play on" (hotseat)."""
        ctl = self._game()
        return self._game_click(ctl.sale_pass()) if ctl else Effects(render=False)

    def _do_sale_ask(self: App, value: str, form: dict[str, str]) -> Effects:
        """The sale window's "I hold it: sell" ("1": which person?) or "Back" ("0")."""
        ctl = self._game()
        if ctl is None or not ctl.sale_ask(value == "1"):
            return Effects(render=False)
        return Effects(focus=focus.SALE_WINDOW)

    def _do_sale_claim(self: App, value: str, form: dict[str, str]) -> Effects:
        """A person of the sale window says they sell: the sale, or "does not hold it"."""
        ctl = self._game()
        if ctl is None or ctl.window is None or not value.isdigit():
            return Effects(render=False)
        if ctl.sale_claim(int(value)):
            return self._game_click(True)
        return Effects(focus=focus.SALE_WINDOW)  # back in the window, its alert says why

    def _do_card(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None or not value.isdigit():
            return Effects(render=False)
        ctl.toggle_discard(int(value))
        return Effects()

    def _do_discard(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        return self._game_click(ctl.confirm_discard()) if ctl else Effects(render=False)

    def _do_speed(self: App, value: str, form: dict[str, str]) -> Effects:
        if value in SPEEDS:
            self.speed = value
            self._save_prefs()
        fx = Effects()
        self._want_bot(fx)
        return fx

    def _do_pause(self: App, value: str, form: dict[str, str]) -> Effects:
        self.paused = not self.paused
        fx = Effects()
        if not self.paused:
            self.bot_token += 1  # forget a timer of before the pause
            self._bot_scheduled = False
            self._want_bot(fx)
        return fx
