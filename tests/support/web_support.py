"""Helpers for the browser game's headless tests: find positions by playing real games.

Positions come from random legal play through the engine (never edited states), so
every position the tests use is one a real game can reach.
"""

from __future__ import annotations

import importlib.util
import io
import sys
import tarfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from samarkand_core import (
    MAIN,
    SECOND,
    GameState,
    Place,
    apply_action,
    legal_actions,
    new_game,
    view_for,
)
from samarkand_core import actions as A
from samarkand_core.rng import Rng

if TYPE_CHECKING:
    from samarkand_web.saves.storage import KeyValueStore
    from samarkand_web.state.app import App

NAMES = ("Ann", "Bob", "Cem", "Dee", "Eve")

_T = TypeVar("_T")


class Clock:
    """A fake clock in milliseconds that ticks by one second per call."""

    def __init__(self, start: float = 1_700_000_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        self.t += 1000.0
        return self.t


class Ids:
    """Predictable save ids: a1, a2, ..."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"save{self.n:04d}"


# Where the headless page believes it runs: the game page on the local server.
PATH = "/index.html"
ORIGIN = "http://127.0.0.1:8000"


def make_app(store: KeyValueStore | None = None, *, lang: str = "en", seed: int = 42,
             now: Callable[[], float] | None = None, new_id: Callable[[], str] | None = None,
             touch: bool = False, storage_ok: bool = True,
             session: KeyValueStore | None = None) -> App:
    """The page as the headless tests drive it: `store` (a new MemoryStore if None), a
    Clock and Ids of its own unless given, every new game dealt from `seed`, the game
    page's PATH and ORIGIN; the rest as App takes it."""
    from samarkand_web.saves.storage import MemoryStore
    from samarkand_web.state.app import App

    return App(store if store is not None else MemoryStore(), now=now or Clock(), lang=lang,
               path=PATH, origin=ORIGIN, storage_ok=storage_ok, new_id=new_id or Ids(),
               new_seed=lambda: seed, touch=touch, session=session)


def stored(app: App) -> dict[str, str]:
    """What the app's storage holds, key by key: every headless test's store is a
    MemoryStore (make_app's, or one the test made), whose `data` is that dict."""
    from samarkand_web.saves.storage import MemoryStore

    assert isinstance(app.store, MemoryStore), "a headless app stores into a MemoryStore"
    return app.store.data


def play_until(pred: Callable[[GameState], bool], players: int = 3, max_games: int = 400,
               prefer: Callable[[GameState], Sequence[object]] | None = None,
               seed0: int = 1) -> GameState:
    """The first position of random games (seeds seed0, seed0+1, ...) where pred holds."""
    for seed in range(seed0, seed0 + max_games):
        s = new_game(list(NAMES[:players]), seed)
        rng = Rng(seed * 7919)
        while not s.is_over:
            if pred(s):
                return s
            legal = legal_actions(s)
            wanted = prefer(s) if prefer else ()
            pool = [a for a in wanted if a in legal] or legal
            s = apply_action(s, pool[rng.below(len(pool))])
        if pred(s):
            return s
    raise AssertionError("no random game reached the position asked for")


def found_in_play(find: Callable[[GameState], _T | None], players: int = 3) -> tuple[GameState, _T]:
    """The first position of random games where `find` finds something, and what it found."""
    s = play_until(lambda s: find(s) is not None, players=players)
    found = find(s)
    assert found is not None
    return s, found


def quiet(s: GameState, a: object) -> bool:
    """A camel that takes no goods marker (so that nobody is asked to sell)."""
    return isinstance(a, Place) and not any(e.kind == "goods_marker"
                                            for e in apply_action(s, a).events)


def two_quiet_camels(s: GameState) -> tuple[Place, Place] | None:
    """A first and a second camel for seat 0 of a 2-player game, neither taking a goods
    marker, if there are such."""
    if s.phase != MAIN or s.turn_player != 0 or s.n != 2:
        return None
    for a in legal_actions(s):
        if quiet(s, a) and (t := apply_action(s, a)).phase == SECOND:
            b = next((b for b in legal_actions(t) if quiet(t, b)), None)
            if b is not None:
                assert isinstance(a, Place) and isinstance(b, Place)
                return a, b
    return None


# The button of each decision that is one click.
BUTTONS: dict[type[A.Action], str] = {A.Sell: "sell", A.Keep: "keep", A.EndTurn: "end-turn",
                                      A.Pass: "pass"}


def shared_link(app: App) -> str:
    """The link of the share dialog open on the page (it must be open)."""
    from samarkand_web.state.screen import ShareDialog

    assert isinstance(app.overlay, ShareDialog), app.overlay
    return app.overlay.link


def click_decision(app: App, a: A.Action) -> None:
    """Make `a`, a decision other than a marriage or a camel, by its clicks: the cards of a
    discard ticked, then "discard"; else its one button."""
    if isinstance(a, A.Discard):
        for c in a.cards:
            app.dispatch("card", str(c))
        app.dispatch("discard")
    else:
        app.dispatch(BUTTONS[type(a)])


def played(state: GameState, n: int, pick: int = 0) -> GameState:
    """`state` played on by n legal moves (the pick-th legal one each time)."""
    for _ in range(n):
        legal = legal_actions(state)
        state = apply_action(state, legal[pick % len(legal)])
    return state


def played_out(state: GameState, seed: int) -> GameState:
    """`state` played to its end by random legal moves (drawn by Rng(seed))."""
    rng = Rng(seed)
    while not state.is_over:
        legal = legal_actions(state)
        state = apply_action(state, legal[rng.below(len(legal))])
    return state


def settled(state: GameState) -> bool:
    """The last move took no goods marker and kept no card: a page opened here with
    several people at the device shows no sale window (it opens again on load after a
    goods marker taken, see Controller)."""
    return not any(e.kind in ("goods_marker", "keep") for e in state.events)


def random_game(players: int = 3, seed: int = 1) -> GameState:
    """A finished random game."""
    return play_until(lambda s: s.is_over, players, 1, seed0=seed)


def bot_game(levels: Sequence[str], seed: int, names: Sequence[str] | None = None) -> GameState:
    """A finished game of bots (samarkand_core.bots), seat by seat as `levels` lists
    them, bot i seeded seed + i; the players are P1, P2, ... unless `names`."""
    from samarkand_core.bots import make_bot

    s = new_game(list(names or [f"P{i + 1}" for i in range(len(levels))]), seed)
    bots = [make_bot(lv, seed + i) for i, lv in enumerate(levels)]
    while not s.is_over:
        p = s.current_player
        s = apply_action(s, bots[p].choose(view_for(s, p)))
    return s


def npm_tarball(path: Path, files: dict[str, bytes]) -> Path:
    """An npm package tarball at `path` holding `files` (under package/, as npm packs)."""
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def load_module(name: str, path: Path) -> ModuleType:
    """A script of web/ (build.py, serve.py) as a module of its own name, so that tests
    that load it again get a module of their own."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
