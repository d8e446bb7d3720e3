"""The painter (samarkand_web/browser/paint.py) with a fake document: it writes only the
regions whose markup changed, patches only the board's changed pieces, adds only the new
log lines, and gives the focus back to the control that was redrawn."""

from __future__ import annotations

import json

from samarkand_web.browser.focus import Focus
from samarkand_web.browser.paint import Painter
from samarkand_web.view.render import Page

from samarkand_core.draw import svgkit
from samarkand_core.draw.svgkit import Piece
from tests.support.browser_fakes import FakeBridge, FakeDocument, FakeElement, FakeWindow

REGIONS = ("header", "messages", "home", "game", "status", "actions", "hand", "board",
           "players", "log", "zoom", "chart", "chart-table", "overlay", "main", "recap")


def setup() -> tuple[Painter, FakeDocument, FakeWindow, dict[str, FakeElement]]:
    ids = {k: FakeElement(id=k) for k in REGIONS}
    loading = FakeElement(id="loading")
    doc = FakeDocument(loading, *ids.values())
    win = FakeWindow()
    js = FakeBridge()
    focus = Focus(doc, js, loading, lambda fn: win.frames.append(lambda _ts: fn()))
    return Painter(doc, win, ids, focus), doc, win, ids


def piece(n: int, cls: str) -> Piece:
    return svgkit.piece(f"space:{n}", "g", {"data-space": n, "class": cls},
                        [f"<text>{n}</text>"])


def page(status: str = "Ann's turn", pieces: tuple[Piece, ...] = (),
         log: tuple[str, ...] = (), show_game: bool = True) -> Page:
    board = "<svg>" + "".join(p.markup for p in pieces) + "</svg>"
    return Page(regions={"status": status, "actions": "<button>End</button>", "board": board,
                         "log": "<ol>" + "".join(log) + "</ol>"},
                show={"game": show_game}, title="Samarkand", lang="en",
                board=pieces, log_head="Log", log_items=list(log))


def test_only_the_regions_that_changed_are_written() -> None:
    painter, _doc, _win, ids = setup()
    first = painter.paint(page())
    assert first == {"status", "actions", "board", "log"}
    assert painter.paint(page()) == set()  # nothing changed: nothing written
    assert painter.paint(page(status="Bob's turn")) == {"status"}
    assert ids["status"].html_writes == 2 and ids["actions"].html_writes == 1
    assert ids["status"].innerHTML == "Bob's turn"


def test_the_board_changes_only_its_changed_pieces_in_one_call() -> None:
    painter, _doc, win, ids = setup()
    painter.paint(page(pieces=(piece(1, "a"), piece(2, "a"), piece(3, "a"))))
    assert ids["board"].html_writes == 1
    painter.paint(page(pieces=(piece(1, "a"), piece(2, "legal"), piece(3, "a"))))
    assert ids["board"].html_writes == 1  # not drawn anew
    assert len(win.patched) == 1
    ops = json.loads(win.patched[0])
    assert [op[0] for op in ops] == ['[data-space="2"]']
    assert ops[0][2] == {"class": "legal"}


def test_the_log_gets_only_its_new_lines() -> None:
    painter, _doc, _win, ids = setup()
    ol = ids["log"].append(FakeElement("ol"))
    painter.paint(page(log=("<li>b</li>", "<li>a</li>")))
    painter.paint(page(log=("<li>c</li>", "<li>b</li>", "<li>a</li>")))
    assert ids["log"].html_writes == 1
    assert ol.inserted == [("afterbegin", "<li>c</li>")]


def test_shown_regions_and_title_are_set_only_when_they_change() -> None:
    painter, doc, _win, ids = setup()
    painter.paint(page())
    painter.paint(page(status="x"))
    assert ids["game"].hidden is False and ids["home"].hidden is True
    assert ids["home"].hidden_writes == 1 and doc.title == "Samarkand"
    painter.paint(page(show_game=False))
    assert ids["game"].hidden is True and ids["game"].hidden_writes == 2


def test_a_redrawn_control_gets_the_focus_back() -> None:
    """The focused control inside a replaced region is blurred before the region is
    written (the browser need not move the focus while it removes it), and its
    successor (same data-action and data-value) takes the focus."""
    painter, doc, _win, ids = setup()
    painter.paint(page())
    old = ids["actions"].append(FakeElement("button", data_action="end-turn"))
    old.focus()
    blurred_before_write = []
    new = FakeElement("button", data_action="end-turn")

    def write(markup: str) -> list[FakeElement]:
        blurred_before_write.append(doc.activeElement is doc.body)
        return [new]

    ids["actions"].on_write = write
    painter.paint(Page(regions={**page().regions, "actions": "<button>Pass</button>"},
                       show={"game": True}, title="Samarkand"))
    assert blurred_before_write == [True]
    assert doc.activeElement is new


def test_the_focus_stays_where_nothing_was_redrawn() -> None:
    painter, doc, _win, ids = setup()
    painter.paint(page())
    kept = ids["hand"].append(FakeElement("button", data_action="card", data_value="3"))
    kept.focus()
    painter.paint(page(status="Bob's turn"))
    assert doc.activeElement is kept and kept.focused == 1


def test_a_control_a_mouse_press_took_the_focus_from_gets_it_back_after_the_frame() -> None:
    """dom.js takes the focus from a control at a press on another one (before the
    click redraws the page); once the frame is drawn the control's successor gets it
    back, unless the page moves the focus elsewhere."""
    painter, doc, win, ids = setup()
    focus = painter.focus
    for give_back in (True, False):
        old = ids["hand"].append(FakeElement("button", data_action="card", data_value="3"))
        old.focus()
        focus.pointer.released = old  # dom.js, at the press
        old.blur()
        new = ids["hand"].append(FakeElement("button", data_action="card", data_value="3"))
        ids["hand"].children.remove(old)  # drawn anew by the click
        focus.after_press(give_back)
        assert doc.activeElement is doc.body and focus.pointer.released is None
        win.run_frames()
        assert (doc.activeElement is new) is give_back
        ids["hand"].children.remove(new)
        doc.activeElement = doc.body
