"""What a person deciding on a phone (360x740, touch) needs is in reach, in English and
French (issue 35, item 6), measured in Chromium:

- while choosing a route, the person's own cards and money are on the decision bar,
  on the screen (the upright board put the hand two screens below the map);
- a highlighted (legal) space brought into view, zoomed or not, lies above the decision
  bar fixed at the screen's bottom, never under it;
- at the discard step every card is on the screen, in view without scrolling the page
  or the bar (a row of cards that scrolls sideways counts, itself in view);
- the recap ("Since your last turn") has the bar's width, its button's words whole on
  one line, and opened it shows its turns in the bar;
- a sale offered under the end's warning and a bot's last move: Keep and Sell in reach
  on the screen (the status's lines are cut past a row of buttons), and a tap sells.

The figures go to build/e2e/phone_reach.json, to be read beside the screenshots.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from samarkand_web.view.panels.end import end_warning

from samarkand_core import GameState, apply_action, encode_save, legal_actions, new_game
from samarkand_core.rng import Rng
from tests.e2e.figures import keep
from tests.e2e.pages import guarded_page, legal, open_page
from tests.e2e.phones import (
    PHONE,
    Shared,
    lang_of,
    phone_fixtures,
    wait_for_my_turn,
)


def record(key: str, value: Any) -> None:
    keep("phone_reach.json", {key: value})


# A phone in the language of the parameter, a game against a bot open, the person first
# (seed 81: five cards in hand at the first discard).
phone_context, phone = phone_fixtures(["en", "fr"])


@pytest.fixture
def bare_phone(phone_context: Shared, site_url: str) -> Iterator[tuple[Page, str]]:
    """A page of the language's shared phone context, nothing open yet, and its language."""
    warm, lang = phone_context
    for page in guarded_page(warm, site_url):
        yield page, lang


def to_the_discard(page: Page, family: str = "") -> None:
    """The person marries into the first family offered (or `family`, "last": the last
    one, whose domain and spaces are at the foot of the upright board) and confirms:
    three cards drawn, the cards to keep or discard are the decision."""
    wait_for_my_turn(page)
    families = legal(page, "family")
    chosen = (families.last if family == "last" else families.first if not family
              else page.locator(f'#board [data-family="{family}"].legal'))
    chosen.locator(".domain-face").tap()
    page.locator("#confirm-marriage").tap()
    expect(page.locator('#actions [data-action="discard"]')).to_be_visible()


def to_an_expand_turn(page: Page, family: str = "") -> None:
    """The person's second turn (the cards kept, the bot played), the family married
    (to_the_discard's `family`) chosen to expand: its spaces are highlighted."""
    to_the_discard(page, family)
    page.locator('#actions [data-action="discard"]').tap()
    wait_for_my_turn(page)
    chips = page.locator("#actions .family-choice")
    if chips.count() and chips.first.get_attribute("aria-pressed") != "true":
        chips.first.tap()
    expect(legal(page, "space").first).to_be_attached()


