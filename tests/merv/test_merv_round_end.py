"""Rundenende: leaders to the next corner, the back of the queue first, with camels to
skip places; the two-player high official; Invasions- und Wertungs-Phase; the end."""

from __future__ import annotations

from dataclasses import replace

from merv_core import actions as A
from merv_core import legal_actions, new_game, outcome
from merv_core.components import default_components
from merv_core.engine import caravan_points, decider, invaded_cells, year_points
from merv_core.state import INVASION, REORDER, SPACE
from tests.merv.merv_helpers import cells, legal_of, play, with_player


def to_round_end(n: int, seed: int = 2):  # type: ignore[no-untyped-def]
    """Play round 1 with favour actions until the leaders move to the next corner."""
    return to_round_end_from(new_game([f"P{i}" for i in range(n)], seed))


def test_without_camels_the_order_stays() -> None:
    """The back of the queue moves first to the last free place: the order is kept."""
    s = to_round_end(3)
    old = s.queue
    assert decider(s) == old[-1]
    while s.stage == REORDER:
        s = play(s, A.Sit)
    assert s.queue == old and s.round == 2 and s.stage == SPACE


def test_camels_skip_places_and_the_next_takes_them() -> None:
    """A camel on each place skipped; who reaches a place with camels may take them."""
    s = to_round_end(3)
    back, middle = s.queue[2], s.queue[1]
    s = with_player(s, back, camels=2)
    s = play(s, A.Skip)
    s = play(s, A.Skip)
    assert decider(s) == back and not any(isinstance(a, A.Skip) for a in legal_actions(s))
    s = play(s, A.Sit)
    assert s.new_queue[0] == back and s.players[back].camels == 0
    assert decider(s) == middle
    camels = s.players[middle].camels
    s = play(s, A.Sit)  # the last place, with the first camel on it
    assert s.new_queue[2] == middle and s.players[middle].camels == camels + 1


def test_high_official_is_moved_and_decided_by_the_players() -> None:
    """2 Spieler: the round's first player places the official, the second chooses its
    tile (an empty one if possible), which gets an official building."""
    s = new_game(["A", "B"], 4)
    first, second = s.queue[0], s.queue[1]
    for _ in range(2):
        s = play(s, A.ChooseSpace, space=len([x for x in s.spaces if x >= 0]))
        s = play(s, A.ChooseTile, cell=legal_of(s, A.ChooseTile)[0].cell)
        s = play(s, A.ChooseAction, kind="favour")
        s = play(s, A.EndTurn)
    assert decider(s) == first
    assert all(a.official for a in legal_of(s, A.ChooseSpace))
    s = play(s, A.ChooseSpace, space=4, official=True)
    assert decider(s) == second
    empties = [a.cell for a in legal_of(s, A.ChooseTile)]
    assert all(s.buildings[c] < 0 for c in empties)
    s = play(s, A.ChooseTile, cell=empties[0], official=True)
    assert s.buildings[empties[0]] == 2


def test_high_official_skips_with_its_camels_and_sits() -> None:
    """'Besitzt er Kamele, ändert er die Reihenfolge für sich so gut wie möglich.'"""
    # the official, last in the queue, moves first and by itself at the round's end
    s = replace(new_game(["A", "B"], 2), official_camels=1)
    s = to_round_end_from(s)
    while s.stage == REORDER:
        s = play(s, A.Sit)
    assert s.queue[1] == 2 and s.official_camels == 0  # one place forward


def to_round_end_from(s):  # type: ignore[no-untyped-def]
    """Play on with favour actions until the leaders move to the next corner."""
    while s.stage != REORDER:
        legal = legal_actions(s)
        pick = next((a for a in legal if isinstance(a, A.ChooseAction) and a.kind == "favour"),
                    None) or next((a for a in legal if isinstance(a, A.EndTurn)), None) or legal[0]
        s = play(s, type(pick), **{k: getattr(pick, k) for k in pick.__dataclass_fields__})
    return s


def test_invasion_walls_soldiers_and_the_official() -> None:
    """Invasion: the first two tiles of every row and column from each side, unless a
    wall or gate there, or a soldier on the tile, protects it."""
    s = new_game(["A", "B"], 1)
    s = cells(s, buildings={0: 0, 6: 1, 1: 2, 7: 0}, soldiers={6: 1})
    walls = list(s.walls)
    walls[0] = True  # N, column 0: cells 0 and 5
    walls[3 * 5 + 0] = True  # W, row 0: cells 0 and 1
    s = replace(s, walls=tuple(walls))
    assert invaded_cells(s) == [1, 7]  # 0 walled both ways, 6 has a soldier


def test_ransom_or_loss_and_soldiers_leave() -> None:
    """UNGESCHÜTZT: remove the building or pay the cube it makes; soldiers all go."""
    s = new_game(["A", "B", "C"], 1)
    s = cells(s, buildings={1: 0, 2: 1}, soldiers={7: 2})
    s = with_player(s, 0, cubes=(1, 1, 1, 1, 0))
    s = replace(s, stage=INVASION, ransoms=(1, 2), year=2, round=4)
    assert decider(s) == 0
    pays = [a for a in legal_of(s, A.Ransom) if a.cube >= 0]
    assert len(pays) == 1
    s = play(s, A.Ransom, cell=1, cube=pays[0].cube)
    assert s.buildings[1] == 0 and sum(s.players[0].cubes) == 3
    assert decider(s) == 1 and legal_actions(s) == [A.Ransom(1, 2, -1)]
    s = play(s, A.Ransom, cell=2, cube=-1)
    assert s.buildings[2] == -1 and s.soldiers[7] == -1 and s.year == 3


def test_scoring_courtiers_need_favour_and_buildings_score() -> None:
    """HÖFLINGE: points by room, paid for by favour (1 lost per courtier regardless);
    BONI: 1 point per building in Merv."""
    comp = default_components()
    s = new_game(["A", "B"], 1)
    red = comp.palace.rooms.index("red")
    palace: list[list[int]] = [[], [], [], []]
    palace[red] = [0, 0]
    s = replace(s, palace=tuple(tuple(r) for r in palace))
    s = cells(s, buildings={0: 0, 1: 0})
    s = with_player(s, 0, scrolls=5, favour=1)
    assert year_points(comp, s, 0) == 5 + 2  # one paid courtier, two buildings


def test_caravan_sets() -> None:
    """Karawanen-Karten: sets of different spices, each scored by its size (our set's
    values: components.json), the sets made as large as they go."""
    comp = default_components()
    one, two, three, four = comp.caravan.set_points
    assert caravan_points(comp, (1, 1, 1, 1)) == four
    assert caravan_points(comp, (2, 1, 0, 0)) == two + one
    assert caravan_points(comp, (3, 3, 1, 0)) == three + two + two


def test_tie_break_favour_then_influence_then_queue() -> None:
    """Patt: more favour, then influence, then the better place in the queue."""
    s = new_game(["A", "B", "C"], 1)
    s = replace(s, stage="over", queue=(2, 1, 0))
    for seat in range(3):
        s = with_player(s, seat, points=10, favour=1, influence=3)
    end = outcome(s)
    assert end is not None and end.winners == (2,) and end.decided_by.value == "queue"
    s = with_player(s, 0, influence=4)
    end = outcome(s)
    assert end is not None and end.winners == (0,) and end.decided_by.value == "influence"
    s = with_player(s, 1, favour=2)
    end = outcome(s)
    assert end is not None and end.winners == (1,) and end.decided_by.value == "favour"
