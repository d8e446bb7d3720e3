"""The rules of Samarkand as pure functions of a GameState.

`new_game`, `legal_actions` and `apply_action` are the whole game; every rule
cited below is from the rulebook (shared/rules) or from RULES-NOTES.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from operator import getitem
from typing import TypeVar

from . import actions as A
from .actions import Action
from .board import Board, default_board
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
from .setup import MAX_PLAYERS, GameSetup
from .state import (
    DISCARD,
    MAIN,
    OVER,
    SECOND,
    SELL,
    GameState,
    History,
    Options,
)

_T = TypeVar("_T")


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


# Every kind of event the engine emits (GameState.events), with its arguments.
EVENT_KINDS = frozenset({
    "marry",  # (player, family, portion)
    "draw",  # (player, cards drawn)
    "reshuffle",  # (cards in the new draw pile)
    "discard",  # (player, cards discarded)
    "treasury_pays",  # (family, dirhams) for a second camel
    "camel",  # (player, family, space)
    "goods_marker",  # (player, good)
    "sale_offer",  # (holder, good): private
    "sell",  # (holder, good)
    "keep",  # (holder, good): private
    "relationship",  # (family, other)
    "bonus",  # (player, dirhams)
    "rel_marker",  # (player, family, green)
    "bag",  # (family, onto its domain): 2 players, a tile drawn from the bag
    "pass",  # (player,)
    "game_over",  # (the engine's sentence,)
})

# The events after which a move cannot be taken back: each brings hidden information
# into play, which a player who took the move back would keep. Cards drawn (or a pile
# shuffled) have been seen; a discard follows such a draw; a goods marker taken asks
# the card's holder, if any (a sale offer), who then sells or keeps it; a tile drawn
# from the bag is chance that must not be drawn again. The rest (a marriage before its
# draw, camels, bonuses, relationships, passes, the end) reveal nothing hidden.
REVEALING_EVENTS = frozenset({
    "draw", "reshuffle", "discard", "goods_marker", "sale_offer", "keep", "sell", "bag",
})


def first_revealing(events: Iterable[tuple[str, tuple[object, ...]]]) -> str | None:
    """The kind of the first event of `events` that reveals hidden information (so
    that the move may not be taken back), or None."""
    return next((kind for kind, _ in events if kind in REVEALING_EVENTS), None)


def reveals_hidden(events: Iterable[tuple[str, tuple[object, ...]]]) -> bool:
    """Whether `events` (those of one action) reveal hidden information: a move that
    caused them may not be taken back (see REVEALING_EVENTS)."""
    return first_revealing(events) is not None


class IllegalActionError(ValueError):
    """The action is not legal in this state; the message says why."""


# -- per-board tables ----------------------------------------------------------------


class Tables:
    """What the engine derives from a board once, read by index in its hot loops.

    Spaces as bits of an int: `nbmask[space]` has the bits of the space's neighbours. A
    state keeps its frontiers as such masks (GameState._fmask), so a camel's move is a
    few integer operations rather than set copies; `place_lists[f]` maps a frontier mask
    of family f to the interned Place actions onto it in ascending order of space. A
    frontier is shared by every state until a camel changes it (and by every guess a
    search bot deals from one view), so each list is made once. These caches are emptied
    when they grow past CACHE_LIMIT entries.
    """

    CACHE_LIMIT = 512

    __slots__ = ("fams", "family_ids", "marry", "place_lists", "discard0", "discards",
                 "sell", "keep", "nbmask", "notbit", "start_occ", "start_fmask", "nf",
                 "camel_events", "pay_events",
                 "affordable", "max_portion", "all_families", "held", "domain_bits",
                 "marry_lists", "frontier_sets", "n_bytes", "place_bytes",
                 "space_bytes")

    def __init__(self, board: Board) -> None:
        # Made on a board's first game, so cheap: the bigger tables (the Place actions of
        # a family, the discards) are made when first needed.
        fids = self.family_ids = board.family_ids
        goods = range(board.n_goods + 1)
        self.fams = range(board.n_families)
        self.marry = tuple(A.marry(fid) for fid in fids)
        self.place_lists: tuple[dict[int, tuple[A.Place, ...]], ...] = tuple({} for _ in fids)
        self.discard0 = A.discard(())
        self.discards: tuple[tuple[A.Discard, ...], tuple[tuple[A.Discard, ...], ...]] | None
        self.discards = None  # see discard_tables
        # Indexed by good number (index 0 unused: a placeholder).
        self.sell = tuple(A.sell(g or 1) for g in goods)
        self.keep = tuple(A.keep(g or 1) for g in goods)
        self.nbmask = tuple(_mask(nb) for nb in board.neighbours)
        self.notbit = tuple(~(1 << s) for s in range(board.n_spaces))  # all spaces but s
        # Masks read byte by byte (see place_list); a family's tables are made when first
        # needed (4,096 tuples: a millisecond or so in Pyodide).
        self.n_bytes = (board.n_spaces + 7) // 8
        self.place_bytes: list[tuple[tuple[tuple[A.Place, ...], ...], ...] | None] = [
            None
        ] * board.n_families
        self.space_bytes: tuple[tuple[tuple[int, ...], ...], ...] | None = None
        # The start of every game: one camel on each home city; each family may go to
        # the neighbours of its home (none is full, none holds a camel of the family).
        occ: list[tuple[int, ...]] = [()] * board.n_spaces
        for f, home in enumerate(board.home):
            occ[home] = (f,)
        self.start_occ = tuple(occ)
        self.nf = board.n_families
        # Events made once: camel_events[player * n_families + family][space] (filled as
        # they happen), pay_events[family].
        self.camel_events: list[list[tuple[str, tuple[object, ...]] | None]] = [
            [None] * board.n_spaces for _ in range(MAX_PLAYERS * board.n_families)
        ]
        self.pay_events = tuple(("treasury_pays", (f, SECOND_CAMEL_COST)) for f in self.fams)
        # GameState._fmask: the frontier masks, then the masks of all but each family's
        # spaces (see GameState).
        self.start_fmask = tuple(
            _mask(t for t in board.neighbours[home] if f not in occ[t])
            for f, home in enumerate(board.home)
        ) + tuple(~(1 << home) for home in board.home)
        # Families as bits of a small int (bit f: family f). affordable[m]: those whose
        # portion m dirhams pay, for m below the highest portion (more pays every one).
        self.max_portion = max(board.portion)
        self.all_families = (1 << board.n_families) - 1
        self.affordable = tuple(
            _mask(f for f in self.fams if board.portion[f] <= m) for m in range(self.max_portion)
        )
        # marry_lists[bits]: the Marry actions of those families, ascending (made when
        # first asked for, as the rest of these caches).
        self.marry_lists: dict[int, tuple[A.Marry, ...]] = {}
        # A player's tiles (a tuple shared by every state until the next marriage) to the
        # families they belong to (ascending, and as bits); the tiles on the domains to
        # the families with one left (as bits).
        self.held: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
        self.domain_bits: dict[tuple[int, ...], int] = {}
        self.frontier_sets: dict[int, frozenset[int]] = {}

    def held_families(self, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """The families of which `tiles` holds a tile: ascending, and as bits (remembered)."""
        found = self.held.get(tiles)
        if found is None:
            fams = tuple([f for f in self.fams if tiles[f]])
            found = (fams, _mask(fams))
            if len(self.held) >= self.CACHE_LIMIT:
                self.held.clear()
            self.held[tiles] = found
        return found

    def marriages_of(self, bits: int) -> tuple[A.Marry, ...]:
        """The Marry actions of the families of `bits`, ascending (remembered)."""
        found = self.marry_lists[bits] = tuple(
            [self.marry[f] for f in self.fams if bits >> f & 1]
        )
        return found

    def domain_bits_of(self, domains: tuple[int, ...]) -> int:
        """The families with a tile left on their domain, as bits (remembered)."""
        found = self.domain_bits.get(domains)
        if found is None:
            found = _mask(f for f in self.fams if domains[f])
            if len(self.domain_bits) >= self.CACHE_LIMIT:
                self.domain_bits.clear()
            self.domain_bits[domains] = found
        return found

    def place_list(self, f: int, mask: int) -> tuple[A.Place, ...]:
        """The Place actions of family f onto the spaces of `mask`, ascending (remembered)."""
        cache = self.place_lists[f]
        found = cache.get(mask)
        if found is None:
            # Byte by byte through tables, in C all through: no Python loop over the bits.
            tables = self.place_bytes[f]
            if tables is None:
                fid = self.family_ids[f]
                row = [A.place(fid, s) for s in range(len(self.nbmask))]
                tables = self.place_bytes[f] = _byte_tables(row, self.n_bytes)
            # Only the bytes from the lowest set bit to the highest (a frontier spans a
            # part of the map).
            lo = ((mask & -mask).bit_length() - 1) >> 3 if mask else 0
            hi = (mask.bit_length() + 7) >> 3
            found = tuple(chain.from_iterable(
                map(getitem, tables[lo:hi], (mask >> (lo << 3)).to_bytes(hi - lo, "little"))
            ))
            if len(cache) >= self.CACHE_LIMIT:
                cache.clear()
            cache[mask] = found
        return found

    def discard_tables(
        self,
    ) -> tuple[tuple[A.Discard, ...], tuple[tuple[A.Discard, ...], ...]]:
        """(one card by good number, two cards a < b by both numbers): the Discard actions
        (the other entries hold a placeholder)."""
        goods = range(len(self.sell))
        none = self.discard0
        found = self.discards = (
            tuple(A.discard((a,)) if a else none for a in goods),
            tuple(tuple(A.discard((a, b)) if 0 < a < b else none for b in goods) for a in goods),
        )
        return found

    def spaces(self, mask: int) -> list[int]:
        """The spaces of `mask`, ascending."""
        tables = self.space_bytes
        if tables is None:
            tables = self.space_bytes = _byte_tables(range(8 * self.n_bytes), self.n_bytes)
        return list(chain.from_iterable(
            map(getitem, tables, mask.to_bytes(self.n_bytes, "little"))
        ))

    def frontier_set(self, mask: int) -> frozenset[int]:
        """The spaces of `mask` as a frozenset (remembered)."""
        found = self.frontier_sets.get(mask)
        if found is None:
            found = frozenset(self.spaces(mask))
            if len(self.frontier_sets) >= self.CACHE_LIMIT:
                self.frontier_sets.clear()
            self.frontier_sets[mask] = found
        return found


def _mask(spaces: Iterable[int]) -> int:
    m = 0
    for t in spaces:
        m |= 1 << t
    return m


def _byte_tables(row: Sequence[_T], n_bytes: int) -> tuple[tuple[tuple[_T, ...], ...], ...]:
    """For each byte k of a mask and each value v of it: the items of `row` at the spaces
    of the set bits (8k + bit), ascending. Each value's tuple extends the one of the value
    without its lowest bit, so the 256 tuples of a byte cost 255 concatenations."""
    out = []
    for k in range(n_bytes):
        base = 8 * k
        items = [row[base + j] if base + j < len(row) else None for j in range(8)]
        table: list[tuple[_T, ...]] = [()] * 256
        for v in range(1, 256):
            low = v & -v
            item = items[low.bit_length() - 1]
            rest = table[v ^ low]
            table[v] = rest if item is None else (item, *rest)
        out.append(tuple(table))
    return tuple(out)


_TABLES: dict[Board, Tables] = {}  # a Board hashes by identity


def tables(board: Board) -> Tables:
    """The engine's (shared) tables of `board`."""
    found = _TABLES.get(board)
    if found is None:
        found = _TABLES[board] = Tables(board)
    return found


