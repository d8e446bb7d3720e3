"""Replays: every position, the moves a spectator steps through, turns, and
that a public replay never shows a hidden card (docs/rules.md, Goods: a kept card is its
holder's secret; only a sale is public)."""

from __future__ import annotations

import dataclasses

import pytest

from samarkand_core import (
    GameState,
    apply_action,
    decode_save,
    encode_save,
    final_scores,
    new_game,
    view_for,
)
from samarkand_core.replay import HiddenHandsError, Replay, move_text, public_view
from samarkand_core.state import SELL
from tests.support.replay_support import twin_games
from tests.support.web_support import play_until, random_game

SKIP = {"board", "history", "events", "_legal"}


def snapshot(s: GameState) -> dict[str, object]:
    """Every field of a state but its caches and its history (compared separately)."""
    return {k: getattr(s, k) for k in GameState.__slots__ if k not in SKIP}


def view_fields(v: object) -> dict[str, object]:
    out = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)  # type: ignore[arg-type]
           if f.name not in ("board", "_state")}
    out["_state"] = snapshot(v._state)  # type: ignore[attr-defined]
    return out


GAMES = [random_game(n, seed) for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4))]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_every_position_is_the_engine_replaying_that_many_actions(game: GameState) -> None:
    rp = Replay.from_code(encode_save(game))
    assert rp.n_actions == len(game.actions)
    s = new_game(list(game.names), game.options.seed, game.options.first_player)
    for k, action in enumerate(game.actions):
        assert snapshot(rp.state_at(k)) == snapshot(s), f"position {k}"
        assert rp.state_at(k).actions == game.actions[:k]
        s = apply_action(s, action)
    assert snapshot(rp.state_at(rp.n_actions)) == snapshot(s)
    assert snapshot(rp.final) == snapshot(decode_save(encode_save(game)))
    with pytest.raises(IndexError):
        rp.state_at(rp.n_actions + 1)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_moves_cover_every_action_once_and_never_stop_at_a_secret_sale(game: GameState) -> None:
    rp = Replay.from_state(game)
    covered = []
    for m in range(1, rp.n_moves + 1):
        mv = rp.move(m)
        covered += list(range(mv.first, mv.end))
        assert rp.state_at(mv.end).phase != SELL
        # A sale decision belongs to the move of the camel that set it off.
        assert rp.actions[mv.first].kind not in ("sell", "keep")
        assert all(rp.actions[i].kind in ("sell", "keep") for i in range(mv.first + 1, mv.end))
        assert mv.turn == rp.state_at(mv.first).turn
        assert mv.player == rp.state_at(mv.first).turn_player
    assert covered == list(range(rp.n_actions))
    assert rp.positions[0] == 0 and rp.positions[-1] == rp.n_actions


def test_a_game_saved_while_a_holder_decides_ends_its_replay_at_the_move_before() -> None:
    s = play_until(lambda s: s.phase == SELL)
    rp = Replay.from_state(s)
    assert rp.positions[-1] == rp.n_actions - 1
    assert rp.state_after_move(rp.n_moves).phase != SELL


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_turn_starts_are_the_first_action_of_each_turn(game: GameState) -> None:
    rp = Replay.from_state(game)
    assert rp.turn_starts[0] == 0
    assert len(rp.turn_starts) == game.turn
    for t, k in enumerate(rp.turn_starts, 1):
        assert rp.state_at(k).turn == t
        if k:
            assert rp.state_at(k - 1).turn == t - 1
        assert rp.turn_at_move(rp.turn_start_move(t)) == t
        assert rp.positions[rp.turn_start_move(t)] == k


def test_stepping_by_turns() -> None:
    rp = Replay.from_state(GAMES[1])
    m = 0
    seen = [rp.turn_at_move(0)]
    while m < rp.n_moves:
        m = rp.next_turn(m)
        seen.append(rp.turn_at_move(m))
    # every turn once, in order (the last move may stay in the last turn)
    assert seen[: rp.n_turns] == list(range(1, rp.n_turns + 1))
    middle = rp.turn_start_move(5) + 1
    assert rp.prev_turn(middle) == rp.turn_start_move(5)
    assert rp.prev_turn(rp.turn_start_move(5)) == rp.turn_start_move(4)
    assert rp.prev_turn(0) == 0 and rp.next_turn(rp.n_moves) == rp.n_moves


