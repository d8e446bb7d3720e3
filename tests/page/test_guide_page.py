"""The guided first game (state/guide.py, handlers/guide.py, view/panels/guide.py),
headless, driven through App.dispatch as the page does: every step's target is a legal
move at that moment and is accepted; the lessons fire when the game first makes them
matter (over several seeds, whatever the bots do); another legal move is accepted;
leaving the guide, or its last step, leaves a normal game."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from samarkand_web.handlers import guide as guide_handlers
from samarkand_web.saves.storage import MemoryStore
from samarkand_web.state import guide as guide_state
from samarkand_web.state.app import App
from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.early import early_intent
from samarkand_web.state.guide import FINISH, MAX_TURNS, TOPICS, Guide, Step
from samarkand_web.view.render import Page, render

from samarkand_core import (
    DISCARD,
    SECOND,
    SELL,
    Action,
    Discard,
    EndTurn,
    Keep,
    Place,
    Sell,
    legal_actions,
)
from tests.support.js_support import zoompan_case
from tests.support.web_support import Clock, Ids

SEEDS = (24, 27, 1, 2, 3, 4, 5, 6)
LESSON_STEPS = TOPICS  # one step per lesson's topic
# the step's target -> the page's action (a board piece's click: kind and value)
BUTTONS = {"confirm-marriage": "confirm-marriage", "keep-all": "discard", "discard": "discard",
           "sell": "sell", "keep": "keep", "end-turn": "end-turn",
           "guide-finish": "guide-finish"}


# Where each lesson's rule matters (the rulebook's section, docs/rules.md where it reads it)
EXPECTED: dict[str, Callable[[Controller, Action | None], bool]] = {
    "guide.marry": lambda c, a: bool(c.legal()) and not any(c.state.tiles[0]),
    "guide.draw": lambda c, a: c.pending_marriage is not None,
    "guide.discard": lambda c, a: c.state.phase == DISCARD,  # docs/rules.md, Hand limit
    "guide.sell": lambda c, a: c.state.phase == SELL and c.state.pending_holder == 0,
    "guide.end_turn": lambda c, a: c.held is not None or isinstance(a, EndTurn),
    "guide.expand": lambda c, a: (isinstance(a, Place)
                                  and not guide_state.takes_marker(c.state, a)),
    "guide.expand_marker": lambda c, a: (isinstance(a, Place)
                                         and guide_state.takes_marker(c.state, a)),
    "guide.second": lambda c, a: c.state.phase == SECOND,  # docs/rules.md, Expanding
    "guide.relation": lambda c, a: a is not None and guide_state.makes_relationship(
        c.state, a),
    "guide.goods": lambda c, a: a is not None and guide_state.takes_marker(c.state, a),
    "guide.relation_seen": lambda c, a: c.state.met != 0,  # docs/rules.md, Relationships
    "guide.sell_seen": lambda c, a: any(c.state.sold),  # docs/rules.md, Goods: sale public
    "guide.ends": lambda c, a: c.state.met != 0,  # docs/rules.md, End and scoring
}


def guided_app(seed: int | None = None, lang: str = "en",
               monkeypatch: pytest.MonkeyPatch | None = None) -> App:
    if seed is not None and monkeypatch is not None:
        monkeypatch.setattr(guide_handlers, "GUIDE_SEED", seed)
    app = App(MemoryStore(), now=Clock(), new_id=Ids(), lang=lang)
    app.boot("?guide=1")
    return app


def click(app: App, target: str) -> None:
    if ":" in target:
        kind, value = target.split(":", 1)
        app.dispatch(kind, value)
    else:
        app.dispatch(BUTTONS[target])


def bots_play(app: App) -> None:
    ctl = app.ctl
    assert ctl is not None
    while ctl.bot_to_move:
        ctl.bot_move_now()
        guide_handlers.guide_observe(app)


def assert_legal(ctl: Controller, target: str) -> None:
    """The target is one of the moves legal now (the engine's, through the controller)."""
    kind, _, value = target.partition(":")
    fids = ctl.state.board.family_index
    if kind == "space":
        assert int(value) in ctl.legal_spaces(), target
    elif kind == "family":
        assert value in ctl.marry_families(), target
    elif kind == "expand":
        assert fids[value] in ctl.expand_families(), target
    elif kind == "card":
        assert any(isinstance(a, Discard) and int(value) in a.cards for a in ctl.legal())
    elif kind == "keep-all":
        assert Discard(cards=()) in ctl.legal()
    elif kind == "discard":
        assert ctl.discard_choice() is not None
    elif kind == "confirm-marriage":
        assert ctl.pending_marriage is not None
    elif kind == "end-turn":
        assert ctl.can_end_turn()
    elif kind in ("sell", "keep"):
        s = ctl.state
        action = Sell(good=s.pending_good) if kind == "sell" else Keep(good=s.pending_good)
        assert action in ctl.legal()
    elif kind == "guide-finish":
        pass  # the guide's own button: no move of the game
    else:
        raise AssertionError(f"unknown target {target!r}")


def marked_pieces(page: Page) -> list[str]:
    """The board's pieces drawn with the coach's ring and star (draw/board.py's "suggested")."""
    return [key for key, markup in page.board_pieces
            if re.search(r'class="[^"]*\bsuggested\b', markup[:markup.index(">")])]


def assert_marked(app: App, target: str) -> None:
    """What the page draws: the board piece or the control of the target, and only it,
    carries the guide's mark; a marked board piece is also marked legal, and its name
    says it is the guide's next step. The panel names the target (data-target)."""
    page = render(app)
    marked = marked_pieces(page)
    assert f'data-target="{target}"' in page.regions["actions"]
    if target.startswith(("space:", "family:")):
        assert marked == [target]
        piece = dict(page.board_pieces)[target]
        assert " legal" in piece[:piece.index(">")]
        assert "(the guide&#x27;s next step)" in piece or "(the guide's next step)" in piece
    else:
        assert marked == []
        buttons = re.findall(r'<button[^>]*class="[^"]*\bguided\b[^"]*"[^>]*>', page.regions[
            "actions"])
        assert len(buttons) == 1, buttons
        action, _, value = (BUTTONS.get(target) or target).partition(":")
        if target.startswith("expand:"):
            action, value = "expand", target.split(":", 1)[1]
        elif target.startswith("card:"):
            action, value = "card", target.split(":", 1)[1]
        assert f'data-action="{action}"' in buttons[0]
        if value:
            assert f'data-value="{value}"' in buttons[0]


def follow(app: App, check: bool = True, limit: int = 300) -> list[tuple[int, Step]]:
    """Play the guided game as the guide says until its last step is done."""
    ctl = app.ctl
    guide = app.guide
    assert ctl is not None and guide is not None
    shown: list[tuple[int, Step]] = []
    for _ in range(limit):
        bots_play(app)
        if app.guide is None:
            break
        step = guide.current(ctl)
        assert step is not None, "the guide waits for the person but shows no step"
        shown.append((ctl.turn, step))
        if check:
            assert_legal(ctl, step.target)
            assert_marked(app, step.target)
        before = (ctl.state, ctl.pending_marriage, ctl.held, frozenset(ctl.discard_sel),
                  ctl.selected_family)
        click(app, step.target)
        after = (ctl.state, ctl.pending_marriage, ctl.held, frozenset(ctl.discard_sel),
                 ctl.selected_family)
        assert not app.messages and ctl.error is None, (step, app.messages, ctl.error)
        assert after != before or app.guide is None, f"{step.target} changed nothing"
    else:
        raise AssertionError("the guide never reached its last step")
    return shown


def guided_steps(app: App) -> Iterator[tuple[Controller, Guide, Step]]:
    """The steps of the guided game as they come (the bots play between them), until
    the guide is done; the caller acts on each (click its target) before the next."""
    ctl, guide = app.ctl, app.guide
    assert ctl is not None and guide is not None
    for _ in range(300):
        bots_play(app)
        if app.guide is None:
            return
        step = guide.current(ctl)
        assert step is not None, "the guide waits for the person but shows no step"
        yield ctl, guide, step
    raise AssertionError("the guide never reached its last step")


def test_the_guided_game_is_the_person_and_two_medium_bots_from_the_guide_seed() -> None:
    app = guided_app()
    ctl = app.ctl
    assert app.screen == "game" and ctl is not None and app.guide is not None
    assert ctl.seats == (HUMAN, "heuristic", "heuristic")
    assert ctl.state.options.seed == guide_state.GUIDE_SEED
    assert ctl.state.turn_player == 0  # the person starts: the guide speaks at once
    assert app.entry is not None  # a normal saved game


def test_the_guide_seed_teaches_every_lesson_within_the_persons_first_four_turns() -> None:
    """GUIDE_SEED was chosen so that the teaching moments come early: every lesson by the
    person's fourth turn (turn 10 of three players), each at a decision of its own."""
    app = guided_app()
    guide = app.guide
    assert guide is not None
    shown = follow(app)
    topics = [step.topic for _, step in shown]
    assert set(TOPICS) <= set(topics)
    assert topics[-1] == FINISH and shown[-1][0] <= 10
    assert app.guide is None and guide.finished  # a normal game from here on
    # each lesson once, and every step of this seed's guided game teaches one (no bare
    # move between them): the steps are the lessons and the last one
    taught = [t for t in topics if t and t != FINISH]
    assert len(taught) == len(set(taught))
    assert all(topics) and guide.steps == len(shown) == len(LESSON_STEPS) + 1


@pytest.mark.parametrize("seed", SEEDS)
def test_every_target_is_legal_and_accepted_whatever_the_seed(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    app = guided_app(seed, monkeypatch=monkeypatch)
    shown = follow(app)  # asserts each target legal, marked, and accepted
    assert shown[-1][1].topic == FINISH and app.guide is None


@pytest.mark.parametrize("seed", SEEDS)
def test_each_lesson_fires_when_the_game_first_makes_it_matter(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson is shown only where its rule matters now, and the first time a lesson's
    trigger holds at a decision of the person's, a lesson (not a bare move) is shown."""
    app = guided_app(seed, monkeypatch=monkeypatch)
    for ctl, guide, step in guided_steps(app):
        a = step.action
        if step.text in EXPECTED:
            assert EXPECTED[step.text](ctl, step.action), (step.text, seed)
        if step.topic == "":
            # a bare move: no untaught lesson's trigger holds here
            for lesson in guide_state.LESSONS:
                assert lesson.topic in guide.taught or not lesson.when(ctl, 0, a), lesson
        click(app, step.target)
    assert app.guide is None


def test_every_lesson_is_taught_over_the_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the bots do, the guide ends: all lessons taught, or by MAX_TURNS."""
    for seed in SEEDS:
        app = guided_app(seed, monkeypatch=monkeypatch)
        guide = app.guide
        assert guide is not None
        shown = follow(app, check=False)
        last_turn, last = shown[-1]
        assert last.topic == FINISH
        assert set(TOPICS) <= guide.taught or last_turn > MAX_TURNS, (seed, guide.taught)


def first_step() -> tuple[App, Controller, Guide, Step]:
    """A new guided game at its first step, the person's first decision."""
    app = guided_app()
    ctl = app.ctl
    guide = app.guide
    assert ctl is not None and guide is not None
    step = guide.current(ctl)
    assert step is not None
    return app, ctl, guide, step


def test_another_legal_move_is_accepted_and_said() -> None:
    """The guide accepts a move other than the one it suggests, says so, goes on."""
    app, ctl, guide, step = first_step()
    assert step.topic == "marry"
    other = next(f for f in ctl.marry_families() if "family:" + f != step.target)
    app.dispatch("family", other)
    assert ctl.pending_marriage == ctl.state.board.family_index[other]
    assert guide.other_move and "marry" in guide.taught
    assert "another move" in render(app).regions["actions"]
    nxt = guide.current(ctl)
    assert nxt is not None and nxt.topic == "draw" and nxt.target == "confirm-marriage"
    app.dispatch("confirm-marriage")
    assert not guide.other_move  # the suggested move: no note
    assert ctl.state.tiles[0][ctl.state.board.family_index[other]] == 1


def test_a_move_taken_back_is_no_step() -> None:
    app, ctl, guide, step = first_step()
    click(app, step.target)
    assert guide.steps == 1
    app.dispatch("take-back")
    assert ctl.pending_marriage is None and guide.steps == 1
    again = guide.current(ctl)
    assert again is not None and again.topic == "" and again.target == step.target


def test_leaving_the_guide_mid_way_leaves_a_normal_game() -> None:
    app = guided_app()
    ctl = app.ctl
    assert ctl is not None
    follow_steps = 0
    while follow_steps < 4:  # marry, draw, keep all; then the bots; the expansion
        bots_play(app)
        assert app.guide is not None
        step = app.guide.current(ctl)
        assert step is not None
        click(app, step.target)
        follow_steps += 1
    app.dispatch("guide-leave")
    assert app.guide is None and app.ctl is ctl and app.screen == "game"
    page = render(app)
    assert 'id="guide"' not in page.regions["actions"]
    assert marked_pieces(page) == []
    assert "guided" not in page.regions["actions"]
    # the game goes on as any game: the bots play, the person decides
    bots_play(app)
    assert ctl.human_turn() and legal_actions(ctl.state)


def test_the_panel_says_it_waits_while_the_bots_play() -> None:
    app = guided_app()
    ctl = app.ctl
    assert ctl is not None and app.guide is not None
    for _ in range(3):  # marry, draw, keep all: the turn goes to the first bot
        step = app.guide.current(ctl)
        assert step is not None
        click(app, step.target)
    assert ctl.bot_to_move
    actions = render(app).regions["actions"]
    assert "The bots are playing" in actions and "Leave the guide" in actions


def test_the_start_screen_and_the_rules_offer_the_guided_game() -> None:
    app = App(MemoryStore(), now=Clock(), new_id=Ids())
    assert 'data-action="guide"' in render(app).regions["home"]
    app.boot("?players=Ann,Bob")
    app.dispatch("rules")
    overlay = render(app).regions["overlay"]
    assert 'id="rules-guide"' in overlay
    app.dispatch("guide")
    assert app.overlay is None and app.guide is not None
    assert app.ctl is not None and app.ctl.state.names[1] != "Bob"


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_the_guide_speaks_every_language(lang: str) -> None:
    app = guided_app(lang=lang)
    page = render(app)
    assert 'id="guide"' in page.regions["actions"]
    assert "guide." not in re.sub(r"<[^>]*>", "", page.regions["actions"])  # no raw key


def test_a_bad_guide_parameter_is_said_and_starts_nothing() -> None:
    app = App(MemoryStore(), now=Clock(), new_id=Ids())
    app.boot("?guide=yes")
    assert app.screen == "home" and app.guide is None
    assert [m.key for m in app.messages] == ["link.bad_guide"]


def test_the_guide_is_not_saved_a_resumed_game_is_a_normal_game() -> None:
    store = MemoryStore()
    app = App(store, now=Clock(), new_id=Ids())
    app.boot("?guide=1")
    assert app.entry is not None
    again = App(store, now=Clock(), new_id=Ids())
    again.boot(f"?game={app.entry.id}")
    assert again.screen == "game" and again.guide is None


def test_a_guide_belongs_to_its_game() -> None:
    app = guided_app()
    ctl = app.ctl
    assert ctl is not None
    guide = Guide(ctl)
    other = Controller.new(["Ann", "Bob", "Cem"], (HUMAN, HUMAN, HUMAN), 3)
    assert guide.active(ctl) and not guide.active(other)


# ---------------------------------------------------------------------- the zoomed board


# web/zoompan.js, run in Node on a zoomed board of fakes (tests/js/zoompan_cases.mjs): its
# frame 300 px square at the page's top, the decision bar from y=600 down.

def test_a_zoomed_board_brings_the_guides_target_into_view_first() -> None:
    """While the guide leads (its panel on the page), the marked piece is what the
    zoomed board scrolls to, not the first legal choice (which is in view already)."""
    seen = zoompan_case("guide_target_first")
    assert seen["left"] > 0 and seen["top"] > 0
    assert 'data-space="9"' in seen["legal"]  # (the key of the piece scrolled to)


def test_on_a_phone_the_target_is_brought_above_the_decision_bar() -> None:
    """A phone's decision bar lies over the board's foot: a target in the frame but
    under the bar's top counts as hidden, and the board scrolls it above the bar."""
    seen = zoompan_case("phone_target_above_the_bar")
    assert seen["top"] == 170.0  # its middle (270) in the middle of the 200 px seen
    assert seen["scrolled"] == []  # in view above the bar: the page stays


def test_on_a_phone_a_board_under_the_bar_moves_the_page_up() -> None:
    """The frame lies wholly under the bar's top (the page scrolled so): the board's
    scroll cannot show the target, so the page itself moves it above the bar."""
    seen = zoompan_case("phone_board_under_the_bar")
    # the frame scrolls by 25 (its foot at 290 - 25 = 265), 65 px under the bar: up 65 + 8
    assert seen["top"] == 25.0 and seen["scrolled"] == [[0, 73.0]]


def test_on_a_phone_a_frame_that_cannot_scroll_down_moves_the_page_up() -> None:
    """A zoomed board as wide as the phone but no taller than its frame scrolls only
    sideways: a target under the bar is brought above it by the page's own scroll."""
    seen = zoompan_case("phone_frame_that_cannot_scroll_down")
    assert seen["scrolled"] == [[0, 98.0]]  # its foot (290) 90 px under the bar, and 8 more


def test_a_click_on_the_guides_button_while_the_page_loads_is_carried_out() -> None:
    """The start screen's guide button is marked data-early="run" (first.js keeps a click
    made before the page is live): the kept click, read by state/early.py, starts the
    guided game under the name typed meanwhile."""
    app = App(MemoryStore(), now=Clock(), new_id=Ids())
    home = render(app).regions["home"]
    assert re.search(r'<button[^>]*data-action="guide" data-early="run"', home)
    intent = early_intent(json.dumps({"action": "guide", "value": "",
                                      "form": {"me": "Ann"}}))
    assert intent is not None
    app.dispatch(*intent)
    assert app.guide is not None and app.ctl is not None
    assert app.ctl.state.names[0] == "Ann"


def test_on_a_phone_the_upright_board_scrolls_the_page_to_the_guides_target() -> None:
    """The upright board on a phone is not zoomed (it fits the width) but is taller than
    the screen: the guide's marked domain at its foot, under the decision bar, is
    brought above the bar by the page's own scroll once the board is drawn."""
    seen = zoompan_case("phone_upright_board_scrolls_the_page")
    # its foot (970) just above the bar's top (555), a margin over it
    assert len(seen["scrolled"]) == 1 and seen["scrolled"][0][1] > 970 - 555
    assert seen["top"] == 0.0  # the frame itself did not move


def test_every_move_of_the_guided_game_is_judged_no_worse_than_an_inaccuracy() -> None:
    """The guide never leads into a move the analysis of the game calls a mistake or a
    blunder: each move it suggests over the whole guided game (GUIDE_SEED, to its last
    step), judged as the analysis judges it (samarkand_core.analysis.DecisionThinking, from
    the person's view at that moment), is best, good or at worst an inaccuracy."""
    from samarkand_core.analysis import DecisionThinking
    from samarkand_core.view import view_for

    app = guided_app()
    judged = []
    for ctl, _, step in guided_steps(app):
        state, action = ctl.state, step.action
        click(app, step.target)
        if action is None or step.topic == FINISH:
            continue  # a button with one meaning, or the guide's own last button
        view = view_for(state, 0)
        if len(view.legal) > 1:
            j = DecisionThinking(view, action).run()
            judged.append((state.turn, action, j.kind, j.loss, j.win_loss))
    assert len(judged) >= 4  # the marriage, the first camel, a sale and a second camel
    weak = [j for j in judged if j[2] in ("mistake", "blunder")]
    assert not weak, weak