def set_frontier(state: GameState, frontier: list[frozenset[int]]) -> None:
    """Set every family's frontier by hand (tests building a position), with the masks
    the engine keeps beside `occ` and `fam_spaces` made again from those."""
    state._fmask = [_mask(fr) for fr in frontier] + [~_mask(sp) for sp in state.fam_spaces]
    state._open = ~_mask(t for t, o in enumerate(state.occ) if len(o) >= 2)
    state._frontier = None


def frontier_of(state: GameState) -> list[frozenset[int]]:
    """Every family's frontier as frozensets (GameState.frontier), made from the masks."""
    tab = state._tab
    sets = tab.frontier_sets
    open_ = state._open
    out = []
    fmask = state._fmask
    for f in tab.fams:
        m = fmask[f] & open_
        found = sets.get(m)
        out.append(tab.frontier_set(m) if found is None else found)
    return out


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
    s.pass_streak = 0
    s.end_reason = None
    s.history = None
    s.events = ()
    s._legal = None
    s._tab = tab
    return s


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
    legal = state._legal
    if legal is None:
        legal = legal_actions(state)
    # Actions are interned (actions.py), so this is an identity scan in C.
    if action not in legal:
        raise IllegalActionError(explain_illegal(state, action))
    s = state._step_copy()
    history = state.history
    node = s.history = _new_history(History)  # History(history, action), without __init__
    node.prev = history
    node.action = action
    node.length = history.length + 1 if history else 1
    events: list[tuple[str, tuple[object, ...]]] = []
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
        events.append(("keep", (s.pending_holder, s.pending_good)))
        _after_placement(s, events)
    elif kind is _EndTurn:
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


