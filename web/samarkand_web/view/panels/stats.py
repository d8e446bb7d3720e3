"""The statistics of the games saved here (a dialog over the saves list): games saved and
finished, then per person, by the opponents' level and by the number of players: finished
games, wins, average and best score; and a small chart of each person's scores over time,
drawn with the charts' colours, dashes and symbols (samarkand_core.draw.chart), with the same
numbers in the tables for those who do not see it."""

from __future__ import annotations

from functools import lru_cache

from samarkand_core.draw.board import FONT, INK
from samarkand_core.draw.chart import GRID, PAPER, PLAYER_COLOURS, PLAYER_DASHES, player_key
from samarkand_web.saves.storage import StorageUnavailable
from samarkand_web.saves.storage_models import SaveEntry
from samarkand_web.state import stats as st
from samarkand_web.state.names import LEVELS
from samarkand_web.view.markup import Markup, html
from samarkand_web.view.ui import Screen, button, dialog, labelled_cells

TREND_W, TREND_H = 340.0, 190.0  # narrow: its words stay readable on a phone
TREND_PEOPLE = 5  # the people with the most finished games get a line each


@lru_cache(maxsize=1024)
def cached_scores_of(code: str) -> tuple[int, ...] | None:
    """A finished game's final scores by its code: a finished save never changes, so each
    is read once per page."""
    return st.final_of(code)


def cached_scores(entry: SaveEntry) -> tuple[int, ...] | None:
    return cached_scores_of(entry.code)


def _n(x: float) -> str:
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


class StatsPanel(Screen):
    def stats(self) -> st.Stats | None:
        try:
            good, _ = self.app.saves.list()
        except StorageUnavailable:
            return None
        return st.compute(good, cached_scores)

    def dialog(self) -> Markup:
        t = self.t
        s = self.stats()
        close = button(t("stats.close"), "stats-close", cls="primary", btn_id="stats-close")
        if s is None or not s.saved:
            body = html('<p>{}</p><div class="choices">{}</div>', t("stats.none"), close)
            return dialog(t("stats.title"), body, "stats-dialog")
        people = sorted(s.by_person.items(), key=lambda kv: (-kv[1].games, kv[0]))
        levels = sorted(s.by_level.items(), key=lambda kv: _level_order(kv[0]))
        counts = sorted(s.by_count.items())
        body = html('<p class="stats-games">{}</p>', t(
            "stats.games", n=s.saved, finished=s.finished))
        if s.best is not None:
            best = sorted({x.name for x in s.seats if x.score == s.best})
            body += html('<p class="stats-best">{}</p>', t(
                "stats.best", score=s.best, names=", ".join(best)))
        if s.seats:
            body += self.table("stats.by_person", "stats.col_who",
                               [(name, tally) for name, tally in people], "stats-person")
            body += self.table("stats.by_level", "stats.col_level",
                               [(self.level_word(k), v) for k, v in levels], "stats-level")
            body += self.table("stats.by_count", "stats.col_count",
                               [(t("stats.count", n=k), v) for k, v in counts], "stats-count")
        body += self.trend(s, [name for name, _ in people[:TREND_PEOPLE]])
        body += html('<p class="stats-note">{}</p><div class="choices">{}</div>',
                     t("stats.note"), close)
        return dialog(t("stats.title"), body, "stats-dialog")

    def level_word(self, key: str) -> str:
        if key in LEVELS:
            return self.t(f"level.{key}")
        return self.t("stats.level." + (key if key in (st.PEOPLE, st.MIXED) else st.MIXED))

    def table(self, title: str, col: str, rows: list[tuple[str, st.Tally]],
              cls: str) -> Markup:
        t, lang = self.t, self.lang
        heads = (col, "stats.col_games", "stats.col_wins", "stats.col_average",
                 "stats.col_best")
        th = Markup("").join(html('<th scope="col">{}</th>', t(h)) for h in heads)
        labels = [t(h) for h in heads[1:]]
        body = Markup("").join(
            html('<tr><th scope="row">{}</th>{}</tr>', label, labelled_cells(
                labels, (tally.games, tally.wins, _decimal(lang, tally.average), tally.best)))
            for label, tally in rows)
        return html('<div class="table-wrap {}" tabindex="0" role="region" aria-label="{}">'
                    '<table class="scores stats-table"><caption>{}</caption><thead><tr>{}'
                    "</tr></thead><tbody>{}</tbody></table></div>",
                    cls, t(title), t(title), th, body)

    def trend(self, s: st.Stats, names: list[str]) -> Markup:
        t = self.t
        head = html("<h3>{}</h3>", t("stats.trend"))
        if not s.seats:
            return head + html("<p>{}</p>", t("stats.trend_none"))
        return head + html('<figure class="chart-figure stats-trend">{}</figure>',
                           Markup(trend_svg(s, names, t("stats.trend"), t("stats.trend_desc"),
                                            t("stats.trend_axis"), t("stats.trend_points"))))


