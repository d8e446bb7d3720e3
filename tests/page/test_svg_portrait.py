"""The upright board for a phone (samarkand_core.draw.board, portrait=True) and the page's
choice of it: the map turned a quarter clockwise with every word upright, the ten
domains two abreast above and below it, each drawn once and inside the drawing, the
labels large enough at a 360 px screen's width, and the page's arithmetic around it
(web/zoom.js). The e2e measure in the browser is tests/e2e/test_phone.py."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from samarkand_web.view.render import render
from samarkand_web.words import i18n

from samarkand_core import GameState, default_board, encode_save, new_game, view_for
from samarkand_core.draw.board import (
    LABEL_SIZE,
    SEA_SIZE,
    SEA_WIDER,
    board_pieces,
    board_svg,
    highlight_ring,
    label_room,
    space_label,
    svg_size,
    text_width,
)
from samarkand_core.draw.style import space_xy
from samarkand_core.draw.svgkit import num
from samarkand_core.state import MAIN
from tests.support.web_support import make_app, play_until

NS = "{http://www.w3.org/2000/svg}"
BOARD = default_board()
PHONE_BOARD_PX = 348  # the board's width on a 360 px screen (6 px of page either side)
MIN_LABEL_PX = 10  # the smallest word on the board, in CSS px (issue: "at least 10")


def midgame() -> GameState:
    return play_until(lambda s: s.turn > 12 and s.phase == MAIN and s.current_player == 0
                      and any(s.tiles[0]), players=3)


def drawing(lang: str = "en", **marks: object) -> ET.Element:
    state = midgame()
    strings = i18n.svg_strings(lang)
    return ET.fromstring(board_svg(view_for(state, 0), strings=strings, portrait=True,
                                   **marks))  # type: ignore[arg-type]


def view_box(root: ET.Element) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in (root.get("viewBox") or "").split())
    return x, y, w, h


def map_offset(root: ET.Element) -> float:
    """The y the map group is moved down by (the band of domains above it)."""
    g = next(g for g in root.iter(f"{NS}g") if g.get("class") == "map")
    m = re.fullmatch(r"translate\(0 ([\d.]+)\)", g.get("transform") or "")
    assert m is not None
    return float(m.group(1))


def points(el: ET.Element) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in
            (p.split(",") for p in (el.get("points") or "").split())]


def test_portrait_drawing_is_tall_and_narrow_enough_for_labels_of_10px_at_360() -> None:
    """A 360 px screen shows the whole width of the upright board with every label at
    least 10 CSS px tall (phone brief: "map labels at least 10 CSS px")."""
    w, h = svg_size(BOARD, portrait=True)
    lw, lh = svg_size(BOARD)
    assert h > w and lw > lh  # upright, where the landscape one lies across
    assert w == pytest.approx(BOARD.data.view_box[3])  # the map's height is its width
    root = drawing()
    assert view_box(root)[2:] == pytest.approx((w, h), abs=0.05)
    sizes = [float(t.get("font-size") or 0) for t in root.iter(f"{NS}text")]
    assert len(sizes) > 100 and min(sizes) >= LABEL_SIZE
    assert min(sizes) * PHONE_BOARD_PX / w >= MIN_LABEL_PX


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_every_space_and_domain_is_drawn_once_inside_the_drawing(lang: str) -> None:
    """Every space and every domain once, each inside the viewBox; the hexes flat-topped
    (the pointy map turned a quarter); the domains apart from each other and the map."""
    root = drawing(lang)
    minx, miny, w, h = view_box(root)
    top = map_offset(root)
    spaces = [g for g in root.iter(f"{NS}g") if g.get("data-space") is not None]
    assert sorted(int(g.get("data-space") or -1) for g in spaces) == list(range(BOARD.n_spaces))
    map_w, map_h = w, h - top - (h - top - BOARD.data.view_box[2])
    for g in spaces:
        hexagon = next(p for p in g.iter(f"{NS}polygon") if p.get("class") == "hex")
        pts = points(hexagon)
        assert all(minx <= x <= minx + map_w and 0 <= y + top <= h for x, y in pts)
        ys = sorted({round(y, 1) for _, y in pts})
        assert len(ys) == 3  # flat-topped: two corners on top, two at the bottom, two mid
    families = [g for g in root.iter(f"{NS}g") if g.get("data-family") is not None]
    assert sorted(g.get("data-family") or "" for g in families) == sorted(BOARD.family_ids)
    boxes = []
    for g in families:
        rect = next(r for r in g.iter(f"{NS}rect") if r.get("class") == "domain-box")
        x, y, bw, bh = (float(rect.get(k) or 0) for k in ("x", "y", "width", "height"))
        assert minx <= x and x + bw <= minx + w and miny <= y and y + bh <= miny + h
        assert y + bh <= top or y >= top + map_h  # in a band, never over the map
        boxes.append((x, y, bw, bh))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                     or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])
            assert apart, (a, b)
    above = sum(1 for b in boxes if b[1] < top)
    assert above == (BOARD.n_families + 1) // 2  # half above, half below


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_names_stay_upright_inside_the_map_at_full_size(lang: str) -> None:
    """Each land space's name once, upright (no rotation), at LABEL_SIZE (a long one
    squeezed, never shrunk), and no wider than the map leaves at its place."""
    root = drawing(lang)
    w = view_box(root)[2]
    strings = i18n.svg_strings(lang)
    room = label_room(BOARD, strings, portrait=True)
    names = {int(t.get("data-label-of") or -1): t for t in root.iter(f"{NS}text")
             if t.get("data-label-of") is not None}
    named = [i for i in range(BOARD.n_spaces) if space_label(BOARD, i, strings)[0]]
    assert sorted(names) == named
    for i, t in names.items():
        assert t.get("transform") is None and float(t.get("font-size") or 0) == LABEL_SIZE
        x, _ = space_xy(BOARD, i, portrait=True)
        assert float(t.get("x") or 0) == pytest.approx(x, abs=0.05)
        width = float(t.get("textLength") or 0) or room[i]
        assert width <= room[i] and x - width / 2 >= 0 and x + width / 2 <= w
    for sea in (t for t in root.iter(f"{NS}text") if t.get("class") == "sea-name"):
        assert 0 < float(sea.get("x") or 0) < w


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_a_sea_one_hex_wide_keeps_its_name_on_the_sea(lang: str) -> None:
    """The upright map's Black Sea is one hex wide, at the map's edge: its name lies on
    the sea, across it where it fits and down it where it does not. Moved in from the
    edge, "Schwarzes Meer" lay over Constantinople and its family's camel."""
    strings = i18n.svg_strings(lang, BOARD)
    root = ET.fromstring(board_svg(view_for(midgame(), 0), strings=strings, portrait=True))
    names = {t.text: t for t in root.iter(f"{NS}text") if t.get("class") == "sea-name"}
    r = BOARD.data.hex_grid.radius
    columns = 0
    for sea in BOARD.data.seas:
        points = [space_xy(BOARD, i, portrait=True) for i in sea.spaces]
        if len(points) < 2 or len({round(x, 1) for x, _ in points}) != 1:
            continue
        columns += 1
        x = points[0][0]
        top = min(y for _, y in points) - r * math.sqrt(3) / 2
        bottom = max(y for _, y in points) + r * math.sqrt(3) / 2
        name = strings.sea_names[sea.name]
        t = names[name]
        long = text_width(name, SEA_SIZE) * SEA_WIDER
        turn = t.get("transform")
        if turn is None:  # across: within the column's width
            mid = float(t.get("x") or 0)
            assert x - r <= mid - long / 2 and mid + long / 2 <= x + r, name
        else:  # down: turned a quarter about its middle, which is on the column
            m = re.fullmatch(r"rotate\(90 ([\d.]+) ([\d.]+)\)", turn)
            assert m is not None, turn
            cx, cy = float(m.group(1)), float(m.group(2))
            assert cx == pytest.approx(x, abs=0.05)
            assert top <= cy - long / 2 and cy + long / 2 <= bottom, name
    assert columns  # the board has such a sea


