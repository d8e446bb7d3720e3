"""Twin games by link, headless: a device opened at a twin's position, the courier that
hands a twin's game on to the next device, the log of a twin's game rebuilt, and what a
device shows (its regions, the sale round's answers it offers) and the sounds it asks
for. Shared by tests/page/test_remote_sale.py and test_remote_turn_sale.py (the twins
themselves: tests/support/sale_twins.py).

A twin's game cannot be written as a save code (its seed deals the real cards), so the
courier here hands the recipient the sender's game itself with the link's own fields,
checked as a link is (check_link), each time onto a fresh device: a device that already
held the game would reopen its own save, dealt from the seed. For the same reason a
device rebuilds the log of a twin's game (Controller._replay, which deals from the
seed) from the seed up to the twin's position and from the twin on (`twin_replay`):
both have the same public moves up to there.

What a twin showed is kept in a `Trip` (both tests' record), which also says what the
twins must share (`Trip.hides_holder`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from samarkand_web.handlers import remote
from samarkand_web.handlers.remote import open_link_game
from samarkand_web.saves.remote import Record, check_link, link_of_game, parse_link
from samarkand_web.state.app import App
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects
from samarkand_web.state.remote import RemoteController
from samarkand_web.view.panels.remote import list_status
from samarkand_web.view.render import render

from samarkand_core import GameState, apply_action
from tests.support.bylink_play import choose_seat, fragment
from tests.support.web_support import Ids, make_app

# the regions every device shows alike, whoever holds the card (the twin tests' PUBLIC)
PUBLIC = ("status", "board", "players", "log", "overlay", "recap")


def fresh_device(n: int) -> App:
    ids = Ids()
    ids.n = 100 * n
    return make_app(new_id=ids)


def open_here(state: GameState, seats: tuple[str, ...], seat: int) -> App:
    """The device of `seat` with the game at `state` open (as if it had played so far)."""
    app = fresh_device(9)
    app.bylink.record = Record(seat)
    app.open_game(None, None, seats, ctl=RemoteController(state, seats, seat))
    return app


def deliver(sender: App, n: int) -> App:
    """The link the sender's page offers, opened on a fresh device (see the docstring)."""
    url = remote.remote_link(sender)
    assert url is not None
    assert sender.ctl is not None
    state = sender.ctl.committed
    # its fields (its code: the real deal), counted on the game (an r2 link counts public
    # moves, and its code leaves the keeps out)
    link = link_of_game(parse_link(fragment(url)), state)
    check_link(link, state)
    app = fresh_device(n)
    open_link_game(app, link, state)
    choose_seat(app)  # a fresh device asks which person plays there: the recipient
    return app


LINK = re.compile(r"#r[12]\.[^\"]*")


def look(app: App) -> dict[str, str]:
    """What the device shows: its regions and messages. The link's own text (in the send
    panel's field) is left out: it holds the whole game, hands included, for any device to
    check every move (docs/play.md: play by link trusts the players not to decode it)."""
    page = render(app)
    out = {k: LINK.sub("#r1.(the link)", v) for k, v in page.regions.items()
           if k != "header"}
    out["messages"] = " ".join(f"{m.key}{sorted(m.params.items())}" for m in app.messages)
    # the saves list's "your turn" / "waiting for Bob" follows the round
    out["saves list"] = list_status(app, app.entry) if app.entry is not None else ""
    return out


def offered(app: App) -> str:
    actions = render(app).regions["actions"]
    return ",".join(a for a in ("round-sell", "round-keep", "round-pass")
                    if f'id="{a}"' in actions)


@contextmanager
def twin_replay(base: GameState) -> Iterator[None]:
    """Controllers rebuild the log of a game that goes through the twin `base` from the
    seed up to `base`, then from `base` on (see the module's docstring)."""
    seeded = Controller._replay

    def replay(self: Controller, final: GameState) -> None:
        k = len(base.actions)
        if final.actions[:k] != base.actions:
            seeded(self, final)
            return
        seeded(self, base)  # the same public moves as the twin's, dealt from the seed
        s = base
        for action in final.actions[k:]:
            before, s = s, apply_action(s, action)
            self._record(before, s)
            self._note_taken(before, s)
        self.latest_spaces = ()
        self.latest_families = ()

    Controller._replay = replay  # type: ignore[method-assign]
    try:
        yield
    finally:
        Controller._replay = seeded  # type: ignore[method-assign]


