"""Handlers of the saved-games list (mixed into App)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import Effects
from .storage import SaveProblem, StorageUnavailable

if TYPE_CHECKING:
    from .app import App


class SaveActions:
    """The saved games list: resume, delete (after a confirmation), share."""

    def _do_resume(self: App, value: str, form: dict[str, str]) -> Effects:
        return self.resume(value)

    def _do_delete(self: App, value: str, form: dict[str, str]) -> Effects:
        self.confirm_delete = value
        return Effects(focus=f'[data-action="delete-yes"][data-value="{value}"]')

    def _do_delete_no(self: App, value: str, form: dict[str, str]) -> Effects:
        self.confirm_delete = None
        return Effects()

    def _do_delete_yes(self: App, value: str, form: dict[str, str]) -> Effects:
        if self.confirm_delete != value:
            return Effects(render=False)
        self.confirm_delete = None
        try:
            self.saves.delete(value)
        except StorageUnavailable as exc:
            self._storage_failed(exc)
        if self.entry is not None and value in (self.entry.id, "samarkand.save." + self.entry.id):
            self.entry = None
            self.ctl = None
        return Effects(focus="#saves h2")

    def _do_share_save(self: App, value: str, form: dict[str, str]) -> Effects:
        try:
            entry, state = self.saves.load(value)
        except SaveProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            return Effects()
        self.share_link = self.share_url_for(state, entry.seats)
        self.share_copied = False
        self.overlay = "share"
        return Effects(focus="#share-link")
