"""Play by link headless: devices (an App each, with its own store and ids) that start a
game by link, choose their seat in a link, answer a sale round, play on until they wait
for someone, and a whole game of people on their own devices played through the page.
Shared by the tests of tests/page/.
"""

from __future__ import annotations

from samarkand_web.handlers import remote
from samarkand_web.saves.remote import (
    RemoteLink,
    decode_link,
)
from samarkand_web.saves.storage import PREFIX
from samarkand_web.state.app import App
from samarkand_web.state.remote import RemoteController
from samarkand_web.state.screen import RemoteSeat
from samarkand_web.view.render import render

from samarkand_core import (
    GameState,
    apply_action,
    start_of,
)
from samarkand_core.events import MarkerTaken
from tests.support.app_play import click_legal
from tests.support.web_support import Ids, make_app


def device(ids_from: int = 0) -> App:
    ids = Ids()
    ids.n = ids_from
    return make_app(new_id=ids)


def start(app: App, query: str) -> None:
    app.boot("?" + query, "")
    assert isinstance(app.ctl, RemoteController)


def fragment(url: str) -> str:
    return url.split("#", 1)[1]


def first_link(seed: int) -> tuple[App, App, str]:
    """Ann's device, Bob's, and the link Ann's device sends first (the #fragment) in a
    game by link of the two, Bob on the other device."""
    ann, bob = device(), device(100)
    start(ann, f"players=Ann,Bob&remote=1&seed={seed}&first=1")
    play_until_waiting(ann)
    url = remote.remote_link(ann)
    assert url is not None
    return ann, bob, fragment(url)


def choose_seat(app: App, seat: int | None = None) -> None:
    """A link opened on a device that holds none of its game asks which person plays
    there (issue 39, W3): answered as its recipient would (the seat preselected), or as
    `seat`. Nothing when not asked."""
    if app.overlay == RemoteSeat() and app.bylink.pending is not None:
        link, _ = app.bylink.pending
        app.dispatch("remote-seat", str(link.to if seat is None else seat))


def saves_of(app: App) -> list[str]:
    return [k for k in app.store.keys() if k.startswith(PREFIX)]


def answer_round(app: App, pick: int = 0) -> bool:
    """A sale round's question on this device, answered as a person would from the page:
    the holder sells (pick odd) or keeps, anyone else passes on. False: none asked."""
    actions = render(app).regions["actions"]
    if 'id="round-sell"' in actions:
        assert 'id="round-keep"' in actions and 'id="round-pass"' not in actions
        app.dispatch("round-sell" if pick % 2 else "round-keep")
        return True
    if 'id="round-pass"' in actions:
        app.dispatch("round-pass")
        return True
    return False


def play_until_waiting(app: App, limit: int = 400, sell: bool = True,
                       asked: list[tuple[int, int, int]] | None = None) -> None:
    """This device's person (and its bots) play until a person elsewhere decides or the
    game ends (a holder asked in a sale round sells now and then, unless `sell` is off);
    `asked` gets (the device's seat, the good, the turn) of every question it shows."""
    for i in range(limit):
        ctl = app.ctl
        assert isinstance(ctl, RemoteController)
        if ctl.is_over or ctl.waiting_for is not None:
            return
        if ctl.bot_to_move:  # as main.py's timer would, one tick after the other
            app.game.bot_tick(app.game.bot_token, max_ms=1e9)
            continue
        if asked is not None and ctl.round_asked() and ctl.window is not None:
            asked.append((ctl.local, ctl.window.good, ctl.state.turn))
        if answer_round(app, i if sell else 0):
            continue
        click_legal(app, i)
    raise AssertionError("the device never had to send the game")


def play_by_link(n: int, seed: int, asked: list[tuple[int, int, int]] | None = None
                 ) -> tuple[list[App], list[RemoteLink], GameState]:
    """A whole game of `n` people, each on their own device, played through the page
    (holders asked in a sale round sell now and then): every device, every link sent
    (in order), and the game at the end; `asked`: see play_until_waiting."""
    from samarkand_core import decode_save

    names = ",".join(["Ann", "Bob", "Cem", "Dee", "Eve"][:n])
    apps = [device(100 * i) for i in range(n)]
    start(apps[0], f"players={names}&remote=1&seed={seed}&first=1")
    links: list[RemoteLink] = []
    here = 0
    for _ in range(2000):
        play_until_waiting(apps[here], asked=asked)
        url = remote.remote_link(apps[here])
        if url is None:
            ctl = apps[here].ctl
            assert ctl is not None and ctl.is_over
            return apps, links, decode_save(links[-1].code)
        link, _ = decode_link(fragment(url))
        links.append(link)
        apps[link.to].boot("", "#" + fragment(url))
        choose_seat(apps[link.to])
        here = link.to
    raise AssertionError("the game did not end")


def markers_taken(state: GameState) -> list[tuple[int, int, int]]:
    """(moves after the camel that took it, its player, good) per goods marker taken."""
    s = start_of(state)
    out = []
    for a in state.actions:
        s = apply_action(s, a)
        for e in s.events:
            if isinstance(e, MarkerTaken):
                out.append((len(s.actions), e.player, e.good))
    return out
