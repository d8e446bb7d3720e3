"""The game screen: the status line, the decision, the hand, the board, the players and
the log. Only what the person at the device may see: hands come from
``Controller.hand_shown()`` and the board from a PlayerView."""

from __future__ import annotations

from functools import lru_cache

from samarkand_core import DISCARD, MAIN, SECOND, SELL
from samarkand_core.draw.board import MoveMark, board_pieces, family_chip, good_name, space_name
from samarkand_core.draw.svgkit import Piece
from samarkand_core.rules import CARDS_DRAWN, SALE_PRICE, SECOND_CAMEL_COST
from samarkand_core.scoring import card_value
from samarkand_web.saves.links import SPEEDS
from samarkand_web.state.botmoves import BoardMark, marks_of_turns, recap_records
from samarkand_web.state.controller import HUMAN, LogLine, end_reason_key
from samarkand_web.state.remote import remote_waiting
from samarkand_web.view.markup import EMPTY, Markup, html
from samarkand_web.view.panels.coach import CoachPanel
from samarkand_web.view.panels.end import EndIndicator
from samarkand_web.view.panels.guide import GuidePanel
from samarkand_web.view.panels.players import icon, players_parts
from samarkand_web.view.panels.recap import RecapPanel
from samarkand_web.view.panels.remote import RemotePanel
from samarkand_web.view.parts import region_parts, tree
from samarkand_web.view.ui import Screen, button, options

TAKE_BACK_KEYS = "Control+Z Meta+Z"

# The zoom buttons: what they do, their name, their glyph (drawn, so no font needed).
ZOOM_BUTTONS = (
    ("in", "zoom.in", '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">'
                      '<path d="M4 10h12M10 4v12" stroke="currentColor" stroke-width="2.6" '
                      'stroke-linecap="round"/></svg>'),
    ("out", "zoom.out", '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">'
                        '<path d="M4 10h12" stroke="currentColor" stroke-width="2.6" '
                        'stroke-linecap="round"/></svg>'),
    ("fit", "zoom.fit", '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">'
                        '<path d="M3 7V3h4M13 3h4v4M17 13v4h-4M7 17H3v-4" fill="none" '
                        'stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>'
                        '</svg>'),
)


@lru_cache(maxsize=512)  # the same cards are drawn at every move
def card_face(good: int, name: str, value: int, worth: str, spoken: bool = True) -> Markup:
    """A card in hand in one short line: its number (as on the map), its good, and what
    it is worth now as a small coin badge (its words for screen readers and the tooltip).
    The space it names is in the tooltip (tooltips.py). Spaces between the parts: they
    are the card's words, also for screen readers. `spoken` False: the card is a button
    whose aria-label says all this, so the words for screen readers are left out.

    The coin is the badge's ::before (style.css, .card-value), not an inline SVG: a hand
    comes into the decision and goes back at every marriage, ten cards at once, and an
    inline SVG is a replaced box of its own to style and lay out in that click."""
    words = html('<span class="sr-only">{}</span>', worth) if spoken else EMPTY
    return html('<span class="card-no">{}</span> <span class="card-name">{}</span> '
                '<span class="card-value{}"><span aria-hidden="true">{}</span>{}</span>',
                good, name, " worth" if value else "", value, words)


