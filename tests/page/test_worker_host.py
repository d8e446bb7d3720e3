"""The worker's side of the page (samarkand_web/worker/host.py, docs/phone.md) driven
only by messages, as the main thread will drive it: a stand-in main thread
(tests/support/worker_main.py) does each Paint's writes to its own localStorage before it shows
the Paint, answers them, and clicks what the markup it holds offers."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from typing import Any, cast

import pytest
from samarkand_web.worker import tips as worker_tips
from samarkand_web.worker.host import REST_HOLD_MS, WorkerHost
from samarkand_web.worker.protocol import (
    COPY_FAILED,
    UPDATE_READY,
    UPDATE_WAITS,
    Cancel,
    Drawn,
    Event,
    Paint,
    Redraw,
    Start,
    StorageEvent,
    TipAsk,
)

from samarkand_core import decode_save, encode_save, legal_actions, new_game
from tests.support.signer import FakeSigner
from tests.support.web_support import ORIGIN, PATH, Clock, Ids, played
from tests.support.worker_main import ASIDE, FakeMain, decisions, flatten, over, settle, tags
from tests.support.worker_main import start_main as main

SAVED_AGAIN = "your move here saved it again"
DELETED = "This game was deleted in another tab"
ROOM_AGAIN = "There is room again"


def play(m: FakeMain, rng: random.Random, moves: int, check: bool = False) -> None:
    """The person clicks a legal target (chosen at random) `moves` times, bots and all
    steps run between; `check`: after every message, this tab's localStorage holds
    everything the worker's mirror holds."""
    for targets in decisions(m, moves):
        m.send(targets[rng.randrange(len(targets))])
        if check:
            assert m.storage == m.host.local.data


def quick_game(m: FakeMain) -> str:
    """The start screen's one-click game against two bots; its save's key."""
    m.send(Event(m.next_seq(), "click", "quick"))
    (key,) = (k for k in m.storage if k.startswith("samarkand.save."))
    return key


def test_a_whole_game_against_bots_driven_only_by_messages_reaches_the_end() -> None:
    m = main()
    assert m.ready and m.shows("home")
    key = quick_game(m)
    play(m, random.Random(1), 3000)
    assert over(m) and "Final scores" in m.regions["overlay"]
    assert '"over":true' in m.storage[key]  # the finished game is in localStorage
    assert m.failed == []


def test_every_write_comes_in_the_paint_before_the_paint_that_shows_it() -> None:
    """The move and its save travel in one Paint, writes first: whenever a Paint is
    shown, the tab's localStorage already holds all the worker wrote."""
    m = main()
    key = quick_game(m)
    first = next(p for p in m.paints if p.writes)
    assert first.patch is not None and first.writes[0].key == key  # one message
    assert m.storage_when_shown[first.seq][key] == first.writes[0].value
    play(m, random.Random(2), 40, check=True)
    written = [p for p in m.paints if p.writes]
    assert len(written) > 5
    for p in written:
        for w in p.writes:
            if not w.session:
                assert m.storage_when_shown[p.seq].get(w.key) == w.value


def test_a_refused_write_is_put_back_and_no_saved_is_said() -> None:
    """localStorage full: the mirror gets the old value back, the header says the game
    is not saved; once a write is taken again, "saved" is said only in a Paint after
    the main thread's ok for it."""
    m = main()
    key = quick_game(m)
    play(m, random.Random(3), 3)
    before = dict(m.storage)
    m.refuse = "full"
    n = len(m.paints)
    rng = random.Random(4)
    while not any(p.writes for p in m.paints[n:]):
        play(m, rng, 1)
        assert len(m.paints) < n + 400
    assert m.storage == before  # nothing written
    assert m.host.local.data[key] == before[key]  # the mirror has its old value back
    assert "Not saved" in m.regions["header"]
    assert ROOM_AGAIN not in m.text("messages")
    m.refuse = None
    n = len(m.paints)
    while ROOM_AGAIN not in m.text("messages"):
        play(m, rng, 1)
        assert len(m.paints) < n + 400
    said = next(p for p in m.paints[n:] if p.patch and ROOM_AGAIN in str(p.patch))
    saved = [p for p in m.paints[n:] if p.writes and p.seq < said.seq]
    assert saved and not any(p.writes for p in m.paints if p.seq == said.seq)
    assert m.storage[key] == m.host.local.data[key]
    assert "Not saved" not in m.regions["header"]


