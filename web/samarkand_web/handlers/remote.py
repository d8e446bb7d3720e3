"""Play by link (the App's part ``bylink``, state/bylink.py): a game whose people each
play on their own device, passed as a link (saves/remote.py) after each decision.

Which device is whose: a link names the seat it is for; a device that opens a game's
first link plays that seat from then on (its record beside the save), and a device
that starts a game by link plays its first person. A later link of the game (for
another seat, say) never changes the seat a device plays.

The device that holds the turn plays the bots; once a person on another device
decides next (their turn, or the question of a sale round: state/remote.py), the page
offers the link: the system's share sheet where there is one, a copy button, and a QR
code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core import GameState, SaleTiming, new_game
from samarkand_web.handlers.base import Form
from samarkand_web.handlers.game import game_click
from samarkand_web.saves.links import StartRequest, game_url
from samarkand_web.saves.remote import (
    LINK_SENDS,
    LinkProblem,
    Placement,
    Record,
    RemoteLink,
    Send,
    bind_key,
    check_keys,
    code_check,
    decode_link,
    encode_link,
    key_id,
    load_record,
    merge_sends,
    place_link,
    remote_saves_of,
    signed_url,
    write_record,
)
from samarkand_web.saves.storage import StorageFull, StorageUnavailable
from samarkand_web.saves.storage_models import SaveEntry
from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.effects import Effects, Share
from samarkand_web.state.remote import RemoteController
from samarkand_web.state.screen import RemoteSeat, Screen

if TYPE_CHECKING:
    from samarkand_web.state.app import App

# what the page said about a game link it opened before (a new one makes them stale)
REMOTE_KEYS = ("remote.damaged", "remote.illegal", "remote.not_theirs", "remote.forged",
               "remote.forged_send", "remote.unsigned", "remote.new_key",
               "remote.bad_signature", "remote.new",
               "remote.updated", "remote.same", "remote.older", "remote.branch",
               "remote.other_seat")
SITE_NAME = "Samarkand"  # the share sheet's title: the game's name, the same in every language
OUTCOME_KEYS = {"new": "remote.new", "newer": "remote.updated", "same": "remote.same",
                "older": "remote.older", "branch": "remote.branch"}


# The rule of a game by link started here: the sale at the holder's turn (docs/rules.md,
# Selling by link), one link a turn. Games by link started before it keep the sale round
# of the rulebook's sale at once (their save codes say so). (The tests of those set this.)
NEW_GAMES_SALE = SaleTiming.AT_HOLDERS_TURN


def minute_of(ms: float) -> int:
    return max(0, int(ms // 60_000))

# Starting a game by link, opening a game link, and sending the next one.

# ------------------------------------------------------------------ the controller

def new_controller(app: App, start: StartRequest, seed: int) -> Controller:
    """A new game's controller: by link, this device plays its first person."""
    if not start.remote:
        return Controller.new(start.names, start.seats, seed, start.first)
    local = next((i for i, s in enumerate(start.seats) if s == HUMAN), 0)
    state = new_game(list(start.names), seed, start.first, sale_timing=NEW_GAMES_SALE)
    return RemoteController(state, start.seats, local)


def remote_open(app: App, entry: SaveEntry | None, state: GameState | None,
                 seats: list[str] | tuple[str, ...], ctl: Controller | None) -> Controller:
    """The controller of a game being opened (App.open_game): `ctl` if one is given (a new
    game, or a link's game the store could not keep), else the saved game's, the
    remote one when this device has its record."""
    if ctl is not None:
        if not isinstance(ctl, RemoteController):
            app.bylink.record = None
        return ctl
    assert state is not None
    record = load_record(app.store, entry.id) if entry is not None else None
    app.bylink.record = record if record is not None and record.seat < state.n else None
    app.bylink.qr = False
    if app.bylink.record is None:
        return Controller(state, seats)
    return RemoteController(state, seats, app.bylink.record.seat, app.bylink.record.sends)


def remote_begin(app: App) -> None:
    """A game by link just started here: its record (the seat this device plays)."""
    ctl = app.ctl
    if not isinstance(ctl, RemoteController):
        return
    app.bylink.record = Record(ctl.local)
    app.bylink.qr = False
    remote_after(app)

# ------------------------------------------------------------------ after each action


def remote_target(app: App) -> int | None:
    """Whom the open game's link goes to now: the person on another device who decides
    next; at the end, the next person after this device's who has not sent the final
    position (so it goes round: each device passes it on once)."""
    ctl = app.ctl
    if not isinstance(ctl, RemoteController):
        return None
    if ctl.is_over:  # the final position goes round the people who lack it
        n, moves = ctl.state.n, len(ctl.committed.actions)
        sends = app.bylink.record.sends if app.bylink.record is not None else ()
        # (a sale round's question, asked at the last move, did not pass on the end)
        have = {s.sender for s in sends if s.moves == moves and not s.sale}
        return next((p % n for p in range(ctl.local + 1, ctl.local + n)
                     if not ctl.is_bot(p % n) and p % n not in have), None)
    return ctl.waiting_for


