"""Hostile input, third round (issue 39): a forged link may not play a device's own seat
(D1), and no nesting depth in the device's storage or in a backup file may stop the page
(D4, D2): one bounded reader (saves/jsonread.py) measures every JSON text before it is
parsed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from samarkand_web.handlers import remote, saves
from samarkand_web.saves.backup import BackupProblem, export_backup, import_backup
from samarkand_web.saves.jsonread import MAX_DEPTH, JsonRefused, nesting, read_json
from samarkand_web.saves.remote import (
    RECORD_PREFIX,
    RemoteLink,
    Send,
    decode_link,
    encode_link,
    load_record,
)
from samarkand_web.saves.storage import PREFIX, PREFS_KEY, MemoryStore, load_prefs
from samarkand_web.state.app import App
from samarkand_web.state.remote import RemoteController
from samarkand_web.state.screen import RemoteSeat
from samarkand_web.view.render import render

from samarkand_core import GameState, apply_action, legal_actions
from tests.support.bylink_play import (
    choose_seat,
    device,
    first_link,
    fragment,
    play_until_waiting,
    start,
)
from tests.support.web_support import make_app, stored

DEEP = 20_000


def deep(n: int = DEEP) -> str:
    return "[" * n + "]" * n


# ---------------------------------------------------------------------- D1


def played_while(state: GameState, seat: int) -> GameState:
    """`seat` decides (the first legal choice each time) until someone else does."""
    while not state.is_over and state.current_player == seat:
        state = apply_action(state, legal_actions(state)[0])
    return state


def forged_back(link_fragment: str) -> str:
    """What the issue's forger does with Ann's link to Bob, outside the page: Bob plays
    his turn, then Ann's, then his own again, and encodes the link back to Ann (the check
    sum is public, so it is recomputed)."""
    link, state = decode_link(link_fragment)
    ann, bob = link.sender, link.to
    state = played_while(state, bob)
    state = played_while(state, ann)  # Ann's turn, played by Bob
    state = played_while(state, bob)
    assert state.current_player == ann
    from samarkand_core import encode_save

    sends = (*link.sends, Send(len(state.actions), bob, ann, link.sends[-1].minute + 5))
    return encode_link(RemoteLink(encode_save(state), link.seats, ann, bob, sends))


def test_a_forged_link_that_plays_the_receivers_own_seat_is_refused_with_nothing_stored(
) -> None:
    """D1: Ann's device never takes moves in Ann's seat that it did not make. The forged
    link is well-formed (its check sum fits, its moves are legal), yet it is refused,
    said plainly, and the device's storage is exactly as it was."""
    ann, _, frag = first_link(5)
    forged = forged_back(frag)
    decode_link(forged)  # the check sum and the rules let it through
    before = dict(stored(ann))
    ann.boot("", "#" + forged)
    assert stored(ann) == before
    assert [m.key for m in ann.messages if m.kind == "error"] == ["remote.forged"]
    assert ann.screen == "home"
    text = render(ann).regions["messages"]
    assert "never made" in text and "Nothing was stored" in text


def bob_played_back(seed: int) -> tuple[App, str]:
    """Ann's device, and the link Bob's device sends back after playing his turn."""
    ann, bob, frag = first_link(seed)
    bob.boot("", "#" + frag)
    choose_seat(bob)
    play_until_waiting(bob)
    url = remote.remote_link(bob)
    assert url is not None
    return ann, url


def test_the_same_link_honestly_played_is_taken() -> None:
    """D1's other side: Bob's device plays his turn and sends it back: Ann's device takes
    it (the check compares only Ann's own seat)."""
    ann, url = bob_played_back(5)
    ann.boot("", "#" + fragment(url))
    assert not [m for m in ann.messages if m.kind == "error"]
    assert isinstance(ann.ctl, RemoteController) and ann.ctl.human_turn()