def test_move_at_finds_the_move_of_any_action_count() -> None:
    rp = Replay.from_state(GAMES[2])
    for k in range(rp.n_actions + 1):
        m = rp.move_at(k)
        assert rp.positions[m] <= k
        assert m == rp.n_moves or rp.positions[m + 1] > k


# -------------------------------------------------------------------- secrets


def test_twin_games_differ_in_hidden_cards_only() -> None:
    a, b = twin_games()
    ra, rb = Replay.from_state(a), Replay.from_state(b)
    assert ra.n_moves == rb.n_moves
    # the hidden parts do differ, and so do the raw action counts (keeps are secret) ...
    assert any(ra.state_after_move(m).hands != rb.state_after_move(m).hands
               for m in range(ra.n_moves + 1))
    assert ra.n_actions != rb.n_actions


def test_a_public_replay_shows_the_same_in_games_that_differ_only_in_hidden_cards() -> None:
    """docs/rules.md (Goods): only a sale is public; hands, who keeps a card and the deck
    are not. Views, move numbers and words of both twins must be equal at every move."""
    a, b = twin_games()
    ra, rb = Replay.from_state(a), Replay.from_state(b)
    for m in range(ra.n_moves + 1):
        assert view_fields(ra.public_view(m)) == view_fields(rb.public_view(m)), m
        assert ra.turn_at_move(m) == rb.turn_at_move(m)
        assert ra.camels_of_turn(m) == rb.camels_of_turn(m)
        if m:
            assert move_text(ra, m) == move_text(rb, m)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_a_public_view_holds_no_hand_and_no_holder(game: GameState) -> None:
    rp = Replay.from_state(game)
    for k in range(rp.n_actions + 1):
        s = rp.state_at(k)
        v = public_view(s)
        assert v.hand == () and v.legal == ()
        assert v.viewer == -1
        assert v.hand_sizes == tuple(len(h) for h in s.hands)
        assert v.sold == tuple(s.sold)  # a sold card lies face up (rulebook)
        assert all(h == () for h in v._state.hands)
        assert v._state.deck == () and v._state.discard == () and v._state.rng == 0
        assert v._state.options.seed == 0
        if s.phase == SELL:
            assert v.current_player == -1 and v.pending_holder == -1


def test_public_words_never_mention_a_kept_card() -> None:
    game = next(g for g in GAMES if any(a.kind == "keep" for a in g.actions))
    rp = Replay.from_state(game)
    text = " ".join(move_text(rp, m) for m in range(1, rp.n_moves + 1))
    assert "keeps the" not in text
    sells = sum(1 for a in game.actions if a.kind == "sell")
    assert text.count(" card for 3 dirhams") == sells


def test_all_hands_only_for_a_finished_game() -> None:
    over = Replay.from_state(GAMES[0])
    assert over.hands_at(3) == tuple(over.state_after_move(3).hands)
    keeps = sum(1 for a in GAMES[0].actions if a.kind == "keep")
    text = " ".join(move_text(over, m, True) for m in range(1, over.n_moves + 1))
    assert text.count("keeps the") == keeps
    unfinished = Replay.from_state(play_until(lambda s: s.turn == 12))
    with pytest.raises(HiddenHandsError):
        unfinished.hands_at(1)
    with pytest.raises(HiddenHandsError):
        unfinished.events(0, show_all=True)


def test_words_of_a_move_follow_the_table() -> None:
    rp = Replay.from_state(GAMES[1])
    first = rp.move(1)
    assert rp.actions[0].kind == "marry"
    assert move_text(rp, 1).startswith(f"{rp.names[first.player]} marries into the ")
    ends = [m for m in range(1, rp.n_moves + 1) if rp.actions[rp.move(m).first].kind
            == "end_turn"]
    assert ends and all(move_text(rp, m).endswith("ends the turn.") for m in ends)


def test_final_scores_of_the_last_move_are_the_games() -> None:
    for game in GAMES:
        rp = Replay.from_state(game)
        assert final_scores(rp.state_after_move(rp.n_moves)) == final_scores(game)
        assert view_for(rp.final, 0).is_over
