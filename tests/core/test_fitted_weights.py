"""The estimate's weights fitted on self-play (`samarkand fit`) and the Hard level's
weights for each table size."""

from __future__ import annotations

import dataclasses
import json

import pytest

from samarkand_core.__main__ import main
from samarkand_core.bots.heuristic import (
    DEFAULT_WEIGHTS,
    FITTED_WEIGHTS,
    FITTED_WEIGHTS_4PLUS,
    TABLE_WEIGHTS,
)
from samarkand_core.bots.search import DEFAULT_PARAMS, SearchBot
from samarkand_core.engine import apply_action, new_game
from samarkand_core.research.fit import FIT_FIELDS, PARTS, collect, fit, weights_from
from samarkand_core.state import MAIN
from samarkand_core.view import view_for


def test_a_coefficient_scales_the_default_weight_of_its_part() -> None:
    """`parts` measures each part with the default weights, so a coefficient of 1 keeps
    a default weight, 2 doubles it; the *_turns terms are the coefficients themselves,
    and rivals count in full, as in the search's reward."""
    ones = weights_from(dict.fromkeys(PARTS, 1.0))
    assert (ones.own_reach, ones.stray, ones.meeting, ones.slot) == (
        DEFAULT_WEIGHTS.own_reach, DEFAULT_WEIGHTS.stray, DEFAULT_WEIGHTS.meeting,
        DEFAULT_WEIGHTS.slot)
    assert (ones.families_turns, ones.camels_turns, ones.hand_turns, ones.rival) == (
        1.0, 1.0, 1.0, 1.0)
    twos = weights_from(dict.fromkeys(PARTS, 2.0))
    assert twos.stray == pytest.approx(2 * DEFAULT_WEIGHTS.stray)
    assert twos.meeting == pytest.approx(2 * DEFAULT_WEIGHTS.meeting)
    assert twos.turn_share == DEFAULT_WEIGHTS.turn_share  # not fitted


def test_the_fit_reads_the_same_games_with_worker_processes() -> None:
    assert collect(2, 2, seed=5, jobs=2) == collect(2, 2, seed=5)


@pytest.mark.slow
def test_the_fit_command_prints_weights_that_a_tournament_variant_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["fit", "--players", "2", "--games", "3", "--seed", "5", "--json",
                 "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = collect(2, 3, seed=5)
    assert out["positions"] == len(rows)
    assert out["coefficients"] == pytest.approx(fit(rows))
    fitted = weights_from(fit(rows))
    assert out["weights"] == dataclasses.asdict(fitted)
    options = dict(kv.split("=") for kv in out["variant"].split(":"))
    assert set(options) == {"w_" + name for name in FIT_FIELDS}
    bot = SearchBot.from_options(1, options)
    # a weight given in a variant holds at every table size
    assert all(bot.params.for_players(n).weights == fitted for n in range(2, 6))


def test_the_hard_level_judges_with_the_weights_fitted_for_its_table_size() -> None:
    """Four and five players have weights of their own (FITTED_WEIGHTS_4PLUS, fitted on
    five-player self-play); two and three players keep FITTED_WEIGHTS. The candidates,
    the bot's own play in a rollout and the judgement of its end all use them."""
    assert TABLE_WEIGHTS == {4: FITTED_WEIGHTS_4PLUS, 5: FITTED_WEIGHTS_4PLUS}
    for n in (2, 3):
        assert DEFAULT_PARAMS.for_players(n).weights == FITTED_WEIGHTS
    for n in (4, 5):
        assert DEFAULT_PARAMS.for_players(n).weights == TABLE_WEIGHTS[n] != FITTED_WEIGHTS
        s = new_game([f"P{k}" for k in range(n)], 3)
        while s.phase != MAIN:
            s = apply_action(s, view_for(s, s.current_player).legal[0])
        thinking = SearchBot(1).start(view_for(s, s.current_player))
        assert thinking.params.weights == TABLE_WEIGHTS[n]
        # the Medium players of a rollout stay as they are
        assert thinking.params.opponent_weights == DEFAULT_WEIGHTS


def test_a_variant_can_use_one_set_of_weights_for_every_table_size() -> None:
    """`search:weights_by_players=0` plays as the Hard level did before its weights were
    fitted per table size (the comparison runs in docs/bots.md)."""
    bot = SearchBot.from_options(1, {"weights_by_players": "0"})
    assert all(bot.params.for_players(n).weights == FITTED_WEIGHTS for n in range(2, 6))
    with pytest.raises(ValueError, match="weights_by_players"):
        SearchBot.from_options(1, {"weights_by_players": "1"})
