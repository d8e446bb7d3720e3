"""Shared helpers for the rules tests: build positions, play scripted actions, find spaces.

Positions are built in two ways:

* by playing real actions through `apply_action` (`play`), which is how the
  worked examples and integration tests go;
* by editing a *copy* of a state (`edit`, `deal`, `with_tiles`, `with_camels`, ...),
  which lets a test put exactly the cards, camels and coins a rule needs on the table
  without playing fifty turns first. These editors never run a rule of the game: they
  only move pieces, and they keep the state's bookkeeping (the set of spaces a family
  may expand to, the money ledger) consistent with the pieces.

Nothing here computes an expected result with the engine: the expectations the tests
check come from the rules (`rule_spaces`, `rule_card_value`, ...), written out again here.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Sequence

from samarkand_core import (
    Action,
    Discard,
    EndTurn,
    GameState,
    Keep,
    Marry,
    Pass,
    Place,
    Sell,
    apply_action,
    default_board,
    legal_actions,
    new_game,
)
from samarkand_core.rng import Rng

BOARD = default_board()
NAMES = ("Ann", "Bob", "Cem", "Dee", "Eve")
STARTING_MONEY = 10
CAMELS = 12
MARKERS = 5
N_GOODS = 33
HAND_LIMIT = {2: 10, 3: 10, 4: 7, 5: 6}

# -- actions ---------------------------------------------------------------------


def fid(f: int) -> str:
    return BOARD.family_ids[f]


def marry(f: int) -> Marry:
    return Marry(family=fid(f))


def place(f: int, space: int) -> Place:
    return Place(family=fid(f), space=space)


def discard(*cards: int) -> Discard:
    return Discard(cards=tuple(sorted(cards)))


def sell(good: int) -> Sell:
    return Sell(good=good)


def keep(good: int) -> Keep:
    return Keep(good=good)


END = EndTurn()
PASS = Pass()


def play(state: GameState, *actions: Action) -> GameState:
    """Apply the actions one after the other (each must be legal)."""
    for a in actions:
        state = apply_action(state, a)
    return state


def kinds(actions: Iterable[Action]) -> set[str]:
    return {a.kind for a in actions}


def places_of(state: GameState) -> set[tuple[int, int]]:
    """The (family, space) pairs of the legal Place actions."""
    return {
        (BOARD.family_index[a.family], a.space)
        for a in legal_actions(state)
        if isinstance(a, Place)
    }


def marriages_of(state: GameState) -> set[int]:
    return {BOARD.family_index[a.family] for a in legal_actions(state) if isinstance(a, Marry)}


# -- games and edited copies -----------------------------------------------------------


def new(n: int = 4, seed: int = 1, first: int = 0) -> GameState:
    return new_game(list(NAMES[:n]), seed, first_player=first)


def edit(state: GameState, **fields: object) -> GameState:
    """A copy of `state` with some fields replaced (lists are copied by the caller)."""
    s = state.copy()
    for k, v in fields.items():
        if not hasattr(s, k):
            raise AttributeError(k)
        setattr(s, k, v)
    return s


def all_cards(state: GameState) -> list[int]:
    """Every goods card wherever it is: hands, sold piles, draw pile, discard pile."""
    out: list[int] = []
    for h in state.hands:
        out += h
    for s in state.sold:
        out += s
    return out + list(state.deck) + list(state.discard)


def _checked_cards(s: GameState) -> GameState:
    """After moving cards: still 33 of them."""
    assert sorted(all_cards(s)) == list(range(1, N_GOODS + 1))
    return s


def deal(
    state: GameState, player: int, cards: Sequence[int], sold: Sequence[int] = ()
) -> GameState:
    """Give `player` exactly `cards` in hand and `sold` face up.

    The cards are taken from wherever they are (other hands, the piles); the player's
    previous cards that are not asked for go to the bottom of the draw pile, so the 33
    cards stay 33.
    """
    want = set(cards) | set(sold)
    assert len(want) == len(cards) + len(sold), "a card named twice"
    s = state.copy()
    returned = [c for c in s.hands[player] + s.sold[player] if c not in want]
    s.hands = [tuple(c for c in h if c not in want) for h in s.hands]
    s.sold = [tuple(c for c in h if c not in want) for h in s.sold]
    s.hands[player] = tuple(sorted(cards))
    s.sold[player] = tuple(sold)
    deck = [c for c in s.deck if c not in want]
    s.deck = tuple(returned + deck)
    s.discard = tuple(c for c in s.discard if c not in want)
    return _checked_cards(s)


def set_piles(
    state: GameState, deck: Sequence[int], discard_pile: Sequence[int], spill_to: int
) -> GameState:
    """Make the draw pile exactly `deck` (top card last) and the discard pile exactly
    `discard_pile`; any other card not in a hand or sold goes to `spill_to`'s hand."""
    s = state.copy()
    placed = set(deck) | set(discard_pile)
    s.hands = [tuple(c for c in h if c not in placed) for h in s.hands]
    assert not placed & {c for so in s.sold for c in so}, "a sold card cannot be in a pile"
    held = {c for h in s.hands for c in h} | {c for so in s.sold for c in so}
    loose = [c for c in range(1, N_GOODS + 1) if c not in held and c not in placed]
    s.hands[spill_to] = tuple(sorted(s.hands[spill_to] + tuple(loose)))
    s.deck = tuple(deck)
    s.discard = tuple(discard_pile)
    return _checked_cards(s)


