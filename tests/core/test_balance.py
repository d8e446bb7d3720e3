"""The balance report: heuristic self-play, seat and family figures with 95% intervals."""

from __future__ import annotations

import json
import pathlib

import pytest

from samarkand_core.__main__ import main
from samarkand_core.board import default_board, load_board, shipped_board_path
from samarkand_core.research.balance import format_balance, run_balance, summarise_balance


def test_the_report_has_every_seat_and_family_with_intervals() -> None:
    results = list(run_balance(3, 4, seed=2))
    report = summarise_balance(3, results, default_board())
    assert report["games"] == 4 and report["players"] == 3
    assert report["base"] == pytest.approx(1 / 3, abs=1e-4)
    assert [s["seat"] for s in report["seats"]] == [1, 2, 3]
    # Every game has a winner, so the seats' wins add up to at least the games.
    assert sum(s["wins"] for s in report["seats"]) >= 4
    for s in report["seats"]:
        lo, hi = s["ci95"]
        assert 0.0 <= lo <= s["win_share"] <= hi <= 1.0
        slo, shi = s["score_ci95"]
        assert slo <= s["avg_score"] <= shi
    assert len(report["families"]) == 10
    for f in report["families"]:
        lo, hi = f["ci95"]
        assert 0.0 <= lo <= f["member_win_rate"] <= hi <= 1.0
        assert f["member_wins"] <= f["members"]
        assert 0 <= f["married_games"] <= 4
        # 3 players: at most two tiles of a family, one per player.
        assert 0.0 <= f["marriages_per_game"] <= 2.0
    # A member of a family is one married tile in 3-5 player games.
    assert sum(f["members"] for f in report["families"]) == sum(
        f["marriages_per_game"] * 4 for f in report["families"]) == pytest.approx(
        sum(bin(m).count("1") for r in results for m in r.families))
    text = format_balance(report)
    assert "win share" in text and "member win" in text


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = list(run_balance(2, 2, seed=5))
    two = list(run_balance(2, 2, seed=5, jobs=2))
    assert one == two


def test_the_command_line_prints_json(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    from samarkand_core.research.balance import game_from_record

    log = tmp_path / "games.jsonl"
    assert main(["balance", "--players", "2", "--games", "2", "--seed", "3", "--json",
                 "--log", str(log)]) == 0
    data = json.loads(capsys.readouterr().out)
    games = [game_from_record(json.loads(line)) for line in log.read_text().splitlines()]
    assert games == list(run_balance(2, 2, seed=3))
    assert set(data) >= {"players", "games", "base", "seats", "families", "flagged"}
    assert len(data["seats"]) == 2
    with pytest.raises(SystemExit) as exc:  # argparse's refusal of a value
        main(["balance", "--players", "6", "--games", "2"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["balance", "--players", "3", "--games", "1", "--board", "/nonexistent.json"])
    assert exc.value.code == 2


def test_a_run_cut_short_resumes_from_its_log(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    log = tmp_path / "games.jsonl"
    args = ["balance", "--players", "2", "--seed", "4", "--json", "--log", str(log)]
    assert main([*args, "--games", "1"]) == 0
    capsys.readouterr()
    assert main([*args, "--games", "3", "--resume"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert main(["balance", "--players", "2", "--seed", "4", "--json", "--games", "3"]) == 0
    assert resumed == json.loads(capsys.readouterr().out)
    assert len(log.read_text().splitlines()) == 3
    # The log is of seed 4, not 5.
    assert main(["balance", "--players", "2", "--seed", "5", "--games", "4", "--log",
                 str(log), "--resume"]) == 2
    assert "is not the game this command plays" in capsys.readouterr().err


def test_another_board_plays_from_a_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "board.json"
    path.write_bytes(shipped_board_path().read_bytes())
    assert load_board(path).fingerprint == default_board().fingerprint
    results = list(run_balance(3, 1, seed=2, board_path=str(path)))
    assert results == list(run_balance(3, 1, seed=2))
