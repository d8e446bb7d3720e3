"""Aktions-Phase: the four steps of a turn, production, the camel market, contracts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from merv_core import IllegalActionError, apply_action, legal_actions, new_game
from merv_core import actions as A
from merv_core.engine import decider, production
from merv_core.geometry import CENTRE, line_cells
from merv_core.state import ACT, AFTER, TILE
from tests.merv.merv_helpers import cells, play, with_player


def start(n: int = 3, seed: int = 1):  # type: ignore[no-untyped-def]
    return new_game([f"P{i}" for i in range(n)], seed)


def test_step1_only_free_spaces_of_the_current_side() -> None:
    """1) a free action space between the current corners."""
    s = start()
    first = decider(s)
    s = play(s, A.ChooseSpace, space=0)
    assert s.stage == TILE and s.spaces[0] == first
    s = play(s, A.ChooseTile, cell=0)
    s = play(s, A.ChooseAction, kind="favour")
    s = play(s, A.EndTurn)
    assert all(a.space != 0 for a in legal_actions(s) if isinstance(a, A.ChooseSpace))


def test_step2_an_empty_tile_takes_ones_building_and_produces() -> None:
    """2) an empty tile MUST get one's own building; 3) it produces its cube."""
    s = start()
    me = decider(s)
    s = play(s, A.ChooseSpace, space=1)
    assert sorted(a.cell for a in legal_actions(s) if isinstance(a, A.ChooseTile)) == \
        line_cells(1, 1)
    before = s.players[me].buildings
    s = play(s, A.ChooseTile, cell=6)
    assert s.buildings[6] == me and s.players[me].buildings == before - 1
    base, _ = production(__import__("merv_core").default_components(), s, 6)
    assert s.players[me].cubes[base] == 1 and s.stage == ACT


def test_without_buildings_only_built_tiles_may_be_chosen() -> None:
    """'Hast Du kein Gebäude, wähle 1 Plättchen mit Gebäude.'"""
    s = start()
    me = decider(s)
    other = (me + 1) % 3
    s = cells(with_player(s, me, buildings=0), buildings={5: other})
    s = play(s, A.ChooseSpace, space=0)
    assert [a.cell for a in legal_actions(s) if isinstance(a, A.ChooseTile)] == [5]


def test_production_own_line_and_opponents_tile() -> None:
    """3) every building of the activated building's owner in the line produces for the
    activator; an opponent owner gets the activated building's whole production and
    only the upgrades' cubes of his other buildings there."""
    s = start()
    me = decider(s)
    opp = (me + 1) % 3
    # column 0: opponent buildings on cells 0, 5 and 10; cell 5 has a bonus (blue) upgrade
    s = cells(s, buildings={0: opp, 5: opp, 10: opp}, upgrades={5: 1})
    comp = __import__("merv_core").default_components()
    s = play(s, A.ChooseSpace, space=0)
    before_me = s.players[me].cubes
    before_opp = s.players[opp].cubes
    s = play(s, A.ChooseTile, cell=0)
    gained = [a - b for a, b in zip(s.players[me].cubes, before_me, strict=True)]
    opp_gained = [a - b for a, b in zip(s.players[opp].cubes, before_opp, strict=True)]
    assert sum(gained) == 4  # three bases and the upgrade's blue
    want_opp = [0] * 5
    want_opp[production(comp, s, 0)[0]] += 1  # the activated building's cube
    want_opp[1] += 1  # the blue upgrade on cell 5 (never its base)
    assert opp_gained == want_opp


def test_camel_market_only_in_its_line_once_before_or_after() -> None:
    """Kamel-Markt: once, before or after the action, only when it lies in the line."""
    s = start()
    me = decider(s)
    s = with_player(s, me, camels=2)
    s2 = play(s, A.ChooseSpace, space=0)
    s2 = play(s2, A.ChooseTile, cell=0)
    assert not any(isinstance(a, A.CamelMarket) for a in legal_actions(s2))
    s = play(s, A.ChooseSpace, space=2)  # column 2 holds the market (cell 12)
    assert CENTRE in line_cells(1, 2)
    s = play(s, A.ChooseTile, cell=2)
    assert A.CamelMarket(me, False) in legal_actions(s)
    points = s.players[me].points
    s = play(s, A.CamelMarket, take_all=False)
    assert s.camel_market[0] and s.players[me].camels == 1
    p = s.players[me]
    assert (p.points, sum(p.cubes), p.favour, p.influence, p.scrolls) != (points, 1, 0, 0, 0)
    s = play(s, A.ChooseAction, kind="favour")
    assert s.stage == AFTER and not any(isinstance(a, A.CamelMarket) for a in legal_actions(s))


