"""render()'s output onto the page: only the regions that changed are written; the board
and the log change in place where they can; what is shown, inert, the language and the
title are set only when they change."""

from __future__ import annotations

import json

from samarkand_web.browser.dom import Document, Element, Window, missing
from samarkand_web.browser.focus import ControlKey, Focus, control_key
from samarkand_web.view.patches import BoardWrite, HtmlWrite, LogWrite, PageDiff, PartsWrite
from samarkand_web.view.render import Page

# Regions whose content is replaced (not patched in place) when it changes.
REPLACED = ("header", "messages", "home", "status", "actions", "hand", "players", "overlay",
            "zoom", "chart", "chart-table", "recap")


class Painter:
    """A PageDiff's changes (view/patches.py decides them) written to the document, the
    focus kept where its control stays."""

    def __init__(self, doc: Document, win: Window, ids: dict[str, Element],
                 focus: Focus) -> None:
        self.doc, self.win, self.ids, self.focus = doc, win, ids, focus
        self.diff = PageDiff()

    def paint(self, page: Page) -> set[str]:
        """Write what changed; the names of the regions written."""
        patch = self.diff.diff(page)
        todo = patch.regions
        # the focused control, when it is inside a region about to change: its region and
        # the key to focus its successor with, if it must leave
        focused = self.focused_in([w.region for w in patch.writes]) if todo else None
        refocus: ControlKey | None = None
        for write in patch.writes:
            region = write.region
            lost = focused is not None and focused[0] == region
            if isinstance(write, BoardWrite):
                self.paint_board(write, page)
            elif isinstance(write, LogWrite):
                self.paint_log(write)
            elif isinstance(write, PartsWrite):
                lost = self.paint_parts(write, lost)
            elif isinstance(write, HtmlWrite):
                if lost:
                    self.blur()
                self.ids[region].innerHTML = write.markup
            if lost and focused is not None and region in REPLACED:
                refocus = focused[1]
        if refocus:
            self.focus.give_back(refocus)
        self.show_and_hide(patch.hidden, patch.inert, patch.lang, patch.title)
        return todo

    def paint_parts(self, write: PartsWrite, focused: bool) -> bool:
        """Change only the parts of the region that changed, in one call to dom.js; drawn
        whole when it was not drawn from parts. Whether the focused element (`focused`:
        it is inside the region) left the page with its part."""
        el = self.ids[write.region]
        if write.ops is not None:
            if not write.ops:
                return False
            result = self.win.samarkandPatchParts(el, json.dumps(write.ops))
            if result:
                return result == 2
        if focused:
            self.blur()
        self.win.samarkandSetParts(el, json.dumps(write.encoded()))
        return focused

    def show_and_hide(self, hidden: dict[str, bool], inert: dict[str, bool],
                      lang: str | None, title: str | None) -> None:
        """Regions shown or hidden, the page under a dialog inert, its language and
        title: each written only when it changes (the diff says)."""
        for region, flag in hidden.items():
            self.ids[region].hidden = flag
        for region, modal in inert.items():
            if modal:
                self.ids[region].setAttribute("inert", "")
            else:
                self.ids[region].removeAttribute("inert")
        if lang is not None:
            self.doc.documentElement.setAttribute("lang", lang)
        if title is not None:
            self.doc.title = title

    def shows(self, region: str) -> bool:
        """Whether `region` is on screen as last painted."""
        return self.diff.shows(region)

    def paint_board(self, write: BoardWrite, page: Page) -> None:
        """Change only the spaces and domains that changed (the whole SVG when its frame
        did, or when dom.js could not patch them), all in one call to dom.js."""
        board = self.ids["board"]
        if write.ops is not None:
            if not write.ops or self.win.samarkandPatchPieces(board, json.dumps(write.ops)):
                return
            self.diff.board_drawn(page)
        board.innerHTML = write.markup

    def paint_log(self, write: LogWrite) -> None:
        """Add the new lines at the top; redraw all only when the language or game
        changed (or the list is not there to add to)."""
        log = self.ids["log"]
        if write.new is not None:
            if not write.new:
                return
            ol = log.querySelector("ol")
            if not missing(ol):
                ol.insertAdjacentHTML("afterbegin", "".join(write.new))
                return
        log.innerHTML = write.markup

    def focused_in(self, todo: list[str]) -> tuple[str, ControlKey | None] | None:
        """The region about to change that holds the focused element, and the key to
        focus its successor with should it leave the page."""
        active = self.doc.activeElement
        if missing(active) or active == self.doc.body:
            return None
        for region in todo:
            # a region itself (#status, where the focus rests while bots move) stays: only
            # its content changes, and its focus with it would be taken and given back
            el = self.ids[region]
            if region in REPLACED and active != el and el.contains(active):
                return region, control_key(active)
        return None

    def blur(self) -> None:
        """Take the focus from an element that is about to be replaced (cheap), rather
        than let the browser do it while it is removed (a forced style and layout
        update)."""
        active = self.doc.activeElement
        if not missing(active):
            active.blur()
