"""The computer opponents: legal moves everywhere, blind to hidden cards, repeatable,
thinking in slices, and stronger than chance (the tournament command: test_tournament.py).

Positions come from seeded random games (tests/support/positions.py), so each test sees
the same ones every run.
"""

from __future__ import annotations

import time

import pytest

from samarkand_core import GameState, apply_action, legal_actions, new_game, view_for
from samarkand_core.bots import LEVELS, Bot, make_bot
from samarkand_core.bots.heuristic import estimate_scores, turns_left
from samarkand_core.bots.search import (
    DEFAULT_ITERATIONS,
    DEFAULT_PARAMS,
    SearchBot,
    SearchParams,
    SearchThinking,
)
from samarkand_core.research.tournament import run_games, summarise
from samarkand_core.rng import Rng
from samarkand_core.view import PlayerView
from tests.support.helpers import reshuffle_hidden
from tests.support.positions import ALL, Kind, position

# The search bot at a small budget keeps the suite fast; its default is tested once.
SMALL = 40


def small_bot(level: str, seed: int) -> Bot:
    if level == "search":
        return SearchBot(seed, iterations=SMALL)
    return make_bot(level, seed)


# -- legal actions in every phase ----------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("n", "kind", "i"), ALL)
def test_every_level_returns_a_legal_action(level: str, n: int, kind: Kind, i: int) -> None:
    s = position(n, kind, i)
    p = s.current_player
    if kind == "sell_other":
        assert p != s.turn_player  # the card holder decides out of turn
    view = view_for(s, p)
    action = small_bot(level, 5).choose(view)
    assert action in legal_actions(s)
    apply_action(s, action)  # and the engine takes it


@pytest.mark.parametrize("level", LEVELS)
def test_the_sliced_interface_gives_a_legal_action(level: str) -> None:
    s = position(3, "main", 0)
    thinking = small_bot(level, 2).start(view_for(s, s.current_player))
    for _ in range(10_000):
        if thinking.step(5.0):
            break
    assert thinking.result() in legal_actions(s)


@pytest.mark.parametrize(("players", "candidates", "guesses"), [(3, 4, 4), (4, 3, 3)])
def test_the_search_bot_decides_at_its_default_budget(
    players: int, candidates: int, guesses: int
) -> None:
    """The Hard level decides a turn's first action by rollouts: with two or
    three players the heuristic's four best first actions, each on the same four guesses
    of the hidden cards; with four or five, whose rollouts play more turns (through the
    bot's own next one), its three best on three guesses. The budget of iterations only
    bounds them."""
    from samarkand_core.bots.search import DEFAULT_PARAMS

    s = position(players, "main", 1)
    bot = make_bot("search", 1)
    assert isinstance(bot, SearchBot) and bot.iterations == DEFAULT_ITERATIONS
    thinking = bot.start(view_for(s, s.current_player))
    while not thinking.step(1000.0):
        pass
    assert (DEFAULT_PARAMS.moves(players), DEFAULT_PARAMS.samples(players)) == (
        candidates, guesses)
    assert DEFAULT_PARAMS.through_next_turn_4plus == 1
    assert thinking.done_iterations == candidates * guesses
    tried = [(a, n) for a, n, _q in thinking.root_stats() if n]
    assert len(tried) == candidates and all(n == guesses for _a, n in tried)
    # the candidates are the heuristic's best by its values of the root
    values = thinking.root_values()
    order = sorted(range(len(values)), key=lambda i: (-values[i][0], i))
    assert {id(a) for a, _n in tried} == {id(values[i][1]) for i in order[:candidates]}
    assert thinking.result() in [a for a, _n in tried]


def thought(players: int, options: dict[str, str]) -> tuple[PlayerView, SearchThinking]:
    """A turn's first decision of the search bot set by `options`, thought to the end."""
    s = position(players, "main", 1)
    view = view_for(s, s.current_player)
    thinking = SearchBot.from_options(1, dict(options)).start(view)
    while not thinking.step(1000.0):
        pass
    return view, thinking


