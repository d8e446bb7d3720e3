"""The shipped board meets the game's needs, and the validator catches a broken board."""

from __future__ import annotations

import copy
import hashlib
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import samarkand_core.board as board_module
from samarkand_core.board import (
    SYMBOLS,
    Board,
    board_digest_is_current,
    default_board,
    earlier_board,
    earlier_fingerprints,
    load_board,
    parse_board,
    suggested_portion,
    validate_board_file,
)
from samarkand_core.board_digest import BOARD_FINGERPRINT, BOARD_JSON_SHA256

BOARD_JSON = Path(__file__).resolve().parents[2] / "samarkand_core" / "board.json"

Raw = dict[str, Any]


@pytest.fixture(
    scope="module",
    params=[0, *earlier_fingerprints()],
    ids=["shipped", *(f"earlier-{fp:016x}" for fp in earlier_fingerprints())],
)
def board(request: pytest.FixtureRequest) -> Board:
    """The shipped map, and each earlier map kept for old save codes (samarkand_core/boards/):
    every check of a board below holds for all of them."""
    fingerprint: int = request.param
    return load_board() if fingerprint == 0 else earlier_board(fingerprint)


@pytest.fixture
def raw() -> Raw:
    data: Raw = json.loads(BOARD_JSON.read_text(encoding="utf-8"))
    return data


def bfs(neighbours: tuple[tuple[int, ...], ...], start: int) -> list[int]:
    """Steps from `start` to every space (-1: unreachable), ring by ring: ring k + 1 is
    every neighbour of ring k not reached before (worked out apart from the board's own
    search)."""
    dist = [-1] * len(neighbours)
    ring, k = {start}, 0
    while ring:
        for u in ring:
            dist[u] = k
        ring = {v for u in ring for v in neighbours[u] if dist[v] < 0}
        k += 1
    return dist


def contrast(a: str, b: str) -> float:
    def lum(colour: str) -> float:
        colour = colour if len(colour) == 7 else "#" + "".join(c * 2 for c in colour[1:])
        chans = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in chans]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# --- the shipped board --------------------------------------------------------------------


def test_shipped_board_loads_and_default_board_is_cached() -> None:
    board = load_board()
    assert isinstance(board, Board)
    assert default_board() is default_board()
    assert default_board().data == board.data


