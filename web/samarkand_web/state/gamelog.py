"""The game log in no language yet: the engine's public events as lines with an i18n key.

Who was asked to sell a card and whether it was kept are the holder's secret
(docs/rules.md, Goods): those events never become a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from samarkand_core import PRIVATE_EVENTS
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


def events_to_log(turn: int, events: Sequence[tuple[str, tuple[object, ...]]]) -> list[LogLine]:
    """The engine's public events of one action as log lines (keys of i18n).

    Who was asked to sell a card and whether it was kept are the holder's secret
    (docs/rules.md, Goods): those events never reach the log."""
    out: list[LogLine] = []
    for kind, args in events:
        if kind in PRIVATE_EVENTS:
            continue
        a: tuple[Any, ...] = tuple(args)
        if kind == "marry":
            out.append(LogLine(turn, "log.marry", {"player": a[0], "family": a[1], "n": a[2]}))
        elif kind == "draw":
            if a[1] == 0:
                out.append(LogLine(turn, "log.draw_none", {"player": a[0]}))
            else:
                out.append(LogLine(turn, "log.draw", {"player": a[0], "n": a[1]}))
        elif kind == "reshuffle":
            out.append(LogLine(turn, "log.reshuffle", {"n": a[0]}))
        elif kind == "discard":
            key = "log.discard_none" if a[1] == 0 else "log.discard"
            out.append(LogLine(turn, key, {"player": a[0], "n": a[1]}))
        elif kind == "treasury_pays":
            out.append(LogLine(turn, "log.second_camel_paid", {"family": a[0], "n": a[1]}))
        elif kind == "camel":
            out.append(LogLine(turn, "log.camel",
                               {"player": a[0], "family": a[1], "space": a[2]}))
        elif kind == "goods_marker":
            out.append(LogLine(turn, "log.goods_marker", {"player": a[0], "good": a[1]}))
        elif kind == "sell":
            out.append(LogLine(turn, "log.sell", {"holder": a[0], "good": a[1],
                                                   "n": SALE_PRICE}))
        elif kind == "relationship":
            out.append(LogLine(turn, "log.relationship", {"family": a[0], "other": a[1]}))
        elif kind == "bonus":
            out.append(LogLine(turn, "log.bonus", {"player": a[0], "n": a[1]}))
        elif kind == "rel_marker":
            key = "log.rel_marker_green" if a[2] else "log.rel_marker"
            out.append(LogLine(turn, key, {"player": a[0], "family": a[1]}))
        elif kind == "bag":
            key = "log.bag_domain" if a[1] else "log.bag_removed"
            out.append(LogLine(turn, key, {"family": a[0]}))
        elif kind == "pass":
            out.append(LogLine(turn, "log.pass", {"player": a[0]}))
        elif kind == "game_over":
            out.append(LogLine(turn, "log.game_over", {}))
    return out
