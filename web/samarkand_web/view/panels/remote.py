"""Play by link on screen: the choice in the new-game form (with what the link gives
away, said once), the question of a sale round, the panel that sends the game to the
next person, the game's links (who sent what, when), and the saves list's "your turn" /
"waiting for Bob"."""

from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING

from samarkand_core import Keep
from samarkand_core.rules import SALE_PRICE
from samarkand_web.handlers import remote
from samarkand_web.saves.links import HUMAN
from samarkand_web.saves.remote import code_check, load_record
from samarkand_web.state.remote import RemoteController
from samarkand_web.view.markup import EMPTY, Markup, html
from samarkand_web.view.ui import Screen, button, dialog, options

if TYPE_CHECKING:
    from samarkand_web.saves.storage_models import SaveEntry
    from samarkand_web.state.app import App


def where_field(screen: Screen) -> Markup:
    """The form's choice: at this device, or each person on their own device."""
    t = screen.t
    choices = [("here", t("remote.form_here")), ("link", t("remote.form_link"))]
    return html('<label class="field">{} <select name="where" id="where" data-action="form" '
                'data-value="where">{}</select></label>', t("remote.form"),
                options(choices, "link" if screen.app.form.remote else "here"))


def where_note(screen: Screen) -> Markup:
    """What play by link trusts the players with, said plainly when it is chosen."""
    if not screen.app.form.remote:
        return EMPTY
    return html('<p class="remote-note" id="remote-note">{}</p>', screen.t("remote.form_note"))


def seat_question(screen: Screen) -> Markup:
    """A link opened on a device that holds none of its game: which person plays here?
    The link's recipient first and preselected (focused, the primary button); no hand is
    shown before the answer, so a forwarded link shows nobody's cards to the wrong
    person."""
    app = screen.app
    assert app.bylink.pending is not None
    link, state = app.bylink.pending
    t = screen.t
    names = state.names
    people = [link.to, *(p for p in range(state.n)
                         if link.seats[p] == HUMAN and p != link.to)]
    choices = Markup("").join(
        button(t("remote.seat_as", name=names[p]), "remote-seat", str(p),
               cls="primary" if p == link.to else "", btn_id=f"remote-seat-{p}",
               pressed=p == link.to)
        for p in people)
    body = html('<p>{}</p><div class="choices">{}</div><div class="choices">{}</div>',
                t("remote.seat_text", sender=names[link.sender], to=names[link.to]),
                choices, button(t("remote.seat_cancel"), "remote-seat-cancel", cls="ghost"))
    return dialog(t("remote.seat_title"), body, "remote-seat")


def list_status(app: App, e: SaveEntry) -> str:
    """For a game by link in the saves list: "your turn" or "waiting for Bob" ("" for
    another game, or one whose record does not match its save any more)."""
    if e.over:
        return ""
    record = load_record(app.store, e.id)
    if record is None or record.code_check != code_check(e.code):
        return ""
    if record.waiting < 0 or record.waiting >= len(e.names):
        return app.t("remote.list_your_turn")
    return app.t("remote.list_waiting", name=e.names[record.waiting])


