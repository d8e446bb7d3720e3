"""An analysis of a finished game: every decision of one player, judged from that
player's view at that moment, and everyone's winning chances turn by turn.

    >>> from samarkand_core.analysis import Analysis
    >>> result = Analysis(code, player=1).run()       # all at once (player 0-based)
    >>> a = Analysis(code, player=1)                  # or in slices, like the bots:
    >>> while not a.step(50.0): show(a.done, a.total)
    >>> result = a.result()

A decision is an action of the player where they had more than one legal choice (forced
moves are skipped). Each is judged by the Hard level (the search bot, DEFAULT_PARAMS)
from `view_for(state_before, player)` and nothing else (`DecisionThinking` takes the view
only): the search gives its move, the heuristic's look over the turn gives every legal
move's *points*, and the search's rollouts its *winning chance*. So two games that
differ only in cards the player could not see at that moment get the same judgement.

- points: the player's estimated final score minus the best rival's, once the rest of
  the turn is played as the heuristic would (the value the Hard level ranks moves by,
  with its fitted estimate; a decided game's win bonus is left out).
- winning chance: the mean reward of rollouts (bots/search.RolloutPlan: every player
  then plays as the heuristic would, to the start of the player's next turn), of the
  move played and of the Hard level's move on the same guesses of the hidden cards:
  where the Hard level searches (a turn's first decision), its own four guesses (the
  move played rolled out too when it was not among the candidates) and EXTRA_GUESSES
  more; elsewhere (a second camel, a sale, a discard: the heuristic's look decides
  those) EXTRA_GUESSES of their own. One kind of estimate for every decision, so that
  the chance does not jump between two decisions of one turn.
- best: the Hard level's move, unless the move played scores at least as well (by the
  winning chance; by the points where there are no rollouts): then the move played is
  the best found, with loss 0.
- loss: best's points minus played's points, and the loss of winning chance likewise;
  never negative.
- kind: "best", else the worse of the two losses' classes (`classify`).

The winning-chance lines of the chart (`public_win_chances`) read public information
only: hands are counted as their sizes times the mean worth of the cards not yet sold,
exactly as a spectator would. After the game they tell nothing new; they are not
needed, and so not used, to judge any decision.

The analysis needs a finished game: before its end it would show the player's cards
(their sales, keeps and discards) to whoever reads it.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .actions import Action
from .analysis_text import ANALYSIS_EN, analysis_template
from .board import Board
from .bots.base import to_end
from .bots.coach import Reason, explain
from .bots.coach_text import NAME_PARAMS, coach_template
from .bots.heuristic import (
    Estimator,
    Weights,
    _Judge,
    blank_state,
    iter_action_values,
    view_judge,
)
from .bots.search import (
    DEFAULT_ITERATIONS,
    DEFAULT_PARAMS,
    RolloutPlan,
    SearchParams,
    SearchThinking,
)
from .engine import legal_actions
from .replay import HiddenHandsError, Replay
from .rng import Rng, mix
from .savecode import decode_save
from .scoring import final_scores
from .state import GameState
from .view import PlayerView, view_for

KINDS = ("best", "good", "inaccuracy", "mistake", "blunder")
# Kinds drawn on the chart and counted as mistakes in a wider sense.
MARKED = ("inaccuracy", "mistake", "blunder")
# Lower ends of inaccuracy, mistake and blunder: points lost against the best rival (a
# three-player game ends near 50 points, a first meeting is worth 3 to 5) ...
POINT_LIMITS = (1.0, 3.0, 6.0)
# ... and winning chance lost (lichess's steps are 5, 10 and 15 points on this scale;
# ours are wider at the top, as four guesses of the hidden cards make a rough chance).
WIN_LIMITS = (0.05, 0.10, 0.20)
# Guesses of the hidden cards on which the move played and the Hard level's move are both
# rolled out, beyond the search's own four: the winning chances compared then rest on
# 4 + EXTRA_GUESSES deals each, the same deals for both moves (common random numbers).
# With the search's four alone, analyses with two seeds differed by up to 7 points of
# winning chance on one decision; the cost is two rollouts a guess. Four, not eight: over
# seeds 0-3 on 8 decisions the worst disagreement was 12.1 points with four and 13.5 with
# eight (the rest is the Hard level choosing another best move, which more guesses do not
# change), and eight doubled a whole game's analysis (16.7 s -> 36.2 s in CPython).
EXTRA_GUESSES = 4
# How sure a loss of winning chance is: the two moves' rewards are paired deal by deal
# (the same guess of the hidden cards for both), and the loss's standard error is the
# spread of those differences over the square root of their number. The winning chance
# lost counts towards a mark only by what of it clears NOISE_Z standard errors (the lower
# end of its range), and the page shows the range ("margin of error ±6%"). Over 30
# decisions of five games (2-5 players) judged with four seeds each
# (benchmarks/analysis_spread.py, docs/bots.md), two analyses of one decision differed
# by more than 5 points in 7.8% of the pairs (at most 16.6), mostly where the Hard level
# chose another best move, which more guesses do not change (see EXTRA_GUESSES); their
# ranges overlapped in 98.3% of the pairs, and marked or not agreed in 96.7% (92.2%
# when classed by the loss itself).
NOISE_Z = 2.0
_EXTRA_SALT = 0xA7A15E  # mix()'s start for the extra guesses
# The judge adds this to a decided game's margin (bots/heuristic.py, _Judge._objective).
_DECIDED = 1000.0


def classify(loss: float, win_loss: float, win_err: float = 0.0) -> str:
    """The kind of a move that is not the best found: the worse of its two losses, the
    winning chance's by the lower end of its range (what of it clears the noise of the
    guesses; the points have no such noise once the best move is found)."""
    by_points = sum(1 for x in POINT_LIMITS if loss >= x)
    by_win = sum(1 for x in WIN_LIMITS if win_loss - NOISE_Z * win_err >= x)
    return KINDS[1 + max(by_points, by_win)]


def standard_error(diffs: Sequence[float]) -> float:
    """The standard error of the mean of paired differences (0 with fewer than two)."""
    if len(diffs) < 2:
        return 0.0
    return statistics.stdev(diffs) / math.sqrt(len(diffs))


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of the player, judged from their view at that moment."""

    index: int  # the action's index in the game: the position before it is state_at(index)
    move: int  # the replay's move (1, 2, ...) it belongs to
    turn: int
    player: int
    played: Action
    best: Action  # the best found: the Hard level's move, or the move played if as good
    hard: Action  # the Hard level's own move
    points_played: float
    points_best: float
    loss: float  # points_best - points_played, never negative; 0 when best is played
    win_played: float
    win_best: float
    win_loss: float
    searched: bool  # winning chances from rollouts (else from the points' margin)
    kind: str
    reasons: tuple[Reason, ...]
    # the standard error of the winning chance lost, from the deals the move played and
    # the Hard level's move were both rolled out on (0 where the move played is the Hard
    # level's, or where there are no rollouts); the range is ± NOISE_Z of it
    win_err: float = 0.0


