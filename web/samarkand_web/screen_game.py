"""The game screen: the status line, the decision, the hand, the board, the players and
the log. Only what the person at the device may see: hands come from
``Controller.hand_shown()`` and the board from a PlayerView."""

from __future__ import annotations

from samarkand_core.scoring import card_value
from samarkand_core.state import DISCARD, MAIN, SECOND, SELL
from samarkand_core.svg import board_svg_pieces, family_chip, good_name

from .controller import HUMAN, SALE_PRICE, SECOND_CAMEL_COST, LogLine, end_reason_key
from .links import SPEEDS
from .markup import EMPTY, Markup, html, join
from .ui import Screen, button, options


class GameScreen(Screen):
    # ------------------------------------------------------------------ status

    def status(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        turn = html('<span class="turn">{}</span> ', t("status.turn", n=s.turn))
        if s.is_over:
            key, params = end_reason_key(s)
            line = html('<span class="turn">{}</span> {}', t("status.over"), self.fmt(key, params))
        elif ctl.secret_sale:
            sale = ctl.sale()
            assert sale is not None
            line = turn + self.fmt("status.sale_secret", {"good": sale[1]})
        else:
            p = ctl.deciding
            if ctl.is_bot(p):
                what: Markup | str = t("status.bot_thinking")
            elif ctl.needs_curtain:
                what = t("status.waiting_for_device")
            else:
                what = self.prompt_short()
            line = turn + html("<strong>{}</strong>: {}", self.pname(p), what)
        parts = [html('<div class="status-top"><p id="status-line" class="turn-line">{}</p>'
                      "{}</div>", line, self.zoom_control())]
        if ctl.recent and not ctl.needs_curtain:
            recent = Markup(" ").join(self.fmt(ln.key, ln.params) for ln in ctl.recent[:4])
            parts.append(html('<p class="last-move"><span class="label">{}</span> {}</p>',
                              t("status.last_move"), recent))
        for n in ctl.notices:
            parts.append(html('<p class="notice" role="status">{}</p>',
                              self.fmt(n.key, n.params)))
        if ctl.error is not None:
            parts.append(html('<p class="error-text" role="alert">{}</p>',
                              self.fmt(ctl.error.key, ctl.error.params)))
        return Markup("").join(parts)

    def prompt_short(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        phase = ctl.state.phase
        if phase == MAIN:
            return self.tr("prompt.pass_short" if ctl.can_pass() else "prompt.main_short")
        if phase == SECOND:
            return self.tr("prompt.second_short")
        if phase == DISCARD:
            return self.tr("prompt.discard_short")
        if phase == SELL:
            sale = ctl.sale()
            assert sale is not None
            return self.fmt("prompt.sell_short", {"good": sale[1]})
        return EMPTY

    def zoom_control(self) -> Markup:
        label = self.t("board.fit") if self.app.zoom else self.t("board.zoom")
        return button(label, "zoom", cls="ghost small zoom", pressed=self.app.zoom)

    # ------------------------------------------------------------------ actions

    def actions(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        t = self.t
        parts: list[Markup] = []
        if ctl.is_over:
            parts.append(self.over_actions())
        elif ctl.secret_sale and ctl.shared_device:
            good = {"good": ctl.state.pending_good}
            parts.append(html('<p class="prompt">{}</p>', self.fmt("prompt.curtain_sale", good))
                         + button(self.fmt("curtain.show_sale", good), "reveal", cls="primary"))
        elif ctl.secret_sale:
            parts.append(html('<p class="prompt">{}</p>', self.fmt(
                "status.sale_secret", {"good": ctl.state.pending_good})))
        elif ctl.is_bot(ctl.deciding):
            name = ctl.state.names[ctl.deciding]
            parts.append(html('<p class="prompt">{}</p>', t("prompt.bot", name=name)))
        elif ctl.needs_curtain:
            name = ctl.state.names[ctl.deciding]
            parts.append(html('<p class="prompt">{}</p>', t("prompt.curtain", name=name))
                         + button(t("curtain.show", name=name), "reveal", cls="primary"))
        else:
            parts.append(self.decision())
        if ctl.state.phase == DISCARD and ctl.human_turn():
            parts.append(self.hand())  # the cards are the decision now
        if any(s != HUMAN for s in ctl.seats) and not ctl.is_over:
            parts.append(self.bot_controls())
        return Markup("").join(parts)

    def decision(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        phase = ctl.state.phase
        if phase == MAIN:
            return self.decision_main()
        if phase == SECOND:
            s = ctl.state
            f = s.exp_family
            text = self.fmt("prompt.second", {"family": f, "cost": SECOND_CAMEL_COST,
                                              "treasury": s.treasury[f]})
            return self.decision_box(html('<p class="prompt">{}</p>', text),
                                     button(self.t("action.end_turn"), "end-turn", cls="primary"))
        if phase == DISCARD:
            return self.decision_discard()
        if phase == SELL:
            return self.decision_sell()
        return EMPTY

    def decision_main(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        t = self.t
        board = ctl.state.board
        if ctl.can_pass():
            return self.decision_box(html('<p class="prompt">{}</p>', t("prompt.pass")),
                                     button(t("action.pass"), "pass", cls="primary"))
        out: list[Markup] = []
        if ctl.marry_families():
            out.append(html('<p class="prompt"><span class="step">{}</span> {}</p>',
                            t("prompt.marry_title"), t("prompt.marry")))
        expand = ctl.expand_families()
        if expand:
            chips = Markup("").join(
                button(html("{}<span>{}</span>", Markup(family_chip(board, f, 18)),
                            self.family_text(f)),
                       "expand", board.family_ids[f], cls="family-choice",
                       pressed=ctl.selected_family == f,
                       aria_label=t("action.expand_with", family=self.family_text(f)))
                for f in expand)
            out.append(html('<p class="prompt"><span class="step">{}</span> {}</p>'
                            '<div class="choices">{}</div>',
                            t("prompt.expand_title"), t("prompt.expand"), chips))
            if ctl.selected_family is not None:
                out.append(html('<p class="hint">{}</p>', self.fmt(
                    "prompt.expand_space", {"family": ctl.selected_family})))
        return self.decision_box(*out)

    def decision_discard(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        lo, hi = ctl.discard_range()
        key = "prompt.discard_exact" if lo == hi else "prompt.discard"
        n = len(ctl.discard_sel)
        label = t("action.keep_all") if n == 0 else t("action.discard", n=n)
        return self.decision_box(
            html('<p class="prompt">{}</p>', t(key, drawn=s.drawn, lo=lo, hi=hi, limit=s.limit)),
            button(label, "discard", cls="primary", disabled=ctl.discard_choice() is None))

    def decision_sell(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        holder, good = ctl.sale()  # type: ignore[misc]
        text = self.fmt("prompt.sell", {
            "holder": holder, "good": good, "space": s.board.good_space[good],
            "price": SALE_PRICE, "value": card_value(s, holder, good)})
        return self.decision_box(
            html('<p class="prompt">{}</p>', text),
            html('<div class="choices">{}{}</div>',
                 button(t("action.sell", price=SALE_PRICE), "sell", cls="primary"),
                 button(t("action.keep"), "keep")))

    def decision_box(self, *parts: Markup) -> Markup:
        return html('<div class="decision" aria-labelledby="status-line">{}</div>',
                    Markup("").join(parts))

    def bot_controls(self) -> Markup:
        app = self.app
        t = self.t
        speeds = [(sp, t(f"speed.{sp}")) for sp in SPEEDS]
        pause = button(t("bot.resume") if app.paused else t("bot.pause"), "pause",
                       cls="ghost small", pressed=app.paused)
        return html('<div class="bot-controls"><label>{} <select data-action="speed" '
                    'name="speed">{}</select></label>{}</div>',
                    t("bot.speed"), options(speeds, app.speed), pause)

    def over_actions(self) -> Markup:
        t = self.t
        return self.decision_box(button(t("over.show_scores"), "scores", cls="primary"),
                                 button(t("over.rematch"), "rematch"),
                                 button(t("nav.home"), "home"))

    # ------------------------------------------------------------------ hand

    def hand_region(self) -> Markup:
        """The cards of the person at the device, beside the board (not while discarding:
        then they are in the decision panel)."""
        ctl = self.ctl
        assert ctl is not None
        if ctl.state.phase == DISCARD and ctl.human_turn():
            return EMPTY
        return self.hand()

    def hand(self) -> Markup:
        """The cards of the person whose turn it is, only when the screen is theirs."""
        ctl = self.ctl
        assert ctl is not None
        p = ctl.hand_shown()
        if p is None or ctl.is_over:
            return EMPTY
        s = ctl.state
        t = self.t
        discarding = s.phase == DISCARD and ctl.human_turn() and p == ctl.deciding
        cards = []
        for good in s.hands[p]:
            space = s.board.good_space[good]
            inner = html('<span class="card-no">{}</span><span class="card-name">{}</span>'
                         '<span class="card-place">{}</span><span class="card-value">{}</span>',
                         good, good_name(s.board, good, self.svg_strings),
                         s.board.space_names[space] or "",
                         t("card.value", n=card_value(s, p, good)))
            if discarding:
                picked = good in ctl.discard_sel
                cards.append(button(inner, "card", good, cls="card" + (" picked" if picked else ""),
                                    pressed=picked, aria_label=t(
                                        "card.toggle_discard", card=self.good_text(good))))
            else:
                cards.append(html('<span class="card" data-card="{}">{}</span>', good, inner))
        title = t("hand.title", name=s.names[p], n=len(s.hands[p]), limit=s.limit,
                  sold=len(s.sold[p]))
        return html('<section class="hand" aria-label="{}"><h3>{}</h3>'
                    '<div class="cards">{}</div></section>',
                    title, title, Markup("").join(cards) if cards else t("hand.empty"))

    # ------------------------------------------------------------------ board

    def board_pieces(self) -> list[tuple[str, str]]:
        ctl = self.ctl
        assert ctl is not None
        active = ctl.active_family()
        selected = ctl.state.board.family_ids[active] if active is not None else None
        return board_svg_pieces(ctl.view, legal_spaces=ctl.legal_spaces(),
                                legal_families=ctl.marry_families(),
                                last_spaces=ctl.last_spaces, selected_family=selected,
                                strings=self.svg_strings)

    # ------------------------------------------------------------------ players

    def players(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        out = [html('<h2 class="sr-only">{}</h2>', t("players.title"))]
        out += [self.player(p) for p in range(s.n)]
        table = [t("table.deck", n=len(s.deck)), t("table.discard", n=len(s.discard))]
        if s.n == 2:
            table.append(t("table.bag", n=len(s.bag)))
            if s.removed:
                table.append(t("table.removed", families=", ".join(
                    self.family_text(f) for f in s.removed)))
        out.append(html('<p class="table-info">{}</p>', " · ".join(table)))
        return Markup("").join(out)

    def player(self, p: int) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        fams = [f for f in range(s.board.n_families) if s.tiles[p][f]]
        fam_html = join(" ", (self.fname(f) + (" ×2" if s.tiles[p][f] > 1 else "")
                              for f in fams)) if fams else html(
            '<span class="none">{}</span>', t("player.none"))
        goods = s.goods_markers[p]
        rel = s.rel_markers[p]
        greens = sum(1 for _, g in rel if g)
        sold = join(", ", (self.gname(g) for g in s.sold[p])) if s.sold[p] else t("player.none")
        current = not s.is_over and not ctl.secret_sale and p == ctl.deciding
        tag = (html('<span class="bot-tag">{}</span>',
                    t("seat.bot", level=t(f"level.{ctl.seats[p]}"))) if ctl.is_bot(p) else EMPTY)
        badge = html('<span class="badge">{}</span>', t("player.to_move")) if current else EMPTY
        rows = [
            (t("player.money"), t("player.dirhams", n=s.money[p])),
            (t("player.families"), fam_html),
            (t("player.goods"), t("player.goods_value", n=len(goods),
                                  list=", ".join(map(str, sorted(goods))) or "–")),
            (t("player.relationships"), t("player.rel_value", n=len(rel), green=greens)),
            (t("player.cards"), t("player.cards_value", n=len(s.hands[p]),
                                  sold=len(s.sold[p]), limit=s.limit)),
            (t("player.sold"), sold),
        ]
        dl = Markup("").join(html("<div><dt>{}</dt><dd>{}</dd></div>", k, v) for k, v in rows)
        return html('<section class="player{}" data-player="{}" aria-label="{}">'
                    "<h3>{} {}{}</h3><dl>{}</dl></section>",
                    " current" if current else "", p, s.names[p], s.names[p], tag, badge, dl)

    # ------------------------------------------------------------------ log

    def log_parts(self) -> tuple[str, list[str], str]:
        """The log's wrapper and its lines, newest first (each line's HTML is cached)."""
        ctl = self.ctl
        assert ctl is not None
        cache = ctl.render_cache
        items = []
        for i in range(len(ctl.log) - 1, -1, -1):
            line = cache.get((self.lang, i))
            if line is None:
                ln: LogLine = ctl.log[i]
                line = str(html('<li><span class="log-turn">{}</span> {}</li>', ln.turn,
                                self.fmt(ln.key, ln.params)))
                cache[(self.lang, i)] = line
            items.append(line)
        head = html('<details class="log" open><summary><h2>{}</h2></summary>'
                    '<ol class="log-lines" aria-live="off">', self.t("log.title"))
        return str(head), items, "</ol></details>"
