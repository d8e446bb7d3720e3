"""The game's sounds as effects (issue 35): which moment of a game this device marks with
a short sound. The browser plays them (browser/sound.py, dom.js: WebAudio tones made in
code); the App only says which, in ``Effects.sounds``, so the tests hear them as data.

A sound comes from what the table learns, never from a secret (docs/rules.md, Goods):
a camel and a sale from the public log lines (state/gamelog.py never writes who was
asked to sell nor a keep, so a card kept sounds as no card at all), the end from the
game being over, and "your turn" when a person at this device starts a turn of their
own. A bot's move sounds as its mark shows on the board (state/botmoves.py), in step
with what the table sees. Opening a game (a save, a link) sounds nothing: in a game by
link a device sounds only what is played on it, and the turn it is given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from samarkand_core import SELL
from samarkand_web.state.gamelog import LogLine

if TYPE_CHECKING:
    from samarkand_web.state.controller import Controller


class Sound(StrEnum):
    TURN = "turn"  # a person at this device starts a turn
    CAMEL = "camel"  # a camel placed
    SALE = "sale"  # a goods card sold (public)
    END = "end"  # the game is over


# The public log lines that sound, by their i18n key.
SOUND_OF_LINE = {"log.camel": Sound.CAMEL, "log.sell": Sound.SALE}


def sounds_of_lines(lines: Iterable[LogLine]) -> tuple[Sound, ...]:
    """The sounds of some public log lines, in order, each kind once (two camels of one
    action are one sound)."""
    out: list[Sound] = []
    for ln in lines:
        kind = SOUND_OF_LINE.get(ln.key)
        if kind is not None and kind not in out:
            out.append(kind)
    return tuple(out)


def turn_starts_here(ctl: Controller) -> bool:
    """A person at this device has the turn (their own, not a question about a card in
    another's turn): in a game by link, only this device's person."""
    s = ctl.state
    return (not ctl.is_over and ctl.window is None and ctl.held is None and s.phase != SELL
            and ctl.deciding == s.turn_player
            and (ctl.human_turn() or ctl.needs_curtain))


@dataclass(slots=True)
class Hearing:
    """What this device has sounded of the open game: the turn whose start it marked and
    whether the end was, so that each sounds once (and a reload sounds neither again)."""

    turn: int = -1
    end: bool = False

    def opened(self, ctl: Controller) -> None:
        """A game opened as it stands: its present turn and end are not news."""
        self.turn, self.end = ctl.state.turn, ctl.is_over

    def settle(self, ctl: Controller, marks_pending: bool) -> tuple[Sound, ...]:
        """After a move: the end, once; else a person's new turn here, once the bots'
        marks have all been shown (the turn sounds after the moves that led to it)."""
        if ctl.is_over:
            if self.end:
                return ()
            self.end = True
            return (Sound.END,)
        if marks_pending or not turn_starts_here(ctl) or ctl.state.turn == self.turn:
            return ()
        self.turn = ctl.state.turn
        return (Sound.TURN,)
