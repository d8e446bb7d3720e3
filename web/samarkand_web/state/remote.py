"""A game played by link (saves/remote.py) on one of its devices: the controller of the
person whose device this is.

Unlike a game at one device, there is nobody else at this screen: no curtain, no public
sale window. The screen always shows this person's own view (their hand, the recap
since their last turn); they decide only for their own seat, bots play wherever the
turn is, and when a person on another device decides next the page offers the link
(``waiting_for``).
"""

from __future__ import annotations

from collections.abc import Sequence

from samarkand_core import GameState
from samarkand_web.state.controller import Controller


class RemoteController(Controller):
    def __init__(self, state: GameState, seats: Sequence[str], local: int) -> None:
        if not (0 <= local < state.n):
            raise ValueError(f"no seat {local + 1} in a game of {state.n}")
        self.local = local  # read by _after_change, which the constructor calls
        super().__init__(state, seats)

    @property
    def shared_device(self) -> bool:
        return False  # one person at this screen: the sale window is not needed

    @property
    def needs_curtain(self) -> bool:
        return False

    def reveal(self) -> None:
        return None

    def human_turn(self) -> bool:
        """Only this device's person decides here (a bot's move is played, not chosen)."""
        return not self.is_over and self.window is None and self.deciding == self.local

    def recap_seat(self) -> int | None:
        return self.local

    def _after_change(self) -> None:
        super()._after_change()
        self.revealed = None if self.state.is_over else self.local

    @property
    def waiting_for(self) -> int | None:
        """The person on another device who decides next, once everything of this
        device's turn is settled (None: this device or a bot decides, or it is over)."""
        if self.is_over or self.held is not None or self.window is not None:
            return None
        if self.state is not self.committed:
            return None  # a pending move (never the case once another person decides)
        p = self.deciding
        return None if self.is_bot(p) or p == self.local else p


def remote_waiting(ctl: Controller | None) -> int | None:
    """For the screens: whom a game played by link waits for (None: not waiting, or
    not a game played by link)."""
    return ctl.waiting_for if isinstance(ctl, RemoteController) else None
