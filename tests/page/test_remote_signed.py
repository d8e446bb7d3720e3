"""Play by link, signed per device (issue 39): each device signs its links with its own key
for the game (dom.js, WebCrypto; here signer.FakeSigner, which signs for real with
HMAC), the key travels in the link, and a receiving device binds the first key it sees
for a seat (trust on first use) and refuses, storing nothing, a link of that seat that is
unsigned, wrongly signed, or signed by another key (docs/by-link-security.md).

`browse` does what the worker's host does with the main thread's answers: after
each call into the App it signs the link the App waits for and checks the signature the
App asks about, and gives the answers back."""

from __future__ import annotations

from samarkand_web.handlers import remote
from samarkand_web.saves.remote import (
    Record,
    RemoteLink,
    Send,
    decode_link,
    encode_link,
    load_record,
    parse_link,
)
from samarkand_web.state.app import App
from samarkand_web.state.effects import Effects
from samarkand_web.state.remote import RemoteController

from tests.support.bylink_play import (
    choose_seat,
    device,
    fragment,
    play_until_waiting,
    saves_of,
    start,
)
from tests.support.signer import FakeSigner
from tests.support.web_support import stored


def browse(app: App, signer: FakeSigner, fx: Effects | None = None) -> Effects | None:
    """The browser's answers to the App, until it asks for none."""
    for _ in range(20):
        if fx is not None and fx.verify is not None:
            key, signed, signature = fx.verify
            fx = remote.link_verified(app, signed, signer.verify(key, signed, signature))
            continue
        want = remote.link_to_sign(app)
        if want is None:
            return fx
        fx = remote.link_signed(app, want[1], signer.sign(*want))
    raise AssertionError("the App kept asking")


def signing(ids_from: int, name: str) -> tuple[App, FakeSigner]:
    app = device(ids_from)
    app.bylink.signs = True
    return app, FakeSigner(name)


def send(app: App, signer: FakeSigner) -> str:
    """This device plays until a person elsewhere decides; the #fragment it sends."""
    play_until_waiting(app)
    browse(app, signer)
    url = remote.remote_link(app)
    assert url is not None
    return fragment(url)


def open_link(app: App, signer: FakeSigner, frag: str) -> None:
    browse(app, signer, app.dispatch("hash", "#" + frag))
    choose_seat(app)
    browse(app, signer)


def errors(app: App) -> list[str]:
    return [m.key for m in app.messages if m.kind == "error"]


def three(seed: int = 5) -> tuple[tuple[App, FakeSigner], ...]:
    """Ann's, Bob's and Cem's devices, Ann's having started a game of the three by link."""
    devices = signing(0, "ann"), signing(100, "bob"), signing(200, "cem")
    start(devices[0][0], f"players=Ann,Bob,Cem&remote=1&seed={seed}&first=1")
    browse(*devices[0])
    return devices


def as_sent_by(frag: str, sender: int) -> str:
    """The link's unsigned text, edited to say that `sender` sent it (the check sum
    recomputed, as anyone can)."""
    link, state = decode_link(frag)
    last = link.sends[-1]
    edited = RemoteLink("", link.seats, link.to, sender,
                        (*link.sends[:-1], Send(last.moves, sender, last.to, last.minute)))
    return encode_link(edited, state)


def test_a_signed_link_carries_its_senders_key_and_is_bound_on_first_use() -> None:
    """Every link a signing device sends ends with its key and signature (8 fields);
    the recipient checks the signature, opens it, and binds the key to the sender's seat
    in its record; the signed game goes back and forth."""
    (ann, ann_keys), (bob, bob_keys), _ = three()
    frag = send(ann, ann_keys)
    link = parse_link(frag)
    assert len(frag.split(".")) == 8 and link.key and link.signature
    assert link.signed == frag.rsplit(".", 1)[0]
    open_link(bob, bob_keys, frag)
    assert not errors(bob)
    assert isinstance(bob.ctl, RemoteController) and bob.ctl.local == 1
    assert bob.entry is not None
    record = load_record(bob.store, bob.entry.id)
    assert record is not None and record.key_of(0) == link.key
    back = send(bob, bob_keys)  # to Cem, the next to play
    record = load_record(bob.store, bob.entry.id)  # Bob's own key, bound at his first link
    assert record is not None and parse_link(back).key == record.key_of(1) != link.key


def test_a_forged_sender_on_a_signed_link_is_refused_with_nothing_stored() -> None:
    """"Cem sent you this game" on a link Ann made: the sender edited, Ann's signature
    kept, does not verify: refused, nothing stored."""
    (ann, ann_keys), (bob, bob_keys), _ = three()
    frag = send(ann, ann_keys)
    link = parse_link(frag)
    forged = f"{as_sent_by(frag, 2)}.{link.key}.{link.signature}"
    browse(bob, bob_keys, bob.dispatch("hash", "#" + forged))
    assert errors(bob) == ["remote.bad_signature"]
    assert saves_of(bob) == [] and bob.ctl is None and bob.bylink.pending is None
    assert "Cem" in bob.t("remote.bad_signature", sender="Cem")