def with_money(state: GameState, player: int, amount: int) -> GameState:
    """Set a player's money, as if the difference came from the common supply."""
    s = state.copy()
    s.supply_net += amount - s.money[player]
    s.money[player] = amount
    return s


def with_treasury(state: GameState, family: int, amount: int) -> GameState:
    """Set a family's treasury, as if the difference came from the common supply."""
    s = state.copy()
    s.supply_net += amount - s.treasury[family]
    s.treasury[family] = amount
    return s


def with_tiles(state: GameState, player: int, *families: int) -> GameState:
    """Hand the player one tile of each family, taken from the family's domain."""
    s = state.copy()
    t = list(s.tiles[player])
    for f in families:
        assert s.domain_tiles[f] > 0, "no tile left on that domain"
        s.domain_tiles[f] -= 1
        t[f] += 1
        s.married_mask |= 1 << f
    s.tiles[player] = tuple(t)
    return s


def with_markers_taken(state: GameState, taken: dict[int, int], holder: int) -> GameState:
    """Move `taken[f]` relationship markers of family f (from the top: green first) to
    `holder`, as if earlier relationships had given them to that player."""
    s = state.copy()
    for f, k in taken.items():
        for _ in range(k):
            left = s.markers_left[f]
            assert left > 0
            s.rel_markers[holder] = s.rel_markers[holder] + ((f, left == MARKERS),)
            s.markers_left[f] = left - 1
    return s


def to_turn(state: GameState, player: int) -> GameState:
    """Make it the start of `player`'s turn."""
    return edit(state, turn_player=player, phase="main", exp_family=-1, placed=0,
                married_now=False, drawn=0, pending_good=0, pending_holder=-1)


def rule_spaces(state: GameState, f: int) -> set[int]:
    """Rulebook, "Expand": the spaces a camel of family f may go to, from the camels on
    the map alone: next to a camel of f, fewer than 2 camels, none of f's colour."""
    return rule_spaces_all(state)[f]


def rule_spaces_all(state: GameState) -> list[set[int]]:
    """`rule_spaces` for every family at once."""
    occ = state.occ
    out: list[set[int]] = [set() for _ in range(BOARD.n_families)]
    for u, here in enumerate(occ):
        for f in here:
            for t in BOARD.neighbours[u]:
                o = occ[t]
                if len(o) < 2 and f not in o:
                    out[f].add(t)
    return out