def remote_after(app: App, fx: Effects | None = None) -> None:
    """After every saved action: the record says whom the game waits for (the saves
    list shows it), and a link to be sent is noted in the game's history; the panel
    that sends it, new now, gets the focus (on a phone it may be below the fold)."""
    ctl, record, entry = app.ctl, app.bylink.record, app.entry
    if not isinstance(ctl, RemoteController) or record is None:
        return
    to = remote_target(app)
    sends = record.sends
    moves = len(ctl.committed.actions)
    asks = ctl.asks_next
    if to is not None and not any((s.moves, s.sender, s.to, s.sale) == (moves, ctl.local, to, asks)
                                  for s in sends):
        sends = merge_sends(sends, [Send(moves, ctl.local, to, minute_of(app.now()), asks)])
        if fx is not None and fx.focus is None:
            fx.focus = "#actions .remote-send"
    waiting = -1 if ctl.is_over or to is None else to
    new = Record(record.seat, sends, waiting, code_check(entry.code) if entry else "",
                 record.keys)
    if new == record:
        return
    app.bylink.record = new
    if entry is None:
        return  # a game the store could not keep: its header says so
    try:
        write_record(app.store, entry.id, new)
    except Exception as exc:
        app.storage_failed(exc)

# ------------------------------------------------------------------ the link to send


def unsigned_link(app: App) -> tuple[str, str] | None:
    """(the page's address, the #fragment without its signature) of the link that passes
    the open game to `remote_target` (None: none to send)."""
    ctl, to = app.ctl, remote_target(app)
    if not isinstance(ctl, RemoteController) or to is None:
        return None
    moves = len(ctl.committed.actions)
    this = Send(moves, ctl.local, to, minute_of(app.now()), ctl.asks_next)
    known = app.bylink.record.sends if app.bylink.record is not None else ()
    for s in known:
        if (s.moves, s.sender, s.to, s.sale) == (moves, ctl.local, to, this.sale):
            this = s
    earlier = [s for s in known if s.moves <= moves and s != this]
    sends = (*earlier[-(LINK_SENDS - 1):], this)
    # (the code is made from the game itself, without its keeps: encode_link)
    link = RemoteLink("", ctl.seats, to, ctl.local, sends)
    return app.origin + app.path, encode_link(link, ctl.committed)


def remote_link(app: App) -> str | None:
    """The address that passes the open game to `remote_target` (None: none to send, or
    its signature not come back from the browser yet: the panel waits for it). Where the
    browser signs (app.bylink.signs), the link ends with this device's key and signature."""
    link = unsigned_link(app)
    if link is None:
        return None
    base, fragment = link
    url = f"{base}#{fragment}"
    if not app.bylink.signs:
        return url
    signed = app.bylink.signatures.get(fragment)
    if signed is None:
        return None
    key, signature = signed
    return signed_url(url, key, signature) if key else url  # ("": the browser could not)


def link_to_sign(app: App) -> tuple[str, str] | None:
    """(the game's key name, the #fragment) of the link that waits for this device's
    signature (the page asks the browser after each paint: browser/services.py), or
    None."""
    if not app.bylink.signs or app.screen != "game" or not isinstance(app.ctl, RemoteController):
        return None
    link = unsigned_link(app)
    if link is None or link[1] in app.bylink.signatures or link[1] == app.bylink.signing:
        return None
    app.bylink.signing = link[1]
    return key_id(app.ctl.committed), link[1]


def link_signed(app: App, fragment: str, result: str) -> Effects:
    """The browser signed a link (`result`: "<key>.<signature>"; "" when it could not:
    the link then goes unsigned, and says so). The device's own key is bound to its seat
    in the game's record; a key other than the one it had (its storage was cleared)
    is said: the others will be asked whether they trust it."""
    if app.bylink.signing == fragment:
        app.bylink.signing = ""
    key, _, signature = result.partition(".")
    if not (key and signature):
        app.bylink.signatures[fragment] = ("", "")
        app.message("warning", "remote.sign_failed")
        return Effects()
    app.bylink.signatures[fragment] = (key, signature)
    fx = Effects(focus="#actions .remote-send", focus_if_idle=True)  # the panel, now drawn
    record = app.bylink.record
    if record is not None and record.key_of(record.seat) != key:
        if record.key_of(record.seat):
            app.message("info", "remote.own_new_key")
        app.bylink.record = record.with_key(record.seat, key)
        if app.entry is not None:
            try:
                write_record(app.store, app.entry.id, app.bylink.record)
            except Exception as exc:
                app.storage_failed(exc)
    return fx