Box = tuple[float, float, float, float]  # left, right, top, bottom


def word_box(t: ET.Element, size: float, width: float) -> Box:
    """Where a word drawn by `t` lies (a glyph from three quarters of its size above the
    baseline to a fifth below), turned a quarter about its rotation's centre if it is."""
    x, y = float(t.get("x") or 0), float(t.get("y") or 0)
    left, right, top, bottom = x - width / 2, x + width / 2, y - size * 0.75, y + size * 0.22
    turn = t.get("transform")
    if turn is None:
        return left, right, top, bottom
    m = re.fullmatch(r"rotate\(90 ([\d.]+) ([\d.]+)\)", turn)
    assert m is not None, turn
    cx, cy = float(m.group(1)), float(m.group(2))  # (x, y) turns to (cx - (y - cy), cy + (x - cx))
    return cx - (bottom - cy), cx - (top - cy), cy + left - cx, cy + right - cx


@pytest.mark.parametrize("portrait", [True, False], ids=["upright", "wide"])
@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_no_sea_name_lies_over_a_land_name_or_goods_number(lang: str, portrait: bool) -> None:
    """docs/play.md, "Playing" (on a phone held upright): a sea's name may reach over
    land hexes but never over a space's name or goods marker, on either board. "Golf von
    Bengalen" (and "Golfo del Bengala"), moved in from the upright map's edge, lay over
    "Reis" ("Riso") and runs down its sea's longest column now; "Persischer Golf" on the
    wide board touched the pearls' marker and moves a little along its row."""
    strings = i18n.svg_strings(lang, BOARD)
    root = ET.fromstring(board_svg(view_for(midgame(), 0), strings=strings,
                                   portrait=portrait))
    land: list[tuple[str, Box]] = []
    for t in root.iter(f"{NS}text"):
        if t.get("data-label-of") is not None:
            bold = t.get("font-weight") == "bold"
            width = float(t.get("textLength") or 0) or text_width(t.text or "", LABEL_SIZE, bold)
            land.append((t.text or "", word_box(t, LABEL_SIZE, width)))
    for c in root.iter(f"{NS}circle"):
        if c.get("class") == "goods-marker":
            x, y, r = (float(c.get(k) or 0) for k in ("cx", "cy", "r"))
            land.append(("a goods marker", (x - r, x + r, y - r, y + r)))
    seas = [t for t in root.iter(f"{NS}text") if t.get("class") == "sea-name"]
    assert len(seas) == len(BOARD.data.seas) and land
    for t in seas:
        name = t.text or ""
        sl, sr, st, sb = word_box(t, SEA_SIZE, text_width(name, SEA_SIZE) * SEA_WIDER)
        under = [word for word, (ll, lr, lt, lb) in land
                 if sl < lr and ll < sr and st < lb and lt < sb]
        assert not under, f"{name} lies over {under}"


