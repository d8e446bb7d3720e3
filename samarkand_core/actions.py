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
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Self, TypeAlias

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


class _Bare(_Action):
    """Base of the actions without fields (EndTurn, Pass): one instance each."""

    __slots__ = ()
    _interned: ClassVar[dict[object, Any]]

    def __new__(cls) -> Self:
        return _new(cls, None, {})  # type: ignore[no-any-return]


class _OfGood(_Action):
    """Base of the two answers about the goods card of `good` (Sell, Keep)."""

    __slots__ = ("good",)
    __match_args__ = ("good",)
    _fields = ("good",)
    _interned: ClassVar[dict[object, Any]]
    good: int

    def __new__(cls, good: int) -> Self:
        found = cls._interned.get(good)
        if found is not None:
            return found  # type: ignore[no-any-return]
        return _new(cls, good, {"good": good})  # type: ignore[no-any-return]


class EndTurn(_Bare):
    """Decline the second camel and end the turn."""

    __slots__ = ()
    kind: ClassVar[str] = "end_turn"
    _interned = {}

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


class Sell(_OfGood):
    """Sell the goods card of the space a camel just reached, for 3 dirhams."""

    __slots__ = ()
    kind: ClassVar[str] = "sell"
    _interned = {}

    def describe(self, board: Board) -> str:
        return f"sells the {board.good_names[self.good]} card for 3 dirhams"


class Keep(_OfGood):
    """Keep the goods card instead of selling it."""

    __slots__ = ()
    kind: ClassVar[str] = "keep"
    _interned = {}

    def describe(self, board: Board) -> str:
        return f"keeps the {board.good_names[self.good]} card"


class Pass(_Bare):
    """No legal action: the player passes."""

    __slots__ = ()
    kind: ClassVar[str] = "pass"
    _interned = {}

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

