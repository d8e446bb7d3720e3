"""The example game the rules' pictures are drawn from: a short game played through the
rules core (new_game, legal_actions, apply_action), so that the pictures show what the
core does and stay true if it changes.

Three players. Ann marries into a family whose home lies three steps from a goods space
and takes its goods marker; Bob marries into a family two steps from it and arrives
second, so that the two families meet on the goods space; Cem marries into the family
furthest away and keeps out of the picture. Every choice is one of the legal actions the
core offers: a marriage, a camel that comes nearer its goal, the smallest discard, Keep
at a sale (Ann holds the goods space's card, and it scores for her at the end). Three
moments are kept: just before and just after Ann's camel takes the goods marker, and when
both camels stand on the goods space."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from samarkand_core import (
    DISCARD,
    MAIN,
    OVER,
    SECOND,
    SELL,
    Action,
    Board,
    Discard,
    EndTurn,
    GameState,
    Keep,
    Marry,
    Place,
    apply_action,
    default_board,
    legal_actions,
    new_game,
)

PLAYERS = ("Ann", "Bob", "Cem")
SEED = 8  # a deal in which Ann holds the card of the goods space her camel reaches
ROUTE_STEPS = 3  # Ann's family: home to the goods space
MEET_STEPS = 2  # Bob's family
ANN, BOB, CEM = 0, 1, 2
MAX_ACTIONS = 200  # the game takes about thirty: a bound in case the rules change


@dataclass(frozen=True, slots=True)
class Plan:
    """What the example is about: the goods space and the three families."""

    good: int
    space: int
    route_family: int  # Ann's
    meet_family: int  # Bob's
    far_family: int  # Cem's


@dataclass(frozen=True, slots=True)
class ExampleGame:
    plan: Plan
    before: GameState  # just before Ann's camel took the goods marker
    taken: GameState  # the moment it took it
    met: GameState  # Bob's camel beside it: the two families have met
    route: tuple[int, ...]  # the spaces of Ann's family, from its home


def choose_plan(board: Board) -> Plan:
    """The lowest-numbered goods space on land with a family home ROUTE_STEPS away and
    another MEET_STEPS away (over land, so that the route needs no ship)."""
    for good in range(1, board.n_goods + 1):
        space = board.good_space[good]
        steps = _land_steps(board, space)
        by_steps = {n: [f for f in range(board.n_families) if steps.get(board.home[f]) == n]
                    for n in (ROUTE_STEPS, MEET_STEPS)}
        if by_steps[ROUTE_STEPS] and by_steps[MEET_STEPS]:
            far = max(range(board.n_families),
                      key=lambda f: (board.distances_from(space)[board.home[f]], -f))
            return Plan(good, space, by_steps[ROUTE_STEPS][0], by_steps[MEET_STEPS][0], far)
    raise ValueError("no goods space fits the rules' example")  # pragma: no cover


def _land_steps(board: Board, start: int) -> dict[int, int]:
    """Steps over land from `start` to every land space it reaches."""
    steps = {start: 0}
    todo = [start]
    for here in todo:
        for nb in board.neighbours[here]:
            if nb not in steps and not board.is_water[nb]:
                steps[nb] = steps[here] + 1
                todo.append(nb)
    return steps


def _places(state: GameState, fam: str) -> list[Place]:
    """The legal camels of `fam` now."""
    return [a for a in legal_actions(state) if isinstance(a, Place) and a.family == fam]


def _nearer(state: GameState, fam: str, goal: int, allow_goal: bool) -> Place | None:
    """The legal camel of `fam` that comes nearest `goal` over land (the goal itself only
    when allowed), or None."""
    steps = _land_steps(state.board, goal)
    places = [a for a in _places(state, fam)
              if a.space in steps and (allow_goal or a.space != goal)]
    return min(places, key=lambda a: (steps[a.space], a.space), default=None)


def _choose(state: GameState, plan: Plan) -> Action:
    """The example's player's choice now (one of the legal actions)."""
    board = state.board
    legal = legal_actions(state)
    p = state.current_player
    if state.phase == SELL:
        return next(a for a in legal if isinstance(a, Keep))
    if state.phase == DISCARD:
        return min((a for a in legal if isinstance(a, Discard)), key=lambda a: len(a.cards))
    f = (plan.route_family, plan.meet_family, plan.far_family)[p]
    fam = board.family_ids[f]
    if state.phase == MAIN and not state.tiles[p][f]:
        return Marry(fam)
    if state.phase == SECOND and p == CEM:
        return EndTurn()
    if p == CEM:  # away from the example's goods space
        steps = board.distances_from(plan.space)
        return max(_places(state, fam), key=lambda a: (steps[a.space], -a.space))
    # Ann goes for the goods space; Bob comes as near as he may, and onto it once taken
    taken = state.marker_owner[plan.good] >= 0
    move = _nearer(state, fam, plan.space, p == ANN or taken)
    on_goal = plan.space in state.fam_spaces[f]
    if state.phase == SECOND:
        here = _land_steps(board, plan.space)
        nearest = min(here.get(s, len(here)) for s in state.fam_spaces[f])
        return move if move is not None and not on_goal and here[move.space] < nearest \
            else EndTurn()
    if move is None or on_goal:
        others = [a for a in _places(state, fam) if a.space != plan.space]
        return others[-1] if others else legal[0]
    return move


@cache
def example_game(board: Board | None = None) -> ExampleGame:
    """Play the example (once per board)."""
    board = board or default_board()
    plan = choose_plan(board)
    state = new_game(list(PLAYERS), seed=SEED, first_player=ANN, board=board)
    before = taken = None
    for _ in range(MAX_ACTIONS):
        if state.phase == OVER:
            break
        prev, state = state, apply_action(state, _choose(state, plan))
        if taken is None and state.marker_owner[plan.good] >= 0:
            before, taken = prev, state
        if plan.meet_family in state.occ[plan.space] and state.phase in (MAIN, SECOND):
            assert before is not None and taken is not None
            return ExampleGame(plan, before, taken, state,
                               state.fam_spaces[plan.route_family])
    raise ValueError("the rules' example game did not reach its end")  # pragma: no cover