def headers_shown(m: FakeMain) -> list[tuple[str, bool]]:
    """The header as each Paint the stand-in main thread shows leaves it, from now on,
    and whether any write the worker sent waited for its answer then."""
    shown: list[tuple[str, bool]] = []
    show = m.show

    def showing(msg: Paint) -> list[str]:
        redraw = show(msg)
        shown.append((m.regions.get("header", ""), bool(m.host.unconfirmed)))
        return redraw
    m.show = showing  # type: ignore[method-assign]
    return shown


@pytest.mark.parametrize("health", ["full", "ok"])
def test_the_storage_alert_stays_on_screen_while_the_store_refuses_every_write(
        health: str) -> None:
    """A store that refuses every write (full from the start, or from a moment on): once
    the header's alert is shown, no Paint takes it away while the store goes on refusing.
    The worker's mirror takes each write, so the App believes the move saved until the
    main thread answers; the alert stays until that answer is ok, as "saved" words do."""
    host = WorkerHost(now=Clock(), new_seed=lambda: 7, new_id=Ids())
    m = FakeMain(host)
    m.refuse = "unavailable"
    m.send(Start(m.next_seq(), PATH, search="?players=Ann,bot:heuristic&seed=21&first=1",
                 origin=ORIGIN, storage="full" if health == "full" else "ok"))
    shown = headers_shown(m)
    play(m, random.Random(3), 12)
    alerted = [i for i, (header, _) in enumerate(shown) if "storage-alert" in header]
    assert alerted, "the refusals were never said"
    if health == "full":
        assert alerted[0] == 0  # the probe's word, from the first Paint on
    gone = [i for i in range(alerted[0], len(shown)) if "storage-alert" not in shown[i][0]]
    assert not gone, f"the alert left the screen in {len(gone)} of {len(shown)} Paints"
    assert 'data-storage="unsaved"' in shown[-1][0]
    m.refuse = None  # room again: the alert goes, in a Paint after the main thread's ok
    rng = random.Random(4)
    while "storage-alert" in m.regions["header"]:
        play(m, rng, 1)
        assert len(shown) < 2000
    assert shown[-1][1] is False  # no write of the worker's waited for its answer


def test_a_storage_event_from_another_tab_updates_the_mirror_and_the_app() -> None:
    """Another tab deletes the game: the mirror loses it, the page says so; the next
    move here saves it again, and says so once that write is confirmed."""
    m = main()
    key = quick_game(m)
    play(m, random.Random(6), 2)
    settle(m)
    m.storage.pop(key)  # the other tab's removeItem, then its storage event here
    m.send(StorageEvent(m.next_seq(), key, None))
    assert key not in m.host.local.data
    assert DELETED in m.text("messages")
    n = len(m.paints)
    rng = random.Random(7)
    while key not in m.storage:
        play(m, rng, 1)
        assert len(m.paints) < n + 400
    assert SAVED_AGAIN in m.text("messages")
    saving = next(p for p in m.paints[n:] if p.writes)
    assert saving.patch is None or SAVED_AGAIN not in str(saving.patch)


def test_a_bots_turn_is_cancelled_by_a_message() -> None:
    """Cancel drops the bot's next step: nothing more is painted for it."""
    m = main()
    quick_game(m)
    for _ in range(50):  # the person's clicks until a bot's step waits
        if m.host.next_due() is not None:
            break
        m.send(next(e for e in m.targets() if e.action not in ASIDE))
    assert "bot" in m.host.steps
    n = len(m.paints)
    m.send(Cancel(m.next_seq(), "bot"))
    assert m.host.next_due() is None and not m.tick()
    assert len(m.paints) == n


