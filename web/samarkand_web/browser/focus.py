"""Where the keyboard focus goes: the control a person used keeps it across redraws,
and the Effects' focus selectors are followed at the right moment."""

from __future__ import annotations

from collections.abc import Callable

from samarkand_web.browser.dom import (
    Document,
    Element,
    JsBridge,
    NoPointer,
    PointerState,
    attr,
    missing,
    tag,
)

# What identifies a control across redraws: (selector, data-value).
ControlKey = tuple[str, str]

FOCUSABLE = "button:not([disabled]), [tabindex='0'], input, select, summary, a[href]"
GAME_PARTS = ("#status", "#actions", "#board")


def _plain(name: str) -> bool:
    return name.replace("-", "").replace("_", "").replace(":", "").isalnum()


def control_key(el: Element | None) -> ControlKey | None:
    """What identifies a control across redraws: (selector, data-value). The selector
    holds only our own names (actions, spaces, families); data-value may be a stored
    key (any text), so it is compared, never put into a selector. Its id first, when it
    has one: two selects of the new-game form share their data-action and data-value,
    and the focus must not jump to the first."""
    if missing(el) or not hasattr(el, "getAttribute"):
        return None
    own_id = attr(el, "id")
    if own_id and own_id.replace("-", "").replace("_", "").isalnum():
        return "#" + own_id, attr(el, "data-value")
    for name in ("data-space", "data-family", "data-action"):
        value = attr(el, name)
        if value and _plain(value):
            return f'[{name}="{value}"]', attr(el, "data-value")
    return None


def find_control(doc: Document, key: ControlKey) -> Element | None:
    selector, value = key
    for el in doc.querySelectorAll(selector):
        if attr(el, "data-value") == value:
            return el
    return None


class Focus:
    def __init__(self, doc: Document, js: JsBridge, loading: Element,
                 after_frame: Callable[[Callable[[], object]], None]) -> None:
        self.doc = doc
        self.loading = loading  # first.js's indicator: hidden once the page is live
        self.after_frame = after_frame
        self.no_scroll = js.record({"preventScroll": True})
        self.reveal = js.record({"block": "nearest", "inline": "nearest"})
        self.pointer: PointerState = NoPointer()  # dom.js's, once it listens
        # The presses counted at the last key press: the last input was a key press
        # while no press came since (see first()); so too before any input.
        self.key_at = 0
        # The page is moving the focus (not the person): no tooltip opens (tips.py).
        self.moving = False

    def first(self, selectors: str) -> None:
        """Focus the first element found for the first of the comma-separated selectors
        that finds one (querySelector with a list would take the first in the document
        instead). After a key press at once: the next key must land there. After a mouse
        press once the frame that shows the change is drawn: focus() makes the browser
        work out the page's styles (and, for a space of the map, its layout) at once,
        which in the click's own time came on top of the frame's; after the frame nothing
        has changed, and it costs next to nothing. Scrolled into view only if it is not
        in view. At the start too (the page not live yet: no key was handled), so that
        the task that draws the first board does not also lay the whole page out."""
        if self.keyboard and self.loading.hidden:
            self.now(selectors)
        else:
            self.after_frame(lambda: self.now(selectors))

    def now(self, selectors: str) -> None:
        for sel in selectors.split(", "):
            el = self.doc.querySelector(sel)
            if not missing(el):
                self.focus_by_page(el)
                if el == self.doc.activeElement:
                    el.scrollIntoView(self.reveal)
                return

    def give_back(self, key: ControlKey) -> None:
        """The control `key` names, drawn anew, takes the focus (without scrolling)."""
        el = find_control(self.doc, key)
        if not missing(el) and el.matches(FOCUSABLE):
            self.focus_by_page(el)

    def focus_by_page(self, el: Element) -> None:
        """el.focus(): its focusin event runs inside the call, while `moving` says so."""
        self.moving = True
        try:
            el.focus(self.no_scroll)
        finally:
            self.moving = False

    @property
    def keyboard(self) -> bool:
        """Whether the last input was a key press (else a press of a mouse or finger)."""
        return self.key_at == int(self.pointer.presses)

    def key_pressed(self) -> None:
        self.key_at = int(self.pointer.presses)

    def after_press(self, give_back: bool) -> None:
        """A press on a game control took the focus from the control that had it
        (dom.js): that control, drawn anew, gets it back once the frame is drawn (a
        focus given inside the click makes the browser work out styles and layout at
        once), unless the page moves the focus elsewhere (`give_back` False)."""
        released = getattr(self.pointer, "released", None)
        if missing(released):
            return
        self.pointer.released = None
        key = control_key(released)
        if give_back and key is not None:
            self.after_frame(lambda: self.give_back(key) if self.rests_nowhere() else None)

    def rests_nowhere(self) -> bool:
        el = self.doc.activeElement
        return missing(el) or el == self.doc.body

    def is_idle(self) -> bool:
        """The focus rests on nothing the person is using: on the page itself, or on a
        game control (not a list to choose from) that a move has just drawn anew."""
        el = self.doc.activeElement
        if missing(el) or el == self.doc.body:
            return True
        if tag(el) in ("SELECT", "INPUT", "TEXTAREA"):
            return False
        return any(not missing(el.closest(part)) for part in GAME_PARTS)