def variant(options: dict[str, str]) -> SearchParams:
    """The settings a tournament variant's text gives: the default with those fields
    changed (whole numbers here)."""
    params = DEFAULT_PARAMS.replace(**{key: int(text) for key, text in options.items()})
    assert SearchBot.from_options(1, dict(options)).params == params
    return params


@pytest.mark.parametrize(("players", "guesses"), [(3, 4), (4, 6)])
def test_rollout_samples_4plus_gives_more_guesses_with_four_or_more_players(
    players: int, guesses: int
) -> None:
    """With four or more players a rollout plays three or four other players' turns;
    `rollout_samples_4plus` (a tournament variant, `search:rollout_samples_4plus=6`) gives
    each candidate more guesses there and leaves two or three players as they are."""
    options = {"rollout_samples_4plus": "6"}
    params = variant(options)
    assert [params.samples(n) for n in (2, 3, 4, 5)] == [4, 4, 6, 6]
    assert [params.replace(rollout_samples_4plus=0).samples(n) for n in (3, 4)] == [4, 4]
    view, thinking = thought(players, options)
    tried = [n for _a, n, _q in thinking.root_stats() if n]
    assert tried == [guesses] * min(params.moves(players), len(view.legal))
    assert thinking.done_iterations == guesses * len(tried)


@pytest.mark.parametrize(("players", "candidates"), [(3, 4), (4, 2)])
def test_rollout_moves_4plus_tries_fewer_candidates_with_four_or_more_players(
    players: int, candidates: int
) -> None:
    """`rollout_moves_4plus` (`search:rollout_moves_4plus=2`): with four or more players
    a rollout plays three or four other players' turns and costs more, so fewer of the
    heuristic's best first actions can be tried there; two or three players are
    unchanged. The candidates are still the heuristic's best, in its order."""
    options = {"rollout_moves_4plus": "2"}
    params = variant(options)
    assert [params.moves(n) for n in (2, 3, 4, 5)] == [4, 4, 2, 2]
    assert [params.replace(rollout_moves_4plus=0).moves(n) for n in (3, 4)] == [4, 4]
    view, thinking = thought(players, options)
    assert len(view.legal) > 4
    tried = [a for a, n, _q in thinking.root_stats() if n]
    assert len(tried) == candidates
    values = thinking.root_values()
    order = sorted(range(len(values)), key=lambda i: (-values[i][0], i))
    assert {id(a) for a in tried} == {id(values[i][1]) for i in order[:candidates]}
    assert thinking.done_iterations == candidates * params.samples(players)


def test_the_every_rival_reward_asks_to_beat_each_rival() -> None:
    """`every_rival_4plus` (`search:every_rival_4plus=1`): with four or more players a
    rollout's reward is the chance of beating every rival (the product of one chance per
    margin), not only the best rival. Level with the leader and far ahead of the other
    two is worth more than level with all three; the best-rival reward sees no difference.
    With three players the reward is the best-rival one, as before."""
    from samarkand_core.bots.search import _every_rival_rewards, _rewards

    ahead = _every_rival_rewards([30.0, 30.0, 10.0, 10.0], 6.0)
    level = _every_rival_rewards([30.0, 30.0, 30.0, 30.0], 6.0)
    assert ahead[0] > level[0]
    assert ahead[0] == pytest.approx(0.5 * (1 / (1 + pow(2.718281828459045, -20 / 6))) ** 2)
    assert level[0] == pytest.approx(0.125)
    plain_ahead = _rewards([30.0, 30.0, 10.0, 10.0], 6.0, final=False)
    plain_level = _rewards([30.0, 30.0, 30.0, 30.0], 6.0, final=False)
    assert plain_ahead[0] == plain_level[0] == 0.5
    # a clear leader's chance is near 1, the others' near 0
    lead = _every_rival_rewards([60.0, 20.0, 20.0, 20.0], 6.0)
    assert lead[0] > 0.99 and max(lead[1:]) < 0.01


