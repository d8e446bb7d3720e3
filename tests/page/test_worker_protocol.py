"""The messages between the main thread and the worker (samarkand_web/worker/protocol.py):
each goes through its JSON form unchanged, and a message of another shape is refused
with an error that names the message and the field, never anything deeper."""

from __future__ import annotations

import json

import pytest
from samarkand_web.worker import protocol

MAIN: list[protocol.MainMessage] = [
    protocol.Start(1, "/index.html", "?lang=de", "#g=abc", "http://x", "de", True, True,
                   {"samarkand.save.a": "{}"}, {"samarkand.pending": "1"}, "full",
                   '{"action": "quick"}', True, False),
    protocol.Event(2, "click", "space", "12", {"name": "Ann"}, "", ("shift",), 12.5),
    protocol.Event(3, "resize", portrait=True),
    protocol.Stored(4, 3, "full", "QuotaExceededError"),
    protocol.StorageEvent(5, "samarkand.save.a", None),
    protocol.StorageEvent(6, None, None),
    protocol.Cancel(7, "coach"),
    protocol.Drawn(11, 4),
    protocol.Stored(13, 3, "changed", "", "samarkand.save.a", '{"rev": 2}'),
    protocol.Start(12, "/", time_origin=1_764_400_000_123.5),
    protocol.TipAsk(13, "card", "7", "31"),
    protocol.TipAsk(14, ring="5"),
    protocol.Redraw(15, ("board", "log", "status")),
]
WORKER: list[protocol.WorkerMessage] = [
    protocol.Paint(1, (protocol.Write("samarkand.save.a", "{}", check=True, old="[]"),
                       protocol.Write("k", None, True)),
                   {"writes": [], "hidden": {"game": False}}, "/index.html?game=a", "#status",
                   True, True, "text", {"title": "t", "text": "x", "url": "u"},
                   {"name": "f.json", "text": "{}"}, True, ("camel", "sale")),
    protocol.Paint(4, label="Board", answers=3,
                   timings={"measures": [{"name": "dispatch", "start_at": 1.5, "ms": 3.0}]},
                   rest=True, suggested=True, sign={"game": "g", "fragment": "#x"},
                   verify={"key": "k", "signed": "s", "signature": "z"}, activate_update=True,
                   seen=3),
    protocol.Ready(2),
    protocol.Ready(5, 1_764_400_000_123.5, 1_764_400_001_000.0, "120/3"),
    protocol.Ready(6, 1_764_400_000_123.5, 1_764_400_000_123.5, "120/3", snapshot=True),
    protocol.Failed(3, "message refused: x"),
    protocol.Tip(6, 13, '<p class="tip-title">Wine 7</p>', '<polygon class="hl-ring"/>'),
    protocol.Tip(7, 14),
]


def test_every_message_type_has_a_case_above_sent_as_its_own_type() -> None:
    """Each message the protocol reads (MAIN_TYPES, WORKER_TYPES) is among the cases that
    must cross as JSON unchanged, and its JSON names the type it is read back as."""
    for cases, types in ((MAIN, protocol.MAIN_TYPES), (WORKER, protocol.WORKER_TYPES)):
        assert {type(msg) for msg in cases} == set(types.values())
        for msg in cases:
            name = msg.to_json()["type"]
            assert isinstance(name, str) and types[name] is type(msg)


@pytest.mark.parametrize("msg", MAIN)
def test_a_main_thread_message_crosses_as_json_unchanged(msg: object) -> None:
    assert hasattr(msg, "to_json")
    text = json.dumps(msg.to_json())
    assert protocol.read_main(text) == msg
    assert protocol.read_main(json.loads(text)) == msg


@pytest.mark.parametrize("msg", WORKER)
def test_a_worker_message_crosses_as_json_unchanged(msg: object) -> None:
    assert hasattr(msg, "to_json")
    assert protocol.read_worker(json.dumps(msg.to_json())) == msg


@pytest.mark.parametrize(("data", "says"), [
    ({"type": "event", "seq": 1, "kind": "hover"}, "event.kind: 'hover' is not one of"),
    ({"type": "event", "seq": "1", "kind": "click"}, "event.seq: expected a whole number"),
    ({"type": "event", "seq": True, "kind": "click"}, "event.seq: expected a whole number"),
    ({"type": "event", "seq": -3, "kind": "click"}, "event.seq: expected a whole number"),
    ({"type": "event", "seq": 1, "kind": "click", "form": {"a": 1}},
     "event.form: expected an object of strings"),
    ({"type": "event", "seq": 1, "kind": "click", "t0": "now"}, "event.t0: expected a number"),
    ({"type": "stored", "seq": 1, "paint": 2, "result": "maybe"},
     "stored.result: 'maybe' is not one of ok, full, unavailable"),
    ({"type": "start", "seq": 1}, "start.path: expected a string"),
    ({"type": "start", "seq": 1, "path": "/", "storage": "ok", "store": {"k": None}},
     "start.store: expected an object of strings"),
    ({"type": "cancel", "seq": 1, "job": "everything"}, "cancel.job: 'everything'"),
    ({"type": "drawn", "seq": 1}, "drawn.paint: expected a whole number"),
    ({"type": "stored", "seq": 1, "paint": 2, "result": "changed"},
     "stored.key: expected a string with result changed"),
    ({"type": "paint", "seq": 1}, "unknown message type 'paint'"),
    ({"type": "tip-ask", "seq": 1, "kind": "hand", "value": "1"},
     "tip-ask.kind: 'hand' is not one of"),
    ({"type": "tip-ask", "seq": 1, "kind": "space", "value": "1" * 41},
     "tip-ask.value: expected at most 40 characters"),
    ({"type": "tip-ask", "seq": 1, "kind": "", "ring": "3 or 1=1"},
     "tip-ask.ring: '3 or 1=1' is not a space's number"),
    ({"type": "tip-ask", "seq": 1, "kind": "", "ring": "٣"},
     "tip-ask.ring: '٣' is not a space's number"),
    ({"type": "redraw", "seq": 1, "regions": []}, "redraw.regions: expected 1 to"),
    ({"type": "redraw", "seq": 1, "regions": ["board", 3]},
     "redraw.regions: expected a list of strings"),
    ({"type": "redraw", "seq": 1, "regions": ["overlay"]},
     "redraw.regions: 'overlay' is not one of board, log"),
    ({"seq": 1}, "unknown message type None"),
    ([1, 2], "not a message: expected an object, got list"),
    ("{" * 50 + "}" * 50, "not a message: "),
    ("{'type': 'event'}", "not a message: "),
])
def test_a_message_of_another_shape_is_refused_saying_what_is_wrong(data: object,
                                                                     says: str) -> None:
    with pytest.raises(protocol.ProtocolError) as err:
        protocol.read_main(data)
    assert str(err.value).startswith(says)


def test_a_worker_message_of_another_shape_is_refused() -> None:
    with pytest.raises(protocol.ProtocolError, match="paint.writes: expected objects"):
        protocol.read_worker({"type": "paint", "seq": 1, "writes": ["samarkand.x"]})
    with pytest.raises(protocol.ProtocolError, match="paint.answers: expected a whole number"):
        protocol.read_worker({"type": "paint", "seq": 1, "answers": "3"})
    with pytest.raises(protocol.ProtocolError, match="tip.asks: expected a whole number"):
        protocol.read_worker({"type": "tip", "seq": 2, "markup": "<p>x</p>"})
    with pytest.raises(protocol.ProtocolError, match="unknown message type 'event'"):
        protocol.read_worker({"type": "event", "seq": 1, "kind": "click"})
