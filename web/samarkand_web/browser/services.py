"""What the page asks of the browser beyond the DOM: the clipboard, the share sheet, a new
version of the site (the service worker, sw-register.js) taking over."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_web.browser.dom import Document, JsBridge, Window, missing

if TYPE_CHECKING:
    from samarkand_web.state.app import App


class Services:
    def __init__(self, app: App, doc: Document, win: Window, js: JsBridge,
                 paint: Callable[[], object]) -> None:
        self.app, self.doc, self.win, self.js, self.paint = app, doc, win, js, paint

    def copy(self, text: str) -> None:
        """The share link to the clipboard (and selected, so that it can be copied by hand
        where the clipboard refuses)."""
        field = self.doc.getElementById("share-link")
        if not missing(field):
            field.select()

        def failed(*_args: object) -> None:
            self.app.copy_failed()
            self.paint()

        try:
            self.win.navigator.clipboard.writeText(text).then(
                self.js.once(lambda *_a: None), self.js.once(failed))
        except Exception:
            failed()

    def can_share(self) -> bool:
        """Whether the browser has a system share sheet (navigator.share: phones)."""
        return not missing(getattr(self.win.navigator, "share", None))

    def share(self, title: str, url: str) -> None:
        """A game link to the system's share sheet (play by link); a cancelled sheet does
        nothing, one that fails copies the link instead."""

        def failed(error: object = None) -> None:
            if missing(error) or str(getattr(error, "name", "")) != "AbortError":
                self.copy(url)

        try:
            self.win.navigator.share(self.js.record({"title": title, "url": url})).then(
                self.js.once(lambda *_a: None), self.js.once(failed))
        except Exception:
            failed()

    def on_update_ready(self, _event: object = None) -> None:
        """A new version of the site waits behind this one (sw-register.js): say so."""
        self.app.update_ready()
        self.paint()

    def activate_update(self) -> None:
        """The notice's Reload: the waiting version takes over and the page reloads on it
        (sw-register.js), unless the site is open in other tabs, which keep their files."""

        def answered(activated: object) -> None:
            if not activated:
                self.app.update_waits_for_tabs()
                self.paint()

        if missing(getattr(self.win, "samarkandActivateUpdate", None)):
            self.win.location.reload()  # no service worker here
            return
        self.win.samarkandActivateUpdate().then(self.js.once(answered))
