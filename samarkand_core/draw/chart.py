"""Charts of a game as SVG text: pure functions, in the manner of board.py (chess.svg).

    >>> from samarkand_core.draw.chart import race, race_svg, breakdown_svg
    >>> svg = race_svg(race(state))          # each player's projected score by turn
    >>> svg = breakdown_svg(final_state)     # the final scores as a stacked bar each

The score race: after each turn, the score each player would have if the game ended
there (``final_scores`` of that position), with a ring where a player married and a
diamond where a player made a first trade relationship.

Hidden cards. A goods card in hand is worth points, but nobody else knows it. The
public race (``all_hands=False``, the default) therefore leaves cards in hand out
(goods markers, relationship markers and dirhams only) at every position but the
end of a finished game, where the score sheet shows every hand and the last point
is the final score. ``all_hands=True`` counts hands at every turn: it is exactly
``final_scores`` at each point, and it is allowed only for a finished game (the
replay's "show all hands").

Accessible: each chart is ``role="img"`` with a <title> and a <desc> (a sentence
with the totals); ``race_rows`` / ``breakdown_rows`` give the same numbers for a
table. Players differ by colour, by line dash and by a symbol; the kinds of points
in a bar by colour and by fill pattern; so nothing is told by colour alone. Colours
are presentation attributes (no stylesheet, fine under a strict CSP). Every word
comes from a ``ChartStrings``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..board import Board
from ..events import Married, RelationshipMade
from ..replay import HiddenHandsError, Replay
from ..scoring import Score, final_scores
from ..state import GameState
from .board import FONT, INK, PARCHMENT_EDGE, symbol_shape
from .svgkit import Svg, Value, element, num, start, text

# Player styles: Okabe-Ito colours (told apart with colour blindness), a dash and a symbol.
PLAYER_COLOURS = ("#0072b2", "#c0440a", "#007a5a", "#b4467f", "#4d4d4d")
PLAYER_DASHES = ("", "9 4", "3 3", "12 4 3 4", "6 2 1 2")
PLAYER_SYMBOLS = ("square", "triangle", "star", "cross", "hexagon")
GRID = "#d9c79d"
PAPER = "#fbf5e6"

CATEGORIES = ("goods_cards", "goods_markers", "relationship_markers", "cash")
# (fill, pattern ink, pattern kind) for each kind of points in a bar
CATEGORY_STYLE = {
    "goods_cards": ("#c98a3d", "#5e3a0c", "hatch"),
    "goods_markers": ("#ecd27a", "#6b5200", "dots"),
    "relationship_markers": ("#2f7d4f", "#d5ecdd", "cross"),
    "cash": ("#7b5ea7", "#7b5ea7", "solid"),
}

RACE_W = 440.0  # narrow enough that its words stay readable on a 360 px phone
BAR_W = 380.0
PAD = 12.0
TEXT = 13.0


@dataclass(frozen=True, slots=True, eq=False)
class ChartStrings:
    """Every word of the charts; str.format templates with named fields."""

    race_title: str = "Projected scores, turn by turn"
    race_desc: str = ("A line per player: the score each would have if the game ended after "
                      "that turn, over {turns} turns. Last point: {summary}. {hands}")
    summary_item: str = "{name} {score}"
    hands_hidden: str = "Cards in hand are not counted: they are hidden."
    hands_at_end: str = ("Cards in hand are counted only at the end, when every hand "
                         "is shown.")
    hands_all: str = "Cards in hand are counted at every turn (all hands shown)."
    axis_turn: str = "Turn"
    axis_score: str = "Points"
    legend_marriage: str = "marriage"
    legend_relationship: str = "first relationship"
    mark_marriage: str = "{player} marries into the {family}"
    mark_relationship: str = ("{player} makes the first relationship of the {family} and "
                              "the {other}")
    mark_turn: str = "Turn {turn}: {what}"
    now: str = "now"
    # The analysis's additions (race_svg's `decisions` and `win_chances`).
    legend_decision: str = "weak move (?!, ?, ??)"
    legend_win_chance: str = "winning chance"
    axis_win_chance: str = "Winning chance"
    decisions_desc: str = ("Marked on the line of {player}: ?! an inaccuracy, ? a mistake, "
                           "?? a blunder (marks: {count}).")
    win_chance_desc: str = ("Thin lines: each player's estimated winning chance, from "
                            "public information (right-hand axis).")
    bar_title: str = "Final scores by kind of points"
    bar_desc: str = ("A bar per player, in points: goods cards, goods markers, relationship "
                     "markers and dirhams. {summary}.")
    bar_item: str = "{name}: {goods_cards} + {goods_markers} + {relationship_markers} + " \
                    "{cash} = {total}"
    goods_cards: str = "goods cards"
    goods_markers: str = "goods markers"
    relationship_markers: str = "relationship markers"
    cash: str = "dirhams"
    family_names: Mapping[str, str] = field(default_factory=dict)


ENGLISH = ChartStrings()


# --------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class RaceMark:
    """A marriage or a first relationship, drawn on the line of the player who made it."""

    turn: int
    player: int
    kind: str  # "marriage" or "relationship"
    family: int
    other: int = -1


@dataclass(frozen=True, slots=True)
class DecisionMark:
    """A decision judged below par (samarkand_core.analysis), drawn on the line of the
    player who made it at the turn it was made in; `text` is its words (the <title>)."""

    turn: int
    player: int
    kind: str  # one of DECISION_SIGNS
    text: str
    # more attributes of its mark's element: a page's way into the decision (an action)
    attrs: tuple[tuple[str, str], ...] = ()


# Chess's annotation signs, so that a mark does not rely on its colour.
DECISION_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
DECISION_INK = "#b00020"


@dataclass(frozen=True, slots=True)
class RaceRow:
    """The scores after turn `turn` (0: the start), at action count `position`."""

    turn: int
    position: int
    scores: tuple[int, ...]
    marks: tuple[RaceMark, ...]


@dataclass(frozen=True, slots=True)
class Race:
    names: tuple[str, ...]
    board: Board
    rows: tuple[RaceRow, ...]
    all_hands: bool
    over: bool

    @property
    def turns(self) -> int:
        return len(self.rows) - 1


def projected_scores(state: GameState, all_hands: bool = False) -> tuple[int, ...]:
    """final_scores of this position; without cards in hand unless all_hands or the game
    is over (when the score sheet shows every hand)."""
    fs = final_scores(state).scores
    if all_hands or state.is_over:
        return tuple(s.total for s in fs)
    return tuple(s.total - s.goods_cards for s in fs)


def race(game: Replay | GameState, all_hands: bool = False) -> Race:
    """The projected scores after every turn of a game, and its marriages and first
    relationships. all_hands needs a finished game (HiddenHandsError otherwise)."""
    rp = game if isinstance(game, Replay) else Replay.from_state(game)
    if all_hands and not rp.is_over:
        raise HiddenHandsError("hands stay hidden until the game is over")
    starts = rp.turn_starts
    ends = [*starts[1:], rp.positions[-1]]  # turn t ends where turn t + 1 begins
    rows = [RaceRow(0, 0, projected_scores(rp.state_at(0), all_hands), ())]
    for t, (first, end) in enumerate(zip(starts, ends, strict=True), 1):
        marks: list[RaceMark] = []
        for i in range(first, end):
            player = rp.state_at(i).turn_player
            for e in rp.events(i):
                if isinstance(e, Married):
                    marks.append(RaceMark(t, e.player, "marriage", e.family))
                elif isinstance(e, RelationshipMade):
                    marks.append(RaceMark(t, player, "relationship", e.family, e.other))
        rows.append(RaceRow(t, end, projected_scores(rp.state_at(end), all_hands),
                            tuple(marks)))
    return Race(rp.names, rp.board, tuple(rows), all_hands, rp.is_over)


def race_rows(r: Race) -> tuple[RaceRow, ...]:
    """The numbers of the race chart, one row per point (for a table)."""
    return r.rows


def race_x(rp: Replay, m: int) -> float:
    """Where move m lies on the race's turn axis: t - 1 at the start of turn t, t - 1 + a
    fraction while it is played, and the last point's turn at the last move."""
    m = rp.clamp(m)
    if m == rp.n_moves:
        return float(rp.n_turns)
    t = rp.turn_at_move(m)
    start = rp.turn_start_move(t)
    end = rp.turn_start_move(t + 1) if t < rp.n_turns else rp.n_moves
    return (t - 1) + (m - start) / max(1, end - start)


