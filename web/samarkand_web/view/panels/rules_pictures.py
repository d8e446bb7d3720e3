"""Labelled pictures beside the rules in brief: a domain, a route, a sale and the end.

Each is a part of the board as the game draws it (samarkand_core.draw.excerpt: the board's
own pieces, made inert so that nothing in the rules dialog acts on the game or opens a
tooltip), taken from a short example game that the rules core plays (rules_game.py), so
that the pictures show what the core does. Numbered badges on the picture point at what
the numbered key below it explains, in the page's language; the key names every number
the picture shows. A picture is one image for assistive technology (role="img" and a
sentence saying what it shows); the key is text.

They are drawn when the rules open (RulesPanel), never at the page's start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samarkand_core import Board, GameState, default_board, final_scores, view_for
from samarkand_core.draw.board import family_chip, good_name, player_badges, space_name
from samarkand_core.draw.domains import (
    CAMEL_X,
    MARKERS_X,
    PORTION_X,
    TILE_GAP,
    TILE_H,
    TILE_W,
    TILES_X,
    TREASURY_X,
)
from samarkand_core.draw.excerpt import BoardExcerpt
from samarkand_core.draw.style import LABEL_ATTRS
from samarkand_core.rules import OTHER_CAMEL, OWN_FAMILY_CAMEL, SALE_PRICE
from samarkand_core.scoring import card_value
from samarkand_web.view.markup import Markup, html, join
from samarkand_web.view.panels.rules_game import ANN, BOB, CEM, ExampleGame, example_game
from samarkand_web.view.ui import Screen

Point = tuple[float, float]
BADGE_R = 9.0  # a badge's radius; its number is BADGE_FONT user units tall
BADGE_FONT = 13.0
BADGE_INK = "#1d4ed8"  # the blue of the board's highlight ring: apart from every family
PAD = 6.0  # room around a picture's parts
# Drawn this much larger than the board draws its parts, as room allows (CSS max-width:
# 100%): at 360 px wide the widest picture is still shown at 0.96 of the board's size, so
# its numbers and badges stay over 12 px.
SCALE = 1.3


@dataclass(frozen=True, slots=True)
class Callout:
    """A numbered badge at `at`, with a line to each point it names."""

    number: int
    at: Point
    to: tuple[Point, ...] = ()


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture's drawing (in the board's coordinates) and the box shown of it."""

    body: str
    box: tuple[float, float, float, float]
    callouts: tuple[Callout, ...]


def _badges(callouts: Sequence[Callout]) -> str:
    lines, discs = [], []
    for c in callouts:
        x, y = c.at
        for tx, ty in c.to:
            lines.append(f'<line x1="{x:g}" y1="{y:g}" x2="{tx:g}" y2="{ty:g}" '
                         f'stroke="{BADGE_INK}" stroke-width="1.6"/>'
                         f'<circle cx="{tx:g}" cy="{ty:g}" r="2.2" fill="{BADGE_INK}"/>')
        discs.append(f'<g class="callout" data-callout="{c.number}">'
                     f'<circle cx="{x:g}" cy="{y:g}" r="{BADGE_R:g}" fill="{BADGE_INK}" '
                     f'stroke="#fff" stroke-width="1.6"/><text x="{x:g}" '
                     f'y="{y + BADGE_FONT * 0.36:.1f}" font-size="{BADGE_FONT:g}" '
                     f'font-weight="bold" text-anchor="middle" fill="#fff">{c.number}</text></g>')
    return "".join(lines) + "".join(discs)


def _figure(name: str, label: str, picture: Picture, key: Sequence[Markup],
            note: Markup | None = None) -> Markup:
    """The picture (scaled to its box's width at most) and its numbered key."""
    x, y, w, h = picture.box
    svg = html('<svg xmlns="http://www.w3.org/2000/svg" class="rules-drawing" width="{sw}" '
               'height="{sh}" viewBox="{x} {y} {w} {h}" aria-hidden="true" focusable="false" '
               '{attrs}>{body}</svg>', sw=f"{w * SCALE:.0f}", sh=f"{h * SCALE:.0f}",
               w=f"{w:.1f}", h=f"{h:.1f}", x=f"{x:.1f}", y=f"{y:.1f}",
               attrs=Markup(LABEL_ATTRS),
               body=Markup(picture.body + _badges(picture.callouts)))
    items = join("", (html('<li><span class="key-no" aria-hidden="true">{}</span>'
                           '<span class="key-text">{}</span></li>', k + 1, words)
                      for k, words in enumerate(key)))
    extra = html('<p class="key-note">{}</p>', note) if note is not None else Markup("")
    return html('<figure class="rules-figure" id="rules-pic-{}"><div class="rules-picture" '
                'role="img" aria-label="{}">{}</div><figcaption><ol class="rules-key">{}</ol>'
                "{}</figcaption></figure>", name, label, svg, items, extra)


