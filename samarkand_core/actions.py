"""Actions: every decision a player makes, as small frozen plain classes.

Each action class has a `kind` (a class attribute: "marry", "place", ...) and the
fields of its decision. Actions are interned: constructing one with the same fields
gives back the very same object (`Place(family="x", space=3) is place("x", 3)`), so
equality and hashing are identity, done in C, and the engine's `action in legal` and a
bot's `dict[Action, ...]` cost no Python-level `__eq__` or `__hash__` at all.

No pydantic here: the engine's hot path builds no models. An action that comes from
outside (a click, a worker message, the command line's JSON) is validated by
`parse_action`, which imports its pydantic schema (actions_schema.py) on first use.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, TypeAlias

if TYPE_CHECKING:
    from .board import Board


class _Action:
    """Base of the seven action classes: frozen, interned, compared by identity."""

    __slots__ = ()
    kind: ClassVar[str]
    _fields: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot delete {name!r}")

    # Interned: a copy is the object itself, and unpickling gives back the interned one.
    def __copy__(self) -> _Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Action:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), tuple(getattr(self, f) for f in self._fields))

    def __repr__(self) -> str:
        args = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({args})"

    def as_dict(self) -> dict[str, Any]:
        """The action as JSON-ready data: `parse_action(a.as_dict()) is a`."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in self._fields:
            value = getattr(self, f)
            out[f] = list(value) if isinstance(value, tuple) else value
        return out

    def to_json(self) -> str:
        """The action as JSON text: `parse_action(a.to_json()) is a`."""
        return json.dumps(self.as_dict(), separators=(",", ":"))

    def describe(self, board: Board) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


def _new(cls: type[_Action], key: object, fields: dict[str, object]) -> Any:
    """The interned instance of `cls` for `key`, made on first use."""
    table: dict[object, _Action] = cls._interned  # type: ignore[attr-defined]
    found = table.get(key)
    if found is not None:
        return found
    self = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(self, name, value)
    # setdefault: if two threads race, both get the first one stored.
    return table.setdefault(key, self)


class Marry(_Action):
    """Marry into a family: pay its portion, take a tile, draw up to 3 cards."""

    __slots__ = ("family",)
    __match_args__ = ("family",)
    kind: ClassVar[str] = "marry"
    _fields = ("family",)
    _interned: ClassVar[dict[object, Marry]] = {}
    family: str

    def __new__(cls, family: str) -> Marry:
        found = cls._interned.get(family)
        if found is not None:
            return found
        return _new(cls, family, {"family": family})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        f = board.family_index[self.family]
        return f"marries into the {board.family_names[f]} (pays {board.portion[f]} dirhams)"


class Place(_Action):
    """Place one camel of a family on a space (first or second camel of a turn)."""

    __slots__ = ("family", "space")
    __match_args__ = ("family", "space")
    kind: ClassVar[str] = "place"
    _fields = ("family", "space")
    _interned: ClassVar[dict[object, Place]] = {}
    family: str
    space: int

    def __new__(cls, family: str, space: int) -> Place:
        key = (family, space)
        found = cls._interned.get(key)
        if found is not None:
            return found
        return _new(cls, key, {"family": family, "space": space})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        f = board.family_index[self.family]
        return f"places a camel of the {board.family_names[f]} on {space_label(board, self.space)}"


class EndTurn(_Action):
    """Decline the second camel and end the turn."""

    __slots__ = ()
    kind: ClassVar[str] = "end_turn"
    _interned: ClassVar[dict[object, EndTurn]] = {}

    def __new__(cls) -> EndTurn:
        return _new(cls, None, {})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        return "ends the turn"


class Discard(_Action):
    """After drawing for a marriage: discard 0 to 2 cards (sorted good numbers)."""

    __slots__ = ("cards",)
    __match_args__ = ("cards",)
    kind: ClassVar[str] = "discard"
    _fields = ("cards",)
    _interned: ClassVar[dict[object, Discard]] = {}
    cards: tuple[int, ...]

    def __new__(cls, cards: Iterable[int] = ()) -> Discard:
        key = cards if type(cards) is tuple else tuple(cards)
        found = cls._interned.get(key)
        if found is not None:
            return found
        return _new(cls, key, {"cards": key})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        n = len(self.cards)
        return "keeps every card" if n == 0 else f"discards {n} card{'s' if n > 1 else ''}"


class Sell(_Action):
    """Sell the goods card of the space a camel just reached, for 3 dirhams."""

    __slots__ = ("good",)
    __match_args__ = ("good",)
    kind: ClassVar[str] = "sell"
    _fields = ("good",)
    _interned: ClassVar[dict[object, Sell]] = {}
    good: int

    def __new__(cls, good: int) -> Sell:
        found = cls._interned.get(good)
        if found is not None:
            return found
        return _new(cls, good, {"good": good})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        return f"sells the {board.good_names[self.good]} card for 3 dirhams"


class Keep(_Action):
    """Keep the goods card instead of selling it."""

    __slots__ = ("good",)
    __match_args__ = ("good",)
    kind: ClassVar[str] = "keep"
    _fields = ("good",)
    _interned: ClassVar[dict[object, Keep]] = {}
    good: int

    def __new__(cls, good: int) -> Keep:
        found = cls._interned.get(good)
        if found is not None:
            return found
        return _new(cls, good, {"good": good})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        return f"keeps the {board.good_names[self.good]} card"


class Pass(_Action):
    """No legal action: the player passes."""

    __slots__ = ()
    kind: ClassVar[str] = "pass"
    _interned: ClassVar[dict[object, Pass]] = {}

    def __new__(cls) -> Pass:
        return _new(cls, None, {})  # type: ignore[no-any-return]

    def describe(self, board: Board) -> str:
        return "has no legal move and passes"


