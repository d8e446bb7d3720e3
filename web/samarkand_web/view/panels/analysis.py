"""The analysis on the replay of a finished game: whose decisions, the progress bar and
Stop while it runs, then every decision (turn, move played, best move found, points
and winning chance lost, the reasons in the page's language); its marks on the score
chart (each a `data-mistake` element that jumps the replay to its decision) with every
player's winning chance, and the marks in the move list. Style: assets/style.css
("The analysis")."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from samarkand_core import Action, Discard, EndTurn, Keep, Marry, Place, Sell
from samarkand_core.bots.coach_text import NAME_PARAMS
from samarkand_core.draw.board import space_name
from samarkand_core.rules import SALE_PRICE
from samarkand_web.handlers import analysis
from samarkand_web.saves.storage_models import StoredAnalysis, StoredDecision, StoredReason
from samarkand_web.state import analysis as an
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.ui import button
from samarkand_web.words import i18n

if TYPE_CHECKING:
    from samarkand_core.draw.chart import ChartStrings
    from samarkand_web.state.analysis import AnalysisDesk
    from samarkand_web.view.screens.replay import ReplayScreen

DECIMAL_COMMA = ("de", "fr", "it")
MINUS = "\u2212"


def desk_of(screen: ReplayScreen) -> AnalysisDesk | None:
    return analysis.analysis_desk(screen.app)


def shown(screen: ReplayScreen) -> StoredAnalysis | None:
    desk = desk_of(screen)
    return desk.shown() if desk is not None else None


def marked(a: StoredAnalysis) -> list[StoredDecision]:
    return [d for d in a.decisions if d.kind in an.MARKED]


def decimal(lang: str, x: float) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


# ---------------------------------------------------------------------- words


def move_words(screen: ReplayScreen, action: Action) -> str:
    """A move in words (plain text: also a chart mark's title)."""
    board, t = screen.board, screen.t
    if isinstance(action, Marry):
        return t("coach.move.marry", family=screen.family_text(board.family_index[action.family]))
    if isinstance(action, Place):
        return t("coach.move.place", family=screen.family_text(board.family_index[
            action.family]), space=space_name(board, action.space, screen.svg_strings))
    if isinstance(action, Discard):
        if not action.cards:
            return t("coach.move.keep_all")
        return t("coach.move.discard", cards=", ".join(screen.good_text(g)
                                                        for g in action.cards))
    if isinstance(action, Sell):
        return t("coach.move.sell", good=screen.good_text(action.good), price=SALE_PRICE)
    if isinstance(action, Keep):
        return t("coach.move.keep", good=screen.good_text(action.good))
    if isinstance(action, EndTurn):
        return t("coach.move.end_turn")
    return t("coach.move.pass")


def reason_markup(screen: ReplayScreen, r: StoredReason) -> Markup:
    """A reason's sentence: goods and families by their names, numbers as they are."""
    params: dict[str, object] = {}
    for k, v in r.params:
        params[k] = v if k in NAME_PARAMS or v >= 0 else f"{MINUS}{-v}"
    if i18n.template(screen.lang, r.key) is None:
        return EMPTY  # a reason of a later version: said by the others
    return screen.fmt(r.key, params)


def kind_word(screen: ReplayScreen, kind: str) -> str:
    return screen.t("analysis.kind." + kind)


# ---------------------------------------------------------------------- the chart


def chart_strings(screen: ReplayScreen, base: ChartStrings) -> ChartStrings:
    t = screen.t
    return dataclasses.replace(
        base, legend_decision=t("chart.legend_decision"),
        legend_win_chance=t("chart.legend_win_chance"),
        axis_win_chance=t("chart.axis_win_chance"), decisions_desc=t("chart.decisions_desc"),
        win_chance_desc=t("chart.win_chance_desc"))


def analysed_chart(screen: ReplayScreen, base: ChartStrings) -> str | None:
    """The score race with the analysis shown (its weak moves marked, each mark a way to
    its decision, and everyone's winning chance), or None when there is none to show."""
    from samarkand_core.draw.chart import DecisionMark, race_svg, with_now

    a = shown(screen)
    if a is None:
        return None
    r = screen.r
    desk = desk_of(screen)
    race = screen.race()
    if desk is None or len(a.chances) != len(race.rows):
        return None
    st = chart_strings(screen, base)
    key = ("chart", screen.lang, r.hands_shown, a.player)
    if key not in desk.drawn:
        weak = marked(a)
        # each mark a way to its decision (the turn's worst one; keyboard: the list's
        # "Show" buttons do the same)
        marks = [DecisionMark(d.turn, a.player, d.kind, mark_title(screen, d),
                              attrs=(("data-action", "analysis-jump"),
                                     ("data-value", str(d.move)), ("class", "mistake-mark")))
                 for d in weak]
        chances = [[c / 1000 for c in row] for row in a.chances]
        desk.drawn[key] = race_svg(race, strings=st, id_prefix="race", decisions=marks,
                                   win_chances=chances)
    return with_now(desk.drawn[key], race, r.chart_x(), strings=st, win_axis=True,
                    decisions=bool(marked(a)))


def mark_title(screen: ReplayScreen, d: StoredDecision) -> str:
    rp = screen.rp
    title = screen.t("analysis.mark_title", turn=d.turn, move=d.move,
                     kind=kind_word(screen, d.kind),
                     played=move_words(screen, an.played(rp, d)),
                     best=move_words(screen, an.best(rp, d)))
    return " · ".join([title, *uncertainty(screen, d)])


def uncertainty(screen: ReplayScreen, d: StoredDecision) -> list[str]:
    """How sure the winning chance lost is: its margin of error, and "rough" where that
    is wide (none for an analysis stored before it had one, or the Hard level's own move)."""
    if d.win_err <= 0:
        return []
    out = [screen.t("analysis.win_err", err=max(1, round(an.win_range(d))))]
    if an.rough(d):
        out.append(screen.t("analysis.rough"))
    return out


def log_marks(screen: ReplayScreen) -> dict[int, str]:
    """The replay's moves with a weak decision of the player analysed: move -> kind."""
    a = shown(screen)
    if a is None:
        return {}
    order = list(an.SIGNS)
    out: dict[int, str] = {}
    for d in marked(a):
        if d.move not in out or order.index(d.kind) > order.index(out[d.move]):
            out[d.move] = d.kind
    return out


def log_mark(screen: ReplayScreen, kind: str) -> Markup:
    """The sign of a weak move in the move list (its words for screen readers)."""
    words = screen.t("analysis.log_mark", kind=kind_word(screen, kind))
    return html('<span class="log-mistake" data-mistake="{}" title="{}">'
                '<span aria-hidden="true">{}</span><span class="sr-only">{}</span></span> ',
                kind, words, an.SIGNS[kind], words)


# ---------------------------------------------------------------------- the panel


def panel(screen: ReplayScreen) -> Markup:
    """The analysis's section of the replay (nothing for a game that is not over)."""
    desk = desk_of(screen)
    if desk is None:
        return EMPTY
    t = screen.t
    names = [screen.player_name(p) for p in range(len(screen.rp.names))]
    who = Markup("").join(
        button(t("analysis.open_label", name=names[p]), "analyse", p, cls="small",
               pressed=desk.player == p, btn_id="analysis-start" if desk.player == p else None)
        for p in range(len(names)))
    body = html('<div class="analysis-who" role="group" aria-label="{}">{}</div>',
                t("analysis.who"), who)
    body += progress(screen, desk)
    a = desk.shown()
    if a is not None:
        body += result(screen, a)
    return html('<section id="analysis" class="analysis" aria-labelledby="analysis-title">'
                '<h2 id="analysis-title" tabindex="-1">{}</h2><p class="analysis-intro">{}</p>'
                "{}</section>", t("analysis.title"), t("analysis.intro"), body)


def progress(screen: ReplayScreen, desk: AnalysisDesk) -> Markup:
    t = screen.t
    name = screen.player_name(desk.player)
    job = desk.job
    if job is not None:
        text = (t("analysis.progress", name=name, done=job.done, total=job.total)
                if job.total else t("analysis.progress_start", name=name))
        return html('<div class="analysis-run" aria-busy="true">'
                    '<p id="analysis-progress">{}</p>'
                    '<progress id="analysis-bar" class="analysis-bar" max="{}" value="{}" '
                    'aria-labelledby="analysis-progress"></progress>{}</div>',
                    text, max(job.total, 1), job.done,
                    button(t("analysis.stop"), "analysis-stop", cls="small danger-ghost",
                           btn_id="analysis-stop"))
    key = {"stopped": "analysis.stopped", "unsaved": "analysis.unsaved",
           "failed": "analysis.failed"}.get(desk.status)
    if desk.status == "done" and desk.save_id is not None:
        key = "analysis.saved"
    return (html('<p class="analysis-status" role="status">{}</p>', t(key)) if key
            else html('<p class="analysis-status" role="status"></p>'))


def result(screen: ReplayScreen, a: StoredAnalysis) -> Markup:
    t = screen.t
    name = screen.player_name(a.player)
    if not a.decisions:
        return html('<p class="analysis-summary">{}</p>', t("analysis.none", name=name))
    weak = [t("analysis.count." + k, n=n) for k in an.MARKED
            if (n := sum(1 for d in a.decisions if d.kind == k))]
    summary = t("analysis.summary", name=name, n=len(a.decisions),
                weak=", ".join(weak) or t("analysis.weak_none"))
    key = ("list", screen.lang, False, a.player)
    desk = desk_of(screen)
    assert desk is not None
    if key not in desk.drawn:  # the list changes with the language and the player only
        desk.drawn[key] = str(Markup("").join(item(screen, d) for d in a.decisions))
    return html('<p class="analysis-summary">{}</p><h3>{}</h3>'
                '<ol class="analysis-list">{}</ol>', summary, t("analysis.decisions"),
                Markup(desk.drawn[key]))


def item(screen: ReplayScreen, d: StoredDecision) -> Markup:
    t, rp, lang = screen.t, screen.rp, screen.lang
    mine = an.played(rp, d)
    better = an.best(rp, d)
    kind = html('<span class="decision-kind">{}{}</span>',
                html('<span aria-hidden="true">{} </span>', an.SIGNS[d.kind])
                if d.kind in an.SIGNS else EMPTY, kind_word(screen, d.kind))
    facts = [t("analysis.loss", points=decimal(lang, an.loss(d)))] if d.kind != "best" else []
    facts.append(t("analysis.win", chance=round(d.win / 10), better=round(d.win_best / 10)))
    facts.extend(uncertainty(screen, d))
    best_text = t("analysis.same") if better == mine else move_words(screen, better)
    reasons = join(" ", (reason_markup(screen, r) for r in d.reasons))
    return html(
        '<li class="analysis-item"{}><div class="decision-head"><strong>{}</strong> · {} · {}'
        "</div><p><span class=\"label\">{}</span> {}<br><span class=\"label\">{}</span> {}"
        '</p><p class="decision-why">{}</p>{}</li>',
        html(' data-mistake="{}"', d.kind) if d.kind in an.MARKED else EMPTY,
        t("analysis.when", turn=d.turn, move=d.move), kind, " · ".join(facts),
        t("analysis.played"), move_words(screen, mine), t("analysis.best_found"), best_text,
        reasons,
        button(t("analysis.show"), "analysis-jump", f"{d.move}:{d.index}", cls="small ghost",
               aria_label=t("analysis.show_label", move=d.move)))
