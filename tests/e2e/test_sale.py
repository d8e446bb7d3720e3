"""docs/rules.md, Goods, in Chromium: the table never learns who kept a goods card.

Ann's first camel takes a goods marker in three real two-player games, found with the
engine here (random play, seeds from 1 on, the first position of each kind): Bob holds
the card and keeps it, nobody holds it (draw or discard pile), and, against a Medium
bot, the bot holds it and keeps it. In every case Ann may place a second camel after,
so the screens that follow are alike too. What the page shows (the dialog, the status,
the newest log lines), with the good's name and the turn put in words of their own,
must be the same: in hotseat one public sale window each time, against a bot no
window, no line and no step at all. Screenshots (1280x800) go to build/e2e/sale/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from samarkand_core import GameState, Keep, Place, apply_action, legal_actions, new_game
from samarkand_core.bots import make_bot
from samarkand_core.rng import Rng
from samarkand_core.state import MAIN, SECOND, SELL
from samarkand_core.view import view_for
from tests.e2e.figures import RESULTS
from tests.e2e.pages import (
    Guard,
    choose_family,
    guarded_page,
    open_page,
    reveal_if_asked,
    share_link_for,
)
from tests.support.web_support import settled

SHOTS = RESULTS / "sale"  # the tree's own: another checkout's run never overwrites it
BOT = "&bots=2:heuristic"  # Bob is a Medium bot (the page's seat numbers start at 1)


@dataclass(frozen=True)
class Case:
    state: GameState
    place: Place
    good: int


def _kind(s: GameState, a: Place) -> str | None:
    """What Ann's first camel `a` would set off: "kept" (Bob holds the card; as a bot
    he would keep it), "nobody", with Ann able to place a second camel after."""
    t = apply_action(s, a)
    if not any(e.kind == "goods_marker" for e in t.events):
        return None
    if t.phase == SELL:
        if t.pending_holder != 1:
            return None
        bot = make_bot("heuristic", s.options.seed * 7 + 1)  # the page's bot for Bob
        if bot.choose(view_for(t, 1)) != Keep(good=t.pending_good):
            return None
        t = apply_action(t, Keep(good=t.pending_good))
        return "kept" if t.phase == SECOND else None
    return "nobody" if t.phase == SECOND else None


def find_cases() -> dict[str, Case]:
    """The first position of each kind in random two-player games (seeds 1, 2, ...)."""
    found: dict[str, Case] = {}
    for seed in range(1, 200):
        s = new_game(["Ann", "Bob"], seed, 0)
        rng = Rng(seed * 7919)
        while not s.is_over and len(found) < 2:
            if s.phase == MAIN and s.turn_player == 0 and settled(s):
                for a in legal_actions(s):
                    if isinstance(a, Place):
                        kind = _kind(s, a)
                        if kind is not None and kind not in found:
                            found[kind] = Case(s, a, s.board.good_at[a.space])
            legal = legal_actions(s)
            s = apply_action(s, legal[rng.below(len(legal))])
        if len(found) == 2:
            return found
    raise AssertionError("no positions of both kinds")


CASES = find_cases()


@pytest.fixture
def page(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    """A page of the session's shared 1280x800 context, its storage emptied."""
    yield from guarded_page(warm, site_url)


def words(page: Page, selector: str, case: Case) -> str:
    """The text of a region, the good's name and the turn in words of their own."""
    loc = page.locator(selector)
    text = " ".join(loc.all_inner_texts()) if loc.count() else ""
    name = f"{case.state.board.good_names[case.good]} ({case.good})"
    text = text.replace(name, "<good>")
    return re.sub(r"Turn \d+", "Turn <n>", " ".join(text.split()))


def table_after_marker(page: Page, site_url: str, case: Case, bots: str,
                       shot: str) -> dict[str, object]:
    """Ann places her camel; what the table sees then."""
    page.goto(site_url + "bare.html")  # (a new address, not a new #fragment: a new page)
    page.evaluate("localStorage.clear()")  # (a link of a game saved later opens that save)
    open_page(page, share_link_for(case.state, site_url) + bots)
    reveal_if_asked(page)
    log = page.locator("#log li")
    lines = log.count()
    if page.locator(f'#actions [data-action="expand"][data-value="{case.place.family}"]'
                    ).count():  # (with one family only, it is chosen already)
        choose_family(page, case.place.family)
    page.locator(f'#board [data-space="{case.place.space}"].legal').click()
    expect(page.locator("#log")).to_contain_text("takes the goods marker of")
    page.wait_for_timeout(300)  # anything that would follow at once has come
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{shot}.png"))
    return {
        "window": page.locator("#overlay .sale-window").count(),
        "dialog": words(page, "#overlay:not([hidden]) .dialog", case),
        "status": words(page, "#status-line", case),
        "new_lines": log.count() - lines,
        "newest": re.sub(r"^\d+ ", "<n> ", words(page, "#log li >> nth=0", case)),
    }


def test_hotseat_sale_window_is_the_same_kept_or_no_holder(wpage: Page, site_url: str) -> None:
    """docs/rules.md, Goods, hotseat: Bob keeps the card, or nobody holds it: the same
    public sale window, the same status and log; after "No sale" the same next screen
    (Ann takes the device again for her second camel)."""
    page = wpage  # the shared context's page, the site's storage emptied
    seen = []
    for kind in ("kept", "nobody"):
        case = CASES[kind]
        table = table_after_marker(page, site_url, case, "", f"hotseat-{kind}")
        assert table["window"] == 1
        expect(page.locator("#overlay .sale-window")).to_be_visible()
        page.locator("#overlay #sale-pass").click()
        expect(page.locator("#overlay .sale-window")).to_have_count(0)
        table["next"] = words(page, "#overlay:not([hidden]) .dialog h2", case)
        seen.append(table)
    assert seen[0] == seen[1], seen
    assert "a goods marker was taken" in str(seen[0]["dialog"])
    assert "No sale, play on" in str(seen[0]["dialog"])
    assert "Bob" not in str(seen[0]["dialog"])
    assert seen[0]["next"] == "Pass the device to Ann"


def test_against_a_bot_a_bot_keep_shows_nothing(wpage: Page, site_url: str) -> None:
    """docs/rules.md, Goods, one person against a bot: the bot keeps the card, or nobody
    holds it: no window, no line, no bot step; Ann simply goes on (second camel)."""
    page = wpage  # the shared context's page, the site's storage emptied
    seen = []
    for kind in ("kept", "nobody"):
        case = CASES[kind]
        seen.append(table_after_marker(page, site_url, case, BOT, f"bot-{kind}"))
        expect(page.locator("#actions")).to_contain_text("second camel")
    assert seen[0] == seen[1], seen
    assert seen[0]["window"] == 0 and seen[0]["dialog"] == ""
    assert "whoever holds" not in str(seen[0]).lower()
    assert "thinking" not in str(seen[0]["status"])
