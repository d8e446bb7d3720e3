"""The board changed in place: render.children_patch says which children of a piece
change, and dom.js applies it (patchChildren). `applied` below does in Python what
dom.js does, on the pieces' data; the result is compared with the new drawing as XML,
attributes in canonical order."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from samarkand_web.view.render import ChildrenPatch, children_patch, render

from samarkand_core.draw.svgkit import Piece, Svg, attr_text, nested_at, piece
from tests.support.app_play import click_legal, played_on, top_level_nodes
from tests.support.web_support import make_app


def applied(old: Piece, patch: ChildrenPatch) -> list[str]:
    """The children markup of `old` once `patch` is applied as dom.js applies it:
    children drawn as pieces changed in place first, then the runs, the last first."""
    length, nested, runs = patch
    assert length == len(old.children)
    kids = list(old.children)
    for index, remove, set_, sub in nested:
        x = nested_at(old, index)
        assert x is not None, index
        attrs = {k: v for k, v in x.attrs if k not in remove} | set_
        inner = applied(x, sub) if sub is not None else list(x.children)
        kids[index] = f"<{x.tag}{attr_text(attrs.items())}>{''.join(inner)}</{x.tag}>"
    for first, count, markup in reversed(runs):
        assert 0 <= first and first + count <= length
        kids[first:first + count] = [markup]
    return kids


def svgs(*markup: str) -> list[Svg]:
    """Children given as their markup."""
    return [Svg(m) for m in markup]


def canonical(children: list[str] | tuple[str, ...]) -> str:
    return ET.canonicalize("<g>" + "".join(children) + "</g>")


def replaced(patch: ChildrenPatch) -> int:
    """How many of the old children a patch replaces (rather than keeps or changes in
    place)."""
    return sum(count for _, count, _ in patch[2])


def test_a_board_piece_changes_only_the_children_that_differ() -> None:
    """Over a game of clicks and bot moves, each changed piece's children are patched to
    exactly its new inner drawing (the ones that differ replaced, a domain's face
    changed in place, the rest kept), and mostly a click changes few of them (the
    hatching of a legal piece, a camel). Each child of a piece is one node of the DOM
    (dom.js counts them)."""
    app = make_app()
    app.boot("?players=Ann,bot:random&seed=4&first=1&speed=instant", "")
    before = {p.key: p for p in render(app).board if p.key}
    kept = total = in_place = 0
    for _ in played_on(app, 80):
        for new in render(app).board:
            if not new.key or before[new.key] == new:
                continue
            old = before[new.key]
            assert all(top_level_nodes(child) == 1 for child in new.children), new.key
            patch = children_patch(old.markup, new.markup)  # as main.py holds them
            assert patch is not None and patch == children_patch(old, new), new.key
            assert canonical(applied(old, patch)) == canonical(new.children), new.key
            kept += patch[0] - replaced(patch)
            total += patch[0]
            in_place += len(patch[1])
            before[new.key] = new
    assert total and kept / total > 0.8  # most children stay in place
    assert in_place  # a domain's face, changed in place when it becomes legal or not


def test_a_face_that_becomes_legal_keeps_its_words() -> None:
    """Rules, Marriage: at a turn's start every family with a tile on its domain may be
    married into, and its domain is a button then. That change sets the face's
    attributes and swaps its frame; the family's name (a text the browser would lay out
    anew) is not replaced."""
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3&first=1", "")
    app.dispatch("reveal")
    legal = {p.key: p for p in render(app).board if p.key.startswith("family:")}
    click_legal(app)  # a marriage chosen: the other domains are buttons no more
    changed = [(legal[p.key], p) for p in render(app).board
               if p.key in legal and legal[p.key] != p]
    assert changed
    for old, new in changed:
        patch = children_patch(old, new)
        assert patch is not None
        faces = [op for op in patch[1] if op[0] == 0]
        if dict(old.attrs).get("role") != dict(new.attrs).get("role"):
            assert faces, new.key  # the face changed in place ...
            _, remove, set_, sub = faces[0]
            assert "role" in remove or "role" in set_
            assert sub is not None and not any("domain-name" in m for _, _, m in sub[2])
        assert canonical(applied(old, patch)) == canonical(new.children)


def test_children_are_aligned_around_those_that_stay() -> None:
    """A child inserted and another replaced in the same piece: only those two are
    written, the children between them stay."""
    a = piece("k:1", "g", {"class": "x"}, svgs("<a/>", "<b/>", "<c/>"))
    b = piece("k:1", "g", {"class": "x"}, svgs("<z/>", "<b/>", "<c/>", "<d/>"))
    patch = children_patch(a, b)
    assert patch == (3, [], [(0, 1, "<z/>"), (3, 0, "<d/>")])
    assert applied(a, patch) == ["<z/>", "<b/>", "<c/>", "<d/>"]
    inner_a = piece("", "g", {"class": "f", "role": "button"}, svgs("<r/>", "<t>n</t>"))
    inner_b = piece("", "g", {"class": "f"}, svgs("<r2/>", "<t>n</t>", "<m/>"))
    a = piece("k:2", "g", {}, [inner_a, Svg("<c/>")])
    b = piece("k:2", "g", {}, [inner_b, Svg("<c/>")])
    patch = children_patch(a, b)
    expected: ChildrenPatch = (
        2, [(0, ["role"], {}, (2, [], [(0, 1, "<r2/>"), (2, 0, "<m/>")]))], [])
    assert patch == expected
    assert canonical(applied(a, patch)) == canonical(b.children)


def test_a_space_or_domain_that_becomes_legal_keeps_its_hex_or_box() -> None:
    """Rules, Expansion and Marriage: the spaces a camel may go to and the domains that
    may be married into are marked legal, by a tint (on land) and a dashed frame. Their
    hex or box takes the tint in place and the frame comes in beside it: the hex or box
    is not drawn anew (a new element is styled and laid out from nothing in the
    click)."""
    app = make_app()
    app.boot("?players=Ann,bot:random&seed=4&first=1&speed=instant", "")
    before = {p.key: p for p in render(app).board if p.key}
    tinted = {"space": 0, "family": 0}
    for _ in played_on(app, 80):
        for new in render(app).board:
            if not new.key or before[new.key] == new:
                continue
            old, before[new.key] = before[new.key], new
            kind = new.key.split(":")[0]
            was, now = ("legal" in dict(p.attrs)["class"].split() for p in (old, new))
            if was == now or kind not in tinted:
                continue
            patch = children_patch(old, new)
            assert patch is not None
            assert canonical(applied(old, patch)) == canonical(new.children), new.key
            if kind == "family":  # the box is the first child of the face (the first child)
                face = next(op for op in patch[1] if op[0] == 0)
                assert face[3] is not None, new.key
                patch = face[3]
            # the hex or box (the first child) is never replaced: kept, or changed in place
            assert not any(first == 0 and count for first, count, _ in patch[2]), new.key
            tinted[kind] += any(op[0] == 0 and "fill" in op[2] for op in patch[1])
    assert tinted["space"] and tinted["family"]
