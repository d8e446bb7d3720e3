"""Take back: a person takes back their own decisions of the current
turn (a camel, the second camel and its dirham, the family chosen to expand, a marriage
until its cards are drawn) as long as no hidden information came out; the saved game
(``committed``) only ever holds committed moves.

Commit points (the rulebook has no take back; these are ours): cards drawn (a marriage
confirmed), a camel that takes a goods marker (whoever holds its card is asked to sell:
docs/rules.md, Goods), a discard, a sale or a keep, and "End turn" for everything else."""

from __future__ import annotations

from collections.abc import Callable

from samarkand_web.state.controller import HUMAN, Controller

from samarkand_core import GameState, Marry, Place, apply_action, legal_actions
from samarkand_core.state import DISCARD, MAIN, SECOND, SELL
from tests.support.web_support import play_until, settled


def _placements(s: GameState, pred: Callable[[GameState, GameState], bool]) -> list[Place]:
    return [a for a in legal_actions(s) if isinstance(a, Place) and pred(s, apply_action(s, a))]


def quiet(before: GameState, after: GameState) -> bool:
    """A camel that takes no goods marker (so that no card holder is asked)."""
    return not any(e.kind == "goods_marker" for e in after.events)


def at(pred: Callable[[GameState], bool], seats: list[str] | None = None,
       players: int = 3) -> Controller:
    s = play_until(lambda s: pred(s) and settled(s), players=players)
    ctl = Controller(s, seats or [HUMAN] * s.n)
    ctl.reveal()
    return ctl


def click(ctl: Controller, action: Place) -> None:
    """Place as a person does: choose the family (when asked), click the space."""
    f = ctl.state.board.family_index[action.family]
    if ctl.state.phase == MAIN and ctl.selected_family != f:
        assert ctl.select_family(action.family)
    assert ctl.click_space(action.space)


def test_a_first_camel_is_taken_back_and_the_save_never_held_it() -> None:
    ctl = at(lambda s: s.phase == MAIN and bool(_placements(
        s, lambda b, a: quiet(b, a) and a.phase == SECOND)))
    before, log_len = ctl.state, len(ctl.log)
    saved = ctl.committed
    click(ctl, _placements(before, lambda b, a: quiet(b, a) and a.phase == SECOND)[0])
    assert ctl.state.phase == SECOND and ctl.committed is saved  # pending
    assert ctl.can_take_back()
    assert ctl.take_back()
    assert ctl.state is before and len(ctl.log) == log_len and ctl.committed is saved
    assert ctl.selected_family is not None  # the family choice is the next to go


def test_the_family_choice_is_taken_back_after_the_camel() -> None:
    ctl = at(lambda s: s.phase == MAIN and len(
        {a.family for a in legal_actions(s) if isinstance(a, Place)}) >= 2)
    assert ctl.selected_family is None and not ctl.can_take_back()
    fid = next(a.family for a in ctl.legal() if isinstance(a, Place))
    assert ctl.select_family(fid)
    assert ctl.can_take_back() and ctl.take_back()
    assert ctl.selected_family is None and not ctl.can_take_back()


def test_the_second_camel_and_its_dirham_are_taken_back() -> None:
    """Rulebook: the second camel costs the family 1 dirham. The engine ends the turn
    after it; the page holds that end until the person ends the turn."""
    ctl = at(lambda s: s.phase == SECOND and bool(_placements(s, quiet)))
    player, f = ctl.state.turn_player, ctl.state.exp_family
    before = ctl.state
    treasury = before.treasury[f]
    click(ctl, _placements(before, quiet)[0])
    assert ctl.state.treasury[f] == treasury - 1
    assert ctl.held == player and ctl.deciding == player and ctl.human_turn()
    assert ctl.can_end_turn() and ctl.legal() == [] and not ctl.needs_curtain
    assert ctl.committed is before
    assert ctl.take_back()
    assert ctl.held is None and ctl.state is before and ctl.state.treasury[f] == treasury


def test_end_turn_commits_a_held_turn_and_then_nothing_can_be_taken_back() -> None:
    ctl = at(lambda s: s.phase == SECOND and bool(_placements(s, quiet)))
    player = ctl.state.turn_player
    click(ctl, _placements(ctl.state, quiet)[0])
    after = ctl.state
    assert ctl.end_turn()
    assert ctl.committed is after and ctl.held is None
    assert ctl.state.turn_player != player or ctl.is_over
    assert not ctl.can_take_back()


