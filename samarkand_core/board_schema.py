"""The pydantic schema of board.json and every check a board must pass.

Imported only to validate: by the tests, by the build (`validate_board_file` in
board.py), by `load_board(path)` / `parse_board(text)`, and by `default_board()` when
board.json no longer matches the digest recorded in board_digest.py. The page and the
engine load the shipped board without pydantic (see board.py).

Renew the recorded digest after editing board.json (it validates first):

    python -m samarkand_core.board_tool --renew
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from itertools import combinations
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .board_shape import MAX_SPACES, MIN_SPACES, N_FAMILIES, N_GOODS, Symbol
from .board_shape import distances as _distances

T = TypeVar("T", int, str)

# Colours closer than this (CIE76 delta E) are hard to tell apart as camels on a busy map.
MIN_COLOUR_DISTANCE = 20.0
# As a fraction of the centre-to-centre step: well above the 0.01 rounding of the stored
# centres, well below the gap any misplaced hex leaves.
_DISTANCE_TOLERANCE = 0.01
_ANGLE_TOLERANCE_DEG = 2.0
# A message listing every problem of a badly broken file would be unreadable.
_MAX_PROBLEMS = 25

Colour = Annotated[str, Field(pattern=r"^#[0-9a-f]{6}$")]
Name = Annotated[str, Field(min_length=1, max_length=40)]


class _Model(BaseModel):
    # Strict: a "7" where 7 belongs is a typo in the data file, not something to coerce.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class HexModel(_Model):
    radius: float = Field(gt=0)
    orientation: Literal["pointy", "flat"]


class FamilyModel(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,19}$")
    name: Name
    colour: Colour
    text_colour: Literal["#fff", "#000"] = Field(alias="textColour")
    symbol: Symbol
    home: int = Field(ge=0)
    portion: int = Field(ge=3, le=6)


class GoodModel(_Model):
    number: int = Field(ge=1, le=N_GOODS)
    name: Name
    space: int = Field(ge=0)


class SpaceModel(_Model):
    id: int = Field(ge=0)
    kind: Literal["land", "water"]
    x: float
    y: float
    neighbours: tuple[int, ...]
    name: Name | None = None
    good: int | None = Field(default=None, ge=1, le=N_GOODS)
    home: str | None = None


class SeaModel(_Model):
    name: Name
    spaces: tuple[int, ...] = Field(min_length=1)


class BoardModel(_Model):
    name: str
    notes: str = ""
    hex_grid: HexModel = Field(alias="hex")
    view_box: tuple[float, float, float, float] = Field(alias="viewBox")
    families: tuple[FamilyModel, ...]
    goods: tuple[GoodModel, ...]
    spaces: tuple[SpaceModel, ...]
    seas: tuple[SeaModel, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> BoardModel:
        problems = _board_problems(self)
        if problems:
            shown = problems[:_MAX_PROBLEMS]
            more = len(problems) - len(shown)
            text = "; ".join(shown) + (f"; and {more} more" if more else "")
            raise ValueError(f"invalid board: {text}")
        return self


def _board_problems(b: BoardModel) -> list[str]:
    problems: list[str] = []
    spaces = b.spaces
    n = len(spaces)
    if not MIN_SPACES <= n <= MAX_SPACES:
        problems.append(f"the board has {n} spaces, it needs {MIN_SPACES} to {MAX_SPACES}")
    bad_ids = [(i, s.id) for i, s in enumerate(spaces) if s.id != i]
    if bad_ids:
        i, sid = bad_ids[0]
        problems.append(
            f"space ids must be dense and in order 0..{n - 1}: the space at position {i} "
            f"has id {sid}"
        )
        # Every later check indexes spaces by id, so it would only add noise.
        return problems
    problems += _neighbour_problems(b)
    # Before the geometry: one cut-off space can bring a long list of geometry complaints.
    problems += _connectivity_problems(b)
    problems += _geometry_problems(b)
    problems += _family_problems(b)
    problems += _goods_problems(b)
    problems += _name_problems(b)
    problems += _sea_problems(b)
    return problems


def _neighbour_problems(b: BoardModel) -> list[str]:
    problems: list[str] = []
    n = len(b.spaces)
    for s in b.spaces:
        if len(set(s.neighbours)) != len(s.neighbours):
            problems.append(f"space {s.id} lists a neighbour twice")
        for t in s.neighbours:
            if t == s.id:
                problems.append(f"space {s.id} lists itself as a neighbour")
            elif not 0 <= t < n:
                problems.append(f"space {s.id} has neighbour {t}, which is not a space id")
            elif s.id not in b.spaces[t].neighbours:
                problems.append(
                    f"neighbours not symmetric: space {s.id} lists {t} but space {t} "
                    f"does not list {s.id}"
                )
    return problems


def _geometry_problems(b: BoardModel) -> list[str]:
    """The neighbour lists must be exactly what the drawn hexes show."""
    problems: list[str] = []
    radius = b.hex_grid.radius
    step = math.sqrt(3) * radius
    tol = step * _DISTANCE_TOLERANCE
    # Pointy-top hexes meet their neighbours at 0, 60, ... degrees; flat-top ones at 30, 90, ...
    phase = 0.0 if b.hex_grid.orientation == "pointy" else 30.0
    for s, t in combinations(b.spaces, 2):
        dx, dy = t.x - s.x, t.y - s.y
        d = math.hypot(dx, dy)
        touching = abs(d - step) <= tol
        if d < step - tol:
            problems.append(f"spaces {s.id} and {t.id} overlap (centres {d:.2f} apart)")
            continue
        if touching:
            angle = (math.degrees(math.atan2(dy, dx)) - phase) % 60.0
            if min(angle, 60.0 - angle) > _ANGLE_TOLERANCE_DEG:
                problems.append(
                    f"spaces {s.id} and {t.id} touch at an angle that does not fit "
                    f"{b.hex_grid.orientation}-top hexes"
                )
        # A one-way listing is reported as asymmetric already; say nothing more about it here.
        listed = t.id in s.neighbours or s.id in t.neighbours
        if touching and not listed:
            problems.append(f"spaces {s.id} and {t.id} touch on the map but are not neighbours")
        elif listed and not touching:
            problems.append(
                f"spaces {s.id} and {t.id} are listed as neighbours but do not touch on the "
                f"map (centres {d:.2f} apart, hexes touch at {step:.2f})"
            )
    minx, miny, width, height = b.view_box
    if width <= 0 or height <= 0:
        problems.append("the viewBox width and height must be positive")
    half_w, half_h = (step / 2, radius) if b.hex_grid.orientation == "pointy" else (
        radius, step / 2)
    for s in b.spaces:
        if (s.x - half_w < minx - tol or s.x + half_w > minx + width + tol
                or s.y - half_h < miny - tol or s.y + half_h > miny + height + tol):
            problems.append(f"space {s.id} sticks out of the viewBox")
    return problems


def _connectivity_problems(b: BoardModel) -> list[str]:
    reach = _distances(tuple(s.neighbours for s in b.spaces), 0)
    cut_off = [i for i, d in enumerate(reach) if d < 0]
    if cut_off:
        return [
            f"the map is not connected: {len(cut_off)} spaces cannot be reached from space 0 "
            f"(e.g. {cut_off[:5]})"
        ]
    return []


def _family_problems(b: BoardModel) -> list[str]:
    problems: list[str] = []
    fams = b.families
    n = len(b.spaces)
    if len(fams) != N_FAMILIES:
        problems.append(f"there must be exactly {N_FAMILIES} families, found {len(fams)}")
    columns: tuple[tuple[str, list[str]], ...] = (
        ("id", [f.id for f in fams]),
        ("name", [f.name for f in fams]),
        ("colour", [f.colour for f in fams]),
        ("symbol", [f.symbol for f in fams]),
        ("home", [str(f.home) for f in fams]),
    )
    for label, values in columns:
        dupes = sorted({v for v in values if values.count(v) > 1})
        if dupes:
            problems.append(f"two families share the {label} {', '.join(dupes)}")
    for f, g in combinations(fams, 2):
        d = _colour_distance(f.colour, g.colour)
        if f.colour != g.colour and d < MIN_COLOUR_DISTANCE:
            problems.append(
                f"the colours of families {f.id} and {g.id} are too similar "
                f"(delta E {d:.1f} < {MIN_COLOUR_DISTANCE:.0f})"
            )
    for f in fams:
        best = _better_text_colour(f.colour)
        if f.text_colour != best:
            problems.append(
                f"family {f.id}: textColour {f.text_colour} reads worse than {best} on "
                f"{f.colour}"
            )
        if not 0 <= f.home < n:
            problems.append(f"family {f.id}: home {f.home} is not a space id")
            continue
        home = b.spaces[f.home]
        if home.kind != "land":
            problems.append(f"family {f.id}: home space {f.home} is water, homes must be land")
        if home.good is not None:
            problems.append(
                f"family {f.id}: home space {f.home} is also the goods space of good "
                f"{home.good}"
            )
        if home.home != f.id:
            problems.append(
                f"family {f.id}: its home space {f.home} has home {home.home!r}, "
                f"expected {f.id!r}"
            )
    homes = {f.home: f.id for f in fams}
    for f in fams:
        if 0 <= f.home < n:
            for t in b.spaces[f.home].neighbours:
                if t in homes and homes[t] > f.id:
                    problems.append(
                        f"home cities of {f.id} (space {f.home}) and {homes[t]} (space {t}) "
                        f"are adjacent"
                    )
    ids = {f.id: f.home for f in fams}
    for s in b.spaces:
        if s.home is not None and s.home not in ids:
            problems.append(f"space {s.id} is the home of {s.home!r}, which is no family")
        elif s.home is not None and ids[s.home] != s.id:
            problems.append(
                f"space {s.id} says it is the home of {s.home}, but that family's home is "
                f"space {ids[s.home]}"
            )
    return problems


def _goods_problems(b: BoardModel) -> list[str]:
    problems: list[str] = []
    n = len(b.spaces)
    numbers = [g.number for g in b.goods]
    missing = sorted(set(range(1, N_GOODS + 1)) - set(numbers))
    if len(b.goods) != N_GOODS or missing:
        problems.append(
            f"there must be exactly {N_GOODS} goods numbered 1..{N_GOODS}: found "
            f"{len(b.goods)}" + (f", missing {missing}" if missing else "")
        )
    dupes = _twice(numbers)
    if dupes:
        problems.append(f"good numbers used twice: {dupes}")
    dup_names = _twice([g.name for g in b.goods], key=str.casefold)
    if dup_names:
        problems.append(f"good names used twice: {dup_names}")
    by_number = {g.number: g for g in b.goods}
    for g in b.goods:
        if not 0 <= g.space < n:
            problems.append(f"good {g.number} ({g.name}) is on space {g.space}, no such space")
            continue
        s = b.spaces[g.space]
        if s.kind != "land":
            problems.append(f"good {g.number} ({g.name}) is on water space {g.space}")
        if s.good != g.number:
            problems.append(
                f"good {g.number} ({g.name}) is on space {g.space}, but that space has good "
                f"{s.good}"
            )
    for s in b.spaces:
        if s.good is None:
            continue
        if s.good not in by_number:
            problems.append(f"space {s.id} has good {s.good}, which is not in the goods list")
        elif by_number[s.good].space != s.id:
            problems.append(
                f"space {s.id} has good {s.good}, but good {s.good} is on space "
                f"{by_number[s.good].space}: each good has exactly one space"
            )
    return problems


def _name_problems(b: BoardModel) -> list[str]:
    problems: list[str] = []
    for s in b.spaces:
        if s.name is None and (s.good is not None or s.home is not None):
            what = "home city" if s.home is not None else "goods space"
            problems.append(f"space {s.id} is a {what} and needs a name")
    names = [s.name for s in b.spaces if s.name is not None]
    dupes = _twice(names)
    if dupes:
        problems.append(f"space names used twice: {dupes}")
    return problems


def _sea_problems(b: BoardModel) -> list[str]:
    problems: list[str] = []
    n = len(b.spaces)
    seen: dict[int, str] = {}
    for name in _twice([sea.name for sea in b.seas]):
        problems.append(f"two seas are named {name}")
    for sea in b.seas:
        for i in sea.spaces:
            if not 0 <= i < n:
                problems.append(f"sea {sea.name} lists {i}, which is not a space id")
            elif b.spaces[i].kind != "water":
                problems.append(f"sea {sea.name} lists land space {i}")
            elif i in seen:
                problems.append(f"water space {i} is in both {seen[i]} and {sea.name}")
            else:
                seen[i] = sea.name
    loose = [s.id for s in b.spaces if s.kind == "water" and s.id not in seen]
    if loose:
        problems.append(f"water spaces in no sea: {loose}")
    return problems


def _twice(values: list[T], key: Callable[[T], object] | None = None) -> list[T]:
    """The values that stand more than once (the same `key`, if given), sorted, each once."""
    keys: list[object] = list(values) if key is None else [key(v) for v in values]
    return sorted({v for v, k in zip(values, keys, strict=True) if keys.count(k) > 1})


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> tuple[float, float, float]:
    return (_linear(int(colour[1:3], 16)), _linear(int(colour[3:5], 16)),
            _linear(int(colour[5:7], 16)))


def _luminance(colour: str) -> float:
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _better_text_colour(colour: str) -> str:
    """The one of white and black with the higher WCAG contrast ratio against ``colour``."""
    lum = _luminance(colour)
    return "#fff" if 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 else "#000"


def _lab(colour: str) -> tuple[float, float, float]:
    r, g, b = _rgb(colour)
    # sRGB to XYZ (D65), normalised by the white point, then to CIELAB.
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _colour_distance(a: str, b: str) -> float:
    return math.dist(_lab(a), _lab(b))


if __name__ == "__main__":  # the maps' records moved: say where, do nothing
    print("the maps' records are kept by: python -m samarkand_core.board_tool --renew | --keep",
          file=sys.stderr)
    sys.exit(2)
