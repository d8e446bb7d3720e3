"""The balance report of docs/merv/balance.md from selfplay's JSON lines:

    python -m merv_core selfplay --players 3 --games 1000 --seed 1000 \\
        --bots heuristic,heuristic,heuristic > h3.jsonl
    python -m merv_core.balance h2.jsonl h3.jsonl h4.jsonl

For each player count: games, win rate by seat (seat 0 = the first name; the order of
play is drawn at setup), win rate by favourite action (the action a player took most
often: wins / players with that favourite, and its distance from par, 1/n, in
percentage points), win rate by the colour most of a player's
buildings have at the end, and the spread of scores (winner's points,
mean, the winner's margin over the runner-up, standard deviation of all scores).
A player whose top count is shared by two actions (or colours) is counted in a row of its
own, "tie" (selfplay.most_common_label), never credited to the first action or colour
listed (which once made red look the most common colour).
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def _win_rate_table(label: str, players: Counter[str], wins: Counter[str], n: int,
                    everyone: int = 0) -> list[str]:
    """A table of win rates by a player's label (favourite action, main colour): its
    players, their share of `everyone` (when given), wins, win rate and its distance in
    percentage points from par, 1/n (a seat's, an action's or a colour's fair win rate)."""
    par = 1 / n
    share = " share |" if everyone else ""
    lines = [f"| {label} | players |{share} wins | win rate | vs par |",
             "|---" * (5 + bool(everyone)) + "|"]
    for key, count in players.most_common():
        rate = wins[key] / count
        cell = f" {count / everyone:.1%} |" if everyone else ""
        lines.append(f"| {key} | {count} |{cell} {wins[key]} | {rate:.1%} | "
                     f"{100 * (rate - par):+.1f} |")
    return lines + [""]


def report(records: list[dict[str, Any]]) -> str:
    games = [r for r in records if "summary" not in r]
    if not games:
        return "no games\n"
    n = games[0]["players"]
    lines = [f"### {n} players: {len(games)} heuristic games", ""]
    seat_wins = Counter(s for g in games for s in g["winners"])
    lines.append("| seat | " + " | ".join(str(s) for s in range(n)) + " |")
    lines.append("|---" * (n + 1) + "|")
    lines.append("| win rate | " + " | ".join(
        f"{seat_wins[s] / len(games):.1%}" for s in range(n)) + " |")
    lines.append("")
    fav = Counter(f for g in games for f in g["favourite"])
    fav_wins = Counter(g["favourite"][s] for g in games for s in g["winners"])
    lines += _win_rate_table("favourite action", fav, fav_wins, n, n * len(games))
    col = Counter(c for g in games for c in g.get("colour", []))
    col_wins = Counter(g["colour"][s] for g in games if "colour" in g for s in g["winners"])
    if col:
        lines += _win_rate_table("buildings' main colour", col, col_wins, n)
    scores = [s for g in games for s in g["scores"]]
    best = [max(g["scores"]) for g in games]
    margin = [sorted(g["scores"])[-1] - sorted(g["scores"])[-2] for g in games]
    lines += ["| scores | min | median | mean | max | stdev |", "|---|---|---|---|---|---|"]
    for name, values in (("all", scores), ("winner", best), ("winner's margin", margin)):
        lines.append(f"| {name} | {min(values)} | {statistics.median(values):g} | "
                     f"{statistics.mean(values):.1f} | {max(values)} | "
                     f"{statistics.pstdev(values):.1f} |")
    ties = Counter(g.get("decided_by", "points") for g in games)
    lines += ["", "Decided by: " + ", ".join(f"{k} {v}" for k, v in sorted(ties.items())), ""]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    for path in argv:
        records = [json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()]
        print(report(records))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