def _level_order(key: str) -> tuple[int, str]:
    order = (*LEVELS, st.PEOPLE, st.MIXED)
    return (order.index(key) if key in order else len(order), key)


def _decimal(lang: str, x: float) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang in ("de", "fr", "it") else text


def trend_svg(s: st.Stats, names: list[str], title: str, desc: str, axis_x: str,
              axis_y: str) -> str:
    """Each person's scores over the finished games (oldest first): a line per person in
    the charts' colours and dashes, a symbol per game (filled: a win)."""
    from samarkand_core.weblike import escape

    w, h, left, right, bottom = TREND_W, TREND_H, 40.0, TREND_W - 12, TREND_H - 30
    legend: list[tuple[float, float]] = []  # where each person's key goes, in rows
    lx, ly = left, 14.0
    for name in names:
        width = 32 + 6.5 * min(len(name), 14)
        if lx + width > right and lx > left:
            lx, ly = left, ly + 16
        legend.append((lx, ly))
        lx += width + 10
    top = ly + 16
    order = {g: i for i, g in enumerate(s.games())}  # one x per game
    n = len(order)
    ymax = max(10, *(x.score for x in s.seats))
    ymax = -(-ymax // 10) * 10

    def px(i: int) -> float:
        return left + (right - left) * (i / (n - 1) if n > 1 else 0.5)

    def py(v: float) -> float:
        return bottom - (bottom - top) * v / ymax

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart trend" viewBox="0 0 '
           f'{_n(w)} {_n(h)}" font-family="{FONT}" role="img" aria-labelledby="trend-title '
           f'trend-desc"><title id="trend-title">{escape(title)}</title><desc id="trend-desc">'
           f'{escape(desc)}</desc><rect width="{_n(w)}" height="{_n(h)}" rx="8" '
           f'fill="{PAPER}"/>']
    for v in range(0, ymax + 1, 10 if ymax <= 40 else 20):
        out.append(f'<line x1="{_n(left)}" y1="{_n(py(v))}" x2="{_n(right)}" y2="{_n(py(v))}" '
                   f'stroke="{GRID}"/><text x="{_n(left - 5)}" y="{_n(py(v) + 4)}" '
                   f'font-size="11" text-anchor="end" fill="{INK}">{v}</text>')
    out.append(f'<text x="{_n((left + right) / 2)}" y="{_n(h - 8)}" font-size="11" '
               f'text-anchor="middle" fill="{INK}">{escape(axis_x)}</text>')
    out.append(f'<text x="12" y="{_n((top + bottom) / 2)}" font-size="11" text-anchor="middle" '
               f'fill="{INK}" transform="rotate(-90 12 {_n((top + bottom) / 2)})">'
               f"{escape(axis_y)}</text>")
    for p, name in enumerate(names):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        games = s.trend(name)
        pts = " ".join(f"{_n(px(order[g.game]))},{_n(py(g.score))}" for g in games)
        dash = PLAYER_DASHES[p % len(PLAYER_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g data-person="{p}"><polyline points="{pts}" fill="none" '
                   f'stroke="{colour}" stroke-width="2"{dash_attr}/>')
        for g in games:
            x, y = px(order[g.game]), py(g.score)
            fill = colour if g.won else "#fff"
            out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3.6" fill="{fill}" '
                       f'stroke="{colour}" stroke-width="1.6"/>')
        out.append("</g>")
        kx, ky = legend[p]
        out.append(player_key(p, kx + 12, ky, 4.0))
        out.append(f'<text x="{_n(kx + 28)}" y="{_n(ky + 4)}" font-size="11" '
                   f'fill="{INK}">{escape(name[:14])}</text>')
    return "".join(out) + "</svg>"

