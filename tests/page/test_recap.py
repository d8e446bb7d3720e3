"""Since your last turn: the recap lists every other player's turn in
order, from public events only, with each player's money change; the board marks the
camels placed since the person's last turn until they act."""

from __future__ import annotations

from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.recap import money_totals

from samarkand_core import PRIVATE_EVENTS, Marry, Place, new_game
from samarkand_core.state import MAIN

SEATS = [HUMAN, "heuristic", "heuristic"]


def bots_play_until_the_person(ctl: Controller) -> None:
    while ctl.bot_to_move:
        assert ctl.bot_move_now() is not None


def first_turns(seed: int = 3) -> Controller:
    """Ann (a person) starts; she marries, then both bots play their turns."""
    ctl = Controller(new_game(["Ann", "Bot 2", "Bot 3"], seed, 0), SEATS)
    assert ctl.click_family(ctl.marry_families()[0]) and ctl.confirm_marriage()
    while ctl.state.turn_player == 0 and not ctl.is_over:
        ctl.apply(ctl.legal()[0])  # the discard
    bots_play_until_the_person(ctl)
    return ctl


def test_the_recap_lists_the_other_players_turns_in_order() -> None:
    ctl = first_turns()
    assert ctl.human_turn() and ctl.state.turn_player == 0
    recap = ctl.recap()
    assert [r.player for r in recap] == [1, 2]
    assert [r.turn for r in recap] == [2, 3]
    # the first turns are marriages: family, portion, how many cards (never which)
    for r in recap:
        marry = [ln for ln in r.lines if ln.key == "log.marry"]
        assert len(marry) == 1 and marry[0].params["player"] == r.player
        assert marry[0].params["n"] == ctl.state.board.portion[marry[0].params["family"]]
        draws = [ln for ln in r.lines if ln.key == "log.draw"]
        assert draws and set(draws[0].params) == {"player", "n"}


def test_money_changes_add_up_to_the_money_on_the_table() -> None:
    ctl = first_turns()
    recap = ctl.recap()
    totals = money_totals(recap, ctl.state.n)
    for p in (1, 2):
        portion = sum(ctl.state.board.portion[f] for f in recap[p - 1].families)
        assert totals[p] == -portion
    start = recap[0].money_before
    assert [start[p] + totals[p] for p in range(3)] == ctl.state.money


def test_a_recap_never_names_a_kept_card_or_who_was_asked() -> None:
    """docs/rules.md (Goods): only a sale is public."""
    ctl = Controller(new_game(["Ann", "Bot 2", "Bot 3"], 11, 0), SEATS)
    for _ in range(60):
        if ctl.is_over:
            break
        if ctl.bot_to_move:
            ctl.bot_move_now()
        else:
            ctl.apply(ctl.legal()[-1])
    keys = {ln.key for r in ctl.turns for ln in r.lines}
    assert not {k for k in keys if any(p in k for p in PRIVATE_EVENTS)}
    assert all("cards" not in ln.params for r in ctl.turns for ln in r.lines)


def test_the_recap_is_for_the_person_even_while_the_bots_play() -> None:
    ctl = Controller(new_game(["Ann", "Bot 2", "Bot 3"], 5, 0), SEATS)
    ctl.apply(ctl.legal()[0])
    while ctl.state.turn_player == 0:
        ctl.apply(ctl.legal()[0])
    assert ctl.recap_seat() == 0 and ctl.recap() == []
    ctl.bot_move_now()
    while ctl.state.turn_player == 1:
        ctl.bot_move_now()
    assert [r.player for r in ctl.recap()] == [1]


def test_in_hotseat_the_recap_is_for_the_next_person() -> None:
    ctl = Controller(new_game(["Ann", "Bob", "Cem"], 5, 0), [HUMAN] * 3)
    ctl.reveal()
    ctl.apply(next(a for a in ctl.legal() if isinstance(a, Marry)))
    while ctl.state.turn_player == 0:
        ctl.reveal()
        ctl.apply(ctl.legal()[0])
    assert ctl.needs_curtain and ctl.recap_seat() == 1
    assert [r.player for r in ctl.recap()] == [0]  # Bob had no turn yet: all since start


def test_camels_placed_since_the_last_turn_stay_marked_until_the_person_acts() -> None:
    ctl = Controller(new_game(["Ann", "Bot 2", "Bot 3"], 2, 0), SEATS)
    placed: list[int] = []
    for _ in range(200):  # play on until the bots have placed camels since Ann's turn
        if ctl.is_over:
            break
        if ctl.bot_to_move:
            before = len(ctl.log)
            ctl.bot_move_now()
            placed += [ln.params["space"] for ln in ctl.log[before:] if ln.key == "log.camel"]
            continue
        if placed and ctl.state.phase == MAIN and ctl.human_turn():
            break
        if ctl.state.turn_player == 0:
            placed = []  # Ann's own turn (not a sale asked of her in a bot's turn)
        ctl.apply(ctl.legal()[0])
    assert placed, "no bot placed a camel"
    assert ctl.last_spaces == placed
    place = next((a for a in ctl.legal() if isinstance(a, Place)), None)
    if place is None:
        return
    f = ctl.state.board.family_index[place.family]
    if ctl.selected_family != f:
        ctl.select_family(place.family)
    assert ctl.click_space(place.space)
    assert ctl.last_spaces == [place.space]  # Ann acted: her own camel only
    assert ctl.latest_spaces == (place.space,)
    assert ctl.take_back()
    assert ctl.last_spaces == placed  # taken back: the others' marks again
