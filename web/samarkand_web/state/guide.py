"""The guided first game: the coach leads a person's first turns of a real game.

A person plays against two Medium bots, dealt from a fixed seed (GUIDE_SEED) in which the
teaching moments come early. At each of the person's decisions the guide says what to
do and why, and names the control or board piece that does it (the step's ``target``,
always one of the moves legal at that moment). What it explains is chosen from the game
as it stands, not by a script's index, so that it stays right whatever the bots (or the
person) do: each lesson has a trigger over the controller, and is taught once, the
first time its trigger holds at a decision of the person's (``LESSONS``, in order of
priority). The person may make another legal move than the one suggested: the guide says
so briefly and goes on from the new position. Once every lesson has been taught (or
after MAX_TURNS turns of the game, whichever comes first) a last step says so; after it,
or when the person leaves the guide, the game goes on as a normal game.

The guide reads the person's own cards and the public board only (a bot's cards never
change its advice). Its move is the one the Hard level's look over the turn rates best
(`suggestion`): the judgement the analysis of the game later applies, so the guide never
leads into a move the analysis calls a mistake; the look, not the search, because it
speaks at every decision within the page's own task. Pure: no page here;
the panel draws ``Guide.current(ctl)`` (view/panels/guide.py) and the App calls
``Guide.observe(ctl)`` after each of the person's actions (handlers/guide.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import samarkand_core as sk
from samarkand_core.bots.heuristic import blank_state, iter_action_values, view_judge
from samarkand_core.bots.search import DEFAULT_PARAMS
from samarkand_core.rules import SALE_PRICE
from samarkand_core.scoring import card_value
from samarkand_core.view import view_for
from samarkand_web.state.controller import Controller

GUIDE_SEED = 24  # every lesson by the person's third turn, every move judged sound (tests)
GUIDE_LEVEL = "heuristic"  # the two bots: Medium
MAX_TURNS = 30  # the guide ends by the game's turn 30 (ten of the person's) at the latest
FINISH = "finish"  # the last step's topic

# Targets (what the page marks): "family:<id>" (a domain), "expand:<id>" (a family's
# button), "space:<id>", "card:<good>", and the decision's buttons "confirm-marriage",
# "keep-all", "discard", "sell", "keep", "end-turn"; the last step's own button
# "guide-finish". The same names as the coach's marks (view/panels/coach.targets).


@dataclass(frozen=True, slots=True)
class Step:
    """What the guide shows at one decision of the person's."""

    topic: str  # the lesson taught here ("" when none: the move alone), or FINISH
    text: str  # the i18n key of what to do and why
    params: dict[str, Any]
    action: sk.Action | None  # the suggested move (None: a button with one meaning)
    target: str  # what to mark on the screen (see above)


@dataclass(frozen=True, slots=True)
class Spot:
    """A decision of the person's: the same Spot means they have not acted since."""

    state: sk.GameState
    pending_marriage: int | None
    held: int | None

    def same(self, ctl: Controller) -> bool:
        # States are never changed in place: the same object is the same position.
        return (self.state is ctl.state and self.pending_marriage == ctl.pending_marriage
                and self.held == ctl.held)


def spot_of(ctl: Controller) -> Spot:
    return Spot(ctl.state, ctl.pending_marriage, ctl.held)


# ---------------------------------------------------------------------- facts of a move


def makes_relationship(state: sk.GameState, action: sk.Action) -> bool:
    """A camel placed on a land space with exactly one camel of a family its own has not
    met yet (docs/rules.md, Relationships: only the first meeting counts)."""
    if not isinstance(action, sk.Place):
        return False
    board = state.board
    f = board.family_index[action.family]
    occ = state.occ[action.space]
    return (not board.is_water[action.space] and len(occ) == 1 and occ[0] != f
            and not state.has_met(f, occ[0]))


