"""The rulebook's worked examples, played on this project's board.

Our map is not the published one: it has other families (no Levants, no Byzants) and other
goods (no Flax; its Diamonds lie elsewhere). Each test picks an equivalent on our board,
says which in its docstring, and checks the numbers the rulebook's example gives.
"""

from __future__ import annotations

from samarkand_core import Discard, GameState, apply_action, final_scores, legal_actions, new_game
from tests.support.helpers import (
    BOARD,
    deal,
    discard,
    is_plain_land,
    keep,
    kinds,
    marry,
    place,
    play,
    stage,
    with_camels,
    with_money,
    with_tiles,
)

BARBARA, CARL, CHRIS, JULIA = 0, 1, 2, 3
PLAYERS = ["Barbara", "Carl", "Chris", "Julia"]


def table(first: int, seed: int = 61) -> GameState:
    return new_game(PLAYERS, seed, first_player=first)


def good_named(prefix: str) -> int | None:
    for g in range(1, BOARD.n_goods + 1):
        if BOARD.good_names[g].lower().startswith(prefix.lower()):
            return g
    return None


def discard_sizes(s: GameState) -> set[int]:
    return {len(a.cards) for a in legal_actions(s) if isinstance(a, Discard)}


def others_marry(s: GameState, families: list[int]) -> GameState:
    """The other players take their turns: each marries into one of `families` and keeps
    every card (all stay below the limit)."""
    for f in families:
        s = play(s, marry(f), discard())
    return s


def test_example_carl_hand_limit() -> None:
    """Rulebook: Marry, Example (4 players) - "Carl's hand limit is 7 cards. His current hand
    is 5 cards and he decides to marry. He draws the top 3 face down goods cards and has to
    discard at least 1 card in order not to exceed the limit. If he marries again he is not
    allowed to draw any further cards. If Carl would discard 2 cards he would draw 3 new
    cards when marrying next time, because his hand would be below the limit." (Families:
    the first three of our board for Carl, then others for the other players.)"""
    s = table(first=CARL)
    s = deal(s, CARL, list(s.hands[CARL]) + list(s.deck[:3]))
    assert s.limit == 7 and len(s.hands[CARL]) == 5
    top3 = s.deck[-3:]
    s = apply_action(s, marry(0))
    assert len(s.hands[CARL]) == 8 and set(top3) <= set(s.hands[CARL])
    assert discard_sizes(s) == {1, 2}  # at least 1, at most 2
    fork = s

    # he discards 1: at the limit, his next marriage draws nothing
    s = apply_action(fork, discard(s.hands[CARL][0]))
    assert len(s.hands[CARL]) == 7
    s = others_marry(s, [3, 4, 5])
    assert s.turn_player == CARL
    hand, deck = s.hands[CARL], s.deck
    s = apply_action(s, marry(1))
    assert s.hands[CARL] == hand and s.deck == deck
    assert s.turn_player == CHRIS

    # had he discarded 2, he would draw 3 next time
    s = apply_action(fork, discard(*fork.hands[CARL][:2]))
    assert len(s.hands[CARL]) == 6
    s = others_marry(s, [3, 4, 5])
    s = apply_action(s, marry(1))
    assert len(s.hands[CARL]) == 9
    assert s.phase == "discard"
    assert discard_sizes(s) == {2}


def levant_like() -> tuple[int, int, int]:
    """A family whose home has a plain land neighbour and a water space next to the home
    (our stand-in for the Levants, whose home lies on the coast)."""
    for f, home in enumerate(BOARD.home):
        land = [t for t in BOARD.neighbours[home] if is_plain_land(t)]
        water = [t for t in BOARD.neighbours[home] if BOARD.is_water[t]]
        if land and water:
            return f, land[0], water[0]
    raise AssertionError("no coastal home city with a plain land neighbour")


def test_example_barbara_two_camels_for_one_dirham() -> None:
    """Rulebook: Expand, Example - "Barbara has married a member of the Levants and now wants
    to expand that family's trading route by 2 spaces. She pays 1 Dirham from the Levants'
    family treasury into the common supply. She then takes two camels from the family's
    domain and places one on an adjacent land space, the other one on a ship of the
    adjacent water space." (Levants: the first family of our board whose home city has a
    land and a water neighbour.)"""
    lev, land, water = levant_like()
    rest = [f for f in range(BOARD.n_families) if f != lev][:3]
    s = table(first=BARBARA)
    s = play(s, marry(lev), discard())
    assert s.treasury[lev] == BOARD.portion[lev]
    s = others_marry(s, rest)
    assert s.turn_player == BARBARA
    before = s
    s = play(s, place(lev, land))
    assert s.phase == "second"  # the treasury can pay for a second camel
    s = play(s, place(lev, water))
    assert s.occ[land] == (lev,) and s.occ[water] == (lev,)
    assert s.treasury[lev] == before.treasury[lev] - 1
    assert s.supply_net == before.supply_net - 1
    assert s.money == before.money
    assert s.camels_left[lev] == 12 - 1 - 2
    assert s.turn_player == CARL


