"""A share link is decoded once on its way in (docs/play.md: what each
kind of address carries): the page replays a link's moves one time (the engine checks
every move of it), compares the game with the saves by one save code, and a save that
holds exactly that code opens with the link's game instead of replaying it again. Counted
here by wrapping samarkand_core's decode_save and encode_save wherever the page's
modules hold them, for each kind of link: a game link (#s1-...), a position link
(&at=N) and a game played by link (#r2....), opened with the page or pasted into a tab
already on it (the "hash" action)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from samarkand_web.saves.storage import MemoryStore

from samarkand_core import GameState, decode_save, encode_save, new_game
from tests.support.bylink_play import choose_seat, first_link
from tests.support.web_support import make_app, played


@pytest.fixture
def codec(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """{"decode": [each code decoded], "encode": [each code made]} from here on."""
    seen: dict[str, list[str]] = {"decode": [], "encode": []}

    def decode(text: str, board: Any = None, settle: Any = None) -> GameState:
        seen["decode"].append(text.strip())
        return decode_save(text, board, settle)

    def encode(state: GameState, keeps: bool = True) -> str:
        code = encode_save(state, keeps)
        seen["encode"].append(code)
        return code

    wrapped = {decode_save: decode, encode_save: encode}
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("samarkand_core", "samarkand_web")):
            continue
        for attr in ("decode_save", "encode_save"):
            original = getattr(module, attr, None)
            if original in wrapped:
                monkeypatch.setattr(module, attr, wrapped[original])
    return seen


def game_in_progress() -> GameState:
    return played(new_game(["Ann", "Bob"], 5), 12)


def counts(seen: dict[str, list[str]], code: str) -> Counter[str]:
    """How often `code` itself was decoded, and how many codes were made."""
    return Counter({"decode": seen["decode"].count(code), "encode": len(seen["encode"])})


def opened(codec: dict[str, list[str]], code: str, open_: Callable[[], object]) -> Counter[str]:
    for found in codec.values():
        found.clear()
    open_()
    return counts(codec, code)


def test_a_game_link_is_decoded_once_new_or_already_saved(
        codec: dict[str, list[str]]) -> None:
    code = encode_save(game_in_progress())
    store = MemoryStore()
    app = make_app(store)
    assert opened(codec, code, lambda: app.boot("", "#" + code)) == {"decode": 1, "encode": 1}
    assert app.screen == "game" and [m.key for m in app.messages] == ["link.imported"]
    # again, in a new tab: the save holds exactly this code, so it opens with the link's
    # game (decoded once), not replayed a second time
    again = make_app(store)
    assert opened(codec, code, lambda: again.boot("", "#" + code)) == {"decode": 1, "encode": 1}
    assert again.screen == "game" and [m.key for m in again.messages] == ["link.already"]
    assert again.ctl is not None and encode_save(again.ctl.state) == code
    # pasted into a tab already on the page
    pasted = make_app(store)
    pasted.boot("", "")
    assert opened(codec, code, lambda: pasted.dispatch("hash", "#" + code)) == {
        "decode": 1, "encode": 1}
    assert pasted.screen == "game"


def test_a_game_link_the_save_went_further_than_decodes_only_the_save_besides(
        codec: dict[str, list[str]]) -> None:
    """The save went further than the link: its own code is decoded to open it (a
    different code); the link's, once."""
    early = game_in_progress()
    later = played(early, 6)
    store = MemoryStore()
    make_app(store).boot("", "#" + encode_save(later))
    code = encode_save(early)
    app = make_app(store)
    assert opened(codec, code, lambda: app.boot("", "#" + code)) == {"decode": 1, "encode": 1}
    assert codec["decode"] == [code, encode_save(later)]
    assert [m.key for m in app.messages] == ["link.already_further"]


def test_a_position_link_is_decoded_once(codec: dict[str, list[str]]) -> None:
    code = encode_save(game_in_progress())
    app = make_app()
    assert opened(codec, code, lambda: app.boot("", f"#{code}&at=3")) == {
        "decode": 1, "encode": 1}  # the encode: the replay's own address
    assert app.screen == "replay" and app.replay is not None and app.replay.move == 3


def test_a_link_of_a_game_played_by_link_is_decoded_once(
        codec: dict[str, list[str]]) -> None:
    _ann, bob, link = first_link(11)
    code = link.rsplit(".", 1)[1]
    def first_open() -> None:
        bob.boot("", "#" + link)
        choose_seat(bob)  # a device new to the game asks whom it plays (no decode again)

    assert opened(codec, code, first_open)["decode"] == 1
    assert [m.key for m in bob.messages] == ["remote.new"]
    # the same link again: the save holds exactly its code, nothing is replayed twice
    assert opened(codec, code, lambda: bob.boot("", "#" + link)) == {"decode": 1, "encode": 0}
    assert opened(codec, code, lambda: bob.dispatch("hash", "#" + link)) == {
        "decode": 1, "encode": 0}
    assert bob.ctl is not None and encode_save(bob.ctl.state) == code
