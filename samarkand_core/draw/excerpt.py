"""Parts of the board drawing on their own: some spaces (with their names) and some family
domains of a position, as board_pieces draws them, for pictures that explain the rules.

    >>> from samarkand_core import new_game, view_for
    >>> part = BoardExcerpt(view_for(new_game(["Ann", "Bob"], seed=1), 0))
    >>> 'class="hex"' in part.spaces([0, 1])
    True

Each part is the board's own drawing of that space or domain (the same Piece, so it
looks as it would on the board), made inert: without ``data-space``, ``data-family``,
``role``, ``tabindex`` and ``aria-label``, so that a page's clicks, keys and tooltips,
which look for those, pass it by, and assistive technology reads the picture's own
description instead. Coordinates are the whole drawing's (svg_size), so parts drawn
together stand as they do on the board; a picture moves a part with a transform.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..view import PlayerView
from .board import _space_labels, board_pieces
from .domains import _bands, _domain_boxes, figure_y
from .style import space_xy
from .svgkit import Piece, attr_text
from .words import ENGLISH, SvgStrings

# What makes a part of the board act or speak on a page: left out of an excerpt.
INERT_DROPS = frozenset({"data-space", "data-family", "role", "tabindex", "aria-label"})


def inert(p: Piece) -> str:
    """A piece's markup without the attributes a page acts on (its children as drawn)."""
    attrs = tuple((k, v) for k, v in p.attrs if k not in INERT_DROPS)
    return f"<{p.tag}{attr_text(attrs)}>{''.join(p.children)}</{p.tag}>"


@dataclass(frozen=True)
class BoardExcerpt:
    """The landscape drawing of one position (what `view` shows), in parts."""

    view: PlayerView
    strings: SvgStrings = ENGLISH
    last_spaces: tuple[int, ...] = ()
    _pieces: dict[str, Piece] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # board_pieces keeps the marks it last drew a board with as the base of its next
        # redraw: after an excerpt, the game's next drawing redraws the spaces that differ
        # (from its cache), as after any move, and is the same drawing
        drawn = board_pieces(self.view, strings=self.strings, last_spaces=self.last_spaces)
        object.__setattr__(self, "_pieces", {p.key: p for p in drawn if p.key})

    @property
    def map_top(self) -> float:
        """Where the map starts below the band of domains above it."""
        return _bands(self.view.board, False)[0]

    def spaces(self, ids: Iterable[int]) -> str:
        """The spaces `ids` and their names, where the board draws them."""
        chosen = frozenset(ids)
        board = self.view.board
        parts = [inert(self._pieces[f"space:{i}"]) for i in sorted(chosen)]
        names = _space_labels(board, self.strings, False, chosen)
        return (f'<g class="map" transform="translate(0 {self.map_top:g})">'
                f'{"".join(parts)}{names}</g>')

    def domain(self, family: int) -> str:
        """A family's domain, where the board draws it."""
        return inert(self._pieces[f"family:{self.view.board.family_ids[family]}"])

    def centre(self, space: int) -> tuple[float, float]:
        """A space's centre in the drawing's coordinates."""
        x, y = space_xy(self.view.board, space)
        return x, y + self.map_top

    def domain_box(self, family: int) -> tuple[float, float, float, float]:
        """A domain's (x, y, width, height) in the drawing's coordinates."""
        return _domain_boxes(self.view.board)[family]

    def figure_y(self, family: int) -> float:
        """The centre line of a domain's figures (coins, tiles, camel, markers)."""
        return figure_y(self.domain_box(family))
