"""Play by link in Chromium: two browser contexts are two devices (each its own
storage), the game passed between them as the address the page offers
(`[data-remote-link]`). Each test names what of the feature it guards."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect
from samarkand_web.saves.remote import RemoteLink, Send, decode_link, encode_link
from samarkand_web.saves.storage import holds

from samarkand_core import (
    GameState,
    Place,
    SaleTiming,
    apply_action,
    decode_save,
    encode_save,
    legal_actions,
    new_game,
)
from samarkand_core.state import MAIN
from tests.e2e.links import (
    PEOPLE,
    open_link,
    play_until_link,
    round_ends_with_holder,
    settled,
    the_link,
)
from tests.e2e.pages import (
    ContextPool,
    Guard,
    answered,
    emptied_page,
    let_the_snapshot_be_kept,
    open_page,
    place_camel,
)
from tests.support.web_support import found_in_play

PREFIX = "samarkand.save."


@pytest.fixture
def devices(context_pool: ContextPool, site_url: str) -> Iterator[Callable[[], Page]]:
    """A device per call: a context of the session's pool (the first device the shared
    1280x800 one, the others one each: storage, keys and service worker of their own,
    each test's device n the same context), its storage and keys emptied, a new page on
    it; each device's requests and CSP reports are checked at the test's end."""
    used: list[tuple[Page, Guard, bool]] = []

    def make() -> Page:
        n = len(used)
        ctx, guard = context_pool.get(f"device {n}" if n else "")
        guard.clear()
        page, started_before = emptied_page(ctx, site_url)
        used.append((page, guard, started_before))
        return page

    yield make
    for page, guard, started_before in used:
        let_the_snapshot_be_kept(page, started_before)
        page.close()
        guard.check()


def saves(page: Page) -> dict[str, str]:
    return dict(page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage)"
        ".filter(([k]) => k.startsWith('samarkand.')))"))


def save_keys(page: Page) -> list[str]:
    return [k for k in saves(page) if k.startswith(PREFIX)]


def shown_cards(page: Page) -> set[int]:
    return {int(c) for c in page.locator("#hand [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")}


def test_two_devices_pass_a_game_back_and_forth_into_one_save(
        devices: Callable[[], Page], site_url: str) -> None:
    """Ann starts a game by link and sends it; Bob's device opens it with Bob's cards and
    not Ann's, no curtain, plays and sends it back; Ann's device merges it into the same
    save; an older link opened again changes nothing."""
    rng = random.Random(5)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,Bob&remote=1&seed=17&first=1")
    expect(ann.locator("#overlay #reveal")).to_have_count(0)
    first = play_until_link(ann, rng)
    expect(ann.locator("#actions #remote-title")).to_contain_text("Bob")
    link, state = decode_link(first.split("#", 1)[1])
    assert link.to == 1 and link.sender == 0

    open_link(bob, first)
    expect(bob.locator("#overlay #reveal")).to_have_count(0)  # nobody else at this screen
    expect(bob.locator("#overlay")).to_be_hidden()
    expect(bob.locator("#hand [data-card]").first).to_be_visible()
    cards = shown_cards(bob)
    assert cards == set(state.hands[1])
    assert not cards & set(state.hands[0])
    assert len(save_keys(bob)) == 1
    back = play_until_link(bob, rng)
    assert decode_link(back.split("#", 1)[1])[0].to == 0

    open_link(ann, back)
    assert len(save_keys(ann)) == 1  # the same save, brought up to date
    expect(ann.locator("#messages")).to_contain_text("Bob")
    _, back_state = decode_link(back.split("#", 1)[1])
    assert shown_cards(ann) == set(back_state.hands[0])
    stored = saves(ann)
    game_key = save_keys(ann)[0]
    assert encode_save(back_state) in stored[game_key]

    open_link(ann, first)  # the first link again: older than the game here
    expect(ann.locator("#messages")).to_contain_text("older")
    assert {k: v for k, v in saves(ann).items() if k.startswith(PREFIX)} == {
        k: v for k, v in stored.items() if k.startswith(PREFIX)}
    ann.locator('#header [data-action="home"]').click()
    expect(ann.locator("#saves li.save")).to_have_count(1)
    expect(ann.locator("#saves li.save")).to_contain_text("your turn")


def test_a_damaged_link_is_refused_and_stores_nothing(
        devices: Callable[[], Page], site_url: str) -> None:
    """A link changed on the way is refused with a clear message; nothing is stored."""
    rng = random.Random(2)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,Bob&remote=1&seed=23&first=1")
    url = play_until_link(ann, rng)
    i = url.rindex(".", 0, url.rindex(".")) - 12  # in the save code (before key, signature)
    tampered = url[:i] + ("Q" if url[i] != "Q" else "R") + url[i + 1:]
    open_page(bob, tampered)
    expect(bob.locator("#messages")).to_contain_text("damaged")
    expect(bob.locator("#new-game")).to_be_visible()
    assert save_keys(bob) == []
    assert not [k for k in saves(bob) if k.startswith("samarkand.remote.")]


def test_a_marker_asks_every_device_and_the_holder_sells_on_theirs(
        devices: Callable[[], Page], site_url: str) -> None:
    """docs/rules.md, Goods (a kept card is said by nobody): Ann's camel takes a goods marker
    on her device; the question "whoever holds this card may sell it now" is asked on
    hers and then visits every other person's device by link, the same panel on each; the
    holder, last, sells on theirs (a sale is public: the log says the round ends there);
    the game goes on, and in the end every device holds the same game, one save each."""
    state, place = found_in_play(round_ends_with_holder, players=3)
    holder = apply_action(state, place).pending_holder
    good = state.board.good_at[place.space]
    link = RemoteLink(encode_save(state), PEOPLE, 0, 2,
                      (Send(len(state.actions), 2, 0, 29_000_000),))
    pages = [devices(), devices(), devices()]
    ann = pages[0]
    open_link(ann, f"{site_url}index.html#{encode_link(link)}")
    place_camel(ann, place)
    question = ann.locator("#actions .remote-sale")
    expect(question).to_contain_text("a goods marker was taken")
    expect(question.locator("button")).to_have_count(1)  # Ann does not hold it: Pass on
    question.locator("#round-pass").click()
    visited = [0]
    url = the_link(ann)
    for _ in range(2):
        nxt, _ = decode_link(url.split("#", 1)[1])
        assert nxt.sends[-1].sale  # a link that asks the question
        page = pages[nxt.to]
        open_link(page, url)
        visited.append(nxt.to)
        asked = page.locator("#actions .remote-sale")
        expect(asked).to_contain_text("a goods marker was taken")
        if nxt.to == holder:
            expect(asked.locator("#round-keep")).to_be_visible()
            asked.locator("#round-sell").click()
            expect(page.locator("#log")).to_contain_text("the question goes no further")
            break
        expect(asked.locator("button")).to_have_count(1)
        asked.locator("#round-pass").click()
        url = the_link(page)
    assert sorted(visited) == [0, 1, 2] and visited[-1] == holder
    # the game goes on from the holder's device; pass it round until every device has it
    rng = random.Random(3)
    here = holder
    seen = {holder}
    while seen != {0, 1, 2}:
        url = play_until_link(pages[here], rng)
        nxt, _ = decode_link(url.split("#", 1)[1])
        open_link(pages[nxt.to], url)
        here = nxt.to
        seen.add(here)
    _, last = decode_link(url.split("#", 1)[1])
    assert good in last.sold[holder]
    for page in pages:
        keys = save_keys(page)
        assert len(keys) == 1
        game = decode_save(json.loads(saves(page)[keys[0]])["code"])
        assert holds(last, game) and good in game.sold[holder]


def ann_takes_bobs_marker() -> tuple[GameState, Place]:
    """A game by link of Ann and Bob (the sale at the holder's turn) at the start of Ann's
    turn, where her camel can take a goods marker whose card Bob holds."""
    for seed in range(1, 200):
        s = new_game(["Ann", "Bob"], seed, 0, sale_timing=SaleTiming.AT_HOLDERS_TURN)
        rng = random.Random(seed)
        while not s.is_over and len(s.actions) < 60:
            if s.turn_player == 0 and s.phase == MAIN and s.turn > 2:
                for a in legal_actions(s):
                    if (isinstance(a, Place) and not s.occ[a.space]
                            and s.board.good_at[a.space] in s.hands[1]):
                        return s, a
            s = apply_action(s, rng.choice(legal_actions(s)))
    raise AssertionError("no such position")


def answer_all(page: Page, sell: bool) -> int:
    """Every question this device shows as its person's turn begins: the holder sells
    (if `sell`) or keeps, anyone else goes on. The number of questions that offered a
    sale."""
    offered = 0
    actions = page.locator("#actions")
    for _ in range(30):
        answered(page)  # the page as it answers the click before (the worker's Paint)
        panel = actions.locator(".remote-sale")
        if not panel.count():
            return offered
        expect(panel).to_contain_text("a goods marker was taken")
        if panel.locator("#round-sell").count():
            offered += 1
            panel.locator("#round-sell" if sell else "#round-keep").click()
        else:
            expect(panel.locator("button")).to_have_count(1)  # "Go on"
            panel.locator("#round-pass").click()
    raise AssertionError("the questions never ended")


def test_by_link_the_mover_plays_on_and_the_holder_sells_when_their_turn_begins(
        devices: Callable[[], Page], site_url: str) -> None:
    """docs/rules.md, Selling by link (one link a turn): Ann's camel takes a goods marker
    whose card Bob holds; her turn goes on with no question and ends with one link, to
    Bob, which asks nothing; Bob's device asks him as his turn begins (Sell or Keep), he
    sells (public: the log says so), plays his turn and sends one link back; Ann's device
    has both links' game, the card sold, one save each."""
    state, place = ann_takes_bobs_marker()
    good = state.board.good_at[place.space]
    people = ("human", "human")
    link = RemoteLink("", people, 0, 1, (Send(len(state.actions), 1, 0, 29_000_000),))
    ann, bob = devices(), devices()
    open_link(ann, f"{site_url}index.html#{encode_link(link, state)}")
    answer_all(ann, sell=False)  # (the markers Bob took: Ann holds none of their cards)
    place_camel(ann, place)
    expect(ann.locator("#actions .remote-sale")).to_have_count(0)  # no question in a turn
    rng = random.Random(5)
    url = play_until_link(ann, rng)
    sent, _ = decode_link(url.split("#", 1)[1])
    assert sent.to == 1 and not sent.sends[-1].sale
    open_link(bob, url)
    assert answer_all(bob, sell=True) >= 1
    expect(bob.locator("#log")).to_contain_text("sells")
    back = play_until_link(bob, rng)
    sent, game = decode_link(back.split("#", 1)[1])
    assert sent.to == 0 and not sent.sends[-1].sale
    assert good in game.sold[1]
    open_link(ann, back)
    answer_all(ann, sell=False)
    for page in (ann, bob):
        keys = save_keys(page)
        assert len(keys) == 1
        saved = decode_save(json.loads(saves(page)[keys[0]])["code"])
        assert holds(game, saved) and good in saved.sold[1]


def test_a_game_by_link_with_a_bot(devices: Callable[[], Page], site_url: str) -> None:
    """A bot plays on the device that holds the turn; the link goes to the next person."""
    rng = random.Random(9)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,bot:random,Bob&remote=1&seed=31"
              "&first=1&speed=instant")
    url = play_until_link(ann, rng)
    link, state = decode_link(url.split("#", 1)[1])
    assert link.to == 2 and link.seats[1] == "random"
    assert any(t == 1 for t in turn_players(state))  # the bot moved on Ann's device
    open_link(bob, url)
    assert shown_cards(bob) == set(state.hands[2])
    expect(bob.locator("#overlay #reveal")).to_have_count(0)