def test_the_every_rival_reward_changes_only_games_of_four_or_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from samarkand_core.bots import search

    calls: list[int] = []
    real = search._every_rival_rewards

    def counted(sc: list[float], scale: float) -> list[float]:
        calls.append(len(sc))
        return real(sc, scale)

    monkeypatch.setattr(search, "_every_rival_rewards", counted)
    for players in (3, 4):
        s = position(players, "main", 1)
        bot = SearchBot.from_options(1, {"every_rival_4plus": "1"})
        bot.choose(view_for(s, s.current_player))
    assert calls and set(calls) == {4}


@pytest.mark.parametrize(("players", "through"), [(3, 1), (4, 0), (4, 1)])
def test_through_next_turn_4plus_judges_a_rollout_when_the_bots_next_turn_ends(
    monkeypatch: pytest.MonkeyPatch, players: int, through: int
) -> None:
    """`through_next_turn_4plus` (`search:through_next_turn_4plus=1`): with four or more
    players each rollout goes on through the bot's own next turn and the estimate judges
    the state when the turn has passed to the next player; otherwise (and always with
    two or three players) it judges the state at the start of the bot's next turn."""
    from samarkand_core.bots import heuristic, search

    judged: list[GameState] = []

    class Recording(heuristic.Estimator):
        def __init__(self, state: GameState, weights: heuristic.Weights) -> None:
            judged.append(state)
            super().__init__(state, weights)

    monkeypatch.setattr(search, "Estimator", Recording)
    s = position(players, "main", 1)
    me = s.current_player
    bot = SearchBot.from_options(1, {"through_next_turn_4plus": str(through)})
    bot.choose(view_for(s, me))
    assert len(judged) == bot.params.moves(players) * bot.params.samples(players)
    for end in judged:
        if end.is_over:
            continue
        assert end.phase == "main"
        if through and players >= 4:
            # the bot's next turn was played and has passed to the next player
            assert end.turn_player == (me + 1) % players
            assert end.turn - s.turn == players + 1
        else:
            assert end.turn_player == me
            assert end.turn - s.turn == players


def test_the_tree_search_keeps_its_budget_of_iterations() -> None:
    from samarkand_core.bots.search import TREE_PARAMS

    s = position(4, "main", 1)
    thinking = SearchBot(1, params=TREE_PARAMS).start(view_for(s, s.current_player))
    while not thinking.step(1000.0):
        pass
    assert thinking.done_iterations == DEFAULT_ITERATIONS
    assert thinking.result() in legal_actions(s)


def test_a_short_budget_stops_the_rollouts_guess_by_guess() -> None:
    """Rollouts run all candidates on a guess before the next guess: 6 rollouts are
    the four candidates once and two of them twice; cut short so, the choice is the
    better of the two tried most."""
    s = position(3, "main", 0)
    thinking = SearchBot(2, iterations=6).start(view_for(s, s.current_player))
    while not thinking.step(1000.0):
        pass
    visits = sorted(n for _a, n, _q in thinking.root_stats() if n)
    assert visits == [1, 1, 2, 2]
    twice = [a for a, n, _q in thinking.root_stats() if n == 2]
    assert thinking.result() in twice


def test_a_bot_asked_out_of_turn_refuses() -> None:
    s = position(3, "main", 0)
    other = (s.current_player + 1) % s.n
    for level in LEVELS:
        with pytest.raises(ValueError):
            small_bot(level, 1).choose(view_for(s, other))


