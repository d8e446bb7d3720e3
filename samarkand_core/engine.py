"""The rules of Samarkand as pure functions of a GameState.

`new_game`, `legal_actions` and `apply_action` are the whole game; every rule
cited below is from the rulebook or from docs/rules.md (our reading where it is silent).
"""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .board import Board, default_board
from .events import (
    CamelPlaced,
    Event,
    GameOver,
    made_bag,
    made_bonus,
    made_discarded,
    made_drawn,
    made_kept,
    made_marker,
    made_married,
    made_offer,
    made_passed,
    made_rel_marker,
    made_relationship,
    made_reshuffled,
    made_sold,
)
from .rng import below, seed_state, shuffled
from .rules import (
    ACTIVE_BONUS,
    CAMELS_PER_FAMILY,
    CARDS_DRAWN,
    HAND_LIMITS,
    MARKERS_PER_FAMILY,
    MAX_DISCARDS,
    OTHER_BONUS,
    SALE_PRICE,
    SECOND_CAMEL_COST,
    STARTING_MONEY,
    TILES_PER_FAMILY,
    TWO_PLAYER_TILES_ON_DOMAIN,
)
from .setup import GameSetup
from .state import (
    DISCARD,
    MAIN,
    OVER,
    SECOND,
    SELL,
    GameState,
    History,
    Options,
    SaleTiming,
)
from .tables import tables


class IllegalActionError(ValueError):
    """The action is not legal in this state; the message says why."""


# -- setup ------------------------------------------------------------------


def new_game(
    player_names: list[str] | tuple[str, ...],
    seed: int,
    first_player: int | None = None,
    board: Board | None = None,
    sale_timing: SaleTiming = SaleTiming.AT_ONCE,
) -> GameState:
    """Set up a game for 2 to 5 players; the seed decides every shuffle. `sale_timing`:
    the rules variant of when a goods card is sold (state.SaleTiming; the rulebook's by
    default)."""
    setup = GameSetup(names=tuple(player_names), seed=seed, first_player=first_player,
                      sale_timing=sale_timing)
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
    s.options = Options(names=setup.names, seed=setup.seed, first_player=first,
                        sale_timing=setup.sale_timing)
    s.n = n
    s.limit = HAND_LIMITS[n]
    s.money = [STARTING_MONEY] * n
    s.tiles = [(0,) * board.n_families] * n
    two_player = n == 2
    # Two players: one tile per family on the board, the other ten in the bag.
    s.domain_tiles = [
        TWO_PLAYER_TILES_ON_DOMAIN if two_player else TILES_PER_FAMILY
    ] * board.n_families
    s.bag = tuple(range(board.n_families)) if two_player else ()
    s.removed = ()
    s.treasury = [0] * board.n_families
    s.camels_left = [CAMELS_PER_FAMILY - 1] * board.n_families
    s.markers_left = [MARKERS_PER_FAMILY] * board.n_families
    tab = tables(board)
    # One camel on each home city (the same start on every game of a board, so made once).
    s.occ = list(tab.start_occ)
    s.fam_spaces = [(home,) for home in board.home]
    s._fmask = list(tab.start_fmask)
    s._open = -1  # every bit set: no space is full
    s._frontier = None
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
    s.asks = [()] * n
    s.pass_streak = 0
    s.end_reason = None
    s.history = None
    s.events = ()
    s._legal = None
    s._tab = tab
    return s


def start_of(state: GameState) -> GameState:
    """The first position of `state`'s game: the same players, seed, first player, map
    and rules variant."""
    o = state.options
    return new_game(o.names, o.seed, o.first_player, board=state.board,
                    sale_timing=o.sale_timing)


# -- legal actions ------------------------------------------------------------


def legal_spaces(state: GameState, family: int) -> list[int]:
    """Spaces where a camel of `family` may go now, in ascending order.

    Rulebook: next to a space holding a camel of the same colour, at most two
    camels per space, and never two of one colour on a space. The engine keeps
    this set up to date as camels arrive (see _place), as it is the hot path.
    """
    return state._tab.spaces(state._fmask[family] & state._open)