def test_board_loads_from_an_explicit_path(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    path.write_text(BOARD_JSON.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_board(path).data == load_board().data


def test_board_json_passes_validation_and_its_digest_is_recorded() -> None:
    """The page loads board.json without pydantic, trusting it by the digest recorded in
    samarkand_core/board_digest.py; this test is where the file itself is validated."""
    validated = validate_board_file(BOARD_JSON)
    digest = hashlib.sha256(BOARD_JSON.read_bytes()).hexdigest()
    assert digest == BOARD_JSON_SHA256, (
        "board.json changed since its digest was recorded in samarkand_core/board_digest.py;"
        " renew it with `.venv/bin/python -m samarkand_core.board_tool --renew` (which"
        " validates the board first) and commit board_digest.py with board.json"
    )
    assert board_digest_is_current()
    assert BOARD_FINGERPRINT == validated.fingerprint
    # The trusted load (no pydantic) and the validated one give the same board.
    assert default_board().data == validated.data
    assert default_board().fingerprint == validated.fingerprint
    assert default_board().neighbours == validated.neighbours


def test_a_changed_shipped_board_is_validated_in_full(
    monkeypatch: pytest.MonkeyPatch, raw: Raw
) -> None:
    """A hand-edited board.json whose digest was not renewed is still checked: a broken
    edit fails to load, a sound one loads (validated)."""
    renamed = copy.deepcopy(raw)
    renamed["spaces"][0]["name"] = "Somewhere Else"
    monkeypatch.setattr(board_module, "_shipped_board_bytes", lambda: json.dumps(renamed).encode())
    assert not board_digest_is_current()
    assert load_board().data.spaces[0].name == "Somewhere Else"
    duplicate_symbol(raw)
    monkeypatch.setattr(board_module, "_shipped_board_bytes", lambda: json.dumps(raw).encode())
    with pytest.raises(ValidationError, match="two families share the symbol"):
        load_board()


def written(tmp_path: Path, raw: Raw) -> Path:
    """`raw` written as a board file (broken.json in tmp_path)."""
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_validate_board_file_rejects_a_broken_file(tmp_path: Path, raw: Raw) -> None:
    """The build's check: validate_board_file names the problem of a broken board."""
    nine_families(raw)
    path = written(tmp_path, raw)
    with pytest.raises(ValidationError, match="exactly 10 families, found 9"):
        validate_board_file(path)


def test_space_count_is_100_to_140_with_dense_ids(board: Board) -> None:
    assert 100 <= board.n_spaces <= 140
    assert [s.id for s in board.data.spaces] == list(range(board.n_spaces))


def test_map_has_land_and_named_seas_of_water(board: Board) -> None:
    water = [i for i in range(board.n_spaces) if board.is_water[i]]
    assert 10 <= len(water) <= board.n_spaces // 2
    in_seas = sorted(i for sea in board.data.seas for i in sea.spaces)
    assert in_seas == water
    names = {sea.name for sea in board.data.seas}
    assert {"Mediterranean Sea", "Black Sea", "Caspian Sea", "Persian Gulf"} <= names


def test_neighbours_are_symmetric_and_never_self(board: Board) -> None:
    for s, nbs in enumerate(board.neighbours):
        assert s not in nbs
        assert len(set(nbs)) == len(nbs)
        for t in nbs:
            assert s in board.neighbours[t], (s, t)


def test_neighbours_are_exactly_the_touching_hexes(board: Board) -> None:
    step = math.sqrt(3) * board.data.hex_grid.radius
    spaces = board.data.spaces
    for s in spaces:
        touching = {
            t.id
            for t in spaces
            if t.id != s.id and abs(math.dist((s.x, s.y), (t.x, t.y)) - step) < 1
        }
        assert set(board.neighbours[s.id]) == touching, s.id
        assert len(touching) <= 6


def test_whole_map_is_connected(board: Board) -> None:
    assert min(bfs(board.neighbours, 0)) >= 0


def test_land_alone_links_west_to_east(board: Board) -> None:
    # The seas are shortcuts, not the only way: a family can walk from Constantinople to
    # Chang'an.
    land_only = tuple(
        tuple(t for t in nbs if not board.is_water[t]) if not board.is_water[s] else ()
        for s, nbs in enumerate(board.neighbours)
    )
    dist = bfs(land_only, board.home[0])
    assert all(dist[h] > 0 for h in board.home[1:])


def test_every_hex_lies_inside_the_view_box(board: Board) -> None:
    minx, miny, width, height = board.data.view_box
    r = board.data.hex_grid.radius
    assert board.data.hex_grid.orientation == "pointy"
    for s in board.data.spaces:
        assert minx <= s.x - r * math.sqrt(3) / 2 and s.x + r * math.sqrt(3) / 2 <= minx + width
        assert miny <= s.y - r and s.y + r <= miny + height


def test_ten_families_with_distinct_ids_names_colours_and_symbols(board: Board) -> None:
    fams = board.data.families
    assert board.n_families == len(fams) == 10
    assert len({f.id for f in fams}) == 10
    assert len({f.name for f in fams}) == 10
    assert len({f.colour for f in fams}) == 10
    assert sorted(f.symbol for f in fams) == sorted(SYMBOLS)
    assert len(SYMBOLS) == 10
    assert all(f.id.isascii() and f.id.islower() for f in fams)


def test_family_text_colour_is_readable_on_the_family_colour(board: Board) -> None:
    for f in board.data.families:
        other = "#000" if f.text_colour == "#fff" else "#fff"
        assert contrast(f.colour, f.text_colour) >= contrast(f.colour, other), f.id
        assert contrast(f.colour, f.text_colour) >= 4.5, f.id


# Portions set by balance runs rather than the formula, by map fingerprint (docs/map.md's
# "A fair map" has the runs before and after). The map's notes say the same.
TUNED_PORTIONS: dict[int, dict[str, int]] = {
    0xDFA60C72AB06E7AB: {"baghdad": 5, "delhi": 5, "changan": 3},
}


def test_portions_are_3_to_6_and_follow_the_documented_formula(board: Board) -> None:
    """The rulebook's portions run from 3 to 6; ours follow the formula of board.py's
    docstring, except where a balance run set one (TUNED_PORTIONS, named in the notes)."""
    assert all(3 <= p <= 6 for p in board.portion)
    tuned = TUNED_PORTIONS.get(board.fingerprint, {})
    expected = [
        tuned.get(fid, suggested_portion(board, h))
        for fid, h in zip(board.family_ids, board.home, strict=True)
    ]
    assert expected == list(board.portion)
    for fid, portion in tuned.items():
        name = board.family_names[board.family_ids.index(fid)].removeprefix("House of ")
        assert name in board.data.notes and f"{portion}" in board.data.notes
    # A formula that gives everyone the same price would not be worth documenting.
    assert len(set(board.portion)) >= 3


def test_homes_are_land_named_not_goods_and_at_least_two_steps_apart(board: Board) -> None:
    for f, home in enumerate(board.home):
        assert not board.is_water[home]
        assert board.good_at[home] == 0
        assert board.space_names[home]
        assert board.data.spaces[home].home == board.family_ids[f]
        dist = bfs(board.neighbours, home)
        for other in board.home:
            if other != home:
                assert dist[other] >= 2, (board.family_ids[f], other)
    labelled = [s.id for s in board.data.spaces if s.home is not None]
    assert sorted(labelled) == sorted(board.home)


def test_homes_spread_from_west_to_east(board: Board) -> None:
    xs = [board.data.spaces[h].x for h in board.home]
    width = board.data.view_box[2]
    assert xs == sorted(xs), "families are listed west to east"
    for quarter in range(4):
        lo, hi = width * quarter / 4, width * (quarter + 1) / 4
        assert 2 <= sum(lo <= x < hi for x in xs) <= 3, quarter


def test_33_goods_numbered_1_to_33_with_distinct_names(board: Board) -> None:
    assert board.n_goods == 33
    assert [g.number for g in board.data.goods] == list(range(1, 34))
    names = [g.name.lower() for g in board.data.goods]
    assert len(set(names)) == 33
    assert board.good_names[0] == "" and all(board.good_names[1:])


def test_each_good_has_exactly_one_named_land_space(board: Board) -> None:
    for number in range(1, 34):
        spaces = [s for s in range(board.n_spaces) if board.good_at[s] == number]
        assert spaces == [board.good_space[number]]
        assert not board.is_water[spaces[0]]
        assert board.space_names[spaces[0]]
    assert board.good_space[0] == -1
    assert sum(1 for g in board.good_at if g) == 33


def test_goods_are_spread_along_the_map(board: Board) -> None:
    width = board.data.view_box[2]
    xs = [board.data.spaces[board.good_space[n]].x for n in range(1, 34)]
    for quarter in range(4):
        lo, hi = width * quarter / 4, width * (quarter + 1) / 4
        assert 5 <= sum(lo <= x < hi for x in xs) <= 12, quarter
    # Numbered west to east, so a card's number hints where to look on the map.
    assert xs == sorted(xs)


def test_space_names_are_unique(board: Board) -> None:
    names = [n for n in board.space_names if n is not None]
    assert len(names) == len(set(names))


def test_lookup_tables_agree_with_the_data(board: Board) -> None:
    for s in board.data.spaces:
        assert board.neighbours[s.id] == tuple(sorted(s.neighbours))
        assert board.neighbour_set[s.id] == frozenset(s.neighbours)
        assert board.is_water[s.id] == (s.kind == "water")
        assert board.good_at[s.id] == (s.good or 0)
        assert board.space_names[s.id] == s.name
        expected_home = board.family_index[s.home] if s.home else -1
        assert board.home_at[s.id] == expected_home
    for i, f in enumerate(board.data.families):
        assert board.family_ids[i] == f.id and board.family_index[f.id] == i
        assert board.family_names[i] == f.name
        assert board.home[i] == f.home and board.portion[i] == f.portion


def test_board_is_shared_not_copied() -> None:
    b = default_board()
    assert copy.deepcopy(b) is b and copy.copy(b) is b
    assert copy.deepcopy({"board": b})["board"] is b


def test_fingerprint_ignores_drawing_but_not_rules(raw: Raw) -> None:
    base = parse_board(json.dumps(raw)).fingerprint
    assert base == default_board().fingerprint
    renamed = copy.deepcopy(raw)
    renamed["spaces"][0]["name"] = "Somewhere Else"
    renamed["families"][0]["name"] = "Another House"
    assert parse_board(json.dumps(renamed)).fingerprint == base
    repriced = copy.deepcopy(raw)
    repriced["families"][0]["portion"] = 7 - repriced["families"][0]["portion"]
    assert parse_board(json.dumps(repriced)).fingerprint != base


# --- the validator rejects broken boards ---------------------------------------------------


def space(raw: Raw, i: int) -> Raw:
    s: Raw = raw["spaces"][i]
    return s


def first_where(raw: Raw, pred: Callable[[Raw], bool]) -> Raw:
    return next(s for s in raw["spaces"] if pred(s))


def home_ids(raw: Raw) -> set[int]:
    return {f["home"] for f in raw["families"]}


def break_symmetry(raw: Raw) -> None:
    s = space(raw, 40)
    other = space(raw, s["neighbours"][0])
    other["neighbours"].remove(40)


def add_far_neighbour(raw: Raw) -> None:
    space(raw, 0)["neighbours"].append(121)
    space(raw, 121)["neighbours"].append(0)


def drop_touching_edge(raw: Raw) -> None:
    t = space(raw, 40)["neighbours"][0]
    space(raw, 40)["neighbours"].remove(t)
    space(raw, t)["neighbours"].remove(40)


def isolate_space(raw: Raw) -> None:
    for t in space(raw, 40)["neighbours"]:
        space(raw, t)["neighbours"].remove(40)
    space(raw, 40)["neighbours"] = []


def self_neighbour(raw: Raw) -> None:
    space(raw, 40)["neighbours"].append(40)


def overlap_spaces(raw: Raw) -> None:
    t = space(raw, space(raw, 40)["neighbours"][0])
    space(raw, 40)["x"], space(raw, 40)["y"] = t["x"], t["y"] + 1


def wrong_orientation(raw: Raw) -> None:
    raw["hex"]["orientation"] = "flat"


def shrink_view_box(raw: Raw) -> None:
    raw["viewBox"][2] -= 40


def bad_ids(raw: Raw) -> None:
    space(raw, 5)["id"] = 500


def too_few_spaces(raw: Raw) -> None:
    raw["spaces"] = raw["spaces"][:99]


def good_on_water(raw: Raw) -> None:
    good = raw["goods"][0]
    water = first_where(raw, lambda s: s["kind"] == "water")
    space(raw, good["space"])["good"] = None
    good["space"] = water["id"]
    water["good"] = good["number"]


def drop_a_good(raw: Raw) -> None:
    good = raw["goods"].pop()
    space(raw, good["space"])["good"] = None


def duplicate_good_name(raw: Raw) -> None:
    raw["goods"][1]["name"] = raw["goods"][0]["name"].upper()


def good_on_two_spaces(raw: Raw) -> None:
    plain = first_where(
        raw, lambda s: s["kind"] == "land" and s["good"] is None and s["home"] is None
    )
    plain["good"] = 5
    plain["name"] = plain["name"] or "Second Warehouse"


def unnamed_goods_space(raw: Raw) -> None:
    space(raw, raw["goods"][3]["space"])["name"] = None


def good_number_out_of_range(raw: Raw) -> None:
    good = raw["goods"][-1]
    good["number"] = 34
    space(raw, good["space"])["good"] = 34


def move_home(raw: Raw, family: int, target: Raw) -> None:
    fam = raw["families"][family]
    space(raw, fam["home"])["home"] = None
    fam["home"] = target["id"]
    target["home"] = fam["id"]
    target["name"] = target["name"] or "New Home"


def adjacent_homes(raw: Raw) -> None:
    homes = home_ids(raw)
    other_home = space(raw, raw["families"][5]["home"])
    target = next(
        space(raw, t)
        for t in other_home["neighbours"]
        if space(raw, t)["kind"] == "land" and space(raw, t)["good"] is None and t not in homes
    )
    move_home(raw, 0, target)


def home_on_goods_space(raw: Raw) -> None:
    move_home(raw, 0, space(raw, raw["goods"][16]["space"]))


def home_on_water(raw: Raw) -> None:
    move_home(raw, 0, first_where(raw, lambda s: s["kind"] == "water"))


def home_label_mismatch(raw: Raw) -> None:
    space(raw, raw["families"][2]["home"])["home"] = raw["families"][3]["id"]


def duplicate_symbol(raw: Raw) -> None:
    raw["families"][1]["symbol"] = raw["families"][0]["symbol"]


def unknown_symbol(raw: Raw) -> None:
    raw["families"][1]["symbol"] = "heart"


def similar_colours(raw: Raw) -> None:
    c = raw["families"][0]["colour"]
    raw["families"][1]["colour"] = c[:-1] + ("0" if c[-1] != "0" else "1")
    raw["families"][1]["textColour"] = raw["families"][0]["textColour"]


def unreadable_text_colour(raw: Raw) -> None:
    fam = raw["families"][1]
    fam["textColour"] = "#fff" if fam["textColour"] == "#000" else "#000"


def nine_families(raw: Raw) -> None:
    fam = raw["families"].pop()
    space(raw, fam["home"])["home"] = None


def duplicate_family_id(raw: Raw) -> None:
    space(raw, raw["families"][1]["home"])["home"] = raw["families"][0]["id"]
    raw["families"][1]["id"] = raw["families"][0]["id"]


def portion_too_high(raw: Raw) -> None:
    raw["families"][0]["portion"] = 7


def water_in_no_sea(raw: Raw) -> None:
    raw["seas"][0]["spaces"].pop()


def land_in_a_sea(raw: Raw) -> None:
    raw["seas"][0]["spaces"].append(raw["families"][0]["home"])


def unknown_key(raw: Raw) -> None:
    space(raw, 0)["colour"] = "red"


def string_for_int(raw: Raw) -> None:
    raw["families"][0]["portion"] = str(raw["families"][0]["portion"])


BROKEN: list[tuple[Callable[[Raw], None], str]] = [
    (break_symmetry, r"not symmetric: space 40 lists (\d+) but space \1 does not list 40"),
    (add_far_neighbour, r"spaces 0 and 121 are listed as neighbours but do not touch"),
    (drop_touching_edge, r"touch on the map but are not neighbours"),
    (isolate_space, r"the map is not connected: 1 spaces cannot be reached .*\[40\]"),
    (self_neighbour, r"space 40 lists itself as a neighbour"),
    (overlap_spaces, r"spaces \d+ and \d+ overlap"),
    (wrong_orientation, r"angle that does not fit flat-top hexes"),
    (shrink_view_box, r"sticks out of the viewBox"),
    (bad_ids, r"space ids must be dense and in order 0\.\.121: the space at position 5 has id 500"),
    (too_few_spaces, r"the board has 99 spaces, it needs 100 to 140"),
    (good_on_water, r"good 1 \(\w+\) is on water space"),
    (drop_a_good, r"exactly 33 goods numbered 1\.\.33: found 32, missing \[33\]"),
    (duplicate_good_name, r"good names used twice"),
    (good_on_two_spaces, r"space \d+ has good 5, but good 5 is on space \d+"),
    (unnamed_goods_space, r"space \d+ is a goods space and needs a name"),
    (good_number_out_of_range, r"less than or equal to 33"),
    (adjacent_homes, r"home cities of \w+ \(space \d+\) and \w+ \(space \d+\) are adjacent"),
    (home_on_goods_space, r"home space \d+ is also the goods space of good 17"),
    (home_on_water, r"home space \d+ is water"),
    (home_label_mismatch, r"its home space \d+ has home 'isfahan', expected 'baghdad'"),
    (duplicate_symbol, r"two families share the symbol cross"),
    (unknown_symbol, r"symbol\n.*Input should be 'circle'"),
    (similar_colours, r"colours of families \w+ and \w+ are too similar"),
    (unreadable_text_colour, r"textColour #\w+ reads worse than"),
    (nine_families, r"exactly 10 families, found 9"),
    (duplicate_family_id, r"two families share the id constantinople"),
    (portion_too_high, r"portion\n.*less than or equal to 6"),
    (water_in_no_sea, r"water spaces in no sea"),
    (land_in_a_sea, r"sea Black Sea lists land space"),
    (unknown_key, r"Extra inputs are not permitted"),
    (string_for_int, r"portion\n.*Input should be a valid integer"),
]


def test_unbroken_copy_of_the_board_is_accepted(raw: Raw) -> None:
    # The broken variants below start from this, so each failure is the break's doing.
    assert parse_board(json.dumps(raw)).n_spaces == len(raw["spaces"])


@pytest.mark.parametrize(("breaker", "message"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_validator_rejects_broken_board(
    raw: Raw, breaker: Callable[[Raw], None], message: str
) -> None:
    breaker(raw)
    with pytest.raises(ValidationError, match=message) as info:
        parse_board(json.dumps(raw))
    assert isinstance(info.value, ValueError)


def test_broken_board_file_fails_to_load(tmp_path: Path, raw: Raw) -> None:
    duplicate_symbol(raw)
    path = written(tmp_path, raw)
    with pytest.raises(ValueError, match="two families share the symbol"):
        load_board(path)
