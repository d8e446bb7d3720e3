"""Property tests over random games: resources never negative, tracks in range,
buildings, meeples and camels conserved, every game ends and scores."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from merv_core import outcome
from merv_core.components import GRID, default_components
from merv_core.engine import courtiers, spice_limit
from merv_core.state import GameState
from tests.merv.merv_helpers import random_game


def camels_in_play(s: GameState) -> int:
    return (sum(p.camels for p in s.players) + s.official_camels + sum(s.camel_market)
            + sum(s.caravan_camels) + sum(s.city_camels) + sum(s.road_camels)
            + sum(s.mosque_camels) + sum(sum(c) for c in s.corner_camels) + s.camels_removed)


def check(s: GameState, camels: int) -> None:
    comp = default_components()
    for seat, p in enumerate(s.players):
        assert min(p.cubes) >= 0 and p.camels >= 0 and p.common >= 0 and p.rare >= 0
        assert 0 <= p.favour < len(comp.favour_track.points)
        assert 0 <= p.influence < comp.influence_track.length
        assert p.points >= 0 and min(p.spices) >= 0
        if p.mosque_track >= 0:
            assert 0 <= p.mosque_field < len(comp.mosque.tracks[p.mosque_track].fields)
        assert p.scrolls >= sum(comp.contracts[c].scrolls for c in p.contracts)
        on_board = sum(1 for c in range(GRID * GRID) if s.buildings[c] == seat)
        assert p.buildings + on_board == comp.buildings_per_player
        soldiers = sum(1 for c in range(GRID * GRID) if s.soldiers[c] == seat)
        assert p.servants + soldiers + courtiers(s, seat) == comp.servants_per_player
        kinds = sum(1 for k in p.spices if k)
        assert kinds <= spice_limit(comp, p.influence)
    if s.n == 2:
        official = sum(1 for c in range(GRID * GRID) if s.buildings[c] == 2)
        assert s.official_buildings + official == comp.buildings_per_player
    assert camels_in_play(s) == camels
    assert all(len(r) <= comp.palace.seats for r in s.palace)
    assert 1 <= s.year <= 3 and 1 <= s.round <= 4
    assert s.white_upgrades >= 0 and min(s.bonus_upgrades) >= 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_and_end_with_scores(n: int, seed: int) -> None:
    states = random_game(n, seed)
    camels = camels_in_play(states[0])
    for s in states[::3] + [states[-1]]:
        check(s, camels)
    end = outcome(states[-1])
    assert end is not None and end.winners and len(end.scores) == n
    assert states[-1].year == 3
