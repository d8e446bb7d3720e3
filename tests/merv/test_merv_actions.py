"""The six tile actions (Karawanserei, Palast, Bibliothek, Marktplatz, Moschee, Mauer) and
how cubes are paid (our reading: docs/merv/rules.md)."""

from __future__ import annotations

from dataclasses import replace

from merv_core import actions as A
from merv_core import legal_actions, new_game
from merv_core.components import default_components
from merv_core.engine import decider, plan_payment
from merv_core.state import AFTER, CARAVAN, LIBRARY, MARKET, MOSQUE, PALACE, WALL, Turn
from tests.merv.merv_helpers import cells, legal_of, play, with_player


def at(stage: str, n: int = 3, **player: object):  # type: ignore[no-untyped-def]
    s = new_game([f"P{i}" for i in range(n)], 1)
    me = decider(s)
    s = with_player(s, me, **player)
    return replace(s, stage=stage, turn=Turn(space=0, cell=0)), me


def test_caravan_first_card_camel_cards_and_the_card_behind_a_camel() -> None:
    """Karawanserei: the first card always; a card with a camel, or the next after one."""
    s, me = at(CARAVAN, cubes=(0, 0, 0, 0, 9))
    s = replace(s, caravan_camels=(False, False, True, False, False, False, False, False))
    slots = {a.slot for a in legal_actions(s) if isinstance(a, A.TakeCard)}
    assert slots <= {0, 2, 3} and 0 in slots


def test_caravan_one_colour_and_white_and_the_camel_goes_to_the_taker() -> None:
    """'von genau 1 Farbe und/oder weiß'; 'Steht ein Kamel auf der Karte, erhältst Du es'."""
    s, me = at(CARAVAN, cubes=(3, 3, 0, 0, 1), influence=11)
    s = replace(s, caravan_camels=(True,) * 8)
    s = play(s, A.TakeCard, slot=0, cube=0)
    assert s.players[me].camels == 1 and s.turn.caravan_colour == 0
    assert {a.cube for a in legal_actions(s) if isinstance(a, A.TakeCard)} == {0, 4}


def test_caravan_spice_limit_refill_and_pair_bonus() -> None:
    """The limit of spice kinds; refill to 8 at the end; a completed pair's bonus."""
    s, me = at(CARAVAN, cubes=(0, 0, 0, 0, 5), spices=(1, 0, 0, 0))
    s = replace(s, caravan_spices=(0, 1, 0, 2, 3, 0, 1, 2), caravan_camels=(True,) * 8)
    assert all(s.caravan_spices[a.slot] == 0 for a in legal_actions(s)
               if isinstance(a, A.TakeCard))  # limit 1: cinnamon only
    s = play(s, A.TakeCard, slot=0, cube=4)
    deck = len(s.deck)
    s = play(s, A.Done)
    assert len(s.caravan_spices) == 8 and len(s.deck) == deck - 1
    assert s.players[me].cubes[4] == 4 + 1  # cinnamon pair: a white cube
    assert s.stage == AFTER


def test_palace_cost_rises_with_courtiers_and_first_in_room_gives_favour() -> None:
    """Palast: each servant costs as many cubes of the room's colour as one then has
    courtiers; one per room per action; the room's first courtier gives a favour."""
    comp = default_components()
    s, me = at(PALACE, cubes=(3, 3, 3, 3, 0))
    red = comp.palace.rooms.index("red")
    s = play(s, A.Courtier, room=red)
    assert s.players[me].cubes[0] == 2 and s.players[me].favour == 1
    assert all(a.room != red for a in legal_actions(s) if isinstance(a, A.Courtier))
    blue = comp.palace.rooms.index("blue")
    s = play(s, A.Courtier, room=blue)
    assert s.players[me].cubes[1] == 1  # the second courtier costs 2


