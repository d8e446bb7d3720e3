"""The home screen: the new-game form, the saved games and how to play."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from samarkand_core.bots import LEVELS
from samarkand_web.handlers import form
from samarkand_web.handlers.quick import quick_name_field
from samarkand_web.saves.links import MAX_PLAYERS, MIN_PLAYERS
from samarkand_web.saves.storage import MAX_TIME_MS, PREFIX, BadEntry
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.names import shown_name
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.panels.guide import guide_start
from samarkand_web.view.panels.remote import list_status, where_field, where_note
from samarkand_web.view.ui import Screen, button, options
from samarkand_web.words.i18n import number

if TYPE_CHECKING:
    from samarkand_web.saves.storage import SaveEntry

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
ORIGIN_KEYS = {"link": "saves.from_link", "copy": "saves.from_copy", "file": "saves.from_file"}


def utc_text(ms: float) -> str:
    """A stored time (ms since 1970) as "2025-06-15 14:03", "" if it is none a date can
    show. Plain arithmetic: datetime.fromtimestamp depends on the platform's C library
    and raises past year 9999 (or on infinity)."""
    if not (isinstance(ms, int | float) and math.isfinite(ms) and 0 <= ms <= MAX_TIME_MS):
        return ""
    return (EPOCH + timedelta(milliseconds=ms)).strftime("%Y-%m-%d %H:%M")


def notices_link(label: str) -> Markup:
    """The link to the licenses of what the site ships (THIRD-PARTY-NOTICES.txt, written
    by web/tools/publish.py beside the page), in a tab of its own: a game here goes on."""
    return html('<p class="notices"><a href="./THIRD-PARTY-NOTICES.txt" target="_blank" '
                'rel="noopener">{}</a></p>', label)


class HomeScreen(Screen):
    def home(self) -> Markup:
        return (self.new_game_form() + guide_start(self)  # the guided first game
                + self.saved_games() + self.how_to_play())

    # ------------------------------------------------------------------ new game

    def new_game_form(self) -> Markup:
        """The one-click game against the computer first, then the two ways to play with
        friends, side by side: each on their own device (by link), or all at this one;
        either opens the same full setup (players, people or bots, who starts), its
        "Where" set accordingly. The buttons that start something are marked data-early:
        clicked while the page loads, first.js keeps the click and the page carries it
        out once it is live."""
        f = self.app.form
        return html(
            '<section id="new-game" class="card-panel" aria-labelledby="new-game-title">'
            '<h2 id="new-game-title">{title}</h2><form id="start-form" novalidate>'
            "{quick}{setup}</form></section>",
            title=self.t("form.title"), quick=self.quick_start(),
            setup=self.full_setup() if f.setup else EMPTY)

    def setup_button(self, where: str, btn_id: str, label: str) -> Markup:
        """One of the two ways to play with friends: it opens the full setup for `where`
        ("link": each on their own device; "here": at this device), or folds it away
        when it is open for that already."""
        f = self.app.form
        shown = f.setup and f.remote == (where == "link")
        return html('<button type="button" class="big" id="{id}" data-action="setup" '
                    'data-value="{where}" data-early="run" aria-expanded="{open}"{controls}>'
                    "{label}</button>", id=btn_id, where=where, label=label,
                    open="true" if shown else "false",
                    controls=Markup(' aria-controls="setup"') if f.setup else EMPTY)

    def quick_start(self) -> Markup:
        t = self.t
        f = self.app.form
        problems = join("", (html("<li>{}</li>", self.tr(p.key, **p.params))
                             for p in f.quick_problems))
        return html(
            '<div class="quick"><label class="field quick-name">{name} <input type="text" '
            'name="me" id="my-name" value="{value}" placeholder="{default}" maxlength="24" '
            'autocomplete="nickname" data-early="keep"></label>{problems}'
            '<div class="quick-choices">'
            '<button type="button" class="primary big" id="quick-play" data-action="quick" '
            'data-early="run" aria-describedby="quick-hint">{play}</button>'
            '<p class="quick-hint" id="quick-hint">{hint}</p>{by_link}{here}</div></div>',
            name=t("quick.name"), value=quick_name_field(self.app),
            default=t("form.default_name", n=1),
            problems=html('<ul id="quick-problems" class="problems" role="alert" '
                          'tabindex="-1">{}</ul>', problems) if f.quick_problems else EMPTY,
            play=t("quick.play"), hint=t("quick.hint"),
            by_link=self.setup_button("link", "setup-link", t("quick.friends_link")),
            here=self.setup_button("here", "setup-toggle", t("quick.friends")))

    def full_setup(self) -> Markup:
        f = self.app.form
        t = self.t
        counts = [(str(n), str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        rows = Markup("").join(self.seat_row(i) for i in range(f.count))
        first = [("random", t("form.first_random"))] + [
            (str(i + 1), n) for i, n in enumerate(form.form_names(self.app))]
        problems = Markup("").join(html("<li>{}</li>", self.tr(p.key, **p.params))
                                   for p in f.problems)
        return html(
            '<div id="setup" class="setup"><h3 class="setup-title">{setup}</h3>'
            '<label class="field">{count} <select name="count" id="count" data-action="form" '
            'data-value="count">{counts}</select></label>'
            "<fieldset><legend>{players}</legend>{rows}</fieldset>"
            '<div class="field-row">'
            '<label class="field">{first} <select name="first" id="first" data-action="form" '
            'data-value="first">{first_opts}</select></label>'
            '<label class="field">{coach} <select name="coach" id="coach" data-action="form" '
            'data-value="coach">{coach_opts}</select></label>{where}</div>{where_note}'
            '<details class="more-options"{more_open}><summary>{more}</summary>'
            '<div class="field-row"><label class="field">{seed} <input type="text" name="seed" '
            'id="seed" inputmode="numeric" pattern="[0-9]*" value="{seed_value}" '
            'placeholder="{seed_hint}" data-action="form" data-value="seed"></label></div>'
            "</details>{problems}"
            '<button type="submit" class="primary" data-action="start">{start}</button>'
            "</div>",
            setup=t("quick.setup_link" if f.remote else "quick.setup"), count=t("form.count"),
            counts=options(counts, str(f.count)), players=t("form.players"), rows=rows,
            first=t("form.first"), first_opts=options(first, f.first), seed=t("form.seed"),
            coach=t("coach.form"), coach_opts=options(
                [("on", t("coach.form_on")), ("off", t("coach.form_off"))],
                "on" if f.coach else "off"),
            more=t("form.more"), more_open=Markup(" open") if f.seed.strip() else EMPTY,
            seed_value=f.seed, seed_hint=t("form.seed_placeholder"),
            problems=html('<ul id="form-problems" class="problems" role="alert" tabindex="-1">'
                          "{}</ul>", problems) if f.problems else EMPTY,
            start=t("form.start"), where=where_field(self), where_note=where_note(self))

    def seat_row(self, i: int) -> Markup:
        f = self.app.form
        t = self.t
        kinds = [(HUMAN, t("seat.human"))] + [
            (lv, t("seat.bot", level=t(f"level.{lv}"))) for lv in LEVELS]
        return html(
            '<div class="seat-row"><span class="seat-no" aria-hidden="true">{n}</span>'
            '<input type="text" name="name{i}" id="name{i}" value="{value}" maxlength="24" '
            'autocomplete="off" data-action="form" data-value="name" aria-label="{name_label}">'
            '<select name="kind{i}" id="kind{i}" data-action="form" data-value="kind" '
            'aria-label="{kind_label}">{kinds}</select></div>',
            n=i + 1, i=i, value=f.names[i] or form.default_name(self.app, i),
            name_label=t("form.name_label", n=i + 1), kind_label=t("form.kind_label", n=i + 1),
            kinds=options(kinds, f.kinds[i]))

    # ------------------------------------------------------------------ saved games

    def saved_games(self) -> Markup:
        t = self.t
        if self.app.prerender:  # drawn by the build, before any store is read
            return html('<section id="saves" class="card-panel" aria-labelledby="saves-title" '
                        'aria-busy="true"><h2 id="saves-title" tabindex="-1">{}</h2>'
                        '<p class="empty">{}</p></section>', t("saves.title"), t("saves.reading"))
        if self.app.importing is not None:
            return self.import_progress()
        try:
            good, bad = self.app.saves.list()
        except Exception as exc:  # a store that cannot even list its keys
            return html('<section id="saves" class="card-panel"><h2 tabindex="-1">{}</h2>'
                        "<p>{} ({})</p></section>", t("saves.title"), t("storage.disabled"),
                        type(exc).__name__)
        items = [self.save_item_or_bad(e) for e in good] + [self.bad_item(b) for b in bad]
        body = (html('<ul class="saves">{}</ul>', Markup("").join(items)) if items
                else html('<p class="empty">{}</p>', t("saves.none")))
        warn = (html('<p class="warning-text" role="status">{}</p>', t("saves.bad", n=len(bad)))
                if bad else EMPTY)
        return html('<section id="saves" class="card-panel" aria-labelledby="saves-title">'
                    '<h2 id="saves-title" tabindex="-1">{}</h2>{}{}{}</section>',
                    t("saves.title"), warn, body, self.backup_controls())

    def import_progress(self) -> Markup:
        """While a backup is imported: how far it is, in place of the list (which is
        drawn once, at the end: reading and drawing every save at each slice would make
        the import as slow as the square of the saves again)."""
        job = self.app.importing
        assert job is not None
        lang = self.lang
        text = self.t("backup.importing", n=job.total, done=number(lang, job.done),
                      total=number(lang, job.total))
        return html('<section id="saves" class="card-panel" aria-labelledby="saves-title" '
                    'aria-busy="true"><h2 id="saves-title" tabindex="-1">{}</h2>'
                    '<p id="import-progress" role="status">{}</p>'
                    '<progress class="import-bar" max="{}" value="{}" '
                    'aria-labelledby="import-progress"></progress></section>',
                    self.t("saves.title"), text, max(job.total, 1), job.done)

    def backup_controls(self) -> Markup:
        t = self.t
        return html('<div class="backup"><p class="backup-hint">{}</p><div class="save-actions">'
                    "{}{}</div></div>", t("saves.backup_hint"),
                    button(t("saves.export"), "export"), button(t("saves.import"), "import")
                    + button(t("stats.open"), "stats", btn_id="stats-open"))

    def save_item_or_bad(self, e: SaveEntry) -> Markup:
        """One save's line; if it cannot be drawn, a damaged entry's line (with Delete):
        one entry never stops the list."""
        try:
            return self.save_item(e)
        except Exception as exc:
            return self.bad_item(BadEntry(PREFIX + e.id, f"cannot be shown: {exc!r}"[:160]))

    def save_item(self, e: SaveEntry) -> Markup:
        t = self.t
        bot = html(' <span class="bot-tag">{}</span>', t("seat.bot_short"))
        names = [shown_name(self.lang, n, i, s)
                 for i, (n, s) in enumerate(zip(e.names, e.seats, strict=False))]
        who = join(", ", (html("{}{}", n, bot if s != HUMAN else EMPTY)
                          for n, s in zip(names, e.seats, strict=False)))
        when = utc_text(e.updated)
        if e.over:
            winners = ", ".join(names[w] for w in e.winners if w < len(names))
            status = t("saves.won_by", winners=winners)  # plain text: html() escapes it once
        else:
            status = t("saves.turn", n=e.turn)
            remote = list_status(self.app, e)  # a game by link: whose device it waits for
            status += f" · {remote}" if remote else ""
        origin = ORIGIN_KEYS.get(e.origin)
        if self.app.confirm_delete == e.id:
            actions = self.confirm(e.id)
        else:
            actions = self.save_actions(e, t("saves.game_of", names=", ".join(names)))
        finished = (html(' <span class="finished-tag">{}</span>', t("saves.finished"))
                    if e.over else EMPTY)
        return html('<li class="save" data-save="{}"><div class="save-info">'
                    '<span class="save-names">{}{}</span>'
                    '<span class="save-meta">{} · {}{}</span></div>'
                    '<div class="save-actions">{}</div></li>',
                    e.id, who, finished, status,
                    f"{when} UTC" if when else t("saves.no_date"),
                    html(" · {}", t(origin)) if origin else EMPTY, actions)

    def save_actions(self, e: SaveEntry, label: str) -> Markup:
        """A game in progress is resumed; a finished one offers its replay first, and its
        final scores (opening it shows them), never "Resume": there is nothing to play."""
        t = self.t

        def one(key: str, action: str, cls: str = "") -> Markup:
            return button(t(key), action, e.id, cls=cls, aria_label=f"{t(key)}{self.colon} {label}")

        if e.over:
            first = (one("replay.open_save", "replay-save", "primary")
                     + one("saves.final_scores", "resume"))
        else:
            first = one("saves.resume", "resume", "primary") + one("replay.open_save",
                                                                   "replay-save")
        return first + one("saves.share", "share-save") + one("saves.delete", "delete",
                                                               "danger-ghost")

    def confirm(self, key: str) -> Markup:
        t = self.t
        return (html('<span class="confirm">{}</span>', t("saves.really_delete"))
                + button(t("saves.delete_yes"), "delete-yes", key, cls="danger")
                + button(t("saves.delete_no"), "delete-no", key))

    def bad_item(self, b: BadEntry) -> Markup:
        t = self.t
        if self.app.confirm_delete == b.key:
            actions = self.confirm(b.key)
        else:
            actions = button(t("saves.delete"), "delete", b.key, cls="danger-ghost",
                             aria_label=f'{t("saves.delete")}{self.colon} {t("saves.damaged")}')
        return html('<li class="save bad" data-bad-save="{}"><div class="save-info">'
                    '<span class="save-names">{}</span><span class="save-meta">{}: {}</span>'
                    '</div><div class="save-actions">{}</div></li>',
                    b.key, t("saves.damaged"), b.key, b.reason[:160], actions)

    # ------------------------------------------------------------------ how to play

    def how_to_play(self) -> Markup:
        t = self.t
        items = Markup("").join(html("<li>{}</li>", t(f"howto.{i}")) for i in range(1, 8))
        return html('<section id="howto" class="card-panel"><details><summary>{}</summary>'
                    "<ul>{}</ul></details>{}</section>", t("howto.title"), items,
                    notices_link(t("about.notices")))
