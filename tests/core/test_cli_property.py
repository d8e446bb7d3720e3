"""The command line driven by generated argument lists (issue 37): whatever a user types,
valid or not, `samarkand` ends with status 0 or 2, never a traceback, and where --json is
given (or the command prints JSON lines: selfplay) stdout is JSON, line by line; a refusal
is one line `samarkand: error: ...`.

The argument lists come from a grammar of the commands: each command's options with
values that are valid, out of range, of the wrong kind, or paths that cannot be written
or read, in any order, with now and then a word no command knows. Valid runs are kept
cheap (one or two games, random and heuristic bots, an analysis without search), so the
whole test takes seconds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from samarkand_core.__main__ import main
from samarkand_core.savecode import encode_save
from samarkand_core.selfplay import random_game
from samarkand_core.state import GameState

FINISHED = encode_save(random_game(2, 5)[0])


def _unfinished() -> str:
    from samarkand_core.engine import apply_action, legal_actions, new_game

    state: GameState = new_game(["Ann", "Bob", "Cy"], 9)
    for _ in range(12):
        state = apply_action(state, legal_actions(state)[0])
    return encode_save(state)


UNFINISHED = _unfinished()
TMP = Path.cwd()  # replaced by the fixture below: a folder of this module's own


@pytest.fixture(scope="module", autouse=True)
def _tmp(tmp_path_factory: pytest.TempPathFactory) -> None:
    global TMP
    TMP = tmp_path_factory.mktemp("cli-property")
    (TMP / "folder").mkdir()
    (TMP / "bad.json").write_text("{not json")
    (TMP / "board.json").write_text('{"name": "nothing else"}')


def ints(valid: st.SearchStrategy[int], *bad: int) -> st.SearchStrategy[str]:
    """A number as typed: mostly valid, else out of range, a word, a fraction, empty."""
    return st.one_of(
        valid.map(str), valid.map(str), valid.map(str),
        st.sampled_from([str(b) for b in bad] + ["x", "1.5", "", "-", "2**64"]),
    )


def out_path() -> st.SearchStrategy[str]:
    return st.sampled_from(["ok.svg", "ok.json", "/no/dir/x", "{folder}", ""]).map(_place)


def in_path() -> st.SearchStrategy[str]:
    return st.sampled_from(["/no/board.json", "{folder}", "bad.json", "board.json"]).map(
        _place)


def _place(name: str) -> str:
    """Paths are named by the grammar and placed in the module's folder when drawn."""
    if name == "{folder}":
        return str(TMP / "folder")
    if not name or name.startswith("/"):
        return name
    return str(TMP / name)


PLAYERS = ints(st.integers(2, 5), 0, 1, 6, 9, -3)
SEED = ints(st.integers(0, 50) | st.just(2**64 - 1), -1, 2**64)
CHEAP_BOTS = st.lists(st.sampled_from(["random", "heuristic"]), min_size=2, max_size=5).map(
    ",".join) | st.sampled_from(["", "genius", "random,", "search:x", "heuristic:rival"])
CODES = st.sampled_from([FINISHED, FINISHED, UNFINISHED, "s1-abc", "hello", "s9-AAAA"])
FLAG = st.just(None)

# command: (positional strategies, {option: value strategy or FLAG}); the values of
# --games keep the valid runs short.
Options = dict[str, st.SearchStrategy[str | None]]
GRAMMAR: dict[str, tuple[list[st.SearchStrategy[str]], Options]] = {
    "selfplay": ([], {"--players": PLAYERS, "--games": ints(st.integers(1, 2), 0, -1),
                      "--seed": SEED, "--codes": FLAG, "--quiet": FLAG}),
    "play": ([], {"--players": PLAYERS, "--seed": SEED,
                  "--names": st.sampled_from(["A,B", "Ann,Bob,Cy", "A,A", "A,B,C,D,E,F",
                                              ",B", "Zoë,李", "x" * 30 + ",y"])}),
    "tournament": ([], {"--players": PLAYERS, "--games": ints(st.just(1), 0, -5),
                        "--bots": CHEAP_BOTS, "--seed": SEED, "--json": FLAG,
                        "--jobs": ints(st.just(1), 0, -1), "--ratings": out_path(),
                        "--log": out_path(), "--resume": FLAG, "--quiet": FLAG}),
    "balance": ([], {"--players": PLAYERS, "--games": ints(st.just(1), 0),
                     "--seed": SEED, "--json": FLAG, "--jobs": ints(st.just(1), 0),
                     "--board": in_path(), "--log": out_path(), "--quiet": FLAG}),
    # A valid fit needs two heuristic games (seconds): the grammar gives it one, or none.
    "fit": ([], {"--players": PLAYERS, "--games": ints(st.just(1), 0, -2), "--seed": SEED,
                 "--json": FLAG, "--jobs": ints(st.just(1), 0), "--quiet": FLAG}),
    "replay": ([CODES], {"--to": ints(st.integers(0, 30), -1, 100000), "--svg": out_path(),
                         "--all": FLAG}),
    "chart": ([CODES], {"--svg": out_path(), "--all": FLAG, "--table": FLAG,
                        "--kind": st.sampled_from(["race", "breakdown", "pie"])}),
    "analyse": ([CODES], {"--player": ints(st.integers(1, 2), 0, 3, -1),
                          "--iterations": ints(st.just(0), -1), "--seed": SEED,
                          "--json": FLAG, "--svg": out_path(), "--quiet": FLAG,
                          "--lang": st.sampled_from(["en", "de", "fr", "it", "xx"])}),
}
CHEAP = {"selfplay": ["--games", "2"], "tournament": ["--games", "1"],
         "balance": ["--games", "1"], "fit": ["--games", "1"], "analyse": ["--iterations", "0"]}
JUNK = st.sampled_from(["--bogus", "extra", "-x", "--players=3", "--"])


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    """An argument list from the grammar: a command (now and then none, or an unknown
    one), some of its options in any order with drawn values, and rarely a stray word."""
    command = draw(st.sampled_from([*GRAMMAR, *GRAMMAR, "", "nosuch"]))
    if command not in GRAMMAR:
        return [command] if command else []
    positionals, options = GRAMMAR[command]
    words = [command]
    # Left out, --games would be 100 to 1000 games and --iterations the search's full
    # budget: minutes. They come first, so that a drawn value (argparse: the last wins)
    # replaces them.
    words += CHEAP.get(command, [])
    chosen = draw(st.permutations(sorted(options)))[:draw(st.integers(0, 4))]
    for option in chosen:
        value = draw(options[option])
        words += [option] if value is None else [option, value]
    for p in positionals:
        if draw(st.integers(0, 9)):  # mostly given
            words.insert(draw(st.integers(1, len(words))), draw(p))
    if not draw(st.integers(0, 7)):
        words.insert(draw(st.integers(0, len(words))), draw(JUNK))
    return words


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(args=argv())
def test_the_command_line_never_crashes(args: list[str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    try:
        status = main(args)
    except SystemExit as exc:  # argparse: --help, or a refused value
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    event(f"{args[0] if args else '(none)'} exit {status}")
    assert status in (0, 2), (args, err)
    assert "Traceback" not in out and "Traceback" not in err, args
    if status == 2:
        assert err.startswith("samarkand: error: ") and err.count("\n") == 1, (args, err)
        return
    command = args[0]
    if "--json" in args or command == "selfplay":
        lines = [line for line in out.splitlines() if line.strip()]
        assert lines, args
        for line in lines:
            json.loads(line)
