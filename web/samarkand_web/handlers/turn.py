"""Handlers of the play flow (mixed into App): take back, the marriage that waits for its
cards, the recap's panel on small screens, the rules, Escape and the skip link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.state import focus
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App


class TurnActions:
    def _do_take_back(self: App, value: str, form: dict[str, str]) -> Effects:
        """Undo the person's latest decision of this turn (a button, or Ctrl+Z). Nothing
        is saved: the save holds committed moves only, and this one was not."""
        ctl = self._game()
        if ctl is None or not ctl.human_turn():
            return Effects(render=False)
        if not ctl.take_back():
            return Effects()  # the controller's error says why
        return Effects(focus=focus.after_move(ctl))

    def _do_confirm_marriage(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None or not ctl.human_turn():
            return Effects(render=False)
        return self._game_click(ctl.confirm_marriage())

    def _do_recap(self: App, value: str, form: dict[str, str]) -> Effects:
        """Open or close the recap (a panel that small screens fold away)."""
        self.recap_open = not self.recap_open
        return Effects()

    def _do_rules(self: App, value: str, form: dict[str, str]) -> Effects:
        """The rules in brief, over the game (Escape or the close button shuts it)."""
        if self.overlay == "rules":
            return self._close_rules()
        self.rules_return = self.overlay
        self.overlay = "rules"
        return Effects(focus="#overlay h2")

    def _close_rules(self: App) -> Effects:
        self.overlay = self.rules_return
        self.rules_return = None
        return Effects(focus="#overlay h2" if self.overlay else "#rules-button")

    def _do_escape(self: App, value: str, form: dict[str, str]) -> Effects:
        """Escape closes the dialog on top; the pass-the-device screen stays (it hides a
        hand), and so does the game's end once it is the only thing left. With nothing
        else open, it dismisses the newest message (as its x button does)."""
        if self.overlay == "rules":
            return self._close_rules()
        if self.overlay == "stats":
            return self._do_stats_close(value, form)
        if self.overlay in ("share", "scores", "replay-share"):
            return self._do_close(value, form)
        if self.recap_open:
            self.recap_open = False
            return Effects(focus="#recap-toggle")
        if self.messages and self.overlay is None:
            self.messages.pop()
            return Effects()
        return Effects(render=False)

    def _do_skip_board(self: App, value: str, form: dict[str, str]) -> Effects:
        ctl = self._game()
        if ctl is None:
            return Effects(render=False)
        return Effects(render=False, focus=f"{focus.FIRST_LEGAL_SPACE}, "
                                           f"{focus.FIRST_LEGAL_DOMAIN}, #board")
