"""The board drawing (samarkand_core.draw.board): what it shows, what can be clicked, and that
it only ever reads a player's view."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from samarkand_core import default_board, new_game, view_for
from samarkand_core.board import SYMBOLS
from samarkand_core.draw.board import (
    CAMEL_DX,
    CAMEL_DY,
    CAMEL_DY_MID,
    CAMEL_R,
    LABEL_SIZE,
    MARKER_DY,
    MARKER_GOLD,
    MARKER_R,
    NAME_DY,
    SvgStrings,
    board_svg,
    domain_slots,
    family_chip,
    highlight_ring,
    label_room,
    player_badges,
    space_label,
    space_name,
    symbol_shape,
    text_width,
)
from samarkand_core.state import MARKERS_PER_FAMILY
from tests.support.web_support import play_until

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


def labels(root: ET.Element) -> dict[int, ET.Element]:
    """The names on the map (one layer over all spaces), by space id."""
    return {int(t.get("data-label-of", "")): t for t in root.iter(f"{NS}text")
            if t.get("data-label-of") is not None}


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


def test_legal_spaces_are_marked_by_a_dashed_outline_not_colour_only() -> None:
    svg = board_svg(view_for(new_game(["Ann", "Bob"], 1), 0), legal_spaces=[7])
    g = groups(parse(svg), "data-space")["7"]
    marks = [p for p in g.iter(f"{NS}polygon") if "legal-mark" in p.get("class", "")]
    assert marks and marks[0].get("stroke-dasharray")
    assert marks[0].get("fill") == "none"  # nothing laid over the space's name and number


def test_legal_domains_are_framed_so_the_board_stays_readable_when_all_ten_are() -> None:
    """At the start every domain may be legal; a dashed frame marks
    them (not colour alone) and nothing is laid over their contents."""
    view = view_for(new_game(["Ann", "Bob", "Cem"], 1), 0)
    root = parse(board_svg(view, legal_families=BOARD.family_ids))
    for fid, g in groups(root, "data-family").items():
        marks = [r for r in g.iter(f"{NS}rect") if "legal-mark" in r.get("class", "")]
        assert len(marks) == 1 and marks[0].get("stroke-dasharray"), fid
        assert marks[0].get("fill") == "none", fid
        assert not any("url(" in (el.get("fill") or "") for el in g.iter()), fid
        assert "Marry into the" in named(g).get("aria-label", "")


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
    names = labels(root)
    for f, home in enumerate(BOARD.home):
        g = spaces[str(home)]
        assert "home" in g.get("class", "").split()
        assert names[home].text == BOARD.space_names[home]
        assert names[home].get("font-weight") == "bold"
        assert [c.get("data-camel") for c in g.iter(f"{NS}g") if c.get("data-camel")] == [
            BOARD.family_ids[f]]


def test_goods_spaces_show_number_and_name_and_whether_the_marker_is_taken() -> None:
    s = play_until(lambda s: any(o >= 0 for o in s.marker_owner[1:]))
    root = parse(board_svg(view_for(s, 0)))
    spaces = groups(root, "data-space")
    names = labels(root)
    for good in range(1, BOARD.n_goods + 1):
        space = BOARD.good_space[good]
        g = spaces[str(space)]
        assert names[space].text == BOARD.good_names[good]
        assert str(good) in texts(g)
        marker = next(c for c in g.iter(f"{NS}circle") if c.get("class") == "goods-marker")
        taken = s.marker_owner[good] >= 0
        assert (marker.get("fill") == MARKER_GOLD) != taken
        assert (marker.get("stroke-dasharray") != "none") == taken
        assert ("goods marker on the board" in g.get("aria-label", "")) == (not taken)


def test_every_named_land_space_shows_its_name_on_the_map() -> None:
    """Goods spaces show their good; home cities and towns their own name; so a name
    the log or a card uses is one the map shows."""
    names = labels(parse(board_svg(view_for(new_game(["Ann", "Bob"], 1), 0))))
    for i in range(BOARD.n_spaces):
        if BOARD.is_water[i] or not (BOARD.good_at[i] or BOARD.space_names[i]):
            assert i not in names
        else:
            assert names[i].text == space_label(BOARD, i)[0]


def test_every_word_and_number_is_drawn_at_least_label_size() -> None:
    """Map labels at least 11 CSS px at 1280x800, where the board is
    drawn about 900 px wide (0.92 px a unit): 12 units or more. A label that is too long
    is squeezed sideways (textLength), never drawn smaller."""
    s = play_until(lambda s: s.turn > 25, players=5)
    root = parse(board_svg(view_for(s, 0), legal_families=BOARD.family_ids[:3]))
    sizes = [float(t.get("font-size") or 0) for t in root.iter(f"{NS}text")]
    assert len(sizes) > 150
    assert min(sizes) >= LABEL_SIZE >= 12.0


def _label_box(space: int) -> tuple[float, float, float, float]:
    sp = BOARD.data.spaces[space]
    text, bold = space_label(BOARD, space)
    w = min(text_width(text, LABEL_SIZE, bold), label_room(BOARD)[space])
    # cap height above the baseline, descenders below
    return (sp.x - w / 2, sp.y + NAME_DY - 0.72 * LABEL_SIZE, sp.x + w / 2,
            sp.y + NAME_DY + 0.21 * LABEL_SIZE)


def _circle_hits_box(cx: float, cy: float, r: float,
                     box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
    return (cx - nx) ** 2 + (cy - ny) ** 2 < r * r


def test_camels_leave_every_name_and_goods_number_readable() -> None:
    """A camel in either place of any land space (its own or a
    neighbour's) covers neither a name nor a goods number."""
    data = BOARD.data
    camels = []
    for sp in data.spaces:
        named = bool(space_label(BOARD, sp.id)[0])
        dy = CAMEL_DY if named else CAMEL_DY_MID
        camels += [(sp.x + k * CAMEL_DX, sp.y + dy) for k in (-1, 1)]
    for sp in data.spaces:
        if space_label(BOARD, sp.id)[0]:
            box = _label_box(sp.id)
            assert not any(_circle_hits_box(x, y, CAMEL_R, box) for x, y in camels), sp.id
        if BOARD.good_at[sp.id]:
            mx, my = sp.x, sp.y + MARKER_DY
            assert all((x - mx) ** 2 + (y - my) ** 2 >= (CAMEL_R + MARKER_R) ** 2
                       for x, y in camels), sp.id


def test_names_side_by_side_never_overlap_and_are_squeezed_little() -> None:
    step = BOARD.data.hex_grid.radius * 3 ** 0.5
    room = label_room(BOARD)
    by_pos = {(round(sp.x), round(sp.y)): sp.id for sp in BOARD.data.spaces}
    for sp in BOARD.data.spaces:
        text, bold = space_label(BOARD, sp.id)
        if not text:
            continue
        need = text_width(text, LABEL_SIZE, bold)
        assert room[sp.id] >= 0.85 * need, text  # squeezed by 15% at most
        j = by_pos.get((round(sp.x + step), round(sp.y)))
        if j is not None and space_label(BOARD, j)[0]:
            left, right = _label_box(sp.id), _label_box(j)
            assert left[2] + 2 <= right[0], (text, space_label(BOARD, j)[0])


def test_player_badges_tell_players_apart_without_colour() -> None:
    """A badge per player, their initial; two players with the same
    initial are told apart by two letters, or by letter and seat number."""
    assert player_badges(["Ann", "Bob", "Cem"]) == ("A", "B", "C")
    assert player_badges(["Ann", "Alf", "Bob"]) == ("An", "Al", "B")
    assert player_badges(["Me", "Bot 2 (heuristic)", "Bot 3 (search)"]) == ("M", "B2", "B3")
    assert player_badges(["ann", "Anna"]) == ("A1", "A2")
    for names in (["Ann", "Ann2", "Anna", "B"], ["B2", "Bot 2", "Bot"], ["", " ", "x"]):
        badges = player_badges(names)
        assert len(set(badges)) == len(names) and all(badges), names


def test_each_domain_shows_the_badge_of_every_player_who_married_in() -> None:
    s = play_until(lambda s: sum(1 for f in range(10) if any(t[f] for t in s.tiles)) >= 4,
                   players=4)
    view = view_for(s, 0)
    badges = player_badges(s.names)
    root = parse(board_svg(view))
    for f, fid in enumerate(BOARD.family_ids):
        g = groups(root, "data-family")[fid]
        shown = sorted(t.text or "" for t in g.iter(f"{NS}text")
                       if "tile-badge" in t.get("class", "").split())
        expected = sorted(badges[p] for p in range(s.n) for _ in range(s.tiles[p][f]))
        assert shown == expected, fid
        for p in range(s.n):
            assert (s.names[p] in g.get("aria-label", "")) == bool(s.tiles[p][f]), fid


def test_two_player_domains_show_a_badge_per_tile_held() -> None:
    """docs/rules.md, Two players: a player may hold two tiles of one family."""
    s = play_until(lambda s: any(2 in t for t in s.tiles), players=2)
    p = next(p for p in range(2) if 2 in s.tiles[p])
    f = s.tiles[p].index(2)
    g = groups(parse(board_svg(view_for(s, 0))), "data-family")[BOARD.family_ids[f]]
    badge = player_badges(s.names)[p]
    assert [t.text for t in g.iter(f"{NS}text")
            if "tile-badge" in t.get("class", "").split()] == [badge, badge]


def test_highlight_layer_lies_over_the_spaces_and_under_the_names() -> None:
    root = parse(board_svg(view_for(new_game(["Ann", "Bob"], 1), 0)))
    layers = root.find(f"{NS}g")
    assert layers is not None
    order = [el.get("data-space") or el.get("class") for el in layers]
    assert order.index("map-highlight") > max(i for i, x in enumerate(order)
                                              if x and x.isdigit())
    assert order.index("space-labels") > order.index("map-highlight")
    ring = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">'
                         f'{highlight_ring(BOARD, 40)}</g>')
    assert [p.get("fill") for p in ring] == ["none", "none"]