_new_history = object.__new__
_Place, _Marry, _Discard, _Sell, _Keep, _EndTurn = (
    A.Place, A.Marry, A.Discard, A.Sell, A.Keep, A.EndTurn
)


def _marry(s: GameState, f: int, events: list[tuple[str, tuple[object, ...]]]) -> None:
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
    events.append(("marry", (p, f, portion)))
    # Rulebook: a player at the hand limit still marries but draws nothing.
    if len(s.hands[p]) + len(s.sold[p]) >= s.limit:  # hand_count(p), inlined
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
                    break  # RULES-NOTES: both piles empty, draw what there is
                # Rulebook: the discard pile is shuffled into a new draw pile.
                s.rng, cards = shuffled(s.rng, s.discard)
                s.discard = ()
                events.append(("reshuffle", (len(cards),)))
            got.append(cards.pop())
        s.deck = tuple(cards)
    s.hands = hands = s.hands.copy()
    hands[p] = tuple(sorted(hands[p] + tuple(got)))
    return len(got)


def _discard(
    s: GameState, cards: tuple[int, ...], events: list[tuple[str, tuple[object, ...]]]
) -> None:
    p = s.turn_player
    s.hands = hands = s.hands.copy()
    hand = list(hands[p])
    for c in cards:
        hand.remove(c)
    hands[p] = tuple(hand)
    s.discard = s.discard + cards
    s.drawn = 0
    events.append(("discard", (p, len(cards))))
    _end_turn(s, events)