@dataclass(frozen=True, slots=True)
class AnalysisResult:
    player: int  # 0-based
    names: tuple[str, ...]
    decisions: tuple[Judgement, ...]
    # Each player's winning chance (public estimate) at the start (turn 0) and after
    # each turn, one row per turn as in chart.race: win_chances[turn][player].
    win_chances: tuple[tuple[float, ...], ...]
    seed: int
    iterations: int

    def count(self, kind: str) -> int:
        return sum(1 for d in self.decisions if d.kind == kind)


# -- one decision -----------------------------------------------------------------------------


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _points_and_chance(value: float, scale: float) -> tuple[float, float]:
    """The judge's value as points (its decided-game bonus taken off) and as a chance."""
    if value > _DECIDED / 2:
        return value - _DECIDED, 1.0
    if value < -_DECIDED / 2:
        return value + _DECIDED, 0.0
    return value, _sigmoid(value / scale)


class DecisionThinking:
    """The judgement of one decision in slices: the Hard level's search on the view, the
    move played rolled out on the same guesses if needed, then the reasons."""

    def __init__(
        self,
        view: PlayerView,
        played: Action,
        *,
        move: int = 0,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        params: SearchParams = DEFAULT_PARAMS,
    ) -> None:
        if len(view.legal) < 2:
            raise ValueError("not a decision: the player had no choice here")
        if played not in view.legal:
            raise ValueError(f"{played!r} was not legal for the player here")
        self.view = view
        self.played = played
        self.move = move
        self.params = params.for_players(view.n)
        self.search = SearchThinking(view, seed, iterations, None, params)
        self._values: dict[int, float] | None = None
        self._extra: Iterator[None] | None = None
        self._extra_rewards: list[float] = []
        self.seed = seed
        # the viewer's rewards on the extra guesses (EXTRA_GUESSES), by move (id)
        self._more: defaultdict[int, list[float]] = defaultdict(list)
        self._own: RolloutPlan | None = None  # rollouts where the Hard level did not search
        self._result: Judgement | None = None

    def step(self, max_ms: float) -> bool:
        if self._result is not None:
            return True
        deadline = time.perf_counter() + max_ms / 1000.0
        if not self.search.finished and not self.search.step(max_ms):
            return False
        plan = self.search.plan
        if self._extra is None:
            self._extra = (self._extra_rollouts(plan) if plan is not None
                           else self._own_rollouts())
        for _ in self._extra:
            if time.perf_counter() >= deadline:
                return False
        if time.perf_counter() >= deadline:
            return False  # the judgement (the heuristic's look and the reasons): next slice
        self._result = self._judge(plan)
        return True

    def run(self) -> Judgement:
        """The judgement all at once (`step` until done, then `result`)."""
        return to_end(self)

    def result(self) -> Judgement:
        if self._result is None:
            raise RuntimeError("the judgement is not done; call step() until True")
        return self._result

    # -- parts ------------------------------------------------------------------------------

    def _stats(self) -> dict[int, tuple[int, float]]:
        return {id(a): (n, q) for a, n, q in self.search.root_stats()}

    def _extra_rollouts(self, plan: RolloutPlan) -> Iterator[None]:
        """The move played, when the rollouts left it out, on the guesses the Hard
        level's move was played on (the same seeds, so the same cards dealt); then both
        on EXTRA_GUESSES more guesses of their own (common to the two), so that the two
        chances compared rest on more deals than the search's four and an analysis with
        another seed agrees (tests/core/test_analysis.py)."""
        hard = self.search.result()
        stats = self._stats()
        if stats[id(hard)][0] == 0:
            return
        me = self.view.viewer
        if stats[id(self.played)][0] == 0:
            for a, seed in plan.jobs[: plan.next_job]:
                if a is hard:
                    yield from plan.rollout(self.played, seed)
                    self._extra_rewards.append(plan.last_rewards[me])
        yield from self._common_rollouts(plan, hard)

    def _common_rollouts(self, plan: RolloutPlan, hard: Action) -> Iterator[None]:
        """The move played and the Hard level's move, each on the same EXTRA_GUESSES
        deals (drawn from the decision and the analysis's seed only)."""
        me = self.view.viewer
        rng = Rng(mix(_EXTRA_SALT, self.seed, self.view.n_actions, me))
        moves = [hard] if self.played is hard else [hard, self.played]
        for _ in range(EXTRA_GUESSES):
            seed = rng.below(1 << 62)
            for a in moves:
                yield from plan.rollout(a, seed)
                self._more[id(a)].append(plan.last_rewards[me])

    def _own_rollouts(self) -> Iterator[None]:
        """Where the Hard level does not search (a second camel, a sale, a discard: its
        look over the turn decides), the two moves are rolled out all the same, as far as
        the rollouts of a turn's first decision go: so every winning chance of the
        analysis is the same kind of estimate, and one decision's chance does not jump
        from the rollouts' 21% to the margin's 50% at the next decision of the turn."""
        values = [(v, a) for a in self.view.legal for v in [self._points()[id(a)]]]
        self._own = RolloutPlan(self.search, values)
        yield from self._common_rollouts(self._own, self.search.result())

    def _points(self) -> dict[int, float]:
        """The judge's value of every legal move (the search's own, when it has them)."""
        if self._values is None:
            values = self.search.root_values()
            if not values:  # a search that did not need the heuristic's look (a tree)
                view = self.view
                values = list(iter_action_values(
                    blank_state(view), view_judge(view, self.params.weights)))
            self._values = {id(a): v for v, a in values}
        return self._values

    def _chances(self, hard: Action) -> tuple[float, float] | None:
        """(played, hard) mean rollout rewards over all their guesses, or None where the
        Hard level did not search."""
        if self._own is not None:  # not searched: the two moves' own rollouts
            more_hard = self._more[id(hard)]
            more_played = more_hard if self.played is hard else self._more[id(self.played)]
            if not more_hard:
                return None
            return (sum(more_played) / len(more_played), sum(more_hard) / len(more_hard))
        stats = self._stats()
        n_hard, q_hard = stats[id(hard)]
        if self.search.plan is None or n_hard == 0:
            return None
        n_played, q_played = stats[id(self.played)]
        if n_played == 0:
            rewards = self._extra_rewards
            n_played, q_played = len(rewards), sum(rewards)
        else:
            q_played *= n_played  # the search's mean back to a sum
        q_hard *= n_hard
        more_played, more_hard = self._more[id(self.played)], self._more[id(hard)]
        if self.played is hard:
            more_played = []  # counted once
        played = (q_played + sum(more_played)) / (n_played + len(more_played))
        best = (q_hard + sum(more_hard)) / (n_hard + len(more_hard))
        return (best if self.played is hard else played), best

    def _differences(self, hard: Action) -> list[float]:
        """The Hard level's move's reward minus the move played's, deal by deal, on every
        guess both were rolled out on (the search's and the extra ones)."""
        me, played = self.view.viewer, self.played
        if played is hard:
            return []
        diffs: list[float] = []
        plan = self.search.plan
        if self._own is None and plan is not None:
            done = list(zip(plan.jobs, plan.rewards, strict=False))
            mine = {seed: r[me] for (a, seed), r in done if a is hard}
            theirs = {seed: r[me] for (a, seed), r in done if a is played}
            if not theirs:  # not a candidate: rolled out on the Hard level's guesses
                theirs = dict(zip(mine, self._extra_rewards, strict=False))
            diffs = [mine[k] - theirs[k] for k in mine if k in theirs]
        more = zip(self._more[id(hard)], self._more[id(played)], strict=False)
        return diffs + [h - p for h, p in more]

    def _judge(self, plan: RolloutPlan | None) -> Judgement:
        view, played, scale = self.view, self.played, self.params.margin_scale
        hard = self.search.result()
        values = self._points()
        pts_played, win_played = _points_and_chance(values[id(played)], scale)
        pts_hard, win_hard = _points_and_chance(values[id(hard)], scale)
        chances = self._chances(hard)
        if chances is not None:
            win_played, win_hard = chances
            # as rounded in the judgement: a difference below that is no loss
            as_good = round(win_played, 4) >= round(win_hard, 4)
        else:
            as_good = pts_played >= pts_hard
        # how sure the comparison with the Hard level's move is (also where the move
        # played does as well: another seed may find it a little worse)
        win_err = standard_error(self._differences(hard)) if chances is not None else 0.0
        if played is hard or as_good:
            best, kind, loss, win_loss = played, "best", 0.0, 0.0
            pts_best, win_best = pts_played, win_played
        else:
            best, pts_best, win_best = hard, pts_hard, win_hard
            loss = max(0.0, pts_best - pts_played)
            win_loss = max(0.0, win_best - win_played)
            # from the figures as the judgement gives them (a class on the edge of the
            # noise the same for whoever reads them)
            kind = classify(round(loss, 2), round(win_loss, 4), round(win_err, 4))
        reasons = self._reasons(best, hard, loss, win_played, win_best,
                                noisy=0.0 < win_loss <= NOISE_Z * win_err)
        return Judgement(
            index=view.n_actions, move=self.move, turn=view.turn, player=view.viewer,
            played=played, best=best, hard=hard, points_played=round(pts_played, 2),
            points_best=round(pts_best, 2), loss=round(loss, 2),
            win_played=round(win_played, 4), win_best=round(win_best, 4),
            win_loss=round(win_loss, 4), searched=chances is not None, kind=kind,
            reasons=reasons, win_err=round(win_err, 4))

    def _reasons(self, best: Action, hard: Action, loss: float, win_played: float,
                 win_best: float, *, noisy: bool = False) -> tuple[Reason, ...]:
        """A summary, then the coach's reasons (bots/coach.explain, from the same view);
        `noisy`: the winning chance lost is within the noise of the guesses."""
        view, played, weights = self.view, self.played, self.params.weights
        why_played = explain(view, played, weights)[1]
        if best is played:
            key = "analysis.reason.best" if played is hard else "analysis.reason.as_good"
            return (Reason(key), *why_played[:1])
        out: list[Reason] = []
        n = round(loss)
        chance, better = round(100 * win_played), round(100 * win_best)
        if n >= 1:
            out.append(Reason("analysis.reason.loss", {"n": n}))
        elif chance >= better:
            out.append(Reason("analysis.reason.loss_small"))
        if chance < better:
            out.append(Reason("analysis.reason.win_loss", {"chance": chance, "better": better}))
        if noisy:
            out.append(Reason("analysis.reason.within_noise"))
        # What the move played handed a rival, if it did.
        out.extend(r for r in why_played if r.key == "coach.reason.rival_gains")
        out.append(Reason("analysis.reason.better_move"))
        out.extend(explain(view, best, weights)[1][:2])
        return tuple(out)


