"""benchmarks/lighthouse.py's runs: a run Lighthouse itself asks to make again (its
"Please run Lighthouse again" for a trace it could not read, NO_NAVSTART and the like) is
made again, at most RETRIES times more; any other failure stops the bench at once. No
Lighthouse or browser runs here: subprocess.run is a stand-in."""

from __future__ import annotations

import importlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

# by name: for mypy, benchmarks/lighthouse is also the folder of its npm packages
lighthouse: Any = importlib.import_module("benchmarks.lighthouse")

NAVSTART = ("Runtime error encountered: Something went wrong with recording the trace over "
            "your page load. Please run Lighthouse again. (NO_NAVSTART)")
REPORT = {"audits": {"total-blocking-time": {"numericValue": 120.0}},
          "categories": {"performance": {"score": 0.7}}}


class Runs:
    """subprocess.run's stand-in: each call takes the next of `results` (None: a run that
    writes its report, else the stderr of a failed run)."""

    def __init__(self, results: list[str | None]) -> None:
        self.results = results
        self.calls = 0

    def __call__(self, cmd: list[str], **_kw: Any) -> subprocess.CompletedProcess[str]:
        result = self.results[self.calls]
        self.calls += 1
        out = Path(next(a for a in cmd if a.startswith("--output-path="))
                   .split("=", 1)[1])
        if result is None:
            out.write_text(json.dumps(REPORT))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        out.unlink(missing_ok=True)
        return subprocess.CompletedProcess(cmd, 1, "", result)


def test_a_run_lighthouse_asks_to_make_again_is_made_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    runs = Runs([NAVSTART, NAVSTART, None])
    monkeypatch.setattr(lighthouse.subprocess, "run", runs)
    figures = lighthouse.run_once("http://x/", "mobile", tmp_path / "r.json")
    assert runs.calls == 3
    assert figures["tbt_ms"] == 120.0 and figures["performance"] == 0.7


def test_it_gives_up_after_the_retries(monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    runs = Runs([NAVSTART] * (lighthouse.RETRIES + 2))
    monkeypatch.setattr(lighthouse.subprocess, "run", runs)
    with pytest.raises(RuntimeError, match="NO_NAVSTART"):
        lighthouse.run_once("http://x/", "mobile", tmp_path / "r.json")
    assert runs.calls == lighthouse.RETRIES + 1


def test_any_other_failure_stops_at_once(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    runs = Runs(["Error: Unable to connect to Chrome", None])
    monkeypatch.setattr(lighthouse.subprocess, "run", runs)
    with pytest.raises(RuntimeError, match="Unable to connect"):
        lighthouse.run_once("http://x/", "desktop", tmp_path / "r.json")
    assert runs.calls == 1