def test_each_paint_names_the_last_message_it_was_made_after() -> None:
    """Paint.seen: the last message of the main thread's that the worker had handled
    when it made the Paint (its seq): the main thread tells by it whether a Paint that
    redraws the new-game form was made before the worker heard of a field the person
    changed since (web/typed.js). A message's Paint names that message; a step's Paint
    (a bot's move) the last message before it."""
    m = main()
    assert [p.seen for p in m.paints] == [1]  # Start's
    form = {"count": "3", "name0": "Ann"}
    for action, value in (("setup", ""), ("form", "count"), ("form", "kind")):
        seq, n = m.next_seq(), len(m.paints)
        m.send(Event(seq, "click" if action == "setup" else "change", action, value,
                     form=form, t0=5.0))
        assert [p.seen for p in m.paints[n:]] == [seq]
    quick_game(m)
    heard = m.host.heard
    n = len(m.paints)
    for _ in range(50):  # the person's clicks until a bot's step waits
        if m.host.next_due() is not None:
            break
        m.send(next(e for e in m.targets() if e.action not in ASIDE))
        heard = m.host.heard
        n = len(m.paints)
    while len(m.paints) == n:  # a bot's steps until one is painted
        assert m.tick()
    assert m.paints[n].seen == heard  # the step's Paint: nothing heard since


class Still:
    """A clock (ms) that moves only when the test moves it."""

    def __init__(self) -> None:
        self.t = 1_700_000_000_000.0

    def __call__(self) -> float:
        return self.t


def test_a_step_waits_until_the_frame_of_the_persons_move_is_drawn() -> None:
    """A bot's step due after a person's move waits for the main thread's Drawn of that
    move's first paint: no bot's Paint comes between the click's Paint and the frame that
    shows it. A tab that draws no frame (hidden) holds the step REST_HOLD_MS at most."""
    clock = Still()
    m = FakeMain(WorkerHost(now=clock, new_seed=lambda: 7, new_id=Ids()), frames=False)
    show = m.show

    def patched(msg: Paint) -> list[str]:
        """The board's pieces patched as dom.js patches them (the stand-in has no document:
        it would ask for the board whole, a Redraw, whose Paint draws all and so also the
        rest): the board the host last drew."""
        redraw = show(msg)
        if "board" in redraw:
            redraw.remove("board")
            m.regions["board"] = m.host.diff.painted["board"]
        return redraw
    m.show = patched  # type: ignore[method-assign]
    m.send(Start(m.next_seq(), PATH, search="?players=Ann,bot:random&seed=3&speed=instant&first=1",
                 origin=ORIGIN, store=m.storage))
    host = m.host
    for _ in range(50):  # the person's clicks until a bot's step waits
        if "bot" in host.steps:
            break
        m.send(next(e for e in m.targets() if e.action not in ASIDE))
    assert "bot" in host.steps and host.rest_due is not None
    step = host.steps["bot"]
    held_until = clock.t + REST_HOLD_MS  # the still clock: the time of the move's paint
    assert step.due < held_until  # the instant speed: the bot is due at once
    assert host.next_due() == max(step.due, held_until)
    clock.t = held_until - 1  # the bot's step is due, the frame not drawn
    n = len(m.paints)
    assert host.tick() == [] and len(m.paints) == n  # not before the frame is drawn
    assert host.steps["bot"] is step
    m.send(Drawn(m.next_seq(), host.rest_due))  # the frame is drawn: the rest, then the step
    assert host.rest_due is None and host.next_due() == step.due
    clock.t = max(step.due, clock.t)
    host.tick()
    assert host.steps.get("bot") is not step, "the bot's step runs once the frame is drawn"

    # a hidden tab: no Drawn ever comes; the step runs REST_HOLD_MS after the first paint
    for _ in range(200):
        if host.rest_due is not None and "bot" in host.steps:
            break
        if not m.tick():
            m.send(next(e for e in m.targets() if e.action not in ASIDE))
        clock.t += 1000
    assert host.rest_due is not None and "bot" in host.steps
    step = host.steps["bot"]
    clock.t = max(step.due, host.rest_at + REST_HOLD_MS)
    host.tick()
    assert host.steps.get("bot") is not step, "the step runs once REST_HOLD_MS has passed"


def test_a_tampered_message_is_refused_with_a_clear_error_and_changes_nothing() -> None:
    m = main()
    quick_game(m)
    n = len(m.paints)
    for bad in ({"type": "event", "seq": 9, "kind": "click", "action": ["x"]},
                {"type": "event", "seq": -1, "kind": "click"},
                {"type": "event", "seq": 9, "kind": "hover"},
                {"type": "stored", "seq": 9, "paint": 10_000, "result": "ok"},
                {"type": "start", "seq": 9, "path": PATH, "storage": "ok"},
                "[" * 100 + "]" * 100, "not json", 42):
        out = m.host.handle(bad)
        assert len(out) == 1 and not isinstance(out[0], Paint)
        text = out[0].to_json()["text"]
        assert isinstance(text, str) and text.startswith("message refused: ")
    assert len(m.paints) == n


