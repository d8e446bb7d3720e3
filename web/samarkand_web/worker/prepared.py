"""Prepared answers (issue 33; docs/phone.md, "Prepared answers"): while the person
reads the board, the worker answers each click they could make on a copy of its host,
and the main thread shows the answer of the click they make in the click's own task,
with no round trip through the worker; the worker then keeps the copy that answered it.

A copy shares the game's states (GameState: the core never changes one in place;
apply_action returns a new one) and what the host holds of the drawn page by its
containers (PageDiff's own copy): 0.5 to 0.6 ms in CPython, 0.9 in Pyodide, against
15 ms for a copy of everything (benchmarks/fork_cost.py). Nothing is prepared:
- while no game is on the screen, or a step of the host is due (a bot, the coach, an
  analysis: their steps change the host between the copy and the click);
- for a click whose answer would show a hand the screen does not show now (a hotseat
  curtain lifted): a prepared answer is kept in the main thread's memory, and it holds
  nothing the table has not been shown.
Whatever else reaches the worker (any message, a step) drops every copy (`clear`)."""

from __future__ import annotations

import copy

from samarkand_web.worker.host import WorkerHost
from samarkand_web.worker.protocol import Event, ProtocolError, WorkerMessage, read_main


def fork(host: WorkerHost) -> WorkerHost | None:
    """A copy of `host` to answer one click on, or None when nothing may be prepared."""
    app = host.app
    ctl = app.game.ctl if app is not None else None
    if ctl is None or host.next_due() is not None:
        return None
    return copy.deepcopy(host, {id(ctl.state): ctl.state, id(ctl.committed): ctl.committed})


def hand_shown(host: WorkerHost) -> int | None:
    app = host.app
    ctl = app.game.ctl if app is not None else None
    return ctl.hand_shown() if ctl is not None else None


class Prepared:
    """The copies that answered the clicks prepared since the last message, by key (an
    opaque text the main thread chose for the click)."""

    def __init__(self) -> None:
        self.copies: dict[str, WorkerHost] = {}

    def prepare(self, host: WorkerHost, key: str, data: object) -> list[WorkerMessage] | None:
        """The messages that answer the click Event `data` (its JSON text or dict; its seq
        the one the main thread will give the click), answered on a copy of `host` kept
        under `key`; None when it cannot be prepared (see the module's docstring) or is
        not a click."""
        try:
            msg = read_main(data)
        except ProtocolError:
            return None
        if not isinstance(msg, Event) or msg.kind != "click" or msg.t0 is None:
            return None
        copied = fork(host)
        if copied is None:
            return None
        shown = hand_shown(host)
        out = copied.handle(msg)
        after = hand_shown(copied)
        if after is not None and after != shown:
            return None  # it would lift a curtain: that hand is shown by the click alone
        self.copies[key] = copied
        return out

    def adopt(self, key: str) -> WorkerHost | None:
        """The copy that answered `key`'s click (its answer is on the screen now), and no
        other; None when there is none (dropped since)."""
        chosen = self.copies.pop(key, None)
        self.copies.clear()
        return chosen

    def clear(self) -> None:
        self.copies.clear()
