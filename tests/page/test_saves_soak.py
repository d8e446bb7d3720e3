"""Storage soak: 2,000 random actions across 5 saves in 2 tabs, with
the store nearly full. The two tabs are two Apps whose stores share one dict (one
localStorage) and one quota; the storage events a browser sends to the other tab are
queued and delivered at random moments (a busy or frozen tab hears of a change late).

After every action: a save's game only ever grows (no tab overwrote moves it had not
seen), and a tab whose move was not saved says so. At the end: every stored save
decodes and replays, and each tab's list shows them all."""

from __future__ import annotations

import json
import random
import re

from samarkand_web.handlers import saves
from samarkand_web.saves.storage import PREFIX, MemoryStore, SaveEntry
from samarkand_web.state.app import App
from samarkand_web.view.render import render

from samarkand_core import GameState, Marry, Place, decode_save
from tests.support.web_support import Clock, Ids, click_decision, make_app

ACTIONS = 2_000
SAVES = 5
FILLER = "other.app"  # another site's data on the same origin: it grows and shrinks
PLAYERS = ("Ann,Bob", "Cem,bot:random,Dee", "Eve,Fay,Gus", "Hal,Ivy,Jo,Kim", "Lu,bot:random")


def grew(new: GameState, old: GameState) -> bool:
    """The same game, with all of the old moves first (the test's own check, not the
    storage module's)."""
    moves = new.actions
    return new.options == old.options and moves[:len(old.actions)] == old.actions


def person_move(app: App, rng: random.Random) -> None:
    """What a person does at the device: take it if asked, then one legal move by its
    clicks (without drawing the page: the list is drawn and checked separately)."""
    ctl = app.ctl
    assert ctl is not None
    if ctl.window is not None:  # hotseat's sale window: a holder sells, or "No sale"
        real = ctl.window.real
        if real.phase == "sell" and rng.random() < 0.5:
            app.dispatch("sale-claim", str(real.pending_holder))
        else:
            app.dispatch("sale-pass")
        return
    if ctl.needs_curtain:
        app.dispatch("reveal")
    if ctl.pending_marriage is not None:  # a marriage waits for its cards (take back)
        app.dispatch("confirm-marriage")
        return
    if ctl.held is not None:  # a complete turn waits for "End the turn"
        app.dispatch("end-turn")
        return
    legal = ctl.legal()
    a = legal[rng.randrange(len(legal))]
    if isinstance(a, Marry):
        app.dispatch("family", a.family)
    elif isinstance(a, Place):
        if ctl.state.phase == "main":
            app.dispatch("expand", a.family)
        app.dispatch("space", str(a.space))
    else:
        click_decision(app, a)


def bot_move(app: App) -> None:
    for _ in range(10_000):
        app.game.bot_tick(app.game.bot_token, max_ms=1e9)
        if app.game.bot_phase in ("commit", ""):
            return


