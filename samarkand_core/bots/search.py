"""The search bot (the Hard level): rollouts over the heuristic's best moves, or a tree.

The Hard level (DEFAULT_PARAMS) decides a turn's first action by
rollouts (`RolloutPlan`): the heuristic bot's four best first actions, by its look over
the turn, are each played on the same four guesses of the cards the bot cannot see
(`sample_state`, consistent with its view), every player then deciding as the heuristic
bot would from their own view of the guess, up to the start of the bot's next turn,
where the estimate of final scores judges the state. The others are thus modelled as
heuristic players (the Medium level); what a move hands the next players shows. A
second camel, sales and discards are the heuristic's look over the turn (fitted
estimate). In 4-player games against three heuristic bots this won clearly more often
than the tree search below (docs/bots.md has the tournaments). With four or five players
a rollout goes on through the bot's own next turn and is judged when it ends (what a
move prepares is then partly cashed in), over the heuristic's three best first actions
on three guesses each, so that a turn takes less time than before; and the estimate's
weights are those fitted at that table size (`SearchParams.for_players`).

The tree (TREE_PARAMS, `preset=tree`; SearchParams' defaults are `preset=plain`) is
information-set Monte Carlo tree search (single observer). Each iteration deals the cards
the bot cannot see at random, consistent with its view (`sample_state`), and walks one
tree shared by all these guesses: a node stands for the actions taken so far, whatever
the guess, and a child is chosen only among the actions legal in the current guess. Every
player picks children to further their own reward (max^n), by PUCT with priors from a
cheap greedy score of each action; at the root, where good priors pay most, they come
from the heuristic bot's look over the whole turn. A new node is judged by a short
greedy playout (to the end of the turn, by default) and then by the estimate of final
scores that the heuristic bot uses; the reward of a player is the chance of winning that
the estimate's margin suggests, or at the end of the game the win itself.

History of the tree's settings (3 players, search against two heuristic bots, seed 1):
400 iterations with three-turn playouts won 47.3% of 300 games; 800 with one-turn
playouts 48.3%; the same with the heuristic's root priors (root_temp 1.0) 53.7%
(`preset=plain` is that search). Then the estimate that sets the root priors and judges
the leaves became FITTED_WEIGHTS (rivals counted in full, terms fitted on self-play), a
second camel got half the budget and sales and discards were left to the heuristic's
judgement (`preset=tree`).

The budget is a number of iterations (deterministic for a seed and a view) or a time;
for rollouts, iterations bound the number of rollouts (at most 4 x 4 by default, 3 x 3
with four or five players).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..engine import apply_action, legal_actions
from ..rng import Rng, mix
from ..state import DISCARD, MAIN, SECOND, SELL, GameState
from ..view import PlayerView, sample_state, view_for
from .base import to_end
from .greedy import greedy_action, quick_scores
from .heuristic import (
    DEFAULT_WEIGHTS,
    FITTED_WEIGHTS,
    TABLE_WEIGHTS,
    Estimator,
    Weights,
    blank_state,
    build_board_info,
    exact_scores,
    iter_action_values,
    parse_weights,
    view_judge,
)
from .settings import read_setting

DEFAULT_ITERATIONS = 800
_SALT = 0x5EA2C4  # mix()'s start for a search's seeds


# -- the tree -----------------------------------------------------------------------------


class _Node:
    __slots__ = ("children", "n", "w", "prior", "top", "total")

    def __init__(self, n_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.n = 0
        self.w = [0.0] * n_players
        self.prior: dict[int, float] = {}
        self.top = 0.0
        self.total = 1.0


@dataclass(frozen=True, slots=True)
class SearchParams:
    """The search's knobs: set by hand, then compared in bot tournaments."""

    c_puct: float = 1.5
    prior_temp: float = 1.5
    playout_turns: int = 1
    margin_scale: float = 6.0
    epsilon: float = 0.1
    weights: Weights = DEFAULT_WEIGHTS
    root_temp: float = 1.0
    # Share of the budget for decisions other than a turn's first: the second camel, a
    # sale and a discard. 0 means no search: the heuristic's look over the turn decides.
    second_scale: float = 1.0
    sell_scale: float = 1.0
    discard_scale: float = 1.0
    # Rollouts instead of the tree (0: the tree): the heuristic's best `rollout_moves`
    # first actions of a turn, each played on `rollout_samples` guesses of the hidden
    # cards to the start of the bot's next turn, every player deciding as the heuristic
    # bot would from their own view (the others with `opponent_weights`: the Medium
    # level), then judged by the estimate. See RolloutPlan.
    rollout_moves: int = 0
    rollout_samples: int = 4
    # Guesses with four or more players (0: rollout_samples): each rollout then plays
    # three or four other players' turns, so one guess says less.
    rollout_samples_4plus: int = 0
    # Candidates with four or more players (0: rollout_moves): each rollout costs about
    # half as much again as with three players, so fewer candidates keep a turn's time.
    rollout_moves_4plus: int = 0
    # With four or more players (1): a rollout's reward is the chance of beating every
    # rival, each margin taken as its own chance (their product), rather than the chance
    # of beating the best rival alone. With three rivals, being level with one of them or
    # with all three is not the same position.
    every_rival_4plus: int = 0
    # With four or more players (1): a rollout goes on through the bot's own next turn
    # (played as the heuristic would, with `weights`) and is judged when that turn ends,
    # rather than when it begins: what a move prepares is then partly cashed in, which
    # the estimate judges better than hopes.
    through_next_turn_4plus: int = 0
    opponent_weights: Weights = DEFAULT_WEIGHTS
    # The estimate's weights for a table size, where they differ from `weights`:
    # ((players, weights), ...). A decision uses `for_players(n)`.
    weights_by_players: tuple[tuple[int, Weights], ...] = ()

    def for_players(self, n_players: int) -> SearchParams:
        """These settings with the weights for a table of `n_players`."""
        for n, weights in self.weights_by_players:
            if n == n_players:
                return dataclasses.replace(self, weights=weights, weights_by_players=())
        return self

    def samples(self, n_players: int) -> int:
        if n_players >= 4 and self.rollout_samples_4plus > 0:
            return self.rollout_samples_4plus
        return self.rollout_samples

    def moves(self, n_players: int) -> int:
        if n_players >= 4 and self.rollout_moves_4plus > 0:
            return self.rollout_moves_4plus
        return self.rollout_moves

    def budget_scale(self, phase: str) -> float:
        if phase == SECOND:
            return self.second_scale
        if phase == SELL:
            return self.sell_scale
        if phase == DISCARD:
            return self.discard_scale
        return 1.0

    def replace(self, **changes: Any) -> SearchParams:
        return dataclasses.replace(self, **changes)


