"""The rules of Samarkand as pure functions of a GameState.

`new_game`, `legal_actions` and `apply_action` are the whole game; every rule
cited below is from the rulebook (shared/rules) or from RULES-NOTES.md.
"""

from __future__ import annotations

from itertools import combinations

from . import actions as A
from .actions import Action
from .board import Board, default_board
from .rng import below, seed_state, shuffled
from .setup import GameSetup
from .state import (
    CAMELS_PER_FAMILY,
    DISCARD,
    HAND_LIMITS,
    MAIN,
    MARKERS_PER_FAMILY,
    OVER,
    SECOND,
    SELL,
    STARTING_MONEY,
    GameState,
    History,
    Options,
)

SALE_PRICE = 3
ACTIVE_BONUS = 3
OTHER_BONUS = 1
SECOND_CAMEL_COST = 1
CARDS_DRAWN = 3
MAX_DISCARDS = 2


# Events (GameState.events) that only the holder of a goods card may know about: who
# was asked to sell, and that the card was kept. RULES-NOTES (Goods): at the table the
# holder of a kept card says nothing, so the log, the other players and the bots never
# learn it; only a sale ("sell") is public.
PRIVATE_EVENTS = frozenset({"sale_offer", "keep"})


def public_events(
    events: tuple[tuple[str, tuple[object, ...]], ...],
) -> list[tuple[str, tuple[object, ...]]]:
    """The events of one action that the whole table sees."""
    return [e for e in events if e[0] not in PRIVATE_EVENTS]


class IllegalActionError(ValueError):
    """The action is not legal in this state; the message says why."""


# -- setup ------------------------------------------------------------------


def new_game(
    player_names: list[str] | tuple[str, ...],
    seed: int,
    first_player: int | None = None,
    board: Board | None = None,
) -> GameState:
    """Set up a game for 2 to 5 players; the seed decides every shuffle."""
    setup = GameSetup(names=tuple(player_names), seed=seed, first_player=first_player)
    board = board or default_board()
    n = len(setup.names)
    rng = seed_state(setup.seed)
    # The draw happens even when the first player is given, so that a replay
    # (which always names the first player) deals the same cards.
    rng, drawn_first = below(rng, n)
    first = drawn_first if setup.first_player is None else setup.first_player
    rng, deck = shuffled(rng, range(1, board.n_goods + 1))

    s = GameState.__new__(GameState)
    s.board = board
    s.options = Options(names=setup.names, seed=setup.seed, first_player=first)
    s.n = n
    s.limit = HAND_LIMITS[n]
    s.money = [STARTING_MONEY] * n
    s.tiles = [(0,) * board.n_families] * n
    two_player = n == 2
    # Two players: one tile per family on the board, the other ten in the bag.
    s.domain_tiles = [1 if two_player else 2] * board.n_families
    s.bag = tuple(range(board.n_families)) if two_player else ()
    s.removed = ()
    s.treasury = [0] * board.n_families
    s.camels_left = [CAMELS_PER_FAMILY - 1] * board.n_families
    s.markers_left = [MARKERS_PER_FAMILY] * board.n_families
    s.occ = [()] * board.n_spaces
    for f, home in enumerate(board.home):
        s.occ[home] = (f,)
    s.fam_spaces = [(home,) for home in board.home]
    s.frontier = [frozenset(_open_neighbours(s, f, home)) for f, home in enumerate(board.home)]
    s.marker_owner = [-1] * (board.n_goods + 1)
    s.goods_markers = [()] * n
    s.rel_markers = [()] * n
    hands = []
    for _ in range(n):
        hands.append(tuple(sorted((deck.pop(), deck.pop()))))
    s.hands = hands
    s.sold = [()] * n
    s.deck = tuple(deck)
    s.discard = ()
    s.met = 0
    s.married_mask = 0
    s.rng = rng
    s.supply_net = 0
    s.phase = MAIN
    s.turn_player = first
    s.turn = 1
    s.exp_family = -1
    s.placed = 0
    s.married_now = False
    s.drawn = 0
    s.pending_good = 0
    s.pending_holder = -1
    s.pass_streak = 0
    s.end_reason = None
    s.history = None
    s.events = ()
    s._legal = None
    return s


# -- legal actions ------------------------------------------------------------


def legal_spaces(state: GameState, family: int) -> list[int]:
    """Spaces where a camel of `family` may go now, in ascending order.

    Rulebook: next to a space holding a camel of the same colour, at most two
    camels per space, and never two of one colour on a space. The engine keeps
    this set up to date as camels arrive (see _place), as it is the hot path.
    """
    return sorted(state.frontier[family])


def _open_neighbours(state: GameState, family: int, space: int) -> list[int]:
    occ = state.occ
    return [t for t in state.board.neighbours[space] if len(occ[t]) < 2 and family not in occ[t]]


