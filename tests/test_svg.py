"""The board drawing (samarkand_core.svg): what it shows, what can be clicked, and that
it only ever reads a player's view."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from web_support import play_until

from samarkand_core import default_board, new_game, view_for
from samarkand_core.board import SYMBOLS
from samarkand_core.state import MARKERS_PER_FAMILY
from samarkand_core.svg import (
    SvgStrings,
    board_svg,
    domain_slots,
    family_chip,
    space_name,
    symbol_shape,
)

NS = "{http://www.w3.org/2000/svg}"
BOARD = default_board()


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, attr: str) -> dict[str, ET.Element]:
    return {g.get(attr, ""): g for g in root.iter(f"{NS}g") if g.get(attr) is not None}


def named(g: ET.Element) -> ET.Element:
    """The element that carries a space's or domain's role and name: itself, or for a
    legal domain its face (the button holds only the family's name as words)."""
    if g.get("role"):
        return g
    face = next(c for c in g if c.get("class") == "domain-face")
    assert face.get("role") == "button"
    face_words = "".join(texts(face)).strip()
    assert face_words and face_words in (face.get("aria-label") or "")
    return face


def texts(el: ET.Element) -> list[str]:
    return [(t.text or "").strip() for t in el.iter(f"{NS}text")]  # SVG drops edge spaces


def test_svg_is_well_formed_and_has_every_space_and_family_domain() -> None:
    root = parse(board_svg(view_for(new_game(["Ann", "Bob", "Cem"], 1), 0)))
    spaces = groups(root, "data-space")
    families = groups(root, "data-family")
    assert sorted(map(int, spaces)) == list(range(BOARD.n_spaces))
    assert sorted(families) == sorted(BOARD.family_ids)
    assert root.get("viewBox") and root.get("aria-label")


def test_every_space_and_domain_has_an_accessible_name() -> None:
    root = parse(board_svg(view_for(new_game(["Ann", "Bob"], 2), 0)))
    for g in [*groups(root, "data-space").values(), *groups(root, "data-family").values()]:
        g = named(g)
        assert (g.get("aria-label") or "").strip()
        assert g.get("role") in ("button", "img")


def test_legal_spaces_and_families_are_buttons_with_class_legal_and_tabindex() -> None:
    view = view_for(new_game(["Ann", "Bob", "Cem"], 3), 0)
    fam = BOARD.family_ids[2]
    svg = board_svg(view, legal_spaces=[5, 40], legal_families=[fam],
                    selected_family=BOARD.family_ids[0])
    root = parse(svg)
    for sid, g in groups(root, "data-space").items():
        legal = sid in ("5", "40")
        assert ("legal" in g.get("class", "").split()) == legal
        assert (g.get("tabindex") == "0") == legal
        assert (g.get("role") == "button") == legal
        if legal:
            assert g.get("aria-label", "").startswith("Place a camel of the")
    for fid, g in groups(root, "data-family").items():
        legal = fid == fam
        assert ("legal" in g.get("class", "").split()) == legal
        assert (named(g).get("tabindex") == "0") == legal
        if legal:
            assert named(g).get("aria-label", "").startswith("Marry into the")
    selected = groups(root, "data-family")[BOARD.family_ids[0]]
    assert "selected" in selected.get("class", "").split()


def test_legal_spaces_are_marked_by_a_dashed_hatched_outline_not_colour_only() -> None:
    svg = board_svg(view_for(new_game(["Ann", "Bob"], 1), 0), legal_spaces=[7])
    g = groups(parse(svg), "data-space")["7"]
    marks = [p for p in g.iter(f"{NS}polygon") if "legal-mark" in p.get("class", "")]
    assert marks and marks[0].get("stroke-dasharray") and "url(#legal-hatch)" in marks[0].get(
        "fill", "")
    assert 'id="legal-hatch"' in svg


def test_camels_are_drawn_in_their_familys_colour_and_symbol_two_slots_per_space() -> None:
    s = play_until(lambda s: any(len(o) == 2 for o in s.occ))
    root = parse(board_svg(view_for(s, 0)))
    spaces = groups(root, "data-space")
    for i, occ in enumerate(s.occ):
        camels = [g for g in spaces[str(i)].iter(f"{NS}g") if g.get("data-camel")]
        assert [g.get("data-camel") for g in camels] == [BOARD.family_ids[f] for f in occ]
        for g, f in zip(camels, occ, strict=True):
            disc = next(g.iter(f"{NS}circle"))
            assert disc.get("fill") == BOARD.data.families[f].colour
            assert len(list(g)) == 2  # the disc and the family's symbol
        if len(camels) == 2:
            xs = [float(next(g.iter(f"{NS}circle")).get("cx", "0")) for g in camels]
            assert xs[0] < xs[1]


def test_home_cities_show_their_camel_and_name_at_the_start() -> None:
    root = parse(board_svg(view_for(new_game(["Ann", "Bob"], 1), 0)))
    spaces = groups(root, "data-space")
    for f, home in enumerate(BOARD.home):
        g = spaces[str(home)]
        assert "home" in g.get("class", "").split()
        assert BOARD.space_names[home] in texts(g)
        assert [c.get("data-camel") for c in g.iter(f"{NS}g") if c.get("data-camel")] == [
            BOARD.family_ids[f]]


def test_goods_spaces_show_number_and_name_and_whether_the_marker_is_taken() -> None:
    s = play_until(lambda s: any(o >= 0 for o in s.marker_owner[1:]))
    root = parse(board_svg(view_for(s, 0)))
    spaces = groups(root, "data-space")
    for good in range(1, BOARD.n_goods + 1):
        g = spaces[str(BOARD.good_space[good])]
        assert BOARD.good_names[good] in texts(g) and str(good) in texts(g)
        marker = next(c for c in g.iter(f"{NS}circle") if c.get("class") == "goods-marker")
        taken = s.marker_owner[good] >= 0
        assert (marker.get("fill") == "none") == taken
        assert ("goods marker on the board" in g.get("aria-label", "")) == (not taken)


def test_seas_are_labelled_and_water_spaces_drawn_as_water() -> None:
    root = parse(board_svg(view_for(new_game(["Ann", "Bob"], 1), 0)))
    sea_labels = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "sea-name"]
    assert sorted(sea_labels) == sorted(sea.name for sea in BOARD.data.seas)
    spaces = groups(root, "data-space")
    for i in range(BOARD.n_spaces):
        assert ("water" in spaces[str(i)].get("class", "").split()) == BOARD.is_water[i]


