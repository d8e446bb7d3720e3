"""Since your last turn (issue 8, item 1): the turns of the other players, in order, as
the table saw them, beside the person's decision. Small screens fold it behind one
button; wide ones always show it (style: .recap in assets/play.css)."""

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

    def panel(self) -> Markup:
        """The recap while the turn is the person's own (empty otherwise)."""
        ctl = self.ctl
        assert ctl is not None
        records = self.records()
        if not records:
            return EMPTY
        seat = ctl.deciding
        first = not any(r.player == seat and r.turn != ctl.turn for r in ctl.turns)
        title = self.t("recap.title_first" if first else "recap.title")
        count = self.t("recap.turns", n=len(records))
        is_open = self.app.recap_open
        toggle = button(html('{} <span class="recap-count">· {}</span>', title, count),
                        "recap", cls="recap-toggle", btn_id="recap-toggle",
                        expanded=is_open, controls="recap-body")
        items = Markup("").join(self.turn_item(r) for r in records)
        return html('<section class="recap" aria-labelledby="recap-title">{}'
                    '<div id="recap-body" class="recap-body{}">'
                    '<h2 id="recap-title" class="recap-title">{} <span class="recap-count">'
                    '· {}</span></h2><ol class="recap-turns" tabindex="0" '
                    'aria-labelledby="recap-title">{}</ol></div></section>',
                    toggle, " open" if is_open else "", title, count, items)

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
