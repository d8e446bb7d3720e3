"""The coach: the Hard bot's move for a person, the next best one, and why.

`Coach().start(view)` thinks in slices like the bots (`step(max_ms)` until True, then
`result()`), from the person's `PlayerView` only: the search deals the cards the person
cannot see anew in each iteration, exactly as the search bot does, and the reasons come
from the same estimate of final scores that the bots judge positions by. Nothing hidden
is read, so two games that differ only in cards the person cannot see get the same
advice.

A piece of advice is language-neutral data: each `Reason` is a key with parameters, and
`coach_text.COACH_TEXT[lang][key]` is its str.format template. Parameters named `good`
hold a good number, `family` and `other` a family index; the page puts their names in
the player's language in their place before formatting. Every other parameter is a
number to show as it is.

Each suggestion carries `points`: how much the move (with the rest of the turn played
as the heuristic would) raises the person's estimated final score, and `win_chance`:
the search's mean reward for it, a rough chance of winning.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..actions import Action, Discard, EndTurn, Keep, Marry, Pass, Place, Sell
from ..engine import apply_action
from ..events import (
    CamelPlaced,
    Event,
    Kept,
    MarkerTaken,
    RelationshipMade,
    RelMarkerTaken,
    Sold,
    TreasuryPaid,
)
from ..rules import SALE_PRICE
from ..state import DISCARD, SECOND, SELL, GameState
from ..view import PlayerView
from .base import to_end
from .heuristic import (
    DEFAULT_WEIGHTS,
    Estimator,
    Weights,
    _Judge,
    blank_state,
    build_board_info,
    exact_scores,
    plan,
    view_judge,
)
from .search import DEFAULT_ITERATIONS, DEFAULT_PARAMS, SearchParams, SearchThinking

MAX_REASONS = 4
# A change of the estimate smaller than this is not worth a sentence.
NOTABLE = 0.5


@dataclass(frozen=True, slots=True)
class Reason:
    """One sentence of advice: `key` into coach_text.COACH_TEXT, with its values."""

    key: str
    params: Mapping[str, int] = field(default_factory=dict)
    # How much this part weighs in the estimate (points of final score); for ordering.
    weight: float = 0.0


@dataclass(frozen=True, slots=True)
class Suggestion:
    action: Action
    points: float  # the estimated gain of final score for the person over this turn
    win_chance: float  # the search's mean reward for the move (0 to 1); -1 if not searched
    visits: int  # search iterations that went through the move
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's answer: the Hard bot's move and the next best, each with reasons."""

    player: int
    best: Suggestion
    alternative: Suggestion | None
    iterations: int


# -- explaining a move -----------------------------------------------------------------------


@dataclass(slots=True)
class _Parts:
    """The person's estimated final score split into what the reasons talk about."""

    money: int
    goods_markers: int
    rel_markers: int
    cards_now: float  # cards in hand, by the camels already on their spaces
    cards_hope: float  # what camels may still add to them
    families: float  # the first meetings the person's families may still make
    total: float
    best_rival: float

    @staticmethod
    def of(state: GameState, judge: _Judge, me: int) -> _Parts:
        est = Estimator(state, judge.weights)
        hidden = judge.hidden_values(est)
        if state.is_over:
            sc = [float(x) for x in exact_scores(state)]
            for q in range(state.n):
                if q != me:
                    sc[q] += hidden[q]
        else:
            sc = est.scores(me, hidden, judge.hand_sizes)
        hand = state.hands[me]
        tiles = state.tiles[me]
        now = 0.0
        for g in hand:
            for f in state.occ[state.board.good_space[g]]:
                now += 4 if tiles[f] else 1
        with_hope = est.cards_value(me, hand)
        fams = sum(est.family_value(f) for f in range(len(tiles)) if tiles[f])
        return _Parts(
            money=state.money[me], goods_markers=len(state.goods_markers[me]),
            rel_markers=len(state.rel_markers[me]), cards_now=now,
            cards_hope=with_hope - now, families=fams, total=sc[me],
            best_rival=max(v for q, v in enumerate(sc) if q != me),
        )


def _camel_on_card(state: GameState, me: int, camel: CamelPlaced, key: str,
                   weight: float) -> tuple[Reason, ...]:
    """A camel of `me` on the space of a goods card `me` holds: the card's points from
    that family (4 with its tile, else 1), as a reason weighing `weight` per point."""
    f, space = camel.family, camel.space
    good = state.board.good_at[space]
    if not good or good not in state.hands[me]:
        return ()
    pts = 4 if state.tiles[me][f] else 1
    return (Reason(key, {"good": good, "family": f, "points": pts}, weight * pts),)


Events = list[Event]


