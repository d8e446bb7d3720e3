"""Which drawing of the board the page's Python renders: a narrow screen (a phone held
upright) gets the board drawn upright (portrait): at the fit size its whole width is on
the screen, every family domain reachable by scrolling the page up and down, never
sideways. Zoom and pan themselves (a pinch, the buttons, the first zoom of a phone) are
main-thread JavaScript, web/zoom.js and web/zoompan.js (docs/phone.md, "Glue moved to
JavaScript"), which decides the same line with the same PORTRAIT_WIDTH.
"""

from __future__ import annotations

PORTRAIT_WIDTH = 600  # CSS px: below this the board is drawn upright (svg.py, portrait)


def portrait(viewport_width: float) -> bool:
    """Whether the board is drawn upright: on a narrow screen, for as long as it is
    narrow (a phone held upright; one turned sideways is wide enough for the map)."""
    return viewport_width < PORTRAIT_WIDTH
