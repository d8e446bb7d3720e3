"""Scoring (rulebook, "Scoring"): goods cards, goods markers, relationship markers, cash."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import OTHER_CAMEL, OWN_FAMILY_CAMEL
from .state import GameState


@dataclass(frozen=True, slots=True)
class Score:
    player: int
    name: str
    goods_cards: int
    goods_markers: int
    relationship_markers: int
    cash: int
    total: int


@dataclass(frozen=True, slots=True)
class FinalScores:
    scores: tuple[Score, ...]
    winners: tuple[int, ...]  # every player with the highest total (ties share the win)

    def as_dict(self) -> dict[str, object]:
        return {
            "scores": [
                {
                    "player": s.player, "name": s.name, "goods_cards": s.goods_cards,
                    "goods_markers": s.goods_markers,
                    "relationship_markers": s.relationship_markers,
                    "cash": s.cash, "total": s.total,
                }
                for s in self.scores
            ],
            "winners": list(self.winners),
        }


def card_value(state: GameState, player: int, good: int) -> int:
    """A goods card in hand: per camel on its space, 4 for an own family, else 1."""
    space = state.board.good_space[good]
    tiles = state.tiles[player]
    return sum(OWN_FAMILY_CAMEL if tiles[f] else OTHER_CAMEL for f in state.occ[space])


def score_player(state: GameState, player: int) -> Score:
    cards = sum(card_value(state, player, g) for g in state.hands[player])
    goods = len(state.goods_markers[player])
    rel = len(state.rel_markers[player])
    cash = state.money[player]
    return Score(player, state.names[player], cards, goods, rel, cash, cards + goods + rel + cash)


def final_scores(state: GameState) -> FinalScores:
    """Every player's breakdown and the winners (of the position as it stands)."""
    scores = tuple(score_player(state, p) for p in range(state.n))
    best = max(s.total for s in scores)
    return FinalScores(scores, tuple(s.player for s in scores if s.total == best))
