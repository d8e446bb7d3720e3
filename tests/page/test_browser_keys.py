"""The keyboard mapping (samarkand_web/browser/keys.py) with a fake document: which key
becomes which action, and which keys are left to the browser (docs/play.md: keyboard)."""

from __future__ import annotations

from types import SimpleNamespace

from samarkand_web.browser.focus import Focus
from samarkand_web.browser.keys import Keys

from tests.support.browser_fakes import FakeBridge, FakeDocument, FakeElement, FakeEvent


def setup(screen: str = "game", overlay: str | None = None, messages: tuple = ()
          ) -> tuple[Keys, list, list, FakeDocument, FakeElement]:
    app = SimpleNamespace(screen=screen, overlay=overlay, game=SimpleNamespace(recap_open=False),
                          messages=list(messages))
    board = FakeElement(id="board")
    doc = FakeDocument(board)
    focus = Focus(doc, FakeBridge(), FakeElement(id="loading"), lambda fn: None)
    runs: list = []
    clicks: list = []

    def run(action: str, value: str = "", form: dict | None = None,
            t0: float | None = None) -> None:
        runs.append((action, value))

    return Keys(app, doc, board, focus, run, clicks.append), runs, clicks, doc, board


def test_escape_closes_what_is_open_and_is_left_alone_otherwise() -> None:
    keys, runs, _c, doc, _b = setup(overlay="share")
    event = FakeEvent(key="Escape", target=doc.body)
    keys.on_key(event)
    assert runs == [("escape", "")] and event.prevented == 1
    keys, runs, _c, doc, _b = setup()
    event = FakeEvent(key="Escape", target=doc.body)
    keys.on_key(event)
    assert runs == [] and event.prevented == 0  # nothing open: the browser's Escape


def test_ctrl_z_takes_back_except_in_a_text_field() -> None:
    keys, runs, _c, doc, _b = setup()
    keys.on_key(FakeEvent(key="z", ctrlKey=True, target=doc.body))
    keys.on_key(FakeEvent(key="Z", metaKey=True, target=doc.body))
    keys.on_key(FakeEvent(key="z", ctrlKey=True, shiftKey=True, target=doc.body))  # redo
    field = FakeElement("input")
    keys.on_key(FakeEvent(key="z", ctrlKey=True, target=field))  # the field's own undo
    assert runs == [("take-back", ""), ("take-back", "")]


def test_replay_keys_go_to_the_replay_with_shift_said() -> None:
    keys, runs, _c, doc, _b = setup(screen="replay")
    keys.on_key(FakeEvent(key="ArrowRight", target=doc.body))
    keys.on_key(FakeEvent(key="ArrowLeft", shiftKey=True, target=doc.body))
    keys.on_key(FakeEvent(key="End", target=doc.body))
    keys.on_key(FakeEvent(key="ArrowRight", target=FakeElement("input")))  # the slider's
    keys.on_key(FakeEvent(key="Home", ctrlKey=True, target=doc.body))
    assert runs == [("replay-key", "ArrowRight"), ("replay-key", "ArrowLeft+shift"),
                    ("replay-key", "End")]
    keys, runs, _c, doc, _b = setup(screen="replay", overlay="replay-share")
    keys.on_key(FakeEvent(key="ArrowRight", target=doc.body))
    assert runs == []  # a dialog is open


def test_arrow_keys_move_among_the_highlighted_spaces() -> None:
    keys, runs, _c, doc, board = setup()
    spaces = [board.append(FakeElement("g", data_space=str(n), role="button",
                                       **{"class": "legal"})) for n in (3, 8, 12)]
    board.append(FakeElement("g", data_space="5", role="button"))  # not a choice
    spaces[2].focus()
    event = FakeEvent(key="ArrowRight", target=spaces[2])
    keys.on_key(event)
    assert doc.activeElement is spaces[0] and event.prevented == 1  # round to the first
    keys.on_key(FakeEvent(key="ArrowUp", target=spaces[0]))
    assert doc.activeElement is spaces[2]
    assert runs == []


def test_an_arrow_on_the_decision_goes_to_the_first_highlighted_space() -> None:
    """Issue 35, item 8: after a family is chosen the focus rests on the decision (a second
    Enter places no camel); one arrow key from there reaches the highlighted spaces (the
    first forwards, the last backwards), and a domain when no space is highlighted."""
    keys, runs, _c, doc, board = setup()
    actions = doc.body.append(FakeElement(id="actions"))
    decision = actions.append(FakeElement(tabindex="-1", **{"class": "decision"}))
    spaces = [board.append(FakeElement("g", data_space=str(n), role="button",
                                       **{"class": "legal"})) for n in (3, 8, 12)]
    decision.focus()
    event = FakeEvent(key="ArrowDown", target=decision)
    keys.on_key(event)
    assert doc.activeElement is spaces[0] and event.prevented == 1
    decision.focus()
    keys.on_key(FakeEvent(key="ArrowLeft", target=decision))
    assert doc.activeElement is spaces[2]
    for sp in spaces:  # marrying: the domains are the choices
        sp.setAttribute("class", "")
    domain = board.append(FakeElement("g", data_family="4", **{"class": "legal"}))
    face = domain.append(FakeElement("g", role="button"))
    decision.focus()
    keys.on_key(FakeEvent(key="ArrowRight", target=decision))
    assert doc.activeElement is face
    assert runs == []


def test_enter_and_space_click_a_control_that_is_not_a_native_one() -> None:
    keys, _runs, clicks, doc, board = setup()
    space = board.append(FakeElement("g", data_space="4", role="button"))
    keys.on_key(FakeEvent(key="Enter", target=space))
    keys.on_key(FakeEvent(key=" ", target=space))
    button = board.append(FakeElement("button", data_action="end-turn"))
    keys.on_key(FakeEvent(key="Enter", target=button))  # a button clicks itself
    keys.on_key(FakeEvent(key="a", target=space))
    assert len(clicks) == 2


def test_a_key_press_makes_the_focus_follow_at_once() -> None:
    """After a key press the next focus is set at once (Focus.keyboard), after a mouse
    press once the frame is drawn."""
    keys, _runs, _c, doc, _b = setup()
    keys.focus.pointer.presses += 1  # a press (dom.js counts it)
    assert keys.focus.keyboard is False
    keys.on_key(FakeEvent(key="Tab", target=doc.body))
    assert keys.focus.keyboard is True
