"""What changed on the page since the last drawing, decided without a document: the
regions to write, the board's pieces and the log's lines to change in place, the
regions drawn from parts to patch, and what is shown, inert, the language and the title.

browser/paint.py applies a PagePatch to the document (through dom.js's samarkandPatch*
functions, which take the JSON made here); the worker's host (worker/host.py) sends it
as a message to the main thread, which will apply it the same way (docs/phone.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from samarkand_core.draw.svgkit import Piece
from samarkand_web.view.markup import Markup
from samarkand_web.view.parts import PartsOp, encode, parts_patch
from samarkand_web.view.render import Page, children_patch, piece_patch

SHOWN = ("home", "game", "overlay", "chart", "chart-table")
INERT_UNDER_DIALOG = ("main", "header", "messages")

# dom.js's samarkandPatchPieces op: [selector, attributes removed, attributes changed,
# children patch or None, inner markup or None (only without a children patch)]
PieceOp = list[object]


def piece_selector(key: str) -> str:
    kind, _, value = key.partition(":")
    return f'[data-{kind}="{value}"]'


def piece_op(key: str, old: Piece, new: Piece) -> PieceOp:
    """How dom.js changes a space's or domain's element in place rather than replace it:
    the element a person just used keeps its focus, the browser need not work out
    styles and layout at once (as it does when a focused element leaves the page), and
    only the children that changed are parsed and laid out again. The whole inner
    markup travels only when there is no children patch: when dom.js cannot apply one,
    the page has the board drawn whole (Redraw)."""
    remove, changed, inner = piece_patch(old, new)
    children = children_patch(old, new) if inner is not None else None
    return [piece_selector(key), remove, changed, children,
            inner if children is None else None]


@dataclass(frozen=True, slots=True)
class HtmlWrite:
    """The region's content replaced by `markup`."""

    region: str
    markup: str

    def to_json(self) -> dict[str, object]:
        return {"kind": "html", "region": self.region, "markup": self.markup}


@dataclass(frozen=True, slots=True)
class PartsWrite:
    """A region drawn from parts (view/parts.py): `ops` (samarkandPatchParts) when it was
    drawn from parts before, else None and `whole` (samarkandSetParts). Only one of them
    travels: when the ops cannot be applied, the page asks for the region whole (the
    worker's Redraw)."""

    region: str
    ops: list[PartsOp] | None
    whole: tuple[Markup, ...] | None = None

    def encoded(self) -> list[object] | None:
        return None if self.whole is None else [encode(p) for p in self.whole]

    def to_json(self) -> dict[str, object]:
        return {"kind": "parts", "region": self.region, "ops": self.ops,
                "whole": self.encoded()}


@dataclass(frozen=True, slots=True)
class BoardWrite:
    """The board: `ops` (samarkandPatchPieces) when only pieces changed, [] when nothing
    did, None when it is drawn whole from `markup` (None with ops: the whole board is
    about 95,000 characters, and a click changes a few pieces; when the ops cannot be
    applied, the page asks for it: Redraw)."""

    ops: list[PieceOp] | None
    markup: str | None = None
    region: str = "board"

    def to_json(self) -> dict[str, object]:
        return {"kind": "board", "region": self.region, "ops": self.ops,
                "markup": self.markup}


@dataclass(frozen=True, slots=True)
class LogWrite:
    """The log: `new` lines added at the top of its list when only lines were added
    (None: drawn whole from `markup`, which is None otherwise: when the list is missing,
    the page asks for the log whole, Redraw)."""

    new: list[str] | None
    markup: str | None = None
    region: str = "log"

    def to_json(self) -> dict[str, object]:
        return {"kind": "log", "region": self.region, "new": self.new, "markup": self.markup}


RegionWrite = HtmlWrite | PartsWrite | BoardWrite | LogWrite


@dataclass(slots=True)
class PagePatch:
    """Everything to change, in order: the regions, then hidden and inert flags, the
    language and the title (None: unchanged)."""

    writes: list[RegionWrite] = field(default_factory=list)
    hidden: dict[str, bool] = field(default_factory=dict)
    inert: dict[str, bool] = field(default_factory=dict)
    lang: str | None = None
    title: str | None = None

    @property
    def regions(self) -> set[str]:
        return {w.region for w in self.writes}

    def to_json(self) -> dict[str, object]:
        return {"writes": [w.to_json() for w in self.writes], "hidden": self.hidden,
                "inert": self.inert, "lang": self.lang, "title": self.title}


