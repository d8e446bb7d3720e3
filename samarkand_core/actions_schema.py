"""The pydantic schema of an action that comes from outside (see actions.parse_action).

Imported only by parse_action, so neither the engine nor a page that plays without
parsing outside input loads pydantic. The models mirror the plain action classes of
actions.py field for field; parse_action turns a validated model into the interned
action.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter


class _ActionModel(BaseModel):
    # Strict numbers and texts: `true` is not 1 and "3" is not 3 (an action from outside
    # is what it says or refused). The tuple of cards stays lax (a JSON array, a list).
    model_config = ConfigDict(frozen=True, extra="forbid")


class Marry(_ActionModel):
    kind: Literal["marry"] = "marry"
    family: StrictStr


class Place(_ActionModel):
    kind: Literal["place"] = "place"
    family: StrictStr
    space: StrictInt


class EndTurn(_ActionModel):
    kind: Literal["end_turn"] = "end_turn"


class Discard(_ActionModel):
    kind: Literal["discard"] = "discard"
    cards: tuple[StrictInt, ...] = ()


class _OfGood(_ActionModel):
    # The two answers about a goods card (actions._OfGood): the same field.
    good: StrictInt


class Sell(_OfGood):
    kind: Literal["sell"] = "sell"


class Keep(_OfGood):
    kind: Literal["keep"] = "keep"


class Pass(_ActionModel):
    kind: Literal["pass"] = "pass"


ActionModel = Annotated[
    Marry | Place | EndTurn | Discard | Sell | Keep | Pass, Field(discriminator="kind")
]


@cache
def adapter() -> TypeAdapter[ActionModel]:
    # Built on the first parse_action: building the union's validator takes a while in
    # Pyodide, and a page needs it only for input from outside.
    return TypeAdapter(ActionModel)  # type: ignore[arg-type, unused-ignore]