def test_seas_are_labelled_and_water_spaces_drawn_as_water() -> None:
    root = parse(board_svg(view_for(new_game(["Ann", "Bob"], 1), 0)))
    sea_labels = [t.text or "" for t in root.iter(f"{NS}text") if t.get("class") == "sea-name"]
    assert sorted(sea_labels) == sorted(sea.name for sea in BOARD.data.seas)
    spaces = groups(root, "data-space")
    for i in range(BOARD.n_spaces):
        assert ("water" in spaces[str(i)].get("class", "").split()) == BOARD.is_water[i]


def domain_numbers(g: ET.Element) -> list[str]:
    return [t for t in texts(g) if t.isdigit()]


def test_family_domains_show_portion_treasury_camels_and_markers() -> None:
    """The numbers of each domain, in order, and the same in words for screen readers."""
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
    german = SvgStrings(marry_label="In {family} einheiraten ({portion})",
                        married_label=", eingeheiratet: {players}",
                        family_names={fid: f"Haus {fid}" for fid in BOARD.family_ids},
                        good_names={1: "Datteln"}, sea_names={"Red Sea": "Rotes Meer"})
    s = play_until(lambda s: any(s.tiles[0]))
    fid = BOARD.family_ids[s.tiles[0].index(1)]
    other = next(f for f in BOARD.family_ids if f != fid)
    svg = board_svg(view_for(s, 0), legal_families=[other], strings=german)
    root = parse(svg)
    g = groups(root, "data-family")[other]
    assert named(g).get("aria-label", "").startswith(f"In Haus {other} einheiraten (")
    assert "eingeheiratet: Ann" in groups(root, "data-family")[fid].get("aria-label", "")
    for word in ("Datteln", "Rotes Meer", f"Haus {fid}"):
        assert word in svg
    assert ">Red Sea<" not in svg and ">Dates<" not in svg


