"""What the page asks of the browser beyond the DOM: the clipboard, the share sheet, a new
version of the site (the service worker, sw-register.js) taking over, and the signatures
of play by link (dom.js: WebCrypto, whose answers come back later, as the clipboard's
do: the App gets them through `guard`, its Effects applied)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_web.browser.dom import Document, JsBridge, Window, missing
from samarkand_web.handlers import page, remote
from samarkand_web.state.effects import Effects, Share

if TYPE_CHECKING:
    from samarkand_web.state.app import App

Guard = Callable[[Callable[[], Effects]], object]


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
            page.copy_failed(self.app)
            self.paint()

        try:
            self.win.navigator.clipboard.writeText(text).then(
                self.js.once(lambda *_a: None), self.js.once(failed))
        except Exception:
            failed()

    def can_share(self) -> bool:
        """Whether the browser has a system share sheet (navigator.share: phones)."""
        return not missing(getattr(self.win.navigator, "share", None))

    def share(self, share: Share) -> None:
        """A game link to the system's share sheet (play by link), with its words (whose
        turn, which game); a cancelled sheet does nothing, one that fails copies the link
        instead."""

        def failed(error: object = None) -> None:
            if missing(error) or str(getattr(error, "name", "")) != "AbortError":
                self.copy(share.url)

        try:
            data = {"title": share.title, "text": share.text, "url": share.url}
            self.win.navigator.share(self.js.record(data)).then(
                self.js.once(lambda *_a: None), self.js.once(failed))
        except Exception:
            failed()

    def can_sign(self) -> bool:
        """Whether the browser signs links (dom.js defines samarkandSign where WebCrypto
        and IndexedDB are: a secure context, https or localhost)."""
        return not missing(getattr(self.win, "samarkandSign", None))

    def sign(self, guard: Guard, game: str, fragment: str) -> None:
        """The link signed by this device's key for the game (made at its first link):
        the answer, "<key>.<signature>" or "" on failure, goes to remote.link_signed."""

        def done(result: object = "") -> None:
            text = "" if missing(result) else str(result)
            guard(lambda: remote.link_signed(self.app, fragment, text))

        try:
            self.win.samarkandSign(game, fragment).then(self.js.once(done),
                                                        self.js.once(lambda *_a: done("")))
        except Exception:
            done("")

    def verify(self, guard: Guard, key: str, signed: str, signature: str) -> None:
        """A link's signature checked against its key: the answer goes to
        remote.link_verified (any failure is a wrong signature: the link is refused)."""

        def done(ok: object = False) -> None:
            guard(lambda: remote.link_verified(self.app, signed, not missing(ok) and ok is True))

        try:
            self.win.samarkandVerify(key, signed, signature).then(
                self.js.once(done), self.js.once(lambda *_a: done(False)))
        except Exception:
            done(False)

    def on_update_ready(self, _event: object = None) -> None:
        """A new version of the site waits behind this one (sw-register.js): say so."""
        page.update_ready(self.app)
        self.paint()

    def activate_update(self) -> None:
        """The notice's Reload: the waiting version takes over and the page reloads on it
        (sw-register.js), unless the site is open in other tabs, which keep their files."""

        def answered(activated: object) -> None:
            if not activated:
                page.update_waits_for_tabs(self.app)
                self.paint()

        if missing(getattr(self.win, "samarkandActivateUpdate", None)):
            self.win.location.reload()  # no service worker here
            return
        self.win.samarkandActivateUpdate().then(self.js.once(answered))