def settle(page: Page) -> None:
    """Two frames drawn (what the page scrolls or lays out before a frame is done), then
    the table's motion run out (a drawn card slides into place: where it rests is what
    counts, not where it passes)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame("
                  "() => requestAnimationFrame(() => done(true))))")
    page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))"
                  ".then(() => true)")


# --------------------------------------------------------------------------- b. legal spaces

# Each highlighted space brought into view as the browser does it for a focus, a find or
# a tap (the nearest edge): its box against the decision bar's top.
BROUGHT = """async () => {
  const frame = () => new Promise(done => requestAnimationFrame(() => done(true)));
  const out = [];
  for (const s of document.querySelectorAll('#board [data-space].legal')) {
    s.querySelector('.hex').scrollIntoView({block: 'nearest', inline: 'nearest'});
    await frame();
    const r = s.querySelector('.hex').getBoundingClientRect();
    const bar = document.querySelector('#decision-bar').getBoundingClientRect();
    out.push({space: s.dataset.space, top: r.top, bottom: r.bottom, barTop: bar.top});
  }
  // back to the top, then the same from there (the nearest edge is then the bottom one)
  for (const s of [...document.querySelectorAll('#board [data-space].legal')].reverse()) {
    scrollTo(0, 0);
    document.querySelector('#board-wrap').scrollTop = 0;
    await frame();
    s.querySelector('.hex').scrollIntoView({block: 'nearest', inline: 'nearest'});
    await frame();
    const r = s.querySelector('.hex').getBoundingClientRect();
    const bar = document.querySelector('#decision-bar').getBoundingClientRect();
    out.push({space: s.dataset.space, top: r.top, bottom: r.bottom, barTop: bar.top});
  }
  return out;
}"""


def test_a_highlighted_space_brought_into_view_is_above_the_decision_bar(
        phone: Page) -> None:
    """An expand turn on a phone, the board as drawn and zoomed in twice: every
    highlighted space, brought into view (from above and from below), lies whole
    between the screen's top and the decision bar's top, never under the bar."""
    to_an_expand_turn(phone, family="last")
    seen: dict[str, list[dict[str, Any]]] = {}
    for zoom in ("first", "in", "in"):
        if zoom == "in":
            phone.locator('#zoom [data-zoom="in"]').tap()
            phone.wait_for_timeout(300)  # the zoom is applied in the tap's task
        settle(phone)
        boxes: list[dict[str, Any]] = phone.evaluate(BROUGHT)
        assert boxes
        under = [b for b in boxes if b["bottom"] > b["barTop"] + 0.5 or b["top"] < -0.5]
        seen[zoom if zoom == "first" else f"in{len(seen)}"] = under
        assert under == [], (zoom, under)
    record(f"legal_under_bar_{lang_of(phone)}", seen)


LEGAL_AT_REST = """() => {
  const bar = document.querySelector('#decision-bar').getBoundingClientRect().top;
  return [...document.querySelectorAll('#board [data-space].legal .hex')].map(h => {
    const r = h.getBoundingClientRect();
    return {space: h.parentElement.dataset.space, top: r.top, bottom: r.bottom, bar,
            shown: r.top >= -0.5 && r.bottom <= bar + 0.5};
  });
}"""


def test_a_family_chosen_to_expand_brings_its_spaces_above_the_bar(phone: Page) -> None:
    """The House of Isfahan married, then chosen to expand on a phone: its domain is at
    the upright board's top and its spaces half way down, where the decision bar lay
    over them. The page scrolls so that every highlighted space is on the screen above
    the bar (the next tap), without the person scrolling."""
    to_an_expand_turn(phone, family="isfahan")
    spaces: list[dict[str, Any]] = []
    for _ in range(60):  # the page scrolls just before a frame, after the drawing
        settle(phone)
        spaces = phone.evaluate(LEGAL_AT_REST)
        if spaces and all(s["shown"] for s in spaces):
            break
        phone.wait_for_timeout(50)
    record(f"expand_at_rest_{lang_of(phone)}", spaces)
    assert spaces
    assert [s for s in spaces if not s["shown"]] == []


# --------------------------------------------------------------------------- d. the recap

RECAP = """() => {
  const bar = document.querySelector('#decision-bar').getBoundingClientRect();
  const actions = document.querySelector('#actions').getBoundingClientRect();
  const fold = document.querySelector('#actions .recap-fold').getBoundingClientRect();
  const b = document.querySelector('#recap-toggle');
  const line = parseFloat(getComputedStyle(b).lineHeight);
  const words = document.createRange();  // the button's words: how many lines they take
  words.selectNodeContents(b);
  const first = document.querySelector('#recap-body .recap-turn');
  const r = first ? first.getBoundingClientRect() : null;
  const top = Math.max(bar.top, actions.top, 0), bottom = Math.min(bar.bottom, actions.bottom);
  const t = b.getBoundingClientRect();
  return {barWidth: bar.width, foldWidth: fold.width, text: b.textContent.trim(),
          toggleShown: t.top >= top - 0.5 && t.bottom <= bottom + 0.5,
          cut: b.scrollWidth > b.clientWidth + 1 || getComputedStyle(b).textOverflow === 'ellipsis',
          lines: Math.round(words.getBoundingClientRect().height / line),
          turnShown: r ? r.top >= Math.max(top, t.bottom) - 0.5
                         && r.top + Math.min(r.height, 40) <= bottom + 0.5
                       : null,
          barHeight: bar.height};
}"""


def test_the_recap_has_the_bars_width_and_opened_shows_its_turns(phone: Page) -> None:
    """The second turn on a phone: the recap's fold ("Since your last turn") takes the
    decision bar's width (it was squeezed to ~125 px beside "Suggest" and "Watch
    again"), its button's words whole on one line; tapped open, the first turn it tells
    is on the screen, inside the bar, and so is the button that folds it again."""
    to_an_expand_turn(phone)
    toggle = phone.locator("#recap-toggle")
    expect(toggle).to_be_visible()
    settle(phone)
    closed = phone.evaluate(RECAP)
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(phone.locator("#recap-body .recap-turn").first).to_be_attached()
    settle(phone)
    opened = phone.evaluate(RECAP)
    record(f"recap_{lang_of(phone)}", {"closed": closed, "opened": opened})
    for m in (closed, opened):
        assert m["foldWidth"] >= 0.9 * m["barWidth"] - 24, m
        assert not m["cut"] and m["lines"] == 1, m
    assert opened["turnShown"] and opened["toggleShown"], opened


# --------------------------------------------------------------------------- c. the discard

# Each card button of the discard (and "Keep"): whether it is on the screen without the
# page or the bar scrolling up or down: its box between the screen's top and foot,
# inside the bar and inside each box that clips it up and down; across, inside the
# screen, or inside a row that scrolls sideways whose own box is across the screen.
WHERE = """
  const clips = el => {
    let top = 0, bottom = innerHeight, left = 0, right = innerWidth, row = null;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a), r = a.getBoundingClientRect();
      if (s.overflowY !== 'visible') {
        top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
      }
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') {
        if (!row) row = r;
      } else if (s.overflowX !== 'visible') {
        left = Math.max(left, r.left); right = Math.min(right, r.right);
      }
    }
    return {top, bottom, left, right, row};
  };
  const where = el => {
    const r = el.getBoundingClientRect(), c = clips(el);
    const down = r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5;
    const across = (r.left >= c.left - 0.5 && r.right <= c.right + 0.5)
      || (c.row !== null && c.row.left >= c.left - 0.5 && c.row.right <= c.right + 0.5
          && r.top >= c.row.top - 0.5 && r.bottom <= c.row.bottom + 0.5);
    return {text: el.textContent.trim(), top: r.top, bottom: r.bottom, left: r.left,
            right: r.right, shown: down && across};
  };"""
REACH = """() => {""" + WHERE + """
  return {cards: [...document.querySelectorAll('#actions button.card')].map(where),
          keep: where(document.querySelector('#actions [data-action="discard"]'))};
}"""


def test_at_the_discard_every_card_is_on_the_screen(phone: Page) -> None:
    """The discard on a phone, five cards in hand (two dealt, three drawn): every card
    button and "Keep all cards" are on the screen without scrolling the page or the
    bar up or down (the cards may be a row that scrolls sideways, itself in view); a
    card tapped at the row's end is marked for discard and stays in view."""
    to_the_discard(phone)
    settle(phone)
    m = phone.evaluate(REACH)
    record(f"discard_{lang_of(phone)}", m)
    assert len(m["cards"]) == 5
    assert m["keep"]["shown"], m["keep"]
    hidden = [c for c in m["cards"] if not c["shown"]]
    assert hidden == [], hidden
    last = phone.locator("#actions button.card").last
    last.tap()
    expect(last).to_have_attribute("aria-pressed", "true")
    settle(phone)
    picked = phone.evaluate(REACH)["cards"][-1]
    box = last.bounding_box()
    assert box is not None and picked["shown"]
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], box


