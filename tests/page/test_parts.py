"""Regions as parts (samarkand_web/view/parts.py) and their patches: the page changes only
the parts of the status, the decision, the hand and the players that a decision changed
(dom.js applies the patches; `apply` below does what it does, on the encoded parts).
What the main thread does with a patch (web/paint.js: one call, a region drawn whole
when the page is not as expected, the focus given back) is tests/page/test_client_js.py's."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from samarkand_web.view.markup import Markup, html
from samarkand_web.view.parts import PartsOp, Tree, encode, parts_patch, region_parts, tree
from samarkand_web.view.render import render

from tests.support.app_play import played_on, top_level_nodes
from tests.support.web_support import make_app

PARTED = ("status", "actions", "hand", "players")


@dataclass(frozen=True)
class PatchOp:
    """One operation of parts_patch, as dom.js reads it."""

    path: list[int]
    first: int
    count: int
    parts: list[object]


def op_of(op: PartsOp) -> PatchOp:
    path, first, count, parts = op
    assert isinstance(path, list) and isinstance(first, int) and isinstance(count, int)
    assert isinstance(parts, list)
    return PatchOp(path, first, count, parts)


def apply(region: list[object], ops: list[PartsOp]) -> list[object]:
    """dom.js's samarkandPatchParts on encoded parts: in the children list reached by the
    path (each index a Tree: [open, children, close]), replace `count` parts from
    `first` on."""
    out = copy.deepcopy(region)
    for op in map(op_of, ops):
        children = out
        for index in op.path:
            node = children[index]
            assert isinstance(node, list), "a path goes through Trees only"
            children = node[1]
        children[op.first:op.first + op.count] = op.parts
    return out


def markup_of(parts: list[object]) -> str:
    return "".join(p if isinstance(p, str) else p[0] + markup_of(p[1]) + p[2]  # type: ignore[index,operator]
                   for p in parts)


def box(*children: str) -> Tree:
    return tree('<div class="decision">', [Markup(c) for c in children], "</div>")


def test_a_tree_is_its_whole_markup_and_leaves_empty_children_out() -> None:
    t = tree('<ul class="cards">', [html("<li>{}</li>", "<1>"), Markup(""), "a&b"], "</ul>")
    assert t == '<ul class="cards"><li>&lt;1&gt;</li>a&amp;b</ul>'
    assert t.children == ("<li>&lt;1&gt;</li>", "a&amp;b")
    assert Markup("").join([t]) == t  # joins as markup, not escaped again
    assert region_parts(["", t, Markup("<p>x</p>")]) == (t, "<p>x</p>")
    # a start tag given as Markup (with escaped values in it) is not escaped again
    s = tree(html('<section aria-label="{}">', "A & B"), [Markup("<h3>x</h3>")], "</section>")
    assert s == '<section aria-label="A &amp; B"><h3>x</h3></section>'
    assert s.open == '<section aria-label="A &amp; B">'


def test_nothing_changed_gives_no_patch() -> None:
    parts = (box("<p>a</p>", "<button>b</button>"), Markup("<p>coach</p>"))
    assert parts_patch(parts, parts) == []


def test_a_change_inside_the_decision_box_keeps_the_box() -> None:
    """Choosing a family adds a hint inside the decision: the box (which may hold the
    focus) stays, only the hint is inserted."""
    old = (box("<p>Expand</p>", "<div>chips</div>", "<button>Take back</button>"),
           Markup("<p>coach</p>"))
    new = (box("<p>Expand</p>", "<div>chips</div>", "<p>hint</p>",
               "<button>Take back</button>"), Markup("<p>coach</p>"))
    ops = parts_patch(old, new)
    assert ops == [[[0], 2, 0, ["<p>hint</p>"]]]
    assert apply([encode(p) for p in old], ops) == [encode(p) for p in new]


def test_a_part_that_comes_in_leaves_the_elements_around_it_as_they_were() -> None:
    """A last move's line comes in under the status's top while the top's heading
    changes: the top stays the same element (only its heading is replaced, its gauge
    stays), and the notice after the new line stays. The ops go from the last part to
    the first, so that each index is still the old one when dom.js applies it."""
    old = (tree('<div class="status-top">', [Markup("<h2>Turn 1</h2>"),
                                             Markup("<p>gauge</p>")], "</div>"),
           Markup("<p>notice</p>"))
    new = (tree('<div class="status-top">', [Markup("<h2>Turn 2</h2>"),
                                             Markup("<p>gauge</p>")], "</div>"),
           Markup("<p>last move</p>"), Markup("<p>notice</p>"))
    ops = parts_patch(old, new)
    assert ops == [[[], 1, 0, ["<p>last move</p>"]], [[0], 0, 1, ["<h2>Turn 2</h2>"]]]
    assert apply([encode(p) for p in old], ops) == [encode(p) for p in new]


def test_another_element_is_replaced_whole() -> None:
    """A box whose own tag changed, or parts of another count, are replaced."""
    old = (box("<p>a</p>"), Markup("<p>x</p>"))
    new = (tree('<div class="decision over">', [Markup("<p>a</p>")], "</div>"),
           Markup("<p>x</p>"))
    assert parts_patch(old, new) == [[[], 0, 1, [encode(new[0])]]]
    fewer = (Markup("<p>x</p>"),)
    assert parts_patch(old, fewer) == [[[], 0, 1, []]]


def test_over_a_game_each_patch_gives_exactly_the_new_region_and_replaces_little() -> None:
    """Over a game of clicks and bot moves, applying each region's patch to what was
    painted gives exactly the new parts (and so the new markup); a Tree is one element
    (dom.js relies on it); and most parts stay in place."""
    app = make_app()
    app.boot("?players=Ann,bot:random&seed=4&first=1&speed=instant", "")
    page = render(app)
    held: dict[str, list[object]] = {r: [encode(p) for p in page.parts[r]] for r in PARTED}
    before = dict(page.parts)
    replaced = total = 0
    for _ in played_on(app, 60):
        page = render(app)
        for region in PARTED:
            new = page.parts[region]
            assert "".join(new) == page.regions[region]
            for part in new:
                if isinstance(part, Tree):
                    assert top_level_nodes(part.open + part.close) == 1, part.open
            ops = parts_patch(before[region], new)
            held[region] = apply(held[region], ops)
            assert held[region] == [encode(p) for p in new], region
            assert markup_of(held[region]) == page.regions[region]
            replaced += sum(len(op_of(op).parts) for op in ops)
            total += len(new)
            before[region] = new
    assert total and replaced / total < 0.5  # most parts stay


def test_a_player_drawn_from_the_cache_is_the_player_drawn_anew() -> None:
    """The players strip keeps each player's part by what it shows: over a game of clicks
    and bot moves, in two languages, the strip is the one drawn with nothing kept."""
    from samarkand_web.view.panels import players
    from samarkand_web.view.screens.game import GameScreen

    for lang in ("en", "de"):
        app = make_app(lang=lang)
        app.boot("?players=Ann,bot:random,Cem&seed=5&first=1&speed=instant", "")
        for _ in played_on(app, 50):
            kept = GameScreen(app).players()  # with what the game so far left kept
            held = dict(players._drawn)
            players._drawn.clear()
            fresh = GameScreen(app).players()
            players._drawn.update(held)
            assert fresh == kept


def test_a_move_draws_what_shows_it_first_and_the_same_page_follows() -> None:
    """render(app, first=True) on the game screen (a person's move, view/render.py's
    FIRST): the status, the decision, the hand, the board, messages and dialogs, in the
    very markup of a whole render; the header, the players, the recap, the zoom bar and
    the log wait for the paint after the frame. Anywhere else the page is whole."""
    from samarkand_web.view.render import FIRST

    app = make_app()
    app.boot("", "")
    assert render(app, first=True).regions == render(app).regions  # the start screen
    app.boot("?players=Ann,bot:random&seed=5", "")
    for _ in played_on(app, 12):
        first, whole = render(app, first=True), render(app)
        assert set(first.regions) == FIRST
        assert {k: whole.regions[k] for k in FIRST} == first.regions
        assert {"header", "players", "log", "recap", "zoom"} <= set(whole.regions) - FIRST
        assert first.show == whole.show and first.title == whole.title
