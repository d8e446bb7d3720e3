"""What waits for pydantic in the page (samarkand_web/validator.py): the page draws its
first board before pydantic's wheels are loaded, and nothing that needs them is lost
or skipped: saves are written, preferences kept, saved games and links opened, once
``App.validator_arrived()`` runs (issue 9: "anything that needs them waits for them
without blocking play")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from samarkand_web.app import App
from samarkand_web.render import render
from samarkand_web.storage import PREFIX, PREFS_KEY, MemoryStore, Saves, load_prefs
from samarkand_web.validator import peek_prefs
from test_app import ORIGIN, PATH, click_legal
from web_support import Clock, Ids, random_game

from samarkand_core import encode_save

WEB = Path(__file__).resolve().parents[1] / "web"


def waiting_app(store: MemoryStore | None = None, lang: str = "en") -> App:
    """An App as main.py makes it before pydantic's wheels are in."""
    return App(store if store is not None else MemoryStore(), now=Clock(), lang=lang,
               path=PATH, origin=ORIGIN, new_id=Ids(), new_seed=lambda: 42, validator=False)


def saved(store: MemoryStore) -> list[str]:
    return sorted(k for k in store.data if k.startswith(PREFIX))


def test_a_new_game_plays_at_once_and_is_saved_when_the_validator_arrives() -> None:
    store = MemoryStore()
    app = waiting_app(store)
    fx = app.boot("?players=Ann,Bob,Cem&seed=7", "")
    assert app.screen == "game" and fx.url == PATH  # no ?game= yet: nothing saved
    for i in range(12):
        click_legal(app, i)
    assert saved(store) == []  # no write tried without the validator
    code = encode_save(app.ctl.state)  # type: ignore[union-attr]
    fx = app.validator_arrived()
    assert saved(store) == [PREFIX + "save0001"]
    assert fx.url == f"{PATH}?game=save0001"
    entry, state = Saves(store, Clock()).load("save0001")
    assert encode_save(state) == code  # the newest position, every move in it
    assert entry.seats == ("human", "human", "human")
    click_legal(app, 0)  # and from now on every action is saved at once
    assert encode_save(Saves(store, Clock()).load("save0001")[1]) == encode_save(
        app.ctl.state)  # type: ignore[union-attr]


def test_every_game_started_before_the_validator_is_saved() -> None:
    store = MemoryStore()
    app = waiting_app(store)
    app.boot("?players=Ann,Bob&seed=1", "")
    first = app.ctl
    click_legal(app, 0)
    app.dispatch("home")
    app.dispatch("start", "", {"count": "2", "name0": "Cem", "name1": "Dee",
                               "kind0": "human", "kind1": "human", "first": "1",
                               "seed": "9"})
    assert app.ctl is not first
    click_legal(app, 1)
    app.validator_arrived()
    games = {Saves(store, Clock()).load(k.removeprefix(PREFIX))[1].names for k in saved(store)}
    assert games == {("Ann", "Bob"), ("Cem", "Dee")}
    assert app.entry is not None and app.entry.names == ("Cem", "Dee")


def test_a_saved_game_opens_when_the_validator_arrives() -> None:
    store = MemoryStore()
    game = random_game(3, 4)
    Saves(store, Clock(), lambda: "old001").create(game, ("human",) * 3)
    app = waiting_app(store)
    fx = app.boot("?game=old001", "")
    assert app.waiting and not fx.render and app.ctl is None  # the loading screen stays
    fx = app.validator_arrived()
    assert not app.waiting and app.screen == "game"
    assert encode_save(app.ctl.state) == encode_save(game)  # type: ignore[union-attr]
    assert fx.render and fx.url == f"{PATH}?game=old001"


def test_a_share_link_opens_as_a_new_save_when_the_validator_arrives() -> None:
    store = MemoryStore()
    game = random_game(2, 3)
    app = waiting_app(store)
    app.boot("", "#" + encode_save(game) + "&bots=2:random")
    assert app.waiting and saved(store) == []
    fx = app.validator_arrived()
    assert app.screen == "game" and app.ctl is not None
    assert app.ctl.seats == ("human", "random")
    assert fx.url == f"{PATH}?game=save0001" and saved(store) == [PREFIX + "save0001"]


