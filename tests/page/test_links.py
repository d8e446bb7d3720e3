"""The page's address (samarkand_web.saves.links): ?players=...&seed=..., #<save code>."""

from __future__ import annotations

import pytest
from samarkand_web.saves.links import (
    game_url,
    parse_first,
    parse_fragment,
    parse_location,
    parse_players,
    share_url,
)

from samarkand_core.bots import LEVELS


def test_players_and_seed_start_a_game_at_once() -> None:
    req = parse_location("?players=Ann,Bob,Cem&seed=7", "")
    assert req.start is not None and not req.problems
    assert req.start.names == ("Ann", "Bob", "Cem")
    assert req.start.seats == ("human", "human", "human")
    assert req.start.seed == 7 and req.start.first is None


def test_bot_seats_in_the_address() -> None:
    req = parse_location("?players=Ann,bot:random,bot", "")
    assert req.start is not None
    assert req.start.seats == ("human", "random", LEVELS[0])
    assert req.start.names == ("Ann", "Bot 2 (random)", f"Bot 3 ({LEVELS[0]})")


def test_unknown_bot_level_plays_as_the_first_level_and_says_so() -> None:
    seats, problems = parse_players("Ann,bot:grandmaster")
    assert seats[1][1] == LEVELS[0]
    assert [p.key for p in problems] == ["link.unknown_level"]


@pytest.mark.parametrize("query,key", [
    ("?players=Ann", "link.player_count"),
    ("?players=A,B,C,D,E,F", "link.player_count"),
    ("?players=Ann,ann", "form.name_twice"),
    ("?players=Ann,,Bob", "form.name_empty"),
    ("?players=Ann,Bob&seed=-3", "link.bad_seed"),
    ("?players=Ann,Bob&seed=x", "link.bad_seed"),
    ("?players=Ann,Bob&first=9", "link.bad_first"),
    ("?players=" + "X" * 30 + ",Bob", "form.name_long"),
])
def test_a_bad_address_gives_problems_and_starts_nothing(query: str, key: str) -> None:
    req = parse_location(query, "")
    assert req.start is None
    assert key in [p.key for p in req.problems]
    assert req.draft  # the form can be prefilled with what was given


def test_first_player_by_number_or_name() -> None:
    names = ["Ann", "Bob", "Cem"]
    assert parse_first("2", names) == 1
    assert parse_first("cem", names) == 2
    assert parse_first("random", names) is None
    with pytest.raises(ValueError):
        parse_first("Dee", names)
    req = parse_location("?players=Ann,Bob&first=Bob&seed=3", "")
    assert req.start is not None and req.start.first == 1


def test_fragment_holds_the_save_code_and_optional_bot_seats() -> None:
    assert parse_fragment("") == (None, {}, [])
    assert parse_fragment("#s1-abc") == ("s1-abc", {}, [])
    code, bots, problems = parse_fragment("#s1-abc&bots=2:random,3:nolevel&x=1")
    assert code == "s1-abc" and bots == {1: "random", 2: LEVELS[0]}
    assert [p.key for p in problems] == ["link.unknown_level"]


def test_share_url_round_trips_through_the_parser() -> None:
    url = share_url("http://127.0.0.1:8000/index.html", "s1-XYZ_-", ["human", "random"])
    assert url == "http://127.0.0.1:8000/index.html#s1-XYZ_-&bots=2:random"
    req = parse_location("", url.split("#", 1)[1])
    assert req.code == "s1-XYZ_-" and req.code_bots == {1: "random"}


def test_game_url_language_speed_and_saved_game() -> None:
    assert game_url("/index.html", "abc123") == "/index.html?game=abc123"
    req = parse_location("?game=abc123&lang=de&speed=instant", "")
    assert (req.game, req.lang, req.speed, req.start) == ("abc123", "de", "instant", None)
    assert [p.key for p in parse_location("?speed=warp", "").problems] == ["link.bad_speed"]