def _play_turn(
    state: GameState, action: Action, judge: _Judge, me: int
) -> tuple[GameState, Events, Events]:
    """`action`, then the rest of the person's turn as the heuristic would play it.

    Returns the end state, what `action` caused (with the person's own sale decision
    that it leads to), and what the rest of the turn (a second camel) causes.
    """
    now: Events = []
    then: Events = []
    s = apply_action(state, action)
    now += s.events
    while (
        not s.is_over
        and s.current_player == me
        and s.phase in (SECOND, SELL, DISCARD)
        and (s.phase != SELL or s.turn_player == me)
    ):
        nxt = plan(s, judge)[1]
        s = apply_action(s, nxt)
        # (a Place always causes a camel's event: a sale after a second camel is `then`'s)
        (now if not then and isinstance(nxt, (Sell, Keep)) else then).extend(s.events)
    return s, now, then


def explain(view: PlayerView, action: Action, weights: Weights = DEFAULT_WEIGHTS) -> tuple[
    float, tuple[Reason, ...]
]:
    """The estimated gain of `action` for the viewer and the reasons for it, from the view."""
    me = view.viewer
    judge = view_judge(view, weights)
    before_state = blank_state(view)
    judge.prepare(before_state)
    before = _Parts.of(before_state, judge, me)
    after_state, events, later = _play_turn(before_state, action, judge, me)
    after = _Parts.of(after_state, judge, me)
    board = view.board
    reasons: list[Reason] = []
    gain = after.total - before.total

    if isinstance(action, Pass):
        return 0.0, (Reason("coach.reason.only_move", {}, 0.0),)

    # What happened on the board this turn (as the heuristic would finish it).
    for e in events:
        if isinstance(e, CamelPlaced) and e.player == me:
            reasons.extend(_camel_on_card(after_state, me, e, "coach.reason.goods_card", 1.0))
        elif isinstance(e, MarkerTaken) and e.player == me:
            reasons.append(Reason("coach.reason.goods_marker", {"good": e.good}, 1.0))
        elif isinstance(e, RelationshipMade):
            f, g = e.family, e.other
            tiles = before_state.tiles[me]
            money = (3 if tiles[f] else 0) + (1 if tiles[g] else 0)
            markers = sum(
                1 for d in events
                if isinstance(d, RelMarkerTaken) and d.player == me and d.family in (f, g)
            )
            reasons.append(Reason(
                "coach.reason.meeting",
                {"family": f, "other": g, "money": money, "markers": markers},
                float(money + markers)))
        elif isinstance(e, TreasuryPaid):
            reasons.append(Reason("coach.reason.second_cost", {"family": e.family}, 0.3))
        elif isinstance(e, (Sold, Kept)) and e.holder == me:
            # The card's price against its worth at the end: the gain of the choice made.
            good = e.good
            kept = Estimator(before_state, weights).card_value(me, good)
            sold = isinstance(e, Sold)
            reasons.append(Reason(
                "coach.reason.sell" if sold else "coach.reason.keep",
                {"good": good, "money": SALE_PRICE, "points": round(kept)},
                SALE_PRICE - kept if sold else kept - SALE_PRICE))

    if isinstance(action, Marry):
        f = board.family_index[action.family]
        portion = board.portion[f]
        reasons.append(Reason("coach.reason.marry_cost", {"family": f, "portion": portion},
                              float(portion)))
        cards = after.cards_hope - before.cards_hope
        if cards >= NOTABLE:
            reasons.append(Reason("coach.reason.marry_cards",
                                  {"family": f, "points": round(cards)}, cards))
        fams = after.families - before.families
        if fams >= NOTABLE:
            reasons.append(Reason("coach.reason.marry_meetings",
                                  {"family": f, "points": round(fams)}, fams))
        if not after_state.is_over:
            drawn = judge.draw_value(after_state)
            gain += drawn
            room = view.limit - len(view.hand) - len(view.sold[me])
            if room > 0:
                reasons.append(Reason("coach.reason.draw",
                                      {"n": min(3, room), "points": round(drawn)}, drawn))
    elif isinstance(action, Discard):
        if action.cards:
            lost = sum(Estimator(before_state, weights).card_value(me, g) for g in action.cards)
            reasons.append(Reason(
                "coach.reason.discard", {"points": round(lost)},
                2.0 - lost))
        else:
            reasons.append(Reason("coach.reason.keep_all", {}, 1.0))
    elif isinstance(action, EndTurn):
        f = view.exp_family
        reasons.append(Reason("coach.reason.end_turn", {"family": f}, 0.5))
    elif isinstance(action, Place):
        hope = after.cards_hope - before.cards_hope
        if hope >= NOTABLE and not any(r.key == "coach.reason.goods_card" for r in reasons):
            f = board.family_index[action.family]
            reasons.append(Reason("coach.reason.approach",
                                  {"family": f, "points": round(hope)}, hope))

    rival = after.best_rival - before.best_rival
    if rival >= 1.5:
        reasons.append(Reason("coach.reason.rival_gains", {"points": round(rival)}, -rival))
    # The rest of the turn as planned: what a second camel would do.
    for e in later:
        if isinstance(e, CamelPlaced) and e.player == me:
            reasons.extend(_camel_on_card(after_state, me, e,
                                          "coach.reason.then_goods_card", 0.8))
        elif isinstance(e, RelationshipMade):
            f, g = e.family, e.other
            tiles = before_state.tiles[me]
            money = (3 if tiles[f] else 0) + (1 if tiles[g] else 0)
            reasons.append(Reason(
                "coach.reason.then_meeting", {"family": f, "other": g, "money": money},
                0.8 * (money + 2)))
    if not reasons:
        reasons.append(Reason("coach.reason.estimate", {"points": round(gain)}, gain))
    reasons.sort(key=lambda r: -abs(r.weight))
    return round(gain, 1), tuple(reasons[:MAX_REASONS])


