"""Words of the moves shown on the board: each mark's caption (a log line, short) and
"Watch again" (state/botmoves.py)."""

from __future__ import annotations

EN = {
    # a mark's caption on the board; a camel's family by its city, as in the recap
    "move.camel": "{player}: camel ({family}) to {space}",
    "move.marker": "{player} takes the goods marker {good}",
    "move.marry": "{player} marries into the {family}: {n} dirhams",
    "move.marry_one": "{player} marries into the {family}: {n} dirham",
    "move.sell": "{holder} sells the {good} card: +{n} dirhams",
    "move.sell_one": "{holder} sells the {good} card: +{n} dirham",
    # watch again: the moves since the person's last turn, once more on the board
    "watch.again": "Watch again",
    "watch.again_label": "Watch again: the moves since your last turn, on the board",
    "watch.stop": "Stop watching",
    "watch.status": "Watching again: move {k} of {total}",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}
