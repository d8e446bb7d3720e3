"""How close is the end: the two end conditions of the rulebook as a
small indicator (families still without a trade relationship; the most relationships
one family has, of 5) and a warning line when one more turn could end the game.

Rulebook, End of the game: the game ends at once after a turn in which every family
has established a trade relationship (no dark green marker left) or one family has
established five (no relationship marker left in its domain)."""

from __future__ import annotations

from samarkand_core import GameState
from samarkand_core.rules import MARKERS_PER_FAMILY
from samarkand_web.view.markup import EMPTY, Markup, html
from samarkand_web.view.ui import Screen


def relationships(s: GameState, f: int) -> int:
    """The relationship markers family f has given (a marker per first meeting)."""
    return MARKERS_PER_FAMILY - s.markers_left[f]


def _can_place(s: GameState, f: int, camels: int) -> bool:
    """Someone holds a tile of f and f can place this many camels in one turn (the
    second costs its treasury 1 dirham)."""
    held = any(s.tiles[p][f] for p in range(s.n))
    return held and s.camels_left[f] >= camels and (camels < 2 or s.treasury[f] >= 1)


def end_warning(s: GameState) -> tuple[str, dict[str, int]] | None:
    """Whether one more turn could end the game, and why (an i18n key and its values).

    A turn places at most two camels of one family (the active one), so it makes at
    most two first meetings: the active family gives at most two markers, any other
    family at most one. The warning says "could": it counts what one turn might do,
    not whether the board allows it."""
    if s.is_over:
        return None
    fams = range(s.board.n_families)
    one = any(_can_place(s, f, 1) for f in fams)
    two = any(_can_place(s, f, 2) for f in fams)
    for f in sorted(fams, key=lambda g: s.markers_left[g]):
        left = s.markers_left[f]
        if (left == 1 and one) or (left == 2 and _can_place(s, f, 2)):
            return "ending.warn_five", {"family": f, "n": relationships(s, f)}
    green = [f for f in fams if s.markers_left[f] == MARKERS_PER_FAMILY]
    k = len(green)
    if (k == 1 and one) or (k == 2 and (two or any(_can_place(s, f, 1) for f in green))) \
            or (k == 3 and any(_can_place(s, f, 2) for f in green)):
        return "ending.warn_green", {"n": k}
    return None


# The gauges as drawn, by (language, touch screen, families without a relationship,
# families, most relationships of one family): the same few are drawn at every move.
_GAUGES: dict[tuple[str, bool, int, int, int], Markup] = {}


class EndIndicator(Screen):
    def indicator(self) -> Markup:
        """Two small gauges with words for screen readers (empty once the game is over)."""
        ctl = self.ctl
        assert ctl is not None
        s = ctl.state
        if ctl.is_over:
            return EMPTY
        total = s.board.n_families
        green = sum(1 for m in s.markers_left if m == MARKERS_PER_FAMILY)
        most = max(relationships(s, f) for f in range(total))
        key = (self.lang, self.app.touch, green, total, most)
        drawn = _GAUGES.get(key)
        if drawn is None:
            drawn = _GAUGES[key] = self.gauges(green, total, most)
        return drawn

    def gauges(self, green: int, total: int, most: int) -> Markup:
        green_pips = Markup("").join(html('<i class="pip{}"></i>', " on" if k < green else "")
                                     for k in range(total))
        most_pips = Markup("").join(html('<i class="pip{}"></i>', " on" if k < most else "")
                                    for k in range(MARKERS_PER_FAMILY))
        # numbers and pips on screen, the whole sentences as tooltips and for screen readers
        return html('<p class="ending" id="ending"><span class="ending-label">{}{}</span>'
                    '<span class="gauge green" title="{}"><span class="pips" aria-hidden="true">'
                    '{}</span><span class="gauge-n" aria-hidden="true">{}/{}</span>'
                    '<span class="sr-only">{}.</span></span>'
                    '<span class="gauge most" title="{}"><span class="pips" aria-hidden="true">'
                    '{}</span><span class="gauge-n" aria-hidden="true">{}/5</span>'
                    '<span class="sr-only">{}.</span></span></p>',
                    self.t("ending.label"), self.colon,
                    self.t("ending.green", n=green, total=total), green_pips, green, total,
                    self.t("ending.green", n=green, total=total),
                    self.t("ending.most", n=most), most_pips, most, self.t("ending.most", n=most))

    def warning(self) -> Markup:
        ctl = self.ctl
        assert ctl is not None
        if ctl.is_over:
            return EMPTY
        found = end_warning(ctl.state)
        if found is None:
            return EMPTY
        key, params = found
        return html('<p class="ending-warning" id="ending-warning">{}</p>',
                    self.fmt(key, params))
