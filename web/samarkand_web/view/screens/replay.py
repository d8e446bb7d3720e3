"""The replay screen: a game's positions one move at a time, with its chart.

It fills the game screen's regions (status, actions, hand, board, players, log) and
two of its own (chart, chart-table), from ``app.replay`` (replay.py) only, never from
``app.ctl``: a replay may be of another game than the one open. Everything shown comes
from public views (samarkand_core.replay.public_view) and public events, so a hand, a
kept card or a discarded card appears only with "Show all hands" after the game.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from samarkand_core import GameState, Marry, Place
from samarkand_core.board import Board
from samarkand_core.draw.board import board_pieces, family_chip, good_name, space_name
from samarkand_core.draw.chart import (
    ChartStrings,
    Race,
    mark_text,
    player_key,
    race_svg,
    with_now,
)
from samarkand_core.draw.svgkit import Piece
from samarkand_core.events import CardsDiscarded, Event, Kept, TurnEnded
from samarkand_core.replay import reading_order
from samarkand_core.scoring import card_value
from samarkand_web.state import analysis as analysis_state
from samarkand_web.state.controller import events_to_log
from samarkand_web.state.replay import PLAY_SPEEDS, ReplayState
from samarkand_web.state.screen import ShareDialog
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.panels import analysis
from samarkand_web.view.panels.players import players_strip
from samarkand_web.view.ui import Screen, button, dialog, labelled_cells, options
from samarkand_web.words import i18n

if TYPE_CHECKING:
    from samarkand_web.state.app import App

CHART_KEYS = (
    "race_title", "race_desc", "summary_item", "hands_hidden", "hands_at_end", "hands_all",
    "axis_turn", "axis_score", "legend_marriage", "legend_relationship", "mark_marriage",
    "mark_relationship", "mark_turn", "now", "bar_title", "bar_desc", "bar_item", "goods_cards",
    "goods_markers", "relationship_markers", "cash",
)


def chart_strings(lang: str, board: Any) -> ChartStrings:
    """The charts' words in `lang` (family names as on the board)."""
    fams = i18n.svg_strings(lang, board).family_names
    return ChartStrings(**{k: i18n.t(lang, "chart." + k) for k in CHART_KEYS},
                        family_names=fams)


def player_mark(p: int, size: int = 16) -> Markup:
    """A player's colour and symbol from the charts, as a small inline SVG."""
    h = size / 2
    return Markup(f'<svg class="chip" width="{size}" height="{size}" viewBox="0 0 {size} '
                  f'{size}" aria-hidden="true">{player_key(p, h, h, h * 0.62, line=False)}'
                  "</svg>")


class ReplayScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        assert app.replay is not None
        self.r: ReplayState = app.replay
        self.rp = self.r.rp
        self.board = self.rp.board
        self.svg_strings = i18n.svg_strings(app.lang, self.board)
        self.state = self.rp.state_after_move(self.r.move)

    # -- names from the replayed game (not app.ctl's)

    def game_board(self) -> Board:
        return self.board

    def player_name(self, p: int) -> str:
        """A bot that kept its default name is named in the page's language (names.py),
        as on the game screen."""
        from samarkand_web.state.names import shown_name

        return shown_name(self.lang, self.rp.names[p], p, self.r.seats[p])

    def pname(self, p: int) -> Markup:
        return html("{}", self.player_name(p))

    def name_in(self, s: GameState, p: int) -> str:
        return self.player_name(p)

    def race(self) -> Race:
        """The score race with the players named as shown (the replay's own is cached
        once, whatever the language)."""
        r = self.r.race()
        return dataclasses.replace(r, names=tuple(self.player_name(p)
                                                  for p in range(len(r.names))))

    def family_text(self, f: int) -> str:
        return self.svg_strings.family_names.get(self.board.family_ids[f],
                                                 self.board.family_names[f])

    def fname(self, f: int, chip: bool = True) -> Markup:
        name = self.family_text(f)
        if not chip:
            return html("{}", name)
        return html('<span class="fam">{}{}</span>', Markup(family_chip(self.board, f, 16)),
                    name)

    def sname(self, space: int) -> Markup:
        return html("{}", space_name(self.board, space, self.svg_strings))

    def good_text(self, good: int) -> str:
        return self.t("card.name", good=good_name(self.board, good, self.svg_strings),
                      number=good)

    # ------------------------------------------------------------------ regions

    def regions(self) -> dict[str, Markup]:
        return {"status": self.status(), "actions": self.controls(), "hand": self.hands(),
                "players": self.players(), "chart": self.chart(),
                "chart-table": analysis.panel(self) + self.chart_table()}

    def status(self) -> Markup:
        r, t = self.r, self.t
        where = t("replay.position", turn=r.turn, turns=self.rp.n_turns, move=r.move,
                  moves=r.n_moves)
        line = html('<div class="status-top"><p id="status-line" class="turn-line">'
                    '<span class="turn">{}</span> {}</p></div>', t("replay.title"), where)
        if r.move == 0:
            what: Markup = html("{}", t("replay.at_start", name=self.player_name(
                self.rp.initial.turn_player)))
        else:
            label = t("replay.last_move", move=r.move, turn=self.rp.move(r.move).turn)
            what = html('<span class="label">{}</span> {}', label, self.move_text(r.move))
        return line + html('<p class="last-move" id="replay-move">{}</p>', what)

    def controls(self) -> Markup:
        r, t = self.r, self.t
        first, last = r.at_start, r.at_end
        steps = [("start", "⇤", "replay.first", first), ("-turn", "«", "replay.prev_turn", first),
                 ("-1", "‹", "replay.prev", first)]
        after = [("+1", "›", "replay.next", last), ("+turn", "»", "replay.next_turn", last),
                 ("end", "⇥", "replay.last", last)]
        # Play sits with the speed, under the steps: its word fits in every language.
        play_label = t("replay.pause") if r.playing else t("replay.play")
        # The word changes between Play and Pause (so no aria-pressed as well).
        play = html('<button type="button" class="primary replay-play" data-action="replay-play">'
                    '<span aria-hidden="true">{}</span><span class="label">{}</span></button>',
                    "❚❚" if r.playing else "▶", play_label)
        buttons = Markup("").join(self.step_button(*s) for s in [*steps, *after])
        slider = html(
            '<label class="replay-scrub"><span>{}</span><input type="range" id="replay-seek" '
            'data-action="replay-seek" min="0" max="{}" step="1" value="{}" '
            'aria-valuetext="{}"></label>',
            t("replay.slider"), r.n_moves, r.move,
            t("replay.slider_text", turn=r.turn, move=r.move, moves=r.n_moves))
        speeds = [(sp, t(f"replay.speed_{sp}")) for sp in PLAY_SPEEDS]
        speed = html('<label class="replay-speed">{} <select data-action="replay-speed" '
                     'name="replay-speed">{}</select></label>', t("replay.speed"),
                     options(speeds, r.speed))
        more = [button(t("replay.share"), "replay-share", cls="small")]
        if r.can_play_on:
            more.append(button(t("replay.play_on"), "replay-play-on", cls="small",
                               # its name is the words on it; the rest is said after
                               title=t("replay.play_on_label", move=r.move)))
        more.append(button(t("replay.close"), "replay-close", cls="small ghost"))
        return html(
            '<section class="replay-controls" aria-labelledby="replay-controls-title">'
            '<h2 id="replay-controls-title" class="sr-only">{}</h2>'
            '<div class="replay-buttons" role="group" aria-label="{}">{}</div>{}'
            '<div class="replay-row">{}{}{}</div><p class="replay-keys">{}</p>'
            '<div class="choices">{}</div></section>',
            t("replay.controls"), t("replay.steps"), buttons, slider, play, speed,
            self.all_switch(), t("replay.keys"), Markup("").join(more))

    def step_button(self, how: str, glyph: str, key: str, off: bool) -> Markup:
        label = self.t(key)
        # aria-disabled, not disabled: the button keeps the keyboard focus at either end.
        return html('<button type="button" class="replay-step" data-action="replay-step" '
                    'data-value="{}" aria-label="{}" title="{}"{}><span aria-hidden="true">{}'
                    "</span></button>", how, label, label,
                    Markup(' aria-disabled="true"') if off else EMPTY, glyph)

    def all_switch(self) -> Markup:
        r = self.r
        if not r.can_show_all:
            return EMPTY
        return button(self.t("replay.show_all"), "replay-all", cls="small replay-all",
                      pressed=r.hands_shown)

    # ------------------------------------------------------------------ hands

    def hands(self) -> Markup:
        r, t = self.r, self.t
        if not r.hands_shown:
            key = "replay.hands_hidden" if r.can_show_all else "replay.hands_hidden_unfinished"
            return html('<p class="replay-note">{}</p>', t(key))
        s = self.state
        out = []
        for p in range(s.n):
            cards = join(", ", (html('{} <span class="pts">{}</span>', self.good_text(g),
                                     card_value(s, p, g))
                                for g in s.hands[p])) if s.hands[p] else t("replay.no_cards")
            out.append(html("<li>{} <strong>{}</strong>{} {}</li>", player_mark(p),
                            self.player_name(p), self.colon, cards))
        return html('<section class="hand replay-hands" aria-labelledby="replay-hands-title">'
                    '<h3 id="replay-hands-title">{}</h3><p class="replay-note">{}</p>'
                    "<ul>{}</ul></section>", t("replay.hands_title"),
                    t("replay.hands_points"), Markup("").join(out))

    # ------------------------------------------------------------------ board

    def board_pieces(self) -> tuple[Piece, ...]:
        r = self.r
        spaces, families = self.better_marks()
        return board_pieces(self.rp.public_view(r.move),
                            last_spaces=self.rp.camels_of_turn(r.move),
                            strings=self.svg_strings, portrait=self.app.portrait,
                            suggested_spaces=spaces, suggested_families=families,
                            suggested_label=self.t("analysis.better_mark"))

    def better_marks(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The better move of the decision shown by "Show" (ReplayState.better), as the
        coach marks a move on the board: its space, or the domain it marries into (a
        sale, a discard or an end of turn has no place on the board: the list says it)."""
        index = self.r.better
        a = analysis.shown(self)
        d = next((d for d in a.decisions if d.index == index), None) if a else None
        if d is None or d.kind == "best":
            return (), ()
        better = analysis_state.best(self.rp, d)
        if isinstance(better, Place):
            return (better.space,), ()
        if isinstance(better, Marry):
            return (), (better.family,)
        return (), ()

    # ------------------------------------------------------------------ players

    def players(self) -> Markup:
        """The players strip of the game screen (panel_players), at this position: whose
        turn it is is public; who decides on a sale is not (never a stop anyway)."""
        s, t = self.state, self.t
        current = None if s.is_over else s.turn_player
        return players_strip(self, s, current, t("replay.their_turn"),
                             marks=[player_mark(p) for p in range(s.n)])

    # ------------------------------------------------------------------ log

    def move_text(self, m: int) -> Markup:
        """Move m in words: its public events (every event with "Show all hands")."""
        r = self.r
        key = (self.lang, r.hands_shown, m)
        cached = r.lines.get(key)
        if cached is not None:
            return Markup(cached)
        mv = self.rp.move(m)
        parts: list[Markup] = []
        public: list[Event] = []

        def flush() -> None:
            parts.extend(self.fmt(ln.key, ln.params) for ln in events_to_log(mv.turn, public))
            public.clear()

        for e in reading_order(self.rp.move_events(m, r.hands_shown)):
            if isinstance(e, (CardsDiscarded, TurnEnded, Kept)):
                flush()  # the engine's public events in order, then this one
            if isinstance(e, CardsDiscarded):
                parts.append(self.tr("replay.log_discarded", cards=", ".join(
                    self.good_text(g) for g in e.cards)))
            elif isinstance(e, TurnEnded):
                parts.append(self.fmt("replay.log_end_turn", {"player": e.player}))
            elif isinstance(e, Kept):
                parts.append(self.fmt("replay.log_keep", {"holder": e.holder, "good": e.good}))
            else:
                public.append(e)
        flush()
        text = Markup(" ").join(parts)
        r.lines[key] = str(text)
        return text

    def log_parts(self) -> tuple[str, list[str], str]:
        r = self.r
        weak = analysis.log_marks(self)  # the analysis's weak moves, marked
        items = [str(html('<li{}><span class="log-turn">{}</span> {}{}</li>',
                          html(' data-mistake="{}"', weak[m]) if m in weak else EMPTY,
                          self.rp.move(m).turn,
                          analysis.log_mark(self, weak[m]) if m in weak else EMPTY,
                          self.move_text(m)))
                 for m in range(r.move, 0, -1)]
        if not items:
            items = [str(html('<li class="none">{}</li>', self.t("replay.no_moves")))]
        head = html('<details class="log" open><summary><h2>{}</h2></summary>'
                    '<ol class="log-lines" aria-live="off">', self.t("replay.log_title"))
        return str(head), items, "</ol></details>"

    # ------------------------------------------------------------------ chart

    def chart(self) -> Markup:
        r = self.r
        st = chart_strings(self.lang, self.board)
        # The race is drawn once per language and switch; each move adds only its line.
        key = ("race", self.lang, r.hands_shown)
        svg = analysis.analysed_chart(self, st)  # with the analysis's marks, if shown
        if svg is None:
            if key not in r.drawn:
                r.drawn[key] = race_svg(self.race(), strings=st, id_prefix="race")
            svg = with_now(r.drawn[key], self.race(), r.chart_x(), strings=st)
        return html('<figure class="chart-figure" aria-labelledby="race-heading">'
                    '<h2 id="race-heading">{}</h2>{}<figcaption>{} {}</figcaption></figure>',
                    self.t("replay.chart_title"), Markup(svg), self.t("replay.chart_caption"),
                    self.hands_note())

    def chart_table(self) -> Markup:
        """The chart's numbers as a table: it changes with the switch and the language,
        not with the move (so an open <details> stays open while stepping)."""
        key = ("table", self.lang, self.r.hands_shown)
        if key not in self.r.drawn:
            self.r.drawn[key] = str(self._chart_table())
        return Markup(self.r.drawn[key])

    def _chart_table(self) -> Markup:
        t = self.t
        rc = self.race()
        st = chart_strings(self.lang, self.board)
        head = Markup("").join(html('<th scope="col">{} {}</th>', player_mark(p), name)
                               for p, name in enumerate(rc.names))
        rows = []
        for row in rc.rows:
            label = t("replay.table_start") if row.turn == 0 else str(row.turn)
            marks = "; ".join(mark_text(rc, mk, st, with_turn=False) for mk in row.marks)
            rows.append(html('<tr><th scope="row">{}</th>{}</tr>', label, labelled_cells(
                [*rc.names, t("replay.table_events")], [*row.scores, marks],
                [None] * len(row.scores) + ["marks"])))
        return html(
            '<details class="chart-table"><summary>{}</summary><div class="table-wrap">'
            '<table class="scores race-table"><caption>{}</caption><thead><tr>'
            '<th scope="col">{}</th>{}<th scope="col">{}</th></tr></thead><tbody>{}</tbody>'
            "</table></div></details>",
            t("replay.table_title"), self.hands_note(), t("replay.table_turn"), head,
            t("replay.table_events"), Markup("").join(rows))

    def hands_note(self) -> str:
        r = self.r
        key = ("chart.hands_all" if r.hands_shown
               else "chart.hands_at_end" if self.rp.is_over else "chart.hands_hidden")
        return self.t(key)

    # ------------------------------------------------------------------ share

    def share_dialog(self, sharing: ShareDialog) -> Markup:
        app, t = self.app, self.t
        copied = (html('<p class="copied" role="status">{}</p>', t("share.copied"))
                  if app.share_copied else EMPTY)
        text = html("<p>{}</p>", t("replay.share_text", move=self.r.move))
        if not self.r.rp.is_over:  # what the link holds, and what it still gives away
            text += html('<p>{}</p><p class="warning-text share-secret">{}</p>',
                         t("replay.share_cut", move=self.r.move), t("share.secret"))
        body = html('{}<input id="share-link" type="text" readonly value="{}" '
                    'aria-label="{}"><div class="choices">{}{}</div>{}',
                    text, sharing.link,
                    t("replay.share_label"), button(t("share.copy"), "copy", cls="primary"),
                    button(t("share.close"), "close"), copied)
        return dialog(t("replay.share_title"), body, "share")
