"""The games and positions several e2e modules open by link: Ann's turn 16 with ten cards
in hand against two heuristic bots (the table's and the side column's), the finished
game the analysis tests analyse, and a game where the two bots play next (the bots'
marked moves). Shared by tests/e2e/test_table.py, test_side_column.py,
test_game_analysis.py, test_fit.py, test_bot_moves.py and test_a11y.py.
"""

from __future__ import annotations

from samarkand_core import MAIN, GameState, apply_action, encode_save, new_game, view_for
from samarkand_core.bots import make_bot
from tests.support.web_support import bot_game, play_until

# the link's bots: every seat but Ann's (the first)
BOTS = "&bots=2:heuristic,3:heuristic"


def ten_cards() -> GameState:
    """Ann's turn 16 in a game of three heuristic bots (seed 7): ten cards in her hand."""
    s = new_game(["Ann", "Bob", "Cem"], 7, 0)
    bots = [make_bot("heuristic", 100 + i) for i in range(3)]
    while not (s.turn >= 16 and s.phase == MAIN and s.turn_player == 0):
        s = apply_action(s, bots[s.current_player].choose(view_for(s, s.current_player)))
    assert len(s.hands[0]) == s.limit == 10
    return s


# Two heuristic bots (seed 3): 28 decisions of the first player, two of them weak by the
# Hard level's judgement (samarkand_core.analysis; CPython judges it in about 2 s).
ANALYSED = bot_game(["heuristic", "heuristic"], 3)
ANALYSIS_TIMEOUT = 240_000  # a busy machine, Pyodide: generous; no time is asserted


def bots_next() -> GameState:
    """A game well under way where Ann (seat 0) has played and the two bots play next:
    their turns place camels (and may take goods markers)."""
    return play_until(lambda s: s.turn >= 14 and s.phase == MAIN and s.current_player == 1
                      and s.placed == 0, players=3)


def bots_next_link(site_url: str, speed: str = "fast") -> str:
    s = bots_next()
    return f"{site_url}index.html?speed={speed}#{encode_save(s)}{BOTS}"
