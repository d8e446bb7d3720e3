"""Watch again: the moves since the person's last turn shown again on the board, one
mark after another at the bots' pace (state/botmoves.py). It never changes the game:
only the board's marks change, and any move stops it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_web.handlers.base import Form
from samarkand_web.handlers.game import current_game
from samarkand_web.state import botmoves
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App


def watch_again(app: App, value: str, form: Form) -> Effects:
    """Start (or start over) showing the recap's moves on the board."""
    ctl = current_game(app)
    if ctl is None:
        return Effects(render=False)
    show = botmoves.watch(botmoves.recap_records(ctl), ctl.state.board)
    if show is None:
        return Effects(render=False)
    fx = Effects(focus="#watch-stop")
    app.game.watch(show, fx)
    return fx


def watch_stop(app: App, value: str, form: Form) -> Effects:
    """Stop watching: the board's marks are the live ones again."""
    if not app.game.show.watching:
        return Effects(render=False)
    app.game.stop_watching()
    fx = Effects(focus="#watch-again")
    app.game.want_bot(fx)
    return fx
