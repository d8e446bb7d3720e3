"""The balance report's metrics (docs/merv/balance.md): a player's favourite action and
the main colour of their buildings count a tie as a tie, not as whichever action or colour
happens to be listed first (before, a red-blue tie was counted as red and inflated red)."""

from __future__ import annotations

from merv_core import new_game
from merv_core.balance import report
from merv_core.components import default_components
from merv_core.selfplay import TIE, favourite, favourite_colour
from tests.merv.merv_helpers import cells, with_player


def _cells_of(colour: str, k: int) -> list[int]:
    s = new_game(["A", "B"], 3)
    comp = default_components()
    return [c for c, t in enumerate(s.cell_tiles)
            if t >= 0 and comp.building_tiles[t].colour == colour][:k]


def test_a_tied_favourite_action_is_a_tie_not_the_first_action() -> None:
    s = new_game(["A", "B"], 3)
    tied = with_player(s, 0, actions_taken=(3, 0, 0, 0, 0, 0, 0, 3))  # caravanserai = soldier
    assert favourite(tied, 0) == TIE
    clear = with_player(s, 0, actions_taken=(3, 0, 0, 0, 0, 0, 1, 4))
    assert favourite(clear, 0) == "soldier"


def test_a_tied_main_colour_is_a_tie_not_red() -> None:
    s = new_game(["A", "B"], 3)
    red, blue, grey = _cells_of("red", 2), _cells_of("blue", 2), _cells_of("grey", 1)
    tied = cells(s, buildings={c: 0 for c in red + blue + grey})
    assert favourite_colour(tied, 0) == TIE
    blue_led = cells(s, buildings={c: 0 for c in red[:1] + blue + grey})
    assert favourite_colour(blue_led, 0) == "blue"
    assert favourite_colour(s, 1) == "none"


def test_the_report_lists_ties_as_their_own_row() -> None:
    games = [{"players": 2, "winners": [0], "scores": [40, 30],
              "favourite": [TIE, "market"], "colour": [TIE, "red"]},
             {"players": 2, "winners": [1], "scores": [35, 38],
              "favourite": ["market", "soldier"], "colour": ["red", "blue"]}]
    text = report(games)
    assert "| tie | 1 | 25.0% | 1 | 100.0% | +50.0 |" in text
    assert "| market | 2 | 50.0% | 0 | 0.0% | -50.0 |" in text
    assert "| tie | 1 | 1 | 100.0% | +50.0 |" in text
    assert "| red | 2 | 0 | 0.0% | -50.0 |" in text