def test_the_map_is_turned_a_quarter_clockwise() -> None:
    """West at the top, north on the right: Constantinople (far west) above Chang'an (far
    east); a space further north than another is further right."""
    xy = {sp.name: space_xy(BOARD, sp.id, portrait=True) for sp in BOARD.data.spaces
          if sp.name}
    assert xy["Constantinople"][1] < xy["Chang'an"][1]
    for a in BOARD.data.spaces:
        for b in BOARD.data.spaces[:5]:
            if a.y < b.y:
                assert space_xy(BOARD, a.id, True)[0] > space_xy(BOARD, b.id, True)[0]
    # neighbours stay one hex apart: the turn keeps the map's shape
    step = math.sqrt(3) * BOARD.data.hex_grid.radius
    for i in range(BOARD.n_spaces):
        for j in BOARD.neighbours[i]:
            (x1, y1), (x2, y2) = space_xy(BOARD, i, True), space_xy(BOARD, j, True)
            assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(step, abs=0.6)


def test_portrait_keeps_the_data_attributes_that_clicks_and_tooltips_read() -> None:
    """The same pieces by the same keys, with the same data attributes, roles and names
    as the landscape drawing: clicks, tooltips and the coach's marks come from them."""
    state = new_game(["Ann", "Bob"], 1)
    marks = {"legal_families": BOARD.family_ids[:3], "suggested_families": BOARD.family_ids[:1]}
    wide = board_pieces(view_for(state, 0), **marks)  # type: ignore[arg-type]
    tall = board_pieces(view_for(state, 0), portrait=True, **marks)  # type: ignore[arg-type]
    assert [p.key for p in wide] == [p.key for p in tall]

    def attrs(markup: str) -> list[str]:
        return re.findall(r'(?:data-[a-z-]+|role|aria-label|tabindex)="[^"]*"', markup)

    for a, b in zip(wide, tall, strict=True):
        if a.key:
            assert attrs(a.markup) == attrs(b.markup), a.key