def takes_marker(state: sk.GameState, action: sk.Action) -> bool:
    """A camel placed on a goods space that has no camel yet (docs/rules.md, Goods)."""
    return (isinstance(action, sk.Place) and state.board.good_at[action.space] != 0
            and not state.occ[action.space])


def any_relationship(state: sk.GameState) -> bool:
    return state.met != 0


def any_sale(state: sk.GameState) -> bool:
    return any(state.sold)


# ---------------------------------------------------------------------- the suggestion

# A move that shows a lesson not yet taught is suggested only when the Hard level's own
# judgement (its look over the turn) puts it within this many points of the best move:
# the analysis calls a smaller loss "good" (samarkand_core.analysis.POINT_LIMITS), so the
# guide never teaches a rule by a move the analysis later calls a mistake.
LESSON_SLACK = 1.0


def move_values(ctl: Controller, seat: int) -> list[tuple[float, sk.Action]]:
    """Every legal move's worth for the person, as the Hard level (and so the analysis)
    judges it: the heuristic's look over the rest of the turn from the person's own view
    (their cards and the public board only), with the Hard level's estimate for this
    table size. A few milliseconds: it runs at each of the person's decisions."""
    view = view_for(ctl.state, seat)
    weights = DEFAULT_PARAMS.for_players(view.n).weights
    return list(iter_action_values(blank_state(view), view_judge(view, weights)))


def suggestion(ctl: Controller, seat: int, taught: frozenset[str]) -> sk.Action | None:
    """The move the guide suggests now, always one of the legal moves: the best by the
    Hard level's look over the turn, but a camel that shows a lesson not yet taught (a
    relationship, a goods marker, a second camel) when it is about as good
    (LESSON_SLACK)."""
    if ctl.held is not None or ctl.pending_marriage is not None:
        return None  # one button: "End the turn" or "Marry and draw the cards"
    state = ctl.state
    legal = ctl.legal()
    if not legal:
        return None
    if state.phase == sk.DISCARD and sk.Discard(cards=()) in legal:
        return sk.Discard(cards=())  # more cards, more chances: keeping all is always fine
    values = move_values(ctl, seat)
    if not values:
        return legal[0]
    top = max(v for v, _ in values)
    best = next(a for v, a in values if v == top)  # ties to the earliest, as the bots
    near = [(v, a) for v, a in values if isinstance(a, sk.Place) and v >= top - LESSON_SLACK]
    if state.phase in (sk.MAIN, sk.SECOND) and near:
        for topic, shows in (("relation", makes_relationship), ("goods", takes_marker)):
            if topic not in taught:
                chosen = [(v, a) for v, a in near if shows(state, a)]
                if chosen:
                    return max(chosen, key=lambda va: va[0])[1]
        if state.phase == sk.SECOND and "second" not in taught:
            return max(near, key=lambda va: va[0])[1]
    return best


def target_of(ctl: Controller, action: sk.Action | None) -> str:
    """The control or piece that makes `action` now (the family's button first when a
    camel of another family than the chosen one is suggested)."""
    if ctl.held is not None:
        return "end-turn"
    if ctl.pending_marriage is not None:
        return "confirm-marriage"
    board = ctl.state.board
    if isinstance(action, sk.Marry):
        return "family:" + action.family
    if isinstance(action, sk.Place):
        f = board.family_index[action.family]
        if ctl.active_family() != f:
            return "expand:" + action.family
        return f"space:{action.space}"
    if isinstance(action, sk.Discard):
        for good in action.cards:
            if good not in ctl.discard_sel:
                return f"card:{good}"
        return "discard" if action.cards else "keep-all"
    if isinstance(action, sk.Sell):
        return "sell"
    if isinstance(action, sk.Keep):
        return "keep"
    if isinstance(action, sk.EndTurn):
        return "end-turn"
    return ""


# ---------------------------------------------------------------------- the lessons


@dataclass(frozen=True, slots=True)
class Lesson:
    """Taught once, at the first decision of the person's where `when` holds (given the
    controller, the person's seat and the suggested move)."""

    topic: str
    text: str
    when: Callable[[Controller, int, sk.Action | None], bool]


