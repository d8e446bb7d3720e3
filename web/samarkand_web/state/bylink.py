"""Play by link on this device (App.bylink): what the page holds of the open game's
links between actions (handlers/remote.py does the work, saves/remote.py the codes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from samarkand_core import GameState
from samarkand_web.saves.remote import Record, RemoteLink


@dataclass(slots=True)
class ByLink:
    # this device's record of the open game by link (the seat it plays, the links sent)
    record: Record | None = None
    # a link opened on a device that holds none of its game: (link, game), until its
    # person says which seat they play (nothing stored or shown before)
    pending: tuple[RemoteLink, GameState] | None = None
    qr: bool = False  # the QR code of the link to send is shown
    copied: str = ""  # the link last copied
    # signed links: whether the browser signs (dom.js, WebCrypto; the headless App does
    # not), each link's (key, signature) by its #fragment, the one being signed, the
    # signed link whose signature the browser is checking, and the link refused for a
    # new key that its person may choose to trust
    signs: bool = False
    signatures: dict[str, tuple[str, str]] = field(default_factory=dict)
    signing: str = ""
    verify: tuple[RemoteLink, GameState, bool] | None = None
    trust: str = ""
