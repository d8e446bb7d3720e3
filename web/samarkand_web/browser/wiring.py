"""The page put together: the App, its store, and the browser side's parts (painter,
tasks, tooltips, keys, clicks, files, services), wired to the document's events; then
the first drawing of the page. Zoom and pan of the board are main-thread JavaScript
(web/zoompan.js), told by events what was drawn (tell_painted).

`BrowserPage.apply` is where an App call's Effects become what only a browser can do
(the address, a redraw, the focus, the clipboard, files, the next tasks).
"""

from __future__ import annotations

import asyncio
import gc
import json

from samarkand_web.browser import sound, zoom
from samarkand_web.browser.clicks import Clicks
from samarkand_web.browser.dom import Document, Element, Event, JsBridge, Window, missing
from samarkand_web.browser.files import Files
from samarkand_web.browser.focus import Focus
from samarkand_web.browser.keys import Keys
from samarkand_web.browser.localstore import open_session, open_store
from samarkand_web.browser.paint import Painter
from samarkand_web.browser.services import Services
from samarkand_web.browser.tasks import Tasks
from samarkand_web.browser.timings import Timings
from samarkand_web.browser.tips import HOVER_MS, TARGETS, Tips
from samarkand_web.handlers import remote, saves
from samarkand_web.state.app import App
from samarkand_web.state.early import early_intent
from samarkand_web.state.effects import Effects
from samarkand_web.view.render import render

REGIONS = ("header", "messages", "home", "game", "status", "actions", "hand", "board",
           "players", "log", "zoom", "chart", "chart-table", "overlay", "main", "board-wrap",
           "board-frame", "tip", "decision-bar", "recap")


def make_app(win: Window) -> App:
    """The App on localStorage (or, when it cannot be read, a store for this visit)."""
    store, health = open_store(win)
    location = win.location
    app = App(
        store,
        now=lambda: float(win.Date.now()),
        lang=str(win.navigator.language or "en"),
        path=str(location.pathname),
        origin=str(location.origin),
        storage_ok=health != "off",
        touch=bool(win.matchMedia("(pointer: coarse)").matches),
        session=open_session(win),
    )
    if health == "full":
        app.storage_full_at_start()
    app.portrait = zoom.portrait(float(win.innerWidth))
    return app


def element(doc: Document, element_id: str) -> Element:
    el = doc.getElementById(element_id)
    if missing(el):
        raise LookupError(f"the page has no #{element_id}")
    return el


