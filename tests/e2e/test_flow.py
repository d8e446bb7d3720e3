"""The play flow in Chromium: the recap since your last turn, the marks on the
pieces placed since, take back (allowed, refused, and the save that never holds a
pending move), the focus after each move, Escape, the start screen's focus, the skip
link, and a whole two-camel turn from the keyboard with its key presses counted
(written to build/e2e/flow.json for the closing note).

Positions are played with samarkand_core and opened through share links, as a person
would open them; the bots' seats ride along in the link."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from samarkand_web.state.controller import HUMAN, Controller

from samarkand_core import (
    GameState,
    Marry,
    Place,
    apply_action,
    decode_save,
    encode_save,
    legal_actions,
)
from samarkand_core.state import MAIN, SECOND
from tests.e2e.figures import RESULTS, keep
from tests.e2e.pages import answered, only_save, place_camel, wait_ready
from tests.support.web_support import found_in_play, play_until, quiet, two_quiet_camels

ROOT = Path(__file__).resolve().parents[2]
BOTS = {"2:random": ("human", "random"), "2:heuristic,3:heuristic":
        ("human", "heuristic", "heuristic")}


# --------------------------------------------------------------------------- helpers

@pytest.fixture
def fpage(wpage: Page) -> Page:
    """A page of the session's shared 1280x800 context (conftest's `wpage`, the site's
    storage emptied first): none of these tests is about a first visit, and a page
    there starts from the service worker's copy and the start's snapshot, where a new
    context of its own downloaded and booted Python for each test."""
    wpage.set_default_timeout(60_000)
    return wpage


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def link(state: GameState, base: str, bots: str, speed: str = "instant") -> str:
    return f"{base}index.html?speed={speed}#{encode_save(state)}&bots={bots}"


def saved_state(page: Page) -> GameState:
    return decode_save(only_save(page)["code"])


def first_spaces(s: GameState, family: str) -> list[int]:
    """The legal spaces of a family in the board's order (the order of the page)."""
    return sorted(a.space for a in legal_actions(s)
                  if isinstance(a, Place) and a.family == family)


def keyboard_turn(s: GameState) -> tuple[Place, Place] | None:
    """Seat 0 to move (2 players) with a family whose first highlighted space takes a
    quiet camel after which the first highlighted space again takes a quiet second one:
    the turn that Enter alone plays, so that its key presses are the fewest."""
    if s.phase != MAIN or s.turn_player != 0 or s.n != 2:
        return None
    for fam in sorted({a.family for a in legal_actions(s) if isinstance(a, Place)}):
        a = Place(family=fam, space=first_spaces(s, fam)[0])
        if not quiet(s, a):
            continue
        t = apply_action(s, a)
        if t.phase != SECOND or not first_spaces(t, fam):
            continue
        b = Place(family=fam, space=first_spaces(t, fam)[0])
        if quiet(t, b):
            return a, b
    return None


def camel_on(page: Page, space: int, family: str) -> Any:
    return page.locator(f'#board [data-space="{space}"] [data-camel="{family}"]')


def focused(page: Page) -> str:
    """The focused element, as id / data-space / data-action / the domain's family."""
    return str(page.evaluate("""() => { const e = document.activeElement;
        if (!e || e === document.body) return 'body';
        if (e.id) return '#' + e.id;
        const g = e.closest('[data-space],[data-family]');
        if (g) return g.dataset.space !== undefined ? 'space:' + g.dataset.space
                                                   : 'family:' + g.dataset.family;
        return e.dataset.action ? 'action:' + e.dataset.action
                                : e.tagName.toLowerCase() + '.' + e.className; }"""))


def record(key: str, value: object) -> None:
    keep("flow.json", {key: value})


def ann_marries(page: Page) -> None:
    page.locator("#board [data-family].legal").first.click()
    page.locator("#confirm-marriage").click()
    page.locator('#actions [data-action="discard"]').click()


# --------------------------------------------------------------------------- recap, marks

