"""Handlers of the page's own controls (mixed into App)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App


class PageActions:
    """The page's own buttons: language, messages, home, sharing, dialogs."""

    def _do_lang(self: App, value: str, form: dict[str, str]) -> Effects:
        self._keep_form(form)
        self.set_lang(value)
        return Effects(lang=self.lang)

    def _do_dismiss(self: App, value: str, form: dict[str, str]) -> Effects:
        if value.isdigit() and int(value) < len(self.messages):
            del self.messages[int(value)]
        return Effects()

    def update_ready(self: App) -> None:
        """A new version of the site is installed and waits behind this one (the service
        worker never swaps files under a game): the player reloads when it suits."""
        self.message("info", "update.ready", actions=(("update.reload", "update", ""),))

    def update_waits_for_tabs(self: App) -> None:
        """The new version could not take over: the site is open in other tabs."""
        self._drop_messages(("update.ready",))
        self.message("info", "update.other_tabs")

    def _do_update(self: App, value: str, form: dict[str, str]) -> Effects:
        return Effects(render=False, activate_update=True)

    def _do_home(self: App, value: str, form: dict[str, str]) -> Effects:
        self.screen = "home"
        self.overlay = None
        self.bot_token += 1  # stops the bots of the game left
        self._bot_scheduled = False
        self.confirm_delete = None
        return Effects(url=self.path, focus="#home h2")

    def _do_share(self: App, value: str, form: dict[str, str]) -> Effects:
        if self.ctl is None:
            return Effects(render=False)
        # committed moves only: a move that may still be taken back is not shared
        return self.share_game(self.ctl.committed, self.ctl.seats, tuple(self.coach.used))

    def _do_copy(self: App, value: str, form: dict[str, str]) -> Effects:
        if not self.share_link:
            return Effects(render=False)
        self.share_copied = True
        return Effects(copy=self.share_link)

    def copy_failed(self: App) -> None:
        self.share_copied = False
        self.message("warning", "share.copy_failed")

    def _do_close(self: App, value: str, form: dict[str, str]) -> Effects:
        self.overlay = None
        return Effects(focus="#status")

    def _do_scores(self: App, value: str, form: dict[str, str]) -> Effects:
        if self.ctl is not None and self.ctl.is_over:
            self.overlay = "scores"
        return Effects(focus="#overlay h2")
