"""The tournament command (samarkand_core.research.tournament): bots of given levels play
seeded games with rotating seats; JSON or a table, repeatable, resumable from its log,
with Wilson intervals and (optionally) ratings."""

from __future__ import annotations

import json
import pathlib

import pytest

from samarkand_core.__main__ import main
from samarkand_core.bots.search import DEFAULT_PARAMS, SearchBot, SearchParams
from samarkand_core.research.tournament import bot_names, run_games, wilson


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["tournament", *args]) == 0
    return capsys.readouterr().out


def test_the_tournament_prints_json_with_the_documented_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run_cli(["--players", "3", "--games", "2", "--bots", "heuristic,random,random",
                   "--seed", "4", "--json"], capsys)
    data = json.loads(out)
    assert set(data) == {"bots", "games", "ratings", "timing"}
    assert data["games"] == 2
    assert list(data["bots"]) == ["heuristic", "random", "random#2"]
    for rec in data["bots"].values():
        assert set(rec) == {"win_rate", "ci95", "avg_score"}
        lo, hi = rec["ci95"]
        assert 0.0 <= lo <= rec["win_rate"] <= hi <= 1.0
        assert rec["avg_score"] > 0
    # One rating per level (the two random bots share theirs), best first.
    assert list(data["ratings"]) == ["heuristic", "random"]
    for rec in data["ratings"].values():
        assert set(rec) == {"mu", "sigma", "ordinal"}
        assert rec["ordinal"] == pytest.approx(rec["mu"] - 3 * rec["sigma"], abs=2e-3)
    assert set(data["timing"]) == set(data["bots"])


def test_the_tournament_table_and_its_repeatability(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "4", "--games", "4", "--bots", "random,random,random,random",
            "--seed", "9"]
    table = run_cli(args, capsys)
    assert "random#4" in table and "95% CI" in table
    assert "rating per level" in table and "ordinal" in table
    once = json.loads(run_cli([*args, "--json"], capsys))
    twice = json.loads(run_cli([*args, "--json"], capsys))
    del once["timing"], twice["timing"]  # CPU time differs from run to run
    assert once == twice


@pytest.mark.slow
def test_a_tournament_cut_short_resumes_from_its_log(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    log = tmp_path / "games.jsonl"
    base = ["--players", "3", "--bots", "heuristic,random,random", "--seed", "6", "--json"]
    whole = json.loads(run_cli([*base, "--games", "4"], capsys))
    run_cli([*base, "--games", "2", "--log", str(log)], capsys)
    resumed = json.loads(run_cli([*base, "--games", "4", "--log", str(log), "--resume"], capsys))
    assert len(log.read_text().splitlines()) == 4
    del whole["timing"], resumed["timing"]
    assert resumed == whole
    # A log of another seed is refused, and so is --resume without a log.
    assert main(["tournament", *base[:-3], "--seed", "7", "--games", "5", "--log", str(log),
                 "--resume"]) == 2
    assert "is not the game this command plays" in capsys.readouterr().err
    assert main(["tournament", *base, "--games", "5", "--resume"]) == 2
    assert "name one" in capsys.readouterr().err


def test_the_tournament_rejects_a_wrong_number_of_bots(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", "3", "--bots", "random,random"]) == 2
    assert "--bots names 2 bots for 3 players" in capsys.readouterr().err
    assert main(["tournament", "--players", "2", "--bots", "random,genius"]) == 2
    assert "genius" in capsys.readouterr().err


@pytest.mark.slow
def test_ratings_rank_the_stronger_level_higher() -> None:
    from samarkand_core.research.tournament import level_ratings

    levels = ["heuristic", "random", "random"]
    results = list(run_games(levels, 12, seed=3))
    ratings = level_ratings(levels, results)
    assert list(ratings) == ["heuristic", "random"]
    assert ratings["heuristic"]["mu"] > 25.0 > ratings["random"]["mu"]
    # More games, more certainty.
    few = level_ratings(levels, results[:2])
    assert ratings["random"]["sigma"] < few["random"]["sigma"]
    # Ratings continue from earlier results.
    prior = {k: (v["mu"], v["sigma"]) for k, v in few.items()}
    again = level_ratings(levels, results[2:], prior)
    for level, rec in ratings.items():
        assert again[level] == pytest.approx(rec, abs=0.01)  # the prior was rounded


def test_ratings_persist_in_a_file(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "ratings.json"
    args = ["--players", "3", "--games", "3", "--bots", "heuristic,random,random", "--seed", "5",
            "--ratings", str(path), "--json"]
    first = json.loads(run_cli(args, capsys))["ratings"]
    assert json.loads(path.read_text()) == first
    second = json.loads(run_cli(args, capsys))["ratings"]
    assert second["heuristic"]["sigma"] < first["heuristic"]["sigma"]


def test_search_variants_for_tournaments() -> None:
    from samarkand_core.research.tournament import check_level, make_level

    bot = make_level("search:iterations=12:c_puct=2.5", 1)
    assert isinstance(bot, SearchBot) and bot.iterations == 12 and bot.params.c_puct == 2.5
    assert make_level("search:w_rival=0.8", 1).params.weights.rival == 0.8  # type: ignore[attr-defined]

    assert make_level("search", 1).params == DEFAULT_PARAMS  # type: ignore[attr-defined]
    assert make_level("search:preset=plain", 1).params == SearchParams()  # type: ignore[attr-defined]
    assert make_level("heuristic:rival=0.7", 1).weights.rival == 0.7  # type: ignore[attr-defined]
    for bad in ("search:nonsense=1", "heuristic:c_puct=1", "search:c_puct", "genius",
                "random:x=1", "search:preset=best"):
        with pytest.raises(ValueError):
            check_level(bad)


def test_seats_rotate_so_each_bot_starts_equally_often() -> None:
    from samarkand_core.research.tournament import play_game, seating

    for n in (2, 3, 5):
        # Seat 0 starts; over n games every bot sits in every seat once.
        for seat in range(n):
            assert sorted(seating(n, i)[seat] for i in range(n)) == list(range(n))
    result = play_game(["random", "random", "random"], 1, 0)
    assert len(result.scores) == 3 and any(result.winners)


def test_duplicate_levels_get_numbered_names() -> None:
    assert bot_names(["search", "heuristic", "heuristic"]) == ["search", "heuristic",
                                                               "heuristic#2"]


def test_wilson_interval() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
