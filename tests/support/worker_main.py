"""A stand-in for the page's main thread in the worker's headless tests
(tests/page/test_worker_host.py): it does a Paint's writes to a dict as localStorage, keeps
each region's markup as the Paint describes it (a region drawn from parts patched as
dom.js patches it; the board's pieces, which it has no document to change in, asked for
whole with a Redraw), answers the writes (`Stored`), and reads
the legal targets a person could click from the markup it holds, as a person reads the
screen. It never looks inside the worker's App."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from samarkand_web.worker.host import WorkerHost
from samarkand_web.worker.protocol import (
    LINK_SIGNED,
    LINK_VERIFIED,
    Drawn,
    Event,
    Failed,
    MainMessage,
    Paint,
    Ready,
    Redraw,
    Start,
    Stored,
    StoredResult,
    Tip,
    WorkerMessage,
    read_worker,
)

from tests.support.signer import FakeSigner
from tests.support.web_support import ORIGIN, PATH, Clock, Ids

_TAG = re.compile(r"<([a-z]+)\s([^>]*)>")
_ATTR = re.compile(r'([a-z-]+)="([^"]*)"')


def flatten(encoded: object) -> str:
    """A region's parts (view/parts.py's encode) as its markup."""
    if isinstance(encoded, str):
        return encoded
    assert isinstance(encoded, list)
    if len(encoded) == 3 and isinstance(encoded[0], str) and isinstance(encoded[1], list):
        return encoded[0] + "".join(flatten(c) for c in encoded[1]) + str(encoded[2])
    return "".join(flatten(c) for c in encoded)


def tags(markup: str) -> list[tuple[str, dict[str, str]]]:
    return [(m.group(1), dict(_ATTR.findall(m.group(2)))) for m in _TAG.finditer(markup)]


@dataclass
class FakeMain:
    host: WorkerHost
    storage: dict[str, str] = field(default_factory=dict)
    session: dict[str, str] = field(default_factory=dict)
    regions: dict[str, str] = field(default_factory=dict)
    parts: dict[str, list[object]] = field(default_factory=dict)  # regions drawn from parts
    hidden: dict[str, bool] = field(default_factory=dict)
    refuse: StoredResult | None = None  # the store's answer to writes: "ok" unless set
    # WebCrypto (dom.js's samarkandSign/Verify): None where the browser cannot sign
    signer: FakeSigner | None = None
    seq: int = 0
    paints: list[Paint] = field(default_factory=list)
    ready: bool = False
    failed: list[str] = field(default_factory=list)
    tips: list[Tip] = field(default_factory=list)  # the answers to TipAsks, in order
    drawn: list[int] = field(default_factory=list)  # the Drawn messages sent (their seq)
    # localStorage as it was each time a Paint was shown, by the Paint's number
    storage_when_shown: dict[int, dict[str, str]] = field(default_factory=dict)
    # whether the page draws frames: each first paint's frame drawn at once (Drawn); not
    # in a hidden tab, or in a test that holds the frame back
    frames: bool = True

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def send(self, msg: MainMessage) -> None:
        """A message to the worker, and everything that follows from its answers (the
        writes' acknowledgements included)."""
        pending: list[MainMessage] = [msg]
        while pending:
            for out in self.host.handle(pending.pop(0).to_json()):
                pending += self.receive(out)

    def tick(self) -> bool:
        """The worker's loop: the steps due (the host's clock is moved on to the next
        one). False when none waits."""
        if self.host.next_due() is None:
            return False
        pending: list[MainMessage] = []
        for out in self.host.tick():
            pending += self.receive(out)
        while pending:
            for out in self.host.handle(pending.pop(0).to_json()):
                pending += self.receive(out)
        return True

    def receive(self, out: WorkerMessage) -> list[MainMessage]:
        msg = read_worker(out.to_json())  # what crosses the boundary is JSON
        if isinstance(msg, Ready):
            self.ready = True
            return []
        if isinstance(msg, Failed):
            self.failed.append(msg.text)
            return []
        if isinstance(msg, Tip):
            self.tips.append(msg)
            return []
        assert isinstance(msg, Paint)
        self.paints.append(msg)
        answer: list[MainMessage] = []
        if msg.writes:
            answer.append(self.write(msg))
        self.storage_when_shown[msg.seq] = dict(self.storage)
        redraw = self.show(msg)
        if msg.sign is not None:  # WebCrypto's answers come back as Events
            game, fragment = msg.sign["game"], msg.sign["fragment"]
            signature = "" if self.signer is None else self.signer.sign(game, fragment)
            answer.append(Event(self.next_seq(), "change", LINK_SIGNED, signature,
                                {"fragment": fragment}))
        if msg.verify is not None:
            v = msg.verify
            good = FakeSigner.verify(v["key"], v["signed"], v["signature"])
            answer.append(Event(self.next_seq(), "change", LINK_VERIFIED, "1" if good else "",
                                {"signed": v["signed"]}))
        if msg.rest and self.frames:  # its frame is drawn: the rest of the page follows
            answer.append(Drawn(self.next_seq(), msg.seq))
            self.drawn.append(self.seq)
        if redraw:
            answer.append(Redraw(self.next_seq(), tuple(redraw)))
        return answer

    def write(self, msg: Paint) -> Stored:
        """A Paint's writes, all or none (web/store.js): refused while `refuse` says so;
        a checked write whose key holds another value than the one it replaces stops
        them all ("changed", with that value)."""
        result: StoredResult = self.refuse or "ok"
        if result != "ok":
            return Stored(self.next_seq(), msg.seq, result, "QuotaExceededError")
        for w in msg.writes:
            area = self.session if w.session else self.storage
            if w.check and area.get(w.key) != w.old:
                return Stored(self.next_seq(), msg.seq, "changed", "", w.key, area.get(w.key))
        for w in msg.writes:  # the writes first, all of them
            area = self.session if w.session else self.storage
            if w.value is None:
                area.pop(w.key, None)
            else:
                area[w.key] = w.value
        return Stored(self.next_seq(), msg.seq, "ok")

    def show(self, msg: Paint) -> list[str]:
        """The Paint's patch applied to the regions held; the regions it could not
        patch (to ask for whole: Redraw)."""
        patch = msg.patch
        if patch is None:
            return []
        writes = patch["writes"]
        assert isinstance(writes, list)
        redraw: list[str] = []
        for w in writes:
            kind, region = w["kind"], w["region"]
            if kind == "parts":
                if not self.patch_parts(region, w["ops"], w["whole"]):
                    redraw.append(region)
            elif kind == "board" and w["ops"] is not None:
                if w["ops"]:  # no document here to change pieces in: asked for whole
                    redraw.append(region)
            elif kind == "log" and w["new"] is not None:
                held = self.regions.get(region, "")
                at = held.find(">", held.find("<ol")) + 1 if "<ol" in held else 0
                if not at:
                    redraw.append(region)
                self.regions[region] = held[:at] + "".join(w["new"]) + held[at:]
            else:
                self.regions[region] = w["markup"]
        hidden = patch["hidden"]
        assert isinstance(hidden, dict)
        self.hidden.update(hidden)
        return redraw

    def patch_parts(self, region: str, ops: object, whole: object) -> bool:
        """A region drawn from parts: drawn whole, or its ops applied (dom.js's
        samarkandSetParts, samarkandPatchParts) to the parts held. False when they do
        not fit the parts held."""
        if ops is None:
            assert isinstance(whole, list)
            self.parts[region] = copy.deepcopy(whole)
        else:
            assert isinstance(ops, list)
            for path, first, count, parts in ops:
                children = self.parts.get(region)
                for index in path:
                    if not isinstance(children, list) or not isinstance(
                            children[index], list):
                        return False
                    children = children[index][1]
                if not isinstance(children, list) or first + count > len(children):
                    return False
                children[first:first + count] = copy.deepcopy(parts)
        self.regions[region] = flatten(self.parts[region])
        return True

    def shows(self, region: str) -> bool:
        return self.hidden.get(region) is False

    def text(self, *regions: str) -> str:
        return " ".join(self.regions.get(r, "") for r in regions)

    def targets(self) -> list[Event]:
        """What a person could click now: the legal spaces and domains on the board,
        then the enabled buttons of the decision, the hand and a dialog."""
        out = []
        for _tag, attrs in tags(self.regions.get("board", "")):
            if "legal" in attrs.get("class", "").split():
                for kind in ("space", "family"):
                    if f"data-{kind}" in attrs:
                        out.append(Event(0, "click", kind, attrs[f"data-{kind}"], t0=0.0))
        for region in ("overlay", "actions", "hand"):
            if region == "overlay" and not self.shows("overlay"):
                continue
            for tag, attrs in tags(self.regions.get(region, "")):
                if tag == "button" and "data-action" in attrs and "disabled" not in attrs:
                    out.append(Event(0, "click", attrs["data-action"],
                                     attrs.get("data-value", ""), t0=0.0))
        return out


# Buttons a player racing to the end leaves alone: they help, pause or look back.
ASIDE = {"coach", "coach-switch", "coach-hide", "pause", "take-back", "watch-again",
         "recap", "skip-board", "rules"}


def start_main(store: dict[str, str] | None = None, search: str = "") -> FakeMain:
    """A stand-in main thread over a new WorkerHost (the same seed and ids every run),
    started at the address's `search` with `store` as its localStorage."""
    host = WorkerHost(now=Clock(), new_seed=lambda: 7, new_id=Ids())
    m = FakeMain(host, storage=dict(store or {}))
    m.send(Start(m.next_seq(), PATH, search=search, origin=ORIGIN, store=m.storage))
    return m


def settle(m: FakeMain) -> None:
    """The worker's loop runs until no bot, coach or analysis step waits."""
    for _ in range(10_000):
        if not m.tick():
            return
    raise AssertionError("the worker's steps never end")


def over(m: FakeMain) -> bool:
    """The game's final scores are on screen."""
    return m.shows("overlay") and "scores-dialog" in m.regions.get("overlay", "")


def decisions(m: FakeMain, moves: int) -> Iterator[list[Event]]:
    """The person's decisions, `moves` at most: before each, the worker's steps run
    (settle); each is the legal targets a person could click (ASIDE left out). Ends at
    the game's end."""
    for _ in range(moves):
        settle(m)
        if over(m):
            return
        targets = [e for e in m.targets() if e.action not in ASIDE]
        assert targets, m.regions.get("actions")
        yield targets