def test_recap_lists_both_bot_turns_from_public_events_only(fpage: Page,
                                                            site_url: str) -> None:
    page = fpage
    open_page(page, site_url + "index.html?players=Ann,bot:heuristic,bot:heuristic"
              "&seed=7&first=1&speed=instant")
    ann_marries(page)
    turns = page.locator("#recap .recap-turn")  # beside the board, under the decision
    expect(turns).to_have_count(2, timeout=120_000)
    # the turn came back to Ann: the focus waits on her decision, not at the top
    expect(page.locator("#actions .decision")).to_be_focused()
    # the recap is on the first screen at 1280x800, without scrolling the page
    assert page.evaluate("window.scrollY") == 0
    first = turns.first.bounding_box()
    assert first is not None and first["y"] + first["height"] <= 800, first
    state = saved_state(page)
    ctl = Controller(state, BOTS["2:heuristic,3:heuristic"])
    expected = ctl.recap(0)
    assert [r.player for r in expected] == [1, 2]
    for item, rec in zip(turns.all(), expected, strict=True):
        assert item.get_attribute("data-player") == str(rec.player)
        assert item.get_attribute("data-turn") == str(rec.turn)
        text = item.inner_text()
        assert f"Turn {rec.turn} · Bot {rec.player + 1} (Medium)" in text
        assert "marries into the" in text and "draws 3 cards" in text
        for p, delta in rec.money_changes():  # each player's money change, signed
            sign = f"\u2212{-delta}" if delta < 0 else f"+{delta}"
            assert f"{state.names[p]} {sign}" in text
    # never which cards: no card of a bot's hand is named (docs/rules.md, Goods)
    recap_text = page.locator("#recap").inner_text()
    for p in (1, 2):
        for good in state.hands[p]:
            assert f"{state.board.good_names[good]} ({good})" not in recap_text
    page.screenshot(path=str(RESULTS / "flow-recap.png"))


def mid_game_with_expanding_bots(s: GameState) -> bool:
    """Bot 2 to move in a 3-player game where all three hold a family that can expand."""
    if s.phase != MAIN or s.turn_player != 1 or s.n != 3 or s.turn < 12:
        return False
    return all(any(s.tiles[p][f] and s.camels_left[f] for f in range(s.board.n_families))
               for p in range(3))


def test_pieces_placed_since_the_last_turn_stay_marked_until_the_person_acts(
        fpage: Page, site_url: str) -> None:
    page = fpage
    # seed0=2: on the tuned map the first such game leaves Ann, once the bots
    # have placed a camel, none that takes no goods marker (the test needs one)
    s = play_until(mid_game_with_expanding_bots, players=3,
                   prefer=lambda s: [a for a in legal_actions(s) if isinstance(a, Marry)],
                   seed0=2)
    bots = "2:heuristic,3:heuristic"
    open_page(page, link(s, site_url, bots))
    for _ in range(6):  # Ann's turns, until a bot has placed a camel since her last one
        expect(page.locator("#actions .decision")).to_be_visible(timeout=120_000)
        ctl = Controller(saved_state(page), BOTS[bots])
        marks = sorted(ctl.last_spaces)
        if marks:
            break
        pass_or_end_a_turn(page)
    else:
        pytest.fail("the bots placed no camel in six rounds")
    shown = sorted(int(x) for x in page.locator("#board .space.last").evaluate_all(
        "els => els.map(e => e.dataset.space)"))
    assert shown == marks
    bots_spaces = {sp for r in ctl.recap(0) for sp in r.spaces}
    assert set(marks) == bots_spaces
    page.screenshot(path=str(RESULTS / "flow-marks.png"))
    # Ann acts: the others' marks go, her own camel is marked
    state = saved_state(page)
    place = next((a for a in legal_actions(state)
                  if isinstance(a, Place) and quiet(state, a)), None)
    assert place is not None, "Ann has no quiet camel to place in this position"
    place_camel(page, place)
    expect(page.locator("#board .space.last")).to_have_count(1)
    expect(page.locator(f'#board [data-space="{place.space}"].last.latest')).to_have_count(1)


def pass_or_end_a_turn(page: Page) -> None:
    """Ann plays a turn with the first thing offered."""
    actions = page.locator("#actions")
    for sel in ('[data-action="pass"]',):
        if actions.locator(sel).count():
            actions.locator(sel).click()
            return
    if page.locator("#board [data-family].legal").count():
        ann_marries(page)
        return
    page.locator('#actions [data-action="expand"]').first.click()
    page.locator("#board [data-space].legal").first.click()
    end = page.locator("#end-turn")
    if end.count():
        end.click()


# --------------------------------------------------------------------------- take back

