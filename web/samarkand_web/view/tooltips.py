"""What a tooltip says (main.py shows it on hover, focus or a long press):

- a space: its name, goods marker, camels, and for goods spaces whether its card was
  sold, or that the person at the device holds it and what it is worth;
- a family domain: portion, treasury, who married in, tiles, camels and relationship
  markers left, and whether one may marry in now;
- a goods card in hand: where its space is, the camels there and what it is worth.

Only what the table sees, plus the hand of the person the screen belongs to
(``Controller.hand_shown``): a tooltip never tells whose a kept card is.

A tooltip describes the position on the screen (`Shown`): the game's on the game
screen, the move shown on the replay screen (`tooltips(app)`), never a later one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from samarkand_core import GameState
from samarkand_core.draw.board import family_chip, player_badges, space_label, space_name
from samarkand_core.scoring import card_value
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.screens.replay import ReplayScreen
from samarkand_web.view.ui import Screen

if TYPE_CHECKING:
    from samarkand_web.state.app import App


@dataclass(frozen=True, slots=True)
class Shown:
    """The position a tooltip describes, and what the screen may tell of it."""

    state: GameState
    hand: int | None  # whose hand the screen shows (None: nobody's)
    can_marry: frozenset[str]  # the families one may marry into now (ids)


class Tooltips(Screen):
    def shown(self) -> Shown | None:
        """The position on the screen: the open game's (None without one)."""
        ctl = self.ctl
        if ctl is None:
            return None
        return Shown(ctl.state, ctl.hand_shown(), frozenset(ctl.marry_families()))

    def tip(self, kind: str, value: str) -> Markup:
        """The tooltip of a space ("space", id), a domain ("family", id) or a card in
        hand ("card", good number); empty for anything else."""
        if self.shown() is None:
            return EMPTY
        try:
            if kind == "space":
                return self.space(int(value))
            if kind == "family":
                return self.family(value)
            if kind == "card":
                return self.card(int(value))
        except (ValueError, IndexError, KeyError):
            pass  # a stale element after a redraw: no tooltip
        return EMPTY

    def _box(self, title: Markup | str, lines: list[Markup]) -> Markup:
        # a title, not a heading: a tooltip comes and goes and is no part of the page's
        # outline (an h4 after the game's h2 broke the order of headings, axe)
        return html('<p class="tip-title">{}</p>{}', title,
                    Markup("").join(html("<p>{}</p>", line) for line in lines))

    def _families(self, fams: tuple[int, ...]) -> Markup:
        return join(", ", (self.fname(f) for f in fams))

    def _position(self) -> Shown:
        shown = self.shown()
        assert shown is not None, "a tooltip drawn without a position"
        return shown

    def _player(self, p: int) -> Markup:
        names = self._position().state.names
        return html("<strong>{}</strong> ({})", names[p], player_badges(names)[p])

    def space(self, i: int) -> Markup:
        pos = self._position()
        s = pos.state
        board = s.board
        good = board.good_at[i]
        home = board.home_at[i]
        lines: list[Markup] = []
        if good:
            title = self.tr("tip.goods_title", good=self.good_name_only(good), number=good)
            owner = s.marker_owner[good]
            lines.append(self.tr("tip.marker_on") if owner < 0
                         else self.tr("tip.marker_taken", player=self._player(owner)))
            seller = next((p for p in range(s.n) if good in s.sold[p]), None)
            shown = pos.hand
            if seller is not None:
                lines.append(self.tr("tip.card_sold", player=self._player(seller)))
            elif shown is not None and good in s.hands[shown]:
                lines.append(self.tr("tip.your_card", n=card_value(s, shown, good)))
        elif home >= 0:
            title = html("{}", board.space_names[i] or "")
            lines.append(self.tr("tip.home", family=self.fname(home)))
        elif board.is_water[i]:
            title = self.sname(i)
        else:  # a town, or land named by a neighbour ("land east of Kerman")
            name = (space_label(board, i, self.svg_strings)[0]
                    or space_name(board, i, self.svg_strings))
            title = html("{}", name[:1].upper() + name[1:])
        occ = s.occ[i]
        lines.append(self.tr("tip.camels", families=self._families(occ)) if occ
                     else self.tr("tip.no_camels"))
        if len(occ) == 1:
            lines.append(self.tr("tip.room"))
        elif len(occ) >= 2:
            lines.append(self.tr("tip.full"))
        return self._box(title, lines)

    def good_name_only(self, good: int) -> str:
        board = self._position().state.board
        return self.svg_strings.good_names.get(good, board.good_names[good])

    def family(self, fid: str) -> Markup:
        pos = self._position()
        s = pos.state
        board = s.board
        f = board.family_index[fid]
        married = [p for p in range(s.n) for _ in range(s.tiles[p][f])]
        lines = [
            self.tr("tip.portion", n=board.portion[f]),
            self.tr("tip.treasury", n=s.treasury[f]),
            (self.tr("tip.members", players=join(", ", (self._player(p) for p in married)))
             if married else self.tr("tip.no_members")),
            self.tr("tip.tiles", n=s.domain_tiles[f]),
            self.tr("tip.camels_left", n=s.camels_left[f]),
            self.tr("tip.markers", n=s.markers_left[f]),
        ]
        if s.markers_left[f] == 5:
            lines.append(self.tr("tip.green"))
        if fid in pos.can_marry:
            lines.append(html("<strong>{}</strong>", self.tr("tip.can_marry")))  # or "tap"
        title = html('<span class="fam">{}{}</span>', Markup(family_chip(board, f, 18)),
                     self.family_text(f))
        return self._box(title, lines)

    def card(self, good: int) -> Markup:
        pos = self._position()
        s, p = pos.state, pos.hand
        if p is None or good not in s.hands[p]:
            return EMPTY  # only the cards the screen shows
        space = s.board.good_space[good]
        occ = s.occ[space]
        lines = [
            self.tr("tip.card_where", number=good),
            (self.tr("tip.card_camels", families=self._families(occ)) if occ
             else self.tr("tip.card_no_camels")),
            self.tr("tip.card_value", n=card_value(s, p, good)),
        ]
        return self._box(self.tr("tip.goods_title", good=self.good_name_only(good),
                                 number=good), lines)