Screens = list[tuple[int, str, dict[str, str]]]  # (seat, what it did, its regions)


@dataclass
class Trip:
    """What one twin showed, device by device: the links (recipient, whether it asks the
    sale round's question) and their text, each device's screens in turn, each device's
    sounds dispatch by dispatch (seat, sounds), the answers each device was offered for
    the card's good (seat: the buttons), and whether the card was sold."""

    links: list[tuple[int, bool]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    screens: Screens = field(default_factory=list)
    sounds: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    answers: dict[int, str] = field(default_factory=dict)
    sold: bool = False

    def hear(self, app: App, seat: int) -> None:
        """Record the sounds every dispatch on the device of `seat` asks for."""
        dispatch = app.dispatch

        def heard(action: str, value: str = "", form: dict[str, str] | None = None
                  ) -> Effects:
            fx = dispatch(action, value, form)
            self.sounds.append((seat, tuple(fx.sounds)))
            return fx

        app.dispatch = heard  # type: ignore[method-assign]

    def see(self, app: App, seat: int, what: str) -> None:
        """Record what the device of `seat` shows after `what`."""
        self.screens.append((seat, what, look(app)))

    def by_link(self, app: App, seat: int, devices: int = 12
                ) -> Iterator[tuple[int, App, int, RemoteController]]:
        """The devices the game goes to by link, from `app` (the device of `seat`) on:
        each yielded (its number n in the walk, the device, its seat, its controller) for
        the test to play there; then the link its page offers is recorded and opened on the
        next person's fresh device, heard and seen ("opened") before it is yielded. The
        walk ends where no link goes (the game is over, or play goes on here)."""
        for n in range(devices):
            ctl = app.ctl
            assert isinstance(ctl, RemoteController)
            if n:
                self.hear(app, seat)
                self.see(app, seat, "opened")
            yield n, app, seat, ctl
            to = remote.remote_target(app)
            if to is None or ctl.is_over:
                return
            self.links.append((to, ctl.asks_next))
            self.urls.append(remote.remote_link(app) or "")
            app, seat = deliver(app, n + 1), to
        raise AssertionError(f"the links went on past {devices} devices")

    def hides_holder(self, ref: Trip, holder: int | None, people: Iterable[int]) -> None:
        """docs/rules.md, Goods (a kept card is said by nobody): this twin, where `holder`
        holds the card, against `ref`, a twin where it lies elsewhere: the same sounds; on the
        device of each of `people`, the same public regions (status, board, players, log:
        the holder's too) and, but on the holder's, the same everything; the holder alone
        offered Sell or Keep, everyone else "Go on"."""
        assert self.sounds == ref.sounds, holder
        for seat in people:
            assert public(self.screens, seat) == public(ref.screens, seat), (holder, seat)
            if seat != holder:
                assert every(self.screens, seat) == every(ref.screens, seat), (holder, seat)
            want = "round-sell,round-keep" if seat == holder else "round-pass"
            assert self.answers.get(seat) == want, (holder, seat, self.answers)


def same_link_fields(mine: str, theirs: str) -> None:
    """Two links of twins alike in all a link shows in the clear: the same length, the
    same plain fields (version r2, seats, recipient and sender, the sends with their move
    counts) and a check of the same length."""
    assert len(mine) == len(theirs), (mine, theirs)
    plain, other = mine.split("#", 1)[1].split("."), theirs.split("#", 1)[1].split(".")
    assert plain[0] == "r2" and plain[:4] == other[:4], (plain[:4], other[:4])
    assert len(plain[4]) == len(other[4]) == 7, (plain[4], other[4])


def public(screens: Screens, seat: int) -> list[tuple[str, dict[str, str]]]:
    return [(what, {k: v for k, v in regions.items() if k in PUBLIC})
            for s, what, regions in screens if s == seat]


def every(screens: Screens, seat: int) -> list[tuple[str, dict[str, str]]]:
    return [(what, regions) for s, what, regions in screens if s == seat]