@pytest.mark.parametrize("space", [0, 1, BOARD.home[0], BOARD.good_space[1]])
def test_space_names_in_words(space: int) -> None:
    name = space_name(BOARD, space)
    assert name
    if BOARD.good_at[space]:
        # named by what the map shows: the good and its number, not a town
        assert name == f"{BOARD.good_names[BOARD.good_at[space]]} {BOARD.good_at[space]}"
    elif BOARD.home_at[space] >= 0:
        assert "home city" in name


def test_unnamed_land_is_named_by_a_neighbour_the_map_shows() -> None:
    """A log line or a screen reader never names a place the map does not show: an
    unnamed land space is "land east of Kerman", one name per space."""
    names = {}
    for i in range(BOARD.n_spaces):
        if BOARD.is_water[i] or BOARD.space_names[i]:
            continue
        name = space_name(BOARD, i)
        m = re.fullmatch(r"land (east|west|north-east|north-west|south-east|south-west) of "
                         r"(.+)|land space (\d+)", name)
        assert m, name
        if m.group(2):
            j = next(j for j in BOARD.neighbours[i]
                     if BOARD.space_names[j] and space_name(BOARD, j) == m.group(2))
            dx = BOARD.data.spaces[i].x - BOARD.data.spaces[j].x
            assert ("east" in m.group(1)) == (dx > 0)
        names[name] = i
    assert len(names) == sum(1 for i in range(BOARD.n_spaces)
                             if not BOARD.is_water[i] and not BOARD.space_names[i])
    assert sum(1 for n in names if n.startswith("land space")) <= 1


def test_svg_escapes_names() -> None:
    strings = SvgStrings(family_names={BOARD.family_ids[0]: 'A<b>&"c'})
    svg = board_svg(view_for(new_game(["Ann", "Bob"], 1), 0), strings=strings)
    parse(svg)  # still well-formed
    assert "A<b>" not in svg and re.search(r"A&lt;b&gt;&amp;", svg)
