"""Clicks, taps and form fields: what a person does with the pointer becomes an action
for App.dispatch (a space, a domain, a data-action) or a tooltip (a zoom step is
web/zoompan.js's, on the main thread)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.browser.dom import Document, Event, attr, closest, control_of, missing, tag
from samarkand_web.browser.focus import Focus
from samarkand_web.browser.keys import Run
from samarkand_web.browser.tips import Tips, tip_target

if TYPE_CHECKING:
    from samarkand_web.state.app import App

FIELDS = ("SELECT", "INPUT", "OPTION")  # handled on change / input, not on click
CHANGE_ACTIONS = ("lang", "speed", "replay-seek", "replay-speed")


def form_values(doc: Document) -> dict[str, str]:
    """The new-game form's fields (name: value); none when it is not on the page."""
    form = doc.getElementById("start-form")
    out: dict[str, str] = {}
    if missing(form):
        return out
    for el in form.elements:
        name = el.name
        if name:
            out[str(name)] = str(el.value)
    return out


class Clicks:
    def __init__(self, app: App, doc: Document, focus: Focus, tips: Tips, run: Run) -> None:
        self.app, self.doc, self.focus, self.tips = app, doc, focus, tips
        self.run = run

    def on_click(self, event: Event) -> None:
        tips = self.tips
        if tips.pressed:
            tips.forget()
            event.preventDefault()
            return  # the end of a long press that showed a tooltip
        if closest(event.target, "[data-zoom]") is not None:
            return  # the board's zoom: zoompan.js, on the main thread
        el = control_of(event.target)
        tip_el = tip_target(event.target)
        # a choice: a legal space (its role is button) or a legal domain (its face is)
        choice = tip_el is not None and (attr(tip_el, "role") == "button"
                                         or bool(tip_el.classList.contains("legal")))
        touch = self.app.touch
        # on a touch screen a tap on what is not a choice (nor a control) tells what it is
        informs = touch and tip_el is not None and not choice and (
            el is None or not attr(el, "data-action"))
        if touch and tips.key is not None:
            tips.hide()  # a tap elsewhere closes the tooltip open
            if informs:
                return  # and only that: the map is all spaces, none may keep it open
        if informs and tip_el is not None:
            tips.show(tip_el)
            return
        if el is None or tag(el) in FIELDS:
            return
        space, family = attr(el, "data-space"), attr(el, "data-family")
        action = attr(el, "data-action")
        t0 = float(event.timeStamp)
        if space:
            self.run("space", space, t0=t0)
        elif family:
            self.run("family", family, t0=t0)
        elif action and action != "start":  # the form's submit button: on_submit
            self.run(action, attr(el, "data-value"), form_values(self.doc), t0=t0)

    def on_change(self, event: Event) -> None:
        el = event.target
        action = attr(el, "data-action")
        if action in CHANGE_ACTIONS:
            self.run(action, str(el.value))
        elif action == "form":
            self.run("form", attr(el, "data-value"), form_values(self.doc))

    def on_input(self, event: Event) -> None:
        el = event.target
        if attr(el, "data-action") == "form" and tag(el) == "INPUT":
            # remembered, not redrawn
            self.app.dispatch("form", "name", form_values(self.doc))

    def on_submit(self, event: Event) -> None:
        event.preventDefault()
        self.run("start", "", form_values(self.doc), t0=float(event.timeStamp))

    def on_message_faded(self, event: Event) -> None:
        """A note that has faded away (style.css: .message.fades) is dismissed, so that a
        later message does not bring it back when the messages are drawn again."""
        if str(event.animationName) != "message-out":
            return
        dismiss = event.target.querySelector('[data-action="dismiss"]')
        if not missing(dismiss):
            self.run("dismiss", attr(dismiss, "data-value"))