# -- thinking in slices -------------------------------------------------------------------


class CoachThinking:
    """Advice in progress: the search first, then the two explanations."""

    def __init__(
        self, view: PlayerView, seed: int, iterations: int, params: SearchParams
    ) -> None:
        if not view.legal:
            raise ValueError("the person is not the player who decides now")
        self.view = view
        self.params = params.for_players(view.n)
        self.search = SearchThinking(view, seed, iterations, None, params)
        self._advice: Advice | None = None
        self._explained: list[Suggestion] = []

    def step(self, max_ms: float) -> bool:
        if self._advice is not None:
            return True
        deadline = time.perf_counter() + max_ms / 1000.0
        if not self.search.finished:
            if not self.search.step(max_ms):
                return False
            if time.perf_counter() >= deadline:
                return False
        if not build_board_info(self.view.board, deadline):
            return False
        ranked = self._ranked()
        # One explanation per slice at most (each is a few heuristic looks over a turn).
        while len(self._explained) < len(ranked):
            action, visits, q = ranked[len(self._explained)]
            points, reasons = explain(self.view, action, self.params.weights)
            self._explained.append(Suggestion(action, points, q, visits, reasons))
            if len(self._explained) < len(ranked) and time.perf_counter() >= deadline:
                return False
        best = self._explained[0]
        alt = self._explained[1] if len(self._explained) > 1 else None
        if alt is not None:
            worse = round(best.points - alt.points)
            if worse >= 1:
                alt = Suggestion(alt.action, alt.points, alt.win_chance, alt.visits,
                                 (*alt.reasons[: MAX_REASONS - 1],
                                  Reason("coach.reason.alternative_less",
                                         {"points": round(worse)}, 0.0)))
        self._advice = Advice(self.view.viewer, best, alt, self.search.done_iterations)
        return True

    def _ranked(self) -> list[tuple[Action, int, float]]:
        """The search's move first, then the next best by visits, mean reward and prior."""
        legal = self.view.legal
        if len(legal) == 1:
            return [(legal[0], 0, -1.0)]
        choice = self.search.result()
        if self.search.heuristic_only:
            # The Hard bot does not search this kind of decision: the heuristic's look over
            # the turn ranks the moves (ties to the earlier, as the bot breaks them).
            values = self.search.root_values()
            order = sorted(range(len(values)), key=lambda i: (-values[i][0], i))
            ranked = [values[i][1] for i in order]
            ranked.remove(choice)
            return [(choice, 0, -1.0), (ranked[0], 0, -1.0)]
        stats = self.search.root_stats()
        prior = self.search.root.prior
        rest = sorted(
            (s for s in stats if s[0] is not choice),
            key=lambda s: (s[1], s[2], prior.get(id(s[0]), 0.0)), reverse=True,
        )
        first = next(s for s in stats if s[0] is choice)
        return [first, rest[0]]

    def result(self) -> Advice:
        if self._advice is None:
            raise RuntimeError("the coach has not finished thinking; call step() until True")
        return self._advice


class Coach:
    """Suggests the Hard (search) bot's move to a person, with reasons."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        params: SearchParams = DEFAULT_PARAMS,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.params = params

    def start(self, view: PlayerView) -> CoachThinking:
        return CoachThinking(view, self.seed, self.iterations, self.params)

    def advise(self, view: PlayerView) -> Advice:
        return to_end(self.start(view))


def reason_keys(reasons: Sequence[Reason]) -> list[str]:
    return [r.key for r in reasons]


__all__ = ["Advice", "Coach", "CoachThinking", "Reason", "Suggestion", "explain"]