def test_a_single_legal_action_is_taken_without_search() -> None:
    # A player with no family and no money can only pass.
    s = new_game(["A", "B", "C"], 3).copy()
    s.money[s.turn_player] = 0
    assert len(legal_actions(s)) == 1
    thinking = SearchBot(1, iterations=10_000).start(view_for(s, s.current_player))
    assert thinking.step(0.0)
    assert thinking.done_iterations == 0
    assert thinking.result() == legal_actions(s)[0]
    for level in LEVELS:
        assert small_bot(level, 1).choose(view_for(s, s.current_player)).kind == "pass"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 5])
def test_bots_play_whole_games_with_two_and_five_players(players: int) -> None:
    levels = ["search", "heuristic", "random", "heuristic", "random"][:players]
    bots = [SearchBot(3, iterations=8) if lv == "search" else make_bot(lv, 3) for lv in levels]
    s = new_game([f"P{i + 1}" for i in range(players)], 77)
    steps = 0
    while not s.is_over:
        p = s.current_player
        s = apply_action(s, bots[p].choose(view_for(s, p)))
        steps += 1
        assert steps < 2_000
    assert s.end_reason


# -- hidden information and determinism ------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("n", "kind", "i"), [(3, "main", 0), (4, "main", 1), (3, "discard", 0), (4, "sell_other", 0),
                         (3, "second", 1)]
)
def test_hidden_information_does_not_change_the_decision(
    level: str, n: int, kind: Kind, i: int
) -> None:
    s = position(n, kind, i)
    p = s.current_player
    for seed in (11, 12):
        t = reshuffle_hidden(s, p, seed)
        assert t.hands != s.hands or t.deck != s.deck  # something hidden did change
        a = small_bot(level, 9).choose(view_for(s, p))
        b = small_bot(level, 9).choose(view_for(t, p))
        assert a == b


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_view_give_the_same_decision(level: str) -> None:
    for kind in ("main", "second", "discard"):
        s = position(4, kind, 0)
        view = view_for(s, s.current_player)
        first = [small_bot(level, seed).choose(view) for seed in range(4)]
        again = [small_bot(level, seed).choose(view) for seed in range(4)]
        assert first == again


def test_slicing_does_not_change_the_search() -> None:
    from samarkand_core.bots.search import SearchParams

    s = position(3, "main", 1)
    view = view_for(s, s.current_player)
    flat = SearchParams(root_temp=0.0)  # no root priors: every slice is an iteration
    whole = SearchBot(4, iterations=60, params=flat).choose(view)
    thinking = SearchBot(4, iterations=60, params=flat).start(view)
    slices = 0
    while not thinking.step(0.0):  # one iteration per slice
        slices += 1
    assert slices == 59
    assert thinking.result() == whole


def test_slicing_does_not_change_the_rollouts() -> None:
    """Rollouts stopped between any two judged actions (a used-up slice each
    time) end in the same decision, with the same rollouts, as thinking in one go."""
    s = position(4, "main", 0)
    view = view_for(s, s.current_player)
    whole = SearchBot(5, iterations=8).start(view)
    while not whole.step(10_000.0):
        pass
    thinking = SearchBot(5, iterations=8).start(view)
    slices = 0
    while not thinking.step(0.0):
        slices += 1
    assert slices > 8 * 3  # many slices per rollout: each stops after one judged action
    assert thinking.result() == whole.result()
    assert thinking.root_stats() == whole.root_stats()


# -- slices ----------------------------------------------------------------------------


def test_a_used_up_slice_ends_after_one_iteration() -> None:
    from samarkand_core.bots.search import SearchParams

    s = position(4, "main", 0)
    flat = SearchParams(root_temp=0.0)
    thinking = SearchBot(1, iterations=10_000, params=flat).start(view_for(s, s.current_player))
    assert not thinking.step(0.0)
    assert thinking.done_iterations == 1
    # With the default root priors, a used-up first slice judges one root action only.
    thinking = SearchBot(1, iterations=10_000).start(view_for(s, s.current_player))
    assert not thinking.step(0.0)
    assert thinking.done_iterations == 0


