"""Scoring (Rulebook: "Scoring"; docs/rules.md: "End and scoring")."""

from __future__ import annotations

from typing import cast

import pytest

from samarkand_core import GameState, final_scores
from tests.support.helpers import (
    BOARD,
    deal,
    edit,
    new,
    random_game,
    with_camels,
    with_markers_taken,
    with_money,
    with_tiles,
)

F, G, H = 0, 1, 2
GOOD = 7  # any good; its space is read from the board
SPACE = BOARD.good_space[GOOD]


def with_card(camels: tuple[int, ...], tiles: tuple[int, ...], sold: bool = False,
              n: int = 4) -> GameState:
    """Ann holds (or has sold) the card of GOOD, belongs to `tiles`; `camels` stand on its
    space; Ann has no money, so her total is her card."""
    s = new(n, seed=41)
    s = deal(s, 0, [] if sold else [GOOD], sold=[GOOD] if sold else [])
    s = with_money(s, 0, 0)
    s = with_tiles(s, 0, *tiles)
    return with_camels(s, [(f, SPACE) for f in camels], marker_to=1)


@pytest.mark.parametrize(
    ("camels", "tiles", "points"),
    [
        ((), (F,), 0),  # no camel: 0 VP
        ((G,), (F,), 1),  # one camel of another family: 1
        ((F,), (F,), 4),  # one camel of an own family: 4
        ((F, G), (F,), 5),  # own + other: 4 + 1
        ((G, H), (F,), 2),  # two others: 1 + 1
        ((F, G), (F, G), 8),  # both own: "A goods card may be worth up to 8 victory points"
        ((G,), (), 1),  # not married at all: other camel still 1
    ],
)
def test_goods_card_points(camels: tuple[int, ...], tiles: tuple[int, ...], points: int) -> None:
    """Rulebook: Scoring, Goods cards - "Goods space without any camels 0 VP; Each camel of
    any other family 1 VP; Each camel of any own family 4 VP"."""
    sc = final_scores(with_card(camels, tiles)).scores[0]
    assert sc.goods_cards == points
    assert sc.total == points


def test_sold_cards_score_nothing() -> None:
    """Rulebook: Scoring - "Cards sold during the game for 3 Dirhams do not generate any VP";
    Goods spaces - "No victory points are awarded for sold goods cards"."""
    sc = final_scores(with_card((F, G), (F,), sold=True)).scores[0]
    assert sc.goods_cards == 0
    assert sc.total == 0


def test_goods_markers_relationship_markers_and_cash_score_1_each() -> None:
    """Rulebook: Scoring - "Each own goods marker 1 VP; Each own relationship marker 1 VP;
    Each Dirham 1 VP"."""
    s = new(4, seed=42)
    s = deal(s, 1, [])
    s = with_money(s, 1, 13)
    s = with_markers_taken(s, {F: 2, G: 1}, holder=1)
    goods = [g for g in range(1, 6)]
    s = with_camels(s, [(H, BOARD.good_space[g]) for g in goods], marker_to=1)
    sc = final_scores(s).scores[1]
    assert sc.goods_markers == 5
    assert sc.relationship_markers == 3
    assert sc.cash == 13
    assert sc.goods_cards == 0
    assert sc.total == 5 + 3 + 13
    assert sc.name == "Bob" and sc.player == 1


def test_total_is_the_sum_of_the_four_parts() -> None:
    """Rulebook: Scoring - "Each player adds all their victory points"."""
    s = with_card((F, G), (F,))
    s = with_money(s, 0, 4)
    s = with_markers_taken(s, {H: 2}, holder=0)
    sc = final_scores(s).scores[0]
    assert (sc.goods_cards, sc.relationship_markers, sc.cash) == (5, 2, 4)
    assert sc.total == sc.goods_cards + sc.goods_markers + sc.relationship_markers + sc.cash
    assert sc.total == 11


def test_the_most_points_wins() -> None:
    """Rulebook: Scoring - "The player with the most victory points is the winner"."""
    s = new(3, seed=43)
    for p, cash in enumerate((7, 12, 9)):
        s = with_money(deal(s, p, []), p, cash)
    fs = final_scores(s)
    assert [x.total for x in fs.scores] == [7, 12, 9]
    assert fs.winners == (1,)


def test_tied_players_share_the_win() -> None:
    """Rulebook: Scoring - "In case of a tie all tied players are winners"."""
    s = new(4, seed=44)
    for p, cash in enumerate((12, 9, 12, 12)):
        s = with_money(deal(s, p, []), p, cash)
    assert final_scores(s).winners == (0, 2, 3)


def test_two_tiles_of_one_family_count_once_for_cards() -> None:
    """Rulebook: 2 players - "Even if a player owns both tiles of a certain family they still
    gain only the basic VP when scoring their goods cards"."""
    s = new(2, seed=45)
    s = deal(s, 0, [GOOD])
    s = with_money(s, 0, 0)
    s = with_tiles(s, 0, F)
    s = edit(s, domain_tiles=[1] * BOARD.n_families)  # the second tile came from the bag
    s = with_tiles(s, 0, F)
    assert s.tiles[0][F] == 2
    s = with_camels(s, [(F, SPACE)], marker_to=1)
    assert final_scores(s).scores[0].goods_cards == 4


def rule_total(state: GameState, p: int) -> int:
    """The score of player p, computed from the rulebook's scoring table."""
    cards = 0
    for g in state.hands[p]:
        for f in state.occ[BOARD.good_space[g]]:
            cards += 4 if state.tiles[p][f] else 1
    return cards + len(state.goods_markers[p]) + len(state.rel_markers[p]) + state.money[p]


@pytest.mark.parametrize("n", (2, 3, 4, 5))
def test_final_scores_of_random_games_follow_the_table(n: int) -> None:
    """Rulebook: Scoring - every finished random game is scored by the table above, and the
    winners are exactly the players with the highest total."""
    for seed in range(15):
        end, _ = random_game(n, seed)
        assert end.is_over
        fs = final_scores(end)
        totals = [rule_total(end, p) for p in range(n)]
        assert [x.total for x in fs.scores] == totals
        assert fs.winners == tuple(p for p in range(n) if totals[p] == max(totals))
        d = fs.as_dict()
        assert [x["total"] for x in cast(list[dict[str, int]], d["scores"])] == totals
