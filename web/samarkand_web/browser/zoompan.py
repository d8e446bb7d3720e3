"""Zoom and pan of the board in the page: its buttons, a pinch, the first zoom of a
phone, and a zoomed board scrolled to the choices. The arithmetic is zoom.py's; here
only pointer positions are read and a width, a height and a scroll position are set,
each time every read before any write (a read after a write makes the browser work
out the layout at once, inside the event's task)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from samarkand_web.browser import zoom
from samarkand_web.browser.dom import Document, Element, Event, Rect, Window, attr, missing
from samarkand_web.browser.focus import control_key


class Press(Protocol):
    """The long press that shows a tooltip (tips.py), which a touch on the board starts."""

    def forget(self) -> None: ...
    def start(self, event: Event) -> None: ...
    def move(self, event: Event) -> None: ...
    def cancel(self) -> None: ...


class ZoomPan:
    def __init__(self, doc: Document, win: Window, ids: dict[str, Element], press: Press,
                 label: Callable[[], str],
                 on_frame: Callable[[Callable[[], object]], None]) -> None:
        """`label()`: the zoomed frame's name in the page's language; `on_frame(fn)`: fn
        just before the next frame (tasks.Tasks.on_frame)."""
        self.doc, self.win, self.ids, self.press = doc, win, ids, press
        self.label, self.on_frame = label, on_frame
        self.zoom = zoom.MIN_ZOOM
        self.applied = False
        self.legal = ""  # the first choice on the board when it was last drawn
        self.chosen = ""  # what was chosen on the board (outlined) when it was last drawn
        # Whether the board was drawn since the page opened, and whether what is chosen
        # came after that: a family outlined at the first drawing came with the game
        # opened, not from a tap; the page then starts at the board's top (test_layout)
        # and show_chosen brings the domain alone, its spaces waiting for a choice.
        self.drawn = False
        self.chosen_since_open = False
        self.pinch: tuple[float, float] | None = None  # (zoom, finger distance) at its start

    @property
    def zoomed(self) -> bool:
        return self.zoom > zoom.MIN_ZOOM

    def board_svg(self) -> Element | None:
        el = self.ids["board"].querySelector("svg")
        return None if missing(el) else el

    def phone(self) -> bool:
        return float(self.win.innerWidth) < zoom.PHONE_WIDTH

    def apply(self, z_new: float, focus: tuple[float, float] | None = None,
              toward_choices: bool = False) -> None:
        """Zoom the board to z_new, keeping the point `focus` (px in the frame; default
        its centre) where it is; `toward_choices`: with the choices on the board (their
        middle) in the middle of the frame instead, where there are any. Only a width, a
        height and a scroll position change."""
        wrap, svg = self.ids["board-wrap"], self.board_svg()
        if svg is None:
            return
        z_old = self.zoom if self.applied else 1.0
        board = svg.getBoundingClientRect()
        fit_w = float(self.ids["board-frame"].clientWidth)
        fit_h = float(board.height) / z_old
        shown = wrap.getBoundingClientRect()
        view_h = float(self.win.innerHeight)
        fx, fy = focus or (float(wrap.clientWidth) / 2,
                           zoom.visible_middle(float(shown.top), float(shown.bottom), view_h))
        boxes = self.choice_boxes(board) if toward_choices else []
        if boxes:
            bar = self.bar_top()
            seen = (bar - max(float(shown.top), zoom.FRAME_MARGIN) if bar != float("inf")
                    else view_h)
            height = zoom.frame_height(fit_h, z_new, view_h, self.phone())
            room = (fit_w, min(height, seen) if seen > 0 else height)
            here = (float(shown.left) + fx - float(board.left),
                    float(shown.top) + fy - float(board.top))
            middle = zoom.toward(boxes, z_new / z_old, room, here)
            frame = zoom.centred(z_old, z_new, *middle, fit_w, fit_h, view_h, self.phone(),
                                 room[1])
        else:
            frame = zoom.rezoom(z_old, z_new, float(wrap.scrollLeft), float(wrap.scrollTop),
                                fx, fy, fit_w, fit_h, view_h, self.phone())
        wrap.style.setProperty("--zoom", str(z_new))
        zoomed = z_new > zoom.MIN_ZOOM
        wrap.classList.toggle("zoomed", zoomed)
        # zoomed in, the frame scrolls: a keyboard can reach it and pan with the arrow keys
        if zoomed:
            wrap.setAttribute("tabindex", "0")
            wrap.setAttribute("role", "region")
            wrap.setAttribute("aria-label", self.label())
        else:
            for name in ("tabindex", "role", "aria-label"):
                wrap.removeAttribute(name)
        wrap.style.height = f"{frame.height}px" if frame.height else ""
        wrap.scrollLeft = frame.left
        wrap.scrollTop = frame.top
        if frame.height is not None and shown.top < 0:
            # the frame got shorter than the page had scrolled into it (the upright
            # board, zoomed in): the page scrolls back to it
            self.win.scrollBy(0, float(shown.top) - zoom.FRAME_MARGIN)
        self.zoom = z_new
        self.applied = True

    def restart(self) -> None:
        """The board is drawn anew in another shape (the screen got narrow or wide): the
        next drawing starts at that shape's starting zoom."""
        if self.applied:
            self.apply(zoom.MIN_ZOOM)
        self.applied = False
        self.legal = ""

    def relabel(self) -> None:
        """The zoomed frame's name, in the page's language (after a redraw)."""
        if self.zoomed:
            self.ids["board-wrap"].setAttribute("aria-label", self.label())

    def board_painted(self) -> None:
        """After the board is drawn: the first time, the starting zoom; when the choices
        on it changed, bring the first of them into view if the board is zoomed."""
        if not self.applied:
            width = float(self.win.innerWidth)
            if zoom.starts_whole(width):
                # The board as drawn, unzoomed: nothing to measure or set. (Reading its
                # height forced a style and layout of the whole page inside this task,
                # and setting the zoom, to what it already was, made the next frame do
                # them again.)
                self.zoom, self.applied = zoom.MIN_ZOOM, True
            else:
                svg = self.board_svg()
                fit_h = float(svg.getBoundingClientRect().height) if svg is not None else 0.0
                self.apply(zoom.start_zoom(width, float(self.win.innerHeight), fit_h))
        # Only a zoomed board scrolls to its choices, only a phone's to what was chosen:
        # on a screen that does neither nothing is looked up (each look is a call into
        # the browser, inside the click).
        first = self.first_target() if self.zoomed else None
        key = control_key(first) if first is not None and not missing(first) else None
        legal = "" if key is None else str(key)
        if legal and legal != self.legal and first is not None:
            self.show_soon(first)
        self.legal = legal
        if self.phone():
            self.keep_chosen_in_sight()
        else:
            self.chosen = ""

    def keep_chosen_in_sight(self) -> None:
        """On a phone, what was just chosen or pointed at on the board (the family
        outlined, the move suggested, the space or domain of the move just made) is not
        left under the decision bar fixed at the screen's bottom, nor above the screen:
        the page scrolls to it, just before the next frame (it was just drawn)."""
        el = self.chosen_element()
        key = control_key(el) if el is not None else None
        chosen = "" if key is None else str(key)
        changed = chosen != self.chosen
        self.chosen = chosen
        opened, self.drawn = not self.drawn, True
        if changed:
            self.chosen_since_open = not opened
        if chosen and changed and self.phone():
            self.on_frame(self.show_chosen)

    def chosen_element(self) -> Element | None:
        """The family outlined on the board (chosen to expand, or to marry into), else
        the move suggested on it (the guided game's next step or the coach's ring: the
        page is pointing at it), else the space or domain of the move just made."""
        for selector in (".domain.selected", ".suggested.legal", ".latest"):
            el = self.ids["board"].querySelector(selector)
            if el is not None and not missing(el):
                return el
        return None

    def show_chosen(self) -> None:
        """Scroll the page so that what was chosen on the board is between the screen's
        top and the decision bar; a family chosen to expand with its spaces, the next
        tap (or the spaces alone, where both do not fit). A zoomed board brings its
        first choice into its frame itself (show)."""
        el = self.chosen_element()
        if el is None:
            return
        box, bar = el.getBoundingClientRect(), self.ids["decision-bar"].getBoundingClientRect()
        span = (float(box.top), float(box.bottom))
        if self.chosen_since_open and not self.zoomed and el.classList.contains("selected"):
            spaces = [s.getBoundingClientRect()
                      for s in self.ids["board"].querySelectorAll("[data-space].legal")]
            span = zoom.span_to_show(span, [(float(r.top), float(r.bottom)) for r in spaces],
                                     float(bar.top))
        dy = zoom.page_scroll_to_show(*span, float(bar.top))
        if dy:
            self.win.scrollBy(0, dy)

    def first_target(self) -> Element | None:
        """What a zoomed board brings into view: the guided first game's marked piece
        while the guide leads (its panel is on the page), else the first legal choice."""
        board = self.ids["board"]
        guided = (board.querySelector(".suggested.legal")
                  if not missing(self.doc.getElementById("guide")) else None)
        return guided if guided is not None and not missing(guided) else board.querySelector(
            ".legal")

    def bar_top(self) -> float:
        """On a phone the decision bar lies over the board's foot: only what is above its
        top shows (elsewhere nothing covers the board)."""
        if not self.phone():
            return float("inf")
        return float(self.ids["decision-bar"].getBoundingClientRect().top)

    def show_soon(self, el: Element | None) -> None:
        """Scroll the zoomed board so that `el` is in view, just before the next frame:
        it was just drawn, and its place read now would force a layout at once."""
        if el is not None and not missing(el) and self.zoomed:
            self.on_frame(lambda: self.show(el))

    def show(self, el: Element | None) -> None:
        """Scroll the zoomed board so that `el` (a space or a domain) is in view: on a
        phone above the decision bar."""
        if el is None or missing(el) or not self.zoomed:
            return
        wrap = self.ids["board-wrap"]
        box, frame = el.getBoundingClientRect(), wrap.getBoundingClientRect()
        bar_top = self.bar_top()
        seen = max(0.0, min(float(wrap.clientHeight), bar_top - float(frame.top)))
        scroll_top = float(wrap.scrollTop)
        left, top = zoom.scroll_to_show(
            float(box.left - frame.left), float(box.top - frame.top),
            float(box.right - frame.left), float(box.bottom - frame.top),
            float(wrap.clientWidth), seen, float(wrap.scrollLeft), scroll_top)
        # where its foot will be once the frame has scrolled as far as it can (worked
        # out, not read after the write below)
        reach = min(top, max(0.0, float(wrap.scrollHeight) - float(wrap.clientHeight)))
        under = float(box.bottom) - (reach - scroll_top) - bar_top
        wrap.scrollLeft, wrap.scrollTop = left, top
        if under > 0:  # the board's last row, still under the bar: the page moves up
            self.win.scrollBy(0, under + 8)

    def on_zoom_button(self, el: Element) -> None:
        kind = attr(el, "data-zoom")
        self.apply(zoom.step(self.zoom, kind), toward_choices=kind == "in")

    def choice_boxes(self, board: Rect) -> list[zoom.Box]:
        """The boxes of the choices on the board (the guided game's marked piece while
        the guide leads, else the legal spaces, else the legal domains), px from the
        drawn board's top left corner."""
        root = self.ids["board"]
        guided = (root.querySelector(".suggested.legal")
                  if not missing(self.doc.getElementById("guide")) else None)
        # a family chosen to expand: its spaces (the domains to marry into stay legal
        # beside them, all over the board)
        found = ([guided] if guided is not None and not missing(guided)
                 else list(root.querySelectorAll("[data-space].legal"))
                 or list(root.querySelectorAll(".legal")))
        ox, oy = float(board.left), float(board.top)
        out: list[zoom.Box] = []
        for el in found:
            r = el.getBoundingClientRect()
            if float(r.right) > float(r.left):
                out.append((float(r.left) - ox, float(r.top) - oy, float(r.right) - ox,
                            float(r.bottom) - oy))
        return out

    # ------------------------------------------------------------------ touch

    def touch_points(self, event: Event) -> list[tuple[float, float]]:
        wrap = self.ids["board-wrap"].getBoundingClientRect()
        t = event.touches
        return [(float(t.item(i).clientX - wrap.left), float(t.item(i).clientY - wrap.top))
                for i in range(int(t.length))]

    def on_touchstart(self, event: Event) -> None:
        self.press.forget()
        pts = self.touch_points(event)
        if len(pts) == 2:
            (x1, y1), (x2, y2) = pts
            self.pinch = (self.zoom, zoom.distance(x1, y1, x2, y2))
            self.press.cancel()
        elif len(pts) == 1:
            self.press.start(event)

    def on_touchmove(self, event: Event) -> None:
        pts = self.touch_points(event)
        if self.pinch is None or len(pts) != 2:
            self.press.move(event)
            return
        event.preventDefault()  # a pinch zooms the board, not the page
        (x1, y1), (x2, y2) = pts
        z0, d0 = self.pinch
        z = zoom.pinch(z0, d0, zoom.distance(x1, y1, x2, y2))
        if z != self.zoom:
            self.apply(z, ((x1 + x2) / 2, (y1 + y2) / 2))

    def on_touchend(self, event: Event) -> None:
        if int(event.touches.length) < 2:
            self.pinch = None
        self.press.cancel()

    def on_resize(self, _event: object = None) -> None:
        if self.applied:
            self.apply(self.zoom)

    def on_bar_resize(self, _entries: object = None, _observer: object = None) -> None:
        """The decision bar is fixed at the bottom of a phone's screen: the page keeps
        room for it (style.css reads --bar-h)."""
        bar = self.ids["decision-bar"]
        height = float(bar.getBoundingClientRect().height) if self.phone() else 0.0
        self.doc.documentElement.style.setProperty("--bar-h", f"{round(height)}px")
        if self.chosen and height:
            # the bar grew over what was chosen (the next step's words are longer)
            self.on_frame(self.show_chosen)