def test_nothing_runs_before_start() -> None:
    host = WorkerHost(now=Clock())
    (out,) = host.handle(Event(1, "click", "quick").to_json())
    assert out.to_json() == {"type": "failed", "seq": 1,
                             "text": "message refused: event before start"}


def test_a_tooltip_is_answered_with_only_the_asked_targets_words_and_changes_nothing() -> None:
    """TipAsk (web/tipwatch.js asks it): a card in the person's hand has its tooltip
    (what it is worth now) and the ring around its space (its data-map); a card another
    player holds has none, and the tooltip of its space does not say it is held (who
    holds which card is a secret at a real table), while the tooltip of the space of
    the person's own card says they hold it. Each Tip answers its ask by number; a ring
    of no space of the board is none. Nothing is painted or written: a tooltip only
    reads the App."""
    m = main()
    quick_game(m)
    settle(m)
    app = m.host.app
    assert app is not None and app.ctl is not None
    state, me = app.ctl.state, app.ctl.hand_shown()
    assert me is not None
    mine = next(a for _tag, a in tags(m.regions["hand"]) if "data-card" in a)
    good = int(mine["data-card"])
    other = next(g for p in range(state.n) if p != me for g in state.hands[p])
    paints, storage, failed = len(m.paints), dict(m.storage), list(m.failed)

    def ask(kind: str = "", value: str = "", ring: str = "") -> tuple[str, str]:
        seq = m.next_seq()
        m.send(TipAsk(seq, kind, value, ring))  # type: ignore[arg-type]
        tip = m.tips[-1]
        assert tip.asks == seq
        return tip.markup, tip.ring

    card, ring = ask("card", mine["data-card"], mine["data-map"])
    assert "Worth " in card and 'class="hl-ring"' in ring
    assert ask("card", str(other)) == ("", "")
    held = "You hold its card"
    other_space = ask("space", str(state.board.good_space[other]))[0]
    own_space = ask("space", str(state.board.good_space[good]))[0]
    assert other_space and held not in other_space
    assert held in own_space
    assert ask(ring="9999") == ("", "") and ask() == ("", "")
    assert (len(m.paints), m.storage, m.failed) == (paints, storage, failed)
    assert good in state.hands[me] and app.ctl.state is state