def test_a_link_claiming_a_send_from_this_device_that_it_never_made_is_refused() -> None:
    """D1: a link's sends that name this device's seat as their sender must be links this
    device made (its record keeps each before showing it): a forged one is refused and
    nothing is stored."""
    ann, url = bob_played_back(5)
    link, _ = decode_link(fragment(url))
    fake = Send(1, link.to, link.sender, 7)  # "Ann sent Bob the game after one move"
    forged = encode_link(RemoteLink(link.code, link.seats, link.to, link.sender,
                                    (fake, *link.sends)))
    before = dict(stored(ann))
    ann.boot("", "#" + forged)
    assert stored(ann) == before
    assert [m.key for m in ann.messages if m.kind == "error"] == ["remote.forged_send"]


def test_a_forged_link_in_german_says_so_in_german() -> None:
    """D1's message in the page's language (the catalogs hold it in DE, FR, IT)."""
    ann, _, frag = first_link(5)
    ann.set_lang("de")
    ann.boot("", "#" + forged_back(frag))
    text = render(ann).regions["messages"]
    assert "never made" not in text and "Gerät" in text


# ---------------------------------------------------------------------- D4, D2


def test_nesting_is_counted_without_recursion_and_strings_are_text() -> None:
    """The scanner: brackets inside strings (escaped quotes too) do not count."""
    assert nesting("3") == 0
    assert nesting('{"a": [1, {"b": "[[[[\\"[[["}]}') == 3
    assert nesting(deep(), MAX_DEPTH) == MAX_DEPTH + 1  # it stops once too deep
    assert nesting(deep(40)) == 33


@pytest.mark.parametrize("text", [deep(), '{"a":' * DEEP + "1" + "}" * DEEP,
                                  '["x",' + deep() + "]"])