# The search level: the fitted estimate (root priors and leaves), the whole budget on a
# turn's first decision, half on a second camel, and sales and discards left to the
# heuristic's judgement (on 95 positions from heuristic self-play the search never chose
# another sale decision or discard than the heuristic, and one second camel in 17).
TREE_PARAMS = SearchParams(
    weights=FITTED_WEIGHTS, second_scale=0.5, sell_scale=0.0, discard_scale=0.0,
)
# The Hard level: the first decision of each turn by rollouts
# over the heuristic's four best actions, four guesses each (in 200 four-player games
# against three heuristic bots, seed 1, it won 37.6% of the first 133 where the tree
# search (TREE_PARAMS, `preset=tree`) won 29.3% of the same games); a second camel,
# sales and discards by the heuristic's look over the turn. With four or five players
# (on the tuned map) the rollouts go on through the bot's own next turn, over
# three candidates on three guesses each: in 400 four-player games against three
# heuristic bots (seed 1) that won 41.2% where four candidates on four guesses, judged
# at the start of the next turn, won 39.5% (seed 2: 46.2% against 38.8%), and a turn's
# first decision took 0.60 s in the page against 1.01 s. With four or five players the
# estimate's weights are FITTED_WEIGHTS_4PLUS (fitted on five-player self-play): in 400
# five-player games against four heuristic bots (seed 1) that won 47.0% where
# FITTED_WEIGHTS won 23.4% of the first 205. docs/bots.md has the runs.
DEFAULT_PARAMS = SearchParams(
    weights=FITTED_WEIGHTS, second_scale=0.0, sell_scale=0.0, discard_scale=0.0,
    rollout_moves=4, rollout_samples=4,
    rollout_moves_4plus=3, rollout_samples_4plus=3, through_next_turn_4plus=1,
    weights_by_players=tuple(sorted(TABLE_WEIGHTS.items())),
)
_PARAM_TYPES: dict[str, type] = {
    f.name: type(getattr(DEFAULT_PARAMS, f.name)) for f in dataclasses.fields(SearchParams)
}


