"""The worker's answer to a TipAsk (web/tipwatch.js asks when a tooltip should open):
the tooltip's words for the one target asked (view/tooltips.py's, which say only what
the person at the device may know) and the ring around the space a card or a log line
names on the map. When a tooltip opens, how it closes and where it goes stay on the main
thread (tipwatch.js, tips.js); what it says needs the App, which lives here.
"""

from __future__ import annotations

import sys
import traceback

from samarkand_core.draw.board import highlight_ring
from samarkand_web.state.app import App
from samarkand_web.view.tooltips import tooltips
from samarkand_web.worker.protocol import Tip, TipAsk


def ring_markup(app: App, space: str) -> str:
    """The map's highlight layer with a ring around `space` (a data-map's number), on
    the board as drawn (upright or not); "" without a game or for no space of it."""
    ctl = app.ctl
    if not space or ctl is None:
        return ""
    board = ctl.state.board
    number = int(space)  # TipAsk.read let only digits through
    if number >= board.n_spaces:
        return ""  # an element left from another board: no ring
    return highlight_ring(board, number, app.portrait)


def tip_answer(app: App, ask: TipAsk, seq: int) -> Tip:
    """The Tip (numbered `seq`) that answers `ask`: only what it asked. A tooltip that
    cannot be drawn is none (its error in the console): a tooltip is never worth the
    internal error's dialog over the game."""
    try:
        markup = str(tooltips(app).tip(ask.kind, ask.value)) if ask.kind else ""
        return Tip(seq, ask.seq, markup, ring_markup(app, ask.ring))
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return Tip(seq, ask.seq)
