"""Aufbau (setup) of the short rules, for 2, 3 and 4 players."""

from __future__ import annotations

import pytest

from merv_core import SetupError, new_game
from merv_core.components import default_components
from merv_core.geometry import CENTRE


@pytest.mark.parametrize("n", [2, 3, 4])
def test_leaders_start_in_random_order_and_discs_on_first_fields(n: int) -> None:
    """(2) leaders in random order in the NW corner; (3-5) discs on the first fields."""
    orders = {new_game([f"P{i}" for i in range(n)], seed).queue[:n] for seed in range(30)}
    assert len(orders) > 1
    s = new_game([f"P{i}" for i in range(n)], 3)
    assert all(p.favour == 0 and p.influence == 0 and p.points == 0 for p in s.players)


def test_two_players_high_official_starts_last_in_the_queue() -> None:
    """2 Spieler: the high official's leader starts on the queue's last place."""
    s = new_game(["A", "B"], 5)
    assert len(s.queue) == 3 and s.queue[-1] == s.official == 2
    assert s.official_buildings == default_components().buildings_per_player


@pytest.mark.parametrize("n,camels", [(2, 2), (3, 3), (4, 4)])
def test_caravan_queue_has_eight_cards_and_camels_on_the_first_x(n: int, camels: int) -> None:
    """(17-18) 8 cards; camels on the 2 / 3 / 4 cards furthest from the deck."""
    s = new_game([f"P{i}" for i in range(n)], 1)
    assert len(s.caravan_spices) == 8
    assert s.caravan_camels == tuple(i < camels for i in range(8))


def test_city_tiles_market_camels_and_contract_stacks() -> None:
    """(6-7) tiles on every cell but the market's; (11) camels on the 4 inner cities;
    (12) 6 contract stacks sorted by points, highest on top; (15) a camel per mosque track."""
    comp = default_components()
    s = new_game(["A", "B", "C"], 9)
    assert s.cell_tiles[CENTRE] == -1
    assert sorted(t for t in s.cell_tiles if t >= 0) == list(range(24))
    assert s.city_camels == tuple(c.inner for c in comp.market.cities)
    assert s.mosque_camels == (True,) * 4
    for stack in s.contracts:
        pts = [comp.contracts[c].points for c in stack]
        assert pts == sorted(pts, reverse=True)
    assert s.market_side in (0, 1)


def test_bad_players_are_refused() -> None:
    for names in (["A"], ["A", "B", "C", "D", "E"], ["A", "A"], ["A", ""]):
        with pytest.raises(SetupError):
            new_game(names, 1)