def _sigmoid(x: float) -> float:
    if x < -30.0:
        return 0.0
    if x > 30.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class SearchThinking:
    """One decision in progress; `step` runs iterations for about max_ms at most."""

    def __init__(
        self,
        view: PlayerView,
        seed: int,
        iterations: int | None,
        time_ms: float | None,
        params: SearchParams = DEFAULT_PARAMS,
    ) -> None:
        if not view.legal:
            raise ValueError("the bot is not the player who decides now")
        self.view = view
        self.legal = view.legal
        params = params.for_players(view.n)
        self.params = params
        scale = params.budget_scale(view.phase)
        if iterations is not None:
            iterations = round(iterations * scale)
        if time_ms is not None:
            time_ms = time_ms * scale
        # No budget for this kind of decision: the heuristic's judgement of the root decides.
        self.heuristic_only = scale <= 0.0
        self.iterations = iterations
        self.time_ms = time_ms
        self.done_iterations = 0
        self.spent = 0.0
        # The seed mixes in where the game stands, so that each decision draws its own
        # guesses, yet the same view always draws the same ones.
        self.rng = Rng(mix(_SALT, seed, view.n_actions, view.viewer, view.turn))
        self.root = _Node(view.n)
        self.finished = len(self.legal) == 1
        self._choice: Action | None = self.legal[0] if self.finished else None
        self.rollouts = params.rollout_moves > 0 and not self.heuristic_only
        # Rollouts need the heuristic's values of the root (their candidates).
        self._primed = (
            params.root_temp <= 0.0 and not self.heuristic_only and not self.rollouts
        ) or self.finished
        self._root_values: list[tuple[float, Action]] = []
        self._root_iter: Iterator[tuple[float, Action]] | None = None
        self._plan: RolloutPlan | None = None

    def _prime(self, deadline: float) -> bool:
        """Judge the root's actions as the heuristic bot would, until the deadline.

        It costs one heuristic decision, and the root is where good priors pay most; it
        is spread over slices like the rest of the thinking. True once the priors are set.
        """
        if self._root_iter is None:
            view = self.view
            self._root_iter = iter_action_values(
                blank_state(view), view_judge(view, self.params.weights)
            )
        for option in self._root_iter:
            self._root_values.append(option)
            if time.perf_counter() >= deadline:
                return False
        self._primed = True
        if self.heuristic_only:
            best = self._root_values[0]
            for option in self._root_values[1:]:
                if option[0] > best[0]:  # ties go to the earliest, as in the heuristic bot
                    best = option
            self._choice = best[1]
            self.finished = True
            return True
        self._set_root_priors(self._root_values)
        if self.rollouts:
            self._plan = RolloutPlan(self, self._root_values)
            if len(self._plan.moves) == 1:
                self._choice = self._plan.moves[0]
                self.finished = True
        return True

    def _set_root_priors(self, values: list[tuple[float, Action]]) -> None:
        top = max(v for v, _ in values)
        temp = self.params.root_temp
        weights = [math.exp((v - top) / temp) for v, _ in values]
        total = sum(weights)
        root = self.root
        root.top = 0.0
        root.total = 1.0
        for (_, a), w in zip(values, weights, strict=True):
            root.prior[id(a)] = w / total

    # -- the slicing interface ----------------------------------------------------------

    def step(self, max_ms: float) -> bool:
        if self.finished:
            return True
        start = time.perf_counter()
        deadline = start + max_ms / 1000.0
        if not build_board_info(self.view.board, deadline) or (
            not self._primed and not self._prime(deadline)
        ):
            self.spent += (time.perf_counter() - start) * 1000.0
            return False
        if self.finished:  # decided by the heuristic's judgement alone
            self.spent += (time.perf_counter() - start) * 1000.0
            return True
        if self._plan is not None:
            self.finished = self._plan.run(start, deadline)
            self.spent += (time.perf_counter() - start) * 1000.0
            return self.finished
        while True:
            self._iterate()
            self.done_iterations += 1
            if self.iterations is not None and self.done_iterations >= self.iterations:
                self.finished = True
                break
            now = time.perf_counter()
            if self.time_ms is not None and self.spent + (now - start) * 1000.0 >= self.time_ms:
                self.finished = True
                break
            if now >= deadline:
                break
        self.spent += (time.perf_counter() - start) * 1000.0
        return self.finished

    def result(self) -> Action:
        """The decision; asked before thinking is done, the best found so far."""
        if self._choice is not None:
            return self._choice
        choice = self._best_root_action()
        if self.finished:
            self._choice = choice
        return choice

    @property
    def plan(self) -> RolloutPlan | None:
        """The rollouts of this decision (once primed; None for the tree or the heuristic)."""
        return self._plan

    def root_values(self) -> list[tuple[float, Action]]:
        """The heuristic's value of each root action (once primed; empty before)."""
        return list(self._root_values)

    def root_stats(self) -> list[tuple[Action, int, float]]:
        """(action, visits, mean reward of the viewer) for each root action; for tests."""
        me = self.view.viewer
        out = []
        for a in self.legal:
            child = self.root.children.get(id(a))
            if child is None or child.n == 0:
                out.append((a, 0, 0.0))
            else:
                out.append((a, child.n, child.w[me] / child.n))
        return out

    def _best_root_action(self) -> Action:
        if self._plan is not None:
            return self._plan.best()
        # Most visits, then the better mean, then the higher prior, then the engine's order.
        best: tuple[int, float, float] | None = None
        choice = self.legal[0]
        prior = self.root.prior
        for a, n, q in self.root_stats():
            key = (n, q, prior.get(id(a), 0.0))
            if best is None or key > best:
                best = key
                choice = a
        return choice

    # -- one iteration ---------------------------------------------------------------------

    def _iterate(self) -> None:
        rng = self.rng
        s = sample_state(self.view, rng.below(1 << 62))
        node = self.root
        path = [node]
        while True:
            if s.is_over:
                break
            legal = legal_actions(s)
            if len(legal) == 1:
                s = apply_action(s, legal[0])
                continue
            if s.phase == DISCARD and node is not self.root:
                # The cards drawn differ from guess to guess: branching on them would
                # split the tree for nothing, so discards inside it are greedy.
                s = apply_action(s, greedy_action(s))
                continue
            if node.n == 0 and node is not self.root:
                break
            action = self._select(node, s, legal)
            key = id(action)
            child = node.children.get(key)
            if child is None:
                child = _Node(s.n)
                node.children[key] = child
            s = apply_action(s, action)
            node = child
            path.append(node)
        rewards = self._evaluate(s)
        for nd in path:
            nd.n += 1
            w = nd.w
            for q in range(len(w)):
                w[q] += rewards[q]

    def _select(self, node: _Node, s: GameState, legal: list[Action]) -> Action:
        params = self.params
        p = s.current_player
        prior = node.prior
        missing = [a for a in legal if id(a) not in prior]
        if missing:
            # Softmax weights, fixed at first sight so later visits pay nothing; an
            # action first seen in a later guess is weighed against the same top.
            raw = quick_scores(s, missing)
            temp = params.prior_temp
            if not prior:
                top = max(raw)
                node.top = top
                node.total = sum(math.exp((v - top) / temp) for v in raw)
            for a, v in zip(missing, raw, strict=True):
                prior[id(a)] = math.exp(min(0.0, v - node.top) / temp) / node.total
        sqrt_n = math.sqrt(node.n)
        c = params.c_puct * sqrt_n
        # Unvisited children start at the parent's mean for this player.
        fpu = node.w[p] / node.n if node.n else 0.5
        children = node.children
        best = legal[0]
        best_v = -1e18
        for a in legal:
            key = id(a)
            child = children.get(key)
            if child is None or child.n == 0:
                v = fpu + c * prior[key]
            else:
                v = child.w[p] / child.n + c * prior[key] / (1 + child.n)
            if v > best_v:
                best_v = v
                best = a
        return best

    def _evaluate(self, s: GameState) -> list[float]:
        params = self.params
        turn = s.turn
        limit = params.playout_turns
        rng = self.rng
        while not s.is_over and s.turn - turn < limit:
            s = apply_action(s, greedy_action(s, rng, params.epsilon))
        if s.is_over:
            sc = [float(x) for x in exact_scores(s)]
            return _rewards(sc, params.margin_scale, final=True)
        sc = Estimator(s, params.weights).scores()
        return _rewards(sc, params.margin_scale, final=False)