def test_a_camel_that_takes_a_goods_marker_commits_at_once() -> None:
    """Whoever holds its card is asked to sell (docs/rules.md, Goods): whether anyone is
    asked says where the card is, so the camel cannot come back."""
    def takes(b: GameState, a: GameState) -> bool:
        return any(e.kind == "goods_marker" for e in a.events)

    ctl = at(lambda s: s.phase == MAIN and bool(_placements(s, takes)))
    mover = ctl.state.turn_player
    click(ctl, _placements(ctl.state, takes)[0])
    # hotseat: the public sale window shows; the game behind it is committed already
    assert ctl.window is not None and ctl.committed is ctl.window.real
    assert not ctl.can_take_back() and not ctl.take_back()
    assert ctl.sale_pass()  # "No sale": a person holder keeps the card
    assert ctl.committed is ctl.state and ctl.state.phase != SELL
    if ctl.state.turn_player != mover or ctl.is_over:
        return  # the turn is over; the next person has nothing to take back
    ctl.reveal()
    assert not ctl.can_take_back()
    assert not ctl.take_back()
    assert ctl.error is not None and ctl.error.key == "takeback.no_goods"


def test_a_marriage_is_taken_back_until_its_cards_are_drawn() -> None:
    ctl = at(lambda s: s.phase == MAIN and any(isinstance(a, Marry) for a in legal_actions(s))
             and s.hand_count(s.turn_player) < s.limit)
    before = ctl.state
    fid = ctl.marry_families()[0]
    assert ctl.click_family(fid) and ctl.can_take_back()
    assert ctl.take_back()
    assert ctl.pending_marriage is None and ctl.state is before
    assert ctl.click_family(fid) and ctl.confirm_marriage()
    assert ctl.committed is ctl.state  # cards drawn: committed
    assert ctl.state.phase == DISCARD
    assert not ctl.can_take_back() and not ctl.take_back()
    assert ctl.error is not None and ctl.error.key == "takeback.no_cards"


def test_a_relationship_and_its_bonuses_are_taken_back() -> None:
    """Rulebook: a first meeting pays 3 and 1 dirhams and gives two markers; all public
    and certain, so a camel that made it can be taken back with them."""
    def meets(b: GameState, a: GameState) -> bool:
        return quiet(b, a) and any(e.kind == "relationship" for e in a.events)

    ctl = at(lambda s: s.phase == MAIN and bool(_placements(s, meets)))
    before = ctl.state
    click(ctl, _placements(before, meets)[0])
    assert ctl.state.money != before.money or ctl.state.markers_left != before.markers_left
    assert ctl.take_back()
    assert ctl.state.money == before.money and ctl.state.markers_left == before.markers_left


def test_a_held_turn_keeps_the_bots_waiting() -> None:
    ctl = at(lambda s: s.phase == SECOND and s.turn_player == 0 and bool(_placements(s, quiet)),
             seats=[HUMAN, "random", "random"])
    click(ctl, _placements(ctl.state, quiet)[0])
    assert ctl.held == 0 and not ctl.bot_to_move
    assert ctl.end_turn()
    assert ctl.bot_to_move or ctl.is_over


def test_in_hotseat_the_curtain_comes_only_after_end_turn() -> None:
    ctl = at(lambda s: s.phase == SECOND and bool(_placements(s, quiet)))
    player = ctl.state.turn_player
    click(ctl, _placements(ctl.state, quiet)[0])
    assert not ctl.needs_curtain and ctl.hand_shown() == player
    ctl.end_turn()
    if not ctl.is_over:
        assert ctl.needs_curtain and ctl.hand_shown() is None


def test_a_game_ending_camel_is_held_until_end_turn() -> None:
    def ends(b: GameState, a: GameState) -> bool:
        return quiet(b, a) and a.is_over

    ctl = at(lambda s: s.phase in (MAIN, SECOND) and bool(_placements(s, ends)))
    click(ctl, _placements(ctl.state, ends)[0])
    assert ctl.state.is_over and not ctl.is_over and ctl.held is not None
    assert ctl.take_back() and not ctl.state.is_over
    click(ctl, _placements(ctl.state, ends)[0])
    assert ctl.end_turn() and ctl.is_over and ctl.committed.is_over


def test_only_the_turn_player_takes_back_never_a_card_holder() -> None:
    """A card holder asked to sell has nothing to take back: not in hotseat's sale window
    (nobody has there), nor one person with bots asked in a bot's turn."""
    s = play_until(lambda s: s.phase == SELL and s.pending_holder != s.turn_player)
    hot = Controller(s, [HUMAN] * s.n)
    assert hot.window is not None and not hot.can_take_back() and not hot.take_back()
    seats = ["random"] * s.n
    seats[s.pending_holder] = HUMAN
    ctl = Controller(s, seats)
    assert ctl.human_turn() and ctl.deciding == s.pending_holder
    assert ctl.deciding != ctl.state.turn_player and not ctl.can_take_back()