def test_library_distinct_colours_and_milestones() -> None:
    """Bibliothek: 1-4 cubes of different colours for as many scrolls; the 2nd scroll
    gives a milestone of one's choice from the face-down stack."""
    s, me = at(LIBRARY, cubes=(1, 1, 0, 0, 0))
    masks = {a.colours for a in legal_actions(s) if isinstance(a, A.Scrolls)}
    assert masks == {1, 2, 3}
    s = play(s, A.Scrolls, colours=3)
    assert s.players[me].scrolls == 2 and s.pending[0] == ("milestone", 0)
    choices = legal_of(s, A.ChooseMilestone)
    assert len(choices) == len(s.milestones[0])
    s = play(s, A.ChooseMilestone, level=0, tile=choices[0].tile)
    assert len(s.players[me].milestones) == 1 and choices[0].tile not in s.milestones[0]


def test_milestone_saving_and_joker_in_payment() -> None:
    """Milestone 2: one cube less once per turn in its action; milestone 4: once per turn
    one cube of its colour counts as a joker."""
    comp = default_components()
    s, me = at(LIBRARY)
    lib = next(i for i, t in enumerate(comp.milestones[0].tiles) if t.action == "library")
    joker_red = next(i for i, t in enumerate(comp.milestones[1].tiles) if t.colour == "red")
    p = replace(s.players[me], milestones=((0, lib), (1, joker_red)), cubes=(1, 0, 0, 0, 0))
    assert plan_payment(comp, p, Turn(), [1, 2], "library") is not None  # saving + joker
    assert plan_payment(comp, p, Turn(), [1, 2], "palace") is None
    assert plan_payment(comp, p, Turn(discount_used=True, joker_used=True), [1], "library") \
        is None


def test_market_first_post_inner_then_linked_outer_and_camels_on_roads() -> None:
    """Marktplatz: the first post in an inner city (its camel to the first); an outer city
    only when linked to an inner one with one's post; a good without a post costs a camel
    onto the road; afterwards the road camels go to the caravan cards."""
    comp = default_components()
    s, me = at(MARKET, cubes=(5, 5, 5, 5, 0), camels=1)
    s = replace(s, caravan_camels=(False,) * 8)
    inner = [i for i, c in enumerate(comp.market.cities) if c.inner]
    posts = {a.city for a in legal_actions(s) if isinstance(a, A.TradingPost)}
    assert posts == set(inner)
    s = play(s, A.TradingPost, city=inner[0])
    assert s.players[me].camels == 2 and not s.city_camels[inner[0]]
    s = play(s, A.BuyGood, city=inner[1])  # no post there: a camel onto its road
    assert s.players[me].camels == 1 and s.road_camels[inner[1]] == 1
    assert s.players[me].common == 1
    s = play(s, A.Done)
    assert s.caravan_camels[0] and s.road_camels == (0,) * 8


def test_mosque_one_track_its_camel_and_bonuses() -> None:
    """Moschee: the disc goes onto a track chosen at the first advance and stays on it;
    the track's camel goes to the first who reaches it."""
    s, me = at(MOSQUE, cubes=(9, 9, 9, 9, 0))
    assert {a.track for a in legal_actions(s) if isinstance(a, A.Advance)} == {0, 1, 2, 3}
    s = play(s, A.Advance, track=1)
    assert s.players[me].camels == 1 and not s.mosque_camels[1]
    assert {a.track for a in legal_actions(s) if isinstance(a, A.Advance)} == {1}


def test_wall_influence_for_the_two_nearest_buildings() -> None:
    """Mauer: 1 influence per own building, 2 per other player's, on the two tiles next to
    the wall."""
    s, me = at(WALL, cubes=(9, 9, 9, 9, 0))
    other = (me + 1) % 3
    s = cells(s, buildings={0: me, 5: other})
    s = play(s, A.BuildWall, space=0)  # north side, column 0: cells 0 and 5
    assert s.players[me].influence == 3 and s.walls[0]
    assert all(a.space != 0 for a in legal_actions(s) if isinstance(a, A.BuildWall))


def test_caravan_takes_one_card_at_least_when_one_can() -> None:
    """'Gib 1 - x Ressourcen-Würfel aus': no ending the caravanserai empty-handed while a
    card can be taken; with nothing to pay, it ends empty."""
    s, me = at(CARAVAN, cubes=(0, 0, 0, 0, 1))
    assert not any(isinstance(a, A.Done) for a in legal_actions(s))
    s2, me = at(CARAVAN)
    assert [type(a) for a in legal_actions(s2)] == [A.Done]