def _rewards(sc: list[float], scale: float, final: bool) -> list[float]:
    out = []
    for q, v in enumerate(sc):
        other = max(x for r, x in enumerate(sc) if r != q)
        margin = v - other
        if final:
            # Winning is what counts; the margin only breaks ties between wins or losses.
            out.append((0.85 if margin >= 0 else 0.0) + 0.15 * _sigmoid(margin / scale))
        else:
            out.append(_sigmoid(margin / scale))
    return out


def _every_rival_rewards(sc: list[float], scale: float) -> list[float]:
    """Each player's chance of beating every rival, the margins taken one by one."""
    out = []
    for q, v in enumerate(sc):
        chance = 1.0
        for r, x in enumerate(sc):
            if r != q:
                chance *= _sigmoid((v - x) / scale)
        out.append(chance)
    return out


class RolloutPlan:
    """The rollouts of one decision (the Hard level's way of deciding).

    Rollout in Bertsekas' and Tesauro's sense: a base policy (the heuristic bot) is
    improved by trying each of its best first actions and letting the policy play on.
    Each candidate is played on the same guesses of the hidden cards (`sample_state`,
    dealt from the bot's view only), every player then deciding as the heuristic bot
    would from their own view of the guess, until the bot's next turn begins (with four
    or five players, by default, until it ends) or the game ends; the estimate of final
    scores judges that state, and the reward is the chance of winning its margin
    suggests, as in the tree search. Against heuristic
    players this models the others as they are: a move that hands the next player a
    meeting or a goods marker shows as such, which the heuristic's look over its own
    turn cannot see.

    Rollouts run guess by guess (all candidates on guess 1, then on guess 2, ...), so
    that a budget cut short still compares the candidates on the same guesses; each
    rollout is a generator, stopped between two judged actions when a slice is used up.
    """

    def __init__(self, thinking: SearchThinking, values: list[tuple[float, Action]]) -> None:
        params = thinking.params
        order = sorted(range(len(values)), key=lambda i: (-values[i][0], i))
        self.thinking = thinking
        self.moves = [values[i][1] for i in order[: params.moves(thinking.view.n)]]
        seeds = [thinking.rng.below(1 << 62) for _ in range(params.samples(thinking.view.n))]
        budget = len(self.moves) * len(seeds)
        if thinking.iterations is not None:
            budget = min(budget, thinking.iterations)
        self.jobs = [(a, seed) for seed in seeds for a in self.moves][:budget]
        self.next_job = 0
        # each finished job's rewards (the jobs' order): the analysis pairs two moves'
        # rewards on one guess to tell how sure its estimate of a loss is
        self.rewards: list[tuple[float, ...]] = []
        self._running: Iterator[None] | None = None
        self._result: list[float] = []
        for a in self.moves:
            thinking.root.children.setdefault(id(a), _Node(thinking.view.n))

    def run(self, start: float, deadline: float) -> bool:
        """Rollouts until the deadline (or the time budget); True once all are done."""
        t = self.thinking
        while self.next_job < len(self.jobs):
            if self._running is None:
                action, seed = self.jobs[self.next_job]
                self._running = self._rollout(action, seed)
            if next(self._running, _DONE) is _DONE:
                action = self.jobs[self.next_job][0]
                node = t.root.children[id(action)]
                node.n += 1
                for q, r in enumerate(self._result):
                    node.w[q] += r
                self.rewards.append(tuple(self._result))
                self._running = None
                self.next_job += 1
                t.done_iterations += 1
            now = time.perf_counter()
            if t.time_ms is not None and t.spent + (now - start) * 1000.0 >= t.time_ms:
                return True
            if now >= deadline:
                return self.next_job >= len(self.jobs)
        return True

    def best(self) -> Action:
        """The best mean reward among the candidates tried most; ties to the heuristic's
        order (before any rollout: the heuristic's choice)."""
        root = self.thinking.root
        nodes = [root.children[id(a)] for a in self.moves]
        most = max(nd.n for nd in nodes)
        if most == 0:
            return self.moves[0]
        me = self.thinking.view.viewer
        best, best_q = self.moves[0], -1.0
        for a, nd in zip(self.moves, nodes, strict=True):
            if nd.n == most and nd.w[me] / nd.n > best_q:
                best, best_q = a, nd.w[me] / nd.n
        return best

    def rollout(self, action: Action, seed: int) -> Iterator[None]:
        """One rollout of `action` on the guess `seed`, in steps; then `last_rewards`.

        For the analysis of a finished game (samarkand_core.analysis), which also plays the
        move a person chose, when it was not among the candidates, on the candidates'
        guesses. The bot's own decision never calls it: its play is unchanged."""
        return self._rollout(action, seed)

    @property
    def last_rewards(self) -> tuple[float, ...]:
        """Each player's reward from the rollout that finished last."""
        return tuple(self._result)

    def _rollout(self, action: Action, seed: int) -> Iterator[None]:
        t = self.thinking
        params = t.params
        me = t.view.viewer
        s = apply_action(sample_state(t.view, seed), action)
        # Stop when the bot's next turn begins, or (through_next_turn_4plus) once it is over.
        through = params.through_next_turn_4plus > 0 and s.n >= 4
        in_next_turn = False
        while not s.is_over:
            if in_next_turn:
                if s.turn_player != me:
                    break
            elif s.turn_player == me and s.phase == MAIN:
                if not through:
                    break
                in_next_turn = True
            q = s.current_player
            view = view_for(s, q)
            if len(view.legal) == 1:
                choice = view.legal[0]
            else:
                weights = params.weights if q == me else params.opponent_weights
                best: tuple[float, Action] | None = None
                for option in iter_action_values(blank_state(view), view_judge(view, weights)):
                    # ties go to the earliest, as in the heuristic bot
                    if best is None or option[0] > best[0]:
                        best = option
                    yield
                assert best is not None
                choice = best[1]
            s = apply_action(s, choice)
            yield
        if s.is_over:
            self._result = _rewards([float(x) for x in exact_scores(s)], params.margin_scale,
                                    final=True)
            return
        sc = Estimator(s, params.weights).scores()
        if params.every_rival_4plus and s.n >= 4:
            self._result = _every_rival_rewards(sc, params.margin_scale)
        else:
            self._result = _rewards(sc, params.margin_scale, final=False)


