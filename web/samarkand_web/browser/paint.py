"""render()'s output onto the page: only the regions that changed are written; the board
and the log change in place where they can; what is shown, inert, the language and the
title are set only when they change."""

from __future__ import annotations

import json

from samarkand_core.draw.svgkit import Piece
from samarkand_web.browser.dom import Document, Element, Window, missing
from samarkand_web.browser.focus import ControlKey, Focus, control_key
from samarkand_web.view.markup import Markup
from samarkand_web.view.parts import encode, parts_patch
from samarkand_web.view.render import Page, children_patch, piece_patch

# Regions whose content is replaced (not patched in place) when it changes.
REPLACED = ("header", "messages", "home", "status", "actions", "hand", "players", "overlay",
            "zoom", "chart", "chart-table", "recap")
SHOWN = ("home", "game", "overlay", "chart", "chart-table")
INERT_UNDER_DIALOG = ("main", "header", "messages")


def piece_selector(key: str) -> str:
    kind, _, value = key.partition(":")
    return f'[data-{kind}="{value}"]'


def piece_op(key: str, old: Piece, new: Piece) -> list[object]:
    """How dom.js changes a space's or domain's element in place rather than replace it:
    the element a person just used keeps its focus, the browser need not work out
    styles and layout at once (as it does when a focused element leaves the page), and
    only the children that changed are parsed and laid out again."""
    remove, changed, inner = piece_patch(old, new)
    children = children_patch(old, new) if inner is not None else None
    return [piece_selector(key), remove, changed, children, inner]


class Painter:
    def __init__(self, doc: Document, win: Window, ids: dict[str, Element],
                 focus: Focus) -> None:
        self.doc, self.win, self.ids, self.focus = doc, win, ids, focus
        self.painted: dict[str, str] = {}
        self.board_frame: tuple[str, ...] | None = None
        self.board_pieces: dict[str, Piece] = {}
        self.log_head: str | None = None
        self.log_items: list[str] = []
        self.shown: dict[str, object] = {}  # what was last set outside the regions
        self.parts: dict[str, tuple[Markup, ...]] = {}  # regions last drawn from parts

    def paint(self, page: Page) -> set[str]:
        """Write what changed; the names of the regions written."""
        todo = {region: markup for region, markup in page.regions.items()
                if self.painted.get(region) != markup}
        # the focused control, when it is inside a region about to change: its region and
        # the key to focus its successor with, if it must leave
        focused = self.focused_in(todo) if todo else None
        refocus: ControlKey | None = None
        for region, markup in todo.items():
            lost = focused is not None and focused[0] == region
            if region == "board":
                self.paint_board(page)
            elif region == "log":
                self.paint_log(page)
            elif region in page.parts:
                lost = self.paint_parts(region, page.parts[region], lost)
            else:
                if lost:
                    self.blur()
                self.ids[region].innerHTML = markup
                self.parts.pop(region, None)
            self.painted[region] = markup
            if lost and focused is not None and region in REPLACED:
                refocus = focused[1]
        if refocus:
            self.focus.give_back(refocus)
        self.show_and_hide(page)
        return set(todo)

    def paint_parts(self, region: str, parts: tuple[Markup, ...], focused: bool) -> bool:
        """Change only the parts of `region` that changed (view/parts.py), in one call to
        dom.js; drawn whole when it was not drawn from parts. Whether the focused element
        (`focused`: it is inside the region) left the page with its part."""
        el, old = self.ids[region], self.parts.get(region)
        self.parts[region] = parts
        if old is not None:
            ops = parts_patch(old, parts)
            if not ops:
                return False
            result = self.win.samarkandPatchParts(el, json.dumps(ops))
            if result:
                return result == 2
        if focused:
            self.blur()
        self.win.samarkandSetParts(el, json.dumps([encode(p) for p in parts]))
        return focused

    def show_and_hide(self, page: Page) -> None:
        """Regions shown or hidden, the page under a dialog inert, its language and
        title: each written only when it changes."""
        for region in SHOWN:
            hidden = not page.show.get(region, False)
            if self.changed(region, hidden):
                self.ids[region].hidden = hidden
        modal = page.show.get("overlay", False)
        for region in INERT_UNDER_DIALOG:
            if self.changed("inert-" + region, modal):
                if modal:
                    self.ids[region].setAttribute("inert", "")
                else:
                    self.ids[region].removeAttribute("inert")
        if self.changed("lang", page.lang):
            self.doc.documentElement.setAttribute("lang", page.lang)
        if self.changed("title", page.title):
            self.doc.title = page.title

    def shows(self, region: str) -> bool:
        """Whether `region` is on screen as last painted."""
        return self.shown.get(region) is False  # what was set is `hidden`

    def changed(self, key: str, value: object) -> bool:
        """Whether `key` is now `value` for the first time (remembered)."""
        if self.shown.get(key) == value:
            return False
        self.shown[key] = value
        return True

    def paint_board(self, page: Page) -> None:
        """Change only the spaces and domains that changed (the whole SVG when its frame
        did), all in one call to dom.js."""
        frame = tuple(p.key or p.markup for p in page.board)
        old = self.board_pieces
        board = self.ids["board"]
        if frame == self.board_frame:
            ops = []
            for p in page.board:
                # an unchanged piece is the very object drawn last time: a cheap test
                if p.key and old[p.key] is not p and old[p.key].markup != p.markup:
                    ops.append(piece_op(p.key, old[p.key], p))
                    old[p.key] = p
            if not ops or self.win.samarkandPatchPieces(board, json.dumps(ops)):
                return
        board.innerHTML = page.regions["board"]
        self.board_frame = frame
        self.board_pieces = {p.key: p for p in page.board if p.key}

    def paint_log(self, page: Page) -> None:
        """Add the new lines at the top; redraw all only when the language or game
        changed."""
        items, old = page.log_items, self.log_items
        n = len(items) - len(old)
        log = self.ids["log"]
        ol = log.querySelector("ol") if n > 0 else None
        if page.log_head == self.log_head and n >= 0 and items[n:] == old and (
                not n or not missing(ol)):
            if ol is not None and not missing(ol):
                ol.insertAdjacentHTML("afterbegin", "".join(items[:n]))
        else:
            log.innerHTML = page.regions["log"]
            self.log_head = page.log_head
        self.log_items = list(items)

    def focused_in(self, todo: dict[str, str]) -> tuple[str, ControlKey | None] | None:
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
