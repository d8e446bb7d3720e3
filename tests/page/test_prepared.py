"""Prepared answers (samarkand_web/worker/prepared.py; docs/phone.md, "Prepared answers"),
without a browser: the worker answers each click the person could make on a copy of its
host, and the main thread shows the answer of the click made, the worker keeping that
copy. What must hold: a game whose every click is answered so plays, draws and saves
exactly as the game clicked through the worker; nothing is prepared while the host has
a step due; and no prepared answer lifts a hotseat curtain."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from samarkand_web.worker.prepared import Prepared
from samarkand_web.worker.protocol import Event, MainMessage

from tests.support.worker_main import ASIDE, FakeMain, decisions, over, settle
from tests.support.worker_main import start_main as main

GAME = "?players=Ann,bot:random&seed=81&first=1&speed=instant"


def key(event: Event) -> str:
    return json.dumps([event.kind, event.action, event.value, event.form])


def click(m: FakeMain, target: Event, prepared: Prepared | None) -> bool:
    """`target` clicked: answered from its prepared answer when there is one (the copy
    adopted, its messages handed to the stand-in main thread as the worker's), else
    through the host. True when it was prepared."""
    if prepared is not None:
        answers = {}
        for each in m.targets():
            if each.action in ASIDE:
                continue
            out = prepared.prepare(m.host, key(each), replace(each, seq=m.seq + 1).to_json())
            if out is not None:
                answers[key(each)] = out
        if key(target) in answers:
            adopted = prepared.adopt(key(target))
            assert adopted is not None
            m.host = adopted
            m.next_seq()  # the click's number, as the main thread gives it
            pending: list[MainMessage] = []
            for answer in answers[key(target)]:
                pending += m.receive(answer)
            while pending:
                for reply in m.host.handle(pending.pop(0).to_json()):
                    pending += m.receive(reply)
            return True
    m.send(replace(target, seq=m.next_seq()))
    return False


def play(prepared: Prepared | None, search: str, moves: int) -> tuple[FakeMain, int]:
    m = main(search=search)
    rng = random.Random(11)
    shown = 0
    for targets in decisions(m, moves):
        shown += click(m, targets[rng.randrange(len(targets))], prepared)
    settle(m)
    return m, shown


def test_a_game_whose_clicks_show_prepared_answers_plays_and_saves_as_one_clicked() -> None:
    clicked, _ = play(None, GAME, 60)
    prepared, shown = play(Prepared(), GAME, 60)
    assert shown >= 40  # most clicks of the game found their answer prepared
    assert prepared.storage == clicked.storage  # the same saves, byte for byte
    assert prepared.regions == clicked.regions  # the same page
    assert prepared.paints[-1].to_json() == clicked.paints[-1].to_json()


def test_nothing_is_prepared_while_a_step_of_the_host_is_due() -> None:
    m = main(search="?players=Ann,bot:random&seed=81&first=1")  # bots at their pace
    prepared = Prepared()
    for _ in range(40):
        settle(m)
        if over(m):
            break
        targets = [e for e in m.targets() if e.action not in ASIDE]
        target = targets[0]
        m.send(replace(target, seq=m.next_seq()))
        if m.host.next_due() is not None:  # the bot's move waits for its pace
            event = replace(target, seq=m.seq + 1).to_json()
            assert prepared.prepare(m.host, key(target), event) is None
            return
    raise AssertionError("no bot's step was ever due after a click")


def test_no_prepared_answer_lifts_a_hotseat_curtain() -> None:
    """Two people at one device: the click that shows the next person's hand (the
    curtain's button) is answered by the worker alone, never ahead."""
    m = main(search="?players=Ann,Bob&seed=81&first=1&speed=instant")
    prepared = Prepared()
    rng = random.Random(2)
    curtains = 0
    for targets in decisions(m, 80):
        ctl = m.host.app.game.ctl if m.host.app is not None else None
        assert ctl is not None
        before = ctl.hand_shown()
        for each in targets:
            fork_out = prepared.prepare(m.host, key(each), replace(each, seq=m.seq + 1).to_json())
            if fork_out is None:
                continue
            chosen = prepared.copies[key(each)]
            assert chosen.app is not None
            after = chosen.app.game.ctl.hand_shown() if chosen.app.game.ctl else None
            assert after is None or after == before, (each, before, after)
        prepared.clear()
        if ctl.needs_curtain:
            curtains += 1
        m.send(replace(targets[rng.randrange(len(targets))], seq=m.next_seq()))
    assert curtains >= 2  # the game passed the device between the two people
