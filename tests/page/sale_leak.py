"""Count what the table could learn from a sale decision (docs/rules.md, Goods).

Over random two-player games (hotseat: two people at one device; or one person against
a bot), at every position where the person to move can take a goods marker whose card
is not sold, the page is driven alike for twins of that position (tests/support/sale_twins.py)
that differ only in where the card is: in the draw pile, in the other player's hand,
in the mover's own hand (hotseat), or in the bot's hand (against a bot). Every Effects
and every drawn page (regions, dialog, log, title) up to the next person's decision
must be the same in all of them; a sale is public and is counted apart.

    .venv/bin/python tests/page/sale_leak.py --games 1000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# the repository (for tests.*) and web/ (for samarkand_web), as pytest has them
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from tests.support.sale_twins import good_of, hotseat_trace, positions, solo_trace  # noqa: E402


def count(games: int, seed0: int = 1) -> dict[str, int]:
    """Positions compared and those whose twins differed, per mode."""
    out = {"hotseat": 0, "hotseat_differ": 0, "bot": 0, "bot_differ": 0}
    for state, place in positions(2, ("human", "human"), seed0, games):
        mover = state.turn_player
        other = 1 - mover
        base = hotseat_trace(state, place, ("human", "human"), None)
        keep = hotseat_trace(state, place, ("human", "human"), other)
        own = hotseat_trace(state, place, ("human", "human"), mover)
        out["hotseat"] += 1
        if not (base.steps == keep.steps == own.steps):
            out["hotseat_differ"] += 1
            print("hotseat differs: seed", state.options.seed, "turn", state.turn,
                  "good", good_of(state, place), file=sys.stderr)
    for state, place in positions(2, ("human", "heuristic"), seed0, games, person=0):
        seats = ("human", "heuristic")
        base = solo_trace(state, place, seats, None)
        bot = solo_trace(state, place, seats, 1)
        if bot.sold:
            continue  # a sale is public: it shows, as it must
        out["bot"] += 1
        if base.steps != bot.steps:
            out["bot_differ"] += 1
            print("against a bot differs: seed", state.options.seed, "turn", state.turn,
                  file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(count(args.games, args.seed))


if __name__ == "__main__":
    main()
