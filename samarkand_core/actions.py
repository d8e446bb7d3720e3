"""Actions: every decision a player makes, as small frozen pydantic models.

Each model has a `kind` discriminator, so an action that comes from outside
(a click, a save, a bot in a worker) is validated with `parse_action`. Inside
the engine the same few hundred instances are reused from a cache, so the hot
path never constructs or validates a model.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

if TYPE_CHECKING:
    from .board import Board


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def describe(self, board: Board) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


class Marry(_Action):
    """Marry into a family: pay its portion, take a tile, draw up to 3 cards."""

    kind: Literal["marry"] = "marry"
    family: str

    def describe(self, board: Board) -> str:
        f = board.family_index[self.family]
        return f"marries into the {board.family_names[f]} (pays {board.portion[f]} dirhams)"


class Place(_Action):
    """Place one camel of a family on a space (first or second camel of a turn)."""

    kind: Literal["place"] = "place"
    family: str
    space: int

    def describe(self, board: Board) -> str:
        f = board.family_index[self.family]
        return f"places a camel of the {board.family_names[f]} on {space_label(board, self.space)}"


class EndTurn(_Action):
    """Decline the second camel and end the turn."""

    kind: Literal["end_turn"] = "end_turn"

    def describe(self, board: Board) -> str:
        return "ends the turn"


class Discard(_Action):
    """After drawing for a marriage: discard 0 to 2 cards (sorted good numbers)."""

    kind: Literal["discard"] = "discard"
    cards: tuple[int, ...] = ()

    def describe(self, board: Board) -> str:
        n = len(self.cards)
        return "keeps every card" if n == 0 else f"discards {n} card{'s' if n > 1 else ''}"


class Sell(_Action):
    """Sell the goods card of the space a camel just reached, for 3 dirhams."""

    kind: Literal["sell"] = "sell"
    good: int

    def describe(self, board: Board) -> str:
        return f"sells the {board.good_names[self.good]} card for 3 dirhams"


class Keep(_Action):
    """Keep the goods card instead of selling it."""

    kind: Literal["keep"] = "keep"
    good: int

    def describe(self, board: Board) -> str:
        return f"keeps the {board.good_names[self.good]} card"


class Pass(_Action):
    """No legal action: the player passes."""

    kind: Literal["pass"] = "pass"

    def describe(self, board: Board) -> str:
        return "has no legal move and passes"


Action = Annotated[
    Marry | Place | EndTurn | Discard | Sell | Keep | Pass, Field(discriminator="kind")
]



@cache
def _adapter() -> TypeAdapter[Action]:
    # Built on the first parse_action, not at import: building the union's validator
    # is a visible part of the page's start in Pyodide, which needs no parsing yet.
    return TypeAdapter(Action)  # type: ignore[arg-type, unused-ignore]


class BadActionError(ValueError):
    """An action from outside did not have the shape of any action."""


def parse_action(data: Any) -> Action:
    """Validate an action given as a dict or a JSON string."""
    try:
        if isinstance(data, (str, bytes)):
            return _adapter().validate_json(data)
        return _adapter().validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BadActionError(f"not an action: {where}: {first['msg']}") from None


def space_label(board: Board, space: int) -> str:
    name = board.space_names[space]
    good = board.good_at[space]
    if good:
        return f"{board.good_names[good]}-{good}" + (f" ({name})" if name else "")
    if name:
        return name
    return f"{'sea' if board.is_water[space] else 'land'} space {space}"


# Cached instances: the engine hands out these, never new ones.
PASS = Pass()
END_TURN = EndTurn()


@cache
def marry(family: str) -> Marry:
    return Marry(family=family)


@cache
def place(family: str, space: int) -> Place:
    return Place(family=family, space=space)


@cache
def discard(cards: tuple[int, ...]) -> Discard:
    return Discard(cards=cards)


@cache
def sell(good: int) -> Sell:
    return Sell(good=good)


@cache
def keep(good: int) -> Keep:
    return Keep(good=good)