def domain_numbers(g: ET.Element) -> list[str]:
    return [t for t in texts(g) if t.isdigit()]


def test_family_domains_show_portion_treasury_camels_and_markers() -> None:
    s = play_until(lambda s: any(m < MARKERS_PER_FAMILY for m in s.markers_left)
                   and any(s.treasury))
    root = parse(board_svg(view_for(s, 1)))
    for f, fid in enumerate(BOARD.family_ids):
        g = groups(root, "data-family")[fid]
        assert domain_numbers(g) == [str(BOARD.portion[f]), str(s.treasury[f]),
                                     str(s.camels_left[f]), str(s.markers_left[f])]
        label = g.get("aria-label", "")
        assert f"treasury {s.treasury[f]}" in label
        assert f"{s.domain_tiles[f]} family tiles" in label
        green = s.markers_left[f] == MARKERS_PER_FAMILY
        assert ("dark green marker on top" in label) == green
        tiles = [r for r in g.iter(f"{NS}rect") if "tile" in r.get("class", "").split()]
        filled = [r for r in tiles if r.get("fill") == BOARD.data.families[f].colour]
        assert len(tiles) == 2 and len(filled) == s.domain_tiles[f]


def test_two_player_tiles_out_of_the_game_are_crossed_on_their_domain() -> None:
    s = play_until(lambda s: bool(s.removed), players=2)
    f = s.removed[0]
    g = groups(parse(board_svg(view_for(s, 0))), "data-family")[BOARD.family_ids[f]]
    assert any("removed" in r.get("class", "").split() for r in g.iter(f"{NS}rect"))
    assert any(p.get("stroke") == "#8b1a1a" for p in g.iter(f"{NS}path"))