def _mine(ctl: Controller, seat: int) -> bool:
    return ctl.deciding == seat


LESSONS: tuple[Lesson, ...] = (
    Lesson("marry", "guide.marry", lambda c, p, a: isinstance(a, sk.Marry) and not any(
        c.state.tiles[p])),
    Lesson("draw", "guide.draw", lambda c, p, a: c.pending_marriage is not None),
    Lesson("discard", "guide.discard", lambda c, p, a: c.state.phase == sk.DISCARD),
    Lesson("sell", "guide.sell", lambda c, p, a: c.state.phase == sk.SELL),
    Lesson("end_turn", "guide.end_turn", lambda c, p, a: c.held is not None
           or isinstance(a, sk.EndTurn)),
    Lesson("expand", "guide.expand", lambda c, p, a: isinstance(a, sk.Place)
           and c.state.phase == sk.MAIN),
    Lesson("second", "guide.second", lambda c, p, a: c.state.phase == sk.SECOND
           and c.held is None),
    Lesson("relation", "guide.relation", lambda c, p, a: a is not None
           and makes_relationship(c.state, a)),
    Lesson("goods", "guide.goods", lambda c, p, a: a is not None and takes_marker(c.state, a)),
    # what the others did, said at the person's next decision
    Lesson("relation", "guide.relation_seen", lambda c, p, a: any_relationship(c.state)),
    Lesson("sell", "guide.sell_seen", lambda c, p, a: any_sale(c.state)),
    Lesson("ends", "guide.ends", lambda c, p, a: any_relationship(c.state)),
)
TOPICS: tuple[str, ...] = tuple(dict.fromkeys(lesson.topic for lesson in LESSONS))


def lesson_text(lesson: Lesson, ctl: Controller, action: sk.Action | None) -> str:
    """A lesson's sentence; the first expansion onto a goods marker also says that the
    camel takes it (the goods lesson comes later, at a decision of its own)."""
    if lesson.text == "guide.expand" and action is not None and takes_marker(ctl.state, action):
        return "guide.expand_marker"
    return lesson.text


def why(ctl: Controller, seat: int, action: sk.Action | None) -> tuple[str, dict[str, Any]]:
    """A move without a lesson of its own: what to do and a short why."""
    state = ctl.state
    if ctl.held is not None:
        return "guide.do.held", {}
    if ctl.pending_marriage is not None:
        return "guide.do.draw", {}
    if isinstance(action, sk.Marry):
        return "guide.do.marry", {}
    if isinstance(action, sk.Place):
        good = state.board.good_at[action.space]
        if good and good in state.hands[seat]:
            return "guide.do.own_card", {"good": good}
        if makes_relationship(state, action):
            return "guide.do.relation", {}
        if takes_marker(state, action):
            return "guide.do.marker", {}
        return "guide.do.route", {}
    if isinstance(action, sk.EndTurn):
        return "guide.do.end_turn", {}
    if isinstance(action, sk.Discard):
        return ("guide.do.keep_all" if not action.cards else "guide.do.discard"), {}
    if isinstance(action, sk.Sell):
        return "guide.do.sell", {"price": SALE_PRICE}
    if isinstance(action, sk.Keep):
        return "guide.do.keep", {"n": card_value(state, seat, action.good)}
    return "guide.do.any", {}


def lesson_params(ctl: Controller, seat: int, action: sk.Action | None) -> dict[str, Any]:
    """What a lesson's sentence names: the suggested family, the limit, the card..."""
    state = ctl.state
    params: dict[str, Any] = {"limit": state.limit, "price": SALE_PRICE}
    if isinstance(action, sk.Marry):
        f = state.board.family_index[action.family]
        params |= {"family": f, "portion": state.board.portion[f]}
    if state.phase == sk.SECOND and state.exp_family >= 0:
        params["n"] = state.treasury[state.exp_family]  # a count: its singular
    if state.phase == sk.SELL:
        params |= {"good": state.pending_good,
                   "n": card_value(state, seat, state.pending_good)}
    return params