# --------------------------------------------------------------------------- d. a sale

# Keep and Sell of a sale offered to the person, measured as the discard's cards are.
SALE_REACH = """() => {""" + WHERE + """
  return {keep: where(document.querySelector('#actions [data-action="keep"]')),
          sell: where(document.querySelector('#actions [data-action="sell"]')),
          status: document.getElementById('status').getBoundingClientRect().height};
}"""


def bots_to_move_under_the_ends_warning(seed: int) -> GameState:
    """A game of three (random legal moves from `seed`) just after the first player's
    turn once one more turn could end the game: the two random bots move next (their
    moves are the same at every opening of the link: each bot's draws start from the
    game's seed)."""
    state = new_game(["Ann", "Bo", "Cy"], seed)
    rng = Rng(seed)
    while True:
        legal_now = legal_actions(state)
        after = apply_action(state, legal_now[rng.below(len(legal_now))])
        if (state.turn_player == 0 and after.turn_player != 0 and after.phase != "sell"
                and end_warning(after) is not None):
            return after
        state = after


def test_a_sale_under_the_ends_warning_and_the_last_move_leaves_keep_and_sell_in_reach(
        bare_phone: tuple[Page, str], site_url: str) -> None:
    """A bot's move offers the person a sale while the status holds the end's warning
    and that move (seed 5): on a phone the status gives way past what leaves the
    decision a row of buttons (its lines past that are cut), so Keep and Sell,
    brought into view inside the decision, are on the screen, and a tap on Sell sells.
    The status had taken all but 11 px of the bar, the buttons below the screen's foot:
    a whole game on the phone tapped them without effect."""
    state = bots_to_move_under_the_ends_warning(5)
    page, lang = bare_phone
    open_page(page, site_url + f"index.html?speed=instant&lang={lang}"
              f"#{encode_save(state)}&bots=2:random,3:random")
    sell = page.locator('#actions [data-action="sell"]')
    expect(sell).to_be_attached(timeout=30_000)
    expect(page.locator("#status #ending-warning")).to_be_attached()
    expect(page.locator("#status .last-move")).to_be_attached()
    sell.scroll_into_view_if_needed()
    settle(page)
    m = page.evaluate(SALE_REACH)
    record(f"sale_{lang}", m)
    assert m["keep"]["shown"] and m["sell"]["shown"], m
    sell.tap()
    expect(sell).to_have_count(0)  # sold: the bot's turn goes on