# -- winning chances for the chart ---------------------------------------------------------


def public_scores(state: GameState, weights: Weights | None = None) -> list[float]:
    """Each player's estimated final score from public information only: every hand
    counts as its size times the mean worth (to its holder) of the cards not sold
    (by default with the Hard level's weights for the table's size)."""
    if weights is None:
        weights = DEFAULT_PARAMS.for_players(state.n).weights
    s = state.copy()
    s.hands = [() for _ in range(s.n)]
    s.deck = ()
    s.discard = ()
    sold = {g for cards in state.sold for g in cards}
    pool = [g for g in range(1, state.board.n_goods + 1) if g not in sold]
    sizes = [len(h) for h in state.hands]
    judge = _Judge(-1, weights, sizes, pool)  # -1: nobody's hand is known
    est = Estimator(s, weights)
    return est.scores(-1, judge.hidden_values(est), sizes)


def public_win_chances(state: GameState, weights: Weights | None = None,
                       scale: float = DEFAULT_PARAMS.margin_scale) -> tuple[float, ...]:
    """Each player's winning chance: at the end the result (a shared win shared), before
    it a softmax of the public estimate of final scores with `scale` points (the search's
    margin scale: with two players it is the search's sigmoid of the margin)."""
    if state.is_over:
        winners = final_scores(state).winners
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(state.n))
    scores = public_scores(state, weights)
    top = max(scores)
    e = [math.exp((v - top) / scale) for v in scores]
    total = sum(e)
    return tuple(round(x / total, 4) for x in e)