def turn_players(state: GameState) -> list[int]:
    from samarkand_core import apply_action, new_game

    s = new_game(list(state.names), state.options.seed, state.options.first_player,
                 board=state.board)
    out = []
    for a in state.actions:
        out.append(s.current_player)
        s = apply_action(s, a)
    return out


def test_the_form_offers_play_by_link_and_says_what_the_link_holds(
        devices: Callable[[], Page], site_url: str) -> None:
    page = devices()
    open_page(page, site_url + "index.html")
    expect(page.locator("#remote-note")).to_have_count(0)
    page.locator("#setup-toggle").click()  # the full setup, folded away at first
    page.locator("#where").select_option("link")
    expect(page.locator("#remote-note")).to_contain_text("trusts the players")
    page.locator("#count").select_option("2")
    page.locator("#name0").fill("Ann")
    page.locator("#name1").fill("Bob")
    page.locator('[data-action="start"]').click()
    url = play_until_link(page, random.Random(1))
    assert re.search(r"#r2\.hh\.21\.", url)


def test_links_are_signed_per_device_and_a_forged_sender_is_refused(
        devices: Callable[[], Page], site_url: str) -> None:
    """Issue 39, signatures, with the browser's own WebCrypto: Ann's link carries her
    device's key (kept in IndexedDB, the private key not extractable) and its ECDSA
    signature; on Bob's device, "Cem sent you this game" on the link Ann made (the sender
    edited, the check sum recomputed, Ann's signature kept) is refused and stores nothing;
    Ann's honest link opens and binds her key to her seat; a link "from Cem" with the
    signature stripped is refused then; Bob's own link is signed with a key of his own."""
    rng = random.Random(11)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,Bob,Cem&remote=1&seed=31&first=1")
    url = play_until_link(ann, rng)
    frag = url.split("#", 1)[1]
    fields = frag.split(".")
    assert len(fields) == 8 and len(fields[6]) == 87 and len(fields[7]) == 86
    link, state = decode_link(frag)
    assert (link.sender, link.to) == (0, 1)
    private = ann.evaluate("""() => new Promise((ok) => {
        const r = indexedDB.open("samarkand-keys");
        r.onsuccess = () => {
          const all = r.result.transaction("keys").objectStore("keys").getAll();
          all.onsuccess = () => ok(all.result.map((k) => [k.privateKey.extractable,
                                                          k.privateKey.type, k.key]));
        };
      })""")
    assert private == [[False, "private", fields[6]]]

    last = link.sends[-1]
    as_cem = RemoteLink("", link.seats, 1, 2,
                        (*link.sends[:-1], Send(last.moves, 2, 1, last.minute)))
    forged = f"{encode_link(as_cem, state)}.{fields[6]}.{fields[7]}"
    open_page(bob, f"{site_url}index.html#{forged}")
    settled(bob)
    expect(bob.locator("#messages")).to_contain_text("signature is not Cem's")
    expect(bob.locator("#overlay .remote-seat")).to_have_count(0)
    assert save_keys(bob) == []
    assert not [k for k in saves(bob) if k.startswith("samarkand.remote.")]

    open_link(bob, url)
    expect(bob.locator("#hand [data-card]").first).to_be_visible()
    (record_key,) = [k for k in saves(bob) if k.startswith("samarkand.remote.")]
    assert json.loads(saves(bob)[record_key])["keys"][0] == fields[6]
    stored = saves(bob)
    open_page(bob, f"{site_url}index.html#{encode_link(as_cem, state)}")
    settled(bob)
    expect(bob.locator("#messages")).to_contain_text("it is not signed")
    assert saves(bob) == stored

    open_link(bob, url)
    back = play_until_link(bob, rng).split("#", 1)[1].split(".")
    assert len(back) == 8 and back[6] != fields[6]