def _place(
    s: GameState, f: int, space: int, events: list[tuple[str, tuple[object, ...]]]
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
    # ("camel", (p, f, space)), made once (events are immutable; a new tuple is a malloc
    # in Pyodide, and this is the commonest event).
    row = tab.camel_events[p * tab.nf + f]
    event = row[space]
    if event is None:
        event = row[space] = ("camel", (p, f, space))
    events.append(event)
    if not before:
        good = board.good_at[space]
        if good and s.marker_owner[good] < 0:
            # Rulebook: the first camel on a goods space takes its marker...
            s.marker_owner = marker_owner = s.marker_owner.copy()
            marker_owner[good] = p
            s.goods_markers = goods_markers = s.goods_markers.copy()
            goods_markers[p] = goods_markers[p] + (good,)
            events.append(("goods_marker", (p, good)))
            # ...and whoever holds the matching card may sell it now.
            hands = s.hands
            for q in range(s.n):
                if good in hands[q]:
                    s.phase = SELL
                    s.pending_good = good
                    s.pending_holder = q
                    # RULES-NOTES (Goods): only the holder knows this; see PRIVATE_EVENTS.
                    events.append(("sale_offer", (q, good)))
                    return
    elif not board.is_water[space]:
        _meet(s, f, before[0], events)
    # _after_placement(s, events), inlined (no card is up for sale here).
    if (placed == 1 and s.treasury[f] >= SECOND_CAMEL_COST and camels_left[f]
            and fmask[f] & s._open):
        s.phase = SECOND
    else:
        _end_turn(s, events)


def _meet(s: GameState, f: int, g: int, events: list[tuple[str, tuple[object, ...]]]) -> None:
    """A camel of f joins one of g on land: the first meeting pays bonuses."""
    lo, hi = (f, g) if f < g else (g, f)
    bit = 1 << (lo * 10 + hi)
    if s.met & bit:
        return
    s.met |= bit
    events.append(("relationship", (f, g)))
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
            events.append(("bonus", (q, bonus)))
    p = s.turn_player
    markers_left = rel_markers = None
    for fam in (f, g):
        left = s.markers_left[fam]
        if left:  # RULES-NOTES: a family with no marker left gives none
            green = left == MARKERS_PER_FAMILY
            if markers_left is None or rel_markers is None:
                s.markers_left = markers_left = s.markers_left.copy()
                s.rel_markers = rel_markers = s.rel_markers.copy()
            markers_left[fam] = left - 1
            rel_markers[p] = rel_markers[p] + ((fam, green),)
            events.append(("rel_marker", (p, fam, green)))


def _sell(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
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
        and s._fmask[f] & s._open  # legal_spaces(s, f) is not empty
    ):
        s.phase = SECOND
    else:
        _end_turn(s, events)


def _end_turn(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
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
    # _next_player(s), inlined: this runs after nearly every turn.
    s.turn_player = (s.turn_player + 1) % s.n
    s.turn += 1
    s.phase = MAIN
    s.exp_family = -1
    s.placed = 0
    s.married_now = False
    s.drawn = 0


def _draw_from_bag(s: GameState, events: list[tuple[str, tuple[object, ...]]]) -> None:
    """2 players: after a marriage a tile comes out of the bag (RULES-NOTES)."""
    s.rng, i = below(s.rng, len(s.bag))
    f = s.bag[i]
    s.bag = s.bag[:i] + s.bag[i + 1 :]
    if s.married_mask >> f & 1:
        s.domain_tiles = domain_tiles = s.domain_tiles.copy()
        domain_tiles[f] += 1
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
