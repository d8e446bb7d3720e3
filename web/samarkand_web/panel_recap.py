"""Since your last turn (issue 8, item 1): the turns of the other players, in order, as
the table saw them. Wide screens show it beside the board, under the decision (the
#recap region); small screens fold it behind one button in the decision bar (style:
.recap in assets/play.css)."""

from __future__ import annotations

from . import i18n
from .gamelog import LogLine
from .markup import EMPTY, Markup, html, join
from .recap import TurnRecord
from .ui import Screen, button


def signed(n: int) -> str:
    """+3, −1 (a real minus sign, as a player reads it)."""
    return f"+{n}" if n > 0 else f"\u2212{-n}"


class RecapPanel(Screen):
    def records(self) -> list[TurnRecord]:
        """The turns to recap now: only while the turn is the person's own (not while
        they are asked to sell in another's turn)."""
        ctl = self.ctl
        assert ctl is not None
        if ctl.is_over or not ctl.human_turn():
            return []
        if ctl.held is None and ctl.deciding != ctl.state.turn_player:
            return []
        seat = ctl.recap_seat()
        if seat is None or seat != ctl.deciding:
            return []
        return ctl.recap(seat)

    def shown(self) -> bool:
        return bool(self.records())

    def heading(self, records: list[TurnRecord]) -> tuple[str, str]:
        """("Since your last turn" or "Before your first turn", "2 turns")."""
        ctl = self.ctl
        assert ctl is not None
        seat = ctl.deciding
        first = not any(r.player == seat and r.turn != ctl.turn for r in ctl.turns)
        return (self.t("recap.title_first" if first else "recap.title"),
                self.t("recap.turns", n=len(records)))

    def items(self, records: list[TurnRecord]) -> Markup:
        return Markup("").join(self.turn_item(r) for r in records)

    def side(self) -> Markup:
        """The recap beside the board (wide screens: the #recap region, under the
        decision and over the log), on the first screen without scrolling the page."""
        records = self.records()
        if not records:
            return EMPTY
        title, count = self.heading(records)
        return html('<section class="recap" aria-labelledby="recap-title">'
                    '<h2 id="recap-title" class="recap-title">{} <span class="recap-count">'
                    '· {}</span></h2><ol class="recap-turns" tabindex="0" '
                    'aria-labelledby="recap-title">{}</ol></section>',
                    title, count, self.items(records))

    def panel(self) -> Markup:
        """The recap in the decision (small screens, where the decision is a bar at the
        bottom): folded behind one button, so that it is one tap away. Wide screens hide
        it (play.css): they show side()."""
        records = self.records()
        if not records:
            return EMPTY
        title, count = self.heading(records)
        is_open = self.app.recap_open
        toggle = button(html('{} <span class="recap-count">· {}</span>', title, count),
                        "recap", cls="recap-toggle", btn_id="recap-toggle",
                        expanded=is_open, controls="recap-body")
        body = (html('<ol class="recap-turns">{}</ol>', self.items(records)) if is_open
                else EMPTY)
        return html('<div class="recap recap-fold">{}<div id="recap-body" class="recap-body">'
                    "{}</div></div>", toggle, body)

    def phrase(self, ln: LogLine) -> Markup:
        """A log line as a short phrase whose subject is the turn's player, named once in
        the turn's head (the log's whole sentence where there is no short one)."""
        key = "recap.e." + ln.key
        if i18n.template(self.lang, key) is None:
            return self.fmt(ln.key, ln.params)
        return self.fmt(key, ln.params)

    def turn_item(self, r: TurnRecord) -> Markup:
        lines = join("; ", (self.phrase(ln) for ln in r.lines if ln.key != "log.game_over"))
        changes = r.money_changes()
        money = EMPTY
        if changes:
            money = html('<span class="recap-money"><span class="label">{}</span> {}</span>',
                         self.t("recap.money"), join(", ", (
                             html('{} <span class="delta {}">{}</span>', self.pname(p),
                                  "up" if d > 0 else "down", signed(d))
                             for p, d in changes)))
        return html('<li class="recap-turn" data-turn="{}" data-player="{}">'
                    '<span class="recap-head">{} · <strong>{}</strong>:</span> {}. {}</li>',
                    r.turn, r.player, self.t("recap.turn", n=r.turn), self.pname(r.player),
                    lines, money)