def test_a_tooltip_that_cannot_be_drawn_is_none_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a tooltip's drawing: its Tip is empty (the main thread shows none), no
    Failed, no internal error drawn over the game."""
    m = main()
    quick_game(m)
    settle(m)
    paints = len(m.paints)

    def broken(app: object, space: int, portrait: bool = False) -> str:
        raise RuntimeError("a bug in the ring")

    monkeypatch.setattr(worker_tips, "highlight_ring", broken)
    seq = m.next_seq()
    m.send(TipAsk(seq, "space", "3", "3"))
    assert (m.tips[-1].asks, m.tips[-1].markup, m.tips[-1].ring) == (seq, "", "")
    assert not m.failed and len(m.paints) == paints


PUBLIC = ("status", "board", "players", "log")


def device(search: str = "", fragment: str = "", ids_from: int = 0,
           signer: FakeSigner | None = None) -> FakeMain:
    """A device of play by link; with a `signer`, one whose browser signs links."""
    ids = Ids()
    ids.n = ids_from
    m = FakeMain(WorkerHost(now=Clock(), new_seed=lambda: 7, new_id=ids), signer=signer)
    m.send(Start(m.next_seq(), PATH, search=search, hash=fragment, origin=ORIGIN,
                 can_sign=signer is not None))
    return m


def hand_words(m: FakeMain) -> set[str]:
    """'Cards of Ann: 1 Dates, 3 Wool': how the decision names a hand's cards (its
    hand-peek), each hand as this device has shown it."""
    return set(re.findall(r"Cards of [^:<\"]+: [0-9][^.<\"]*", m.text("actions", "hand")))


def test_a_game_by_link_between_two_workers_never_shows_a_hand_in_the_public_regions() -> None:
    """Two devices, one worker each, play a whole game by link through messages only
    (the link travels from a Paint's copy to the other device's address). No Paint ever
    puts a hand's cards (as the decision names them on its holder's device) into the
    status, board, players or log of either device."""
    ann = device("?players=Ann,Bob&remote=1&seed=5&first=1")
    bob: FakeMain | None = None
    rng = random.Random(8)
    here, other = ann, None
    hands: set[str] = set()
    handovers = 0
    for _ in range(3000):
        settle(here)
        hands |= hand_words(here)
        if over(here):
            break
        targets = [e for e in here.targets() if e.action not in ASIDE]
        if any(e.action == "remote-copy" for e in targets):
            here.send(Event(here.next_seq(), "click", "remote-copy"))
            url = here.paints[-1].copy
            assert url is not None and "#" in url
            fragment = "#" + url.split("#", 1)[1]
            if other is None:
                other = bob = device(fragment=fragment, ids_from=100)
            else:
                other.send(Event(other.next_seq(), "hash", value=fragment))
            seat = [e for e in other.targets() if e.action == "remote-seat"]
            if seat:
                other.send(seat[0])
            handovers += 1
            here, other = other, here
            continue
        assert targets, here.regions.get("actions")
        here.send(targets[rng.randrange(len(targets))])
    assert bob is not None and over(here) and handovers > 10
    # the decision named both hands: the words looked for exist
    assert {h.split(":")[0] for h in hands} == {"Cards of Ann", "Cards of Bob"}
    for m in (ann, bob):
        for p in m.paints:
            writes = (p.patch or {}).get("writes", [])
            assert isinstance(writes, list)
            public = str([w for w in writes if w["region"] in PUBLIC])
            assert not [h for h in hands if h in public]


def test_a_move_is_painted_first_then_the_rest_once_its_frame_is_drawn() -> None:
    """A person's click on the game screen: its Paint holds only the regions that show
    the move and the next decision (never the log or the players' strip), says `rest`,
    names the click it answers and carries the worker's dispatch and render times; the
    log comes in the Paint that answers the main thread's Drawn, and only then."""
    m = main()
    quick_game(m)
    settle(m)
    rng = random.Random(11)
    for _ in range(200):
        n = len(m.paints)
        targets = [e for e in m.targets() if e.action not in ASIDE]
        click = targets[rng.randrange(len(targets))]
        seq = m.next_seq()
        m.send(replace(click, seq=seq, t0=1234.5))
        first = m.paints[n]
        assert first.answers == seq and first.timings is not None
        measures = first.timings["measures"]
        assert isinstance(measures, list)
        assert {"dispatch", "render", "diff"} <= {t["name"] for t in measures}
        rest = m.paints[n + 1:n + 2]  # FakeMain answered Drawn at once
        if first.rest and rest and rest[0].patch and "log" in str(rest[0].patch):
            break
        settle(m)
    else:
        raise AssertionError("no move was painted in two")
    writes = cast("list[dict[str, Any]]", (first.patch or {}).get("writes", []))
    regions = {w["region"] for w in writes}
    assert regions and not regions & {"log", "players", "recap", "header", "zoom"}
    assert not rest[0].rest and rest[0].answers == m.drawn[-1]  # it answers the Drawn
    # a Drawn for a paint whose rest was drawn since draws nothing, but is answered
    seq = m.next_seq()
    assert m.host.handle(Drawn(seq, first.seq)) == [Paint(m.paints[-1].seq + 1, answers=seq,
                                                          seen=seq)]


def test_a_click_carries_patches_alone_and_a_redraw_draws_those_regions_whole() -> None:
    """A person's move changes a few pieces: its Paint carries the board's ops, the log's
    new lines and the parts' ops without the region's whole beside them (the board's
    whole is about 95,000 characters), and a piece's children patch without its whole
    inner markup. The main thread that cannot apply them asks with
    a Redraw: its answer names it, writes nothing, and holds those regions whole, as the
    patches made them on this (stand-in) main thread."""
    m = main()
    quick_game(m)
    settle(m)
    rng = random.Random(5)
    patched: set[str] = set()
    for _ in range(300):
        n = len(m.paints)
        targets = [e for e in m.targets() if e.action not in ASIDE]
        m.send(replace(targets[rng.randrange(len(targets))], seq=m.next_seq()))
        for p in m.paints[n:]:
            for w in cast("list[dict[str, Any]]", (p.patch or {}).get("writes", [])):
                kind = w["kind"]
                if kind in ("board", "parts") and w["ops"]:
                    assert w.get("markup", w.get("whole")) is None
                    patched.add(w["region"])
                if kind == "board" and w["ops"]:  # a piece's inner markup, or its patch
                    assert all(op[3] is None or op[4] is None for op in w["ops"])
                elif kind == "log" and w["new"]:
                    assert w["markup"] is None
                    patched.add("log")
        settle(m)
        if {"board", "log", "status"} <= patched:
            break
    else:
        raise AssertionError(f"only {patched} were patched")
    seq, writes = m.next_seq(), len(m.storage)
    (answer,) = m.host.handle(Redraw(seq, ("board", "log", "status")))
    assert isinstance(answer, Paint) and answer.answers == seq and not answer.writes
    drawn = {w["region"]: w for w in cast("list[dict[str, Any]]",
                                          (answer.patch or {}).get("writes", []))}
    assert drawn["board"]["ops"] is None and drawn["board"]["markup"] == m.regions["board"]
    assert drawn["log"]["new"] is None and drawn["log"]["markup"] == m.regions["log"]
    assert drawn["status"]["ops"] is None
    assert flatten(drawn["status"]["whole"]) == m.regions["status"]
    assert len(m.storage) == writes and not m.failed


def test_a_new_version_is_said_and_its_reload_asked_of_the_main_thread() -> None:
    """sw-register.js's news (the answer update-ready) shows the notice with its Reload;
    Reload asks the main thread to let the new version take over (activate_update);
    other tabs holding the site (the answer update-waits) are said instead."""
    m = main()
    m.send(Event(m.next_seq(), "change", UPDATE_READY))
    assert "A new version is ready" in m.text("messages")
    m.send(Event(m.next_seq(), "click", "update"))
    assert m.paints[-1].activate_update
    m.send(Event(m.next_seq(), "change", UPDATE_WAITS))
    assert "open in other tabs too" in m.text("messages")
    assert "A new version is ready" not in m.text("messages")


def test_a_refused_clipboard_is_said() -> None:
    m = main()
    m.send(Event(m.next_seq(), "change", COPY_FAILED))
    assert m.paints[-1].patch is not None and m.text("messages")


def test_links_are_signed_and_verified_through_the_main_thread() -> None:
    """A device whose browser signs: the worker asks the main thread to sign each link
    (Paint.sign) and sends it with the signature it got back (link-signed); the other
    device asks the main thread to check it (Paint.verify) and opens it on a good
    answer (link-verified); the same link with its signature changed is refused."""
    ann = device("?players=Ann,Bob&remote=1&seed=5&first=1", signer=FakeSigner("ann"))
    for _ in range(200):
        targets = [e for e in ann.targets() if e.action not in ASIDE]
        if any(e.action == "remote-copy" for e in targets):
            break
        ann.send(targets[0])
        settle(ann)
    asked = [p.sign for p in ann.paints if p.sign is not None]
    assert asked and asked[-1]["game"]
    ann.send(Event(ann.next_seq(), "click", "remote-copy"))
    url = ann.paints[-1].copy
    assert url is not None
    fragment = "#" + url.split("#", 1)[1]
    assert len(fragment.split(".")) == 8  # key and signature at its end
    bob = device(fragment=fragment, ids_from=100, signer=FakeSigner("bob"))
    verify = [p.verify for p in bob.paints if p.verify is not None]
    assert verify and verify[0]["signed"] == fragment[1:].rsplit(".", 1)[0]
    assert any(e.action == "remote-seat" for e in bob.targets())
    assert "signature is not" not in bob.text("messages")
    cem = device(ids_from=200, signer=FakeSigner("cem"))
    head, signature = fragment.rsplit(".", 1)
    forged = f"{head}.{'B' if signature[0] == 'A' else 'A'}{signature[1:]}"
    cem.send(Event(cem.next_seq(), "hash", value=forged))
    assert any(p.verify for p in cem.paints)
    assert "signature is not" in cem.text("messages")


def test_the_bots_turns_are_recorded_for_the_page_in_the_paints() -> None:
    """A bot's turn as the worker played it reaches the page's records (what
    window.samarkandBotDecisions and samarkandSlices held): its level, the phase of the
    game it decided in, its time; the steps run, none ever deferred."""
    m = main()
    quick_game(m)
    rng = random.Random(12)
    for _ in range(100):  # until the bots have played
        play(m, rng, 1)
        timings = [cast("dict[str, Any]", p.timings) for p in m.paints if p.timings]
        decisions = [d for t in timings for d in t.get("bot_decisions", [])]
        if decisions:
            break
    assert decisions and all(d["level"] and d["phase"] and d["ms"] >= 0 for d in decisions)
    slices = [t["slices"] for t in timings if "slices" in t]
    assert slices[-1]["run"] >= len(decisions) and slices[-1]["deferred"] == 0
    assert any(m_["name"] == "bot-commit" for t in timings for m_ in t.get("measures", []))


def test_a_save_another_tab_wrote_unheard_is_not_overwritten_and_the_moves_kept_as_a_copy(
        ) -> None:
    """Another tab wrote the open game's save and this tab never heard of it (no storage
    event): the save's write is checked against the value the worker's mirror held, the
    main thread refuses it ("changed", nothing of that Paint written), and the worker
    saves the moves again over the other tab's game as the App does when it finds the
    store changed: a copy beside it, said ("a copy"), the other tab's save untouched."""
    m = main()
    key = quick_game(m)
    rng = random.Random(13)
    play(m, rng, 2)
    settle(m)
    entry = json.loads(m.storage[key])
    mine = decode_save(entry["code"])
    start = new_game(list(mine.names), mine.options.seed, mine.options.first_player)
    pick = next(i for i, a in enumerate(legal_actions(start)) if a != mine.actions[0])
    other = played(start, 3, pick)  # the same game, gone another way from the start
    entry.update(code=encode_save(other), turn=other.turn, rev=entry.get("rev", 0) + 1)
    theirs = m.storage[key] = json.dumps(entry)  # another tab's write, unheard here
    n = len(m.paints)
    for _ in range(200):
        if any(k != key for k in m.storage if k.startswith("samarkand.save.")):
            break
        play(m, rng, 1)
    copies = [k for k in m.storage if k.startswith("samarkand.save.") and k != key]
    assert copies, m.storage.keys()
    assert m.storage[key] == theirs  # never overwritten
    assert any(p.patch and "a copy" in str(p.patch) for p in m.paints[n:])


def test_a_link_opened_in_the_open_tab_leaves_its_address_for_the_pages_own() -> None:
    """A #fragment opened in a tab already on the page (hashchange): the worker knows the
    address shows it, so the page's own address that follows (here: a bad link refused,
    the start page's address) is sent, and the link's fragment leaves the address."""
    m = main()
    before = len(m.paints)
    m.send(Event(m.next_seq(), "hash", value="#s1-not-a-game"))
    (paint,) = m.paints[before:]
    assert paint.url is not None and "#" not in paint.url
    assert m.failed == []


def test_a_copy_of_the_host_shares_the_drawn_page_yet_goes_on_apart() -> None:
    """PageDiff's copy (view/patches.py's __deepcopy__, for issue 33's prepared answers)
    copies only its containers: a copy of the host that answers a click, and so changes
    what it holds as drawn, leaves the host's record of the page exactly as it was, and
    the host's own answer to that click is the copy's."""
    import copy

    m = main(search="?players=Ann,bot:random&seed=81&first=1&speed=instant")
    rng = random.Random(4)
    answered = 0
    for targets in decisions(m, 12):
        host = m.host
        assert host.app is not None and host.app.game.ctl is not None
        ctl = host.app.game.ctl
        drawn = copy.deepcopy(vars(host.diff))  # every value copied: the record as it is
        target = replace(targets[rng.randrange(len(targets))], seq=m.seq + 1)
        fork = copy.deepcopy(host, {id(ctl.state): ctl.state, id(ctl.committed): ctl.committed})
        on_copy = [o.to_json() for o in fork.handle(target.to_json())]
        assert vars(host.diff) == drawn  # the host's record untouched by the copy's answer
        assert fork.diff.painted is not host.diff.painted
        assert [o.to_json() for o in copy.deepcopy(host).handle(target.to_json())] == on_copy
        m.send(replace(target, seq=m.next_seq()))
        answered += 1
    assert answered >= 6