def test_example_julia_keeps_her_diamonds_card() -> None:
    """Rulebook: Goods spaces, Example - "Julia was the first placing a camel on the space
    "Diamond-22". She takes the goods marker, placing it in front of herself. She also owns
    the diamond goods card but does not want to sell it, so she keeps it on her hand."
    (Our Diamonds good, with the number our board gives it; Julia's family's camel is set
    next to its space, as our Diamonds lie away from the home cities.)"""
    g = good_named("Diamond") or 1
    space = BOARD.good_space[g]
    fam = 0
    s = table(first=JULIA)
    s = deal(s, JULIA, [g])
    s = play(s, marry(fam), discard())
    s = others_marry(s, [1, 2, 3])
    assert s.turn_player == JULIA
    s = stage(s, fam, space)
    s = apply_action(s, place(fam, space))
    assert s.marker_owner[g] == JULIA
    assert g in s.goods_markers[JULIA]
    assert s.phase == "sell" and s.current_player == JULIA
    assert kinds(legal_actions(s)) == {"sell", "keep"}
    money = s.money[JULIA]
    s = apply_action(s, keep(g))
    assert g in s.hands[JULIA]
    assert s.sold[JULIA] == ()
    assert s.money[JULIA] == money


def byzant_and_levant() -> tuple[int, int, int]:
    """Two families whose home cities share a plain land neighbour: the first family's camel
    can go there, then onto the second family's home city."""
    for b, hb in enumerate(BOARD.home):
        for lv, hl in enumerate(BOARD.home):
            if b == lv:
                continue
            mids = [t for t in BOARD.neighbours[hb]
                    if t in BOARD.neighbours[hl] and is_plain_land(t)]
            if mids:
                return b, lv, mids[0]
    raise AssertionError("no two home cities share a plain land neighbour")


def test_example_chris_first_relationship() -> None:
    """Rulebook: Relationships, Example - "Chris is a member of the Byzant family ... and
    establishes a new trade relationship with the Levant family. He takes 1 camel from the
    Byzant domain and places it on a space occupied by a red camel. Chris is paid 3 Dirham;
    Julia is a member of the Levant family and is paid 1 Dirham. Chris now takes the top
    relationship marker both of the [Byzant and Levant] family ... This ends his turn."
    (The English text names the Arabic and Persian families there, plainly a slip; the two
    families are the ones meeting. Byzants and Levants: two families of our board whose
    home cities share a neighbour; Chris's first camel goes there, his second onto the
    Levant-like home city, where the Levant-like camel stands.)"""
    byz, lev, mid = byzant_and_levant()
    rest = [f for f in range(BOARD.n_families) if f not in (byz, lev)][:2]
    s = table(first=CHRIS)
    s = play(s, marry(byz), discard())
    s = play(s, marry(lev), discard())  # Julia
    s = others_marry(s, rest)  # Barbara, Carl
    assert s.turn_player == CHRIS
    s = apply_action(s, place(byz, mid))
    before = s
    s = apply_action(s, place(byz, BOARD.home[lev]))
    assert s.money[CHRIS] == before.money[CHRIS] + 3
    assert s.money[JULIA] == before.money[JULIA] + 1
    assert s.money[BARBARA] == before.money[BARBARA]
    assert s.money[CARL] == before.money[CARL]
    assert sorted(s.rel_markers[CHRIS]) == sorted([(byz, True), (lev, True)])
    assert s.markers_left[byz] == 4 and s.markers_left[lev] == 4
    assert s.turn_player == JULIA  # this ends his turn


def test_example_barbara_flax_card_worth_5() -> None:
    """Rulebook: Scoring, Example - "Barbara owns the goods card "Flax", gaining 5 VP for it:
    4 VP for the red camel on the corresponding goods space (being a member of the red
    family) and only 1 VP for the yellow camel (she does not belong to the yellow family)."
    (No Flax on our board: Cotton, another fibre, stands in; "red" and "yellow" are two
    families of our board, Barbara belongs to the first.)"""
    g = good_named("Cotton") or 2
    red, yellow = 0, 1
    s = table(first=BARBARA)
    s = deal(s, BARBARA, [g])
    s = with_money(s, BARBARA, 0)
    s = with_tiles(s, BARBARA, red)
    s = with_camels(s, [(red, BOARD.good_space[g]), (yellow, BOARD.good_space[g])],
                    marker_to=CARL)
    sc = final_scores(s).scores[BARBARA]
    assert sc.goods_cards == 5
    # and for Julia, in neither family, the same card would be worth 1 + 1
    s = deal(s, JULIA, [g])
    assert final_scores(s).scores[JULIA].goods_cards == 2