def test_a_forged_sender_re_signed_by_another_key_is_refused_where_a_key_is_bound() -> None:
    """Ann's next link, its text as Ann's device made it but signed by another device's key:
    Bob's device holds Ann's key (her first link): refused, nothing stored, with a way to
    trust the new key (Ann's device may have lost hers)."""
    (ann, ann_keys), (bob, bob_keys), _ = three()
    frag = send(ann, ann_keys)
    open_link(bob, bob_keys, frag)
    before = dict(stored(bob))
    unsigned = parse_link(frag).signed.rsplit(".", 1)[0]
    forger = FakeSigner("mallory")
    browse(bob, bob_keys, bob.dispatch("hash", "#" + f"{unsigned}.{forger.sign('g', unsigned)}"))
    assert errors(bob) == ["remote.new_key"]
    assert stored(bob) == before
    (message,) = [m for m in bob.messages if m.kind == "error"]
    assert message.actions == (("remote.trust", "remote-trust", ""),)
    assert message.params == {"sender": "Ann"}


def test_an_unsigned_link_in_a_signed_game_is_refused() -> None:
    """A signature stripped (to claim a seat whose key this device does not hold yet):
    once a device holds a key of the game, every link must be signed."""
    (ann, ann_keys), (bob, bob_keys), _ = three()
    frag = send(ann, ann_keys)
    open_link(bob, bob_keys, frag)
    before = dict(stored(bob))
    stripped = as_sent_by(frag, 2)  # "from Cem", unsigned
    browse(bob, bob_keys, bob.dispatch("hash", "#" + stripped))
    assert errors(bob) == ["remote.unsigned"]
    assert stored(bob) == before


def test_a_device_that_lost_its_key_plays_on_once_the_other_trusts_the_new_one() -> None:
    """Ann's device loses its key (IndexedDB cleared, her save kept): its next link carries
    a new key and says so on Ann's device; Bob's device refuses it with the question, and
    opens it once Bob trusts the new key, which is then bound to Ann's seat."""
    ann, ann_keys = signing(0, "ann")
    bob, bob_keys = signing(100, "bob")
    start(ann, "players=Ann,Bob&remote=1&seed=7&first=1")
    open_link(bob, bob_keys, send(ann, ann_keys))
    open_link(ann, ann_keys, send(bob, bob_keys))
    assert not errors(ann) and not errors(bob)
    old = parse_link(fragment(remote.remote_link(bob) or "")).key  # (Bob's own)
    ann_keys.lose_keys()
    frag = send(ann, ann_keys)
    assert "remote.own_new_key" in [m.key for m in ann.messages]
    browse(bob, bob_keys, bob.dispatch("hash", "#" + frag))
    assert errors(bob) == ["remote.new_key"]
    browse(bob, bob_keys, bob.dispatch("remote-trust"))
    assert not errors(bob)
    assert bob.entry is not None
    record = load_record(bob.store, bob.entry.id)
    assert record is not None and record.key_of(0) == parse_link(frag).key
    assert record.key_of(1) == old


def test_unsigned_links_still_open_where_no_key_is_held() -> None:
    """A device that does not sign (an old build, or a browser without WebCrypto) sends
    r2 links of six fields; a device that holds no key of the game opens them as
    before, and its own signed answer opens on the unsigned device."""
    ann = device()
    bob, bob_keys = signing(100, "bob")
    start(ann, "players=Ann,Bob&remote=1&seed=9&first=1")
    play_until_waiting(ann)
    frag = fragment(remote.remote_link(ann) or "")
    assert len(frag.split(".")) == 6
    open_link(bob, bob_keys, frag)
    assert not errors(bob)
    back = send(bob, bob_keys)
    ann.dispatch("hash", "#" + back)  # (a device that does not sign does not check)
    assert not errors(ann)


def test_the_record_keeps_its_keys_and_reads_old_records() -> None:
    record = Record(1, (), 0, "abc", ("", "KEY-1_x"))
    assert Record.from_json(record.to_json()) == record
    assert '"v":2' in record.to_json()
    old = Record(1, (Send(3, 0, 1, 5),), 0, "abc")
    assert '"v":1' in old.to_json() and Record.from_json(old.to_json()) == old
    for bad in ('{"v":2,"seat":0,"waiting":0,"code":"","sends":[],"keys":["a.b"]}',
                '{"v":1,"seat":0,"waiting":0,"code":"","sends":[],"keys":["ab"]}',
                '{"v":2,"seat":0,"waiting":0,"code":"","sends":[]}'):
        try:
            Record.from_json(bad)
        except ValueError:
            continue
        raise AssertionError(bad)
