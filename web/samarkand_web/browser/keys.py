"""The keyboard: Escape, Ctrl+Z (take back), the replay's keys, the arrow keys among the
highlighted spaces or domains, and Enter or Space on a control that is not a button."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from samarkand_web.browser.dom import Document, Element, Event, attr, control_of, missing, tag
from samarkand_web.browser.focus import Focus

if TYPE_CHECKING:
    from samarkand_web.state.app import App

ARROWS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
REPLAY_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
NATIVE = ("BUTTON", "SELECT", "INPUT", "A", "SUMMARY")  # they handle their own keys
LEGAL = ".legal[data-space], .legal[data-family]"
# the decision's box, where the focus rests while the choices are on the board
DECISION = "#actions .decision"
LEGAL_BUTTONS = {"data-space": '.legal[data-space][role="button"]',
                 "data-family": '.legal[data-family] [role="button"]'}  # a domain's face


class Run(Protocol):
    def __call__(self, action: str, value: str = "", form: dict[str, str] | None = None,
                 t0: float | None = None) -> None: ...


class Keys:
    def __init__(self, app: App, doc: Document, board: Element, focus: Focus, run: Run,
                 click: Callable[[Event], None]) -> None:
        """`run`: an action for App.dispatch (tasks.Tasks.run); `click(event)`: the
        event as a click on its control (clicks.Clicks.on_click)."""
        self.app, self.doc, self.board, self.focus = app, doc, board, focus
        self.run, self.click = run, click

    def on_key(self, event: Event) -> None:
        self.focus.key_pressed()
        key = str(event.key)
        if key == "Escape":
            app = self.app
            if app.overlay or app.game.recap_open or app.messages:
                event.preventDefault()
                self.run("escape")
            return
        if key in ("z", "Z") and (event.ctrlKey or event.metaKey) and not event.shiftKey:
            if not missing(event.target) and tag(event.target) not in ("INPUT", "TEXTAREA"):
                event.preventDefault()  # the page's own take back, not the browser's undo
                self.run("take-back")
            return
        if key in REPLAY_KEYS and self.app.screen == "replay":
            self.on_replay_key(event, key)
            return
        if key in ARROWS:
            el = control_of(event.target)
            if el is not None and el.matches(LEGAL):
                event.preventDefault()
                self.move_among_legal(el, ARROWS[key])
            elif not missing(event.target) and event.target.matches(DECISION):
                self.into_the_board(event, ARROWS[key])
            return
        if key not in ("Enter", " "):
            return
        control = control_of(event.target)
        if control is None or tag(control) in NATIVE:
            return
        event.preventDefault()
        self.click(event)

    def on_replay_key(self, event: Event, key: str) -> None:
        """The replay's keys go to App (which says what they do), unless a dialog is open
        or a field that uses the arrows itself (a slider, a list, a text) has the focus."""
        if self.app.overlay or event.ctrlKey or event.altKey or event.metaKey:
            return
        if tag(event.target) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        event.preventDefault()
        self.run("replay-key", key + ("+shift" if event.shiftKey else ""),
                 t0=float(event.timeStamp))

    def into_the_board(self, event: Event, step: int) -> None:
        """An arrow key on the decision (where the focus rests after a family is chosen
        or a camel placed, so that a second Enter decides nothing: state/focus.py) goes to
        the first highlighted space (or domain), the last one backwards: one key from the
        safe place to the choices, instead of tabbing through the decision's buttons."""
        for selector in LEGAL_BUTTONS.values():
            items = list(self.board.querySelectorAll(selector))
            if items:
                event.preventDefault()
                items[0 if step > 0 else -1].focus()
                return

    def move_among_legal(self, el: Element, step: int) -> None:
        """Arrow keys on a highlighted space (or domain) go to the next or previous one:
        a whole turn is played with few keys, without tabbing through every space."""
        kind = "data-space" if attr(el, "data-space") else "data-family"
        items = list(self.board.querySelectorAll(LEGAL_BUTTONS[kind]))
        focused = self.doc.activeElement
        here = next((i for i, it in enumerate(items) if it == focused), None)
        if here is None or len(items) < 2:
            return
        items[(here + step) % len(items)].focus()
