"""What the screen may offer now, read from one game and the page's choices: who
decides, whose hand may show, the legal moves a click may make, and the recap and the
board's marks for the person at the device. Nothing here changes the game; the
Controller (state/controller.py) is built on it and does the changing."""

from __future__ import annotations

from samarkand_core import (
    SECOND,
    SELL,
    Action,
    Discard,
    EndTurn,
    GameState,
    Marry,
    Pass,
    Place,
    legal_actions,
    view_for,
)
from samarkand_core.view import PlayerView
from samarkand_web.state.recap import TurnRecord, recap_for
from samarkand_web.state.sale_window import SaleWindow

HUMAN = "human"  # a seat a person plays (the other seats hold a bot level)


class Choices:
    """The queries of a Controller: what its fields (set by the Controller) allow now."""

    state: GameState  # the game on the screen
    committed: GameState  # the saved game (see Controller: take back)
    seats: tuple[str, ...]  # HUMAN or a bot level, by seat
    selected_family: int | None  # the family chosen to expand
    discard_sel: set[int]  # the cards ticked for a discard
    revealed: int | None  # whose hand the screen shows
    held: int | None  # the person whose finished turn waits for "End turn"
    pending_marriage: int | None  # a marriage waiting for its cards
    window: SaleWindow | None  # the sale window, with several people at the device
    turns: list[TurnRecord]  # every turn so far, public events only
    _last_camels: list[int]  # camels of the latest turn that placed any

    # ------------------------------------------------------------------ who decides

    @property
    def view(self) -> PlayerView:
        """The public view (with the revealed player's hand, if any). Without one it is the
        turn player's view, never the holder's of a card up for sale."""
        viewer = self.revealed if self.revealed is not None else self.state.turn_player
        return view_for(self.state, viewer)

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    @property
    def deciding(self) -> int:
        """Who decides now: the person whose finished turn waits for "End turn", else the
        engine's current player."""
        return self.held if self.held is not None else self.state.current_player

    @property
    def is_over(self) -> bool:
        """The game is over and committed (a held last move can still be taken back)."""
        return self.state.is_over and self.held is None

    @property
    def turn(self) -> int:
        """The number of the turn on the screen (a held turn is still the person's)."""
        return self.committed.turn if self.held is not None else self.state.turn

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat] != HUMAN

    @property
    def bot_to_move(self) -> bool:
        return (not self.is_over and self.held is None and self.window is None
                and self.is_bot(self.deciding))

    @property
    def shared_device(self) -> bool:
        """Several people take turns on this device: hands hide behind a curtain."""
        return len(self.humans) > 1

    @property
    def needs_curtain(self) -> bool:
        """A person must decide now whose hand is not on the screen (not in the sale
        window: that is a public screen of its own)."""
        return (not self.is_over and self.window is None and not self.is_bot(self.deciding)
                and self.revealed != self.deciding)

    def hand_shown(self) -> int | None:
        """Whose hand the screen may show now (None: nobody's)."""
        return self.revealed

    def human_turn(self) -> bool:
        """A person decides now and the screen is theirs: choices may be offered."""
        return (not self.is_over and self.window is None and not self.is_bot(self.deciding)
                and not self.needs_curtain)

    # ------------------------------------------------------------------ what is legal

    def legal(self) -> list[Action]:
        """The engine's moves a click may make now: none while a marriage waits for its
        cards or a finished turn for "End turn" (then only those two buttons act)."""
        if not self.human_turn() or self.held is not None or self.pending_marriage is not None:
            return []
        return legal_actions(self.state)

    def marry_families(self) -> list[str]:
        return [a.family for a in self.legal() if isinstance(a, Marry)]

    def expand_families(self) -> list[int]:
        """Families whose camel may be placed now (in order of the board)."""
        idx = self.state.board.family_index
        fams = sorted({idx[a.family] for a in self.legal() if isinstance(a, Place)})
        return fams

    def active_family(self) -> int | None:
        """The family a click on a space would place: the chosen one, or the second camel's
        (and the family of a marriage that waits for its cards, outlined on the board)."""
        if self.pending_marriage is not None:
            return self.pending_marriage
        if self.held is not None:
            return None
        if self.state.phase == SECOND:
            return self.state.exp_family
        return self.selected_family

    def legal_spaces(self) -> list[int]:
        f = self.active_family()
        if f is None:
            return []
        fid = self.state.board.family_ids[f]
        return sorted(a.space for a in self.legal() if isinstance(a, Place) and a.family == fid)

    def can_pass(self) -> bool:
        return any(isinstance(a, Pass) for a in self.legal())

    def can_end_turn(self) -> bool:
        if self.held is not None:
            return self.held == self.deciding and self.human_turn()
        return any(isinstance(a, EndTurn) for a in self.legal())

    def discard_range(self) -> tuple[int, int]:
        sizes = [len(a.cards) for a in self.legal() if isinstance(a, Discard)]
        return (min(sizes), max(sizes)) if sizes else (0, 0)

    def discard_choice(self) -> Discard | None:
        """The discard the ticked cards make, if it is a legal one."""
        want = tuple(sorted(self.discard_sel))
        for a in self.legal():
            if isinstance(a, Discard) and a.cards == want:
                return a
        return None

    def sale(self) -> tuple[int, int] | None:
        """(holder, good) while a goods card is offered for sale."""
        if self.state.phase == SELL:
            return self.state.pending_holder, self.state.pending_good
        return None

    def _turn_owner(self) -> int:
        return self.held if self.held is not None else self.state.turn_player

    def _family(self, fid: str) -> int | None:
        return self.state.board.family_index.get(fid)

    # ------------------------------------------------------------------ recap and marks

    def recap_seat(self) -> int | None:
        """The person whom the recap and the board's marks are for: the only person at
        the device, or (with several) the next person to play, from the turn player on.
        None when only bots play."""
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        start = self._turn_owner()
        return next(p % self.state.n for p in range(start, start + self.state.n)
                    if (p % self.state.n) in humans)

    def recap(self, seat: int | None = None) -> list[TurnRecord]:
        """Every other player's turn since `seat`'s last turn, in order (public events
        only: the log's lines)."""
        seat = self.recap_seat() if seat is None else seat
        if seat is None:
            return []
        return recap_for(self.turns, seat, self.turn)

    @property
    def last_spaces(self) -> list[int]:
        """Spaces to mark on the board: for the person the recap is for, the camels
        placed since their last turn, until they act in their own turn; then (and with
        bots only) the camels of the latest turn that placed any."""
        seat = self.recap_seat()
        if seat is None:
            return list(self._last_camels)
        current = self.turns[-1] if self.turns else None
        if current is not None and current.player == seat and current.turn == self.turn:
            return list(current.spaces)
        return [sp for r in self.recap(seat) for sp in r.spaces]
