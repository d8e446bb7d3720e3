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
