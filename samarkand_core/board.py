"""The board: map spaces, the ten merchant families and the 33 goods.

``board.json`` next to this module is the source of truth. It is checked by the pydantic
models of board_schema.py (a broken board fails with a message naming the problem, not
later as a puzzling game) and turned into a :class:`Board` of plain tuples indexed by int,
which is what the engine and the bots read in their hot loops.

Loading the shipped board needs no pydantic: board_digest.py records the sha256 of
board.json as it last passed the validation, and :func:`default_board` trusts a file with
that digest. A board.json edited since fails the test that compares the two; until the
digest is renewed (``python -m samarkand_core.board_tool --renew``, which validates
first) the edited file is validated in full on every load. Other boards
(:func:`load_board` with a path, :func:`parse_board`) are always validated, and so is the
shipped one at build time (:func:`validate_board_file`).

Earlier maps. When the shipped map changes in a way the rules see (its fingerprint), the
map it replaces stays in ``boards/<fingerprint as 16 hex digits>.json`` with its digest
recorded beside the shipped one's (``EARLIER_BOARDS``), trusted the same way: a save code
names its map by fingerprint, and :func:`board_for_fingerprint` finds it, so a game saved on
an earlier map loads, replays and is drawn on that map (:func:`known_boards` lists them all,
the shipped one first). ``python -m samarkand_core.board_tool --keep`` copies the shipped
map there before it is edited; ``--renew`` validates and records them all.

The marriage portion of each family follows the shipped map: with g1, g2 and g3 goods spaces
one, two and three steps from the home city (counting steps over land and water alike),

    portion = clamp(floor((3*g1 + 2*g2 + g3) / 3), 3, 6)

so a home with more goods within reach of its first camels costs more. See
:func:`suggested_portion`; the tests hold the shipped portions to it, the validator does not
(a designer may overrule it).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

from .board_shape import MAX_SPACES as MAX_SPACES
from .board_shape import MIN_SPACES as MIN_SPACES
from .board_shape import N_FAMILIES as N_FAMILIES
from .board_shape import N_GOODS as N_GOODS
from .board_shape import Symbol as Symbol
from .board_shape import distances as _distances
from .weblike import sha256

if TYPE_CHECKING:
    from pathlib import Path

SYMBOLS: tuple[str, ...] = get_args(Symbol)


class HexData(NamedTuple):
    radius: float
    orientation: str  # "pointy" or "flat"


class FamilyData(NamedTuple):
    id: str
    name: str
    colour: str
    text_colour: str  # "textColour" in board.json
    symbol: str
    home: int
    portion: int


class GoodData(NamedTuple):
    number: int
    name: str
    space: int


class SpaceData(NamedTuple):
    id: int
    kind: str  # "land" or "water"
    x: float
    y: float
    neighbours: tuple[int, ...]
    name: str | None = None
    good: int | None = None
    home: str | None = None


class SeaData(NamedTuple):
    name: str
    spaces: tuple[int, ...]


class BoardData(NamedTuple):
    """board.json as plain immutable data, field for field (the checks are board_schema's).

    Named tuples rather than frozen dataclasses: a board's 200-odd of them are made on
    every page start, and a named tuple is made several times faster."""

    name: str
    notes: str
    hex_grid: HexData  # "hex" in board.json
    view_box: tuple[float, float, float, float]  # "viewBox" in board.json
    families: tuple[FamilyData, ...]
    goods: tuple[GoodData, ...]
    spaces: tuple[SpaceData, ...]
    seas: tuple[SeaData, ...] = ()


def board_data(raw: dict[str, Any]) -> BoardData:
    """Plain BoardData from board.json's parsed JSON, which must already be valid (or be
    the shipped file with its recorded digest): this converts, it does not check."""
    hx = raw["hex"]
    minx, miny, width, height = raw["viewBox"]
    return BoardData(
        name=raw["name"],
        notes=raw.get("notes", ""),
        hex_grid=HexData(float(hx["radius"]), hx["orientation"]),
        view_box=(float(minx), float(miny), float(width), float(height)),
        families=tuple(
            FamilyData(f["id"], f["name"], f["colour"], f["textColour"], f["symbol"],
                       f["home"], f["portion"])
            for f in raw["families"]
        ),
        goods=tuple(GoodData(g["number"], g["name"], g["space"]) for g in raw["goods"]),
        spaces=tuple(
            SpaceData(s["id"], s["kind"], float(s["x"]), float(s["y"]), tuple(s["neighbours"]),
                      s.get("name"), s.get("good"), s.get("home"))
            for s in raw["spaces"]
        ),
        seas=tuple(SeaData(sea["name"], tuple(sea["spaces"])) for sea in raw.get("seas", ())),
    )


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Board:
    """The validated board as flat tuples indexed by space id, family index or good number."""

    data: BoardData
    n_spaces: int
    n_families: int
    n_goods: int
    neighbours: tuple[tuple[int, ...], ...]
    # The same as sets, for the engine's "is this space next to one of mine" tests.
    neighbour_set: tuple[frozenset[int], ...]
    is_water: tuple[bool, ...]
    good_at: tuple[int, ...]  # good number, 0 for none
    good_space: tuple[int, ...]  # by good number; index 0 is unused and holds -1
    family_ids: tuple[str, ...]
    family_index: dict[str, int]
    family_names: tuple[str, ...]
    home: tuple[int, ...]  # by family index
    home_at: tuple[int, ...]  # by space: family index of the home there, -1 for none
    portion: tuple[int, ...]  # by family index
    good_names: tuple[str, ...]  # by good number; index 0 is ""
    space_names: tuple[str | None, ...]
    # Identifies the rules-relevant board (see _fingerprint) so a save code made on one
    # board is not replayed on another.
    fingerprint: int

    @classmethod
    def from_data(cls, data: BoardData, fingerprint: int | None = None) -> Board:
        """The board of `data`; `fingerprint` if known (see _fingerprint), else computed."""
        spaces = data.spaces
        fams = data.families
        good_space = [-1] * (len(data.goods) + 1)
        good_names = [""] * (len(data.goods) + 1)
        for g in data.goods:
            good_space[g.number] = g.space
            good_names[g.number] = g.name
        family_index = {f.id: i for i, f in enumerate(fams)}
        home_at = [-1] * len(spaces)
        for i, f in enumerate(fams):
            home_at[f.home] = i
        neighbours = tuple(tuple(sorted(s.neighbours)) for s in spaces)
        return cls(
            data=data,
            n_spaces=len(spaces),
            n_families=len(fams),
            n_goods=len(data.goods),
            neighbours=neighbours,
            neighbour_set=tuple(frozenset(nb) for nb in neighbours),
            is_water=tuple(s.kind == "water" for s in spaces),
            good_at=tuple(s.good or 0 for s in spaces),
            good_space=tuple(good_space),
            family_ids=tuple(f.id for f in fams),
            family_index=family_index,
            family_names=tuple(f.name for f in fams),
            home=tuple(f.home for f in fams),
            home_at=tuple(home_at),
            portion=tuple(f.portion for f in fams),
            good_names=tuple(good_names),
            space_names=tuple(s.name for s in spaces),
            fingerprint=_fingerprint(data) if fingerprint is None else fingerprint,
        )

    def distances_from(self, space: int) -> tuple[int, ...]:
        """Steps (over land and water) from ``space`` to every space."""
        return tuple(_distances(self.neighbours, space))

    def __repr__(self) -> str:
        return f"Board({self.data.name!r}, {self.n_spaces} spaces)"

    # Immutable, so a deep copy of a game state can share it instead of copying the map.
    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self


def _fingerprint(data: BoardData) -> int:
    """A 64-bit digest of what the rules see: the graph, water, goods, homes and portions.

    Drawing coordinates, names and colours are left out, so redrawing or renaming the map
    keeps old save codes valid. sha256 rather than hash(): it must agree across processes
    and Python versions.
    """
    canonical = {
        "spaces": [[s.kind, sorted(s.neighbours), s.good or 0] for s in data.spaces],
        "families": [[f.id, f.home, f.portion] for f in data.families],
        "goods": len(data.goods),
    }
    text = json.dumps(canonical, separators=(",", ":"), sort_keys=True)
    return int.from_bytes(sha256(text.encode("ascii")).digest()[:8], "big")


def suggested_portion(board: Board, home: int) -> int:
    """The marriage portion the module docstring's formula gives a home city at ``home``."""
    by_distance = [0, 0, 0, 0]
    for space, d in enumerate(board.distances_from(home)):
        if 1 <= d <= 3 and board.good_at[space]:
            by_distance[d] += 1
    weighted = 3 * by_distance[1] + 2 * by_distance[2] + by_distance[3]
    return min(6, max(3, weighted // 3))


def parse_board(text: str | bytes) -> Board:
    """Validate board JSON text; raises pydantic.ValidationError (a ValueError) if broken."""
    from .board_schema import BoardModel  # pydantic: only when a board is validated

    BoardModel.model_validate_json(text)
    return Board.from_data(board_data(json.loads(text)))


def validate_board_file(path: str | os.PathLike[str]) -> Board:
    """Validate a board file in full (pydantic and every check of board_schema.py).

    For the build and the tests: raises pydantic.ValidationError (a ValueError) naming the
    problems of a broken file; returns the board otherwise."""
    with open(path, "rb") as file:
        return parse_board(file.read())


def shipped_board_path() -> Path:
    """board.json next to this module, as a file path (a source tree or an unpacked
    install; a zipped install has no such path)."""
    from pathlib import Path

    return Path(__file__).with_name("board.json")


def _shipped_board_bytes() -> bytes:
    # A plain file next to this module (a source tree, or a wheel unpacked as Pyodide
    # does); importlib.resources (slow to import) only for an install that is not one.
    try:
        with open(os.path.join(os.path.dirname(__file__), "board.json"), "rb") as file:
            return file.read()
    except OSError:
        from importlib import resources

        return resources.files(__package__).joinpath("board.json").read_bytes()


def _recorded_digest() -> str:
    from .board_digest import BOARD_JSON_SHA256

    return BOARD_JSON_SHA256


def _recorded_fingerprint() -> int:
    from .board_digest import BOARD_FINGERPRINT

    return BOARD_FINGERPRINT


def board_digest_is_current() -> bool:
    """Whether board.json still has the digest recorded when it was last validated (if
    not, default_board() validates it with pydantic on every load)."""
    return sha256(_shipped_board_bytes()).hexdigest() == _recorded_digest()


def _load_shipped() -> Board:
    raw = _shipped_board_bytes()
    if sha256(raw).hexdigest() == _recorded_digest():
        # The very bytes that passed the validation: no need to import pydantic (nor to
        # compute the rules fingerprint again).
        return Board.from_data(board_data(json.loads(raw)), _recorded_fingerprint())
    return parse_board(raw)


def load_board(path: str | os.PathLike[str] | None = None) -> Board:
    """The board from ``path`` (always validated), or the shipped ``board.json`` when no
    path is given (trusted by its recorded digest, validated if it changed)."""
    if path is None:
        return _load_shipped()
    with open(path, encoding="utf-8") as file:
        return parse_board(file.read())


@functools.cache
def default_board() -> Board:
    """The shipped board, loaded on first use and shared after that."""
    return _load_shipped()



# -- earlier maps, for old save codes -------------------------------------------------------

EARLIER_DIR = "boards"


def earlier_board_name(fingerprint: int) -> str:
    """The file name in boards/ of the earlier map with this rules fingerprint."""
    return f"{fingerprint:016x}.json"


def earlier_fingerprints() -> tuple[int, ...]:
    """The fingerprints of the earlier maps kept in boards/ (as recorded in
    board_digest.py, which the tests hold to the directory), in the order recorded."""
    from .board_digest import EARLIER_BOARDS

    return tuple(EARLIER_BOARDS)


def _earlier_board_bytes(fingerprint: int) -> bytes:
    name = earlier_board_name(fingerprint)
    try:
        with open(os.path.join(os.path.dirname(__file__), EARLIER_DIR, name), "rb") as file:
            return file.read()
    except OSError:
        from importlib import resources

        return resources.files(__package__).joinpath(EARLIER_DIR, name).read_bytes()


@functools.cache
def earlier_board(fingerprint: int) -> Board:
    """The earlier map with this fingerprint, from boards/: trusted by its recorded digest
    like the shipped one (validated in full if its bytes changed); shared after the first
    load. KeyError for a fingerprint not recorded; ValueError for a file that is broken or
    is not the map its name says."""
    from .board_digest import EARLIER_BOARDS

    digest = EARLIER_BOARDS[fingerprint]
    raw = _earlier_board_bytes(fingerprint)
    if sha256(raw).hexdigest() == digest:
        return Board.from_data(board_data(json.loads(raw)), fingerprint)
    board = parse_board(raw)
    if board.fingerprint != fingerprint:
        raise ValueError(f"{EARLIER_DIR}/{earlier_board_name(fingerprint)} is another map "
                         f"(its fingerprint is {board.fingerprint:016x})")
    return board


def known_boards() -> tuple[Board, ...]:
    """The shipped map, then every earlier one (loading them all)."""
    return (default_board(), *(earlier_board(fp) for fp in earlier_fingerprints()))


def board_for_fingerprint(matches: Callable[[int], bool]) -> Board | None:
    """The shipped map if `matches` its fingerprint, else the first earlier map that does
    (a save code holds a fingerprint's low 16 bits, so it asks with a predicate); None if
    none does. Earlier maps are compared by their recorded fingerprints and only the one
    found is read from its file."""
    board = default_board()
    if matches(board.fingerprint):
        return board
    for fingerprint in earlier_fingerprints():
        if matches(fingerprint):
            return earlier_board(fingerprint)
    return None