def can_marry(state: GameState, player: int, family: int) -> bool:
    """Rulebook: a tile left and the portion paid; 3-5 players: one tile a family."""
    return (
        state.domain_tiles[family] > 0
        and state.money[player] >= state.board.portion[family]
        and (state.n == 2 or state.tiles[player][family] == 0)
    )


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action for `state.current_player`, in a fixed order."""
    if state._legal is None:
        state._legal = _legal(state)
    return state._legal


def _legal(state: GameState) -> list[Action]:
    phase = state.phase
    board = state.board
    fids = board.family_ids
    if phase == MAIN:
        # can_marry and legal_spaces inlined, comprehensions rather than generators:
        # calls and generator frames cost several times more in Pyodide than in CPython.
        p = state.turn_player
        tiles = state.tiles[p]
        money = state.money[p]
        domain_tiles = state.domain_tiles
        portion = board.portion
        any_tile_ok = state.n == 2
        marry = A.marry
        out: list[Action] = [
            marry(fids[f]) for f in range(board.n_families)
            if domain_tiles[f] > 0 and money >= portion[f] and (any_tile_ok or not tiles[f])
        ]
        camels_left = state.camels_left
        frontier = state.frontier
        place = A.place
        for f in range(board.n_families):
            if tiles[f] and camels_left[f]:
                fid = fids[f]
                out += [place(fid, s) for s in sorted(frontier[f])]
        return out or [A.PASS]
    if phase == SECOND:
        f = state.exp_family
        fid = fids[f]
        second: list[Action] = [A.place(fid, s) for s in legal_spaces(state, f)]
        second.append(A.END_TURN)
        return second
    if phase == SELL:
        return [A.sell(state.pending_good), A.keep(state.pending_good)]
    if phase == DISCARD:
        lo, hi = discard_range(state)
        hand = state.hands[state.turn_player]
        return [A.discard(c) for k in range(lo, hi + 1) for c in combinations(hand, k)]
    return []


def discard_range(state: GameState) -> tuple[int, int]:
    """How many cards the marrying player may discard: (at least, at most).

    RULES-NOTES: keep at least one card more than before (at most drawn - 1
    discards, and never more than 2), and end within the hand limit.
    """
    p = state.turn_player
    hi = min(MAX_DISCARDS, state.drawn - 1)
    lo = max(0, state.hand_count(p) - state.limit)
    return lo, hi


# -- applying actions ---------------------------------------------------------


def apply_action(state: GameState, action: Action) -> GameState:
    """Return the state after `action`; `state` itself is left unchanged."""
    legal = legal_actions(state)
    for a in legal:
        if a is action:
            break
    else:
        if action not in legal:
            raise IllegalActionError(explain_illegal(state, action))
    s = state.copy()
    s.history = History(state.history, action)
    events: list[tuple[str, tuple[object, ...]]] = []
    # Dispatch on the exact class (cheaper than isinstance in Pyodide). `action` is one of
    # `legal`, so an exact class of ours.
    kind = type(action)
    if kind is A.Place:
        place: A.Place = action  # type: ignore[assignment]  # (no cast(): a call)
        _place(s, s.board.family_index[place.family], place.space, events)
    elif kind is A.Marry:
        marry: A.Marry = action  # type: ignore[assignment]
        _marry(s, s.board.family_index[marry.family], events)
    elif kind is A.Discard:
        discard: A.Discard = action  # type: ignore[assignment]
        _discard(s, discard.cards, events)
    elif kind is A.Sell:
        _sell(s, events)
    elif kind is A.Keep:
        events.append(("keep", (s.pending_holder, s.pending_good)))
        _after_placement(s, events)
    elif kind is A.EndTurn:
        _end_turn(s, events)
    else:  # Pass
        s.pass_streak += 1
        events.append(("pass", (s.turn_player,)))
        if s.pass_streak >= s.n:
            _finish(s, "no player can move", events)
        else:
            _next_player(s)
    s.events = tuple(events)
    return s


def _marry(s: GameState, f: int, events: list[tuple[str, tuple[object, ...]]]) -> None:
    p = s.turn_player
    s.pass_streak = 0
    portion = s.board.portion[f]
    # Rulebook: the portion goes from the player's capital to the family treasury.
    s.money[p] -= portion
    s.treasury[f] += portion
    s.domain_tiles[f] -= 1
    t = list(s.tiles[p])
    t[f] += 1
    s.tiles[p] = tuple(t)
    s.married_mask |= 1 << f
    s.married_now = True
    events.append(("marry", (p, f, portion)))
    # Rulebook: a player at the hand limit still marries but draws nothing.
    if s.hand_count(p) >= s.limit:
        events.append(("draw", (p, 0)))
        _end_turn(s, events)
        return
    drawn = _draw(s, p, CARDS_DRAWN, events)
    s.drawn = drawn
    events.append(("draw", (p, drawn)))
    if drawn == 0:
        _end_turn(s, events)
    else:
        s.phase = DISCARD


def _draw(s: GameState, p: int, k: int, events: list[tuple[str, tuple[object, ...]]]) -> int:
    deck = list(s.deck)
    got: list[int] = []
    for _ in range(k):
        if not deck:
            if not s.discard:
                break  # RULES-NOTES: both piles empty, draw what there is
            # Rulebook: the discard pile is shuffled into a new draw pile.
            s.rng, deck = shuffled(s.rng, s.discard)
            s.discard = ()
            events.append(("reshuffle", (len(deck),)))
        got.append(deck.pop())
    s.deck = tuple(deck)
    s.hands[p] = tuple(sorted(s.hands[p] + tuple(got)))
    return len(got)


def _discard(
    s: GameState, cards: tuple[int, ...], events: list[tuple[str, tuple[object, ...]]]
) -> None:
    p = s.turn_player
    s.hands[p] = tuple(c for c in s.hands[p] if c not in cards)
    s.discard = s.discard + tuple(cards)
    s.drawn = 0
    events.append(("discard", (p, len(cards))))
    _end_turn(s, events)


def _place(
    s: GameState, f: int, space: int, events: list[tuple[str, tuple[object, ...]]]
) -> None:
    p = s.turn_player
    s.pass_streak = 0
    if s.phase == SECOND:
        # Rulebook: the second camel costs the family 1 dirham, paid to the supply.
        s.treasury[f] -= SECOND_CAMEL_COST
        s.supply_net -= SECOND_CAMEL_COST
        events.append(("treasury_pays", (f, SECOND_CAMEL_COST)))
    before = s.occ[space]
    s.occ[space] = before + (f,)
    s.fam_spaces[f] = s.fam_spaces[f] + (space,)
    frontier = s.frontier
    frontier[f] = frontier[f].union(_open_neighbours(s, f, space)).difference((space,))
    if before:  # the space is now full: no family may go there any more
        for g in range(len(frontier)):
            if space in frontier[g]:
                frontier[g] = frontier[g].difference((space,))
    s.camels_left[f] -= 1
    s.placed += 1
    s.exp_family = f
    events.append(("camel", (p, f, space)))
    board = s.board
    if not before:
        good = board.good_at[space]
        if good and s.marker_owner[good] < 0:
            # Rulebook: the first camel on a goods space takes its marker...
            s.marker_owner[good] = p
            s.goods_markers[p] = s.goods_markers[p] + (good,)
            events.append(("goods_marker", (p, good)))
            # ...and whoever holds the matching card may sell it now.
            for q in range(s.n):
                if good in s.hands[q]:
                    s.phase = SELL
                    s.pending_good = good
                    s.pending_holder = q
                    # RULES-NOTES (Goods): only the holder knows this; see PRIVATE_EVENTS.
                    events.append(("sale_offer", (q, good)))
                    return
    elif not board.is_water[space]:
        _meet(s, f, before[0], events)
    _after_placement(s, events)


def _meet(s: GameState, f: int, g: int, events: list[tuple[str, tuple[object, ...]]]) -> None:
    """A camel of f joins one of g on land: the first meeting pays bonuses."""
    lo, hi = (f, g) if f < g else (g, f)
    bit = 1 << (lo * 10 + hi)
    if s.met & bit:
        return
    s.met |= bit
    events.append(("relationship", (f, g)))
    for q in range(s.n):
        tiles = s.tiles[q]
        # Rulebook: 3 to members of the active family, 1 to members of the
        # other; two tiles of one family still count once (2-player rules).
        bonus = (ACTIVE_BONUS if tiles[f] else 0) + (OTHER_BONUS if tiles[g] else 0)
        if bonus:
            s.money[q] += bonus
            s.supply_net += bonus
            events.append(("bonus", (q, bonus)))
    p = s.turn_player
    for fam in (f, g):
        left = s.markers_left[fam]
        if left:  # RULES-NOTES: a family with no marker left gives none
            green = left == MARKERS_PER_FAMILY
            s.markers_left[fam] = left - 1
            s.rel_markers[p] = s.rel_markers[p] + ((fam, green),)
            events.append(("rel_marker", (p, fam, green)))


def _sell(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
    q, good = s.pending_holder, s.pending_good
    s.hands[q] = tuple(c for c in s.hands[q] if c != good)
    s.sold[q] = s.sold[q] + (good,)
    s.money[q] += SALE_PRICE
    s.supply_net += SALE_PRICE
    events.append(("sell", (q, good)))
    _after_placement(s, events)


def _after_placement(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
    s.pending_good = 0
    s.pending_holder = -1
    f = s.exp_family
    if (
        s.placed == 1
        and s.treasury[f] >= SECOND_CAMEL_COST
        and s.camels_left[f] > 0
        and s.frontier[f]  # legal_spaces(s, f) is not empty, without sorting it
    ):
        s.phase = SECOND
    else:
        _end_turn(s, events)


def _end_turn(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
    if s.married_now and s.bag:
        _draw_from_bag(s, events)
    # Rulebook: after each turn, check the two end conditions.
    markers = s.markers_left
    if max(markers) < MARKERS_PER_FAMILY:  # no generator: see _legal
        _finish(s, "every family has a trade relationship", events)
        return
    if 0 in markers:
        name = s.board.family_names[markers.index(0)]
        _finish(s, f"the {name} has made five trade relationships", events)
        return
    _next_player(s)


def _draw_from_bag(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
    """2 players: after a marriage a tile comes out of the bag (RULES-NOTES)."""
    s.rng, i = below(s.rng, len(s.bag))
    f = s.bag[i]
    s.bag = s.bag[:i] + s.bag[i + 1 :]
    if s.married_mask >> f & 1:
        s.domain_tiles[f] += 1
        events.append(("bag", (f, True)))
    else:
        s.removed = s.removed + (f,)
        events.append(("bag", (f, False)))


def _next_player(s: GameState) -> None:
    s.turn_player = (s.turn_player + 1) % s.n
    s.turn += 1
    s.phase = MAIN
    s.exp_family = -1
    s.placed = 0
    s.married_now = False
    s.drawn = 0


def _finish(s: GameState, reason: str, events: list[tuple[str, tuple[object, ...]]]) -> None:
    s.phase = OVER
    s.end_reason = reason
    events.append(("game_over", (reason,)))


# -- messages for illegal actions ------------------------------------------------


def explain_illegal(state: GameState, action: Action) -> str:
    """Say in words why `action` is not legal now."""
    board = state.board
    if state.phase == OVER:
        return "The game is over."
    asked = {
        MAIN: "to marry, to place a camel or to pass",
        SECOND: "to place a second camel of the same family or to end the turn",
        SELL: f"whether to sell the {board.good_names[state.pending_good]} card",
        DISCARD: "which cards to discard after the marriage",
    }[state.phase]
    name = state.names[state.current_player]
    wrong_phase = f"That is not a choice now: {name} is asked {asked}."
    p = state.turn_player
    if isinstance(action, A.Marry):
        if state.phase != MAIN:
            return wrong_phase
        f = board.family_index.get(action.family)
        if f is None:
            return f"There is no family {action.family!r}."
        fname = board.family_names[f]
        if state.domain_tiles[f] == 0:
            return f"The {fname} has no family tile left."
        if state.n > 2 and state.tiles[p][f]:
            return f"{name} already belongs to the {fname}."
        return (
            f"Marrying into the {fname} costs {board.portion[f]} dirhams; "
            f"{name} has {state.money[p]}."
        )
    if isinstance(action, A.Place):
        if state.phase not in (MAIN, SECOND):
            return wrong_phase
        f = board.family_index.get(action.family)
        if f is None:
            return f"There is no family {action.family!r}."
        fname = board.family_names[f]
        if state.phase == SECOND and f != state.exp_family:
            return "The second camel must be of the same family as the first."
        if not state.tiles[p][f]:
            return f"{name} holds no tile of the {fname}."
        if not state.camels_left[f]:
            return f"The {fname} has no camel left."
        if not 0 <= action.space < board.n_spaces:
            return f"There is no space {action.space}."
        o = state.occ[action.space]
        if len(o) >= 2:
            return "That space already holds two camels."
        if f in o:
            return f"That space already holds a camel of the {fname}."
        return f"That space is not next to a camel of the {fname}."
    if isinstance(action, A.Discard):
        if state.phase != DISCARD:
            return wrong_phase
        lo, hi = discard_range(state)
        hand = state.hands[p]
        if any(c not in hand for c in action.cards):
            return f"{name} does not hold every card named."
        if len(set(action.cards)) != len(action.cards) or list(action.cards) != sorted(
            action.cards
        ):
            return "Name each discarded card once, in ascending order."
        return f"{name} must discard at least {lo} and at most {hi} cards."
    if isinstance(action, (A.Sell, A.Keep)):
        if state.phase != SELL or action.good != state.pending_good:
            return "No such goods card is up for sale now."
        return wrong_phase
    if isinstance(action, A.EndTurn):
        if state.phase != MAIN:
            return wrong_phase
        return "Only after a first camel can the turn end without a second."
    if isinstance(action, A.Pass):
        return f"{name} has a legal move and may not pass."
    return "That action is not legal now."