def test_a_bad_link_is_reported_once_the_validator_can_read_it() -> None:
    app = waiting_app()
    app.boot("", "#s1-thisisnotagame")
    assert app.waiting and app.messages == []
    app.validator_arrived()
    assert [m.key for m in app.messages] == ["problem.bad_link"] and app.screen == "home"


def test_the_start_screen_says_the_saves_are_read_then_lists_them() -> None:
    store = MemoryStore()
    Saves(store, Clock(), lambda: "list01").create(random_game(2, 2), ("human",) * 2)
    app = waiting_app(store)
    app.boot("", "")
    home = render(app).regions["home"]
    assert "Reading the saved games" in home and 'data-save="list01"' not in home
    assert 'aria-busy="true"' in home
    app.validator_arrived()
    home = render(app).regions["home"]
    assert 'data-save="list01"' in home and "Reading the saved games" not in home


def test_a_language_chosen_before_the_validator_is_written_when_it_arrives() -> None:
    store = MemoryStore()
    app = waiting_app(store)
    app.boot("", "")
    app.dispatch("lang", "it")
    assert app.lang == "it" and PREFS_KEY not in store.data
    app.validator_arrived()
    assert json.loads(store.data[PREFS_KEY])["lang"] == "it"
    assert waiting_app(store).lang == "it"


def test_full_storage_when_the_validator_arrives_says_so_and_play_goes_on() -> None:
    store = MemoryStore(quota=10)
    app = waiting_app(store)
    app.boot("?players=Ann,Bob&seed=3", "")
    click_legal(app, 0)
    app.validator_arrived()
    assert [m.key for m in app.messages] == ["storage.full_move"] and app.entry is None
    for i in range(6):
        click_legal(app, i)
    assert app.ctl is not None and app.ctl.state.actions  # the game goes on


@pytest.mark.parametrize("raw", [
    None, "", "not json", "[]", "42", '"de"', "{}", '{"lang": "de"}',
    '{"lang": "de", "speed": "fast"}', '{"lang": 5, "speed": ["fast"]}',
    '{"lang": null, "speed": "slow", "other": 1}', '{"lang": "xx-YY", "speed": "warp"}',
])
def test_preferences_read_without_pydantic_agree_with_the_validated_read(
        raw: str | None) -> None:
    store = MemoryStore({PREFS_KEY: raw} if raw is not None else {})
    prefs = load_prefs(store)
    assert peek_prefs(store) == (prefs.lang, prefs.speed)
    # and the App makes the same of them either way
    early, late = waiting_app(store, "fr"), App(store, now=Clock(), lang="fr")
    assert (early.lang, early.speed) == (late.lang, late.speed)


STARTS_WITHOUT_PYDANTIC = r"""
import ast, importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pydantic", "pydantic_core"):
            raise ImportError("no pydantic before the first board")
sys.meta_path.insert(0, Block())
sys.path[:0] = [sys.argv[1], sys.argv[2], sys.argv[3]]
# what main.py imports of the game
tree = ast.parse(open(sys.argv[1] + "/main.py").read())
for node in tree.body:
    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("samarkand"):
        __import__(node.module)
from samarkand_web.app import App
from samarkand_web.render import render
from samarkand_web.storage import MemoryStore
from test_app import click_legal
from web_support import Clock, Ids
store = MemoryStore()
app = App(store, now=Clock(), new_id=Ids(), validator=False)
app.boot("?players=Ann,bot:heuristic&seed=9&first=1&speed=instant", "")
for i in range(30):
    if app.ctl.bot_to_move:
        app.bot_tick(app.bot_token)
    else:
        click_legal(app, i)
    render(app)
app.boot("", "")
render(app)
assert "pydantic" not in sys.modules
assert not any(k.startswith("samarkand.save.") for k in store.data)  # saves wait for it
print("ok", len(app.ctl.state.actions))
"""


def test_the_page_starts_and_plays_without_pydantic() -> None:
    """What main.py imports, a game with a bot played by clicks and drawn, and the start
    screen, all with pydantic unimportable (as in the browser before its wheels)."""
    import subprocess
    import sys

    root = WEB.parent
    proc = subprocess.run([sys.executable, "-c", STARTS_WITHOUT_PYDANTIC, str(WEB),
                           str(root / "tests"), str(root)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.startswith("ok")