def _around(points: Sequence[Point], margin: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - margin, min(ys) - margin, max(xs) - min(xs) + 2 * margin,
            max(ys) - min(ys) + 2 * margin)


def _corner(part: BoardExcerpt, space: int) -> Point:
    """Where a space's badge sits: its upper left, clear of the goods marker, the name
    and the camels."""
    x, y = part.centre(space)
    return x - 16.0, y - 13.0


class RulesPictures(Screen):
    """The labelled picture beside each section of the rules that has one (by section)."""

    def board(self) -> Board:
        board = self.ctl.state.board if self.ctl is not None else default_board()
        try:
            example_game(board)
        except ValueError:  # an earlier map with no goods space that fits the example
            return default_board()
        return board

    def family_name(self, board: Board, f: int) -> str:
        return self.svg_strings.family_names.get(board.family_ids[f], board.family_names[f])

    def family(self, board: Board, f: int) -> Markup:
        """A family's name with its chip (colour and symbol)."""
        return html('<span class="fam">{}{}</span>', Markup(family_chip(board, f, 16)),
                    self.family_name(board, f))

    def excerpt(self, state: GameState) -> BoardExcerpt:
        """The board as Ann sees it in `state` (nothing of the example's hands)."""
        return BoardExcerpt(view_for(state, ANN), self.svg_strings)

    def pictures(self) -> dict[str, Markup]:
        board = self.board()
        ex = example_game(board)
        return {"marry": self.domain(ex), "expand": self.route(ex), "goods": self.sale(ex),
                "score": self.end(ex)}

    # ------------------------------------------------------------------ the four pictures

    def domain(self, ex: ExampleGame) -> Markup:
        """The domain of Ann's family once she has married in and moved: every number."""
        state, f = ex.taken, ex.plan.route_family
        part = self.excerpt(state)
        x, y, w, h = part.domain_box(f)
        fy = part.figure_y(f)
        below = y + h + PAD + BADGE_R
        tiles = x + TILES_X + TILE_W + TILE_GAP / 2
        figures = (x + PORTION_X, x + TREASURY_X, tiles, x + CAMEL_X, x + MARKERS_X)
        # each line ends at the lower edge of what it names, below the figures' centre
        # line: a coin (radius 12.5), the tiles, the camel (radius 9), the marker stack
        ends = (12.5, 12.5, TILE_H / 2, 9.0, 5.0)
        callouts = tuple(Callout(k + 1, (fx, below), ((fx, fy + d),))
                         for k, (fx, d) in enumerate(zip(figures, ends, strict=True)))
        picture = Picture(part.domain(f), (x - PAD, y - PAD, w + 2 * PAD,
                                           h + 2 * PAD + 2 * BADGE_R + PAD), callouts)
        badge = player_badges(state.names)[ANN]
        t = self.tr
        key = (t("rules.key.portion", n=state.board.portion[f]),
               t("rules.key.treasury", n=state.treasury[f]),
               t("rules.key.tiles", player=state.names[ANN], badge=badge),
               t("rules.key.camels", n=state.camels_left[f]),
               t("rules.key.markers", n=state.markers_left[f]))
        return _figure("domain", self.t("rules.fig.domain",
                                        family=self.family_name(state.board, f)),
                       picture, key)

    def route(self, ex: ExampleGame) -> Markup:
        """Ann's family's camels from its home city to the goods space they reached."""
        state, f = ex.taken, ex.plan.route_family
        board = state.board
        route = ex.route
        part = self.excerpt(state)
        near = {s for r in route for s in board.neighbours[r]} | set(route)
        centres = [part.centre(s) for s in route]
        box = _around(centres, board.data.hex_grid.radius + PAD)
        home, goods = route[0], ex.plan.space
        middle = [s for s in route if s not in (home, goods)]
        callouts = (Callout(1, _corner(part, home)),
                    *(Callout(2, _corner(part, s)) for s in middle),
                    Callout(3, _corner(part, goods)))
        picture = Picture(part.spaces(near), box, callouts)
        t = self.tr
        key = (t("rules.key.home", family=self.family(board, f)),
               t("rules.key.route"),
               t("rules.key.goods", space=space_name(board, goods, self.svg_strings),
                 player=state.names[ANN]))
        return _figure("route", self.t("rules.fig.route", family=self.family_name(board, f),
                                       space=space_name(board, goods, self.svg_strings)),
                       picture, key)

    def sale(self, ex: ExampleGame) -> Markup:
        """The goods space before and after Ann's camel took its marker, then the sale."""
        board = ex.taken.board
        space, good = ex.plan.space, ex.plan.good
        r = board.data.hex_grid.radius
        before, after = self.excerpt(ex.before), self.excerpt(ex.taken)
        cx, cy = after.centre(space)
        shift = 2 * r + 34.0  # the "after" space, right of the "before" one
        arrow_y = cy
        body = (before.spaces([space])
                + f'<g transform="translate({shift:g} 0)">{after.spaces([space])}</g>'
                + f'<path d="M{cx + r + 4:g},{arrow_y:g} h{shift - 2 * r - 10:g}" '
                  f'stroke="#3b2c17" stroke-width="2.4"/>'
                + f'<path d="M{cx + shift - r - 4:g},{arrow_y:g} l-8,-5 v10z" fill="#3b2c17"/>')
        bx, by = _corner(before, space)
        callouts = (Callout(1, (bx, by)), Callout(2, (bx + shift, by)))
        box = (cx - r - PAD, cy - r - PAD, shift + 2 * r + 2 * PAD, 2 * r + 2 * PAD)
        t = self.tr
        gname = good_name(board, good, self.svg_strings)
        key = (t("rules.key.marker_waits", good=gname, number=good),
               t("rules.key.marker_taken", player=ex.taken.names[ANN],
                 family=self.family(board, ex.plan.route_family)))
        note = t("rules.key.sale", good=gname, number=good, player=ex.taken.names[ANN],
                 n=SALE_PRICE)
        return _figure("sale", self.t("rules.fig.sale", good=gname, number=good),
                       Picture(body, box, callouts), key, note)

    def end(self, ex: ExampleGame) -> Markup:
        """What counts at the end: the goods space with the camels of two families, and
        their domains once they have met (their dark green markers gone)."""
        state = ex.met
        board = state.board
        plan = ex.plan
        part = self.excerpt(state)
        r = board.data.hex_grid.radius
        sx, sy = part.centre(plan.space)
        fams = (plan.route_family, plan.meet_family)
        boxes = [part.domain_box(f) for f in fams]
        dw, dh = boxes[0][2], boxes[0][3]
        left = sx + r + 3 * PAD  # the domains, stacked right of the space
        top = sy - dh - PAD / 2
        body = [part.spaces([plan.space])]
        callouts = [Callout(1, _corner(part, plan.space))]
        stacks: list[Point] = []
        for k, (f, (x, y, _, _)) in enumerate(zip(fams, boxes, strict=True)):
            dx, dy = left - x, top + k * (dh + PAD) - y
            body.append(f'<g transform="translate({dx:g} {dy:g})">{part.domain(f)}</g>')
            # the line ends right of the stack's number
            stacks.append((x + dx + MARKERS_X + 24.0, part.figure_y(f) + dy))
        badge_x = left + dw + PAD + BADGE_R
        callouts.append(Callout(2, (badge_x, sy), tuple(stacks)))
        box = (sx - r - PAD, top - PAD, badge_x + BADGE_R + PAD - (sx - r - PAD),
               2 * dh + 3 * PAD)
        names = state.names
        gname = good_name(board, plan.good, self.svg_strings)
        score = final_scores(state).scores[ANN]
        t = self.tr
        key = (t("rules.key.card", good=gname, number=plan.good, own=OWN_FAMILY_CAMEL,
                 other=OTHER_CAMEL, first=names[ANN],
                 first_value=card_value(state, ANN, plan.good), second=names[CEM],
                 second_value=card_value(state, CEM, plan.good)),
               t("rules.key.met", player=names[BOB], first=self.family(board, fams[0]),
                 second=self.family(board, fams[1])))
        note = t("rules.key.score", player=names[ANN], cards=score.goods_cards,
                 goods=score.goods_markers, relationships=score.relationship_markers,
                 dirhams=score.cash, total=score.total)
        return _figure("end", self.t("rules.fig.end", good=gname, number=plan.good),
                       Picture("".join(body), box, tuple(callouts)), key, note)