def test_camel_market_take_all() -> None:
    """'ENTWEDER nimmst Du alle Kamele gratis'."""
    s = start()
    me = decider(s)
    s = replace(s, camel_market=(True, True, False, False, False, False))
    s = play(s, A.ChooseSpace, space=2)
    s = play(s, A.ChooseTile, cell=2)
    s = play(s, A.ChooseAction, kind="favour")
    s = play(s, A.CamelMarket, take_all=True)
    assert s.players[me].camels == 2 and not any(s.camel_market)


def test_favour_scores_the_field_reached_and_overflows_into_influence() -> None:
    """ERHALTE 1 GUNST: the reached field's 1-4 points; on the '4' an influence instead."""
    comp = __import__("merv_core").default_components()
    s = start()
    me = decider(s)
    s = with_player(s, me, favour=2)
    s = play(s, A.ChooseSpace, space=0)
    s = play(s, A.ChooseTile, cell=0)
    s = play(s, A.ChooseAction, kind="favour")
    assert s.players[me].points == comp.favour_track.points[3]
    top = len(comp.favour_track.points) - 1
    s2 = with_player(s, me, favour=top)
    s2 = replace(s2, stage=ACT)
    s2 = play(s2, A.ChooseAction, kind="favour")
    assert s2.players[me].favour == top and s2.players[me].influence == 1


def test_soldier_rules() -> None:
    """SETZE 1 SOLDATEN: a tile with a building, no soldier, no upgrade, no wall; 1
    influence, 1 more on another player's building; one may do without."""
    s = start()
    me = decider(s)
    opp = (me + 1) % 3
    s = cells(s, buildings={0: me, 6: opp, 7: opp, 8: opp}, upgrades={7: 4}, soldiers={8: opp})
    s = play(s, A.ChooseSpace, space=0)
    s = play(s, A.ChooseTile, cell=5)
    s = play(s, A.ChooseAction, kind="soldier")
    options = {a.cell for a in legal_actions(s) if isinstance(a, A.PlaceSoldier)}
    assert -1 in options and 6 in options and 7 not in options and 8 not in options
    s2 = play(s, A.PlaceSoldier, cell=6)
    assert s2.players[me].influence == 2 and s2.soldiers[6] == me
    s3 = play(s, A.PlaceSoldier, cell=0)
    assert s3.players[me].influence == 1


def test_contracts_any_time_in_ones_turn_within_influence_level() -> None:
    """VERTRÄGE: 1 cube plus scrolls / goods; only within one's influence level."""
    comp = __import__("merv_core").default_components()
    s = start()
    me = decider(s)
    s = with_player(s, me, cubes=(1, 0, 0, 0, 0), scrolls=3, common=3, rare=3)
    assert not any(isinstance(a, A.Fulfil) for a in legal_actions(s))  # level 0
    s = with_player(s, me, influence=comp.influence_track.levels[0])
    stacks = {a.stack for a in legal_actions(s) if isinstance(a, A.Fulfil)}
    assert stacks == {0, 1}  # the two level-1 stacks
    card = s.contracts[0][0]
    s = play(s, A.Fulfil, stack=0)
    c = comp.contracts[card]
    p = s.players[me]
    assert p.points >= c.points and p.cubes == (0, 0, 0, 0, 0) and p.common == 3 - c.common
    assert p.scrolls == 3  # scrolls on a contract still count


def test_an_action_not_legal_is_refused() -> None:
    s = start()
    with pytest.raises(IllegalActionError):
        apply_action(s, A.EndTurn(decider(s)))
    with pytest.raises(IllegalActionError):
        apply_action(s, A.ChooseSpace((decider(s) + 1) % 3, 0))