Action: TypeAlias = Marry | Place | EndTurn | Discard | Sell | Keep | Pass

ACTION_CLASSES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Marry, Place, EndTurn, Discard, Sell, Keep, Pass)
}


class BadActionError(ValueError):
    """An action from outside did not have the shape of any action."""


def parse_action(data: Any) -> Action:
    """Validate an action given as a dict or a JSON text (str or bytes).

    The check is pydantic's (actions_schema.py), imported here on first use: the engine
    itself never needs it. Returns the interned action; BadActionError otherwise.
    """
    from pydantic import ValidationError

    from .actions_schema import adapter

    try:
        if isinstance(data, (str, bytes)):
            model = adapter().validate_json(data)
        else:
            model = adapter().validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BadActionError(f"not an action: {where}: {first['msg']}") from None
    fields = model.model_dump(exclude={"kind"})
    action: Action = ACTION_CLASSES[model.kind](**fields)
    return action


def space_label(board: Board, space: int) -> str:
    name = board.space_names[space]
    good = board.good_at[space]
    if good:
        return f"{board.good_names[good]}-{good}" + (f" ({name})" if name else "")
    if name:
        return name
    return f"{'sea' if board.is_water[space] else 'land'} space {space}"


# The engine hands out only these interned instances; the cached constructors below are
# the quick way to them (a C-level cache hit, no Python call into __new__).
PASS = Pass()
END_TURN = EndTurn()


@cache
def marry(family: str) -> Marry:
    return Marry(family)


@cache
def place(family: str, space: int) -> Place:
    return Place(family, space)


@cache
def discard(cards: tuple[int, ...]) -> Discard:
    return Discard(cards)


@cache
def sell(good: int) -> Sell:
    return Sell(good)


@cache
def keep(good: int) -> Keep:
    return Keep(good)


class ActionTables:
    """A board's interned actions indexed by int, for the engine's hot path.

    `place_lists[f]` maps a frontier (frozenset of spaces) of family f to the Place actions
    onto it in ascending order of space: a frontier is shared by every state until a
    camel changes it (and by every guess a search bot deals from one view), so the sorted
    list is made once. It is emptied when it grows past PLACE_LISTS_LIMIT entries (a small
    bound: the cyclic garbage collector walks every frozenset kept alive).
    """

    PLACE_LISTS_LIMIT = 256

    __slots__ = ("fams", "marry", "place", "place_lists", "discard0", "discard1", "discard2",
                 "sell", "keep", "start_occ", "start_frontier", "affordable", "max_portion",
                 "held")

    def __init__(self, board: Board) -> None:
        fids = board.family_ids
        goods = range(board.n_goods + 1)
        self.fams = range(board.n_families)
        self.marry = tuple(marry(fid) for fid in fids)
        self.place = tuple(tuple(place(fid, s) for s in range(board.n_spaces)) for fid in fids)
        self.place_lists: tuple[dict[frozenset[int], tuple[Place, ...]], ...] = tuple(
            {} for _ in fids
        )
        # Indexed by good number; the engine reads only real cards (1..n_goods) and pairs
        # a < b, so the other entries hold a placeholder.
        none = self.discard0 = discard(())
        self.discard1 = tuple(discard((a,)) if a else none for a in goods)
        self.discard2 = {(a, b): discard((a, b)) for a in goods for b in goods if 0 < a < b}
        self.sell = tuple(sell(g or 1) for g in goods)
        self.keep = tuple(keep(g or 1) for g in goods)
        # The start of every game: one camel on each home city, each family free to go to
        # the neighbours of its home that hold no camel (homes are never adjacent, but
        # the rule is written out in full).
        occ: list[tuple[int, ...]] = [()] * board.n_spaces
        for f, home in enumerate(board.home):
            occ[home] = (f,)
        self.start_occ = tuple(occ)
        # affordable[m]: the families (ascending) whose portion m dirhams pay, for m up to
        # the highest portion (more money pays every portion).
        self.max_portion = max(board.portion)
        self.affordable = tuple(
            tuple(f for f in self.fams if board.portion[f] <= m)
            for m in range(self.max_portion + 1)
        )
        # A player's tiles (a tuple shared by every state until the next marriage) to the
        # families they belong to, ascending.
        self.held: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.start_frontier = tuple(
            frozenset(t for t in board.neighbours[home] if len(occ[t]) < 2 and f not in occ[t])
            for f, home in enumerate(board.home)
        )

    def held_families(self, tiles: tuple[int, ...]) -> tuple[int, ...]:
        """The families of which `tiles` holds a tile, ascending (and remembered)."""
        found = self.held.get(tiles)
        if found is None:
            found = tuple([f for f in self.fams if tiles[f]])
            if len(self.held) >= self.PLACE_LISTS_LIMIT:
                self.held.clear()
            self.held[tiles] = found
        return found

    def place_list(self, f: int, frontier: frozenset[int]) -> tuple[Place, ...]:
        """The Place actions of family f onto `frontier`, ascending (and remembered)."""
        cache = self.place_lists[f]
        found = cache.get(frontier)
        if found is None:
            found = tuple(map(self.place[f].__getitem__, sorted(frontier)))
            if len(cache) >= self.PLACE_LISTS_LIMIT:
                cache.clear()
            cache[frontier] = found
        return found


_TABLES: dict[Board, ActionTables] = {}  # a Board hashes by identity


def action_tables(board: Board) -> ActionTables:
    """The (shared) ActionTables of `board`."""
    found = _TABLES.get(board)
    if found is None:
        found = _TABLES[board] = ActionTables(board)
    return found
