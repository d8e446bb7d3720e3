"""A greedy bot: it tries every legal action and takes the one whose result has the
highest `worth` for the deciding seat minus the opponents' mean worth (ties: the first
listed). An action that opens a tile action of several steps (or a pending bonus) is
judged after the bot's own greedy play of those steps (`LOOKAHEAD` at most), so that a
tile action is weighed by what it yields, not by the empty step that starts it.

`worth` is points plus what the rest of the game should turn the player's holdings into,
with fixed weights (WEIGHTS): cubes and camels as the spending they allow, favour and
influence as the points their tracks give, scrolls and goods as contracts and courtiers,
caravan cards as their set value, and every building, courtier, point tile and mosque field
as the points it scores in each scoring still to come. It reads only the deciding seat's
own state and the public table: nothing the caravan deck or the face-down milestones hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..components import GRID, WHITE, default_components
from ..engine import caravan_points, courtiers, legal_actions, room_value, successor
from ..state import ACT, AFTER, OVER, SPACE, TILE, GameState

if TYPE_CHECKING:
    from ..components_schema import Components

LOOKAHEAD = 6
_SETTLED = (SPACE, TILE, ACT, AFTER, OVER)

WEIGHTS = {
    "cube": 0.55, "white": 0.8, "camel": 0.9, "favour": 0.8, "influence": 0.6,
    "scroll": 1.3, "good": 1.6, "spice_card": 0.25, "building": 1.2, "courtier": 1.5,
    "mosque_field": 1.4, "soldier": 0.4, "supply_building": 0.2,
}


def worth(comp: Components, s: GameState, seat: int) -> float:
    p = s.players[seat]
    if s.stage == OVER:
        return float(p.points)
    left = 4 - s.year  # scorings still to come (this year's included)
    w = WEIGHTS
    value = float(p.points)
    value += w["cube"] * sum(p.cubes[:WHITE]) + w["white"] * p.cubes[WHITE]
    value += w["camel"] * p.camels
    value += w["favour"] * p.favour + w["influence"] * p.influence
    value += w["scroll"] * p.scrolls + w["good"] * (p.common + p.rare)
    value += caravan_points(comp, p.spices) + w["spice_card"] * sum(p.spices)
    own = [c for c in range(GRID * GRID) if s.buildings[c] == seat]
    value += w["building"] * len(own) * left + w["supply_building"] * p.buildings
    n_court = courtiers(s, seat)
    if n_court:
        best = max(room_value(comp, s, p, r) for r in range(4))
        value += n_court * left * (w["courtier"] + 0.3 * best) - 0.5 * max(0, n_court - p.favour)
    value += w["mosque_field"] * (p.mosque_field + 1)
    if p.point_tile >= 0:
        pt = comp.mosque.point_tiles[p.point_tile]
        value += pt.points * left * sum(
            1 for c in own if comp.building_tiles[s.cell_tiles[c]].action == pt.action)
    value += w["soldier"] * sum(1 for c in own if s.soldiers[c] >= 0)
    return value


def relative_worth(comp: Components, s: GameState, seat: int) -> float:
    others = [worth(comp, s, q) for q in range(s.n) if q != seat]
    return worth(comp, s, seat) - sum(others) / len(others)


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, state: GameState) -> Action:
        legal = legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        comp = default_components()
        seat = legal[0].player
        best, best_value = legal[0], float("-inf")
        for i, action in enumerate(legal):
            value = settled_value(comp, successor(state, action, i), seat)
            if value > best_value:
                best, best_value = action, value
        return best


def settled_value(comp: Components, s: GameState, seat: int) -> float:
    """The worth once the seat's own steps of the action in progress are played, each
    step the one-step best (a single greedy line, LOOKAHEAD steps at most)."""
    for _ in range(LOOKAHEAD):
        if not s.pending and s.stage in _SETTLED:
            break
        legal = legal_actions(s)
        if not legal or legal[0].player != seat:
            break
        options = [successor(s, a, i) for i, a in enumerate(legal)]
        s = max(options, key=lambda o: relative_worth(comp, o, seat))
    return relative_worth(comp, s, seat)