# ---------------------------------------------------------------------- the guide


@dataclass(slots=True)
class Guide:
    """The guide of one game (the controller it belongs to) for the person at `seat`."""

    ctl: Controller
    seat: int = 0
    taught: set[str] = field(default_factory=set)
    steps: int = 0  # the person's decisions the guide has led so far
    other_move: bool = False  # the person's last move was not the one suggested
    finished: bool = False
    _shown: tuple[Spot, Step] | None = None

    def active(self, ctl: Controller | None) -> bool:
        return not self.finished and ctl is self.ctl and not ctl.is_over

    def waiting(self, ctl: Controller) -> bool:
        """The guide waits for the person's decision (not during the bots' turns)."""
        return ctl.human_turn() and ctl.deciding == self.seat and ctl.revealed == self.seat

    def current(self, ctl: Controller) -> Step | None:
        """The step for the decision on the screen (None while the bots play)."""
        if not self.active(ctl) or not self.waiting(ctl):
            return None
        shown = self._shown
        if shown is not None and shown[0].same(ctl):
            step = shown[1]
            # the family's button chosen, or a card ticked: the target moves on
            return Step(step.topic, step.text, step.params, step.action,
                        target_of(ctl, step.action) if step.topic != FINISH else step.target)
        step = self.step_for(ctl)
        self._shown = (spot_of(ctl), step)
        return step

    def step_for(self, ctl: Controller) -> Step:
        """The step for this decision, from the game as it stands."""
        taught = frozenset(self.taught)
        action = suggestion(ctl, self.seat, taught)
        if set(TOPICS) <= taught or ctl.turn > MAX_TURNS:
            key = "guide.finish" if set(TOPICS) <= taught else "guide.finish_early"
            return Step(FINISH, key, {}, action, "guide-finish")
        for lesson in LESSONS:
            if lesson.topic not in taught and lesson.when(ctl, self.seat, action):
                return Step(lesson.topic, lesson_text(lesson, ctl, action),
                            lesson_params(ctl, self.seat, action), action,
                            target_of(ctl, action))
        key, params = why(ctl, self.seat, action)
        return Step("", key, params, action, target_of(ctl, action))

    def observe(self, ctl: Controller) -> None:
        """After an action of the page: if the person left the decision the guide showed
        by a move (not by taking one back), its lesson is taught, the step counted, and
        a move other than the suggested one noted."""
        shown = self._shown
        if shown is None or not self.active(ctl):
            if ctl is self.ctl and ctl.is_over:
                self.finished = True  # the game is over: nothing more to guide
            return
        spot, step = shown
        if spot.same(ctl) or self._took_back(spot, ctl):
            return
        self._shown = None
        self.steps += 1
        if step.topic == FINISH:
            self.finished = True
            return
        if step.topic:
            self.taught.add(step.topic)
        self.other_move = step.action is not None and self._made(spot, ctl) != step.action

    def finish(self) -> None:
        """The last step's button: on as a normal game."""
        if self._shown is not None and self._shown[1].topic == FINISH:
            self.steps += 1
        self.finished = True

    @staticmethod
    def _took_back(spot: Spot, ctl: Controller) -> bool:
        before, now = len(spot.state.actions), len(ctl.state.actions)
        if now < before:
            return True
        return (now == before and spot.pending_marriage is not None
                and ctl.pending_marriage is None)

    @staticmethod
    def _made(spot: Spot, ctl: Controller) -> sk.Action | None:
        """The person's move from `spot`: a marriage chosen (its cards not drawn yet), or
        the first engine action after it."""
        if spot.pending_marriage is None and ctl.pending_marriage is not None:
            return sk.Marry(family=ctl.state.board.family_ids[ctl.pending_marriage])
        actions = ctl.state.actions
        n = len(spot.state.actions)
        return actions[n] if len(actions) > n else None
