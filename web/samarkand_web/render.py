"""The page as HTML strings, one per region of index.html (no browser needed).

``render(app)`` returns a Page: the HTML of each region and which ones are
shown. main.py writes a region into the DOM only when its HTML changed. Every
user-supplied text is escaped; every word comes from i18n; every control is a
real <button>/<select>/<input> with an accessible name and a ``data-action``
that main.py passes to ``App.dispatch``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import escape, unescape
from typing import Any

from samarkand_core import Discard, final_scores
from samarkand_core.bots import LEVELS
from samarkand_core.scoring import card_value
from samarkand_core.state import DISCARD, MAIN, SECOND, SELL
from samarkand_core.svg import board_svg_pieces, family_chip, good_name, space_name

from . import i18n
from .app import App
from .controller import HUMAN, SALE_PRICE, SECOND_CAMEL_COST, Controller, LogLine, end_reason_key
from .links import MAX_PLAYERS, MIN_PLAYERS, SPEEDS
from .storage import BadEntry, SaveEntry


@dataclass(slots=True)
class Page:
    regions: dict[str, str] = field(default_factory=dict)
    show: dict[str, bool] = field(default_factory=dict)
    title: str = ""
    lang: str = "en"
    # The board and the log also in parts, so that the page can redraw only what
    # changed: the board's pieces (key "space:<id>"/"family:<id>", "" for fixed
    # markup) and the log's lines, newest first, between log_head and log_tail.
    board_pieces: list[tuple[str, str]] = field(default_factory=list)
    log_head: str = ""
    log_items: list[str] = field(default_factory=list)
    log_tail: str = ""


def render(app: App) -> Page:
    r = Renderer(app)
    page = Page(lang=app.lang, title=app.t("app.title"))
    page.regions["header"] = r.header()
    page.regions["messages"] = r.messages()
    in_game = app.screen == "game" and app.ctl is not None
    page.show["home"] = not in_game
    page.show["game"] = in_game
    if in_game:
        page.regions["status"] = r.status()
        page.regions["actions"] = r.actions()
        page.regions["hand"] = r.hand_region()
        page.board_pieces = r.board_pieces()
        page.regions["board"] = "".join(html for _, html in page.board_pieces)
        page.regions["players"] = r.players()
        page.log_head, page.log_items, page.log_tail = r.log_parts()
        page.regions["log"] = page.log_head + "".join(page.log_items) + page.log_tail
    else:
        page.regions["home"] = r.home()
    overlay = r.overlay()
    page.regions["overlay"] = overlay
    page.show["overlay"] = bool(overlay)
    page.show["zoom"] = app.zoom
    return page


_TAG_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')


def _split_piece(markup: str) -> tuple[dict[str, str], str]:
    head_end = markup.index(">")  # svg.py escapes ">" inside attribute values
    return dict(_TAG_ATTR.findall(markup, 0, head_end)), markup[head_end + 1:markup.rindex("</")]


def piece_patch(old: str, new: str) -> tuple[list[str], dict[str, str], str | None]:
    """How to turn a board piece's element drawn from `old` into `new` in place:
    attributes to remove, attributes to set (unescaped values), and the new inner
    markup (None: unchanged). The page changes a space or domain this way rather than
    replacing it, so that the element a person just used keeps its focus."""
    old_attrs, old_inner = _split_piece(old)
    new_attrs, new_inner = _split_piece(new)
    remove = [name for name in old_attrs if name not in new_attrs]
    changed = {name: unescape(value) for name, value in new_attrs.items()
               if old_attrs.get(name) != value}
    return remove, changed, (new_inner if new_inner != old_inner else None)


def _attrs(**kw: Any) -> str:
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(name if v is True else f'{name}="{escape(str(v))}"')
    return (" " + " ".join(out)) if out else ""


def button(label: str, action: str, value: str | int | None = None, *, cls: str = "",
           aria_label: str | None = None, pressed: bool | None = None,
           disabled: bool = False, html_label: bool = False, btn_id: str | None = None) -> str:
    text = label if html_label else escape(label)
    return (
        f"<button type=\"button\"{_attrs(id=btn_id, class_=cls or None, data_action=action)}"
        f"{_attrs(data_value=value)}"
        f"{_attrs(aria_label=aria_label)}"
        f"{'' if pressed is None else _attrs(aria_pressed='true' if pressed else 'false')}"
        f"{' disabled' if disabled else ''}>{text}</button>"
    )


class Renderer:
    def __init__(self, app: App) -> None:
        self.app = app
        self.t = app.t
        self.ctl: Controller | None = app.ctl
        self.svg_strings = i18n.svg_strings(app.lang, app.ctl.state.board if app.ctl else None)

    # ------------------------------------------------------------------ names

    def pname(self, p: int) -> str:
        assert self.ctl is not None
        return escape(self.ctl.state.names[p])

    def fname(self, f: int, chip: bool = True) -> str:
        assert self.ctl is not None
        board = self.ctl.state.board
        name = escape(self.svg_strings.family_names.get(board.family_ids[f],
                                                         board.family_names[f]))
        if not chip:
            return name
        return f'<span class="fam">{family_chip(board, f, 16)}{name}</span>'

    def sname(self, space: int) -> str:
        assert self.ctl is not None
        return escape(space_name(self.ctl.state.board, space, self.svg_strings))

    def gname(self, good: int) -> str:
        assert self.ctl is not None
        name = good_name(self.ctl.state.board, good, self.svg_strings)
        return escape(self.t("card.name", good=name, number=good))

    def fmt(self, key: str, params: dict[str, Any]) -> str:
        """An i18n template with names filled in (HTML; the templates hold no markup)."""
        values: dict[str, Any] = {}
        for k, v in params.items():
            if k in ("player", "holder"):
                values[k] = f"<strong>{self.pname(v)}</strong>"
            elif k in ("family", "other"):
                values[k] = self.fname(v) if isinstance(v, int) else escape(str(v))
            elif k == "space":
                values[k] = self.sname(v)
            elif k == "good":
                values[k] = self.gname(v)
            elif isinstance(v, str):
                values[k] = escape(v)
            else:
                values[k] = v
        return self.t(key, **values)

    # ------------------------------------------------------------------ header, messages

    def header(self) -> str:
        app = self.app
        langs = "".join(
            f'<option value="{code}"{" selected" if code == app.lang else ""}>'
            f"{escape(name)}</option>" for code, name in i18n.LANGUAGES.items())
        nav = []
        if app.screen == "game" and app.ctl is not None:
            nav.append(button(self.t("nav.home"), "home", cls="ghost"))
            nav.append(button(self.t("nav.share"), "share", cls="ghost"))
        return (
            '<div class="brand"><img src="./assets/logo.svg" alt="" width="30" height="30">'
            f'<span class="app-name">{escape(self.t("app.name"))}</span>'
            f'<span class="tagline">{escape(self.t("app.tagline"))}</span></div>'
            f'<nav aria-label="{escape(self.t("nav.label"))}">{"".join(nav)}'
            f'<label class="lang"><span class="sr-only">{escape(self.t("nav.language"))}</span>'
            f'<select id="lang" data-action="lang" aria-label="{escape(self.t("nav.language"))}">'
            f"{langs}</select></label></nav>"
        )

    def messages(self) -> str:
        out = []
        for i, m in enumerate(self.app.messages):
            text = escape(self.t(m.key, **m.params))  # templates hold no markup
            detail = f'<span class="detail">{escape(m.detail)}</span>' if m.detail else ""
            role = "alert" if m.kind == "error" else "status"
            out.append(
                f'<div class="message {m.kind}" role="{role}" data-message="{escape(m.key)}">'
                f"<p>{text}{detail}</p>"
                + button("×", "dismiss", i, cls="icon",
                         aria_label=self.t("message.dismiss"))
                + "</div>")
        return "".join(out)

    # ------------------------------------------------------------------ home

    def home(self) -> str:
        return self.new_game_form() + self.saved_games() + self.how_to_play()

    def new_game_form(self) -> str:
        app = self.app
        f = app.form
        t = self.t
        count_opts = "".join(
            f'<option value="{n}"{" selected" if n == f.count else ""}>{n}</option>'
            for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
        rows = []
        kinds = [(HUMAN, t("seat.human"))] + [(lv, t("seat.bot", level=t(f"level.{lv}")))
                                              for lv in LEVELS]
        for i in range(f.count):
            default = app.default_name(i)
            value = f.names[i] or default
            opts = "".join(
                f'<option value="{k}"{" selected" if k == f.kinds[i] else ""}>{escape(lbl)}'
                "</option>" for k, lbl in kinds)
            rows.append(
                f'<div class="seat-row"><span class="seat-no" aria-hidden="true">{i + 1}</span>'
                f'<input type="text" name="name{i}" id="name{i}" value="{escape(value)}" '
                f'maxlength="24" autocomplete="off" data-action="form" data-value="name" '
                f'aria-label="{escape(t("form.name_label", n=i + 1))}">'
                f'<select name="kind{i}" data-action="form" data-value="kind" '
                f'aria-label="{escape(t("form.kind_label", n=i + 1))}">{opts}</select></div>')
        names = app.form_names()
        first_opts = [f'<option value="random"{" selected" if f.first == "random" else ""}>'
                      f'{escape(t("form.first_random"))}</option>']
        for i, n in enumerate(names):
            v = str(i + 1)
            first_opts.append(f'<option value="{v}"{" selected" if f.first == v else ""}>'
                              f"{escape(n)}</option>")
        problems = "".join(f"<li>{escape(self.t(p.key, **p.params))}</li>" for p in f.problems)
        return (
            '<section id="new-game" class="card-panel" aria-labelledby="new-game-title">'
            f'<h2 id="new-game-title">{escape(t("form.title"))}</h2>'
            '<form id="start-form" novalidate>'
            f'<label class="field">{escape(t("form.count"))} '
            f'<select name="count" data-action="form" data-value="count">{count_opts}</select>'
            "</label>"
            f'<fieldset><legend>{escape(t("form.players"))}</legend>{"".join(rows)}</fieldset>'
            '<div class="field-row">'
            f'<label class="field">{escape(t("form.first"))} <select name="first" '
            f'data-action="form" data-value="first">{"".join(first_opts)}</select></label>'
            f'<label class="field">{escape(t("form.seed"))} <input type="text" name="seed" '
            f'inputmode="numeric" pattern="[0-9]*" value="{escape(f.seed)}" '
            f'placeholder="{escape(t("form.seed_placeholder"))}" data-action="form" '
            f'data-value="seed"></label></div>'
            + (f'<ul id="form-problems" class="problems" role="alert" tabindex="-1">{problems}'
               "</ul>" if problems else "")
            + f'<button type="submit" class="primary" data-action="start">'
            f'{escape(t("form.start"))}</button>'
            "</form></section>"
        )

    def saved_games(self) -> str:
        t = self.t
        try:
            good, bad = self.app.saves.list()
        except Exception as exc:  # a store that cannot even list its keys
            return (f'<section id="saves" class="card-panel"><h2 tabindex="-1">'
                    f'{escape(t("saves.title"))}</h2><p>{escape(t("storage.disabled"))} '
                    f"({escape(type(exc).__name__)})</p></section>")
        items = [self.save_item(e) for e in good] + [self.bad_item(b) for b in bad]
        body = (f'<ul class="saves">{"".join(items)}</ul>' if items
                else f'<p class="empty">{escape(t("saves.none"))}</p>')
        warn = (f'<p class="warning-text" role="status">{escape(t("saves.bad", n=len(bad)))}</p>'
                if bad else "")
        return (f'<section id="saves" class="card-panel" aria-labelledby="saves-title">'
                f'<h2 id="saves-title" tabindex="-1">{escape(t("saves.title"))}</h2>'
                f"{warn}{body}</section>")

    def save_item(self, e: SaveEntry) -> str:
        t = self.t
        who = ", ".join(
            escape(n) + (f' <span class="bot-tag">{escape(t("seat.bot_short"))}</span>'
                         if s != HUMAN else "")
            for n, s in zip(e.names, e.seats, strict=False))
        when = datetime.fromtimestamp(e.updated / 1000, UTC).strftime("%Y-%m-%d %H:%M")
        if e.over:
            winners = ", ".join(escape(e.names[w]) for w in e.winners if w < len(e.names))
            status = t("saves.over", winners=winners)
        else:
            status = t("saves.turn", n=e.turn)
        origin = f' · {escape(t("saves.from_link"))}' if e.origin == "link" else ""
        if self.app.confirm_delete == e.id:
            actions = (f'<span class="confirm">{escape(t("saves.really_delete"))}</span>'
                       + button(t("saves.delete_yes"), "delete-yes", e.id, cls="danger")
                       + button(t("saves.delete_no"), "delete-no", e.id))
        else:
            label = t("saves.game_of", names=", ".join(e.names))
            actions = (
                button(t("saves.resume"), "resume", e.id, cls="primary",
                       aria_label=f'{t("saves.resume")}: {label}')
                + button(t("saves.share"), "share-save", e.id,
                         aria_label=f'{t("saves.share")}: {label}')
                + button(t("saves.delete"), "delete", e.id, cls="danger-ghost",
                         aria_label=f'{t("saves.delete")}: {label}'))
        return (f'<li class="save" data-save="{escape(e.id)}"><div class="save-info">'
                f'<span class="save-names">{who}</span>'
                f'<span class="save-meta">{escape(status)} · {when} UTC{origin}</span></div>'
                f'<div class="save-actions">{actions}</div></li>')

    def bad_item(self, b: BadEntry) -> str:
        t = self.t
        if self.app.confirm_delete == b.key:
            actions = (f'<span class="confirm">{escape(t("saves.really_delete"))}</span>'
                       + button(t("saves.delete_yes"), "delete-yes", b.key, cls="danger")
                       + button(t("saves.delete_no"), "delete-no", b.key))
        else:
            actions = button(t("saves.delete"), "delete", b.key, cls="danger-ghost",
                             aria_label=f'{t("saves.delete")}: {t("saves.damaged")}')
        return (f'<li class="save bad" data-bad-save="{escape(b.key)}"><div class="save-info">'
                f'<span class="save-names">{escape(t("saves.damaged"))}</span>'
                f'<span class="save-meta">{escape(b.key)}: {escape(b.reason[:160])}</span>'
                f'</div><div class="save-actions">{actions}</div></li>')

    def how_to_play(self) -> str:
        t = self.t
        items = "".join(f"<li>{escape(t(f'howto.{i}'))}</li>" for i in range(1, 8))
        return (f'<section id="howto" class="card-panel"><details><summary>'
                f'{escape(t("howto.title"))}</summary><ul>{items}</ul></details></section>')

    # ------------------------------------------------------------------ game: status

    def status(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        if s.is_over:
            key, params = end_reason_key(s)
            line = (f'<span class="turn">{escape(t("status.over"))}</span> '
                    f"{self.fmt(key, params)}")
        elif ctl.secret_sale:
            sale = ctl.sale()
            assert sale is not None
            line = (f'<span class="turn">{escape(t("status.turn", n=s.turn))}</span> '
                    + self.fmt("status.sale_secret", {"good": sale[1]}))
        else:
            p = ctl.deciding
            who = f"<strong>{self.pname(p)}</strong>"
            if ctl.is_bot(p):
                what = t("status.bot_thinking")
            elif ctl.needs_curtain:
                what = t("status.waiting_for_device")
            else:
                what = self.prompt_short()
            line = (f'<span class="turn">{escape(t("status.turn", n=s.turn))}</span> '
                    f"{who}: {what}")
        parts = [f'<div class="status-top"><p id="status-line" class="turn-line">{line}</p>'
                 f"{self.zoom_control()}</div>"]
        if ctl.recent and not ctl.needs_curtain:
            recent = " ".join(self.fmt(ln.key, ln.params) for ln in ctl.recent[:4])
            parts.append(f'<p class="last-move"><span class="label">'
                         f'{escape(t("status.last_move"))}</span> {recent}</p>')
        for n in ctl.notices:
            parts.append(f'<p class="notice" role="status">{self.fmt(n.key, n.params)}</p>')
        if ctl.error is not None:
            parts.append(f'<p class="error-text" role="alert">'
                         f"{self.fmt(ctl.error.key, ctl.error.params)}</p>")
        return "".join(parts)

    def prompt_short(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        phase = ctl.state.phase
        t = self.t
        if phase == MAIN:
            if ctl.can_pass():
                return t("prompt.pass_short")
            return t("prompt.main_short")
        if phase == SECOND:
            return t("prompt.second_short")
        if phase == DISCARD:
            return t("prompt.discard_short")
        if phase == SELL:
            sale = ctl.sale()
            assert sale is not None
            return t("prompt.sell_short", good=self.gname(sale[1]))
        return ""

    # ------------------------------------------------------------------ game: actions

    def actions(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        parts: list[str] = []
        if ctl.is_over:
            parts.append(self.over_actions())
        elif ctl.secret_sale and ctl.shared_device:
            good = ctl.state.pending_good
            parts.append(f'<p class="prompt">{self.fmt("prompt.curtain_sale", {"good": good})}'
                         "</p>" + button(self.fmt("curtain.show_sale", {"good": good}),
                                         "reveal", cls="primary", html_label=True))
        elif ctl.secret_sale:
            parts.append(f'<p class="prompt">'
                         f'{self.fmt("status.sale_secret", {"good": ctl.state.pending_good})}</p>')
        elif ctl.is_bot(ctl.deciding):
            name = ctl.state.names[ctl.deciding]
            parts.append(f'<p class="prompt">{escape(self.t("prompt.bot", name=name))}</p>')
        elif ctl.needs_curtain:
            parts.append(f'<p class="prompt">'
                         f'{escape(self.t("prompt.curtain", name=ctl.state.names[ctl.deciding]))}'
                         "</p>" + button(self.t("curtain.show", name=ctl.state.names[ctl.deciding]),
                                         "reveal", cls="primary"))
        else:
            parts.append(self.decision())
        if ctl.state.phase == DISCARD and ctl.human_turn():
            parts.append(self.hand())  # the cards are the decision now
        if any(s != HUMAN for s in ctl.seats) and not ctl.is_over:
            parts.append(self.bot_controls())
        return "".join(parts)

    def hand_region(self) -> str:
        """The cards of the person at the device, beside the board (not while discarding:
        then they are in the decision panel)."""
        ctl = self.ctl
        assert ctl is not None
        if ctl.state.phase == DISCARD and ctl.human_turn():
            return ""
        return self.hand()

    def zoom_control(self) -> str:
        label = self.t("board.fit") if self.app.zoom else self.t("board.zoom")
        return button(label, "zoom", cls="ghost small zoom", pressed=self.app.zoom)

    def decision(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        phase = s.phase
        board = s.board
        out: list[str] = []
        if phase == MAIN:
            if ctl.can_pass():
                out.append(f'<p class="prompt">{escape(t("prompt.pass"))}</p>')
                out.append(button(t("action.pass"), "pass", cls="primary"))
                return self._decision_box(out)
            marry = ctl.marry_families()
            expand = ctl.expand_families()
            if marry:
                out.append(f'<p class="prompt"><span class="step">{escape(t("prompt.marry_title"))}'
                           f'</span> {escape(t("prompt.marry"))}</p>')
            if expand:
                chips = "".join(
                    button(f"{family_chip(board, f, 18)}<span>{self.fname(f, chip=False)}</span>",
                           "expand", board.family_ids[f], cls="family-choice",
                           pressed=ctl.selected_family == f, html_label=True,
                           aria_label=t("action.expand_with",
                                        family=self.svg_strings.family_names.get(
                                            board.family_ids[f], board.family_names[f])))
                    for f in expand)
                out.append(f'<p class="prompt"><span class="step">'
                           f'{escape(t("prompt.expand_title"))}</span> '
                           f'{escape(t("prompt.expand"))}</p><div class="choices">{chips}</div>')
                if ctl.selected_family is not None:
                    hint = self.fmt("prompt.expand_space", {"family": ctl.selected_family})
                    out.append(f'<p class="hint">{hint}</p>')
        elif phase == SECOND:
            f = s.exp_family
            text = self.fmt("prompt.second", {"family": f, "cost": SECOND_CAMEL_COST,
                                              "treasury": s.treasury[f]})
            out.append(f'<p class="prompt">{text}</p>')
            out.append(button(t("action.end_turn"), "end-turn", cls="primary"))
        elif phase == DISCARD:
            lo, hi = ctl.discard_range()
            key = "prompt.discard_exact" if lo == hi else "prompt.discard"
            text = escape(t(key, drawn=s.drawn, lo=lo, hi=hi, limit=s.limit))
            out.append(f'<p class="prompt">{text}</p>')
            choice = ctl.discard_choice()
            n = len(ctl.discard_sel)
            label = t("action.keep_all") if n == 0 else t("action.discard", n=n)
            out.append(button(label, "discard", cls="primary", disabled=choice is None))
        elif phase == SELL:
            holder, good = ctl.sale()  # type: ignore[misc]
            space = board.good_space[good]
            value = card_value(s, holder, good)
            text = self.fmt("prompt.sell", {"holder": holder, "good": good, "space": space,
                                            "price": SALE_PRICE, "value": value})
            out.append(f'<p class="prompt">{text}</p>')
            out.append('<div class="choices">'
                       + button(t("action.sell", price=SALE_PRICE), "sell", cls="primary")
                       + button(t("action.keep"), "keep") + "</div>")
        return self._decision_box(out)

    def _decision_box(self, parts: list[str]) -> str:
        return f'<div class="decision" aria-labelledby="status-line">{"".join(parts)}</div>'

    def bot_controls(self) -> str:
        app = self.app
        t = self.t
        opts = "".join(f'<option value="{sp}"{" selected" if sp == app.speed else ""}>'
                       f'{escape(t(f"speed.{sp}"))}</option>' for sp in SPEEDS)
        pause = button(t("bot.resume") if app.paused else t("bot.pause"), "pause",
                       cls="ghost small", pressed=app.paused)
        return (f'<div class="bot-controls"><label>{escape(t("bot.speed"))} '
                f'<select data-action="speed" name="speed">{opts}</select></label>{pause}</div>')

    def hand(self) -> str:
        """The cards of the person whose turn it is, only when the screen is theirs."""
        ctl = self.ctl
        assert ctl is not None
        p = ctl.hand_shown()
        if p is None or ctl.is_over:
            return ""
        s = ctl.state
        t = self.t
        discarding = s.phase == DISCARD and ctl.human_turn() and p == ctl.deciding
        cards = []
        for good in s.hands[p]:
            space = s.board.good_space[good]
            value = card_value(s, p, good)
            inner = (f'<span class="card-no">{good}</span>'
                     f'<span class="card-name">{escape(good_name(s.board, good, self.svg_strings))}'
                     f'</span><span class="card-place">{escape(s.board.space_names[space] or "")}'
                     f'</span><span class="card-value">{escape(t("card.value", n=value))}</span>')
            if discarding:
                picked = good in ctl.discard_sel
                label = t("card.toggle_discard", card=self.t("card.name", good=good_name(
                    s.board, good, self.svg_strings), number=good))
                cards.append(button(inner, "card", good, cls="card" + (" picked" if picked else ""),
                                    pressed=picked, html_label=True, aria_label=label))
            else:
                cards.append(f'<span class="card" data-card="{good}">{inner}</span>')
        title = t("hand.title", name=s.names[p], n=len(s.hands[p]), limit=s.limit,
                  sold=len(s.sold[p]))
        return (f'<section class="hand" aria-label="{escape(title)}"><h3>{escape(title)}</h3>'
                f'<div class="cards">{"".join(cards) or escape(t("hand.empty"))}</div></section>')

    def over_actions(self) -> str:
        t = self.t
        return ('<div class="decision">'
                + button(t("over.show_scores"), "scores", cls="primary")
                + button(t("over.rematch"), "rematch")
                + button(t("nav.home"), "home") + "</div>")

    # ------------------------------------------------------------------ game: board

    def board_pieces(self) -> list[tuple[str, str]]:
        ctl = self.ctl
        assert ctl is not None
        active = ctl.active_family()
        selected = ctl.state.board.family_ids[active] if active is not None else None
        return board_svg_pieces(ctl.view, legal_spaces=ctl.legal_spaces(),
                                legal_families=ctl.marry_families(),
                                last_spaces=ctl.last_spaces, selected_family=selected,
                                strings=self.svg_strings)

    def board(self) -> str:
        return "".join(html for _, html in self.board_pieces())

    # ------------------------------------------------------------------ game: players

    def players(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        t = self.t
        out = []
        for p in range(s.n):
            fams = [f for f in range(s.board.n_families) if s.tiles[p][f]]
            fam_html = " ".join(
                self.fname(f) + (" ×2" if s.tiles[p][f] > 1 else "") for f in fams
            ) or f'<span class="none">{escape(t("player.none"))}</span>'
            goods = s.goods_markers[p]
            rel = s.rel_markers[p]
            greens = sum(1 for _, g in rel if g)
            sold = ", ".join(self.gname(g) for g in s.sold[p]) or escape(t("player.none"))
            current = not s.is_over and not ctl.secret_sale and p == ctl.deciding
            seat = s.names[p]
            tag = ""
            if ctl.is_bot(p):
                tag = (f'<span class="bot-tag">'
                       f'{escape(t("seat.bot", level=t(f"level.{ctl.seats[p]}")))}</span>')
            badge = (f'<span class="badge">{escape(t("player.to_move"))}</span>'
                     if current else "")
            rows = [
                (t("player.money"), escape(t("player.dirhams", n=s.money[p]))),
                (t("player.families"), fam_html),
                (t("player.goods"), escape(t("player.goods_value", n=len(goods),
                                             list=", ".join(map(str, sorted(goods))) or "–"))),
                (t("player.relationships"), escape(t("player.rel_value", n=len(rel),
                                                     green=greens))),
                (t("player.cards"), escape(t("player.cards_value", n=len(s.hands[p]),
                                             sold=len(s.sold[p]), limit=s.limit))),
                (t("player.sold"), sold),
            ]
            dl = "".join(f"<div><dt>{escape(k)}</dt><dd>{v}</dd></div>" for k, v in rows)
            cls = "player" + (" current" if current else "")
            out.append(f'<section class="{cls}" data-player="{p}" aria-label="{escape(seat)}">'
                       f"<h3>{escape(seat)} {tag}{badge}</h3><dl>{dl}</dl></section>")
        names = self.svg_strings.family_names
        table = [t("table.deck", n=len(s.deck)), t("table.discard", n=len(s.discard))]
        if s.n == 2:
            table.append(t("table.bag", n=len(s.bag)))
            if s.removed:
                table.append(t("table.removed", families=", ".join(
                    names.get(s.board.family_ids[f], s.board.family_names[f])
                    for f in s.removed)))
        heading = f'<h2 class="sr-only">{escape(t("players.title"))}</h2>'
        return (heading + "".join(out) + '<p class="table-info">'
                + " · ".join(escape(x) for x in table) + "</p>")

    # ------------------------------------------------------------------ game: log

    def log(self) -> str:
        head, items, tail = self.log_parts()
        return head + "".join(items) + tail

    def log_parts(self) -> tuple[str, list[str], str]:
        """The log's wrapper and its lines, newest first (each line's HTML is cached)."""
        ctl = self.ctl
        assert ctl is not None
        cache = ctl.render_cache
        lang = self.app.lang
        items = []
        for i in range(len(ctl.log) - 1, -1, -1):
            html = cache.get((lang, i))
            if html is None:
                ln: LogLine = ctl.log[i]
                html = (f'<li><span class="log-turn">{ln.turn}</span> '
                        f"{self.fmt(ln.key, ln.params)}</li>")
                cache[(lang, i)] = html
            items.append(html)
        t = self.t
        return (f'<details class="log" open><summary><h2>{escape(t("log.title"))}</h2></summary>'
                '<ol class="log-lines" aria-live="off">', items, "</ol></details>")

    # ------------------------------------------------------------------ overlays

    def overlay(self) -> str:
        app = self.app
        ctl = self.ctl
        if app.overlay == "share" and app.share_link:
            return self.share_dialog()
        if app.screen != "game" or ctl is None:
            return ""
        if ctl.needs_curtain and ctl.shared_device:
            return self.curtain()
        if app.overlay == "scores" and ctl.is_over:
            return self.scores()
        return ""

    def _dialog(self, title: str, body: str, cls: str = "") -> str:
        return (f'<div class="dialog {cls}" role="dialog" aria-modal="true" '
                f'aria-labelledby="dialog-title"><h2 id="dialog-title" tabindex="-1">'
                f"{title}</h2>{body}</div>")

    def curtain(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        t = self.t
        recent = ""
        if ctl.log:
            lines = "".join(f"<li>{self.fmt(ln.key, ln.params)}</li>" for ln in ctl.log[-6:])
            recent = (f'<div class="recent"><h3>{escape(t("curtain.recent"))}</h3>'
                      f"<ul>{lines}</ul></div>")
        nav = f'<p class="curtain-nav">{button(t("nav.home"), "home", cls="ghost small")}</p>'
        if ctl.secret_sale:
            # Nobody is named: only the holder knows that the card is theirs (RULES-NOTES).
            good = {"good": ctl.state.pending_good}
            body = (f'<p>{self.fmt("curtain.text_sale", good)}</p>'
                    + button(self.fmt("curtain.show_sale", good), "reveal", cls="primary big",
                             btn_id="reveal", html_label=True)
                    + recent + nav)
            return self._dialog(self.fmt("curtain.title_sale", good), body, "curtain")
        name = ctl.state.names[ctl.deciding]
        body = (f'<p>{escape(t("curtain.text", name=name))}</p>'
                + button(t("curtain.show", name=name), "reveal", cls="primary big",
                         btn_id="reveal")
                + recent + nav)
        return self._dialog(escape(t("curtain.title", name=name)), body, "curtain")

    def share_dialog(self) -> str:
        app = self.app
        t = self.t
        assert app.share_link is not None
        copied = (f'<p class="copied" role="status">{escape(t("share.copied"))}</p>'
                  if app.share_copied else "")
        body = (f'<p>{escape(t("share.text"))}</p>'
                f'<input id="share-link" type="text" readonly value="{escape(app.share_link)}" '
                f'aria-label="{escape(t("share.link_label"))}">'
                '<div class="choices">'
                + button(t("share.copy"), "copy", cls="primary")
                + button(t("share.close"), "close") + "</div>" + copied)
        return self._dialog(escape(t("share.title")), body, "share")

    def scores(self) -> str:
        ctl = self.ctl
        assert ctl is not None
        t = self.t
        s = ctl.state
        fs = final_scores(s)
        heads = ["score.player", "score.cards", "score.markers", "score.relationships",
                 "score.cash", "score.total"]
        th = "".join(f'<th scope="col">{escape(t(h))}</th>' for h in heads)
        rows = []
        for sc in sorted(fs.scores, key=lambda x: -x.total):
            win = sc.player in fs.winners
            crown = (f' <span class="winner-tag">{escape(t("score.winner"))}</span>'
                     if win else "")
            rows.append(
                f'<tr class="{"winner" if win else ""}" data-score-player="{sc.player}">'
                f'<th scope="row">{escape(sc.name)}{crown}</th><td>{sc.goods_cards}</td>'
                f"<td>{sc.goods_markers}</td><td>{sc.relationship_markers}</td>"
                f"<td>{sc.cash}</td><td><strong>{sc.total}</strong></td></tr>")
        winners = ", ".join(s.names[w] for w in fs.winners)
        key = "score.winner_single" if len(fs.winners) == 1 else "score.winners_tie"
        reason_key, reason_params = end_reason_key(s)
        # the cards each player scored (hands are shown at the end)
        details = []
        for p in range(s.n):
            items = ", ".join(
                f"{self.gname(g)}: {card_value(s, p, g)}" for g in s.hands[p]) or "–"
            details.append(f"<li><strong>{self.pname(p)}</strong>: {items}</li>")
        body = (f'<p class="reason">{self.fmt(reason_key, reason_params)}</p>'
                f'<p class="winners">{escape(t(key, names=winners))}</p>'
                f'<div class="table-wrap"><table class="scores"><thead><tr>{th}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table></div>'
                f'<details><summary>{escape(t("score.cards_detail"))}</summary>'
                f'<ul class="card-scores">{"".join(details)}</ul></details>'
                '<div class="choices">'
                + button(t("over.close"), "close", cls="primary")
                + button(t("over.rematch"), "rematch")
                + button(t("nav.share"), "share")
                + button(t("nav.home"), "home") + "</div>")
        return self._dialog(escape(t("score.title")), body, "scores-dialog")


def legal_discards(ctl: Controller) -> list[Discard]:
    return [a for a in ctl.legal() if isinstance(a, Discard)]
