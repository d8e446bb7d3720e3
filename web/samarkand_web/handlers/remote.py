"""Play by link (mixed into App): a game whose people each play on their own device,
passed as a link (saves/remote.py) after each decision.

Which device is whose: a link names the seat it is for; a device that opens a game's
first link plays that seat from then on (its record beside the save), and a device
that starts a game by link plays its first person. A later link of the game (for
another seat, say) never changes the seat a device plays.

The device that holds the turn plays the bots; once a person on another device
decides next (their turn, or the sale of a card they hold), the page offers the link:
the system's share sheet where there is one, a copy button, and a QR code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core import SELL, GameState, encode_save, new_game
from samarkand_web.saves.links import StartRequest, game_url
from samarkand_web.saves.remote import (
    LINK_SENDS,
    LinkProblem,
    Placement,
    Record,
    RemoteLink,
    Send,
    code_check,
    decode_link,
    link_url,
    load_record,
    merge_sends,
    place_link,
    waiting_of,
    write_record,
)
from samarkand_web.saves.storage import StorageFull, StorageUnavailable
from samarkand_web.saves.storage_models import SaveEntry
from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.effects import Effects
from samarkand_web.state.remote import RemoteController

if TYPE_CHECKING:
    from samarkand_web.state.app import App

# what the page said about a game link it opened before (a new one makes them stale)
REMOTE_KEYS = ("remote.damaged", "remote.illegal", "remote.not_theirs", "remote.new",
               "remote.updated", "remote.same", "remote.older", "remote.branch",
               "remote.other_seat")
OUTCOME_KEYS = {"new": "remote.new", "newer": "remote.updated", "same": "remote.same",
                "older": "remote.older", "branch": "remote.branch"}


def minute_of(ms: float) -> int:
    return max(0, int(ms // 60_000))


class RemoteActions:
    """Starting a game by link, opening a game link, and sending the next one."""

    remote_record: Record | None = None  # the open game's record (None: not by link)
    remote_qr: bool = False  # the QR code is shown
    remote_copied: str = ""  # the link last copied (the panel says so while it is current)
    can_share: bool = False  # the browser has a share sheet (navigator.share; main.py)

    # ------------------------------------------------------------------ the controller

    def _new_controller(self: App, start: StartRequest, seed: int) -> Controller:
        """A new game's controller: by link, this device plays its first person."""
        if not start.remote:
            return Controller.new(start.names, start.seats, seed, start.first)
        local = next((i for i, s in enumerate(start.seats) if s == HUMAN), 0)
        return RemoteController(new_game(list(start.names), seed, start.first), start.seats,
                                local)

    def _remote_open(self: App, entry: SaveEntry | None, state: GameState | None,
                     seats: list[str] | tuple[str, ...], ctl: Controller | None) -> Controller:
        """The controller of a game being opened (App._open): `ctl` if one is given (a new
        game, or a link's game the store could not keep), else the saved game's, the
        remote one when this device has its record."""
        if ctl is not None:
            if not isinstance(ctl, RemoteController):
                self.remote_record = None
            return ctl
        assert state is not None
        record = load_record(self.store, entry.id) if entry is not None else None
        self.remote_record = record if record is not None and record.seat < state.n else None
        self.remote_qr = False
        if self.remote_record is None:
            return Controller(state, seats)
        return RemoteController(state, seats, self.remote_record.seat)

    def _remote_begin(self: App) -> None:
        """A game by link just started here: its record (the seat this device plays)."""
        ctl = self.ctl
        if not isinstance(ctl, RemoteController):
            return
        self.remote_record = Record(ctl.local)
        self.remote_qr = False
        self._remote_after()

    # ------------------------------------------------------------------ after each action

    def remote_target(self: App) -> int | None:
        """Whom the open game's link goes to now: the person on another device who decides
        next; at the end, the next person after this device's who has not sent the final
        position (so it goes round: each device passes it on once)."""
        ctl = self.ctl
        if not isinstance(ctl, RemoteController):
            return None
        if ctl.is_over:  # the final position goes round the people who lack it
            n, moves = ctl.state.n, len(ctl.committed.actions)
            sends = self.remote_record.sends if self.remote_record is not None else ()
            have = {s.sender for s in sends if s.moves == moves}
            return next((p % n for p in range(ctl.local + 1, ctl.local + n)
                         if not ctl.is_bot(p % n) and p % n not in have), None)
        return ctl.waiting_for

    def _remote_after(self: App, fx: Effects | None = None) -> None:
        """After every saved action: the record says whom the game waits for (the saves
        list shows it), and a link to be sent is noted in the game's history; the panel
        that sends it, new now, gets the focus (on a phone it may be below the fold)."""
        ctl, record, entry = self.ctl, self.remote_record, self.entry
        if not isinstance(ctl, RemoteController) or record is None:
            return
        to = self.remote_target()
        sends = record.sends
        moves = len(ctl.committed.actions)
        if to is not None and not any((s.moves, s.sender, s.to) == (moves, ctl.local, to)
                                      for s in sends):
            sends = merge_sends(sends, [Send(moves, ctl.local, to, minute_of(self.now()),
                                             ctl.committed.phase == SELL)])
            if fx is not None and fx.focus is None:
                fx.focus = "#actions .remote-send"
        waiting = waiting_of(ctl.committed, ctl.seats, ctl.local)
        new = Record(record.seat, sends, waiting, code_check(entry.code) if entry else "")
        if new == record:
            return
        self.remote_record = new
        if entry is None:
            return  # a game the store could not keep: its header says so
        try:
            write_record(self.store, entry.id, new)
        except Exception as exc:
            self._storage_failed(exc)

    # ------------------------------------------------------------------ the link to send

    def remote_link(self: App) -> str | None:
        """The address that passes the open game to `remote_target` (None: none to send)."""
        ctl, to = self.ctl, self.remote_target()
        if not isinstance(ctl, RemoteController) or to is None:
            return None
        moves = len(ctl.committed.actions)
        this = Send(moves, ctl.local, to, minute_of(self.now()), ctl.committed.phase == SELL)
        known = self.remote_record.sends if self.remote_record is not None else ()
        for s in known:
            if (s.moves, s.sender, s.to) == (moves, ctl.local, to):
                this = s
        earlier = [s for s in known if s.moves <= moves and s != this]
        sends = (*earlier[-(LINK_SENDS - 1):], this)
        link = RemoteLink(encode_save(ctl.committed), ctl.seats, to, ctl.local, sends)
        return link_url(self.origin + self.path, link)

    def _do_remote_share(self: App, value: str, form: dict[str, str]) -> Effects:
        url, to = self.remote_link(), self.remote_target()
        if url is None or to is None or self.ctl is None:
            return Effects(render=False)
        title = self.t("remote.send_title", name=self.ctl.state.names[to])
        return Effects(render=False, share=(title, url))

    def _do_remote_copy(self: App, value: str, form: dict[str, str]) -> Effects:
        url = self.remote_link()
        if url is None:
            return Effects(render=False)
        self.share_copied = True  # until the browser says the copy failed (copy_failed)
        self.remote_copied = url
        return Effects(copy=url)

    def _do_remote_qr(self: App, value: str, form: dict[str, str]) -> Effects:
        self.remote_qr = value == "1"
        # the code, brought into view (on a phone it is below the fold of the decision bar)
        return Effects(focus="#remote-qr" if self.remote_qr else "#remote-qr-toggle")

    # ------------------------------------------------------------------ opening a link

    def open_remote(self: App, fragment: str) -> Effects:
        """A game link (#r1....): replayed and checked, then the one save of the game on
        this device is brought up to date, or made; never a move lost (saves/remote.py)."""
        self._drop_messages(REMOTE_KEYS)
        self.overlay = None
        try:
            link, state = decode_link(fragment)
        except LinkProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            self.screen = "home"  # (a game open in this tab is saved already)
            self.ctl = None
            self.entry = None
            self.bot_token += 1  # its bots stop
            return Effects(url=self.path)
        try:
            place = place_link(self.saves, link, state)
        except (StorageFull, StorageUnavailable) as exc:  # play it, unsaved
            self.remote_record = Record(link.to, link.sends)
            self._open(None, None, link.seats,
                       ctl=RemoteController(state, link.seats, link.to))
            self._storage_failed(exc)
            return self._after_open(Effects(url=self.path))
        self._said(link, place)
        assert place.entry is not None
        self._open(place.entry, place.state, list(place.entry.seats))
        fx = self._after_open(Effects(url=game_url(self.path, place.entry.id)))
        self._remote_after()
        return fx

    def _said(self: App, link: RemoteLink, place: Placement) -> None:
        names = place.state.names
        key = OUTCOME_KEYS[place.outcome]
        params: dict[str, object] = {"sender": names[link.sender]}
        if place.outcome == "older":
            assert place.entry is not None
            params = {"turn": place.entry.turn}
        seat = place.record.seat if place.record is not None else link.to
        params["you"] = names[seat]
        self.message("warning" if place.outcome == "branch" else "info", key, params)
        if seat != link.to:
            self.message("info", "remote.other_seat", {"to": names[link.to], "you": names[seat]})
