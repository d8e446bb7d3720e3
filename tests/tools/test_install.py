"""The package as a user gets it: the wheel built from the source, installed in a fresh
venv (first without, then with the `tournament` extra), and the `samarkand` command run
from outside the source tree.

Slow-ish (a wheel build, a venv and two pip installs: under a minute with pip's cache);
pip fetches the dependencies from the package index as any install does.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import venv
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

import samarkand_core

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}svg"


def _pip(python: Path, *args: str) -> None:
    subprocess.run([str(python), "-m", "pip", "--disable-pip-version-check", *args],
                   check=True, capture_output=True, text=True)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of a copy of what the package is built from: the build writes no
    build/ or egg-info into the work tree, and a stale build/lib cannot leak into it."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "PACKAGE.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    for package in ("samarkand_core", "savepack"):  # savepack: the save codes' bytes
        shutil.copytree(ROOT / package, src / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    _pip(Path(sys.executable), "wheel", "--no-deps", "--quiet", "-w", str(out), str(src))
    (whl,) = out.glob("*.whl")
    return whl


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Path:
    """A fresh venv with the wheel installed, without extras; its bin directory."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home, with_pip=True)
    _pip(home / "bin" / "python", "install", "--quiet", str(wheel))
    return home / "bin"


def run(bin_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bin_dir / "samarkand"), *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


def test_wheel_holds_the_data_the_marker_and_the_license(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        dist = wheel.name.split("-py3-")[0]
        meta = zf.read(f"{dist}.dist-info/METADATA").decode()
        scripts = zf.read(f"{dist}.dist-info/entry_points.txt").decode()
    assert wheel.name == f"samarkand_core-{samarkand_core.__version__}-py3-none-any.whl"
    data = {n for n in names if n.startswith("samarkand_core/") and n.endswith(".json")}
    shipped = {f"samarkand_core/{p.relative_to(ROOT / 'samarkand_core').as_posix()}"
               for p in (ROOT / "samarkand_core").rglob("*.json")}
    assert data == shipped and "samarkand_core/boards/b4ad8134db0bf5db.json" in data
    modules = {f"samarkand_core/{p.relative_to(ROOT / 'samarkand_core').as_posix()}"
               for p in (ROOT / "samarkand_core").rglob("*.py")}
    assert modules <= names  # every sub-package, found without a list to keep up
    assert "samarkand_core/py.typed" in names
    assert {"savepack/__init__.py", "savepack/py.typed"} <= names  # the save codes' bytes
    assert f"{dist}.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in meta
    assert "Provides-Extra: tournament" in meta
    assert 'Requires-Dist: openskill<7,>=6; extra == "tournament"' in meta
    assert "samarkand = samarkand_core.__main__:main" in scripts


def test_the_package_describes_itself_shortly_with_its_links(wheel: Path) -> None:
    """The index page of the package: PACKAGE.md (what it is, install, three examples,
    links), not the developers' README; every link absolute (an index has no files
    beside it); [project.urls], whose Issues page is where an internal error of the
    command asks to be reported."""
    from samarkand_core.cli import ISSUES_URL

    with zipfile.ZipFile(wheel) as zf:
        dist = wheel.name.split("-py3-")[0]
        meta = zf.read(f"{dist}.dist-info/METADATA").decode()
    description = meta.split("\n\n", 1)[1]
    assert description.strip() == (ROOT / "PACKAGE.md").read_text().strip()
    assert len(description) < 4000 and "Description-Content-Type: text/markdown" in meta
    for heading in ("## Install", "## Three examples", "## Links"):
        assert heading in description, heading
    for target in re.findall(r"\]\(([^)]+)\)", description):
        assert target.startswith("https://"), target
    urls = dict(line.removeprefix("Project-URL: ").split(", ", 1)
                for line in meta.splitlines() if line.startswith("Project-URL: "))
    assert set(urls) >= {"Homepage", "Source", "Issues"} and urls["Issues"] == ISSUES_URL


def test_the_python_example_of_the_description_runs() -> None:
    """The first example of PACKAGE.md is code that works: run as written."""
    text = (ROOT / "PACKAGE.md").read_text()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1].startswith("s1-")