def test_read_json_refuses_deep_values_before_any_parse(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """D4: the depth is checked BEFORE json.loads, which must never see the text (in
    Pyodide its recursion kills the runtime, beyond any except)."""
    def no_parse(_: str) -> Any:
        raise AssertionError("json.loads reached")

    monkeypatch.setattr("samarkand_web.saves.jsonread.json.loads", no_parse)
    with pytest.raises(JsonRefused) as exc:
        read_json(text)
    assert exc.value.what == "depth" and "nested deeper than 32 levels" in str(exc.value)


def test_read_json_refuses_too_long_texts_and_reads_good_ones() -> None:
    with pytest.raises(JsonRefused) as exc:
        read_json("[1]" + " " * 100, max_chars=50)
    assert exc.value.what == "size"
    assert read_json('{"a": [1, 2]}') == {"a": [1, 2]}


@pytest.fixture
def parses_bounded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every json.loads of the page's code, its text's nesting recorded: none may exceed
    the bound (in the browser that parse would be the fatal one)."""
    depths: list[int] = []
    original = json.loads

    def loads(text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, str):
            depths.append(nesting(text, 10**9))
        return original(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)
    return depths


def device_with_a_game(seed: int = 5) -> tuple[MemoryStore, str]:
    """A device that has one game by link saved (a save, a record) and preferences."""
    ann, _, _ = first_link(seed)
    store = ann.store
    assert isinstance(store, MemoryStore)
    assert ann.entry is not None
    store.set(PREFS_KEY, json.dumps({"lang": "en"}))
    return store, ann.entry.id


@pytest.mark.parametrize("which", ["save", "record", "prefs", "other save", "unknown key"])
def test_the_page_starts_with_a_value_nested_20000_deep_in_any_storage_key(
        which: str, parses_bounded: list[int]) -> None:
    """D4: a value nested 20,000 deep in any key the page reads: the page starts, the
    damaged entry is set aside and named, the rest loads, and export still works."""
    store, save_id = device_with_a_game()
    key = {"save": PREFIX + save_id, "record": RECORD_PREFIX + save_id,
           "prefs": PREFS_KEY, "other save": PREFIX + "deadbeef00",
           "unknown key": "samarkand.other"}[which]
    store.set(key, deep())
    app = make_app(store)
    app.boot("", "")
    assert app.screen == "home"
    home = render(app).regions["home"]
    if which in ("save", "other save"):
        assert f'data-bad-save="{key}"' in home and "nested deeper than 32" in home
    if which != "save":
        assert f'data-open="{save_id}"' in home or save_id in home  # the rest loads
    if which == "record":
        assert load_record(store, save_id) is None  # it opens as a game at one device
    if which == "prefs":
        assert load_prefs(store).lang is None or isinstance(load_prefs(store).lang, str)
    fx = app.dispatch("export")
    wanted = 0 if which == "save" else 1
    if wanted:
        assert fx.download is not None and save_id in fx.download[1]
    assert max(parses_bounded, default=0) <= MAX_DEPTH


def test_a_backup_nested_10000_deep_inside_saves_is_refused_then_a_good_one_imports(
        parses_bounded: list[int]) -> None:
    """D2: a backup with 10,000 levels of nesting inside `saves` (about 20 KB) is refused
    with the "nested too deeply" message, nothing changes, and a good import afterwards
    works (the page lives on)."""
    store, save_id = device_with_a_game()
    good, n = export_backup(make_app(store).saves, 1_700_000_000_000.0)
    assert n == 1
    nested = ('{"format": "samarkand-saves", "version": 1, "exported": 1.0, "saves": ['
              + deep(10_000) + "]}")
    assert 19_000 < len(nested) < 21_000
    target = MemoryStore()
    app = make_app(target)
    app.boot("", "")
    with pytest.raises(BackupProblem) as exc:
        import_backup(app.saves, nested)
    assert exc.value.key == "backup.too_deep"
    saves.import_backup_text(app, nested)
    assert [m.key for m in app.messages if m.kind == "error"] == ["backup.too_deep"]
    assert "nested far too deeply" in render(app).regions["messages"]
    assert not [k for k in target.keys() if k.startswith(PREFIX)]
    fx = saves.import_backup_text(app, good)
    while fx.import_token is not None:
        fx = saves.import_tick(app, fx.import_token, max_ms=1e9)
    assert [k for k in target.keys() if k.startswith(PREFIX)] == [PREFIX + save_id]
    assert max(parses_bounded, default=0) <= MAX_DEPTH


def test_a_remote_game_still_plays_at_its_start_after_the_checks() -> None:
    """The checks cost nothing to an honest start: a game by link started here."""
    app = device()
    start(app, "players=Ann,Bob&remote=1&seed=3&first=1")
    assert isinstance(app.ctl, RemoteController)


# ---------------------------------------------------------------------- W2


def test_the_honesty_note_is_on_every_game_by_link_however_it_was_started() -> None:
    """W2: a game by link started from the address (`?players=Ann,Bob&remote=1`, never
    the form's "By link"), and the same game opened from its link on Bob's device, both
    say that the links reveal every hand."""
    ann, bob, frag = first_link(5)
    assert not ann.form.remote  # the form's note was never shown
    note = "Each link holds the whole game, every hand"
    assert note in render(ann).regions["actions"]
    bob.boot("", "#" + frag)
    choose_seat(bob)
    assert isinstance(bob.ctl, RemoteController)
    assert note in render(bob).regions["actions"]


# ---------------------------------------------------------------------- W3


def test_a_forwarded_link_on_a_new_device_asks_who_plays_before_showing_any_hand() -> None:
    """W3: Bob's link opened on Cem's new phone does not bind the phone to Bob: it asks
    which person plays there, Bob (the link's seat) preselected, with no game and no hand
    on screen and nothing stored before the answer; Cem answers, and the phone plays Cem
    (Cem's cards, never Bob's)."""
    ann = device()
    start(ann, "players=Ann,Bob,Cem&remote=1&seed=9&first=1")
    play_until_waiting(ann)
    url = remote.remote_link(ann)
    assert url is not None and ann.ctl is not None
    link, state = decode_link(fragment(url))
    bob_seat = link.to
    phone = device(200)
    phone.boot("", "#" + fragment(url))
    assert phone.overlay == RemoteSeat() and phone.ctl is None
    assert phone.store.keys() == [] or not [k for k in phone.store.keys()
                                            if k.startswith(("samarkand.save.",
                                                             "samarkand.remote."))]
    page = render(phone)
    dialog = page.regions["overlay"]
    assert "Who are you in this game?" in dialog
    assert f'id="remote-seat-{bob_seat}"' in dialog
    bob_button = dialog.split(f'id="remote-seat-{bob_seat}"')[1].split(">", 1)[0]
    assert 'class="primary"' in bob_button and 'aria-pressed="true"' in bob_button
    assert dialog.count('aria-pressed="true"') == 1
    names = state.names
    assert all(f"I play {names[p]}" in dialog for p in range(state.n))
    # no game before the answer: the saves list under the question, no hand, no board
    assert phone.screen == "home"
    assert not {"hand", "board", "players", "actions"} & set(page.regions)
    cem = next(p for p in range(state.n) if p not in (link.to, link.sender))
    phone.dispatch("remote-seat", str(cem))
    ctl = phone.ctl
    assert isinstance(ctl, RemoteController) and ctl.local == cem
    assert ctl.revealed == cem  # Cem's view, Bob's hand never shown
    assert "remote.other_seat" in [m.key for m in phone.messages]


def test_not_now_on_the_seat_question_stores_nothing() -> None:
    """W3: the question may be put off: nothing of the link is stored."""
    _, bob, frag = first_link(5)
    bob.boot("", "#" + frag)
    assert bob.overlay == RemoteSeat()
    bob.dispatch("remote-seat-cancel")
    assert bob.overlay is None and bob.bylink.pending is None
    assert not [k for k in bob.store.keys() if k.startswith("samarkand.save.")]


# ---------------------------------------------------------------------- W1: old links


def test_links_of_earlier_builds_r1_with_their_keeps_still_open() -> None:
    """Compatibility: an r1 link (every move counted, the keeps in its save code, as
    earlier builds made them) still opens, on a device new to the game, as the same
    game; the r2 link of the same moment opens as the same game too."""
    from samarkand_core import Keep, decode_save, encode_save
    from tests.support.bylink_play import play_by_link

    _, links, _ = play_by_link(2, 6)
    with_keeps = [link for link in links
                  if any(type(a) is Keep for a in decode_save(link.code).actions)]
    assert with_keeps
    link = with_keeps[len(with_keeps) // 2]
    state = decode_save(link.code)
    for fragment_ in (encode_link(link), encode_link(link, state)):
        assert fragment_.startswith(("r1.", "r2."))
        fresh = device(500)
        fresh.boot("", "#" + fragment_)
        choose_seat(fresh)
        assert isinstance(fresh.ctl, RemoteController), fresh.messages
        assert encode_save(fresh.ctl.committed) == link.code
    r1, r2 = encode_link(link), encode_link(link, state)
    assert r1.split(".")[5] == link.code != r2.split(".")[5]  # r2 leaves the keeps out


def test_a_save_code_without_its_keeps_decodes_to_the_same_game() -> None:
    """samarkand_core: encode_save(keeps=False) and decode_save(settle=...) give back the
    game, keeps and all; a card up for sale at the end stays so unless settle says."""
    from samarkand_core import SELL, Keep, decode_save, encode_save
    from tests.support.bylink_play import play_by_link

    _, links, final = play_by_link(2, 6)
    assert any(type(a) is Keep for a in final.actions)
    code = encode_save(final, keeps=False)
    assert len(code) < len(encode_save(final)) or code != encode_save(final)
    assert encode_save(decode_save(code, settle=lambda s: True)) == encode_save(final)
    pending = next(decode_save(link.code) for link in links
                   if decode_save(link.code).phase == SELL)
    short = encode_save(pending, keeps=False)
    assert decode_save(short, settle=lambda s: False).phase == SELL
    assert type(decode_save(short, settle=lambda s: True).actions[-1]) is Keep
