"""The command line as a tool people rely on (issue 37): a user's mistake is refused before
any work with one line `samarkand: error: ...` and exit status 2, never a traceback; an
internal error says so; `tournament` plays at every table size by default; `selfplay
--codes` gives replayable save codes; `--help` shows every option's help and default."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from samarkand_core import decode_save, final_scores
from samarkand_core.__main__ import build_parser, main
from samarkand_core.cli import ISSUES_URL
from samarkand_core.savecode import encode_save
from samarkand_core.selfplay import random_game

CODE = encode_save(random_game(2, 3)[0])


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """main(argv) in-process: its status (argparse's refusals raise SystemExit), stdout and
    stderr."""
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out = capsys.readouterr()
    return status, out.out, out.err


def assert_refused(status: int, out: str, err: str, *words: str) -> None:
    """Exit 2, one line on stderr that starts `samarkand: error: ` and holds `words`."""
    assert status == 2, err
    assert err.startswith("samarkand: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in out + err
    for w in words:
        assert w in err, err


# The bad inputs of issue 37, and their kin: each refused by the check named.
# a tournament of one game for two, with the bots named next
TOURNEY = ["tournament", "--players", "2", "--games", "1", "--bots"]
BAD = [
    (["play", "--players", "7"], "--players", "2 to 5"),
    (["play", "--names", "A,B,C,D,E,F"], "--names", "2 to 5 players, not 6"),
    (["play", "--names", "A,A"], "same name"),
    (["play", "--players", "2", "--names", "A,B,C"], "--names names 3 players"),
    (["play", "--seed", "-1"], "--seed", "2**64"),
    (["selfplay", "--players", "9"], "--players"),
    (["selfplay", "--games", "-1"], "--games"),
    (["selfplay", "--seed", str(2**64 - 1), "--games", "2"], "below 2**64"),
    (["replay", "--svg", "/no/dir/x.svg", CODE], "--svg", "no folder /no/dir"),
    (["chart", "--svg", "/no/dir/x.svg", CODE], "--svg", "no folder /no/dir"),
    (["analyse", CODE, "--player", "1", "--svg", "/no/dir/x.svg"], "--svg"),
    (["analyse", CODE, "--player", "3"], "no player 3"),
    (["analyse", CODE, "--player", "0"], "no player 0", "players 1 to 2"),
    (["tournament", "--games", "1", "--log", "/no/x.jsonl"], "--log", "no folder /no"),
    (["tournament", "--games", "1", "--ratings", "/no/r.json"], "--ratings"),
    (["tournament", "--players", "6"], "--players"),
    (["tournament", "--jobs", "0"], "--jobs"),
    # a bot variant's settings (bots/settings.py): numbers, finite, counts not negative
    (TOURNEY + ["search:iterations=-5,random"], "--bots", "iterations", "at least 0"),
    (TOURNEY + ["search:iterations=1.5,random"], "--bots", "iterations", "a whole number"),
    (TOURNEY + ["search:time_ms=inf,random"], "--bots", "time_ms", "a finite number"),
    (TOURNEY + ["search:rollout_samples=-1,random"], "--bots", "rollout_samples", "at least 0"),
    (TOURNEY + ["search:c_puct=nan,random"], "--bots", "c_puct", "a finite number"),
    (TOURNEY + ["heuristic:rival=nan,random"], "--bots", "rival", "a finite number"),
    (TOURNEY + ["heuristic:rival=zz,random"], "--bots", "rival", "takes a number"),
    (["balance", "--games", "1", "--board", "/no/board.json"], "--board"),
    (["balance", "--games", "1", "--log", "/no/x.jsonl"], "--log"),
    (["fit", "--games", "1"], "--games"),
    (["fit", "--players", "1"], "--players"),
    (["nosuchcommand"], "invalid choice"),
]


@pytest.mark.parametrize("argv,words", [(a, w) for a, *w in BAD],
                         ids=[" ".join(a)[:40] for a, *_ in BAD])
def test_a_users_mistake_is_one_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]) -> None:
    assert_refused(*run(capsys, argv), *words)


@pytest.mark.parametrize("content,words", [
    ("not json", ["is not JSON"]),
    ("[1, 2]", ["is not a ratings file"]),
    ('{"heuristic": {"mu": "x"}}', ["'heuristic'", "mu and sigma"]),
    ('{"heuristic": {"mu": 25, "sigma": 0}}', ["sigma above 0"]),
])
def test_bad_ratings_are_refused_before_any_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str,
        words: list[str]) -> None:
    """A ratings file that cannot be continued from is refused before the first game: the
    run's --log (appended to after each game) is never made, and the file is untouched."""
    ratings = tmp_path / "ratings.json"
    ratings.write_text(content)
    log = tmp_path / "games.jsonl"
    assert_refused(*run(capsys, ["tournament", "--players", "2", "--bots", "random,random",
                                 "--games", "3", "--ratings", str(ratings),
                                 "--log", str(log)]), "--ratings", *words)
    assert not log.exists()
    assert ratings.read_text() == content


def test_a_folder_given_as_a_file_is_refused(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    assert_refused(*run(capsys, ["replay", CODE, "--svg", str(tmp_path)]), "is a folder")
    assert_refused(*run(capsys, ["tournament", "--ratings", str(tmp_path)]), "is a folder")


def test_an_internal_error_says_it_is_one_and_where_to_report_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug is not the user's mistake: one line saying so, an exit status other than 2."""
    import samarkand_core.__main__ as cli_main

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a broken engine")

    monkeypatch.setattr(cli_main, "new_game", broken)
    monkeypatch.delenv("SAMARKAND_DEBUG", raising=False)
    status, out, err = run(capsys, ["play"])
    assert status not in (0, 2)
    assert err.startswith("samarkand: internal error") and err.count("\n") == 1
    assert "RuntimeError: a broken engine" in err and ISSUES_URL in err
    assert "Traceback" not in out + err


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tournament_plays_at_every_table_size_without_bots(
        capsys: pytest.CaptureFixture[str], players: int) -> None:
    """The default bots fit the table: the heuristic and a random bot in every other seat."""
    status, out, err = run(capsys, ["tournament", "--players", str(players), "--games", "1",
                                    "--json", "--quiet"])
    assert status == 0, err
    bots = json.loads(out)["bots"]
    assert list(bots) == ["heuristic", "random", *(f"random#{k}" for k in range(2, players))]


def test_selfplay_codes_replay_to_the_same_scores(capsys: pytest.CaptureFixture[str]) -> None:
    """Each game's line holds its save code; the code decodes to the game's end: the same
    seed, the same players, the same final scores and winners."""
    status, out, err = run(capsys, ["selfplay", "--players", "0", "--games", "4", "--seed",
                                    "11", "--codes"])
    assert status == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    games = [g for g in lines if "total" not in g]
    assert len(games) == 4
    for g in games:
        state = decode_save(g["code"])
        assert state.is_over and state.options.seed == g["seed"] and state.n == g["players"]
        scores = final_scores(state)
        assert [s.total for s in scores.scores] == g["scores"]
        assert list(scores.winners) == g["winners"]
    run(capsys, ["selfplay", "--games", "2"])  # without --codes, no codes
    assert all("code" not in json.loads(line) for line in capsys.readouterr().out.splitlines())


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_help_of_every_command_shows_every_option_with_help_and_default() -> None:
    """`samarkand COMMAND --help` lists every option with its help text and its default
    (`(default: ...)`; a flag's is `off`); the help printed is what the parser holds."""
    parser = build_parser()
    commands = _commands(parser)
    assert set(commands) >= {"selfplay", "play", "tournament", "balance", "fit", "replay",
                             "chart", "analyse"}
    for name, command in commands.items():
        text = re.sub(r"\s+", "", command.format_help())
        formatter = command._get_formatter()
        for action in command._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.dest} has no help"
            shown = formatter._expand_help(action)
            if action.option_strings and not action.required:
                assert "(default:" in shown, f"{name} {action.option_strings} shows no default"
            assert re.sub(r"\s+", "", shown) in text, f"{name} {action.dest}"
            for option in action.option_strings:
                assert option in command.format_help()
        # a description is printed as written (argparse formats only help strings):
        # a doubled percent sign there reaches the reader as "%%"
        assert "%%" not in command.format_help(), f"{name}: %% in its help"
    assert "%%" not in parser.format_help()


def test_help_exits_0_and_prints_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["tournament", "--help"])
    assert status == 0
    assert "(default: 100)" in out and "(default: heuristic, then random" in out