def turn_positions(rp: Replay) -> list[int]:
    """The action counts of chart.race's rows: the start, then the end of each turn."""
    return [0, *rp.turn_starts[1:], rp.positions[-1]]


# -- the whole game ----------------------------------------------------------------------------


def _is_decision(state: GameState, player: int) -> bool:
    return (not state.is_over and state.current_player == player
            and len(legal_actions(state)) > 1)


class Analysis:
    """Every decision of `player` (0-based) in a finished game, in slices: `step(max_ms)`
    until True, then `result()`; `done` of `total` decisions are judged so far."""

    def __init__(
        self,
        game: GameState | str,
        player: int,
        *,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        params: SearchParams = DEFAULT_PARAMS,
    ) -> None:
        state = decode_save(game) if isinstance(game, str) else game
        if not state.is_over:
            raise HiddenHandsError("the analysis needs a finished game: before its end it "
                                   "would show the player's cards")
        if not 0 <= player < state.n:
            raise ValueError(f"there is no player {player}: this game has players 0 to "
                             f"{state.n - 1}")
        self.player = player
        self.seed = seed
        self.iterations = iterations
        self.params = params.for_players(state.n)
        self.replay = Replay.from_state(state)
        rp = self.replay
        self._todo = [k for k in range(rp.n_actions) if _is_decision(rp.state_at(k), player)]
        self._positions = turn_positions(rp)
        self._chances: list[tuple[float, ...]] = []
        self._judged: list[Judgement] = []
        self._thinking: DecisionThinking | None = None

    @property
    def total(self) -> int:
        return len(self._todo)

    @property
    def done(self) -> int:
        return len(self._judged)

    @property
    def finished(self) -> bool:
        return self.done == self.total and len(self._chances) == len(self._positions)

    def step(self, max_ms: float) -> bool:
        """Work for about `max_ms` (at least one small step); True once all is done."""
        deadline = time.perf_counter() + max_ms / 1000.0
        rp = self.replay
        while len(self._chances) < len(self._positions):
            k = self._positions[len(self._chances)]
            self._chances.append(public_win_chances(rp.state_at(k), self.params.weights,
                                                    self.params.margin_scale))
            if time.perf_counter() >= deadline:
                return self.finished
        while self.done < self.total:
            if self._thinking is None:
                k = self._todo[self.done]
                self._thinking = DecisionThinking(
                    view_for(rp.state_at(k), self.player), rp.actions[k],
                    move=rp.move_at(k) + 1, seed=self.seed, iterations=self.iterations,
                    params=self.params)
            left = max(0.0, (deadline - time.perf_counter()) * 1000.0)
            if not self._thinking.step(left):
                return False
            self._judged.append(self._thinking.result())
            self._thinking = None
            if self.done < self.total and time.perf_counter() >= deadline:
                return False
        return True

    def run(self) -> AnalysisResult:
        """The whole analysis at once (`step` until done, then `result`)."""
        return to_end(self)

    def result(self) -> AnalysisResult:
        if not self.finished:
            raise RuntimeError("the analysis is not done; call step() until True")
        return AnalysisResult(self.player, self.replay.names, tuple(self._judged),
                              tuple(self._chances), self.seed, self.iterations)