class RemotePanel(Screen):
    def send(self) -> Markup:
        """The next decision is a person's on another device: the link to them."""
        from samarkand_web.view.qr import QrTooLong, qr_svg

        app = self.app
        ctl = self.ctl
        to = remote.remote_target(app)
        url = remote.remote_link(app)
        if not isinstance(ctl, RemoteController) or to is None or url is None:
            return EMPTY
        t = self.t
        name = ctl.state.names[to]
        key = ("remote.over_text" if ctl.is_over else
               "remote.round_send_text" if ctl.asks_next else "remote.send_text")
        text = t(key, name=name)
        share = (button(t("remote.share", name=name), "remote-share", cls="primary",
                        btn_id="remote-share") if app.can_share else EMPTY)
        copy = button(t("remote.copy"), "remote-copy", cls="" if app.can_share else "primary",
                      btn_id="remote-copy")
        copied = (html('<p class="copied" role="status">{}</p>', t("remote.copied", name=name))
                  if app.share_copied and app.bylink.copied == url else EMPTY)
        qr = EMPTY
        if app.bylink.qr:
            try:
                qr = html('<div class="remote-qr" id="remote-qr" tabindex="-1">{}</div>',
                          qr_svg(url, t("remote.qr_label", name=name)))
            except QrTooLong:
                qr = html('<p class="warning-text">{}</p>', t("remote.qr_too_long"))
        toggle = button(t("remote.qr_hide") if app.bylink.qr else t("remote.qr_show"),
                        "remote-qr", "0" if app.bylink.qr else "1", cls="ghost small",
                        btn_id="remote-qr-toggle", expanded=app.bylink.qr)
        return html(
            '<div class="decision remote-send" tabindex="-1" aria-labelledby="remote-title">'
            '<h3 id="remote-title">{title}</h3><p class="prompt">{text}</p>'
            '<input id="remote-link" type="text" readonly value="{url}" data-remote-link="{url}" '
            'aria-label="{label}"><div class="choices">{share}{copy}{toggle}</div>{copied}{qr}'
            "</div>",
            title=t("remote.send_title", name=name), text=text, url=url,
            label=t("remote.link_label", name=name), share=share, copy=copy, toggle=toggle,
            copied=copied, qr=qr)

    def sale_round(self) -> Markup:
        """A sale round on this device (state/remote.py): the public question while this
        person is asked (Sell or Keep for the card's holder, who alone knows it; "Pass
        on" for everyone else, in the same panel), then the link to the next person. At
        the holder's turn (a game by link of now): the questions as this person's turn
        begins, the same panel, "Go on" for everyone but the holder."""
        ctl = self.ctl
        if not isinstance(ctl, RemoteController) or ctl.window is None:
            return EMPTY
        if not ctl.round_asked():
            return self.send()
        t = self.t
        if ctl.round_holder():
            choices = (button(t("action.sell", price=SALE_PRICE), "round-sell", cls="primary",
                              btn_id="round-sell")
                       + button(t("action.keep"), "round-keep", btn_id="round-keep"))
        else:  # (at the holder's turn: "Go on" to the next question or the turn)
            choices = button(t("remote.ask_on" if ctl.deferred else "remote.round_pass"),
                             "round-pass", cls="primary", btn_id="round-pass")
        text = (t("remote.ask_text", price=SALE_PRICE) if ctl.deferred
                else t("remote.round_text", price=SALE_PRICE))
        return html(
            '<div class="decision remote-sale" tabindex="-1" aria-labelledby="round-title">'
            '<h3 id="round-title">{title}</h3><p class="prompt">{text}</p>'
            '<div class="choices">{choices}</div></div>',
            title=self.fmt("sale.title", {"good": ctl.window.good}), text=text,
            choices=choices)

    def info(self) -> Markup:
        """Whose device this is, and the links of the game this device sent or received."""
        from samarkand_web.view.screens.home import utc_text

        app = self.app
        ctl = self.ctl
        record = app.bylink.record
        if not isinstance(ctl, RemoteController) or record is None:
            return EMPTY
        t = self.t
        names = ctl.state.names
        # a kept card is a move of the game but said by nobody: the moves counted here
        # leave keeps out, or a sale round's links would say that somebody kept one
        keeps = list(accumulate(isinstance(a, Keep) for a in ctl.committed.actions))
        public = {s.moves: s.moves - (keeps[s.moves - 1] if 0 < s.moves <= len(keeps) else 0)
                  for s in record.sends}
        items = [html("<li>{}</li>", t("remote.history_item", moves=public[s.moves],
                                       sender=names[s.sender], to=names[s.to],
                                       when=f"{utc_text(s.minute * 60_000)} UTC"))
                 # only this device's own links: the others are none of its business
                 for s in reversed(record.sends) if ctl.local in (s.sender, s.to)]
        body = (html('<ol class="remote-history">{}</ol>', Markup("").join(items)) if items
                else html("<p>{}</p>", t("remote.history_none")))
        # what the links give away, on every game by link however it was started (the
        # form's note is seen only by whoever chose "By link" there)
        return html('<div class="remote-info"><p class="remote-device">{}</p>'
                    '<p class="remote-note" id="remote-honesty">{}</p>'
                    '<details class="remote-links"><summary>{}</summary>{}</details></div>',
                    t("remote.device", name=names[ctl.local]), t("remote.honesty"),
                    t("remote.history"), body)