def can_marry(state: GameState, player: int, family: int) -> bool:
    """Rulebook: a tile left and the portion paid; 3-5 players: one tile a family."""
    return (
        state.domain_tiles[family] > 0
        and state.money[player] >= state.board.portion[family]
        and (state.n == 2 or state.tiles[player][family] == 0)
    )


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action for `state.current_player`, in a fixed order."""
    legal = state._legal
    if legal is not None:
        return legal
    # One function, no generators, actions read from the board's tables by index (see
    # actions.ActionTables): calls, generator frames and cache lookups cost several
    # times more in Pyodide than in CPython.
    phase = state.phase
    tab = state._tab
    if phase == MAIN:
        p = state.turn_player
        tiles = state.tiles[p]
        money = state.money[p]
        # Rulebook: a tile left and the portion paid; 3-5 players: one tile a family. As
        # bits of families (small ints): affordable, with a tile on the domain, not held.
        domains = tuple(state.domain_tiles)
        can = tab.domain_bits.get(domains)
        if can is None:
            can = tab.domain_bits_of(domains)
        can &= tab.affordable[money] if money < tab.max_portion else tab.all_families
        held_fams = tab.held.get(tiles)
        if held_fams is None:
            held_fams = tab.held_families(tiles)
        held, held_bits = held_fams
        if state.n > 2:
            can &= ~held_bits
        marriages = tab.marry_lists.get(can)
        if marriages is None:
            marriages = tab.marriages_of(can)
        legal = list(marriages)
        camels_left = state.camels_left
        fmask = state._fmask
        open_ = state._open
        no_full = open_ == -1  # (then no mask needs the operation, a new int each)
        place_lists = tab.place_lists
        for f in held:
            if camels_left[f]:
                m = fmask[f] if no_full else fmask[f] & open_
                places = place_lists[f].get(m)
                if places is None:
                    places = tab.place_list(f, m)
                legal += places
        if not legal:
            legal = [A.PASS]
    elif phase == SECOND:
        f = state.exp_family
        open_ = state._open
        m = state._fmask[f] if open_ == -1 else state._fmask[f] & open_
        places = tab.place_lists[f].get(m)
        if places is None:
            places = tab.place_list(f, m)
        legal = [*places, A.END_TURN]
    elif phase == SELL:
        good = state.pending_good
        legal = [tab.sell[good], tab.keep[good]]
    elif phase == DISCARD:
        p = state.turn_player
        hand = state.hands[p]
        # discard_range(state), inlined.
        hi = state.drawn - 1
        if hi > MAX_DISCARDS:
            hi = MAX_DISCARDS
        lo = len(hand) + len(state.sold[p]) - state.limit
        # k = lo..hi cards (hi <= MAX_DISCARDS = 2), each k in combinations' order.
        one, two = tab.discards or tab.discard_tables()
        legal = [tab.discard0] if lo <= 0 <= hi else []
        if lo <= 1 <= hi:
            legal += map(one.__getitem__, hand)  # (map: no Python loop)
        if lo <= 2 <= hi:
            legal += _pairs(two, hand)
    else:
        legal = []
    state._legal = legal
    return legal


def _pairs(rows: tuple[tuple[A.Discard, ...], ...], hand: tuple[int, ...]) -> list[A.Discard]:
    """The two-card discards of a sorted hand, in combinations' order. (A function of its
    own: a comprehension reading a local of legal_actions would make that local a cell,
    paid for on every call in CPython 3.11.)"""
    return [row[b] for i, a in enumerate(hand) for row in (rows[a],) for b in hand[i + 1:]]


def discard_range(state: GameState) -> tuple[int, int]:
    """How many cards the marrying player may discard: (at least, at most).

    docs/rules.md, Hand limit: keep at least one card more than before (at most drawn - 1
    discards, and never more than 2), and end within the hand limit.
    """
    p = state.turn_player
    hi = min(MAX_DISCARDS, state.drawn - 1)
    lo = max(0, state.hand_count(p) - state.limit)
    return lo, hi


# -- applying actions ---------------------------------------------------------


def apply_action(state: GameState, action: Action) -> GameState:
    """Return the state after `action`; `state` itself is left unchanged."""
    legal = state._legal
    if legal is None:
        legal = legal_actions(state)
    # Actions are interned (actions.py), so this is an identity scan in C. Only the
    # engine's own action classes, by exact type: a foreign object's __eq__ could
    # otherwise pass for any legal action (`in` asks it when the identity differs).
    if type(action) not in _ACTION_TYPES:
        raise IllegalActionError(
            f"Not an action of this game: an object of type {type(action).__name__} (use "
            "the values of legal_actions, or parse_action for input from outside).")
    if action not in legal:
        raise IllegalActionError(explain_illegal(state, action))
    s = state._step_copy()
    history = state.history
    node = s.history = _new_history(History)  # History(history, action), without __init__
    node.prev = history
    node.action = action
    node.length = history.length + 1 if history else 1
    events: list[Event] = []
    # Dispatch on the exact class (cheaper than isinstance in Pyodide). `action` is one of
    # `legal`, so an exact class of ours.
    kind = type(action)
    if kind is _Place:
        place: A.Place = action  # type: ignore[assignment]  # (no cast(): a call)
        _place(s, s.board.family_index[place.family], place.space, events)
    elif kind is _Marry:
        marry: A.Marry = action  # type: ignore[assignment]
        _marry(s, s.board.family_index[marry.family], events)
    elif kind is _Discard:
        discard: A.Discard = action  # type: ignore[assignment]
        _discard(s, discard.cards, events)
    elif kind is _Sell:
        _sell(s, events)
    elif kind is _Keep:
        events.append(made_kept(s.pending_holder, s.pending_good))
        if s.options.sale_timing is _AT_ONCE:
            _after_placement(s, events)
        else:
            _next_question(s, events)
    elif kind is _EndTurn:
        _end_turn(s, events)
    else:  # Pass
        s.pass_streak += 1
        events.append(made_passed(s.turn_player))
        if s.pass_streak >= s.n:
            _finish(s, "no player can move", events)
        else:
            _next_player(s, events)
    s.events = tuple(events)
    return s


_new_history = object.__new__
_Place, _Marry, _Discard, _Sell, _Keep, _EndTurn = (
    A.Place, A.Marry, A.Discard, A.Sell, A.Keep, A.EndTurn
)
_ACTION_TYPES = frozenset({_Place, _Marry, _Discard, _Sell, _Keep, _EndTurn, A.Pass})
_AT_ONCE = SaleTiming.AT_ONCE


def _marry(s: GameState, f: int, events: list[Event]) -> None:
    p = s.turn_player
    s.pass_streak = 0
    portion = s.board.portion[f]
    # Rulebook: the portion goes from the player's capital to the family treasury.
    s.money = money = s.money.copy()
    money[p] -= portion
    s.treasury = treasury = s.treasury.copy()
    treasury[f] += portion
    s.domain_tiles = domain_tiles = s.domain_tiles.copy()
    domain_tiles[f] -= 1
    s.tiles = tiles = s.tiles.copy()
    t = list(tiles[p])
    t[f] += 1
    tiles[p] = tuple(t)
    s.married_mask |= 1 << f
    s.married_now = True
    events.append(made_married(p, f, portion))
    # Rulebook: a player at the hand limit still marries but draws nothing.
    if len(s.hands[p]) + len(s.sold[p]) >= s.limit:  # hand_count(p), inlined
        events.append(made_drawn(p, 0))
        _end_turn(s, events)
        return
    drawn = _draw(s, p, CARDS_DRAWN, events)
    s.drawn = drawn
    events.append(made_drawn(p, drawn))
    if drawn == 0:
        _end_turn(s, events)
    else:
        s.phase = DISCARD


def _draw(s: GameState, p: int, k: int, events: list[Event]) -> int:
    deck = s.deck
    if len(deck) >= k:
        # The top k cards (the deck's last ones, top first), by slicing.
        got: tuple[int, ...] | list[int] = deck[: -k - 1 : -1]
        s.deck = deck[:-k]
    else:
        cards = list(deck)
        got = []
        for _ in range(k):
            if not cards:
                if not s.discard:
                    break  # docs/rules.md, Hand limit: both piles empty, draw what there is
                # Rulebook: the discard pile is shuffled into a new draw pile.
                s.rng, cards = shuffled(s.rng, s.discard)
                s.discard = ()
                events.append(made_reshuffled(len(cards)))
            got.append(cards.pop())
        s.deck = tuple(cards)
    s.hands = hands = s.hands.copy()
    hands[p] = tuple(sorted(hands[p] + tuple(got)))
    return len(got)


def _discard(
    s: GameState, cards: tuple[int, ...], events: list[Event]
) -> None:
    p = s.turn_player
    s.hands = hands = s.hands.copy()
    hand = list(hands[p])
    for c in cards:
        hand.remove(c)
    hands[p] = tuple(hand)
    s.discard = s.discard + cards
    s.drawn = 0
    events.append(made_discarded(p, len(cards)))
    _end_turn(s, events)


def _place(
    s: GameState, f: int, space: int, events: list[Event]
) -> None:
    p = s.turn_player
    s.pass_streak = 0
    tab = s._tab
    if s.phase == SECOND:
        # Rulebook: the second camel costs the family 1 dirham, paid to the supply.
        s.treasury = treasury = s.treasury.copy()
        treasury[f] -= SECOND_CAMEL_COST
        s.supply_net -= SECOND_CAMEL_COST
        events.append(tab.pay_events[f])
    s.occ = occ = s.occ.copy()
    before = occ[space]
    occ[space] = before + (f,)
    s.fam_spaces = fam_spaces = s.fam_spaces.copy()
    fam_spaces[f] = fam_spaces[f] + (space,)
    # The frontier (see legal_spaces), as bit masks: f may now also go next to the space,
    # except where a camel of f stands; a full space is masked out for every family when
    # the frontier is read (`& _open`).
    notbit = tab.notbit[space]
    s._fmask = fmask = s._fmask.copy()
    g = tab.nf + f  # (f's free mask)
    free = fmask[g] = fmask[g] & notbit
    fmask[f] = (fmask[f] | tab.nbmask[space]) & free
    if before:  # the space is now full: no family may go there any more
        s._open &= notbit
    s._frontier = None
    board = s.board
    s.camels_left = camels_left = s.camels_left.copy()
    camels_left[f] -= 1
    placed = s.placed = s.placed + 1
    s.exp_family = f
    # CamelPlaced(p, f, space), made once (events are immutable; this is the commonest
    # event, and the tables' index is cheaper than a call).
    row = tab.camel_events[p * tab.nf + f]
    event = row[space]
    if event is None:
        event = row[space] = CamelPlaced(p, f, space)
    events.append(event)
    if not before:
        good = board.good_at[space]
        if good and s.marker_owner[good] < 0:
            # Rulebook: the first camel on a goods space takes its marker...
            s.marker_owner = marker_owner = s.marker_owner.copy()
            marker_owner[good] = p
            s.goods_markers = goods_markers = s.goods_markers.copy()
            goods_markers[p] = goods_markers[p] + (good,)
            events.append(made_marker(p, good))
            if s.options.sale_timing is not _AT_ONCE:
                # docs/rules.md, Selling by link: every player will look at it when their
                # own turn next begins (the mover's included); only the holder is asked.
                s.asks = [a + (good,) for a in s.asks]
            else:
                # ...and whoever holds the matching card may sell it now.
                hands = s.hands
                for q in range(s.n):
                    if good in hands[q]:
                        s.phase = SELL
                        s.pending_good = good
                        s.pending_holder = q
                        # docs/rules.md (Goods): only the holder knows this (PRIVATE_EVENTS).
                        events.append(made_offer(q, good))
                        return
    elif not board.is_water[space]:
        _meet(s, f, before[0], events)
    # _after_placement(s, events), inlined (no card is up for sale here).
    if (placed == 1 and s.treasury[f] >= SECOND_CAMEL_COST and camels_left[f]
            and fmask[f] & s._open):
        s.phase = SECOND
    else:
        _end_turn(s, events)


def _meet(s: GameState, f: int, g: int, events: list[Event]) -> None:
    """A camel of f joins one of g on land: the first meeting pays bonuses."""
    lo, hi = (f, g) if f < g else (g, f)
    bit = 1 << (lo * 10 + hi)
    if s.met & bit:
        return
    s.met |= bit
    events.append(made_relationship(f, g))
    all_tiles = s.tiles
    money = None
    for q in range(s.n):
        tiles = all_tiles[q]
        # Rulebook: 3 to members of the active family, 1 to members of the
        # other; two tiles of one family still count once (2-player rules).
        bonus = (ACTIVE_BONUS if tiles[f] else 0) + (OTHER_BONUS if tiles[g] else 0)
        if bonus:
            if money is None:
                s.money = money = s.money.copy()
            money[q] += bonus
            s.supply_net += bonus
            events.append(made_bonus(q, bonus))
    p = s.turn_player
    markers_left = rel_markers = None
    for fam in (f, g):
        left = s.markers_left[fam]
        if left:  # docs/rules.md, Relationships: a family with no marker left gives none
            green = left == MARKERS_PER_FAMILY
            if markers_left is None or rel_markers is None:
                s.markers_left = markers_left = s.markers_left.copy()
                s.rel_markers = rel_markers = s.rel_markers.copy()
            markers_left[fam] = left - 1
            rel_markers[p] = rel_markers[p] + ((fam, green),)
            events.append(made_rel_marker(p, fam, green))


def _sell(s: GameState, events: list[Event]) -> None:
    q, good = s.pending_holder, s.pending_good
    s.hands = hands = s.hands.copy()
    hand = list(hands[q])
    hand.remove(good)
    hands[q] = tuple(hand)
    s.sold = sold = s.sold.copy()
    sold[q] = sold[q] + (good,)
    s.money = money = s.money.copy()
    money[q] += SALE_PRICE
    s.supply_net += SALE_PRICE
    events.append(made_sold(q, good))
    if s.options.sale_timing is _AT_ONCE:
        _after_placement(s, events)
    else:
        _next_question(s, events)


def _after_placement(s: GameState, events: list[Event]) -> None:
    s.pending_good = 0
    s.pending_holder = -1
    f = s.exp_family
    if (
        s.placed == 1
        and s.treasury[f] >= SECOND_CAMEL_COST
        and s.camels_left[f] > 0
        and s._fmask[f] & s._open  # legal_spaces(s, f) is not empty
    ):
        s.phase = SECOND
    else:
        _end_turn(s, events)


def _end_turn(s: GameState, events: list[Event]) -> None:
    if s.married_now and s.bag:
        _draw_from_bag(s, events)
    # Rulebook: after each turn, check the two end conditions.
    markers = s.markers_left
    if MARKERS_PER_FAMILY not in markers:  # (all below 5: no call to max())
        _finish(s, "every family has a trade relationship", events)
        return
    if 0 in markers:
        name = s.board.family_names[markers.index(0)]
        _finish(s, f"the {name} has made five trade relationships", events)
        return
    _next_player(s, events)


def _draw_from_bag(s: GameState, events: list[Event]) -> None:
    """2 players: after a marriage a tile comes out of the bag (docs/rules.md, Two players)."""
    s.rng, i = below(s.rng, len(s.bag))
    f = s.bag[i]
    s.bag = s.bag[:i] + s.bag[i + 1 :]
    if s.married_mask >> f & 1:
        s.domain_tiles = domain_tiles = s.domain_tiles.copy()
        domain_tiles[f] += 1
        events.append(made_bag(f, True))
    else:
        s.removed = s.removed + (f,)
        events.append(made_bag(f, False))


def _next_player(s: GameState, events: list[Event]) -> None:
    s.turn_player = (s.turn_player + 1) % s.n
    s.turn += 1
    s.phase = MAIN
    s.exp_family = -1
    s.placed = 0
    s.married_now = False
    s.drawn = 0
    if s.asks[s.turn_player]:
        _next_question(s, events)


def _next_question(s: GameState, events: list[Event]) -> None:
    """SaleTiming.AT_HOLDERS_TURN, as the turn player's turn begins (docs/rules.md,
    Selling by link): the goods whose markers were taken since their turn last began are
    looked at in the order taken; the first card of them in their hand is offered (phase
    SELL, the turn player deciding), and once none is left the turn goes on (MAIN). Their
    hand has not changed since the marker was taken (a hand changes only in its owner's
    own turn), so the holder asked is the one who held the card then."""
    p = s.turn_player
    s.pending_good = 0
    s.pending_holder = -1
    asks = s.asks[p]
    hand = s.hands[p]
    for i, good in enumerate(asks):
        if good in hand:
            s.asks = rest = s.asks.copy()
            rest[p] = asks[i + 1:]
            s.phase = SELL
            s.pending_good = good
            s.pending_holder = p
            events.append(made_offer(p, good))  # only the holder knows (PRIVATE_EVENTS)
            return
    s.asks = rest = s.asks.copy()
    rest[p] = ()
    s.phase = MAIN


def _finish(s: GameState, reason: str, events: list[Event]) -> None:
    s.phase = OVER
    s.end_reason = reason
    events.append(GameOver(reason))


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