def with_camels(
    state: GameState, camels: Iterable[tuple[int, int]], marker_to: int | None = None
) -> GameState:
    """Stand camels (family, space) on the map without running any rule.

    A camel that lands on an empty goods space moves the goods marker to `marker_to`
    (default: the turn player), as the map would show it. No sale, bonus or relationship
    marker happens: this builds a position, it does not play one.
    """
    s = state.copy()
    for f, space in camels:
        o = s.occ[space]
        assert len(o) < 2 and f not in o, f"space {space} cannot take a camel of {f}"
        assert s.camels_left[f] > 0
        good = BOARD.good_at[space]
        if good and not o and s.marker_owner[good] < 0:
            who = s.turn_player if marker_to is None else marker_to
            s.marker_owner[good] = who
            s.goods_markers[who] = s.goods_markers[who] + (good,)
        s.occ[space] = o + (f,)
        s.fam_spaces[f] = s.fam_spaces[f] + (space,)
        s.camels_left[f] -= 1
    s.frontier = [frozenset(x) for x in rule_spaces_all(s)]
    return s


# -- finding spaces ---------------------------------------------------------------------


def is_plain_land(space: int) -> bool:
    """Land, not a goods space, not a home city."""
    return (
        not BOARD.is_water[space]
        and not BOARD.good_at[space]
        and BOARD.home_at[space] < 0
    )


def is_plain(space: int) -> bool:
    """Land or water with no good and no home city on it."""
    return not BOARD.good_at[space] and BOARD.home_at[space] < 0


def empty(state: GameState, space: int) -> bool:
    return not state.occ[space]


def stage(state: GameState, f: int, target: int, avoid: Iterable[int] = ()) -> GameState:
    """Make `target` reachable for family f: if no camel of f is next to it, stand one on
    an empty plain neighbour of it (not in `avoid`). The target itself is left alone."""
    if any(f in state.occ[u] for u in BOARD.neighbours[target]):
        return state
    avoid = set(avoid)
    for b in BOARD.neighbours[target]:
        if b not in avoid and is_plain(b) and empty(state, b):
            return with_camels(state, [(f, b)])
    raise AssertionError(f"no empty plain space next to {target}")


def plain_land_with_plain_neighbour(state: GameState, exclude: Iterable[int] = ()) -> int:
    """An empty plain land space with an empty plain neighbour (for staging)."""
    exclude = set(exclude)
    for t in range(BOARD.n_spaces):
        if t in exclude or not is_plain_land(t) or not empty(state, t):
            continue
        if any(is_plain(b) and empty(state, b) and b not in exclude for b in BOARD.neighbours[t]):
            if not any(BOARD.home_at[b] >= 0 for b in BOARD.neighbours[t]):
                return t
    raise AssertionError("no such space")


def meeting_at(state: GameState, f: int, g: int, t: int | None = None,
               avoid: tuple[int, ...] = ()) -> tuple[GameState, int]:
    """A first meeting staged: a camel of g alone on land space t (by default an empty
    plain one with an empty plain neighbour, not in `avoid`), a camel of f next to it;
    the state and t (the move `place(f, t)` makes the meeting)."""
    if t is None:
        t = plain_land_with_plain_neighbour(state, exclude=avoid)
    return stage(with_camels(state, [(g, t)]), f, t, avoid=avoid), t


def far_from_homes(space: int, distance: int = 3) -> bool:
    """No home city within `distance` steps (so a staged position stays isolated)."""
    dist = BOARD.distances_from(space)
    return all(dist[h] > distance for h in BOARD.home)


def goods_space_for(state: GameState, exclude_goods: Iterable[int] = ()) -> int:
    """A good whose space is empty and has an empty plain neighbour."""
    exclude = set(exclude_goods)
    for g in range(1, N_GOODS + 1):
        t = BOARD.good_space[g]
        if g in exclude or not empty(state, t):
            continue
        if any(is_plain(b) and empty(state, b) for b in BOARD.neighbours[t]):
            return g
    raise AssertionError("no goods space fits")


# -- whole-state checks ------------------------------------------------------------------


def money_total(state: GameState) -> int:
    return sum(state.money) + sum(state.treasury)


def money_conserved(state: GameState) -> bool:
    """docs/rules.md "Money": players + treasuries == starting capital + what the supply
    paid out minus what it took in."""
    return money_total(state) == STARTING_MONEY * state.n + state.supply_net


