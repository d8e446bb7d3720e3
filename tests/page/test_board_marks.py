"""The board's marks drawn, not spliced (like chess.svg.board's lastmove and fill): the
drawing takes the coach's suggestion, the last turn's camels and what the move just made
as arguments and returns pieces a page compares as data; the SVG toolkit draw/board.py and
chart.py share (samarkand_core.draw.svgkit); no regular expression reads our markup back."""

from __future__ import annotations

import ast
import math
import random
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from samarkand_core import default_board, new_game, view_for
from samarkand_core.draw.board import board_pieces, board_svg
from samarkand_core.draw.svgkit import Piece, Svg, element, num, piece, start, text

NS = "{http://www.w3.org/2000/svg}"
BOARD = default_board()
ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- svgkit


def rounded(x: float) -> str:
    """The board's number format as it was first written: round to a tenth, no ".0"."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


def test_numbers_are_written_short_and_rounded_to_a_tenth() -> None:
    rng = random.Random(5)
    values = [rng.uniform(-2000, 2000) for _ in range(20_000)]
    values += [k / 20 for k in range(-400, 400)]  # the halves of a tenth: ties
    values += [0.0, -0.0, -0.04, 0.04, 0.05, -0.05, 12, -3, 1e6]
    for x in values:
        assert num(x) == rounded(x), x
    assert (num(12.0), num(12.345), num(-0.04), num(3)) == ("12", "12.3", "0", "3")


class _First(HTMLParser):
    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.attrs: dict[str, str | None] | None = None
        self.data: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.attrs is None:
            self.attrs = dict(attrs)

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.data.append(data)


def test_attribute_values_and_text_are_escaped_by_construction() -> None:
    """Whatever a name holds, it stays one attribute value or one text: a parser reads
    back exactly what was given."""
    nasty = 'Ann "the <b>" & O\'Neil'
    markup = element("text", {"aria-label": nasty, "x": 1.25, "missing": None}, text(nasty))
    seen = _First(markup)
    assert seen.attrs == {"aria-label": nasty, "x": "1.2"}
    assert "".join(seen.data) == nasty
    assert element("circle", {"r": 3.0}) == '<circle r="3"/>'
    assert start("g", {"class": "a&b"}) == '<g class="a&amp;b">'


def test_a_piece_is_its_data_written_out() -> None:
    kids = (element("rect", {"width": 2}), element("text", {}, text("<1>")))
    p = piece("space:3", "g", {"class": "space", "aria-label": 'A "b"', "tabindex": None}, kids)
    assert p.attrs == (("class", "space"), ("aria-label", 'A "b"'))
    assert p.children == kids
    assert p.markup == ('<g class="space" aria-label="A &quot;b&quot;">'
                        '<rect width="2"/><text>&lt;1&gt;</text></g>')


# --------------------------------------------------------------------------- the board


def _centre(points: str) -> tuple[float, float]:
    pts = [tuple(float(v) for v in p.split(",")) for p in points.split()]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def _by_key(pieces: tuple[Piece, ...]) -> dict[str, Piece]:
    return {p.key: p for p in pieces if p.key}


@pytest.mark.parametrize("label", ["suggested by the coach", "vom Coach vorgeschlagen"])
def test_the_coachs_suggestion_is_drawn_on_its_space_and_its_domain(label: str) -> None:
    """The coach's mark is an argument of the drawing: a ring of its own centred on the
    suggested space (a double ring and a star: not colour alone) or around the suggested
    domain, class "suggested", and the coach's words after its name; nothing else on the
    board changes."""
    view = view_for(new_game(["Ann", "Bob", "Cy"], seed=4), 0)
    fam = BOARD.family_ids[2]
    space = next(sp.id for sp in BOARD.data.spaces if not BOARD.is_water[sp.id])
    plain = _by_key(board_pieces(view))
    marked = _by_key(board_pieces(view, suggested_spaces=[space], suggested_families=[fam],
                                  suggested_label=label))
    assert {k for k in plain if plain[k] != marked[k]} == {f"space:{space}", f"family:{fam}"}
    for key in (f"space:{space}", f"family:{fam}"):
        g = ET.fromstring(marked[key].markup.replace("<g ", f'<g xmlns="{NS[1:-1]}" ', 1))
        assert "suggested" in (g.get("class") or "").split()
        assert (g.get("aria-label") or "").endswith(f" ({label})")
        assert plain[key].markup.count("coach-mark") == 0
        (mark,) = [e for e in g.iter(f"{NS}g") if e.get("class") == "coach-mark"]
        assert len([e for e in mark.iter() if e.get("class") == "coach-star"]) == 1
    sp = BOARD.data.spaces[space]
    g = ET.fromstring(marked[f"space:{space}"].markup.replace("<g ", f'<g xmlns="{NS[1:-1]}" ',
                                                              1))
    rings = [e for e in g.iter(f"{NS}polygon") if e.get("class") is None
             and e.get("stroke-linejoin") == "round"]
    assert len(rings) == 2
    for ring in rings:
        cx, cy = _centre(ring.get("points") or "")
        assert math.isclose(cx, sp.x, abs_tol=0.1) and math.isclose(cy, sp.y, abs_tol=0.1)


def test_the_board_in_pieces_is_the_board() -> None:
    """Joined, the pieces are board_svg's string; each keyed piece is a <g> whose markup
    is its attributes and children written out, one element per child (a page counts
    them as the element's child nodes)."""
    view = view_for(new_game(["Ann", "Bob"], seed=2), 1)
    pieces = board_pieces(view, last_spaces=[40], suggested_spaces=[40], suggested_label="x")
    assert "".join(p.markup for p in pieces) == board_svg(
        view, last_spaces=[40], suggested_spaces=[40], suggested_label="x")
    keyed = [p for p in pieces if p.key]
    assert len(keyed) == BOARD.n_spaces + BOARD.n_families + 1  # and the moves' layer
    for p in keyed:
        assert p.tag == "g"
        assert p.markup == piece(p.key, p.tag, dict(p.attrs), map(Svg, p.children)).markup
        for child in p.children:
            wrapper = ET.fromstring(f'<svg xmlns="{NS[1:-1]}">{child}</svg>')
            assert len(wrapper) == 1 and not (wrapper.text or "") and not (
                wrapper[0].tail or ""), child


def test_a_board_drawn_move_by_move_is_the_board_drawn_afresh() -> None:
    """draw/board.py draws again only the spaces that the marks or the position changed since
    the last drawing of that board: over games of random moves and marks, in two
    languages, interleaved, every drawing is the one drawn from nothing."""
    from samarkand_core import apply_action, legal_actions
    from samarkand_core.draw.board import SvgStrings, _last_spaces

    other = SvgStrings(title="Die Karte", place_label="Kamel der {family} auf {space}")
    games = [new_game(["Ann", "Bob", "Cy"][: 2 + k], seed=20 + k) for k in range(2)]
    rng = random.Random(3)
    for step in range(160):
        s = games[step % 2]
        if s.is_over:
            continue
        legal = legal_actions(s)
        spaces = sorted({a.space for a in legal if hasattr(a, "space")})
        fams = sorted({a.family for a in legal if hasattr(a, "family")})
        marks = {"legal_spaces": rng.sample(spaces, min(len(spaces), rng.randint(0, 6))),
                 "legal_families": fams[: rng.randint(0, 3)],
                 "last_spaces": spaces[:1], "latest_spaces": spaces[1:2],
                 "selected_family": rng.choice(fams) if fams and rng.random() < 0.5 else None,
                 "suggested_spaces": spaces[-1:] if rng.random() < 0.3 else [],
                 "suggested_label": rng.choice(["coach", "Coach"]),
                 "strings": other if step % 3 == 0 else None}
        view = view_for(s, step % s.n)
        moved = board_pieces(view, **marks)  # type: ignore[arg-type]
        _last_spaces.clear()
        fresh = board_pieces(view, **marks)  # type: ignore[arg-type]
        assert moved == fresh, step
        apply_action(s, rng.choice(legal))


# --------------------------------------------------------------------------- the page


def _imports_re(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "re" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "re":
            return True
    return False


def test_no_regular_expression_reads_the_pages_markup() -> None:
    """The page draws from data and compares drawings as data: no module that makes or
    paints the page's markup (view/, main.py) uses regular expressions."""
    files = sorted((ROOT / "web" / "samarkand_web" / "view").rglob("*.py"))
    files.append(ROOT / "web" / "main.py")
    assert len(files) > 10
    assert [str(f.relative_to(ROOT)) for f in files if _imports_re(f)] == []
