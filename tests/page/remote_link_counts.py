"""How many links a whole game by link takes (docs/play.md, "Play by link"): games of people
only, each on their own device (one App each), played through the page with random
legal clicks (a holder asked about a card sells one time in four), every link opened on
its recipient's device. A game by link started now sells at the holder's turn
(docs/rules.md, Selling by link): for each game, the links sent, the turns, links a
turn, the goods markers taken, the holders' answers, and the longest link.

    .venv/bin/python tests/page/remote_link_counts.py --games 5
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

# the repository (for tests.*) and web/ (for samarkand_web), as pytest has them
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from samarkand_web.handlers import remote  # noqa: E402
from samarkand_web.saves.remote import SIGNED_CHARS, RemoteLink, decode_link  # noqa: E402
from samarkand_web.state.app import App  # noqa: E402
from samarkand_web.state.remote import RemoteController  # noqa: E402

from samarkand_core import GameState, decode_save  # noqa: E402
from tests.support.app_play import click_legal  # noqa: E402
from tests.support.bylink_play import (  # noqa: E402
    answer_round,
    choose_seat,
    device,
    fragment,
    markers_taken,
    start,
)

NAMES = ("Ann", "Bob", "Cem", "Dee", "Eve")


def play(app: App, rng: random.Random) -> None:
    for _ in range(400):
        ctl = app.ctl
        assert ctl is not None
        assert isinstance(ctl, RemoteController)  # a game by link
        if ctl.is_over or ctl.waiting_for is not None:
            return
        if not answer_round(app, int(rng.randrange(4) == 0)):
            click_legal(app, rng.randrange(1000))


def game(n: int, seed: int) -> tuple[list[RemoteLink], GameState, int]:
    """The links of a whole game, its end, and the length of its longest link (the
    whole address, as sent)."""
    rng = random.Random(seed)
    apps = [device(100 * i) for i in range(n)]
    start(apps[0], f"players={','.join(NAMES[:n])}&remote=1&seed={seed}&first=1")
    links: list[RemoteLink] = []
    longest = 0
    here = 0
    while True:
        play(apps[here], rng)
        url = remote.remote_link(apps[here])
        if url is None:
            return links, decode_save(links[-1].code), longest
        longest = max(longest, len(url))
        link, _ = decode_link(fragment(url))
        links.append(link)
        apps[link.to].boot("", "#" + fragment(url))
        choose_seat(apps[link.to])
        here = link.to


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    for n in (2, 5):
        rows = []
        for seed in range(1, args.games + 1):
            links, final, longest = game(n, seed)
            answers = sum(1 for a in final.actions if a.kind in ("sell", "keep"))
            rows.append((len(links), final.turn, len(markers_taken(final)), answers, longest))
            print(f"{n} players, seed {seed}: {len(links)} links, {final.turn} turns "
                  f"({len(links) / final.turn:.3f} a turn), {rows[-1][2]} goods markers, "
                  f"{answers} holders' answers; longest link {longest} characters")
        now, turns = [r[0] for r in rows], [r[1] for r in rows]
        per = [r[0] / r[1] for r in rows]
        lengths = [r[4] for r in rows]
        print(f"{n} players: the longest link of a game {min(lengths)} to {max(lengths)} "
              f"characters unsigned, {min(lengths) + SIGNED_CHARS} to "
              f"{max(lengths) + SIGNED_CHARS} signed (the key and the signature that the "
              f"browser's WebCrypto adds: {SIGNED_CHARS} characters)")
        print(f"{n} players: {min(now)} to {max(now)} links (mean {sum(now) / len(now):.0f}) "
              f"for {min(turns)} to {max(turns)} turns: {min(per):.3f} to {max(per):.3f} "
              f"links a turn, {sum(now) / sum(turns):.3f} over all")


if __name__ == "__main__":
    main()
