"""The coach: the Hard bot's move for a person with reasons, from that person's view only."""

from __future__ import annotations

import pytest

from samarkand_core import apply_action, legal_actions, new_game, view_for
from samarkand_core.bots.coach import Advice, Coach, Reason
from samarkand_core.bots.coach_text import COACH_TEXT, NAME_PARAMS, coach_text
from tests.support.helpers import assert_texts_alike, placeholders, reshuffle_hidden
from tests.support.positions import ALL, Kind, position

SMALL = 40  # search iterations: enough to rank the moves, quick for a test


def advise(coach: Coach, n: int, kind: Kind, i: int, hidden_seed: int | None = None) -> Advice:
    s = position(n, kind, i)
    p = s.current_player
    if hidden_seed is not None:
        s = reshuffle_hidden(s, p, hidden_seed)
    return coach.advise(view_for(s, p))


@pytest.mark.parametrize(("n", "kind", "i"), ALL)
def test_the_suggestion_and_the_alternative_are_legal_with_reasons(
    n: int, kind: Kind, i: int
) -> None:
    s = position(n, kind, i)
    advice = Coach(3, iterations=SMALL).advise(view_for(s, s.current_player))
    legal = legal_actions(s)
    assert advice.player == s.current_player
    assert advice.best.action in legal
    apply_action(s, advice.best.action)
    assert advice.alternative is not None  # every position here has two or more choices
    assert advice.alternative.action in legal
    assert advice.alternative.action != advice.best.action
    for suggestion in (advice.best, advice.alternative):
        assert 1 <= len(suggestion.reasons) <= 4
        # -1: a kind of decision the Hard bot leaves to the heuristic's judgement.
        assert 0.0 <= suggestion.win_chance <= 1.0 or suggestion.win_chance == -1.0
        for reason in suggestion.reasons:
            assert reason.key in COACH_TEXT["en"], reason
            # Each reason has the values its sentence needs (n also picks a singular).
            needed = placeholders(COACH_TEXT["en"][reason.key])
            assert needed <= set(reason.params) <= needed | {"n"}, reason
            if reason.params.get("n") == 1 and reason.key + "_one" in COACH_TEXT["en"]:
                assert placeholders(COACH_TEXT["en"][reason.key + "_one"]) <= set(reason.params)
            assert all(isinstance(v, int) for v in reason.params.values())


@pytest.mark.parametrize(
    ("n", "kind", "i"), [(3, "main", 0), (4, "main", 1), (3, "discard", 0), (4, "sell_other", 0),
                         (3, "second", 1), (4, "sell_turn", 0)]
)
def test_only_the_persons_view_counts(n: int, kind: Kind, i: int) -> None:
    # Two games that differ only in cards the person cannot see get the same advice.
    coach = Coach(5, iterations=SMALL)
    first = advise(coach, n, kind, i)
    for seed in (21, 22):
        assert advise(coach, n, kind, i, hidden_seed=seed) == first


def test_the_coach_thinks_in_slices_and_decides_the_same() -> None:
    s = position(3, "main", 1)
    view = view_for(s, s.current_player)
    whole = Coach(2, iterations=SMALL).advise(view)
    thinking = Coach(2, iterations=SMALL).start(view)
    slices = 1
    while not thinking.step(0.0):
        slices += 1
        assert slices < 10_000
    assert thinking.result() == whole
    assert slices > SMALL  # one iteration (or one explanation) per used-up slice


def test_decisions_left_to_the_heuristic_rank_by_its_values() -> None:
    from samarkand_core.bots.search import DEFAULT_PARAMS

    s = position(3, "discard", 0)
    params = DEFAULT_PARAMS.replace(discard_scale=0.0)
    advice = Coach(1, iterations=SMALL, params=params).advise(view_for(s, s.current_player))
    assert advice.iterations == 0 and advice.best.win_chance == -1.0
    assert advice.alternative is not None
    assert advice.best.action in legal_actions(s) and advice.alternative.action in legal_actions(s)


def test_a_single_legal_move_is_explained_as_such() -> None:
    s = new_game(["A", "B", "C"], 3).copy()
    s.money[s.turn_player] = 0
    advice = Coach(1, iterations=SMALL).advise(view_for(s, s.current_player))
    assert advice.best.action.kind == "pass"
    assert advice.alternative is None
    assert [r.key for r in advice.best.reasons] == ["coach.reason.only_move"]


def test_the_coach_asked_for_someone_else_refuses() -> None:
    s = position(3, "main", 0)
    with pytest.raises(ValueError):
        Coach(1).start(view_for(s, (s.current_player + 1) % s.n))


def test_reasons_name_goods_and_families_by_number() -> None:
    seen: set[str] = set()
    for n, kind, i in ALL:
        s = position(n, kind, i)
        advice = Coach(4, iterations=SMALL).advise(view_for(s, s.current_player))
        for sug in (advice.best, advice.alternative):
            assert sug is not None
            for r in sug.reasons:
                seen.add(r.key)
                if "good" in r.params:
                    assert 1 <= r.params["good"] <= s.board.n_goods
                for k in ("family", "other"):
                    if k in r.params:
                        assert 0 <= r.params[k] < s.board.n_families
    assert len(seen) >= 5  # the positions call for several kinds of reason


def test_every_reason_has_text_in_four_languages_with_the_same_placeholders() -> None:
    assert set(COACH_TEXT) == {"en", "de", "fr", "it"}
    keys = assert_texts_alike(COACH_TEXT)
    # Every key the coach can produce is among them (read from the module's source).
    import inspect

    from samarkand_core.bots import coach

    produced = set()
    src = inspect.getsource(coach)
    for piece in src.split('"coach.reason.')[1:]:
        produced.add("coach.reason." + piece.split('"')[0])
    assert produced and produced <= keys, produced - keys
    for key in keys:
        if key.endswith("_one"):
            assert key[: -len("_one")] in keys


def test_the_text_of_a_reason() -> None:
    r = Reason("coach.reason.goods_card", {"good": 30, "family": 4, "points": 4})
    names = {"good": "Silk", "family": "House of Merv"}
    values = {k: names[k] if k in NAME_PARAMS else v for k, v in r.params.items()}
    assert coach_text("en", r.key, **values) == (
        "Your camel of the House of Merv reaches Silk, where you hold the card (+4).")
    assert "Seide" not in coach_text("de", r.key, **values)  # names come from the page
    assert coach_text("xx", r.key, **values) == coach_text("en", r.key, **values)