class Browser:
    """One localStorage (a dict with a quota) and two tabs that hear of each other's
    writes through queued storage events."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        shared = MemoryStore()
        ids, clock = Ids(), Clock()
        self.stores = [MemoryStore(), MemoryStore()]
        for s in self.stores:
            s.data = shared.data
        self.data = shared.data
        self.tabs = [make_app(s, new_id=ids, now=clock) for s in self.stores]
        for tab in self.tabs:
            tab.boot("", "")
        self.pending: list[list[str | None]] = [[], []]
        self.games: dict[str, GameState] = {}  # last stored game of every save id

    def set_room(self, room: int) -> None:
        """Make the store nearly full: `room` characters left beside the saves."""
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != FILLER)
        self.data[FILLER] = "x" * max(0, 60_000 - used - room)
        for s in self.stores:
            s.quota = 60_000

    def saves(self) -> dict[str, str]:
        return {k: v for k, v in self.data.items() if k.startswith(PREFIX)}

    def act(self, i: int) -> None:
        """One random action in tab i, then its storage events are queued for the other."""
        before = self.saves()
        getattr(self, "do_" + self.rng.choices(
            ["move", "resume", "home", "start", "delete", "room", "events", "reload"],
            weights=[60, 8, 3, 3, 2, 4, 12, 2])[0])(i)
        after = self.saves()
        changed = [k for k in before.keys() | after.keys() if before.get(k) != after.get(k)]
        self.pending[1 - i] += changed
        self.check_growth(changed)

    def check_growth(self, changed: list[str]) -> None:
        for key in changed:
            raw = self.data.get(key)
            if raw is None:
                self.games.pop(key, None)
                continue
            state = decode_save(SaveEntry.from_json(raw).code)
            old = self.games.get(key)
            assert old is None or grew(state, old), f"{key} lost moves"
            self.games[key] = state

    def do_move(self, i: int) -> None:
        tab = self.tabs[i]
        if tab.screen != "game" or tab.ctl is None or tab.ctl.is_over:
            return self.do_resume(i)
        if tab.ctl.bot_to_move:
            bot_move(tab)
        else:
            person_move(tab, self.rng)
        if tab.game.unsaved:
            assert tab.storage_state == "unsaved"
        return None

    def do_resume(self, i: int) -> None:
        ids = [k[len(PREFIX):] for k in self.saves()]
        if not ids:
            return self.do_start(i)
        self.tabs[i].dispatch("home")
        self.tabs[i].dispatch("resume", self.rng.choice(ids))
        return None

    def do_home(self, i: int) -> None:
        self.tabs[i].dispatch("home")

    def do_start(self, i: int) -> None:
        if len(self.saves()) >= SAVES:
            return self.do_resume(i)
        players = self.rng.choice(PLAYERS)
        self.tabs[i].boot(f"?players={players}&seed={self.rng.randrange(1000)}", "")
        return None

    def do_delete(self, i: int) -> None:
        """Copies (two tabs' lines of one game) beyond the 5 saves are cleared away."""
        if len(self.saves()) <= SAVES:
            return
        copies = [k for k, v in self.saves().items() if json.loads(v)["origin"] == "copy"]
        if copies:
            tab = self.tabs[i]
            tab.dispatch("home")
            key = self.rng.choice(copies)
            tab.dispatch("delete", key)
            tab.dispatch("delete-yes", key)

    def do_room(self, i: int) -> None:
        self.set_room(self.rng.choice([0, 40, 200, 800, 2000, 4000]))

    def do_events(self, i: int) -> None:
        """Tab i hears of the other tab's writes (the browser's storage events)."""
        for key in self.pending[i]:
            saves.storage_changed(self.tabs[i], key)
        self.pending[i] = []

    def do_reload(self, i: int) -> None:
        tab = self.tabs[i]
        if tab.game.unsaved:
            return  # the message said what was not saved; the player keeps the tab
        search = f"?game={tab.entry.id}" if tab.screen == "game" and tab.entry else ""
        self.tabs[i] = make_app(self.stores[i], new_id=tab.saves.new_id, now=tab.now)
        self.tabs[i].boot(search, "")
        self.pending[i] = []


# The soak's seed: chosen (on the shipped map, whose games it plays) so that the soak meets
# every trouble the next-but-one test counts; a new map can call for another.
SOAK_SEED = 2026


def test_two_thousand_random_actions_in_two_tabs_on_a_nearly_full_store_lose_no_save(
        ) -> None:
    browser = Browser(seed=SOAK_SEED)
    for i in range(2):
        browser.do_start(i)
    browser.set_room(800)
    for n in range(ACTIONS):
        browser.act(browser.rng.randrange(2))
        if n % 97 == 0:  # now and then both tabs are told everything
            browser.do_events(0)
            browser.do_events(1)
    stored = browser.saves()
    assert len(stored) >= SAVES
    for key, raw in stored.items():
        entry = SaveEntry.from_json(raw)
        state = decode_save(entry.code)  # replays every move through the engine
        assert PREFIX + entry.id == key and state.turn == entry.turn
    for tab in browser.tabs:
        tab.dispatch("home")
        listed = re.findall(r'<li class="save" data-save="([^"]+)"', render(tab).regions["home"])
        assert sorted(PREFIX + s for s in listed) == sorted(stored)


def test_the_soak_really_reached_a_full_store_two_tabs_apart_and_copies() -> None:
    """The soak is only as good as the trouble it meets: count it."""
    browser = Browser(seed=SOAK_SEED)
    for i in range(2):
        browser.do_start(i)
    browser.set_room(800)
    seen: set[str] = set()
    for _ in range(600):
        browser.act(browser.rng.randrange(2))
        for tab in browser.tabs:
            seen |= {m.key for m in tab.messages} | {f"storage:{tab.storage_state}"}
    assert {"storage:unsaved", "storage.saved_again", "tabs.updated"} <= seen, seen
    assert seen & {"tabs.copy", "tabs.apart", "tabs.deleted"}, seen