def share_text(app: App, state: GameState, to: int) -> str:
    """The words that go with the link to the share sheet, and so into the chat message
    beside it: whose turn and which game (its people, its turn), as "Samarkand: your
    turn, Bob (the game of Ann, Bob and Cem, turn 12)"; at the end, the final position.
    Only what the whole table sees: nothing of anybody's cards (a sale round's question
    is the recipient's turn to answer, said the same: which question it is, the link
    itself tells their device)."""
    names = ", ".join(state.names)
    if state.is_over:
        return app.t("remote.share_over", name=state.names[to], names=names)
    return app.t("remote.share_text", name=state.names[to], names=names, turn=state.turn)


def remote_share(app: App, value: str, form: Form) -> Effects:
    """The link to the system's share sheet (a phone's): the page's name as its title,
    whose turn and which game as its text (share_text), the game's address."""
    url, to = remote_link(app), remote_target(app)
    if url is None or to is None or app.ctl is None:
        return Effects(render=False)
    return Effects(render=False, share=Share(SITE_NAME, share_text(app, app.ctl.state, to),
                                             url))


def remote_copy(app: App, value: str, form: Form) -> Effects:
    url = remote_link(app)
    if url is None:
        return Effects(render=False)
    app.share_copied = True  # until the browser says the copy failed (copy_failed)
    app.bylink.copied = url
    return Effects(copy=url)


def remote_qr(app: App, value: str, form: Form) -> Effects:
    app.bylink.qr = value == "1"
    # the code, brought into view (on a phone it is below the fold of the decision bar)
    return Effects(focus="#remote-qr" if app.bylink.qr else "#remote-qr-toggle")

# ------------------------------------------------------------------ opening a link


def open_remote(app: App, fragment: str) -> Effects:
    """A game link (#r2...., or an r1 link of an earlier build): replayed and checked,
    then the one save of the game on this device is brought up to date, or made; never a
    move lost (saves/remote.py)."""
    app.drop_messages(REMOTE_KEYS)
    app.overlay = None
    try:
        link, state = decode_link(fragment)
    except LinkProblem as exc:
        return link_refused(app, exc)
    return verify_link(app, fragment, link, state)


def verify_link(app: App, fragment: str, link: RemoteLink, state: GameState,
                trust: bool = False) -> Effects:
    """A link of a seat whose key this device holds must carry it (check_keys); a signed
    link's signature is checked by the browser (Effects.verify, dom.js), which answers
    with `link_verified`; an unsigned link of a seat with no key opens as before."""
    try:
        found = remote_saves_of(app.saves, state, link.code)
    except (StorageFull, StorageUnavailable):
        found = []
    try:
        check_keys(found, link, trust)
    except LinkProblem as exc:
        if exc.key != "remote.new_key":
            return link_refused(app, exc, {"sender": state.names[link.sender]})
        app.bylink.trust = fragment  # the sender may have lost their key: asked
        return link_refused(app, exc, {"sender": state.names[link.sender]},
                            (("remote.trust", "remote-trust", ""),))
    if not link.key:
        return open_link_game(app, link, state, trust=trust)
    app.bylink.verify = (link, state, trust)
    return Effects(render=False, verify=(link.key, link.signed, link.signature))


def link_verified(app: App, signed: str, ok: bool) -> Effects:
    """The browser's answer to Effects.verify: a wrong signature refuses the link
    (nothing stored), a good one opens it (its key bound to its sender's seat where
    none was: trust on first use)."""
    pending = app.bylink.verify
    if pending is None or pending[0].signed != signed:
        return Effects(render=False)  # (a later link was opened meanwhile)
    app.bylink.verify = None
    link, state, trust = pending
    if not ok:
        return link_refused(app, LinkProblem("remote.bad_signature",
                                             f"seat {link.sender + 1}'s signature"),
                            {"sender": state.names[link.sender]})
    return open_link_game(app, link, state, trust=trust)


def remote_trust(app: App, value: str, form: Form) -> Effects:
    """The person trusts the new key of the link refused for it (its sender's device
    lost its own): the link is checked again, the new key bound to that seat."""
    fragment, app.bylink.trust = app.bylink.trust, ""
    if not fragment:
        return Effects(render=False)
    app.drop_messages(REMOTE_KEYS)
    try:
        link, state = decode_link(fragment)
    except LinkProblem as exc:
        return link_refused(app, exc)
    return verify_link(app, fragment, link, state, trust=True)


