"""Since your last turn: the turns of a game as the table saw them.

A TurnRecord holds one turn's public log lines (marriages with the portion paid and
how many cards were drawn, never which; camels and what they took; sales; the
two-player bag draw), the camels it placed, the families married into, and every
player's money before and after it. The lines come from the engine's public events
only (samarkand_core.events.public_events): a kept goods card and who was asked to
sell stay the holder's secret (docs/rules.md, Goods).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samarkand_core import GameState
from samarkand_core.events import CamelPlaced, Married
from samarkand_web.state.gamelog import LogLine


@dataclass(frozen=True, slots=True)
class TurnRecord:
    turn: int
    player: int  # whose turn it was (a sale in it may be another player's)
    lines: tuple[LogLine, ...]
    money_before: tuple[int, ...]
    money_after: tuple[int, ...]
    spaces: tuple[int, ...] = ()  # where its camels went, in order
    families: tuple[int, ...] = ()  # married into

    def money_changes(self) -> list[tuple[int, int]]:
        """(player, change) for each player whose money changed in this turn, in seat
        order: the portion paid (-), bonuses and sales (+)."""
        return [(p, after - before) for p, (before, after)
                in enumerate(zip(self.money_before, self.money_after, strict=True))
                if after != before]


def record_action(turns: list[TurnRecord], before: GameState, after: GameState,
                  lines: Sequence[LogLine]) -> None:
    """Add one action (from `before` to `after`, its log lines given) to the records:
    to the last one while the turn goes on, else as a new turn."""
    spaces = tuple(e.space for e in after.events if isinstance(e, CamelPlaced))
    families = tuple(e.family for e in after.events if isinstance(e, Married))
    money = tuple(after.money)
    last = turns[-1] if turns else None
    if last is not None and last.turn == before.turn:
        turns[-1] = TurnRecord(last.turn, last.player, last.lines + tuple(lines),
                               last.money_before, money, last.spaces + spaces,
                               last.families + families)
    else:
        turns.append(TurnRecord(before.turn, before.turn_player, tuple(lines),
                                tuple(before.money), money, spaces, families))


def recap_for(turns: Sequence[TurnRecord], seat: int, current_turn: int) -> list[TurnRecord]:
    """The turns of the other players since `seat`'s last finished turn, in order (all
    turns so far for a seat that has not played yet)."""
    last = -1
    for i in range(len(turns) - 1, -1, -1):
        r = turns[i]
        if r.player == seat and r.turn != current_turn:
            last = i
            break
    return [r for r in turns[last + 1:] if r.player != seat]


def money_totals(records: Sequence[TurnRecord], n: int) -> list[int]:
    """Each player's money change over the records (0 where none)."""
    total = [0] * n
    for r in records:
        for p, d in r.money_changes():
            total[p] += d
    return total


# How a turn's log lines become the recap's lines: a marriage carries its draw and its
# discard ("marries into ..., draws 3 cards, discards 1 card"), a camel the dirham paid
# for it as the turn's second camel and the goods marker it took ("Kashgar -> Jade 25,
# second camel (1 dirham), takes its goods marker"); the consequences of a first
# relationship (bonuses, relationship markers) and a reshuffle are lines of their own,
# set in under the line they follow.
MARRIAGE_PARTS = ("log.draw", "log.draw_none", "log.discard", "log.discard_none")
SUB_LINES = ("log.bonus", "log.rel_marker", "log.rel_marker_green", "log.reshuffle")
SKIPPED = ("log.game_over",)
PAID = "log.second_camel_paid"


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One line of a turn in the recap: its main log line, the lines said with it (in
    the same line, after a comma), and whether it is set in under the line before."""

    main: LogLine
    parts: tuple[LogLine, ...] = ()
    sub: bool = False


def recap_lines(lines: Sequence[LogLine], good_space: Sequence[int]) -> list[RecapLine]:
    """A turn's public log lines as the recap's lines, in order (nothing added, nothing
    left out but the end of the game, which the page says otherwise)."""
    out: list[RecapLine] = []
    marriage: int | None = None  # index in `out` of the turn's marriage
    paid: LogLine | None = None  # a second camel's dirham, said with that camel
    for ln in lines:
        if ln.key in SKIPPED:
            continue
        if paid is not None and not (ln.key == "log.camel"
                                     and ln.params["family"] == paid.params["family"]):
            out.append(RecapLine(paid))  # (never so in a game: the camel comes next)
            paid = None
        last = out[-1] if out else None
        if ln.key == PAID:
            paid = ln
            continue
        if ln.key in MARRIAGE_PARTS and marriage is not None:
            m = out[marriage]
            out[marriage] = RecapLine(m.main, m.parts + (ln,), m.sub)
            continue
        if (ln.key == "log.goods_marker" and last is not None and last.main.key == "log.camel"
                and all(p.key == PAID for p in last.parts)
                and good_space[ln.params["good"]] == last.main.params["space"]):
            out[-1] = RecapLine(last.main, last.parts + (ln,), last.sub)
            continue
        if ln.key == "log.marry":
            marriage = len(out)
        if ln.key == "log.camel" and paid is not None:
            out.append(RecapLine(ln, (paid,)))
            paid = None
            continue
        out.append(RecapLine(ln, (), ln.key in SUB_LINES))
    if paid is not None:
        out.append(RecapLine(paid))
    return out