# -- words ------------------------------------------------------------------------------------


def reason_text(lang: str, reason: Reason, board: Board) -> str:
    """A reason's sentence, goods and families named as on the board."""
    key, n = reason.key, reason.params.get("n")
    template = (analysis_template(lang, key, n) if key in ANALYSIS_EN
                else coach_template(lang, key, n))
    values: dict[str, object] = {}
    for name, v in reason.params.items():
        kind = NAME_PARAMS.get(name)
        values[name] = (board.good_names[v] if kind == "good"
                        else board.family_names[v] if kind == "family" else v)
    return template.format(**values)


def judgement_text(lang: str, j: Judgement, board: Board) -> str:
    """The reasons of a judgement as one paragraph."""
    return " ".join(reason_text(lang, r, board) for r in j.reasons)


def kind_text(lang: str, kind: str) -> str:
    return analysis_template(lang, "analysis.kind." + kind)


def reason_keys(decisions: Sequence[Judgement]) -> set[str]:
    return {r.key for d in decisions for r in d.reasons}


__all__ = [
    "KINDS", "MARKED", "NOISE_Z", "POINT_LIMITS", "WIN_LIMITS", "Analysis", "AnalysisResult",
    "DecisionThinking", "Judgement", "classify",
    "judgement_text", "kind_text", "public_scores", "public_win_chances", "reason_text",
    "standard_error", "turn_positions",
]