class BrowserPage:
    def __init__(self, app: App, doc: Document, win: Window, js: JsBridge) -> None:
        self.app, self.doc, self.win, self.js = app, doc, win, js
        self.loading = element(doc, "loading")  # at its "game" stage (first.js)
        self.ids = ids = {k: element(doc, k) for k in REGIONS}
        self.timings = Timings(win, js)
        self.tasks = Tasks(app, doc, win, js, self.timings, apply=self.apply,
                           paint=self.paint, suggestion_shown=self.suggestion_shown)
        self.focus = Focus(doc, js, self.loading, self.tasks.after_frame)
        self.painter = Painter(doc, win, ids, self.focus)
        self.rest_due = False  # a move's first paint left regions for paint_rest
        self.tips = Tips(app, win, js, ids, self.pinching, lambda: self.focus.moving)
        self.clicks = Clicks(app, doc, self.focus, self.tips, self.tasks.run)
        self.keys = Keys(app, doc, ids["board"], self.focus, self.tasks.run,
                         self.clicks.on_click)
        self.files = Files(app, doc, win, js, self.timings, self.tasks.guard)
        self.services = Services(app, doc, win, js, self.paint)
        # the system share sheet (phones): play by link offers "Send to Bob" with it
        app.can_share = self.services.can_share()
        app.bylink.signs = self.services.can_sign()  # play by link signs its links (dom.js)

    def pinching(self) -> bool:
        """Two fingers pinch the board (zoompan.js marks its frame meanwhile)."""
        return bool(self.ids["board-wrap"].hasAttribute("data-pinching"))

    # ------------------------------------------------------------------ drawing

    def paint(self, first: bool = False) -> set[str]:
        """Draw the App (render()) where it changed; the regions written. `first`: a
        person's move on the game screen already shown: now only what shows the move
        and the next decision (render's FIRST regions), the rest in a task of its own
        once that frame is drawn, so that the click's frame does not wait for it."""
        first = first and self.painter.shows("game")
        self.rest_due = first
        if first:
            self.tasks.after_frame(self.paint_rest)
        t0 = self.timings.now()
        page = render(self.app, first)
        self.timings.measure("render", t0)
        t0 = self.timings.now()
        todo = self.painter.paint(page)
        self.tips.painted(todo)  # what it described, or the decision, may have changed
        self.tell_painted(board="board" in todo and bool(page.show.get("game")))
        self.timings.measure("paint", t0)
        return todo

    def tell_painted(self, board: bool) -> None:
        """zoompan.js: the page was drawn (`board`: the game's board anew, its zoom and
        scroll follow), and the zoomed frame's name in the page's language. An event, as
        the worker's messages will be (docs/phone.md)."""
        detail = json.dumps({"board": board, "label": self.app.t("zoom.region")})
        self.win.dispatchEvent(self.win.CustomEvent.new(
            "samarkand:painted", self.js.record({"detail": detail})))

    def paint_rest(self) -> None:
        """The regions a move's first paint left for later, unless a paint since drew
        them."""
        if self.rest_due:
            self.tasks.guard(Effects)  # guarded as every task is: a full paint

    def apply(self, fx: Effects, t0: float | None = None) -> None:
        """What a call into the App asked for (t0: the click's time, for its measure)."""
        location = self.win.location
        here = str(location.pathname) + str(location.search) + str(location.hash)
        if fx.url is not None and fx.url != here:
            self.win.history.replaceState(None, "", fx.url)
        if fx.render:
            self.paint(first=t0 is not None)
        if fx.focus and (not fx.focus_if_idle or self.focus.is_idle()):
            self.focus.first(fx.focus)
        if t0 is not None:  # a person's click or key: the focus a press took comes back
            self.focus.after_press(give_back=not fx.focus)
        if fx.copy:
            self.services.copy(fx.copy)
        if fx.share:
            self.services.share(fx.share)
        if fx.activate_update:
            self.services.activate_update()
        if fx.verify:
            self.services.verify(self.tasks.guard, *fx.verify)
        want = remote.link_to_sign(self.app) if fx.render else None
        if want is not None:  # a link to send waits for this device's signature
            self.services.sign(self.tasks.guard, *want)
        sound.play(self.win, fx.sounds)
        if fx.download:
            self.files.download(*fx.download)
        if fx.pick_file:
            self.files.pick()
        self.tasks.schedule(fx, drawn=fx.render)
        if t0 is not None:
            start = t0
            self.win.requestAnimationFrame(
                self.js.once(lambda _ts: self.timings.click_shown(start)))

    def suggestion_shown(self) -> None:
        """The coach's suggestion is drawn: a zoomed board pans to it, and the focus goes
        to it from where "Suggest a move" was (a person busy elsewhere keeps theirs)."""
        self.win.dispatchEvent(self.win.CustomEvent.new("samarkand:suggested"))
        el = self.doc.activeElement
        if missing(el) or el == self.doc.body:
            self.focus.first("#coach-advice")

    # ------------------------------------------------------------------ events

    def on_storage(self, event: Event) -> None:
        """Another tab changed localStorage: the saves list, or the game shown here."""
        key = None if missing(event.key) else str(event.key)
        self.tasks.guard(lambda: saves.storage_changed(self.app, key))

    def on_resize(self, _event: object = None) -> None:
        """A narrow screen gets the upright board, a wide one the map across: drawn anew
        when the screen crosses the line (a phone turned; zoompan.js, which listened
        first, zooms it to fit meanwhile or starts it anew)."""
        upright = zoom.portrait(float(self.win.innerWidth))
        if upright != self.app.portrait:
            self.app.portrait = upright
            self.paint()

    def on_hashchange(self, _event: object = None) -> None:
        """A share link opened in a tab already on the page changes only the #fragment."""
        self.tasks.run("hash", str(self.win.location.hash))

    def listen(self) -> None:
        doc, win, js, ids = self.doc, self.win, self.js, self.ids
        clicks, tips = self.clicks, self.tips
        # The skip link's target, when no space or domain is there to take the focus.
        ids["board"].setAttribute("tabindex", "-1")
        for kind, handler in (
                ("click", clicks.on_click), ("keydown", self.keys.on_key),
                ("change", clicks.on_change), ("input", clicks.on_input),
                ("submit", clicks.on_submit), ("focusin", tips.on_focusin),
                ("contextmenu", tips.on_contextmenu)):
            doc.addEventListener(kind, js.proxy(handler))
        # Before the page's own keys (capture): whether the focus that follows is the
        # person's (tips.py).
        capture = js.record({"capture": True})
        doc.addEventListener("keydown", js.proxy(tips.on_keydown), capture)
        # Hover, presses and the focus at a press: dom.js, which calls in when needed.
        tips.pointer = self.focus.pointer = win.samarkandPointer(
            js.proxy(tips.rested), js.proxy(tips.left), TARGETS, HOVER_MS)
        # A long press (tips.py) on the board, a card; a pinch of the board is zoompan.js's.
        touch = (("touchstart", tips.on_touchstart), ("touchmove", tips.move),
                 ("touchend", tips.on_touchend))
        passive = js.record({"passive": True})  # a press never stops the page's scroll
        for touch_kind, on_touch in (*touch, ("touchcancel", tips.on_touchend)):
            ids["board-wrap"].addEventListener(touch_kind, js.proxy(on_touch), passive)
        for region in ("hand", "actions"):
            for touch_kind, on_touch in touch:
                ids[region].addEventListener(touch_kind, js.proxy(on_touch), passive)
        ids["messages"].addEventListener("animationend", js.proxy(clicks.on_message_faded))
        win.addEventListener("resize", js.proxy(self.on_resize))
        doc.addEventListener("scroll", js.proxy(tips.on_scroll),
                             js.record({"capture": True, "passive": True}))
        for kind, on_window in (
                ("storage", self.on_storage), ("hashchange", self.on_hashchange),
                ("samarkand:tip-unplaced", tips.on_unplaced),
                ("samarkand:update-ready", self.services.on_update_ready)):
            win.addEventListener(kind, js.proxy(on_window))

    # ------------------------------------------------------------------ the start

    def boot(self) -> None:
        """The page for its address (App.boot), drawn; then live."""
        location = self.win.location
        self.tasks.guard(lambda: self.app.boot(str(location.search), str(location.hash)))
        self.ready()
        # A click on the start screen before the page was live (first.js kept it): now.
        early = early_intent(getattr(self.win, "samarkandEarly", None))
        if early is not None and self.app.screen == "home" and not self.app.overlay:
            self.tasks.run(*early)
        asyncio.ensure_future(self.announce_idle())

    def ready(self) -> None:
        """The page is live: the loading indicator goes, the benchmark's mark is set."""
        if self.loading.hidden:
            return
        # Everything made so far (modules, the board) lives as long as the page: keep it
        # out of the cyclic garbage collector's way (cheap: no collection is run), so
        # that its pauses during play stay short.
        gc.freeze()
        self.loading.hidden = True
        body = self.doc.body.dataset
        body.readyMs = str(round(self.timings.now()))
        body.ready = "1"

    async def announce_idle(self) -> None:
        """Once the first board is on screen, the service worker may install
        (sw-register.js waits for this event), so that its downloads never compete with
        the start."""
        done: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self.tasks.after_frame(lambda: done.set_result(None))
        await done
        self.win.dispatchEvent(self.win.CustomEvent.new("samarkand:idle"))


def start(doc: Document, win: Window, js: JsBridge) -> BrowserPage:
    """Make the App and the page's parts, listen, and draw the page."""
    page = BrowserPage(make_app(win), doc, win, js)
    page.listen()
    page.boot()
    return page