def test_a_slice_stops_near_its_time() -> None:
    # Loose on purpose: a slice checks the clock after each iteration (about a
    # millisecond), so it overruns by an iteration, never by many slices.
    from samarkand_core.bots.search import SearchParams

    s = position(4, "main", 0)
    flat = SearchParams(root_temp=0.0)  # every slice iterates (root priors: see below)
    thinking = SearchBot(1, iterations=1_000_000, params=flat).start(
        view_for(s, s.current_player))
    worst = 0.0
    for _ in range(5):
        t0 = time.perf_counter()
        assert not thinking.step(20.0)
        worst = max(worst, time.perf_counter() - t0)
    assert worst < 1.0
    assert 5 <= thinking.done_iterations < 5_000


@pytest.mark.parametrize("preset", ["tree", "default"])
def test_a_time_budget_finishes_once_the_time_is_thought(preset: str) -> None:
    """Tree or rollouts: thinking ends once its time is spent (time between slices not
    counted), with a legal decision; the tree has iterated by then. Rollouts (tens of
    milliseconds each) may not have finished one: the heuristic's choice stands."""
    s = position(3, "main", 0)
    bot = SearchBot.from_options(1, {"time_ms": "60", "preset": preset})
    thinking = bot.start(view_for(s, s.current_player))
    slices = 0
    while not thinking.step(10.0):
        slices += 1
        time.sleep(0.002)  # the page does other work between slices: not counted
        assert slices < 10_000
    assert thinking.spent >= 60.0
    if preset == "tree":
        assert thinking.done_iterations >= 1
    assert thinking.result() in legal_actions(s)


# -- what the estimate says -------------------------------------------------------------


def test_the_estimate_is_the_final_score_once_the_game_is_over() -> None:
    from samarkand_core import final_scores

    s = new_game(["A", "B", "C"], 8)
    rng = Rng(8)
    while not s.is_over:
        legal = legal_actions(s)
        s = apply_action(s, legal[rng.below(len(legal))])
    assert estimate_scores(s) == [float(x.total) for x in final_scores(s).scores]


def test_the_game_is_expected_to_shorten_as_families_meet() -> None:
    s = new_game(["A", "B", "C"], 8)
    start = turns_left(s)
    late = position(3, "main", 0)
    assert turns_left(late) <= start
    assert 1.0 <= turns_left(late)


# -- strength ---------------------------------------------------------------------------


@pytest.mark.slow
def test_the_heuristic_beats_random_bots() -> None:
    # Chance alone would give it a third of the wins (22 of 30 then has odds below 1e-6);
    # it wins nearly all.
    games = 30
    results = list(run_games(["heuristic", "random", "random"], games, seed=21))
    summary = summarise(["heuristic", "random", "random"], results)
    assert summary["bots"]["heuristic"]["wins"] >= 22, summary
    assert summary["bots"]["heuristic"]["avg_score"] > summary["bots"]["random"]["avg_score"]


# -- the heuristic and the search's priors think in slices too ----------------------------


@pytest.mark.parametrize(("n", "kind", "i"), ALL)
def test_the_heuristic_decides_the_same_in_slices_as_at_once(n: int, kind: Kind, i: int) -> None:
    # Bots think in slices so that a page stays responsive; a slice of 0 ms judges one
    # action, so a decision among k actions takes k slices and must not change.
    s = position(n, kind, i)
    view = view_for(s, s.current_player)
    whole = make_bot("heuristic", 1).choose(view)
    thinking = make_bot("heuristic", 1).start(view)
    slices = 1
    while not thinking.step(0.0):
        slices += 1
    assert thinking.result() == whole
    assert slices >= len(view.legal)