def breakdown_rows(state: GameState) -> tuple[Score, ...]:
    """The final scores, highest first (ties by seat): the numbers of the bar chart.
    Needs a finished game: only then are the cards in hand public."""
    if not state.is_over:
        raise HiddenHandsError("the score breakdown counts hands: the game is not over")
    return tuple(sorted(final_scores(state).scores, key=lambda s: (-s.total, s.player)))


def mark_text(r: Race, mark: RaceMark, st: ChartStrings = ENGLISH,
              with_turn: bool = True) -> str:
    """A mark in words: "Turn 12: Ann marries into the House of Merv"."""
    fam = _family(r.board, mark.family, st)
    if mark.kind == "marriage":
        what = st.mark_marriage.format(player=r.names[mark.player], family=fam)
    else:
        what = st.mark_relationship.format(player=r.names[mark.player], family=fam,
                                           other=_family(r.board, mark.other, st))
    return st.mark_turn.format(turn=mark.turn, what=what) if with_turn else what


def _family(board: Board, f: int, st: ChartStrings) -> str:
    return st.family_names.get(board.family_ids[f], board.family_names[f])


# --------------------------------------------------------------------------- helpers


_f = num


def _nice_step(span: float, max_ticks: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if span / step <= max_ticks:
            return step
    return 1000


BOLD: Mapping[str, Value] = {"font-weight": "bold"}


def _text(x: float, y: float, s: str, size: float = TEXT, anchor: str = "start",
          extra: Mapping[str, Value] | None = None, fill: str = INK) -> str:
    return element("text", {"x": x, "y": y, "font-size": size, "fill": fill,
                            "text-anchor": anchor, **(extra or {})}, text(s))


def _text_width(s: str, size: float = TEXT) -> float:
    return 0.56 * size * len(s)


def _open(prefix: str, w: float, h: float, title: str, desc: str, cls: str) -> str:
    """The chart's <svg> start tag, its title, description and paper (the caller draws
    the rest and closes it)."""
    return (start("svg", {"xmlns": "http://www.w3.org/2000/svg", "class": f"chart {cls}",
                          "viewBox": f"0 0 {_f(w)} {_f(h)}", "font-family": FONT,
                          "role": "img", "aria-labelledby": f"{prefix}-title {prefix}-desc"})
            + element("title", {"id": f"{prefix}-title"}, text(title))
            + element("desc", {"id": f"{prefix}-desc"}, text(desc))
            + element("rect", {"width": w, "height": h, "rx": 8, "fill": PAPER,
                               "stroke": PARCHMENT_EDGE, "stroke-width": 1.5}))


def player_key(p: int, x: float, y: float, size: float = 5.0, line: bool = True) -> str:
    """A player's sample: a short line in its colour and dash, with its symbol."""
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    out = ""
    if line:
        out += (f'<line x1="{_f(x - 12)}" y1="{_f(y)}" x2="{_f(x + 12)}" y2="{_f(y)}" '
                f'stroke="{colour}" stroke-width="2.4"{_dash(p)}/>')
    return out + symbol_shape(PLAYER_SYMBOLS[p % len(PLAYER_SYMBOLS)], x, y, size, colour,
                              ' stroke="#fff" stroke-width="0.8"')


def _dash(p: int) -> str:
    d = PLAYER_DASHES[p % len(PLAYER_DASHES)]
    return f' stroke-dasharray="{d}"' if d else ""


def _legend(items: list[tuple[float, str]], top: float, width: float) -> tuple[list[
        tuple[float, float, int]], float]:
    """Lay out legend items (width, label) in rows: (x, y, index) each, and the height."""
    out: list[tuple[float, float, int]] = []
    x, y = PAD, top
    for i, (w, _) in enumerate(items):
        if x + w > width - PAD and x > PAD:
            x, y = PAD, y + 18
        out.append((x, y, i))
        x += w + 14
    return out, y - top + 18


# --------------------------------------------------------------------------- race


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where the race's plot lies: its edges and its scales."""

    left: float
    right: float
    top: float
    bottom: float
    xmax: int
    ymax: int
    ystep: int

    def px(self, t: float) -> float:
        return self.left + (self.right - self.left) * t / self.xmax

    def py(self, v: float) -> float:
        return self.bottom - (self.bottom - self.top) * v / self.ymax


@dataclass(frozen=True, slots=True)
class _Extras:
    """What the analysis adds to a race: which legend items and the right-hand axis."""

    decisions: bool = False
    win_chances: bool = False


_NO_EXTRAS = _Extras()


def _legend_items(r: Race, st: ChartStrings, ex: _Extras = _NO_EXTRAS) -> list[
        tuple[float, str]]:
    """Players, the two kinds of marks, then the analysis's lines and marks if drawn."""
    items = [(30 + _text_width(name), name) for name in r.names]
    items += [(16 + _text_width(st.legend_marriage), st.legend_marriage),
              (16 + _text_width(st.legend_relationship), st.legend_relationship)]
    if ex.win_chances:
        items.append((30 + _text_width(st.legend_win_chance), st.legend_win_chance))
    if ex.decisions:
        items.append((20 + _text_width(st.legend_decision), st.legend_decision))
    return items


def _frame(r: Race, st: ChartStrings, width: float, height: float,
           ex: _Extras = _NO_EXTRAS) -> _Frame:
    _, legend_h = _legend(_legend_items(r, st, ex), PAD + 6, width)
    ymax_raw = max(1, max(max(row.scores) for row in r.rows))
    ystep = _nice_step(ymax_raw, 6)
    # The winning chance's axis needs room for "100%" on the right.
    right = width - PAD - (40 if ex.win_chances else 8)
    return _Frame(44.0, right, PAD + 6 + legend_h + 8, height - 34,
                  max(1, r.turns), ystep * -(-ymax_raw // ystep), ystep)


def race_svg(r: Race, *, strings: ChartStrings | None = None, at: float | None = None,
             id_prefix: str = "race", width: float = RACE_W, height: float = 300.0,
             decisions: Sequence[DecisionMark] = (),
             win_chances: Sequence[Sequence[float]] | None = None) -> str:
    """The score race as one <svg> element (a string). `at`: a turn-axis position to
    mark (the replay's move, see race_x), or None.

    From an analysis (samarkand_core.analysis), both optional: `decisions`, weak moves
    marked on their player's line at their turn (data-mistake="inaccuracy", "mistake" or
    "blunder"; the worst of a turn shows its sign, the <title> lists them all), and
    `win_chances`, each player's winning chance (0 to 1) per row of the race
    (win_chances[turn][player]), drawn as a thin line per player on a right-hand axis."""
    st = strings or ENGLISH
    if win_chances is not None and len(win_chances) != len(r.rows):
        raise ValueError(f"win_chances has {len(win_chances)} rows; the race has "
                         f"{len(r.rows)} (the start and each turn)")
    svg = _race_base(r, st, id_prefix, width, height, decisions, win_chances)
    return svg if at is None else with_now(svg, r, at, strings=st, width=width,
                                           height=height,
                                           win_axis=win_chances is not None,
                                           decisions=bool(decisions))


def with_now(svg: str, r: Race, at: float, *, strings: ChartStrings | None = None,
             width: float = RACE_W, height: float = 300.0, win_axis: bool = False,
             decisions: bool = False) -> str:
    """A race drawn without `at` (same strings and size), with the dotted line of `at`
    added under the players' lines: a replay draws the race once and moves only this.
    `win_axis` and `decisions`: whether the race was drawn with win_chances and with
    decisions (they change the plot's frame)."""
    st = strings or ENGLISH
    fr = _frame(r, st, width, height, _Extras(decisions, win_axis))
    x = fr.px(max(0.0, min(float(fr.xmax), at)))
    right_side = x < fr.right - 30
    group = (f'<g class="now"><line x1="{_f(x)}" y1="{_f(fr.top - 2)}" x2="{_f(x)}" '
             f'y2="{_f(fr.bottom)}" stroke="{INK}" stroke-width="1.6" stroke-dasharray="2 3"/>'
             + _text(x + 3 if right_side else x - 3, fr.top - 6, st.now, 11,
                     "start" if right_side else "end")
             + "</g>")
    return svg.replace('<g class="lines">', group + '<g class="lines">', 1)


def _race_base(r: Race, st: ChartStrings, id_prefix: str, width: float,
               height: float, decisions: Sequence[DecisionMark] = (),
               win_chances: Sequence[Sequence[float]] | None = None) -> str:
    n = len(r.names)
    ex = _Extras(bool(decisions), win_chances is not None)
    last = r.rows[-1].scores
    summary = ", ".join(st.summary_item.format(name=r.names[p], score=last[p])
                        for p in range(n))
    hands = st.hands_all if r.all_hands else (st.hands_at_end if r.over else st.hands_hidden)
    desc = st.race_desc.format(turns=r.turns, summary=summary, hands=hands)
    if win_chances is not None:
        desc += " " + st.win_chance_desc
    for p in sorted({d.player for d in decisions}):
        desc += " " + st.decisions_desc.format(
            player=r.names[p], count=sum(1 for d in decisions if d.player == p))
    items = _legend_items(r, st, ex)
    slots, _ = _legend(items, PAD + 6, width)
    out = [_open(id_prefix, width, height, st.race_title, desc, "race")]
    out.append('<g class="legend">')
    for x, y, i in slots:
        if i < n:
            out.append(player_key(i, x + 12, y))
            out.append(_text(x + 28, y + 4, r.names[i]))
        elif i < n + 2:
            mark = "marriage" if i == n else "relationship"
            out.append(_mark_shape(mark, x + 5, y, INK))
            out.append(_text(x + 14, y + 4, items[i][1]))
        elif i == n + 2 and ex.win_chances:
            out.append(f'<line x1="{_f(x)}" y1="{_f(y)}" x2="{_f(x + 24)}" y2="{_f(y)}" '
                       f'stroke="{INK}" stroke-width="{WIN_LINE}" stroke-opacity="0.7"/>')
            out.append(_text(x + 30, y + 4, items[i][1]))
        else:
            out.append(_decision_shape("mistake", x + 7, y))
            out.append(_text(x + 18, y + 4, items[i][1]))
    out.append("</g>")
    fr = _frame(r, st, width, height, ex)
    left, right, top, bottom = fr.left, fr.right, fr.top, fr.bottom
    px, py = fr.px, fr.py
    ystep = fr.ystep
    xstep = _nice_step(fr.xmax, 8)
    out.append('<g class="axes">')
    for v in range(0, fr.ymax + 1, ystep):
        out.append(f'<line x1="{_f(left)}" y1="{_f(py(v))}" x2="{_f(right)}" '
                   f'y2="{_f(py(v))}" stroke="{GRID}" stroke-width="1"/>')
        out.append(_text(left - 5, py(v) + 4, str(v), 12, "end"))
    for t in range(0, fr.xmax + 1, xstep):
        out.append(f'<line x1="{_f(px(t))}" y1="{_f(bottom)}" x2="{_f(px(t))}" '
                   f'y2="{_f(bottom + 4)}" stroke="{INK}" stroke-width="1"/>')
        out.append(_text(px(t), bottom + 16, str(t), 12, "middle"))
    out.append(f'<line x1="{_f(left)}" y1="{_f(bottom)}" x2="{_f(right)}" y2="{_f(bottom)}" '
               f'stroke="{INK}" stroke-width="1.2"/>')
    out.append(_text((left + right) / 2, height - 6, st.axis_turn, 13, "middle"))
    mid = (top + bottom) / 2
    out.append(_text(12, mid, st.axis_score, 11, "middle",
                     {"transform": f"rotate(-90 12 {_f(mid)})"}))
    if win_chances is not None:
        out.append(_win_axis(fr, st, width))
    out.append("</g>")
    out.append('<g class="lines">')
    for p in range(n):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        pts = " ".join(f"{_f(px(row.turn))},{_f(py(row.scores[p]))}" for row in r.rows)
        out.append(f'<polyline data-player="{p}" points="{pts}" fill="none" '
                   f'stroke="{colour}" stroke-width="2.2" stroke-linejoin="round"'
                   f'{_dash(p)}/>')
    for p in range(n):
        row = r.rows[-1]
        out.append(player_key(p, px(row.turn), py(row.scores[p]), 4.5, line=False))
    out.append("</g>")
    if win_chances is not None:
        out.append(_win_lines(r, fr, win_chances))
    out.append('<g class="marks">' + "".join(_marks(r, st, px, py)) + "</g>")
    if decisions:
        out.append(_decision_marks(r, fr, decisions))
    out.append("</svg>")
    return "".join(out)


WIN_LINE = 1.3


def _win_axis(fr: _Frame, st: ChartStrings, width: float) -> str:
    """The right-hand axis of the winning chances: 0% to 100% over the plot's height."""
    def wy(c: float) -> float:
        return fr.bottom - (fr.bottom - fr.top) * c

    out = [f'<g class="win-axis"><line x1="{_f(fr.right)}" y1="{_f(fr.top)}" '
           f'x2="{_f(fr.right)}" y2="{_f(fr.bottom)}" stroke="{INK}" stroke-width="0.8"/>']
    for pct in (0, 25, 50, 75, 100):
        y = wy(pct / 100)
        out.append(f'<line x1="{_f(fr.right)}" y1="{_f(y)}" x2="{_f(fr.right + 4)}" '
                   f'y2="{_f(y)}" stroke="{INK}" stroke-width="1"/>')
        out.append(_text(fr.right + 6, y + 4, f"{pct}%", 10))
    mid = (fr.top + fr.bottom) / 2
    x = width - 12
    out.append(_text(x, mid, st.axis_win_chance, 11, "middle",
                     {"transform": f"rotate(90 {_f(x)} {_f(mid)})"}))
    return "".join(out) + "</g>"


def _win_lines(r: Race, fr: _Frame, chances: Sequence[Sequence[float]]) -> str:
    """A thin line per player (its colour and dash, half see-through) on the right axis."""
    def wy(c: float) -> float:
        return fr.bottom - (fr.bottom - fr.top) * max(0.0, min(1.0, c))

    out = ['<g class="win-chances">']
    for p in range(len(r.names)):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        pts = " ".join(f"{_f(fr.px(row.turn))},{_f(wy(chances[k][p]))}"
                       for k, row in enumerate(r.rows))
        out.append(f'<polyline data-player="{p}" data-win-chance="" points="{pts}" '
                   f'fill="none" stroke="{colour}" stroke-width="{WIN_LINE}" '
                   f'stroke-opacity="0.7"{_dash(p)}/>')
    return "".join(out) + "</g>"


def _decision_shape(kind: str, x: float, y: float) -> str:
    """A white disc ringed in red with the kind's chess sign in it."""
    sign = DECISION_SIGNS[kind]
    return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="6.5" fill="#fff" stroke="{DECISION_INK}" '
            f'stroke-width="1.6"/>'
            + _text(x, y + 3, sign, 8 if len(sign) > 1 else 9, "middle",
                    BOLD, DECISION_INK))


def _decision_marks(r: Race, fr: _Frame, decisions: Sequence[DecisionMark]) -> str:
    """One mark per player and turn, under the point of that turn on the player's line."""
    order = list(DECISION_SIGNS)
    groups: dict[tuple[int, int], list[DecisionMark]] = {}
    for d in decisions:
        if d.kind not in DECISION_SIGNS:
            raise ValueError(f"a decision mark is one of {', '.join(order)}, not {d.kind!r}")
        groups.setdefault((d.turn, d.player), []).append(d)
    out = ['<g class="decisions">']
    for (turn, p), marks in sorted(groups.items()):
        row = r.rows[max(0, min(len(r.rows) - 1, turn))]
        worst = max((d.kind for d in marks), key=order.index)
        # Under the player's point, or over it (clear of a relationship's diamond) when
        # under would cover the turn axis.
        x, y = fr.px(row.turn), fr.py(row.scores[p]) + 10
        if y > fr.bottom - 7:
            y -= 30
        title = "; ".join(d.text for d in marks)
        chosen = next(d for d in marks if d.kind == worst)  # its attributes mark the turn
        out.append(element("g", {**dict(chosen.attrs), "data-mistake": worst,
                                 "data-player": p, "data-turn": turn},
                           element("title", {}, text(title)),
                           Svg(_decision_shape(worst, x, y))))
    return "".join(out) + "</g>"


def _mark_shape(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "marriage":
        return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="4.2" fill="#fff" stroke="{colour}" '
                f'stroke-width="2"/>')
    return (f'<polygon points="{_f(x)},{_f(y - 5.5)} {_f(x + 5.5)},{_f(y)} {_f(x)},'
            f'{_f(y + 5.5)} {_f(x - 5.5)},{_f(y)}" fill="#fff" stroke="{colour}" '
            f'stroke-width="2"/>')


def _marks(r: Race, st: ChartStrings, px: Callable[[float], float],
           py: Callable[[float], float]) -> list[str]:
    out: list[str] = []
    for row in r.rows:
        groups: dict[tuple[int, str], list[RaceMark]] = {}
        for mk in row.marks:
            groups.setdefault((mk.player, mk.kind), []).append(mk)
        for (p, kind), marks in groups.items():
            x = px(row.turn)
            y = py(row.scores[p])
            if kind == "relationship":
                y -= 7  # beside a marriage of the same turn, not on top of it
            title = "; ".join(mark_text(r, mk, st) for mk in marks)
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            out.append(element("g", {"data-mark": kind, "data-player": p},
                               element("title", {}, text(title)),
                               Svg(_mark_shape(kind, x, y, colour))))
    return out


# --------------------------------------------------------------------------- bars


def _patterns(prefix: str) -> str:
    defs = []
    for cat, (fill, ink, kind) in CATEGORY_STYLE.items():
        pid = f"{prefix}-{cat}"
        if kind == "hatch":
            body = (f'<rect width="6" height="6" fill="{fill}"/><line x1="0" y1="0" x2="0" '
                    f'y2="6" stroke="{ink}" stroke-width="1.6"/>')
            defs.append(f'<pattern id="{pid}" width="6" height="6" patternUnits="userSpaceOnUse" '
                        f'patternTransform="rotate(45)">{body}</pattern>')
        elif kind == "dots":
            body = (f'<rect width="6" height="6" fill="{fill}"/>'
                    f'<circle cx="3" cy="3" r="1.3" fill="{ink}"/>')
            defs.append(f'<pattern id="{pid}" width="6" height="6" '
                        f'patternUnits="userSpaceOnUse">{body}</pattern>')
        elif kind == "cross":
            body = (f'<rect width="7" height="7" fill="{fill}"/><path d="M0,3.5H7M3.5,0V7" '
                    f'stroke="{ink}" stroke-width="1"/>')
            defs.append(f'<pattern id="{pid}" width="7" height="7" '
                        f'patternUnits="userSpaceOnUse">{body}</pattern>')
    return "<defs>" + "".join(defs) + "</defs>"


def _fill(prefix: str, cat: str) -> str:
    fill, _, kind = CATEGORY_STYLE[cat]
    return fill if kind == "solid" else f"url(#{prefix}-{cat})"


def breakdown_svg(state: GameState, *, strings: ChartStrings | None = None,
                  id_prefix: str = "breakdown", width: float = BAR_W,
                  names: Sequence[str] | None = None) -> str:
    """The final scores as one horizontal stacked bar per player, highest first;
    `names`: the players' names as the page shows them (a bot's default name in the
    page's language, as its score table has it), else the game's own."""
    st = strings or ENGLISH
    rows = breakdown_rows(state)
    if names is not None:
        rows = tuple(dataclasses.replace(r, name=names[r.player]) for r in rows)
    labels = {c: getattr(st, c) for c in CATEGORIES}
    summary = "; ".join(st.bar_item.format(name=s.name, goods_cards=s.goods_cards,
                                           goods_markers=s.goods_markers,
                                           relationship_markers=s.relationship_markers,
                                           cash=s.cash, total=s.total) for s in rows)
    W = width
    items = [(20 + _text_width(labels[c]), labels[c]) for c in CATEGORIES]
    slots, legend_h = _legend(items, PAD + 6, W)
    bar_h, row_h = 20.0, 32.0
    top = PAD + 6 + legend_h + 6
    height = top + row_h * len(rows) + PAD
    name_w = min(130.0, max(60.0, max(_text_width(s.name) for s in rows) + 24))
    left, right = PAD + name_w, W - PAD - 30
    biggest = max(1, max(s.total for s in rows))
    unit = (right - left) / biggest
    out = [_open(id_prefix, W, height, st.bar_title, st.bar_desc.format(summary=summary),
                 "breakdown"), _patterns(id_prefix)]
    out.append('<g class="legend">')
    for x, y, i in slots:
        cat = CATEGORIES[i]
        out.append(f'<rect x="{_f(x)}" y="{_f(y - 6)}" width="12" height="12" '
                   f'fill="{_fill(id_prefix, cat)}" stroke="{INK}" stroke-width="0.8"/>')
        out.append(_text(x + 17, y + 4, labels[cat]))
    out.append("</g>")
    for k, s in enumerate(rows):
        y = top + k * row_h + (row_h - bar_h) / 2
        cy = y + bar_h / 2
        out.append(f'<g class="bar" data-player="{s.player}">')
        out.append(player_key(s.player, PAD + 6, cy, 5, line=False))
        name = s.name if _text_width(s.name) <= name_w - 18 else s.name[: int(
            (name_w - 18) / (0.56 * TEXT)) - 1] + "…"
        out.append(_text(PAD + 16, cy + 4, name))
        x = left
        for cat in CATEGORIES:
            v = int(getattr(s, cat))
            if v <= 0:
                continue
            w = v * unit
            out.append(f'<rect data-kind="{cat}" x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" '
                       f'height="{_f(bar_h)}" fill="{_fill(id_prefix, cat)}" stroke="{INK}" '
                       f'stroke-width="0.6"/>')
            if w >= 16:
                out.append(_text(x + w / 2, cy + 4, str(v), 11, "middle",
                                 {"font-weight": "bold", "paint-order": "stroke",
                                  "stroke": "#fff", "stroke-width": 3}))
            x += w
        out.append(_text(x + 5, cy + 4, str(s.total), 12, "start", BOLD))
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def table_text(r: Race, st: ChartStrings = ENGLISH) -> str:
    """The race as a plain-text table (the command line)."""
    head = [st.axis_turn] + list(r.names)
    widths = [max(5, len(h)) for h in head]
    lines = ["  ".join(h.rjust(w) for h, w in zip(head, widths, strict=True))]
    for row in r.rows:
        cells = [str(row.turn)] + [str(v) for v in row.scores]
        line = "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        marks = "; ".join(mark_text(r, mk, st) for mk in row.marks)
        lines.append(line + (f"  {marks}" if marks else ""))
    return "\n".join(lines)


__all__: Sequence[str] = (
    "DECISION_SIGNS", "ChartStrings", "DecisionMark", "Race", "RaceMark", "RaceRow",
    "breakdown_rows", "breakdown_svg",
    "mark_text", "player_key", "projected_scores", "race", "race_rows", "race_svg", "race_x",
    "table_text", "with_now",
)