_DONE = object()


class SearchBot:
    """The Hard level (rollouts; the tree with `params=TREE_PARAMS`): `iterations`
    (default DEFAULT_ITERATIONS) or `time_ms` bounds each decision."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        time_ms: float | None = None,
        params: SearchParams = DEFAULT_PARAMS,
    ) -> None:
        if iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        self.seed = seed
        self.iterations = iterations
        self.time_ms = time_ms
        self.params = params

    @classmethod
    def from_options(cls, seed: int, options: dict[str, str]) -> SearchBot:
        """A bot from text settings (tournament variants): iterations, time_ms, preset
        (default, tree or plain), any SearchParams field and, with a `w_` prefix, any weight of
        the estimate, e.g. {"iterations": "400", "c_puct": "2.0", "w_rival": "1"}."""
        iterations = (
            read_setting("iterations", options.pop("iterations"), int, 0)
            if "iterations" in options
            else None
        )
        time_ms = (
            read_setting("time_ms", options.pop("time_ms"), float, 0.001)
            if "time_ms" in options
            else None
        )
        preset = options.pop("preset", "default")
        presets = {"default": DEFAULT_PARAMS, "tree": TREE_PARAMS, "plain": SearchParams()}
        if preset not in presets:
            raise ValueError(f"unknown preset {preset!r}: default, tree or plain")
        # tree: the tree search of the Hard level before the rollouts;
        # plain: the tree search as it was before the fitted estimate.
        base = presets[preset]
        kwargs: dict[str, object] = {}
        weights: dict[str, str] = {}
        for key, text in options.items():
            if key.startswith("w_"):
                weights[key[2:]] = text
                continue
            if key == "weights_by_players":
                # 0: one set of weights for every table size, as before they were fitted
                # per size
                if float(text) != 0:
                    raise ValueError("weights_by_players takes 0 (the same weights for all)")
                kwargs[key] = ()
                continue
            if key not in _PARAM_TYPES or _PARAM_TYPES[key] in (Weights, tuple):
                raise ValueError(f"the search has no setting {key!r}")
            kind = _PARAM_TYPES[key]
            # counts (playout turns, rollout samples ...) are never negative
            kwargs[key] = read_setting(key, text, kind, 0 if kind is int else None)
        if weights:
            # A weight set here holds at every table size.
            kwargs["weights"] = parse_weights(weights, base.weights)
            by_players = kwargs.get("weights_by_players", base.weights_by_players)
            assert isinstance(by_players, tuple)
            kwargs["weights_by_players"] = tuple(
                (n, parse_weights(weights, w)) for n, w in by_players
            )
        params = base.replace(**kwargs) if kwargs else base
        return cls(seed, iterations=iterations, time_ms=time_ms, params=params)

    def start(self, view: PlayerView) -> SearchThinking:
        return SearchThinking(view, self.seed, self.iterations, self.time_ms, self.params)

    def choose(self, view: PlayerView) -> Action:
        return to_end(self.start(view))


__all__ = [
    "DEFAULT_ITERATIONS", "DEFAULT_PARAMS", "RolloutPlan", "SearchBot", "SearchParams",
    "SearchThinking", "TREE_PARAMS", "quick_scores",
]