def test_the_highlight_ring_circles_the_space_where_the_portrait_draws_it() -> None:
    space = 40
    x, y = space_xy(BOARD, space, portrait=True)
    found = re.search(r'points="([^"]+)"', highlight_ring(BOARD, space, portrait=True))
    assert found is not None
    pts = [(float(a), float(b)) for a, b in (p.split(",") for p in found.group(1).split())]
    assert sum(p[0] for p in pts) / 6 == pytest.approx(x, abs=0.1)
    assert sum(p[1] for p in pts) / 6 == pytest.approx(y, abs=0.1)
    assert highlight_ring(BOARD, space) != highlight_ring(BOARD, space, portrait=True)


def test_the_page_draws_the_upright_board_only_while_the_screen_is_narrow() -> None:
    """web/zoom.js's portrait() decides by the screen's width (tests/page/test_zoom_js.py);
    the App draws what the worker is told."""
    app = make_app(seed=1, touch=True)
    app.boot("", "#" + encode_save(new_game(["Ann", "Bob"], 1)))
    wide = render(app).regions["board"]
    app.portrait = True
    tall = render(app).regions["board"]
    w, h = svg_size(BOARD, portrait=True)
    assert f'viewBox="0 0 {num(w)} {num(h)}"' in tall
    assert f'viewBox="0 0 {num(w)} {num(h)}"' not in wide


def _centre(markup: str, selector: str) -> tuple[float, float]:
    """The centre of the first polygon under `selector` (ElementTree's XPath) of `markup`."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
    poly = root.find(selector.replace("//", f".//{ns}").replace("/polygon", f"/{ns}polygon"))
    assert poly is not None, selector
    pts = [(float(a), float(b)) for a, b in (p.split(",") for p in poly.get("points", "").split())]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


@pytest.mark.parametrize("portrait", [False, True])
def test_a_bot_moves_mark_sits_on_its_space_in_either_drawing(portrait: bool) -> None:
    """A bot's camel is marked on the space where it was placed, on the upright board too."""
    from samarkand_core.draw.domains import _bands
    from samarkand_core.draw.moves import MoveMark

    view = view_for(new_game(["Ann", "Bob"], 1), 0)
    space = 40
    pieces = {p.key: p.markup for p in board_pieces(
        view, portrait=portrait, move_marks=[MoveMark("camel", "Bob: camel", space=space)])}
    mark = _centre(pieces["layer:moves"], "//g[@data-bot-action='camel']/polygon")
    x, y = _centre(pieces[f"space:{space}"], "//polygon")  # in the map's group, moved down
    assert mark == pytest.approx((x, y + _bands(BOARD, portrait)[0]), abs=0.2)  # by the band


@pytest.mark.parametrize("space", [0, 40, 121])
def test_a_long_caption_stays_inside_the_upright_board(space: int) -> None:
    """A bot move's caption on a phone (the upright board, words at their full size) is
    drawn whole inside the board wherever its space lies; one longer than the board is
    wide is squeezed in (its text's textLength), not cut."""
    from samarkand_core.draw.moves import MoveMark

    words = "Robot 2 (Moyen) : chameau (Isfahan) sur Safran 15, prend le jeton marchandise"
    view = view_for(new_game(["Ann", "Bob"], 1), 0)
    pieces = {p.key: p.markup for p in board_pieces(
        view, portrait=True, move_marks=[MoveMark("camel", words, space=space)])}
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{pieces["layer:moves"]}</svg>')
    rects = [g.find(f"{ns}rect") for g in root.iter(f"{ns}g")
             if "move-caption" in g.get("class", "")]
    assert len(rects) == 1 and rects[0] is not None
    rect = rects[0]
    x, width = float(rect.get("x", "nan")), float(rect.get("width", "nan"))
    w, _ = svg_size(BOARD, portrait=True)
    assert 0 <= x and x + width <= w, (x, width, w)
    squeezed = [t.get("textLength") for t in root.iter(f"{ns}text")]
    assert squeezed and squeezed[0] is not None  # (this caption is wider than the board)