class GameScreen(Screen):
    # ------------------------------------------------------------------ status

    def status(self) -> Markup:
        return Markup("").join(self.status_parts())

    def status_parts(self) -> tuple[Markup, ...]:
        """The status region's parts (view/parts.py): the turn line and the gauge, the
        warning, the last move, notices, an error."""
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        turn = html('<span class="turn">{}</span> ', t("status.turn", n=ctl.turn))
        # the line's pieces as parts of its heading: a click that changes what to do
        # changes that span only (the turn and the name stay the same nodes)
        line: tuple[Markup, ...]
        if ctl.is_over:
            key, params = end_reason_key(s)
            line = (html('<span class="turn">{}</span> {}', t("status.over"),
                         self.fmt(key, params)),)
        elif ctl.window is not None:  # the same whoever holds the card (docs/rules.md, Goods)
            line = (turn, self.fmt("sale.status", {"good": ctl.window.good}))
        else:
            p = ctl.deciding
            if ctl.is_bot(p):
                what: Markup | str = t("status.bot_thinking")
            elif remote_waiting(ctl) is not None:  # a person on another device (by link)
                what = t("remote.status_waiting")
            elif ctl.needs_curtain:
                what = t("status.waiting_for_device")
            else:
                what = self.prompt_short()
            # what to do in a span of its own: a phone's bar shows it once, in the
            # decision under the line (style.css)
            line = (turn, html('<strong>{}</strong>', self.pname(p)),
                    html('<span class="turn-what">: {}</span>', what))
        ending = EndIndicator(self.app)
        # the game screen's heading: whose turn it is and what to do (h1 is the game's name)
        parts = [tree('<div class="status-top">',
                      (tree('<h2 id="status-line" class="turn-line">', line, "</h2>"),
                       ending.indicator()), "</div>"), ending.warning()]
        if ctl.recent and not ctl.needs_curtain and not RecapPanel(self.app).shown():
            recent = Markup(" ").join(self.fmt(ln.key, ln.params) for ln in ctl.recent[:4])
            parts.append(html('<p class="last-move"><span class="label">{}</span> {}</p>',
                              t("status.last_move"), recent))
        for n in ctl.notices:
            parts.append(html('<p class="notice" role="status">{}</p>',
                              self.fmt(n.key, n.params)))
        if ctl.error is not None:
            parts.append(html('<p class="error-text" role="alert">{}</p>',
                              self.fmt(ctl.error.key, ctl.error.params)))
        return region_parts(parts)

    def prompt_short(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        if ctl.held is not None:
            return self.tr("pending.held_short")
        if ctl.pending_marriage is not None:
            return self.tr("pending.marry_short")
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

    def zoom_bar(self) -> Markup:
        """Zoom in, zoom out, the whole board: web/zoompan.js zooms, on the main thread, without
        a round trip through the App, so the buttons carry data-zoom, not data-action."""
        t = self.t
        return html('<div class="zoom-buttons" role="group" aria-label="{}">{}{}{}</div>',
                    t("zoom.label"),
                    *(html('<button type="button" class="zoom-btn" data-zoom="{}" '
                           'aria-label="{}" title="{}">{}</button>', kind, t(key), t(key),
                           Markup(glyph))
                      for kind, key, glyph in ZOOM_BUTTONS))

    # ------------------------------------------------------------------ actions

    def actions(self) -> Markup:
        return Markup("").join(self.actions_parts())

    def actions_parts(self) -> tuple[Markup, ...]:
        """The decision region's parts (view/parts.py): the decision (its box a Tree, so
        that a click changes what is inside it and the box keeps its focus), the cards
        while discarding, the coach, the recap, the bots' speed."""
        ctl = self.ctl
        assert ctl is not None
        t = self.t
        parts: list[Markup] = [GuidePanel(self.app).panel()]  # the guided first game
        remote = RemotePanel(self.app)  # (nothing, for a game at one device)
        if ctl.is_over:
            parts.append(self.over_actions())
            parts.append(remote.send())
        elif ctl.window is not None:  # hotseat: its choices are in the window over the page
            parts.append(remote.sale_round()  # by link: the round's question, or its link
                         or html('<p class="prompt">{}</p>', t("sale.text", price=SALE_PRICE)))
        elif ctl.is_bot(ctl.deciding):
            name = self.player_name(ctl.deciding)
            parts.append(html('<p class="prompt">{}</p>', t("prompt.bot", name=name)))
        elif remote_waiting(ctl) is not None:
            parts.append(remote.send())
        elif ctl.needs_curtain:
            name = ctl.state.names[ctl.deciding]
            parts.append(html('<p class="prompt">{}</p>', t("prompt.curtain", name=name))
                         + button(t("curtain.show", name=name), "reveal", cls="primary"))
        else:
            parts.append(self.decision())
        if ctl.state.phase == DISCARD and ctl.human_turn():
            parts.append(self.hand())  # the cards are the decision now
        # "Suggest a move", the coach's switch and "Watch again" (the recap's moves again
        # on the board) in one row
        parts.append(CoachPanel(self.app).strip(self.watch_bar()))
        parts.append(RecapPanel(self.app).panel())
        parts.append(remote.info())
        if any(s != HUMAN for s in ctl.seats) and not ctl.is_over:
            parts.append(self.bot_controls())
        return region_parts(parts)

    def decision(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        if ctl.held is not None:
            return self.decision_held()
        if ctl.pending_marriage is not None:
            return self.decision_marriage()
        phase = ctl.state.phase
        if phase == MAIN:
            return self.decision_main()
        if phase == SECOND:
            s = ctl.state
            f = s.exp_family
            text = self.fmt("prompt.second", {"family": f, "cost": SECOND_CAMEL_COST,
                                              "treasury": s.treasury[f]})
            return self.decision_box(html('<p class="prompt">{}</p>', text),
                                     html('<div class="choices">{}{}</div>',
                                          self.end_turn_button(), self.take_back_button()))
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
                                     button(t("action.pass"), "pass",
                                            cls="primary" + self.coach_cls("pass")))
        out: list[Markup] = []
        if ctl.marry_families():
            out.append(html('<p class="prompt"><span class="step">{}</span> {}</p>',
                            t("prompt.marry_title"), t("prompt.marry")))
        expand = ctl.expand_families()
        if expand:
            chips = tree('<div class="choices">', (
                button(html("{}<span>{}</span>", Markup(family_chip(board, f, 18)),
                            self.family_text(f)),
                       "expand", board.family_ids[f],
                       cls="family-choice" + self.coach_cls("expand:" + board.family_ids[f]),
                       pressed=ctl.selected_family == f,
                       aria_label=t("action.expand_with", family=self.family_text(f)))
                for f in expand), "</div>")
            out.append(html('<p class="prompt"><span class="step">{}</span> {}</p>',
                            t("prompt.expand_title"), t("prompt.expand")))
            out.append(chips)
            if ctl.selected_family is not None and len(expand) > 1:  # the only one: said
                out.append(html('<p class="hint">{}</p>', self.fmt(
                    "prompt.expand_space", {"family": ctl.selected_family})))
        out.append(self.take_back_button())
        return self.decision_box(*out)

    def decision_held(self) -> Markup:
        """The engine ended the turn; the person ends it (or takes the camel back)."""
        ctl = self.ctl
        assert ctl is not None
        key = "pending.held_over" if ctl.state.is_over else "pending.held"
        return self.decision_box(html('<p class="prompt">{}</p>', self.t(key)),
                                 html('<div class="choices">{}{}</div>',
                                      self.end_turn_button(), self.take_back_button()))

    def decision_marriage(self) -> Markup:
        """A marriage chosen: its cards are drawn only when the person confirms it."""
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        f = ctl.pending_marriage
        assert f is not None
        full = s.hand_count(s.turn_player) >= s.limit
        key = "pending.marry_none" if full else "pending.marry"
        text = self.fmt(key, {"family": f, "portion": s.board.portion[f], "n": CARDS_DRAWN})
        label = self.t("pending.marry_button_none" if full else "pending.marry_button")
        return self.decision_box(
            html('<p class="prompt">{}</p>', text),
            html('<div class="choices">{}{}</div>',
                 button(label, "confirm-marriage", cls="primary" + self.coach_cls(
                     "confirm-marriage"), btn_id="confirm-marriage"),
                 self.take_back_button()))

    def end_turn_button(self) -> Markup:
        return button(self.t("action.end_turn"), "end-turn",
                      cls="primary" + self.coach_cls("end-turn"), btn_id="end-turn")

    def coach_cls(self, target: str) -> str:
        """" suggested" on the control that makes the coach's suggested move (and the
        guided first game's)."""
        return CoachPanel(self.app).cls(target) + GuidePanel(self.app).cls(target)

    def take_back_button(self) -> Markup:
        """Shown while there is something of this turn to take back (also Ctrl+Z)."""
        ctl = self.ctl
        assert ctl is not None
        if not ctl.can_take_back():
            return EMPTY
        return button(self.t("takeback.button"), "take-back", cls="ghost take-back",
                      btn_id="take-back", aria_label=self.t("takeback.label"),
                      keys=TAKE_BACK_KEYS)

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
            html('<p class="prompt">{}</p>', t(key, n=s.drawn, lo=lo, hi=hi, limit=s.limit)),
            button(label, "discard", cls="primary" + self.coach_cls("keep-all" if n == 0
                                                                    else "discard"),
                   disabled=ctl.discard_choice() is None))

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
                 # Keep is the filled choice and takes the focus (state/focus.py): it
                 # tells the table nothing, where a sale is public and final
                 button(t("action.keep"), "keep", cls="primary" + self.coach_cls("keep")),
                 button(t("action.sell", price=SALE_PRICE), "sell",
                        cls=self.coach_cls("sell").strip())))

    def decision_box(self, *parts: Markup) -> Markup:
        # focusable from code (not a tab stop): the turn comes back to the person here.
        # Its first line while choosing on the board: the person's own cards and money
        # (a phone shows it; its hand is two screens below the map), at the top of what
        # the focus brings into view
        return tree('<div class="decision" tabindex="-1" aria-labelledby="status-line">',
                    (self.hand_peek(), *parts), "</div>")

    def bot_controls(self) -> Markup:
        app = self.app
        t = self.t
        speeds = [(sp, t(f"speed.{sp}")) for sp in SPEEDS]
        pause = button(t("bot.resume") if app.game.paused else t("bot.pause"), "pause",
                       cls="ghost small", pressed=app.game.paused)
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
        # the card a sale asks this person about (only on their own screen: it is secret)
        asked = s.pending_good if s.phase == SELL and ctl.human_turn() and p == ctl.deciding \
            else None
        cards = []
        drawer, drawn = ctl.drawn_now
        for good in s.hands[p]:
            # a card just drawn slides in (play.css, "motion"), in its owner's hand only
            fresh = ' class="fresh"' if p == drawer and good in drawn else ""
            space = s.board.good_space[good]
            words = (str(good), good_name(s.board, good, self.svg_strings),
                     t("card.value", n=card_value(s, p, good)))
            inner = card_face(good, words[1], card_value(s, p, good), words[2],
                              spoken=not discarding)
            if discarding:
                picked = good in ctl.discard_sel
                # the name holds the visible words in order ("label in name", WCAG 2.5.3:
                # "1 Dates 0"), then what the badge means
                value = card_value(s, p, good)
                label = t("card.toggle_discard_worth", card=f"{good} {words[1]} {value}",
                          n=value)
                cards.append(html('<li{}>{}</li>', Markup(fresh), button(
                    inner, "card", good, cls="card" + (" picked" if picked else "")
                    + self.coach_cls(f"card:{good}"),
                    pressed=picked, aria_label=label, data_map=space, data_card=good)))
            else:
                # focusable, so that a keyboard shows its tooltip and its space on the map
                cards.append(html('<li class="card{}{}" data-card="{}" data-map="{}" tabindex="0" '
                                  'aria-describedby="tip">{}</li>', " asked" if good == asked
                                  else "", " fresh" if fresh else "", good, space, inner))
        title = t("hand.title", name=s.names[p], n=len(s.hands[p]), limit=s.limit,
                  sold=len(s.sold[p]))
        body = (tree('<ul class="cards">', cards, "</ul>") if cards
                else html('<p class="cards">{}</p>', t("hand.empty")))
        # the section's name in a child of its own (not an attribute of the section): a
        # move that changes the count redraws that child, not the section and its cards
        return tree('<section class="hand" aria-labelledby="hand-label">',
                    (html('<span id="hand-label" hidden>{}</span>', title),
                     self.hand_heading(p, title), body), "</section>")

    def hand_peek(self) -> Markup:
        """While the person chooses on the board (a marriage, a route, a second camel):
        their cards by number, as the map numbers the goods, what they are worth now and
        their money, on one line of the decision (play.css shows it where the decision
        is the bar at a phone's foot and the hand two screens below the map). In the
        decision region, never in the status: it is theirs alone, as the hand is; not
        at a sale or a discard, which show the cards themselves."""
        ctl = self.ctl
        assert ctl is not None
        p = ctl.hand_shown()
        if (p is None or p != ctl.deciding or not ctl.human_turn()
                or ctl.state.phase not in (MAIN, SECOND)):
            return EMPTY
        s, t, c = ctl.state, self.t, self.colon
        hand = s.hands[p]
        worth = sum(card_value(s, p, g) for g in hand)
        names = ", ".join(f"{g} {good_name(s.board, g, self.svg_strings)}" for g in hand)
        words = (f'{t("hand.heading", name=s.names[p])}{c} {names or t("hand.empty")}. '
                 f'{t("hand.worth_label", n=worth)}. '
                 f'{t("player.money")}{c} {t("player.dirhams", n=s.money[p])}')
        numbers = Markup("").join(html('<span class="card-no">{}</span>', g) for g in hand)
        return html('<p class="hand-peek" title="{}"><span class="sr-only">{}</span>'
                    '<span class="hand-peek-cards" aria-hidden="true">{}{}</span>'
                    '<span class="card-value{}" aria-hidden="true">{}</span>'
                    '<span class="hand-peek-money" aria-hidden="true">{}{}</span></p>',
                    words, words, icon("cards"), numbers, " worth" if worth else "",
                    worth, icon("money"), s.money[p])

    def hand_heading(self, p: int, title: str) -> Markup:
        """"Cards of Ann", how many of the limit, and what they are worth now: short on
        screen, the whole sentence in its title."""
        s = self.ctl.state  # type: ignore[union-attr]
        t = self.t
        n, sold = len(s.hands[p]), len(s.sold[p])
        count = (t("hand.count_sold", n=n, sold=sold, limit=s.limit) if sold
                 else t("hand.count", n=n, limit=s.limit))
        worth = sum(card_value(s, p, g) for g in s.hands[p])
        label = t("hand.worth_label", n=worth)
        return html('<h3 class="hand-title" title="{}"><span class="hand-name">{}</span>'
                    '<span class="hand-count">{}<span class="card-value{}" title="{}">'
                    '<span aria-hidden="true">{}</span><span class="sr-only">{}</span></span>'
                    "</span></h3>", title, t("hand.heading", name=s.names[p]), count,
                    " worth" if worth else "", label, worth, label)

    # ------------------------------------------------------------------ board

    def board_pieces(self) -> tuple[Piece, ...]:
        """The board as data: the position the person may see, with the marks of the
        moment (legal moves, the last turn's camels, what the move just made placed or
        married into, the coach's suggestion) drawn by draw/board.py, never spliced in here."""
        ctl = self.ctl
        assert ctl is not None
        active = ctl.active_family()
        board = ctl.state.board
        # the guided first game's target, else the coach's suggestion: one mark
        coach = GuidePanel(self.app).board_marks() or CoachPanel(self.app).board_marks()
        return board_pieces(ctl.view, legal_spaces=ctl.legal_spaces(),
                            legal_families=ctl.marry_families(),
                            last_spaces=ctl.last_spaces,
                            selected_family=board.family_ids[active] if active is not None
                            else None,
                            strings=self.svg_strings, latest_spaces=ctl.latest_spaces,
                            latest_families=[board.family_ids[f] for f in ctl.latest_families],
                            suggested_spaces=coach.spaces, suggested_families=coach.families,
                            suggested_label=coach.label, portrait=self.app.portrait,
                            move_marks=self.move_marks())

    def move_marks(self) -> tuple[MoveMark, ...]:
        """The moves the board shows now (state/botmoves.py), each with its caption."""
        return tuple(MoveMark(m.kind, self.caption(m), m.space, m.family)
                     for m in self.app.game.show.frame())

    def caption(self, m: BoardMark) -> str:
        """A mark's caption: its log line, short, in plain words (the board draws it as
        SVG text, escaped there). A camel's family by its city, as in the recap."""
        board = self.game.state.board
        values: dict[str, object] = {}
        for k, v in m.line.params.items():
            if k in ("player", "holder"):
                values[k] = self.player_name(v)
            elif k == "family" and m.kind == "camel":
                values[k] = board.space_names[board.home[v]] or self.family_text(v)
            elif k == "family":
                values[k] = self.family_text(v)
            elif k == "space":
                values[k] = space_name(board, v, self.svg_strings)
            elif k == "good":
                values[k] = self.good_text(v)
            else:
                values[k] = v
        return self.t("move." + m.kind, **values)

    def watch_bar(self) -> Markup:
        """"Watch again" (the recap's moves, on the board), or while watching: which move
        of how many, its caption (also for screen readers), and a way to stop."""
        show = self.app.game.show
        t = self.t
        if show.watching:
            frame = show.frame()
            said = self.caption(frame[-1]) if frame else ""
            return html('<div class="watch-bar watching"><p class="watch-status" '
                        'role="status"><span class="watch-count">{}</span> {}</p>{}</div>',
                        t("watch.status", k=show.shown, total=len(show.marks)), said,
                        button(t("watch.stop"), "watch-stop", cls="ghost small",
                               btn_id="watch-stop"))
        ctl = self.game
        if not marks_of_turns(recap_records(ctl), ctl.state.board):
            return EMPTY
        return html('<div class="watch-bar">{}</div>',
                    button(t("watch.again"), "watch-again", cls="ghost small",
                           btn_id="watch-again", aria_label=t("watch.again_label")))

    # ------------------------------------------------------------------ players

    def players(self) -> Markup:
        return Markup("").join(self.players_parts())

    def players_parts(self) -> tuple[Markup, ...]:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        current = None if s.is_over or ctl.window is not None else ctl.deciding
        notes = [t("seat.bot", level=t(f"level.{ctl.seats[p]}")) if ctl.is_bot(p) else ""
                 for p in range(s.n)]
        return players_parts(self, s, current, t("player.to_move"), notes,
                             moved=ctl.money_moved)

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
                    '<ol class="log-lines" aria-live="off" tabindex="0" aria-label="{}">',
                    self.t("log.title"), self.t("log.title"))  # it scrolls: keys too
        return str(head), items, "</ol></details>"
