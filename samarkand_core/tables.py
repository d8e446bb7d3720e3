"""What the engine derives from a board once (Tables), and the frontier masks a
GameState keeps beside its camels."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from operator import getitem
from typing import TypeVar

from . import actions as A
from .board import Board
from .events import CamelPlaced, TreasuryPaid
from .rules import SECOND_CAMEL_COST
from .setup import MAX_PLAYERS

_T = TypeVar("_T")


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
        self.nbmask = tuple(bit_mask(nb) for nb in board.neighbours)
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
        self.camel_events: list[list[CamelPlaced | None]] = [
            [None] * board.n_spaces for _ in range(MAX_PLAYERS * board.n_families)
        ]
        self.pay_events = tuple(TreasuryPaid(f, SECOND_CAMEL_COST) for f in self.fams)
        # GameState._fmask: the frontier masks, then the masks of all but each family's
        # spaces (see GameState).
        self.start_fmask = tuple(
            bit_mask(t for t in board.neighbours[home] if f not in occ[t])
            for f, home in enumerate(board.home)
        ) + tuple(~(1 << home) for home in board.home)
        # Families as bits of a small int (bit f: family f). affordable[m]: those whose
        # portion m dirhams pay, for m below the highest portion (more pays every one).
        self.max_portion = max(board.portion)
        self.all_families = (1 << board.n_families) - 1
        self.affordable = tuple(
            bit_mask(f for f in self.fams if board.portion[f] <= m) for m in range(self.max_portion)
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
            found = (fams, bit_mask(fams))
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
            found = bit_mask(f for f in self.fams if domains[f])
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


def bit_mask(spaces: Iterable[int]) -> int:
    """The set `spaces` (or families) as bits: bit i set for each i."""
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