def test_domains_sit_near_their_home_half_above_half_below() -> None:
    slots = domain_slots(BOARD)
    assert sorted(slots) == [(b, c) for b in (0, 1) for c in range(5)]
    ys = {band: [BOARD.data.spaces[BOARD.home[f]].y for f in range(10) if slots[f][0] == band]
          for band in (0, 1)}
    assert max(ys[0]) <= min(ys[1])


def test_last_placed_camels_are_ringed() -> None:
    s = play_until(lambda s: any(len(o) == 1 and not BOARD.is_water[i] and BOARD.home_at[i] < 0
                                 for i, o in enumerate(s.occ)))
    space = next(i for i, o in enumerate(s.occ) if o and BOARD.home_at[i] < 0)
    g = groups(parse(board_svg(view_for(s, 0), last_spaces=[space])), "data-space")[str(space)]
    assert "last" in g.get("class", "").split()
    assert any(c.get("class") == "last-ring" for c in g.iter(f"{NS}circle"))


def test_drawing_is_the_same_for_every_viewer_so_no_hand_can_leak() -> None:
    s = play_until(lambda s: s.turn > 20, players=4)
    drawings = {board_svg(view_for(s, p)) for p in range(4)}
    assert len(drawings) == 1


def test_every_family_symbol_is_an_svg_shape() -> None:
    for symbol in SYMBOLS:
        el = ET.fromstring(symbol_shape(symbol, 10, 10, 5, "#123456"))
        assert el.tag in ("circle", "rect", "polygon", "path")
        assert el.get("fill") == "#123456"
    shapes = {symbol_shape(s, 10, 10, 5, "#000") for s in SYMBOLS}
    assert len(shapes) == len(SYMBOLS)  # all different


def test_family_chip_is_a_standalone_svg_with_optional_name() -> None:
    chip = ET.fromstring(family_chip(BOARD, 3, 18, "House X"))
    assert chip.get("aria-label") == "House X" and chip.get("role") == "img"
    assert ET.fromstring(family_chip(BOARD, 3)).get("aria-hidden") == "true"


def test_strings_translate_every_word_of_the_drawing() -> None:
    german = SvgStrings(portion="Mitgift", treasury="Kasse", tiles="Plättchen", camels="Kamele",
                        markers="Steine", marry_label="In {family} einheiraten ({portion})",
                        family_names={fid: f"Haus {fid}" for fid in BOARD.family_ids},
                        good_names={1: "Datteln"}, sea_names={"Red Sea": "Rotes Meer"})
    fid = BOARD.family_ids[0]
    svg = board_svg(view_for(new_game(["Ann", "Bob"], 1), 0), legal_families=[fid],
                    strings=german)
    root = parse(svg)
    g = groups(root, "data-family")[fid]
    assert named(g).get("aria-label") == f"In Haus {fid} einheiraten ({BOARD.portion[0]})"
    for word in ("Mitgift", "Kasse", "Kamele", "Steine", "Datteln", "Rotes Meer"):
        assert word in svg
    assert ">portion<" not in svg and ">Red Sea<" not in svg


@pytest.mark.parametrize("space", [0, 1, BOARD.home[0], BOARD.good_space[1]])
def test_space_names_in_words(space: int) -> None:
    name = space_name(BOARD, space)
    assert name
    if BOARD.good_at[space]:
        assert name.startswith(f"{BOARD.good_names[BOARD.good_at[space]]} {BOARD.good_at[space]}")
    elif BOARD.home_at[space] >= 0:
        assert "home city" in name


def test_svg_escapes_names() -> None:
    strings = SvgStrings(family_names={BOARD.family_ids[0]: 'A<b>&"c'})
    svg = board_svg(view_for(new_game(["Ann", "Bob"], 1), 0), strings=strings)
    parse(svg)  # still well-formed
    assert "A<b>" not in svg and re.search(r"A&lt;b&gt;&amp;", svg)
