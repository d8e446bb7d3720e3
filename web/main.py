"""The page's Python, in its worker (web/worker.js imports this module, compiled into the
code bundle as samarkand_page, once the bundle is installed): the dataclasses' compiled
methods installed, the game's modules imported, and one WorkerHost that answers the main
thread's messages (web/client.js): a person's click on the board arrives as an Event and
becomes App.dispatch, an engine move, here. No game logic: the App decides,
samarkand_web/worker/host.py turns its answers into Paints.

worker.js calls, each with and returning JSON text (worker/protocol.py's forms):
- `resumed()`: Python was restored from the start's memory snapshot (web/snapshot.js),
  taken when this module had been imported, before start_clock;
- `start_clock(clock)`: the worker's clock (ms since the epoch), before any message;
- `handle(text)`: one message from the main thread -> the list of messages to post;
- `tick()`: the steps due (a bot, the coach, an analysis) -> the list to post;
- `next_due()`: when the next step is due (the clock's ms), or None;
- `idle()`: after the answers are posted, the garbage collections put off meanwhile;
- `prepare(key, text)`: a click the person could make (an Event) answered ahead on a
  copy of the host (worker/prepared.py) -> the list to hand the main thread, or "";
- `adopt(key, text)`: the main thread showed that click's prepared answer: its copy is
  the host -> [] (or, the copy gone, the click answered with the page drawn whole).
"""

from __future__ import annotations

import gc
import json
import random
import time
from collections.abc import Callable

# When this module began, on the worker's clock once it is known (start_clock): before
# that, the epoch's ms from Python's own clock, which is the same clock in Pyodide.
_py_start_at = time.time() * 1000

# Before any dataclass of ours is defined: their methods' code compiled at build time.
from samarkand_web import classcode  # noqa: E402

_class_code = classcode.install()

from samarkand_web.view.patches import PageDiff  # noqa: E402
from samarkand_web.worker import collector  # noqa: E402
from samarkand_web.worker.host import StartMarks, WorkerHost  # noqa: E402
from samarkand_web.worker.prepared import Prepared  # noqa: E402
from samarkand_web.worker.protocol import Ready  # noqa: E402

_imported_at = time.time() * 1000
_from_snapshot = False
_host: WorkerHost | None = None
_prepared = Prepared()


def resumed() -> None:
    """This start restored Python's memory as the first start left it once this module
    was imported (web/snapshot.js): its moments are this start's, and the `random`
    module's state, which the snapshot holds as every start's, is drawn anew from the
    system (the game's seeds come from random.SystemRandom, bots from seeded Randoms:
    this is for any other user of the module)."""
    global _py_start_at, _imported_at, _from_snapshot
    _py_start_at = _imported_at = time.time() * 1000
    random.seed()
    _from_snapshot = True


def start_clock(clock: Callable[[], float]) -> None:
    """The host, on the worker's clock (performance.timeOrigin + performance.now())."""
    global _host
    marks = StartMarks(_py_start_at, _imported_at,
                       f"{_class_code.hits}/{_class_code.misses}", _from_snapshot)
    _host = WorkerHost(now=lambda: float(clock()), marks=marks)


def _host_or_fail() -> WorkerHost:
    if _host is None:
        raise RuntimeError("start_clock() was not called")
    return _host


def handle(text: str) -> str:
    """One message from the main thread: the messages to post, as a JSON list. No
    garbage collection delays them: idle() runs those put off."""
    collector.hold()
    _prepared.clear()
    out = _host_or_fail().handle(str(text))
    if any(isinstance(m, Ready) for m in out):
        # Everything made so far (modules, the first board) lives as long as the page:
        # kept out of the cyclic collector's way, so that its pauses during play stay short.
        gc.freeze()
    return json.dumps([m.to_json() for m in out])


def tick() -> str:
    """The steps due now: the messages to post, as a JSON list."""
    _prepared.clear()
    return json.dumps([m.to_json() for m in _host_or_fail().tick()])


def prepare(key: str, text: str) -> str:
    """The click Event `text` answered on a copy of the host, kept under `key`: the
    messages the main thread shows if that click comes, as a JSON list; "" when this
    click is not prepared. Collections are put off, as while a message is answered."""
    collector.hold()
    out = _prepared.prepare(_host_or_fail(), str(key), str(text))
    return "" if out is None else json.dumps([m.to_json() for m in out])


def adopt(key: str, text: str) -> str:
    """The main thread showed the prepared answer of `key`'s click (Event `text`): that
    copy is the host, and nothing is to be posted ("[]"). Were it gone (nothing drops
    it between its answer and this but a message, which the main thread would have
    sent first), the click is answered by the host with every region drawn whole, so
    that the page shows what the host holds."""
    global _host
    chosen = _prepared.adopt(str(key))
    if chosen is not None:
        _host = chosen
        return "[]"
    host = _host_or_fail()
    host.diff = PageDiff()
    return handle(text)


def idle() -> None:
    """The answers are posted: the garbage collections that came due meanwhile."""
    collector.due()


def next_due() -> float | None:
    """When the next step is due (the worker's clock), None when none waits."""
    return _host_or_fail().next_due()
