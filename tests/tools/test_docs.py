"""The documentation holds together (issue 36): README.md stays short and points into
docs/, every relative link of the Markdown files reaches a file and, with a #fragment,
a heading there; every test docs/rules.md names for a rule exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
# Pages written on other branches of the same session (the command line, Merv, play by
# link's security): README links them; they exist once those branches are merged.
ELSEWHERE: set[str] = set()


def markdown_files() -> list[Path]:
    top = [ROOT / n for n in ("README.md", "CHANGELOG.md", "CONTRIBUTING.md")]
    return top + sorted((ROOT / "docs").rglob("*.md"))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for line in FENCE.sub("", path.read_text()).splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else f"{s}-{n}")
    return out


def test_the_readme_is_at_most_200_lines() -> None:
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


def test_the_docs_the_readme_promises_are_there() -> None:
    for name in ("architecture", "rules", "play", "bots", "map", "speed", "hosting"):
        text = (ROOT / "docs" / f"{name}.md").read_text()
        assert len(text.splitlines()) > 20, name  # real content, not a placeholder


def test_every_relative_link_reaches_a_file_and_its_heading() -> None:
    broken = []
    for md in markdown_files():
        for target in LINK.findall(FENCE.sub("", md.read_text())):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            path, _, fragment = target.partition("#")
            dest = (md.parent / path).resolve() if path else md
            rel = dest.relative_to(ROOT).as_posix() if dest.is_relative_to(ROOT) else str(dest)
            if not dest.exists():
                if rel.rstrip("/") not in ELSEWHERE:
                    broken.append(f"{md.relative_to(ROOT)}: {target} (no such file)")
                continue
            if fragment and dest.suffix == ".md" and fragment not in anchors(dest):
                broken.append(f"{md.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_slug_follows_github() -> None:
    assert slug("The tuned map (issue 11, `dfa60c72ab06e7ab`, shipped)") == (
        "the-tuned-map-issue-11-dfa60c72ab06e7ab-shipped")
    assert slug("Only a sale is public") == "only-a-sale-is-public"


def test_every_test_the_rules_page_names_exists() -> None:
    """docs/rules.md lists, for each point of our reading, the tests that check it:
    each `tests/x.py::name` and each test named in a `tests/x.py (...)` group exists."""
    text = (ROOT / "docs" / "rules.md").read_text()
    named: list[tuple[str, str]] = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", text)
    for path, group in re.findall(r"`(tests/[\w/]+\.py)` \(([^)]*)\)", text):
        named += [(path, n) for n in re.findall(r"`(test_\w+)`", group)]
    assert len(named) > 100
    missing = []
    for path, name in named:
        tree = ast.parse((ROOT / path).read_text())
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        if name not in defined:
            missing.append(f"{path}::{name}")
    assert not missing, missing


# A file of tests/ named in the docs or the code ("tests/page/test_app.py",
# "tests/page/test_*_page.py"): tests/ is laid out as the source is, and a name left from
# another layout (or a test renamed) must not send a reader to nothing.
TEST_FILE = re.compile(r"(?<![\w/.])tests/[\w/*.-]+?\.(?:py|mjs|json)\b")
SUFFIXES = {".py", ".js", ".mjs", ".html", ".md", ".toml", ".json", ".css"}


def text_files() -> list[Path]:
    """The repository's own text files: its docs, the code, the tests, the benchmarks."""
    files = [ROOT / n for n in ("README.md", "CHANGELOG.md", "CONTRIBUTING.md", "Makefile",
                                "pyproject.toml")]
    for top in ("samarkand_core", "merv_core", "savepack", "web", "tests", "benchmarks",
                "docs"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            if any(part in {"vendor", "node_modules", "__pycache__"} for part in path.parts):
                continue
            files.append(path)
    return files


def test_every_test_file_the_docs_and_the_code_name_exists() -> None:
    """Each `tests/<path>.py` (or a pattern such as `tests/page/test_*_page.py`) named in
    the docs, the code or the tests reaches at least one file."""
    named = []
    for path in text_files():
        if path == Path(__file__).resolve():
            continue  # this file's docstrings name placeholders (tests/x.py)
        text = path.read_text(errors="replace")
        named += [(path, name) for name in TEST_FILE.findall(text)]
    assert len(named) > 100
    missing = [f"{path.relative_to(ROOT)}: {name}" for path, name in named
               if not any(ROOT.glob(name))]
    assert not missing, missing


def test_no_file_cites_rules_notes_outside_the_repository() -> None:
    """The code cites our reading of the rules in docs/rules.md (a file of its own
    repository), not notes that live beside it."""
    outside = ("RULES" + "-NOTES", "shared/" + "rules")
    citing = []
    for path in text_files():
        text = path.read_text(errors="replace")
        citing += [f"{path.relative_to(ROOT)}: {s}" for s in outside if s in text]
    assert not citing, citing
