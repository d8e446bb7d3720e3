"""The coach on the game screen: "Suggest a move" and the switch in the
decision, the thinking, the suggestion (the move in words, one or two reasons, the next
best), its mark on the board or on a control of the decision, and the count on the end
screen. Only for the person whose decision it is, on their own screen (coaching.can_ask);
the words are the coach's reasons filled with the game's names in the player's language.
Style: assets/coach.css."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from samarkand_core import Action, Discard, EndTurn, Keep, Marry, Pass, Place, Sell
from samarkand_core.bots.coach_text import NAME_PARAMS
from samarkand_core.rules import SALE_PRICE
from samarkand_web.state.coaching import can_ask
from samarkand_web.view.markup import EMPTY, Markup, escape, html, join
from samarkand_web.view.ui import Screen, button

if TYPE_CHECKING:  # the coach's module loads on the first suggestion (coaching.py)
    from samarkand_core.bots.coach import Advice, Reason, Suggestion

REASONS_SHOWN = 2  # "one or two sentences": the weightiest reasons of the suggested move
# What a move costs is said after what it brings (the price is on the board already).
COSTS = ("coach.reason.marry_cost", "coach.reason.second_cost")
DECIMAL_COMMA = ("de", "fr", "it")
MINUS = "\u2212"


def targets(action: Action) -> frozenset[str]:
    """What a move is made with on the screen: "space:<id>", "family:<id>" (a domain),
    "expand:<id>" (a family's button), "card:<good>", or a decision's button
    ("end-turn", "pass", "sell", "keep", "keep-all")."""
    if isinstance(action, Marry):
        return frozenset({"family:" + action.family})
    if isinstance(action, Place):
        return frozenset({f"space:{action.space}", "expand:" + action.family})
    if isinstance(action, Discard):
        return frozenset(f"card:{g}" for g in action.cards) or frozenset({"keep-all"})
    if isinstance(action, EndTurn):
        return frozenset({"end-turn"})
    if isinstance(action, Pass):
        return frozenset({"pass"})
    if isinstance(action, Sell):
        return frozenset({"sell"})
    if isinstance(action, Keep):
        return frozenset({"keep"})
    return frozenset()


@dataclass(frozen=True, slots=True)
class BoardMarks:
    """What the coach marks on the board: spaces by id, domains by family id, and the
    words said after a marked one's name."""

    spaces: tuple[int, ...] = ()
    families: tuple[str, ...] = ()
    label: str = ""


class CoachPanel(Screen):
    def advice(self) -> Advice | None:
        ctl = self.ctl
        if ctl is None or self.app.screen != "game":
            return None
        return self.app.coach.current(ctl)

    # ------------------------------------------------------------------ the decision

    def strip(self, extra: Markup = EMPTY) -> Markup:
        """Under the decision: the suggestion (or "Suggest a move", or the thinking) and
        the switch; only on a person's own decision. `extra` (the board's "Watch again")
        joins the row of the switch, so that it takes no line of its own beside the
        board, where the recap and the log need the height."""
        ctl = self.ctl
        desk = self.app.coach
        if ctl is None or not can_ask(ctl):
            return extra
        switch = extra + self.switch()
        if not desk.on:
            return html('<div class="coach off"><div class="coach-row">{}</div></div>', switch)
        advice = desk.current(ctl)
        if advice is not None:
            return html('<div class="coach open">{}<div class="coach-row">{}</div></div>',
                        self.shown(advice), switch)
        t = self.t
        # its words in full, and short for a phone's bar (coach.css shows one of them: the
        # name is the one shown)
        words = html('<span class="coach-long">{}</span><span class="coach-short">{}</span>',
                     t("coach.suggest"), t("coach.suggest_short"))
        if desk.thinking(ctl):
            # aria-disabled, not disabled: the button keeps the focus of whoever pressed it
            ask = html('<button type="button" id="coach-suggest" class="coach-ask small" '
                       'data-action="coach" aria-disabled="true" aria-describedby='
                       '"coach-thinking">{}</button>', words)
            busy = html('<p id="coach-thinking" class="coach-thinking" role="status">'
                        '<span class="coach-spinner" aria-hidden="true"></span>{}</p>',
                        t("coach.thinking"))
            return html('<div class="coach open" aria-busy="true"><div class="coach-row">{}{}'
                        "</div>{}</div>", ask, switch, busy)
        ask = button(words, "coach", cls="coach-ask small", btn_id="coach-suggest")
        return html('<div class="coach"><div class="coach-row">{}{}</div></div>', ask, switch)

    def switch(self) -> Markup:
        on = self.app.coach.on
        t = self.t
        state = t("coach.switch_on" if on else "coach.switch_off")
        return html('<button type="button" id="coach-switch" class="coach-switch small" '
                    'role="switch" aria-checked="{}" data-action="coach-switch">{} '
                    '<span class="coach-switch-state" aria-hidden="true">{}</span></button>',
                    "true" if on else "false", t("coach.switch"), state)

    def shown(self, advice: Advice) -> Markup:
        t = self.t
        best = advice.best
        ordered = sorted(best.reasons, key=lambda r: r.key in COSTS)  # stable: by weight
        reasons = Markup("").join(html("<li>{}</li>", self.reason(r))
                                  for r in ordered[:REASONS_SHOWN])
        meta = [self.fmt("coach.points", {"points": self.signed(best.points)})]
        if 0.0 <= best.win_chance <= 1.0:
            meta.append(self.fmt("coach.win_chance", {"percent": round(100 * best.win_chance)}))
        alt = EMPTY
        if advice.alternative is not None:
            alt = html('<p class="coach-alt"><span class="coach-label">{}{}</span> {}.{}</p>',
                       t("coach.alternative"), self.colon, self.move(advice.alternative.action),
                       self.alt_reason(advice.alternative))
        # "×" (its name is said: "Hide the suggestion"): the words keep the room
        hide = button("×", "coach-hide", cls="icon coach-hide", btn_id="coach-hide",
                      aria_label=t("coach.hide_label"), title=t("coach.hide_label"))
        return html('<section id="coach-advice" class="coach-advice" tabindex="-1" '
                    'aria-labelledby="coach-title"><div class="coach-head">'
                    '<h3 id="coach-title"><span class="coach-label">{}{}</span> '
                    '<span class="coach-move">{}</span></h3>{}</div>'
                    '<ul class="coach-reasons">{}</ul><p class="coach-meta">{}</p>{}</section>',
                    t("coach.heading"), self.colon, self.move(best.action), hide, reasons,
                    join(" · ", meta), alt)

    def alt_reason(self, alt: Suggestion) -> Markup:
        """How much less the next best move is worth, when the coach says so (its other
        reasons would make the suggestion too long to read at a glance)."""
        for r in alt.reasons:
            if r.key == "coach.reason.alternative_less":
                return Markup(" ") + self.reason(r)
        return EMPTY

    # ------------------------------------------------------------------ words

    def reason(self, r: Reason) -> Markup:
        """A reason's sentence in the page's language: goods and families by their names
        (family chips, goods that highlight their space on hover), numbers as they are."""
        params: dict[str, object] = {}
        for k, v in r.params.items():
            params[k] = v if k in NAME_PARAMS else self.number(v)
        if "n" in r.params:
            params["n"] = r.params["n"]  # picks the singular ("_one") when 1
        return self.fmt(r.key, params)

    def move(self, action: Action) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        board = ctl.state.board
        if isinstance(action, Marry):
            return self.fmt("coach.move.marry", {"family": board.family_index[action.family]})
        if isinstance(action, Place):
            sp = action.space
            # a home city by its name alone ("Isfahan", not "Isfahan, home city of ...")
            name = (escape(board.space_names[sp]) if board.home_at[sp] >= 0
                    and board.space_names[sp] else self.sname(sp))
            return self.tr("coach.move.place", family=self.fname(board.family_index[
                action.family]), space=self.map_ref(sp, name))
        if isinstance(action, Discard):
            if not action.cards:
                return self.tr("coach.move.keep_all")
            cards = join(", ", (self.map_ref(board.good_space[g], self.gname(g))
                                for g in action.cards))
            return self.tr("coach.move.discard", cards=cards)
        if isinstance(action, Sell):
            return self.fmt("coach.move.sell", {"good": action.good, "price": SALE_PRICE})
        if isinstance(action, Keep):
            return self.fmt("coach.move.keep", {"good": action.good})
        if isinstance(action, EndTurn):
            return self.tr("coach.move.end_turn")
        return self.tr("coach.move.pass")

    def number(self, v: object) -> str:
        """A whole number as a player reads it: a real minus sign."""
        return f"{MINUS}{-v}" if isinstance(v, int) and v < 0 else str(v)

    def signed(self, x: float) -> str:
        text = f"{abs(x):.1f}"
        if self.lang in DECIMAL_COMMA:
            text = text.replace(".", ",")
        return ("+" if x >= 0 else MINUS) + text

    # ------------------------------------------------------------------ marks

    def marks(self) -> frozenset[str]:
        advice = self.advice()
        return targets(advice.best.action) if advice is not None else frozenset()

    def cls(self, target: str) -> str:
        """" suggested" for a control of the decision that makes the suggested move."""
        return " suggested" if target in self.marks() else ""

    def board_marks(self) -> BoardMarks:
        """The suggested space or domain, for draw/board.py to mark: a ring of its own (not
        colour alone: a solid double ring and a star, unlike the dashed legal mark) and
        the words "suggested by the coach" in its name."""
        advice = self.advice()
        action = advice.best.action if advice is not None else None
        if isinstance(action, Place):
            return BoardMarks(spaces=(action.space,), label=self.t("coach.mark"))
        if isinstance(action, Marry):
            return BoardMarks(families=(action.family,), label=self.t("coach.mark"))
        return BoardMarks()

    # ------------------------------------------------------------------ the end screen

    def used(self) -> Markup:
        """How many suggestions each person used (the scores dialog)."""
        ctl = self.ctl
        if ctl is None or not ctl.humans:
            return EMPTY
        desk = self.app.coach
        used = desk.used
        if not desk.on and not any(used):
            return html('<p class="coach-used">{}</p>', self.t("coach.used_off"))
        items = join(", ", (html('<span data-coach-used="{}"><strong>{}</strong>{} {}</span>',
                                 p, self.player_name(p), self.colon,
                                 self.t("coach.used", n=used[p]))
                            for p in ctl.humans))
        return html('<p class="coach-used"><span class="coach-label">{}{}</span> {}</p>',
                    self.t("coach.used_title"), self.colon, items)
