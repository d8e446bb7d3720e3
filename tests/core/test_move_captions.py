"""Bot-move captions placed where they hide nothing (samarkand_core/draw/moves.py): over
the bot turns of seeded games, on the lying and the upright board, no caption's box
covers another caption, a space or domain a mark names, or what the person may choose
next (a legal space of each family they may expand, a domain they may marry into), and
on the lying board none goes under the page's zoom buttons (style.css, .zoom-bar).

The spaces' boxes are read from the drawn board (each space's hexagon), the captions'
from the moves' layer: the test measures the drawing, not the placement's arithmetic."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from samarkand_core import GameState, Marry, Place, apply_action, new_game, view_for
from samarkand_core.bots import make_bot
from samarkand_core.draw.board import MoveMark, board_pieces
from samarkand_core.draw.domains import _bands, _domain_boxes, svg_size
from samarkand_core.draw.moves import (
    NARROWEST_FRAME_PX,
    ZOOM_BAR_PX,
    ZOOM_BAR_RIGHT,
    ZOOM_BAR_TOP,
)
from samarkand_core.events import CamelPlaced, MarkerTaken, Married, Sold

Box = tuple[float, float, float, float]
NS = "{http://www.w3.org/2000/svg}"
SEEDS = (3, 11, 29)
TURNS = 14  # bot turns looked at in each game


def _root(markup: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')


def _inside(a: Box, b: Box) -> bool:
    """a and b overlap by more than a hair (a caption may touch an edge)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def caption_boxes(markup: str) -> list[Box]:
    out = []
    for g in _root(markup).iter(f"{NS}g"):
        if "move-caption" in g.get("class", ""):
            r = g.find(f"{NS}rect")
            assert r is not None
            x, y = float(r.get("x", "nan")), float(r.get("y", "nan"))
            out.append((x, y, x + float(r.get("width", "nan")), y + float(r.get("height", "nan"))))
    return out


def space_box(markup: str, top: float) -> Box:
    """A space's hexagon as drawn (its piece lies in the map's group, `top` lower)."""
    poly = _root(markup).find(f".//{NS}polygon")
    assert poly is not None
    pts = [tuple(map(float, p.split(","))) for p in poly.get("points", "").split()]
    xs, ys = [p[0] for p in pts], [p[1] + top for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def marks_of(state: GameState) -> list[MoveMark]:
    """The marks of the events of the action just applied, captioned as the page does
    (a long caption: a bot's name, its level and the space's name)."""
    board = state.board
    out = []
    for event in state.events:
        if isinstance(event, CamelPlaced):
            out.append(MoveMark("camel", f"Bot 2 (Medium): camel to space {event.space}",
                                space=event.space))
        elif isinstance(event, MarkerTaken):
            out.append(MoveMark("marker", f"Bot 2 (Medium) takes the goods marker {event.good}",
                                space=board.good_space[event.good]))
        elif isinstance(event, Sold):
            out.append(MoveMark("sell", f"Bot 2 (Medium) sells {event.good}",
                                space=board.good_space[event.good]))
        elif isinstance(event, Married):
            out.append(MoveMark("marry", f"Bot 2 (Medium) marries into family {event.family}",
                                family=event.family))
    return out


def bot_turns(seed: int) -> list[tuple[GameState, list[MoveMark]]]:
    """(the state where the person decides next, the marks of the bots' turns before)."""
    state = new_game(["Ann", "Bob", "Cem", "Dan"], seed, first_player=1)
    bot = make_bot("heuristic", seed)
    out: list[tuple[GameState, list[MoveMark]]] = []
    marks: list[MoveMark] = []
    for _ in range(2000):
        if state.is_over or len(out) >= TURNS:
            break
        player = state.current_player
        if player == 0 and marks:
            out.append((state, marks))
            marks = []
        action = bot.choose(view_for(state, player))
        state = apply_action(state, action)
        if player != 0:
            marks += marks_of(state)
    return out


def zoom_bar(portrait: bool) -> Box | None:
    """The zoom buttons' corner over a lying board narrowest drawn (style.css)."""
    if portrait:
        return None
    w, h = svg_size(BOARD, portrait)
    scale = w / NARROWEST_FRAME_PX
    right, top = w * (1 - ZOOM_BAR_RIGHT), h * ZOOM_BAR_TOP
    return (right - ZOOM_BAR_PX[0] * scale, top, right, top + ZOOM_BAR_PX[1] * scale)


BOARD = new_game(["a", "b"], 1).board


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_bot_move_captions_cover_no_caption_no_named_space_and_no_choice(
        seed: int, portrait: bool) -> None:
    top = _bands(BOARD, portrait)[0]
    domains = _domain_boxes(BOARD, portrait)
    bar = zoom_bar(portrait)
    turns = bot_turns(seed)
    assert len(turns) >= 5
    for state, marks in turns:
        view = view_for(state, 0)
        legal = [a for a in _legal(state)]
        families = sorted({a.family for a in legal if isinstance(a, Place)})
        marry = [a.family for a in legal if isinstance(a, Marry)]
        # the person's choice as the page shows it: no family chosen yet, or each one
        for chosen in [None, *families]:
            spaces = [a.space for a in legal if isinstance(a, Place) and a.family == chosen]
            pieces = {p.key: p.markup for p in board_pieces(
                view, portrait=portrait, legal_spaces=spaces, legal_families=marry,
                selected_family=chosen, move_marks=marks)}
            captions = caption_boxes(pieces["layer:moves"])
            assert len(captions) == len(marks)
            where = f"seed {seed} turn {state.turn} family {chosen}"
            for a, b in combinations(captions, 2):
                assert not _inside(a, b), f"{where}: captions {a} and {b} overlap"
            keep: dict[str, Box] = {}
            for s in spaces:
                keep[f"legal space {s}"] = space_box(pieces[f"space:{s}"], top)
            for fid in marry:
                x, y, w, h = domains[BOARD.family_index[fid]]
                keep[f"legal domain {fid}"] = (x, y, x + w, y + h)
            for m in marks:
                if m.family >= 0:
                    x, y, w, h = domains[m.family]
                    keep[f"marked domain {m.family}"] = (x, y, x + w, y + h)
                else:
                    keep[f"marked space {m.space}"] = space_box(pieces[f"space:{m.space}"], top)
            if bar is not None:
                keep["zoom buttons"] = bar
            for c in captions:
                for name, box in keep.items():
                    # a hexagon's box is wider than its corners: a unit of slack
                    assert not _inside(c, _shrunk(box)), f"{where}: caption {c} covers {name}"


def _shrunk(b: Box) -> Box:
    return (b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1)


def _legal(state: GameState) -> list[object]:
    from samarkand_core import legal_actions

    return list(legal_actions(state))
