"""Tooltips of the board's spaces and domains and of the cards: on hover and focus, by
a long press on a touch screen (or a tap on what is not a choice), and the ring that
shows on the map the space a card or a log line names.

A tooltip is written at once and placed just before the next frame: its place needs
the layout (where its element is, how big it is), and reading that right after
writing the page would make the browser work it out at once, inside the event's task,
each time. Before the frame it costs nothing extra, and the player sees the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_core.svg import highlight_ring
from samarkand_web.browser.dom import Element, Event, JsBridge, Window, attr, closest, missing
from samarkand_web.browser.zoom import distance
from samarkand_web.view.tooltips import Tooltips, place

if TYPE_CHECKING:
    from samarkand_web.state.app import App

TARGETS = "#board [data-space], #board [data-family], #hand [data-card], #actions [data-card]"
LONG_PRESS_MS = 450
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
                 on_frame: Callable[[Callable[[], object]], None],
                 pinching: Callable[[], bool]) -> None:
        """`on_frame(fn)`: fn just before the next frame; `pinching()`: a pinch zooms
        the board (its scrolling does not hide the tooltip)."""
        self.app, self.win, self.js, self.ids = app, win, js, ids
        self.on_frame, self.pinching = on_frame, pinching
        self.key: str | None = None  # what the tooltip shown describes
        self.anchor: Element | None = None  # the element it is to be placed beside
        self.placing = False  # a placement waits for the next frame
        self.timer: int | None = None
        self.start_at: tuple[float, float] | None = None
        self.pressed = False  # a long press showed a tooltip: its click does nothing
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
        content = str(Tooltips(self.app).tip(kind, value)) if kind else ""
        if not content:
            self.hide(keep_highlight=True)
            return
        tip = self.ids["tip"]
        tip.innerHTML = content
        tip.hidden = False
        self.key, self.anchor = key, el
        if not self.placing:
            self.placing = True
            self.on_frame(self.place)

    def place(self) -> None:
        """Beside its element, inside the window (view/tooltips.place): every read of
        the layout first, then the one write."""
        self.placing = False
        el, tip = self.anchor, self.ids["tip"]
        if self.key is None or el is None:
            return  # hidden before the frame
        box = el.getBoundingClientRect()
        x, y = place(float(box.left), float(box.top), float(box.right), float(box.bottom),
                     float(tip.offsetWidth), float(tip.offsetHeight),
                     float(self.win.innerWidth), float(self.win.innerHeight))
        tip.style.transform = f"translate({x}px, {y}px)"

    def hide(self, keep_highlight: bool = False) -> None:
        if self.key is not None:
            self.ids["tip"].hidden = True
            self.key, self.anchor = None, None
        if not keep_highlight:
            self.highlight("")

    def highlight(self, space: str) -> None:
        """A ring around a space on the map (a card's space, a space a log line names)."""
        if space == self.ring:
            return
        self.ring = space
        layer = self.ids["board"].querySelector(".map-highlight")
        ctl = self.app.ctl
        if missing(layer) or ctl is None:
            return
        layer.innerHTML = (highlight_ring(ctl.state.board, int(space), self.app.portrait)
                           if space else "")

    # ------------------------------------------------------------------ pointer and focus

    def on_pointerover(self, event: Event) -> None:
        if str(event.pointerType) == "touch":
            return  # touch: a long press (or a tap on a space that is not a choice)
        el = tip_target(event.target)
        if el is not None:
            self.show(el)
            return
        ref = map_ref(event.target)
        if ref is not None:
            self.highlight(attr(ref, "data-map"))

    def on_pointerout(self, event: Event) -> None:
        if str(event.pointerType) == "touch":
            return
        left = tip_target(event.target) or map_ref(event.target)
        gone_to = event.relatedTarget
        if left is None or (not missing(gone_to) and left.contains(gone_to)):
            return
        self.hide()

    def on_focusin(self, event: Event) -> None:
        el = tip_target(event.target)
        ref = map_ref(event.target)
        if el is not None:
            self.show(el)
        elif ref is not None:
            self.highlight(attr(ref, "data-map"))

    def on_focusout(self, _event: object = None) -> None:
        self.hide()

    def on_contextmenu(self, event: Event) -> None:
        if self.pressed or tip_target(event.target) is not None:
            event.preventDefault()  # a long press shows the tooltip, not the browser's menu

    def on_escape(self, event: Event) -> None:
        if str(event.key) == "Escape" and self.key is not None:
            self.hide()

    def on_scroll(self, _event: object = None) -> None:
        if self.key is not None and not self.pinching():
            self.hide()  # it would float away from what it describes

    # ------------------------------------------------------------------ long press

    def forget(self) -> None:
        self.pressed = False

    def start(self, event: Event) -> None:
        self.cancel()
        el = tip_target(event.target)
        if el is None:
            return
        touch = event.touches.item(0)
        self.start_at = (float(touch.clientX), float(touch.clientY))

        def fire() -> None:
            self.timer = None
            self.pressed = True  # the click that follows the press does nothing
            self.show(el)

        self.timer = self.win.setTimeout(self.js.once(fire), LONG_PRESS_MS)

    def move(self, event: Event) -> None:
        start = self.start_at
        if self.timer is None or start is None or int(event.touches.length) != 1:
            return
        touch = event.touches.item(0)
        if distance(start[0], start[1], float(touch.clientX),
                    float(touch.clientY)) > MOVE_CANCELS_PX:
            self.cancel()

    def cancel(self) -> None:
        if self.timer is not None:
            self.win.clearTimeout(self.timer)
            self.timer = None
