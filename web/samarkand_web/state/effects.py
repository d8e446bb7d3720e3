"""What a dispatch returns to the page, and the small records the App keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from samarkand_web.saves.links import MAX_PLAYERS, MIN_PLAYERS, Problem
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.sounds import Sound


@dataclass(slots=True)
class Message:
    kind: str  # "error", "warning" or "info"
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    detail: str = ""
    # buttons that offer a way out: (i18n key of the label, action, value)
    actions: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Share:
    """What goes to the system's share sheet (navigator.share): a title, the words beside
    the link (whose turn, which game: never a card), the address."""

    title: str
    text: str
    url: str


@dataclass(slots=True)
class Effects:
    """What the browser must do after a dispatch."""

    render: bool = True
    url: str | None = None  # history.replaceState to this address
    copy: str | None = None  # text for the clipboard
    share: Share | None = None  # for the system's share sheet
    bot_delay: int | None = None  # call bot_tick(token) after this many ms
    bot_token: int = 0
    focus: str | None = None  # a CSS selector to focus after rendering (never built from data)
    focus_if_idle: bool = False  # only if the focus rests on nothing the person is using
    lang: str | None = None  # the page's language changed to this
    download: tuple[str, str] | None = None  # (file name, JSON text) to save as a file
    pick_file: bool = False  # open the browser's file picker (a backup to import)
    replay_delay: int | None = None  # call replay_tick(token) after this many ms
    replay_token: int = 0
    coach_token: int | None = None  # call coach_tick(token) as a step of its own, at once
    import_token: int | None = None  # call import_tick(token) as a step of its own, at once
    analysis_token: int | None = None  # call analysis_tick(token) as a step of its own
    activate_update: bool = False  # the new version waiting behind this one takes over
    # check a signed link's signature (key, signed text, signature): dom.js, WebCrypto;
    # the answer comes back as handlers/remote.py's link_verified
    verify: tuple[str, str, str] | None = None
    # short sounds to play, in order (state/sounds.py): only while this device's switch
    # is on (App.sound), and only for what the table learns
    sounds: tuple[Sound, ...] = ()

    def hear(self, sounds: tuple[Sound, ...]) -> None:
        """Add sounds, each kind once per dispatch."""
        self.sounds += tuple(s for i, s in enumerate(sounds)
                             if s not in self.sounds and s not in sounds[:i])


@dataclass(slots=True)
class FormState:
    """The new-game form: names None mean "the default name in the page's language"."""

    count: int = 3
    names: list[str | None] = field(default_factory=lambda: [None] * MAX_PLAYERS)
    kinds: list[str] = field(default_factory=lambda: [HUMAN] * MAX_PLAYERS)
    first: str = "random"
    seed: str = ""
    coach: bool = True  # the coach may be asked for suggested moves
    remote: bool = False  # played by link, each person on their own device
    problems: list[Problem] = field(default_factory=list)
    # the start screen's one-click game against the computer (handlers/quick.py): the full
    # setup shown, the name typed for it (None: not typed), what was wrong with that name
    setup: bool = False
    me: str | None = None
    quick_problems: list[Problem] = field(default_factory=list)

    def draft(self, draft: tuple[tuple[str, str], ...]) -> None:
        """The players an address asks for (?draft=...), shown in the form."""
        draft = draft[:MAX_PLAYERS]
        self.setup = True  # the address asked for these players: show them
        self.count = max(MIN_PLAYERS, min(MAX_PLAYERS, len(draft)))
        for i, (name, kind) in enumerate(draft):
            self.names[i] = name if kind == HUMAN else None
            self.kinds[i] = kind
