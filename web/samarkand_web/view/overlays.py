"""Dialogs over the page: pass the device (hands stay hidden), share a game, the scores."""

from __future__ import annotations

from samarkand_core import final_scores
from samarkand_core.rules import SALE_PRICE
from samarkand_core.scoring import card_value
from samarkand_web.state.controller import end_reason_key
from samarkand_web.state.screen import RemoteSeat, Rules, Scores, ShareDialog, Stats
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.panels.coach import CoachPanel
from samarkand_web.view.panels.recap import RecapPanel
from samarkand_web.view.panels.rules import RulesPanel, rules_button
from samarkand_web.view.ui import Screen, button, dialog, labelled_cells


class Overlays(Screen):
    def overlay(self) -> Markup:
        """The dialog shown now, if any (empty markup: none)."""
        app = self.app
        ctl = self.ctl
        overlay = app.overlay
        if isinstance(overlay, ShareDialog) and not overlay.replay:
            return self.share_dialog(overlay)
        if isinstance(overlay, ShareDialog) and app.replay is not None:
            from samarkand_web.view.screens.replay import ReplayScreen

            return ReplayScreen(app).share_dialog(overlay)
        if isinstance(overlay, RemoteSeat) and app.bylink.pending is not None:
            from samarkand_web.view.panels.remote import seat_question

            return seat_question(self)
        if isinstance(overlay, Stats):  # over the saves list
            from samarkand_web.view.panels.stats import StatsPanel

            return StatsPanel(app).dialog()
        if app.screen != "game" or ctl is None:
            return EMPTY
        if isinstance(overlay, Rules):  # over everything else of the game, hands hidden
            return RulesPanel(app).dialog()
        if ctl.window is not None and ctl.shared_device:  # (by link: in the decision panel)
            return self.sale_window()
        if ctl.needs_curtain and ctl.shared_device:
            return self.curtain()
        if isinstance(overlay, Scores) and ctl.is_over:
            return self.scores()
        return EMPTY

    def curtain(self) -> Markup:
        ctl = self.game
        t = self.t
        recent = EMPTY
        records = ctl.recap()
        if records:  # public: the whole table may read what the others did
            items = RecapPanel(self.app)
            recent = html('<div class="recent recap"><h3>{}</h3><ol class="recap-turns">{}</ol>'
                          "</div>", t("recap.title"),
                          Markup("").join(items.turn_item(r) for r in records))
        elif ctl.log:
            lines = Markup("").join(html("<li>{}</li>", self.fmt(ln.key, ln.params))
                                    for ln in ctl.log[-6:])
            recent = html('<div class="recent"><h3>{}</h3><ul>{}</ul></div>',
                          t("curtain.recent"), lines)
        nav = html('<p class="curtain-nav">{}{}</p>', rules_button(self, "ghost small"),
                   button(t("nav.home"), "home", cls="ghost small"))
        name = ctl.state.names[ctl.deciding]
        body = (html("<p>{}</p>", t("curtain.text", name=name))
                + button(t("curtain.show", name=name), "reveal", cls="primary big",
                         btn_id="reveal")
                + recent + nav)
        return dialog(t("curtain.title", name=name), body, "curtain")

    def sale_window(self) -> Markup:
        """Several people at one device, after every goods marker taken: one public screen,
        the same whoever holds the card, a bot that kept it or nobody (docs/rules.md, Goods).
        No hand, no coach: nothing here may depend on where the card is."""
        ctl = self.game
        assert ctl.window is not None
        t = self.t
        w = ctl.window
        good = {"good": w.good}
        error = (html('<p class="error-text" role="alert">{}</p>',
                      self.fmt(ctl.error.key, ctl.error.params))
                 if ctl.error is not None else EMPTY)
        if w.asking:
            names = Markup("").join(  # all alike: no name is put forward
                button(t("sale.claim_as", name=ctl.state.names[p]), "sale-claim", p,
                       btn_id=f"sale-claim-{p}")
                for p in ctl.humans)
            body = html('<p>{}</p><div class="choices">{}{}</div>',
                        self.fmt("sale.who", good), names,
                        button(t("sale.back"), "sale-ask", "0", cls="ghost", btn_id="sale-back"))
        else:
            body = html('<p>{}</p>{}<div class="choices">{}{}</div>',
                        t("sale.text", price=SALE_PRICE), error,
                        button(t("sale.pass"), "sale-pass", cls="primary big",
                               btn_id="sale-pass"),
                        button(t("sale.claim"), "sale-ask", "1", btn_id="sale-claim"))
        nav = html('<p class="curtain-nav">{}</p>', rules_button(self, "ghost small"))
        return dialog(self.fmt("sale.title", good), body + nav, "sale-window")

    def share_dialog(self, sharing: ShareDialog) -> Markup:
        app = self.app
        t = self.t
        copied = (html('<p class="copied" role="status">{}</p>', t("share.copied"))
                  if app.share_copied else EMPTY)
        if sharing.turn is None:
            text, copy = html("<p>{}</p>", t("share.text")), t("share.copy")
        else:  # say plainly what the link gives away, before it is copied
            text = html('<p>{}</p><p class="warning-text share-secret">{}</p>',
                        t("share.unfinished", turn=sharing.turn), t("share.secret"))
            copy = t("share.copy_now")
        body = html('{}<input id="share-link" type="text" readonly value="{}" '
                    'aria-label="{}"><div class="choices">{}{}</div>{}',
                    text, sharing.link, t("share.link_label"),
                    button(copy, "copy", cls="primary"),
                    button(t("share.close"), "close"), copied)
        return dialog(t("share.title"), body, "share")

    def scores(self) -> Markup:
        ctl = self.game
        t = self.t
        s = ctl.state
        fs = final_scores(s)
        heads = ["score.player", "score.cards", "score.markers", "score.relationships",
                 "score.cash", "score.total"]
        th = Markup("").join(html('<th scope="col">{}</th>', t(h)) for h in heads)
        rows = []
        for sc in sorted(fs.scores, key=lambda x: -x.total):
            win = sc.player in fs.winners
            crown = (html(' <span class="winner-tag">{}</span>', t("score.winner"))
                     if win else EMPTY)
            values = (sc.goods_cards, sc.goods_markers, sc.relationship_markers, sc.cash,
                      html("<strong>{}</strong>", sc.total))
            rows.append(html(
                '<tr class="{}" data-score-player="{}"><th scope="row">{}{}</th>{}</tr>',
                "winner" if win else "", sc.player, self.player_name(sc.player), crown,
                labelled_cells([t(h) for h in heads[1:]], values)))
        winners = ", ".join(self.player_name(w) for w in fs.winners)
        key = "score.winner_single" if len(fs.winners) == 1 else "score.winners_tie"
        reason_key, reason_params = end_reason_key(s)
        # the cards each player scored (hands are shown at the end)
        details = []
        for p in range(s.n):
            items = join(", ", (html("{}{} {}", self.gname(g), self.colon, card_value(s, p, g))
                                for g in s.hands[p])) if s.hands[p] else "–"
            details.append(html("<li><strong>{}</strong>{} {}</li>", self.pname(p), self.colon,
                                items))
        body = html(
            '<p class="reason"><strong>{}</strong> {}</p><p class="winners">{}</p>{}'
            '<div class="table-wrap" tabindex="0" role="region" aria-labelledby="dialog-title">'
            '<table class="scores"><thead><tr>{}</tr></thead>'
            "<tbody>{}</tbody></table></div>"
            '<details><summary>{}</summary><ul class="card-scores">{}</ul></details>'
            '{}<div class="choices">{}</div>',
            # the reason reads on from "Game over:", as in the status line
            t("status.over"), self.fmt(reason_key, reason_params), t(key, names=winners),
            self.breakdown(), th,
            Markup("").join(rows), t("score.cards_detail"), Markup("").join(details),
            CoachPanel(self.app).used(),
            button(t("over.close"), "close", cls="primary") + button(t("replay.open"), "replay")
            + button(t("analysis.open"), "analyse", btn_id="analyse")
            + button(t("over.rematch"), "rematch")
            + button(t("nav.share"), "share") + button(t("nav.home"), "home"))
        return dialog(t("score.title"), body, "scores-dialog")

    def breakdown(self) -> Markup:
        """The scores as stacked bars (its numbers are the table under it)."""
        from samarkand_core.draw.chart import breakdown_svg
        from samarkand_web.view.screens.replay import chart_strings

        assert self.ctl is not None
        s = self.ctl.state
        names = [self.player_name(p) for p in range(s.n)]  # as the table names them
        return html('<figure class="chart-figure breakdown-figure">{}</figure>',
                    Markup(breakdown_svg(s, strings=chart_strings(self.lang, s.board),
                                         names=names)))