class PageDiff:
    """What was last drawn (as far as the page's Python knows: it never reads the
    document), and what a new render changes of it."""

    def __init__(self) -> None:
        self.painted: dict[str, str] = {}
        self.board_frame: tuple[str, ...] | None = None
        self.board_pieces: dict[str, Piece] = {}
        self.log_head: str | None = None
        self.log_items: list[str] = []
        self.shown: dict[str, object] = {}  # what was last set outside the regions
        self.parts: dict[str, tuple[Markup, ...]] = {}  # regions last drawn from parts
        self.log_drawn = False  # the log's list as log_head and log_items say is there

    def __deepcopy__(self, memo: dict[int, object]) -> PageDiff:
        """A copy of what was drawn, for a copy of the worker's host (issue 33's prepared
        answers: benchmarks/fork_cost.py). Only the containers are copied: what they
        hold is never changed in place (strings, frozen pieces, tuples of parts; diff()
        and forget() put new values in or take them out), so the copy and this one
        can go on apart. A copy that went into every value took 2.7 ms of a host's
        3.1 in CPython (docs/phone.md, "Prepared answers")."""
        other = PageDiff()
        other.painted = dict(self.painted)
        other.board_frame = self.board_frame
        other.board_pieces = dict(self.board_pieces)
        other.log_head = self.log_head
        other.log_items = list(self.log_items)
        other.shown = dict(self.shown)
        other.parts = dict(self.parts)
        other.log_drawn = self.log_drawn
        memo[id(self)] = other
        return other

    def forget(self, regions: Iterable[str]) -> None:
        """The page could not apply a patch of these regions (the worker's Redraw): what
        was drawn there is not known, and the next diff draws them whole."""
        for region in regions:
            self.painted.pop(region, None)
            self.parts.pop(region, None)
            if region == "board":
                self.board_frame, self.board_pieces = None, {}
            elif region == "log":
                self.log_drawn = False

    def diff(self, page: Page) -> PagePatch:
        """The changes from the last drawing to `page`, remembered as drawn."""
        patch = PagePatch()
        for region, markup in page.regions.items():
            if self.painted.get(region) == markup:
                continue
            if region == "board":
                patch.writes.append(self.board(page))
            elif region == "log":
                patch.writes.append(self.log(page))
            elif region in page.parts:
                patch.writes.append(self.region_parts(region, page.parts[region]))
            else:
                patch.writes.append(HtmlWrite(region, markup))
                self.parts.pop(region, None)
            self.painted[region] = markup
        for region in SHOWN:
            hidden = not page.show.get(region, False)
            if self.changed(region, hidden):
                patch.hidden[region] = hidden
        modal = page.show.get("overlay", False)
        for region in INERT_UNDER_DIALOG:
            if self.changed("inert-" + region, modal):
                patch.inert[region] = modal
        if self.changed("lang", page.lang):
            patch.lang = page.lang
        if self.changed("title", page.title):
            patch.title = page.title
        return patch

    def shows(self, region: str) -> bool:
        """Whether `region` is on screen as last drawn."""
        return self.shown.get(region) is False  # what was set is `hidden`

    def changed(self, key: str, value: object) -> bool:
        """Whether `key` is now `value` for the first time (remembered)."""
        if self.shown.get(key) == value:
            return False
        self.shown[key] = value
        return True

    def region_parts(self, region: str, parts: tuple[Markup, ...]) -> PartsWrite:
        old = self.parts.get(region)
        self.parts[region] = parts
        if old is None:
            return PartsWrite(region, None, parts)
        return PartsWrite(region, parts_patch(old, parts))

    def board(self, page: Page) -> BoardWrite:
        """Only the spaces and domains that changed (the whole SVG when its frame did)."""
        frame = tuple(p.key or p.markup for p in page.board)
        if frame == self.board_frame:
            old = self.board_pieces
            ops = []
            for p in page.board:
                # an unchanged piece is the very object drawn last time: a cheap test
                if p.key and old[p.key] is not p and old[p.key].markup != p.markup:
                    ops.append(piece_op(p.key, old[p.key], p))
                    old[p.key] = p
            return BoardWrite(ops)
        self.board_drawn(page)
        return BoardWrite(None, page.regions["board"])

    def board_drawn(self, page: Page) -> None:
        """The board was drawn whole (or will be: its patch could not be applied)."""
        self.board_frame = tuple(p.key or p.markup for p in page.board)
        self.board_pieces = {p.key: p for p in page.board if p.key}

    def log(self, page: Page) -> LogWrite:
        """The new lines at the top; all anew when the language or game changed."""
        items, old = page.log_items, self.log_items
        n = len(items) - len(old)
        self.log_items = list(items)
        if self.log_drawn and page.log_head == self.log_head and n >= 0 and items[n:] == old:
            return LogWrite(items[:n])
        self.log_head, self.log_drawn = page.log_head, True
        return LogWrite(None, page.regions["log"])
