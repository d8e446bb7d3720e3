"""The pydantic schema of components.json (Merv's rules with our own component set, not
the published components) and its validation.

Imported only to validate: by the tests, by load_components(path) / parse_components(text),
and by default_components() when components.json no longer matches the digest recorded in
components_digest.py. The engine in Pyodide loads the shipped file without pydantic
(components.py), as samarkand_core does its board.json.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .components import GRID, MILESTONE_SCROLLS, SIDES, ComponentsError

Colour = Literal["red", "blue", "grey", "orange"]
ActionName = Literal["caravanserai", "palace", "library", "market", "mosque", "wall"]
GainKind = Literal["white", "favour", "influence", "points", "scroll",
                   "upgrade_white", "upgrade_bonus", "point_tile"]
Positive = Annotated[int, Field(ge=1, le=20)]
class _Model(BaseModel):
    # Strict: a "3" where 3 belongs is a typo in the data file, not something to coerce.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Tile(_Model):
    colour: Colour
    action: ActionName


class Gain(_Model):
    kind: GainKind
    amount: Positive


class MarketSide(_Model):
    name: str = Field(min_length=1, max_length=10)
    slots: tuple[Gain, ...] = Field(min_length=2, max_length=10)


class FavourTrack(_Model):
    points: tuple[Annotated[int, Field(ge=0, le=4)], ...] = Field(min_length=2, max_length=20)

    @model_validator(mode="after")
    def _ends_at_four(self) -> FavourTrack:
        if self.points[0] != 0 or self.points[-1] != 4:
            raise ValueError("the favour track starts at a field worth 0 and ends at one worth 4")
        return self


class FieldLimit(_Model):
    field: int = Field(ge=1)
    limit: int = Field(ge=2, le=4)


class FieldPoints(_Model):
    field: int = Field(ge=1)
    points: Positive


class InfluenceTrack(_Model):
    length: int = Field(ge=5, le=40)
    levels: tuple[int, int, int]
    spice_limits: tuple[FieldLimit, ...]
    points: tuple[FieldPoints, ...] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _fields_on_track(self) -> InfluenceTrack:
        fields = [*self.levels, *(s.field for s in self.spice_limits),
                  *(p.field for p in self.points)]
        if any(not 0 < f < self.length for f in fields):
            raise ValueError(f"every marked field lies on the track (1 to {self.length - 1})")
        if list(self.levels) != sorted(set(self.levels)):
            raise ValueError("the levels 1, 2, 3 lie on rising fields")
        if [p.field for p in self.points] != list(range(self.length - 4, self.length)):
            raise ValueError("the last four fields of the influence track give points")
        return self


class Palace(_Model):
    rooms: tuple[Colour, Colour, Colour, Colour]
    seats: int = Field(ge=1, le=5)


class Milestone(_Model):
    kind: Literal["discount", "joker", "bonus"]
    action: ActionName | None = None
    colour: Colour | None = None
    gain: tuple[Gain, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> Milestone:
        want = {"discount": self.action is not None, "joker": self.colour is not None,
                "bonus": bool(self.gain)}
        if not want[self.kind]:
            raise ValueError(f"a {self.kind} milestone names its "
                             + {"discount": "action", "joker": "colour",
                                "bonus": "gain"}[self.kind])
        return self


class MilestoneStack(_Model):
    scrolls: int
    tiles: tuple[Milestone, ...] = Field(min_length=4)


class City(_Model):
    name: str = Field(min_length=1, max_length=20)
    inner: bool
    cost: tuple[Colour, ...] = Field(min_length=1, max_length=2)
    link: str | None


class Market(_Model):
    cities: tuple[City, ...] = Field(min_length=8, max_length=8)

    @model_validator(mode="after")
    def _links(self) -> Market:
        inner = [c.name for c in self.cities if c.inner]
        if len(inner) != 4:
            raise ValueError("the market has 4 inner cities")
        for c in self.cities:
            if c.inner != (c.link is None) or (c.link is not None and c.link not in inner):
                raise ValueError(f"city {c.name}: an outer city links to one inner city")
        return self


class MosqueField(_Model):
    cost: int = Field(ge=0, le=6)
    gain: tuple[Gain, ...]


class MosqueTrack(_Model):
    colour: Colour
    fields: tuple[MosqueField, ...] = Field(min_length=2, max_length=10)


class PointTile(_Model):
    action: ActionName
    points: Positive


class Mosque(_Model):
    tracks: tuple[MosqueTrack, MosqueTrack, MosqueTrack, MosqueTrack]
    point_tiles: tuple[PointTile, PointTile, PointTile, PointTile]
    last_field_points: Positive


class Upgrades(_Model):
    white: int = Field(ge=0, le=30)
    bonus: int = Field(ge=0, le=10)  # bonus upgrades of each colour


class Contract(_Model):
    level: Literal[1, 2, 3]
    bonus: Literal["favour", "soldier"]
    points: Positive
    scrolls: int = Field(ge=0, le=8)
    common: int = Field(ge=0, le=8)
    rare: int = Field(ge=0, le=8)


class Caravan(_Model):
    cards: dict[Literal["cinnamon", "ginger", "juniper", "pepper"], Positive]
    queue: int = Field(ge=4, le=12)
    set_points: tuple[int, int, int, int]


class Wall(_Model):
    side: Literal["N", "E", "S", "W"]
    line: int = Field(ge=0, lt=GRID)
    gate: bool
    cost: tuple[Colour, ...] = Field(min_length=1, max_length=5)


class Components(_Model):
    """The whole component set; see components.json's `description`."""

    description: str
    buildings_per_player: int = Field(ge=4, le=24)
    servants_per_player: int = Field(ge=2, le=20)
    building_tiles: tuple[Tile, ...] = Field(min_length=GRID * GRID - 1,
                                             max_length=GRID * GRID - 1)
    camel_market_sides: tuple[MarketSide, MarketSide]
    favour_track: FavourTrack
    influence_track: InfluenceTrack
    palace: Palace
    milestones: tuple[MilestoneStack, MilestoneStack, MilestoneStack, MilestoneStack]
    market: Market
    mosque: Mosque
    upgrades: Upgrades
    contracts: tuple[Contract, ...] = Field(min_length=6)
    caravan: Caravan
    walls: tuple[Wall, ...] = Field(min_length=4 * GRID, max_length=4 * GRID)
    gate_favour: int = Field(ge=0, le=3)
    outer_city_favour: int = Field(ge=0, le=3)

    @model_validator(mode="after")
    def _whole(self) -> Components:
        if "our own component set" not in self.description:
            raise ValueError("the description says that this is our own component set")
        if tuple(m.scrolls for m in self.milestones) != MILESTONE_SCROLLS:
            raise ValueError(f"the milestone stacks are for {MILESTONE_SCROLLS} scrolls")
        if {(w.side, w.line) for w in self.walls} != {(s, i) for s in SIDES
                                                      for i in range(GRID)}:
            raise ValueError("there is one wall or gate space per side and line")
        kinds = {(c.level, c.bonus) for c in self.contracts}
        if len(kinds) != 6:
            raise ValueError("contracts come in 6 stacks: levels 1-3, each with favour and "
                             "soldier bonuses")
        return self


def parse_components(text: str) -> Components:
    """Components from JSON text; ComponentsError naming every problem otherwise."""
    try:
        return Components.model_validate_json(text, strict=True)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'file'}: {e['msg']}"
            for e in exc.errors()[:20])
        raise ComponentsError(f"not a valid Merv component set: {problems}") from None


def json_schema() -> str:
    """The JSON Schema of a component file (for editors and docs)."""
    return json.dumps(Components.model_json_schema(), indent=1)


if __name__ == "__main__":
    if sys.argv[1:] != ["--renew"]:
        print("usage: python -m merv_core.components_schema --renew", file=sys.stderr)
        raise SystemExit(2)
    from .components import renew_digest

    print(renew_digest())