class ReplayTooltips(ReplayScreen, Tooltips):
    """The replay's tooltips: the move shown, named as the replayed game names it; no
    hand (the replay shows hands in its own list) and no marriage to offer."""

    def shown(self) -> Shown:
        return Shown(self.state, None, frozenset())


def tooltips(app: App) -> Tooltips:
    """The tooltips of the screen shown: the replay's position, or the game's."""
    if app.screen == "replay" and app.replay is not None:
        return ReplayTooltips(app)
    return Tooltips(app)


GAP = 8.0  # px between a tooltip and what it describes, and from the screen's edge
CLEAR = 1.0  # px kept free around a control (the place is rounded to a tenth of a px)

# A box in the viewport, px: (left, top, right, bottom).
Box = tuple[float, float, float, float]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _slide(ideal: float, low: float, high: float, size: float,
           blocked: list[tuple[float, float]]) -> float | None:
    """The start nearest `ideal` in [low, high] of a stretch `size` long that meets none
    of the `blocked` stretches (start, end); None when there is none."""
    if low > high:
        return None
    starts = [ideal] + [end for _start, end in blocked] + [start - size for start, _end in blocked]
    free = [x for x in (max(low, min(high, c)) for c in starts)
            if all(x + size <= start or x >= end for start, end in blocked)]
    return min(free, key=lambda x: abs(x - ideal)) if free else None


def place(anchor: Box, tip_width: float, tip_height: float, view_width: float,
          view_height: float, avoid: tuple[Box, ...] = ()) -> tuple[float, float] | None:
    """Where a tooltip goes (its top left corner, px in the viewport), or None when it
    fits nowhere: above the box it describes, else below, right or left of it; on
    screen; beside the box (it slides along that side, never further than the box's own
    extent); and clear of the box and of every box in `avoid` (the decision's controls:
    a tooltip that covers the button a person is about to press hides the decision).
    When a control is in the way on every side, it moves out past the controls on the
    side where that is the shortest way (a card among the cards to discard: beside
    them all)."""
    left, top, right, bottom = anchor
    w, h = tip_width, tip_height
    walls = [(b[0] - CLEAR, b[1] - CLEAR, b[2] + CLEAR, b[3] + CLEAR)
             for b in (anchor, *avoid) if b[2] > b[0] and b[3] > b[1]]
    x_low, x_high = max(GAP, left - w), min(view_width - w - GAP, right)
    y_low, y_high = max(GAP, top - h), min(view_height - h - GAP, bottom)
    centre_x, centre_y = (left + right) / 2 - w / 2, (top + bottom) / 2 - h / 2
    # (how far out, the side's order, x or None, y or None): one of x, y is the side's
    # own line, the other slides along it
    tries: list[tuple[float, int, float | None, float | None]] = []
    for order, (base, edges, sign) in enumerate((
            (top - GAP - h, [b[1] - GAP - h for b in walls], -1.0),  # above
            (bottom + GAP, [b[3] + GAP for b in walls], 1.0),  # below
    )):
        tries += [(abs(y - base), order, None, y) for y in (base, *edges)
                  if (y - base) * sign >= 0 and GAP <= y <= view_height - h - GAP]
    for order, (base, edges, sign) in enumerate((
            (right + GAP, [b[2] + GAP for b in walls], 1.0),  # right
            (left - GAP - w, [b[0] - GAP - w for b in walls], -1.0),  # left
    ), start=2):
        tries += [(abs(x - base), order, x, None) for x in (base, *edges)
                  if (x - base) * sign >= 0 and GAP <= x <= view_width - w - GAP]
    for _out, _order, x, y in sorted(tries):
        if y is not None:
            row = [(b[0], b[2]) for b in walls if b[1] < y + h and y < b[3]]
            slid = _slide(centre_x, x_low, x_high, w, row)
            if slid is not None:
                return round(slid, 1), round(y, 1)
        elif x is not None:
            column = [(b[1], b[3]) for b in walls if b[0] < x + w and x < b[2]]
            slid = _slide(centre_y, y_low, y_high, h, column)
            if slid is not None:
                return round(x, 1), round(slid, 1)
    return None