def test_installed_command_plays_replays_and_charts(env: Path, tmp_path: Path) -> None:
    """From a directory outside the source tree: the installed package, not the work
    tree's, answers (`python -c` shows where it was imported from)."""
    where = subprocess.run([str(env / "python"), "-c",
                            "import samarkand_core; print(samarkand_core.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, check=True)
    assert Path(where.stdout.strip()).is_relative_to(env.parent)

    version = run(env, tmp_path, "--version")
    assert version.returncode == 0
    assert version.stdout.strip() == (
        f"samarkand-core {samarkand_core.__version__} (save codes: format "
        f"{samarkand_core.SAVE_FORMAT}, s{samarkand_core.SAVE_FORMAT}-...)")

    selfplay = run(env, tmp_path, "selfplay", "--games", "3", "--players", "3")
    assert selfplay.returncode == 0, selfplay.stderr
    records = [json.loads(line) for line in selfplay.stdout.splitlines()]
    assert len(records) == 4 and records[-1]["games"] == 3
    assert selfplay.stderr == ""  # stderr is no terminal here: no progress bar

    play = run(env, tmp_path, "play", "--players", "3", "--seed", "7")
    assert play.returncode == 0, play.stderr
    (code,) = [ln.split(": ", 1)[1] for ln in play.stdout.splitlines()
               if ln.startswith("Save code: ")]
    assert code.startswith(f"s{samarkand_core.SAVE_FORMAT}-")

    replay = run(env, tmp_path, "replay", code, "--to", "10", "--svg", "board.svg")
    assert replay.returncode == 0, replay.stderr
    assert "After move 10 of " in replay.stdout
    assert ET.parse(tmp_path / "board.svg").getroot().tag == SVG

    chart = run(env, tmp_path, "chart", code)
    assert chart.returncode == 0, chart.stderr
    assert ET.fromstring(chart.stdout).tag == SVG
    bars = run(env, tmp_path, "chart", code, "--kind", "breakdown", "--svg", "bars.svg")
    assert bars.returncode == 0, bars.stderr
    assert ET.parse(tmp_path / "bars.svg").getroot().tag == SVG

    bad = run(env, tmp_path, "replay", "s1-not-a-code")
    assert bad.returncode == 2 and bad.stderr.startswith("samarkand: error: ")


def test_tournament_needs_its_extra_and_then_plays(env: Path, wheel: Path,
                                                   tmp_path: Path) -> None:
    """Without the extra: exit 2 at once with the command that installs it, no game
    played (the --log file is never created). With it: the games and their ratings."""
    log = tmp_path / "games.jsonl"
    args = ["tournament", "--games", "3", "--players", "3", "--json", "--log", str(log)]
    without = run(env, tmp_path, *args)
    assert without.returncode == 2
    assert without.stdout == ""
    assert "pip install 'samarkand-core[tournament]'" in without.stderr
    assert "Traceback" not in without.stderr
    assert not log.exists()

    _pip(env / "python", "install", "--quiet", f"{wheel}[tournament]")
    rated = run(env, tmp_path, *args)
    assert rated.returncode == 0, rated.stderr
    out = json.loads(rated.stdout)
    assert out["games"] == 3 and set(out["ratings"]) == {"heuristic", "random"}
    assert len(log.read_text().splitlines()) == 3


def test_the_installed_command_refuses_the_issues_bad_inputs_in_one_line(
        env: Path, tmp_path: Path) -> None:
    """The ordinary mistakes a new user made (issue 37) against the installed console
    script: each exit 2, one line `samarkand: error: ...`, no traceback, nothing written."""
    code = run(env, tmp_path, "play", "--players", "2").stdout.split("Save code: ")[1].strip()
    (tmp_path / "ratings.json").write_text("not json")
    for args in (["play", "--players", "7"], ["selfplay", "--players", "9"],
                 ["selfplay", "--games", "-1"], ["play", "--names", "A,B,C,D,E,F"],
                 ["replay", "--svg", "/no/dir/x.svg", code],
                 ["chart", "--svg", "/no/dir/x.svg", code],
                 ["tournament", "--games", "1", "--log", "/no/x.jsonl"],
                 ["tournament", "--games", "1", "--ratings", "ratings.json"]):
        done = run(env, tmp_path, *args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("samarkand: error: "), (args, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, args
        assert done.stdout == "", args
