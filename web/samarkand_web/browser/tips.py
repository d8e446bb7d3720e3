"""Tooltips of the board's spaces and domains and of the cards: on hover, on a keyboard
focus the person moved (Tab, the arrow keys), by a long press on a touch screen (or a
tap on what is not a choice), and the ring that shows on the map the space a card or a
log line names.

Never on a focus the page moved (after a move it puts the focus on the next control):
that tooltip would open unasked, over the very decision it is to help with. Never over
the decision's controls either: placed clear of them, or not shown.

A pointer opens a tooltip (or rings a card's space) once it rests on its element for
HOVER_MS: one passing over the map on its way to a click writes nothing, so the click
does not share its task and frame with tooltips nobody asked to read. The pointer's
moves and presses are followed in dom.js (samarkandPointer), which calls rested() and
left() here; presses are counted there, so a key seen here is known to be the last
input or not. A pointer that has not moved since its press opens nothing: the click
redraws the page under it (the next screen, the guide's next words), and what comes
there was not pointed at.

A tooltip is written at once and placed just before the next frame, by main-thread
JavaScript (web/tips.js, told by a "samarkand:tip" event on the element described): its
place needs the layout (where its element and the decision's controls are, how big it
is), per-frame DOM work that stays on the main thread when this Python moves to a worker
(docs/phone.md). Until it is placed it is invisible (style.css, .tip:not([data-placed])):
no frame shows it where it was before. Where it has no place clear of the decision,
tips.js says so ("samarkand:tip-unplaced") and the tooltip closes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_core.draw.board import highlight_ring
from samarkand_web.browser.dom import (
    Element,
    Event,
    JsBridge,
    NoPointer,
    PointerState,
    Window,
    attr,
    closest,
    missing,
)
from samarkand_web.view.tooltips import tooltips

if TYPE_CHECKING:
    from samarkand_web.state.app import App

TARGETS = "#board [data-space], #board [data-family], #hand [data-card], #actions [data-card]"
# The keys that move the focus (the browser's Tab, keys.py's arrows among the choices).
MOVING_KEYS = ("Tab", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown")
# What a tooltip may describe is drawn anew when these regions are: it closes.
REDRAWN = frozenset({"board", "hand", "actions", "status", "overlay"})
LONG_PRESS_MS = 450
HOVER_MS = 250  # how long a pointer rests on a space, domain or card before its tooltip
MOVE_CANCELS_PX = 10  # a finger that moves this far scrolls: no long press


def tip_target(el: Element | None) -> Element | None:
    return closest(el, TARGETS)


def map_ref(el: Element | None) -> Element | None:
    return closest(el, "[data-map]")


def tip_kind(el: Element) -> tuple[str | None, str]:
    for kind in ("space", "family", "card"):
        value = attr(el, f"data-{kind}")
        if value:
            return kind, value
    return None, ""


class Tips:
    def __init__(self, app: App, win: Window, js: JsBridge, ids: dict[str, Element],
                 pinching: Callable[[], bool],
                 page_moves_focus: Callable[[], bool] = lambda: False) -> None:
        """`pinching()`: a pinch zooms the board (its scrolling does not hide the
        tooltip); `page_moves_focus()`: the page itself is moving the focus
        (browser/focus.py), not the person."""
        self.app, self.win, self.js, self.ids = app, win, js, ids
        self.pinching = pinching
        self.page_moves_focus = page_moves_focus
        self.pointer: PointerState = NoPointer()  # dom.js's, once it listens
        # The person's last input was a key that moves the focus (no press since: the
        # presses counted then): the focus that follows is theirs (one focus only: a
        # later one, after a move, is the page's).
        self.intent_at: int | None = None
        self.key: str | None = None  # what the tooltip shown describes
        self.timer: int | None = None
        self.start_at: tuple[float, float] | None = None
        # A long press showed a tooltip (the presses counted then): the click that ends
        # that press does nothing (a browser may send none: a new press forgets it).
        self.pressed_at: int | None = None
        self.ring = ""  # the space ringed on the map

    # ------------------------------------------------------------------ showing

    def show(self, el: Element) -> None:
        """The tooltip of `el` (a space, a domain or a card) beside it, and its space
        highlighted on the map if it names one (data-map)."""
        kind, value = tip_kind(el)
        key = f"{kind}:{value}"
        self.highlight(attr(el, "data-map"))
        if key == self.key:
            return
        content = str(tooltips(self.app).tip(kind, value)) if kind else ""
        if not content:
            self.hide(keep_highlight=True)
            return
        tip = self.ids["tip"]
        tip.innerHTML = content
        tip.removeAttribute("data-placed")  # invisible until placed
        tip.hidden = False
        self.key = key
        self.tell_open()
        # web/tips.js places it beside `el`, just before the next frame
        el.dispatchEvent(self.win.CustomEvent.new(
            "samarkand:tip", self.js.record({"bubbles": True})))

    def on_unplaced(self, _event: object = None) -> None:
        """web/tips.js found no place clear of the decision: better none than one over
        it."""
        self.hide(keep_highlight=True)

    def painted(self, regions: set[str]) -> None:
        """The page was drawn anew: a tooltip of what was redrawn (or of a decision that
        changed) closes."""
        if regions & REDRAWN:
            self.hide()

    def hide(self, keep_highlight: bool = False) -> None:
        if self.key is not None:
            self.ids["tip"].hidden = True
            self.key = None
        if not keep_highlight:
            self.highlight("")
        self.tell_open()

    def tell_open(self) -> None:
        """dom.js calls left() only while something is open."""
        is_open = self.key is not None or bool(self.ring)
        if self.pointer.open != is_open:
            self.pointer.open = is_open

    def highlight(self, space: str) -> None:
        """A ring around a space on the map (a card's space, a space a log line names)."""
        if space == self.ring:
            return
        self.ring = space
        self.tell_open()
        layer = self.ids["board"].querySelector(".map-highlight")
        ctl = self.app.ctl
        if missing(layer) or ctl is None:
            return
        layer.innerHTML = (highlight_ring(ctl.state.board, int(space), self.app.portrait)
                           if space else "")

    # ------------------------------------------------------------------ pointer and focus

    def rested(self, el: Element, tip: bool) -> None:
        """dom.js: the pointer rests on `el`, a space, domain or card (`tip`: its
        tooltip) or a log line (its space ringed)."""
        if tip:
            self.show(el)
        else:
            self.highlight(attr(el, "data-map"))

    def left(self) -> None:
        """dom.js: the pointer or the focus left what the tooltip or ring shows."""
        self.hide()

    def on_focusin(self, event: Event) -> None:
        """A focus the person moved by keyboard shows the tooltip; one the page moved
        (after a move, a redraw) or a click gave shows none."""
        theirs = (self.intent_at == int(self.pointer.presses)
                  and not self.page_moves_focus())
        self.intent_at = None
        if not theirs:
            return
        el = tip_target(event.target)
        ref = map_ref(event.target)
        if el is not None:
            self.show(el)
        elif ref is not None:
            self.highlight(attr(ref, "data-map"))

    def on_contextmenu(self, event: Event) -> None:
        if self.pressed or tip_target(event.target) is not None:
            event.preventDefault()  # a long press shows the tooltip, not the browser's menu

    def on_keydown(self, event: Event) -> None:
        """Listened to before the page's own keys (keys.py moves the focus among the
        choices on an arrow key, inside its handler)."""
        key = str(event.key)
        self.intent_at = int(self.pointer.presses) if key in MOVING_KEYS else None
        if key == "Escape" and self.key is not None:
            self.hide()

    def on_scroll(self, _event: object = None) -> None:
        if self.key is not None and not self.pinching():
            self.hide()  # it would float away from what it describes

    # ------------------------------------------------------------------ long press

    @property
    def pressed(self) -> bool:
        """A long press showed a tooltip, and no press came since: its click does
        nothing."""
        return self.pressed_at is not None and self.pressed_at == int(self.pointer.presses)

    def forget(self) -> None:
        self.pressed_at = None

    def on_touchstart(self, event: Event) -> None:
        """A finger down starts a long press; a second one is a pinch (zoompan.js), no
        press."""
        self.forget()
        fingers = int(event.touches.length)
        if fingers == 2:
            self.cancel()
        elif fingers == 1:
            self.start(event)

    def on_touchend(self, _event: Event) -> None:
        self.cancel()

    def start(self, event: Event) -> None:
        self.cancel()
        el = tip_target(event.target)
        if el is None:
            return
        touch = event.touches.item(0)
        self.start_at = (float(touch.clientX), float(touch.clientY))

        def fire() -> None:
            self.timer = None
            self.pressed_at = int(self.pointer.presses)  # its click does nothing
            self.show(el)

        self.timer = self.win.setTimeout(self.js.once(fire), LONG_PRESS_MS)

    def move(self, event: Event) -> None:
        start = self.start_at
        if self.timer is None or start is None or int(event.touches.length) != 1:
            return
        touch = event.touches.item(0)
        if math.hypot(float(touch.clientX) - start[0],
                      float(touch.clientY) - start[1]) > MOVE_CANCELS_PX:
            self.cancel()

    def cancel(self) -> None:
        if self.timer is not None:
            self.win.clearTimeout(self.timer)
            self.timer = None
