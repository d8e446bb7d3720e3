"""Where the keyboard focus goes after a move: to the next control the
person needs, never back to the top of the page. Selectors for main.py, which focuses
the first element that matches (and does nothing when none does)."""

from __future__ import annotations

from samarkand_core import DISCARD, MAIN, SECOND, SELL
from samarkand_web.state.controller import Controller

STATUS = "#status"
FIRST_LEGAL_SPACE = "#board [data-space].legal"
FIRST_LEGAL_DOMAIN = '#board [data-family].legal [role="button"]'  # a domain's face
DECISION = "#actions .decision"
KEEP = '#actions [data-action="keep"]'
# the hotseat sale window's first choice ("No sale", or the first name to sell); by link,
# the round's first answer in the decision panel
SALE_WINDOW = ("#sale-pass, #overlay .sale-window .choices button, #overlay h2, "
               "#actions .remote-sale .choices button")


def after_move(ctl: Controller) -> str:
    """The control to focus once a move (or a take back) has been drawn."""
    if ctl.window is not None:
        return SALE_WINDOW
    if ctl.is_over:
        return "#overlay h2"
    if ctl.needs_curtain:
        return "#reveal" if ctl.shared_device else STATUS
    if not ctl.human_turn():
        return STATUS  # a bot moves next: the status line says who and what
    if ctl.held is not None:
        return "#end-turn"
    if ctl.pending_marriage is not None:
        return "#confirm-marriage"
    # Never an irreversible choice under the focus by default (a second Enter would make
    # it): the decision itself (not a tab stop, Enter does nothing there; Tab reaches its
    # cards and spaces), or at a sale the card kept, the choice that gives nothing away.
    phase = ctl.state.phase
    if phase == SELL:
        return KEEP
    if phase in (DISCARD, SECOND):
        return DECISION  # not the first card (Enter marks it), not the first space
    if phase == MAIN and ctl.active_family() is not None and ctl.legal_spaces():
        return DECISION  # not the first space: a camel there may take a goods marker
    return f"{DECISION} button, {FIRST_LEGAL_DOMAIN}, {DECISION}"


def turn_start(ctl: Controller) -> str | None:
    """When the turn comes back to the person after bots: their decision (main.py moves
    the focus there only if it rests on nothing the person is using)."""
    if ctl.window is not None:
        return SALE_WINDOW
    if ctl.human_turn() and not ctl.is_over:
        return DECISION
    return None