def snapshot(state: GameState) -> dict[str, object]:
    """Every public field of a state, as plain values, to compare two moments."""
    fields = [
        "n", "limit", "money", "tiles", "domain_tiles", "treasury", "camels_left",
        "markers_left", "occ", "fam_spaces", "frontier", "marker_owner", "goods_markers",
        "rel_markers", "hands", "sold", "deck", "discard", "met", "bag", "removed",
        "married_mask", "rng", "supply_net", "phase", "turn_player", "turn", "exp_family",
        "placed", "married_now", "drawn", "pending_good", "pending_holder", "pass_streak",
        "end_reason",
    ]
    out: dict[str, object] = {k: _freeze(getattr(state, k)) for k in fields}
    out["options"] = state.options
    out["history"] = tuple(state.actions)
    return out


def _freeze(v: object) -> object:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def random_game(n: int, seed: int, max_steps: int = 10_000) -> tuple[GameState, list[GameState]]:
    """Random legal actions from a seeded generator; returns the last state and all states."""
    state = new_game(list(NAMES[:n]), seed)
    rng = Rng(seed * 7919 + 13)
    states = [state]
    while not state.is_over and len(states) < max_steps:
        legal = legal_actions(state)
        state = apply_action(state, legal[rng.below(len(legal))])
        states.append(state)
    return state, states


def play_until(
    state: GameState, pred: Callable[[GameState], bool], seed: int = 0, max_steps: int = 2_000
) -> GameState | None:
    """Play random legal actions until `pred(state)` holds; None if the game ends first."""
    rng = Rng(seed)
    for _ in range(max_steps):
        if pred(state):
            return state
        if state.is_over:
            return None
        legal = legal_actions(state)
        state = apply_action(state, legal[rng.below(len(legal))])
    return None


def find_position(
    pred: Callable[[GameState], bool], players: Iterable[int] = (2, 3, 4, 5), seeds: int = 300
) -> GameState:
    """The first position of a random game for which `pred` holds."""
    for n in players:
        for seed in range(seeds):
            s = play_until(new_game(list(NAMES[:n]), seed), pred, seed=seed)
            if s is not None:
                return s
    raise AssertionError("no random game reached such a position")


def bury(state: GameState, *cards: int) -> GameState:
    """Put the cards at the bottom of the draw pile, out of every hand and pile."""
    s = state.copy()
    gone = set(cards)
    assert not gone & {c for so in s.sold for c in so}
    s.hands = [tuple(c for c in h if c not in gone) for h in s.hands]
    s.deck = tuple(cards) + tuple(c for c in s.deck if c not in gone)
    s.discard = tuple(c for c in s.discard if c not in gone)
    return _checked_cards(s)


def give(state: GameState, player: int, *cards: int) -> GameState:
    """Move the cards into `player`'s hand (keeping the rest of the hand)."""
    s = bury(state, *cards)
    return deal(s, player, list(s.hands[player]) + list(cards))


def reshuffle_hidden(s: GameState, viewer: int, seed: int) -> GameState:
    """The same table with what `viewer` cannot see dealt anew: other hands, the deck and
    its order, the discard pile, and the random state; every size stays the same."""
    rng = Rng(seed)
    pool = [c for q, h in enumerate(s.hands) if q != viewer for c in h]
    pool += list(s.deck) + list(s.discard)
    rng.shuffle(pool)
    t = s.copy()
    hands = list(t.hands)
    for q in range(t.n):
        if q != viewer:
            k = len(hands[q])
            hands[q] = tuple(sorted(pool[:k]))
            del pool[:k]
    t.hands = hands
    t.deck = tuple(pool[: len(s.deck)])
    t.discard = tuple(pool[len(s.deck):])
    t.rng = rng.state
    return t


def placeholders(template: str) -> set[str]:
    """The names of a text template's {placeholders}."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def assert_texts_alike(texts: dict[str, dict[str, str]]) -> set[str]:
    """Every language of `texts` (language: key: template) has the keys of English, each a
    plain text (no markup) with English's placeholders; the keys."""
    keys = set(texts["en"])
    for lang, table in texts.items():
        assert set(table) == keys, lang
        for key, template in table.items():
            assert template.strip() and "<" not in template and ">" not in template
            assert placeholders(template) == placeholders(texts["en"][key]), (lang, key)
    return keys
