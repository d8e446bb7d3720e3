"""The public sale window of a game with several people at one device: after a goods
marker is taken, one screen, the same whoever holds its card (docs/rules.md, Goods: only
a sale is public). The controller (state/controller.py) opens and closes it."""

from __future__ import annotations

from dataclasses import dataclass

from samarkand_core import SELL, GameState
from samarkand_core.events import CamelPlaced, MarkerTaken
from samarkand_web.state.gamelog import LogLine
from samarkand_web.state.recap import TurnRecord


@dataclass(slots=True)
class SaleWindow:
    """Hotseat, after a goods marker was taken: the public screen that asks whoever holds
    its card to sell it now, the same whoever holds the card (docs/rules.md, Goods)."""

    good: int
    real: GameState  # the game itself (a person holder's answer still to come)
    shown: GameState  # the table's picture meanwhile: the same whoever holds the card
    log_tail: tuple[LogLine, ...]  # lines after the marker's (the game's end), shown after
    recent: tuple[LogLine, ...]  # the move's lines up to the marker's
    recent_tail: tuple[LogLine, ...]
    turns: tuple[TurnRecord, ...]  # the records with the lines of log_tail
    latest_spaces: tuple[int, ...]
    latest_families: tuple[int, ...]
    asking: bool = False  # "I hold it: sell": the names of the people are offered


def goods_taken(state: GameState) -> int | None:
    """The good whose marker the last action took, if it took one."""
    for e in state.events:
        if isinstance(e, MarkerTaken):
            return e.good
    return None


def sale_picture(before: GameState, placed: GameState, good: int) -> GameState:
    """What the table sees of `placed` (the camel that took the marker of `good` just
    placed, from `before`) while a holder may sell: the holder asked, and nobody named,
    whether anyone holds the card or not. Where the engine went on without a sale (to a
    second camel, the next turn or the end), its turn is put back to that moment; only
    public fields are set, the same in every case, and nothing of it is played on."""
    s = placed.copy()  # (events and legal actions start empty, as after a step)
    s.phase = SELL
    s.pending_good = good
    s.pending_holder = -1  # view_for then names nobody (current_player -1)
    s.turn_player = before.turn_player
    s.turn = before.turn
    s.placed = before.placed + 1
    s.exp_family = next(e.family for e in placed.events if isinstance(e, CamelPlaced))
    s.married_now = before.married_now
    s.drawn = before.drawn
    s.end_reason = None
    return s
