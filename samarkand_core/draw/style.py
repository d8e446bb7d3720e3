"""The board drawing's layout and colours (SVG user units; the map keeps the
coordinates of board.json), shared by board.py, words.py and shapes.py."""

from __future__ import annotations

from ..board import Board

# Layout (SVG user units; the map keeps the coordinates of board.json). The sizes are
# chosen so that, drawn about 900 px wide (a 1280 px screen with a side column), every
# word and number on the board is at least 11 CSS px tall (LABEL_SIZE * 0.92 >= 11).
BAND = 90.0  # height of each band of family domains above and below the map
GAP = 6.0  # space between domains
LABEL_SIZE = 12.5  # space names, goods numbers, domain names
VALUE_SIZE = 14.0  # the numbers on a domain
SEA_SIZE = 13.0
CAMEL_R = 7.8
# Where things sit in a land space, relative to its centre (pointy hexes of radius 30):
# the goods number in the top corner, the name across the middle, the two camels below,
# so that a camel never covers the name or the number.
MARKER_DY = -17.0
MARKER_R = 8.4
NAME_DY = 3.0  # baseline of the name
CAMEL_DX = 12.0
CAMEL_DY = 14.0  # land spaces with a name; unnamed land and water hold them mid-space
CAMEL_DY_MID = 3.0

# Colours of the map (the families' colours come from board.json).
PARCHMENT = "#f3e6c4"
PARCHMENT_EDGE = "#a8824a"
LAND = "#e9d3a1"
LAND_EDGE = "#b0915a"
GOODS_LAND = "#e3c78a"
WATER = "#9cc3d3"
WATER_EDGE = "#5f8fa3"
INK = "#3b2c17"
SEA_INK = "#1f4e63"
MARKER_GOLD = "#e0b948"
GREEN_MARKER = "#1f6b3a"
GREY_MARKER = "#9a9a92"
LEGAL_INK = "#0b6e4f"
LEGAL_TINT = "#dcf1e4"
DOMAIN_PAPER = "#fbf4e2"
LAST_RING = "#ffef3a"
FONT = "Georgia, 'Times New Roman', serif"
# Labels in a narrow sans-serif, so that names fit a hex at a readable size: Arial Narrow
# and its metric twin Liberation Sans Narrow, Roboto Condensed (Android), Bahnschrift
# (Windows 10+), Avenir Next Condensed (Apple), then any sans-serif.
LABEL_FONT = ("'Arial Narrow', 'Liberation Sans Narrow', 'Roboto Condensed', "
              "sans-serif-condensed, Bahnschrift, 'Avenir Next Condensed', "
              "'DejaVu Sans Condensed', sans-serif")
LABEL_ATTRS = f'font-family="{LABEL_FONT}" font-stretch="condensed"'

# The portrait drawing (a phone held upright): the map turned a quarter clockwise (west
# at the top, north on the right; the hexes flat-topped, every word upright), with the
# family domains two abreast in a band above and below it. Drawn 348 px wide (a 360 px
# screen), its labels are LABEL_SIZE * 348 / 391 = 11 CSS px.
PORTRAIT_COLS = 2  # domains side by side in a portrait band
PORTRAIT_LABEL_HALF = 35.0  # half the widest label in a flat-topped hex (see label_room)
PORTRAIT_SEA_DY = -6.0  # a sea name's baseline, between its row's ships and the next row's


def map_size(board: Board, portrait: bool = False) -> tuple[float, float]:
    """The map's width and height as drawn (turned in a portrait drawing)."""
    _, _, w, h = board.data.view_box
    return (h, w) if portrait else (w, h)


def space_xy(board: Board, space: int, portrait: bool = False) -> tuple[float, float]:
    """Where a space's centre is drawn, in the map's coordinates: board.json's, or
    turned a quarter clockwise for a portrait drawing (west at the top, north right)."""
    sp = board.data.spaces[space]
    if not portrait:
        return sp.x, sp.y
    minx, miny, _, h = board.data.view_box
    return minx + (miny + h - sp.y), miny + (sp.x - minx)
