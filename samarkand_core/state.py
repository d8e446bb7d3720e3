"""The game state: everything about a game at one moment, hidden parts too.

A state is treated as immutable by every caller: `apply_action` copies it and
changes the copy. Per-player and per-family data live in flat lists of ints
and tuples. `copy()` is for callers that edit a state by hand (tests, tools):
it copies every list. The engine's own step copy (`_step_copy`) shares the
lists with the state it came from, and each rule copies a list before it
changes it (copy on write), so a step pays only for the lists it changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

# The rule constants live in rules.py; these names stay for code that imports them here.
from .rules import CAMELS_PER_FAMILY as CAMELS_PER_FAMILY
from .rules import HAND_LIMITS as HAND_LIMITS
from .rules import MARKERS_PER_FAMILY as MARKERS_PER_FAMILY
from .rules import STARTING_MONEY as STARTING_MONEY
from .rules import SaleTiming as SaleTiming
from .tables import Tables, bit_mask

if TYPE_CHECKING:
    from .actions import Action
    from .board import Board
    from .events import Event



class Phase(StrEnum):
    """What the player who decides now is asked. A str: each phase equals the string it
    was before it was an enum ("main" ...), so whatever shows or stores one is the same."""

    MAIN = "main"  # turn start: marry, place a first camel, or pass
    DISCARD = "discard"  # after drawing for a marriage: discard 0 to 2 cards
    SELL = "sell"  # the holder of a goods card decides to sell or keep it
    SECOND = "second"  # after the first camel: a second camel, or end the turn
    OVER = "over"


MAIN, DISCARD, SELL, SECOND, OVER = (
    Phase.MAIN, Phase.DISCARD, Phase.SELL, Phase.SECOND, Phase.OVER)

@dataclass(frozen=True, slots=True)
class Options:
    """What a game is set up with; a save code carries exactly this."""

    names: tuple[str, ...]
    seed: int
    first_player: int
    sale_timing: SaleTiming = SaleTiming.AT_ONCE


class History:
    """The actions taken so far, as a linked list so each step costs O(1)."""

    __slots__ = ("prev", "action", "length")
    prev: History | None
    action: Action
    length: int

    def __init__(self, prev: History | None, action: Action) -> None:
        self.prev = prev
        self.action = action
        self.length = 1 + (prev.length if prev else 0)

    def to_list(self) -> list[Action]:
        out: list[Action] = []
        node: History | None = self
        while node is not None:
            out.append(node.action)
            node = node.prev
        out.reverse()
        return out


# GameState's fields that hold lists: `copy` gives the copy a list of its own for each
# (the engine's `_step_copy` shares them, and a rule copies one before changing it).
_LIST_FIELDS = (
    "money", "tiles", "domain_tiles", "treasury", "camels_left", "markers_left", "occ",
    "fam_spaces", "_fmask", "marker_owner", "goods_markers", "rel_markers", "hands", "sold",
    "asks",
)


class GameState:
    """One moment of one game. Read its fields; change it only via apply_action."""

    __slots__ = (
        "board", "options", "n", "limit",
        "money", "tiles", "domain_tiles", "treasury", "camels_left", "markers_left",
        "occ", "fam_spaces", "_fmask", "_open", "_frontier",
        "marker_owner", "goods_markers", "rel_markers",
        "hands", "sold", "deck", "discard", "met", "bag", "removed", "married_mask",
        "rng", "supply_net",
        "phase", "turn_player", "turn", "exp_family", "placed", "married_now",
        "drawn", "pending_good", "pending_holder", "asks", "pass_streak", "end_reason",
        "history", "events", "_legal", "_tab",
    )

    board: Board
    options: Options
    n: int
    limit: int
    money: list[int]
    tiles: list[tuple[int, ...]]  # per player: tiles held of each family (0..2)
    domain_tiles: list[int]  # per family: tiles left to marry into
    treasury: list[int]
    camels_left: list[int]
    markers_left: list[int]  # relationship markers on the domain; 5 means green on top
    occ: list[tuple[int, ...]]  # per space: families of the camels on it (0 to 2)
    fam_spaces: list[tuple[int, ...]]  # per family: spaces holding its camels
    # The frontier of each family (see the `frontier` property) as bit masks of spaces:
    # With n families: _fmask[f] (f < n): the spaces next to a camel of f and holding
    # none, not yet masked by _open (all spaces but those holding two camels);
    # _fmask[n + f]: all spaces but those holding a camel of f. (One list: a camel's move
    # copies one; complements are negative ints, so the hot path needs no ~.)
    _fmask: list[int]
    _open: int
    _frontier: list[frozenset[int]] | None  # `frontier`, once asked for
    marker_owner: list[int]  # per good number (index 0 unused): player, -1 on board
    goods_markers: list[tuple[int, ...]]  # per player: goods markers taken
    rel_markers: list[tuple[tuple[int, bool], ...]]  # per player: (family, green)
    hands: list[tuple[int, ...]]  # per player: goods cards in hand, sorted
    sold: list[tuple[int, ...]]  # per player: sold cards, face up
    deck: tuple[int, ...]  # draw pile, top card last
    discard: tuple[int, ...]
    met: int  # bit (f * 10 + g), f < g: the two families have met
    bag: tuple[int, ...]  # 2 players: family tiles in the bag
    removed: tuple[int, ...]  # 2 players: tiles out of the game, face up
    married_mask: int  # bit f: somebody has married into family f
    rng: int
    supply_net: int  # what the common supply paid out minus what it took in
    phase: Phase
    turn_player: int
    turn: int  # turns started, from 1
    exp_family: int  # family expanding this turn, -1 if none
    placed: int  # camels placed this turn
    married_now: bool
    drawn: int  # cards drawn by the marriage now waiting for its discard
    pending_good: int
    pending_holder: int
    # SaleTiming.AT_HOLDERS_TURN: per player, the goods whose markers were taken since
    # the player's turn last began, still to be looked at (public: the holder is asked
    # about those of them in their hand when their turn begins); empty otherwise.
    asks: list[tuple[int, ...]]
    pass_streak: int
    end_reason: str | None
    history: History | None
    events: tuple[Event, ...]  # what the last action caused
    _legal: list[Action] | None
    _tab: Tables  # the engine's tables of the board

    def copy(self) -> GameState:
        """A copy to edit by hand: every list is copied, so changing one item of a list
        of the copy leaves this state alone."""
        s = self._step_copy()
        for name in _LIST_FIELDS:
            setattr(s, name, list(getattr(self, name)))
        s._frontier = None
        return s

    def _step_copy(self) -> GameState:
        """The engine's copy: the lists are shared with this state, never changed in
        place (the rules copy a list before changing it); events and legal actions
        start empty."""
        s = GameState.__new__(GameState)
        s.board = self.board
        s.options = self.options
        s.n = self.n
        s.limit = self.limit
        s.money = self.money
        s.tiles = self.tiles
        s.domain_tiles = self.domain_tiles
        s.treasury = self.treasury
        s.camels_left = self.camels_left
        s.markers_left = self.markers_left
        s.occ = self.occ
        s.fam_spaces = self.fam_spaces
        s._fmask = self._fmask
        s._open = self._open
        s._frontier = self._frontier  # (the engine clears it when a camel moves)
        s.marker_owner = self.marker_owner
        s.goods_markers = self.goods_markers
        s.rel_markers = self.rel_markers
        s.hands = self.hands
        s.sold = self.sold
        s.deck = self.deck
        s.discard = self.discard
        s.met = self.met
        s.bag = self.bag
        s.removed = self.removed
        s.married_mask = self.married_mask
        s.rng = self.rng
        s.supply_net = self.supply_net
        s.phase = self.phase
        s.turn_player = self.turn_player
        s.turn = self.turn
        s.exp_family = self.exp_family
        s.placed = self.placed
        s.married_now = self.married_now
        s.drawn = self.drawn
        s.pending_good = self.pending_good
        s.pending_holder = self.pending_holder
        s.asks = self.asks
        s.pass_streak = self.pass_streak
        s.end_reason = self.end_reason
        s.history = self.history
        s.events = ()
        s._legal = None
        s._tab = self._tab
        return s

    # -- read-only conveniences -------------------------------------------

    @property
    def frontier(self) -> list[frozenset[int]]:
        """Per family: the spaces a camel of it may go to now (see engine.legal_spaces).

        Made from the engine's masks on first use and kept; to change it by hand, assign
        a whole new list to a copy (changing an item of this list changes nothing)."""
        fr = self._frontier
        if fr is None:
            tab = self._tab
            sets, open_, fmask = tab.frontier_sets, self._open, self._fmask
            fr = []
            for f in tab.fams:
                m = fmask[f] & open_
                found = sets.get(m)
                fr.append(tab.frontier_set(m) if found is None else found)
            self._frontier = fr
        return fr

    @frontier.setter
    def frontier(self, value: list[frozenset[int]]) -> None:
        """Every family's frontier set by hand (tests building a position), with the masks
        the engine keeps beside `occ` and `fam_spaces` made again from those."""
        self._fmask = ([bit_mask(fr) for fr in value]
                       + [~bit_mask(sp) for sp in self.fam_spaces])
        self._open = ~bit_mask(t for t, o in enumerate(self.occ) if len(o) >= 2)
        self._frontier = None

    @property
    def names(self) -> tuple[str, ...]:
        return self.options.names

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        """The player who must decide now (the card holder during a sale)."""
        return self.pending_holder if self.phase == SELL else self.turn_player

    @property
    def actions(self) -> list[Action]:
        return self.history.to_list() if self.history else []

    def holds(self, player: int, family: int) -> bool:
        return self.tiles[player][family] > 0

    def members(self, family: int) -> list[int]:
        return [p for p in range(self.n) if self.tiles[p][family] > 0]

    def hand_count(self, player: int) -> int:
        """What counts against the hand limit: hand plus sold cards."""
        return len(self.hands[player]) + len(self.sold[player])

    def has_met(self, f: int, g: int) -> bool:
        if f > g:
            f, g = g, f
        return bool(self.met >> (f * 10 + g) & 1)

    def __repr__(self) -> str:
        return (
            f"<GameState turn={self.turn} phase={self.phase} player={self.current_player} "
            f"actions={self.history.length if self.history else 0}>"
        )