def link_refused(app: App, exc: LinkProblem, params: dict[str, object] | None = None,
                 actions: tuple[tuple[str, str, str], ...] = ()) -> Effects:
    """A link not opened: said plainly, nothing stored, the saves list shown."""
    app.message("error", exc.key, params, exc.detail, actions)
    app.screen = Screen.HOME  # (a game open in this tab is saved already)
    app.game.close()  # its bots stop
    return Effects(url=app.path)


def open_link_game(app: App, link: RemoteLink, state: GameState,
                   seat: int | None = None, trust: bool = False) -> Effects:
    """A link's game, checked (decode_link), into this device's save of it, and opened.
    A device that holds none of the game asks first which seat its person plays (the
    link may have been forwarded: Cem's new phone opening Bob's link): `seat` is the
    answer; nothing is stored or shown before it."""
    if seat is None and not has_game(app, link, state):
        app.bylink.pending = (link, state)
        app.screen = Screen.HOME
        app.game.close()
        app.overlay = RemoteSeat()
        return Effects(url=app.path, focus=f"#remote-seat-{link.to}")
    try:
        place = place_link(app.saves, link, state, seat, trust)
    except LinkProblem as exc:  # it plays this device's own seat: nothing stored
        return link_refused(app, exc)
    except (StorageFull, StorageUnavailable) as exc:  # play it, unsaved
        local = link.to if seat is None else seat
        app.bylink.record = bind_key(Record(local, link.sends), link)
        app.open_game(None, None, link.seats,
                   ctl=RemoteController(state, link.seats, local, link.sends))
        app.storage_failed(exc)
        return app.game.after_open(Effects(url=app.path))
    said(app, link, place)
    assert place.entry is not None
    app.open_game(place.entry, place.state, list(place.entry.seats))
    fx = app.game.after_open(Effects(url=game_url(app.path, place.entry.id)))
    remote_after(app)
    return fx


def has_game(app: App, link: RemoteLink, state: GameState) -> bool:
    """This device holds a save of the link's game (or cannot store one: then the link's
    seat plays, as before, for this visit)."""
    try:
        return bool(remote_saves_of(app.saves, state, link.code))
    except (StorageFull, StorageUnavailable):
        return True


def remote_seat(app: App, value: str, form: Form) -> Effects:
    """The answer to "which person do you play?": the pending link's game is stored with
    that seat and opened (only that person's cards show)."""
    pending = app.bylink.pending
    if pending is None or not value.isdigit():
        return Effects(render=False)
    link, state = pending
    seat = int(value)
    if not (0 <= seat < state.n and link.seats[seat] == HUMAN):
        return Effects(render=False)
    app.bylink.pending = None
    app.overlay = None
    return open_link_game(app, link, state, seat)


def remote_seat_cancel(app: App, value: str, form: Form) -> Effects:
    """Not now: the link is dropped, nothing was stored."""
    app.bylink.pending = None
    app.overlay = None
    return Effects()


def said(app: App, link: RemoteLink, place: Placement) -> None:
    names = place.state.names
    key = OUTCOME_KEYS[place.outcome]
    if place.outcome == "same" and not place.seen:
        # a new link with no new move (a sale round's way back, where nobody kept the
        # card) says what one with a keep in it says: a keep is said by nobody
        key = OUTCOME_KEYS["newer"]
    params: dict[str, object] = {"sender": names[link.sender]}
    if place.outcome == "older":
        assert place.entry is not None
        params = {"turn": place.entry.turn}
    seat = place.record.seat if place.record is not None else link.to
    params["you"] = names[seat]
    app.message("warning" if place.outcome == "branch" else "info", key, params)
    if seat != link.to:
        app.message("info", "remote.other_seat", {"to": names[link.to], "you": names[seat]})


# ------------------------------------------------------------------ the sale round

# An answer is a move like any other (game_click): saved, the next link offered
# (focused) or play going on.


def _round_ctl(app: App) -> RemoteController | None:
    ctl = app.ctl
    return ctl if app.screen == "game" and isinstance(ctl, RemoteController) else None


def round_pass(app: App, value: str, form: Form) -> Effects:
    """"Pass on": this person does not hold the card; the question goes on."""
    ctl = _round_ctl(app)
    return game_click(app, ctl.round_pass()) if ctl else Effects(render=False)


def round_keep(app: App, value: str, form: Form) -> Effects:
    """The holder keeps the card: nobody learns it, the question goes on the same."""
    ctl = _round_ctl(app)
    return game_click(app, ctl.round_keep()) if ctl else Effects(render=False)


def round_sell(app: App, value: str, form: Form) -> Effects:
    """The holder sells the card: public, the round ends and play goes on."""
    ctl = _round_ctl(app)
    return game_click(app, ctl.round_sell()) if ctl else Effects(render=False)