def test_take_back_a_camel_and_a_second_camel_the_save_never_holds_them(
        fpage: Page, site_url: str) -> None:
    page = fpage
    s, (a, b) = found_in_play(two_quiet_camels, players=2)
    f = s.board.family_index[a.family]
    open_page(page, link(s, site_url, "2:random"))
    before = only_save(page)["code"]
    place_camel(page, a)
    expect(camel_on(page, a.space, a.family)).to_have_count(1)
    assert only_save(page)["code"] == before  # pending: not saved
    page.locator("#take-back").click()
    expect(camel_on(page, a.space, a.family)).to_have_count(0)
    assert only_save(page)["code"] == before
    # the second camel and its dirham, taken back from the keyboard (Ctrl+Z)
    page.locator(f'#board [data-space="{a.space}"].legal').click()
    page.locator(f'#board [data-space="{b.space}"].legal').click()
    expect(page.locator("#end-turn")).to_be_focused()
    domain = page.locator(f'#board [data-family="{a.family}"]')
    assert f"treasury {s.treasury[f] - 1}," in (domain.get_attribute("aria-label") or "")
    page.keyboard.press("Control+z")
    expect(camel_on(page, b.space, a.family)).to_have_count(0)
    assert f"treasury {s.treasury[f]}," in (domain.get_attribute("aria-label") or "")
    assert only_save(page)["code"] == before
    # placed again and the turn ended: now it is saved, both camels in it
    page.locator(f'#board [data-space="{b.space}"].legal').click()
    page.locator("#end-turn").click()
    expect(page.locator("#take-back")).to_have_count(0)
    after = saved_state(page)
    assert f in after.occ[a.space] and f in after.occ[b.space]
    assert after.treasury[f] == s.treasury[f] - 1


def takes_a_marker(s: GameState) -> Place | None:
    """Seat 0 (2 players) can place a camel that takes a goods marker, with nobody
    holding its card (so that the turn goes on for her)."""
    if s.phase != MAIN or s.turn_player != 0 or s.n != 2:
        return None
    for a in legal_actions(s):
        if isinstance(a, Place) and not quiet(s, a) and apply_action(s, a).phase != "sell":
            return a
    return None


def test_take_back_is_refused_once_a_goods_marker_was_taken(fpage: Page,
                                                            site_url: str) -> None:
    page = fpage
    s = play_until(lambda s: takes_a_marker(s) is not None, players=2)
    a = takes_a_marker(s)
    assert a is not None
    open_page(page, link(s, site_url, "2:random"))
    before = only_save(page)["code"]
    place_camel(page, a)
    expect(camel_on(page, a.space, a.family)).to_have_count(1)
    expect(page.locator("#take-back")).to_have_count(0)
    page.keyboard.press("Control+z")
    expect(page.locator("#status .error-text")).to_contain_text("A goods marker was taken")
    expect(camel_on(page, a.space, a.family)).to_have_count(1)
    committed = only_save(page)["code"]
    assert committed != before  # hidden information came out: the camel is committed
    f = s.board.family_index[a.family]
    assert f in decode_save(committed).occ[a.space]


def test_a_marriage_is_taken_back_until_its_cards_are_drawn(fpage: Page,
                                                            site_url: str) -> None:
    page = fpage
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=81&first=1")
    before = only_save(page)["code"]
    money = page.locator('#players [data-player="0"]')
    expect(money).to_contain_text("10 dirhams")
    page.locator("#board [data-family].legal").first.click()
    expect(page.locator("#confirm-marriage")).to_be_focused()
    page.keyboard.press("Control+z")
    expect(page.locator("#confirm-marriage")).to_have_count(0)
    expect(money).to_contain_text("10 dirhams")
    assert only_save(page)["code"] == before
    page.locator("#board [data-family].legal").first.click()
    page.locator("#confirm-marriage").click()
    expect(page.locator('#actions [data-action="discard"]')).to_be_visible()
    assert only_save(page)["code"] != before  # the cards are drawn: committed
    expect(page.locator("#take-back")).to_have_count(0)
    page.keyboard.press("Control+z")
    expect(page.locator("#status .error-text")).to_contain_text("Cards have been drawn")


# --------------------------------------------------------------------------- keyboard

