"""The game log in no language yet: the engine's public events as lines with an i18n key.

Who was asked to sell a card and whether it was kept are the holder's secret
(docs/rules.md, Goods): those events never become a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from samarkand_core.events import (
    BagDrawn,
    BonusPaid,
    CamelPlaced,
    CardsDrawn,
    Discarded,
    Event,
    GameOver,
    MarkerTaken,
    Married,
    Passed,
    RelationshipMade,
    RelMarkerTaken,
    Reshuffled,
    Sold,
    TreasuryPaid,
)
from samarkand_core.rules import SALE_PRICE


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log, in no language yet: an i18n key and its values.

    Values named player/holder (seat), family/other (family index), space (space
    id) and good (good number) are turned into names when the line is shown.
    """

    turn: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the table should notice now (a bag draw, a bot's move)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def events_to_log(turn: int, events: Sequence[Event]) -> list[LogLine]:
    """The engine's public events of one action as log lines (keys of i18n).

    Who was asked to sell a card and whether it was kept are the holder's secret
    (docs/rules.md, Goods): those events never reach the log."""
    out: list[LogLine] = []
    for e in events:
        line = _line(turn, e)
        if line is not None:
            out.append(line)
    return out


def _line(turn: int, e: Event) -> LogLine | None:
    match e:
        case Married(player=p, family=f, portion=n):
            return LogLine(turn, "log.marry", {"player": p, "family": f, "n": n})
        case CardsDrawn(player=p, count=0):
            return LogLine(turn, "log.draw_none", {"player": p})
        case CardsDrawn(player=p, count=n):
            return LogLine(turn, "log.draw", {"player": p, "n": n})
        case Reshuffled(cards=n):
            return LogLine(turn, "log.reshuffle", {"n": n})
        case Discarded(player=p, count=n):
            key = "log.discard_none" if n == 0 else "log.discard"
            return LogLine(turn, key, {"player": p, "n": n})
        case TreasuryPaid(family=f, dirhams=n):
            return LogLine(turn, "log.second_camel_paid", {"family": f, "n": n})
        case CamelPlaced(player=p, family=f, space=space):
            return LogLine(turn, "log.camel", {"player": p, "family": f, "space": space})
        case MarkerTaken(player=p, good=good):
            return LogLine(turn, "log.goods_marker", {"player": p, "good": good})
        case Sold(holder=q, good=good):
            return LogLine(turn, "log.sell", {"holder": q, "good": good, "n": SALE_PRICE})
        case RelationshipMade(family=f, other=g):
            return LogLine(turn, "log.relationship", {"family": f, "other": g})
        case BonusPaid(player=p, dirhams=n):
            return LogLine(turn, "log.bonus", {"player": p, "n": n})
        case RelMarkerTaken(player=p, family=f, green=green):
            key = "log.rel_marker_green" if green else "log.rel_marker"
            return LogLine(turn, key, {"player": p, "family": f})
        case BagDrawn(family=f, onto_domain=onto):
            return LogLine(turn, "log.bag_domain" if onto else "log.bag_removed", {"family": f})
        case Passed(player=p):
            return LogLine(turn, "log.pass", {"player": p})
        case GameOver():
            return LogLine(turn, "log.game_over", {})
    # SaleOffered, Kept: the holder's secret, never a line
    return None