def test_the_search_judges_its_root_priors_in_slices() -> None:
    from samarkand_core.bots.search import SearchParams

    s = position(3, "main", 1)
    view = view_for(s, s.current_player)
    params = SearchParams(root_temp=1.0)
    whole = SearchBot(4, iterations=30, params=params).choose(view)
    thinking = SearchBot(4, iterations=30, params=params).start(view)
    slices = 1
    while not thinking.step(0.0):
        slices += 1
    assert thinking.result() == whole
    # One slice per root action judged, then one iteration per slice.
    assert slices == len(view.legal) + 30


def test_the_boards_distance_table_is_built_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    # The table takes ~100 ms in the browser: a page builds it a row per slice if need be.
    from samarkand_core.bots import heuristic

    monkeypatch.setattr(heuristic, "_INFO", {})
    monkeypatch.setattr(heuristic, "_ROWS", {})
    board = position(3, "main", 0).board
    slices = 1
    while not heuristic.build_board_info(board, deadline=0.0):
        slices += 1
    assert slices == board.n_spaces
    assert heuristic.board_info(board).dist == heuristic.BoardInfo(board).dist
    assert heuristic.build_board_info(board, deadline=0.0)  # built once, then at hand


# -- the search level's budget ------------------------------------------------------------


@pytest.mark.parametrize("kind", ["second", "sell_turn", "sell_other", "discard"])
def test_all_but_a_turns_first_decision_are_left_to_the_heuristics_judgement(
        kind: Kind) -> None:
    """A second camel, a sale and a discard are the heuristic's look over the
    turn (with the fitted estimate); only a turn's first decision gets rollouts."""
    from samarkand_core.bots.heuristic import FITTED_WEIGHTS, HeuristicBot

    s = position(3, kind, 0)
    view = view_for(s, s.current_player)
    thinking = SearchBot(1).start(view)
    while not thinking.step(1000.0):
        pass
    assert thinking.done_iterations == 0
    assert thinking.result() == HeuristicBot(1, FITTED_WEIGHTS).choose(view)


def test_a_second_camel_gets_half_the_budget_in_the_tree_search() -> None:
    from samarkand_core.bots.search import TREE_PARAMS

    s = position(3, "second", 0)
    thinking = SearchBot(1, iterations=60, params=TREE_PARAMS).start(
        view_for(s, s.current_player))
    while not thinking.step(1000.0):
        pass
    assert thinking.done_iterations == 30


def test_the_fitted_terms_are_neutral_in_the_default_weights() -> None:
    from samarkand_core.bots.heuristic import DEFAULT_WEIGHTS, Estimator, Weights

    s = position(4, "main", 0)
    plain = Weights(turn_share=DEFAULT_WEIGHTS.turn_share)
    assert Estimator(s, DEFAULT_WEIGHTS).scores() == Estimator(s, plain).scores()
    assert DEFAULT_WEIGHTS.families_turns == DEFAULT_WEIGHTS.camels_turns == 0.0


@pytest.mark.slow
def test_the_fit_of_the_estimate_runs_on_a_little_self_play() -> None:
    from samarkand_core.research.fit import PARTS, collect, fit

    rows = collect(3, 2, seed=5)
    assert rows and all(len(ps) == 3 and len(ps[0]) == len(PARTS) for ps, _, _ in rows)
    coefficients = fit(rows)
    assert set(coefficients) == set(PARTS)
    assert all(isinstance(v, float) for v in coefficients.values())


def test_the_estimate_values_room_in_the_hand_with_the_default_weights() -> None:
    # The heuristic level must keep judging as before the fitted terms came: room in a
    # hand counts while the game goes on (a slip once dropped it when no fitted term was set).
    import dataclasses

    from samarkand_core.bots.heuristic import DEFAULT_WEIGHTS, Estimator

    s = position(3, "main", 0)
    assert any(s.limit - len(h) - len(sold) > 0 for h, sold in zip(s.hands, s.sold, strict=True))
    no_room = dataclasses.replace(DEFAULT_WEIGHTS, slot=0.0)
    assert Estimator(s, DEFAULT_WEIGHTS).scores() != Estimator(s, no_room).scores()