def test_a_two_camel_turn_from_the_keyboard_with_the_focus_after_each_move(
        fpage: Page, site_url: str) -> None:
    page = fpage
    s, (a, b) = found_in_play(keyboard_turn, players=2)
    f = s.board.family_index[a.family]
    open_page(page, link(s, site_url, "2:random", speed="slow"))
    expect(page.locator("#status")).to_be_focused()
    keys = 0
    chip = f'#actions [data-action="expand"][data-value="{a.family}"]'
    while not page.locator(chip).evaluate("e => e === document.activeElement"):
        page.keyboard.press("Tab")
        keys += 1
        assert keys < 12, focused(page)
    tabs = keys
    page.keyboard.press("Enter")  # the family: the focus rests on the decision (issue 35)
    keys += 1
    expect(page.locator("#actions .decision")).to_be_focused()
    page.keyboard.press("ArrowDown")  # one arrow: the first highlighted space
    keys += 1
    assert focused(page) == f"space:{a.space}"
    if page.locator('#board [data-space].legal[role="button"]').count() > 1:
        page.keyboard.press("ArrowRight")  # the arrows move among the highlighted spaces
        assert focused(page) != f"space:{a.space}"
        page.keyboard.press("ArrowLeft")
        assert focused(page) == f"space:{a.space}"
    page.keyboard.press("Enter")  # the first camel: the focus rests on the decision
    keys += 1
    expect(camel_on(page, a.space, a.family)).to_have_count(1)
    expect(page.locator("#actions .decision")).to_be_focused()
    page.keyboard.press("ArrowDown")  # one arrow: the second camel's first space
    keys += 1
    assert focused(page) == f"space:{b.space}"
    page.keyboard.press("Enter")  # the second camel: the turn is complete
    keys += 1
    expect(page.locator("#end-turn")).to_be_focused()
    page.keyboard.press("Enter")  # end the turn
    keys += 1
    expect(page.locator("#status")).to_be_focused()  # the bot's turn: the status says so
    after = saved_state(page)
    assert f in after.occ[a.space] and f in after.occ[b.space]
    record("keys_two_camel_turn", {"total": keys, "tab": tabs, "enter": keys - tabs,
                                   "from": "the status line, as a game opens"})


def test_escape_closes_the_rules_the_share_dialog_and_the_scores(
        fpage: Page, site_url: str) -> None:
    page = fpage
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=3")
    page.locator("#rules-button").click()
    expect(page.locator("#overlay .rules-dialog")).to_be_visible()
    expect(page.locator("#overlay h2")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()
    expect(page.locator("#rules-button")).to_be_focused()
    page.locator('#header [data-action="share"]').click()
    expect(page.locator("#overlay #share-link")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()
    finished = play_until(lambda s: s.is_over, players=2)
    open_page(page, f"{site_url}index.html#{encode_save(finished)}")
    expect(page.locator("#overlay .scores-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()


def test_changing_player_2_keeps_the_focus_on_player_2s_select(fpage: Page,
                                                              site_url: str) -> None:
    """review-turn2/55: the focus jumped to player 1's select, and a second arrow press
    turned player 1 into a bot."""
    page = fpage
    open_page(page, site_url + "index.html")
    page.locator("#setup-toggle").click()  # the full setup
    kind1 = page.locator("#kind1")
    kind1.focus()
    page.keyboard.press("ArrowDown")
    expect(kind1).to_have_value("random")
    expect(kind1).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(kind1).to_have_value("heuristic")
    expect(kind1).to_be_focused()
    expect(page.locator("#kind0")).to_have_value(HUMAN)
    expect(page.locator("#name1")).to_have_value("Bot 2 (Medium)")
    # the seed waits under "More options"
    seed = page.locator("#seed")
    expect(seed).to_be_hidden()
    page.locator("#start-form .more-options summary").click()
    expect(seed).to_be_visible()


def test_the_skip_link_goes_to_the_board(fpage: Page, site_url: str) -> None:
    page = fpage
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=81&first=1")
    # the first stop of the page's tab order, shown when it has the focus (a control
    # that is not drawn, as the loading indicator's reload button once the page is
    # live, or is inert, is no stop)
    first = page.evaluate("""() => [...document.querySelectorAll(
        'a[href], button:not([disabled]), select, input, [tabindex="0"]')]
        .find((e) => e.getClientRects().length > 0 && !e.closest('[inert]')).className""")
    assert first == "skip-link"
    skip = page.locator(".skip-link")
    for _ in range(8):  # from the status line (where an opened game puts the focus) back up
        page.keyboard.press("Shift+Tab")
        if skip.evaluate("e => e === document.activeElement"):
            break
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    answered(page)  # the worker's answer, which puts the focus on the board, drawn
    assert focused(page).startswith("family:"), focused(page)