# --------------------------------------------------------------------------- a. the hand

def test_the_cards_and_the_money_are_in_reach_while_choosing_a_route(phone: Page) -> None:
    """An expand turn on a phone (the upright board puts the hand two screens below the
    map): the person's cards by number, their worth and the money are on one line of
    the decision bar, on the screen, the same as the hand and the players strip say;
    in the decision (theirs alone), not in the status the table shares."""
    to_an_expand_turn(phone)
    settle(phone)
    peek = phone.locator("#decision-bar .hand-peek")
    expect(peek).to_be_visible()
    box, bar = peek.bounding_box(), phone.locator("#decision-bar").bounding_box()
    assert box is not None and bar is not None
    assert bar["y"] <= box["y"] and box["y"] + box["height"] <= PHONE["height"], (box, bar)
    assert box["height"] <= 30, box  # one line
    assert phone.locator("#status .hand-peek").count() == 0
    hand = [c.get_attribute("data-card") for c in phone.locator("#hand li.card").all()]
    numbers = [n.inner_text() for n in peek.locator(".card-no").all()]
    assert numbers == hand and len(hand) == 5, (numbers, hand)
    worth = phone.locator("#hand .hand-title .card-value > span[aria-hidden]").inner_text()
    assert peek.locator(".card-value").inner_text().strip() == worth
    me = phone.locator("#players .player").first
    money = me.locator(".stat.money > span[aria-hidden]").inner_text()
    assert peek.locator(".hand-peek-money").inner_text().strip() == money
    record(f"hand_peek_{lang_of(phone)}", {"box": box, "bar_top": bar["y"],
                                            "cards": numbers, "money": money})
