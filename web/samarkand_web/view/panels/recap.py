"""Since your last turn: the turns of the other players, in order, as
the table saw them. Wide screens show it beside the board, under the decision (the
#recap region); small screens fold it behind one button in the decision bar (style:
.recap in assets/play.css)."""

from __future__ import annotations

from samarkand_core.draw.board import family_chip
from samarkand_web.state.botmoves import recap_records
from samarkand_web.state.gamelog import LogLine
from samarkand_web.state.recap import RecapLine, TurnRecord, recap_lines
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.ui import Screen, button
from samarkand_web.words import i18n


def signed(n: int) -> str:
    """+3, −1 (a real minus sign, as a player reads it)."""
    return f"+{n}" if n > 0 else f"\u2212{-n}"


class RecapPanel(Screen):
    def records(self) -> list[TurnRecord]:
        """The turns to recap now: only while the turn is the person's own (not while
        they are asked to sell in another's turn)."""
        assert self.ctl is not None
        return recap_records(self.ctl)  # (watch again replays the same turns)

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
        is_open = self.app.game.recap_open
        toggle = button(html('{} <span class="recap-count">· {}</span>', title, count),
                        "recap", cls="recap-toggle", btn_id="recap-toggle",
                        expanded=is_open, controls="recap-body")
        body = (html('<ol class="recap-turns">{}</ol>', self.items(records)) if is_open
                else EMPTY)
        return html('<div class="recap recap-fold">{}<div id="recap-body" class="recap-body">'
                    "{}</div></div>", toggle, body)

    def short_family(self, f: int) -> Markup:
        """A family by its chip and its city ("Kashgar"): short, and the same in each
        line of the recap."""
        board = self.game_board()
        city = board.space_names[board.home[f]] or board.family_ids[f]
        return html('<span class="fam">{}{}</span>', Markup(family_chip(board, f, 16)), city)

    def short_space(self, space: int) -> Markup:
        """A space as the map names it: a home city by its city alone ("Samarkand", not
        "Samarkand, home city of the House of Samarkand": the family's chip says whose
        camel it is), any other space as the log says it ("Jade 25")."""
        board = self.game_board()
        if board.home_at[space] >= 0 and board.space_names[space]:
            return self.map_ref(space, html("{}", board.space_names[space]))
        return self.map_ref(space, self.sname(space))

    def phrase(self, ln: LogLine, camel_space: int | None = None) -> Markup:
        """A log line as a short phrase whose subject is the turn's player, named once in
        the turn's head (the log's whole sentence where there is no short one). A goods
        marker taken with a camel (`camel_space`: where it went) is said in few words."""
        key = "recap.e." + ln.key
        params = dict(ln.params)
        if ln.key == "log.goods_marker" and camel_space is not None:
            key = "recap.e.log.goods_marker_here"
            params = {}
        elif ln.key == "log.second_camel_paid" and camel_space is not None:
            key = "recap.e.second_camel_here"  # the family is the camel's, said before it
            params = {"n": params["n"]}
        if i18n.template(self.lang, key) is None:
            return self.fmt(ln.key, params)
        # fmt() keeps Markup as it is: families by chip and city (the recap's lines stay
        # short: "◆ Kashgar → Jade 25"), the camel's arrow
        for k in ("family", "other"):
            if k in params:
                params[k] = self.short_family(params[k])
        if ln.key == "log.camel":  # an arrow on screen, words for a screen reader
            params["to"] = html('<span aria-hidden="true">\u2192</span><span class="sr-only">'
                                "{}</span>", self.t("recap.camel_to"))
            params["space"] = self.short_space(params["space"])
        return self.fmt(key, params)

    def line(self, rl: RecapLine) -> Markup:
        space = rl.main.params.get("space") if rl.main.key == "log.camel" else None
        words = join(", ", [self.phrase(rl.main)] + [self.phrase(p, space) for p in rl.parts])
        return html('<li class="recap-line{}">{}</li>', " sub" if rl.sub else "", words)

    def money(self, r: TurnRecord) -> Markup:
        """The money changes of the turn: the turn's player's beside their name, then
        the others' (a sale, a bonus), each after its player's name."""
        own, others = EMPTY, []
        for p, d in r.money_changes():
            delta = html('<span class="delta {}">{}</span>', "up" if d > 0 else "down",
                         signed(d))
            if p == r.player:
                own = delta
            else:
                others.append(html('<span class="recap-other">· {} {}</span>',
                                   self.pname(p), delta))
        return join(" ", [own, *others])

    def turn_item(self, r: TurnRecord) -> Markup:
        lines = recap_lines(r.lines, self.game_board().good_space)
        return html('<li class="recap-turn" data-turn="{}" data-player="{}">'
                    '<p class="recap-head"><span class="recap-when">{}</span> · '
                    "<strong>{}</strong> {}</p>"
                    '<ul class="recap-lines">{}</ul></li>',
                    r.turn, r.player, self.t("recap.turn", n=r.turn), self.pname(r.player),
                    self.money(r), Markup("").join(self.line(rl) for rl in lines))
