"""The page's address: what ``?players=...&seed=...`` and ``#<save code>`` ask for.

    index.html?players=Ann,Bob,Cem&seed=7           a new game, at once
    index.html?players=Ann,bot:search,bot:heuristic  seats 2 and 3 are bots
    index.html?players=...&first=2                   seat 2 (or a name) starts
    index.html?players=...&speed=instant             how fast bots move
    index.html?players=...&coach=off                 no suggested moves in this game
    index.html?players=...&remote=1                  played by link (saves/remote.py)
    index.html?lang=de                               the language
    index.html?game=<id>                             a saved game (the page sets this)
    index.html#s1-...                                a shared game (its save code)
    index.html#s1-...&bots=2:random                  ... with seat 2 played by a bot
    index.html#s1-...&at=57                          its replay at move 57 (saves nothing)

A parameter the page reads given twice (``&at=3&at=7``) is not used at all: which one was
meant is not clear. A repeated one after the save code leaves the shared game unopened
(nothing is saved); one in the query is left out (no game is started from it).

Parsing never raises: what is wrong becomes a Problem (an i18n key and values)
for the page to show, and the rest of the address still counts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from samarkand_core.bots import LEVELS
from samarkand_core.weblike import parse_qs, quote

HUMAN = "human"
MIN_PLAYERS, MAX_PLAYERS, MAX_NAME = 2, 5, 24
MAX_SEED = (1 << 64) - 1
SPEEDS = ("slow", "normal", "fast", "instant")


@dataclass(frozen=True, slots=True)
class Problem:
    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StartRequest:
    names: tuple[str, ...]
    seats: tuple[str, ...]  # "human" or a bot level, one per name
    seed: int | None
    first: int | None  # seat index, None for random
    coach: bool = True  # suggested moves on request; ?coach=off
    remote: bool = False  # played by link, each person on their own device; ?remote=1


@dataclass(slots=True)
class PageRequest:
    start: StartRequest | None = None
    game: str | None = None
    code: str | None = None
    code_bots: dict[int, str] = field(default_factory=dict)  # seat -> level
    lang: str | None = None
    speed: str | None = None
    at: int | None = None  # a replay's move (#code&at=N): open the replay, save nothing
    # the suggestions each player used (#code&coached=0,2,1): the coach's counts travel
    # with the game; () when the link has none (links made before it, or never coached)
    code_coached: tuple[int, ...] = ()
    problems: list[Problem] = field(default_factory=list)
    # what ?players= gave, even when it could not start a game (to prefill the form)
    draft: tuple[tuple[str, str], ...] = ()


def default_bot_name(seat: int, level: str) -> str:
    return f"Bot {seat + 1} ({level})"


def parse_players(text: str, bot_name: Callable[[int, str], str] = default_bot_name,
                  levels: Sequence[str] = LEVELS) -> tuple[list[tuple[str, str]],
                                                         list[Problem]]:
    """"Ann,bot:search" -> [("Ann", "human"), ("Bot 2 (search)", "search")], problems."""
    problems: list[Problem] = []
    out: list[tuple[str, str]] = []
    tokens = [t.strip() for t in text.split(",")]
    if tokens == [""]:
        tokens = []
    for i, tok in enumerate(tokens):
        low = tok.lower()
        if low == "bot" or low.startswith("bot:"):
            level = low[4:] or (levels[0] if levels else "random")
            if level not in levels:
                problems.append(Problem("link.unknown_level",
                                        {"level": level, "levels": ", ".join(levels)}))
                level = levels[0]
            out.append((bot_name(i, level), level))
        else:
            out.append((tok, HUMAN))
    return out, problems


def check_names(names: Sequence[str]) -> list[Problem]:
    problems: list[Problem] = []
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problems.append(Problem("link.player_count", {"n": len(names)}))
    for name in names:
        if not name.strip():
            problems.append(Problem("form.name_empty"))
            break
        if len(name.strip()) > MAX_NAME:
            problems.append(Problem("form.name_long", {"name": name[:12], "n": MAX_NAME}))
        if any(not c.isprintable() for c in name):
            problems.append(Problem("form.name_bad", {"name": name[:12]}))
    stripped = [n.strip().casefold() for n in names]
    if len(set(stripped)) != len(stripped):
        problems.append(Problem("form.name_twice"))
    return problems


def parse_seed(text: str) -> int | None:
    """A seed: a whole number 0..2**64-1; raises ValueError otherwise."""
    text = text.strip()
    if not text.isdigit():
        raise ValueError(text)
    seed = int(text)
    if seed > MAX_SEED:
        raise ValueError(text)
    return seed


def parse_first(text: str, names: Sequence[str]) -> int | None:
    """'2' (a seat, from 1), a player's name, or 'random'; raises ValueError otherwise."""
    text = text.strip()
    if not text or text.lower() == "random":
        return None
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    folded = [n.casefold() for n in names]
    if text.casefold() in folded:
        return folded.index(text.casefold())
    raise ValueError(text)


def parse_fragment(fragment: str) -> tuple[str | None, dict[int, str], list[Problem]]:
    """'#s1-...&bots=2:random' -> (code, {1: 'random'}, problems)."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    if not text:
        return None, {}, []
    parts = text.split("&")
    code = parts[0]
    bots: dict[int, str] = {}
    problems: list[Problem] = []
    for part in parts[1:]:
        key, _, value = part.partition("=")
        if key != "bots" or not value:
            continue
        for item in value.split(","):
            seat, _, level = item.partition(":")
            if seat.isdigit() and 1 <= int(seat) <= MAX_PLAYERS:
                if level not in LEVELS:
                    problems.append(Problem("link.unknown_level",
                                            {"level": level, "levels": ", ".join(LEVELS)}))
                    level = LEVELS[0]
                bots[int(seat) - 1] = level
    return code, bots, problems


def parse_at(fragment: str) -> tuple[int | None, Problem | None]:
    """'#s1-...&at=57' -> (57, None); no `at`: (None, None); a bad one: (0, Problem)."""
    for part in fragment.lstrip("#").split("&")[1:]:
        key, _, value = part.partition("=")
        if key == "at":
            if value.isdigit() and len(value) <= 6:
                return int(value), None
            return 0, Problem("link.bad_at", {"value": value[:12]})
    return None, None


def parse_coached(fragment: str) -> tuple[tuple[int, ...], Problem | None]:
    """'#s1-...&coached=0,2,1' -> ((0, 2, 1), None): the suggestions each player used. None
    given: ((), None); a bad one: ((), Problem): the game still opens, without counts."""
    for part in fragment.lstrip("#").split("&")[1:]:
        key, _, value = part.partition("=")
        if key == "coached":
            items = value.split(",")
            if (MIN_PLAYERS <= len(items) <= MAX_PLAYERS
                    and all(i.isdigit() and len(i) <= 6 for i in items)):
                return tuple(int(i) for i in items), None
            return (), Problem("link.bad_coached", {"value": value[:24]})
    return (), None


# The parameters the page reads, in the query and after the save code in the #fragment.
QUERY_KEYS = ("lang", "speed", "game", "players", "seed", "first", "coach", "remote")
FRAGMENT_KEYS = ("at", "bots", "coached")


def repeated(pairs: dict[str, list[str]], keys: Sequence[str], key: str) -> list[Problem]:
    """A parameter given more than once (``&at=3&at=7``): which one was meant is not
    clear, so none is used, and the page says so (`key`: the message for it)."""
    return [Problem(key, {"name": name, "values": ", ".join(v[:12] for v in pairs[name])[:60]})
            for name in keys if len(pairs.get(name, ())) > 1]


def fragment_pairs(fragment: str) -> dict[str, list[str]]:
    """The name=value pairs after the save code: '#s1-...&at=3&at=7' -> {'at': ['3', '7']}."""
    out: dict[str, list[str]] = {}
    for part in fragment.lstrip("#").split("&")[1:]:
        key, _, value = part.partition("=")
        out.setdefault(key, []).append(value)
    return out


def parse_location(search: str, fragment: str,
                   bot_name: Callable[[int, str], str] = default_bot_name) -> PageRequest:
    """Everything the address asks for."""
    req = PageRequest()
    query = parse_qs(search[1:] if search.startswith("?") else search)
    twice = repeated(query, QUERY_KEYS, "link.repeated")
    req.problems += twice
    unclear = {p.params["name"] for p in twice}

    def one(key: str) -> str | None:
        values = query.get(key)
        return values[-1] if values and key not in unclear else None

    req.lang = one("lang")
    speed = one("speed")
    if speed is not None:
        if speed in SPEEDS:
            req.speed = speed
        else:
            req.problems.append(Problem("link.bad_speed", {"value": speed[:20]}))
    game = one("game")
    if game:
        req.game = game[:40]
    code, bots, problems = parse_fragment(fragment)
    twice = repeated(fragment_pairs(fragment), FRAGMENT_KEYS, "link.repeated_game")
    if twice and code is not None:  # its game is not opened (nor saved): say why
        req.problems += twice
    else:
        req.code, req.code_bots = code, bots
        req.problems += problems
        req.at, problem = parse_at(fragment)
        req.problems += [problem] if problem else []
        req.code_coached, problem = parse_coached(fragment)
        req.problems += [problem] if problem else []
    players = one("players")
    if unclear & {"players", "seed", "first", "coach", "remote"}:
        pass  # no game is started from an address that is not clear (said above)
    elif players is not None:
        seats, problems = parse_players(players, bot_name)
        req.problems += problems
        req.draft = tuple(seats)
        names = [n for n, _ in seats]
        problems = check_names(names)
        seed: int | None = None
        first: int | None = None
        seed_text = one("seed")
        if seed_text is not None and seed_text.strip():
            try:
                seed = parse_seed(seed_text)
            except ValueError:
                problems.append(Problem("link.bad_seed", {"value": seed_text[:24]}))
        first_text = one("first")
        if first_text is not None:
            try:
                first = parse_first(first_text, names)
            except ValueError:
                problems.append(Problem("link.bad_first", {"value": first_text[:24]}))
        coach_text = one("coach")
        if coach_text is not None and coach_text not in ("on", "off"):
            problems.append(Problem("link.bad_coach", {"value": coach_text[:12]}))
        remote_text = one("remote")
        if remote_text is not None and remote_text not in ("0", "1"):
            problems.append(Problem("link.bad_remote", {"value": remote_text[:12]}))
        req.problems += problems
        if not problems:
            req.start = StartRequest(tuple(n.strip() for n in names),
                                     tuple(s for _, s in seats), seed, first,
                                     coach=coach_text != "off", remote=remote_text == "1")
    return req


def share_url(base: str, code: str, seats: Sequence[str], coached: Sequence[int] = ()) -> str:
    """The address that opens this game anywhere: base#code, plus its bot seats and the
    suggestions each player used (only when someone used one). The counts ride beside the
    save code, not in it: a save code stays what it was, and a page made before them
    reads such a link's game and leaves the counts alone."""
    url = f"{base}#{code}"
    bots = [f"{i + 1}:{s}" for i, s in enumerate(seats) if s != HUMAN]
    if bots:
        url += "&bots=" + ",".join(bots)
    if any(coached):
        url += "&coached=" + ",".join(str(n) for n in coached)
    return url


def position_url(base: str, code: str, seats: Sequence[str], move: int) -> str:
    """The address that opens a game's replay at a move: the share link plus &at=N."""
    return f"{share_url(base, code, seats)}&at={move}"


def game_url(path: str, save_id: str, lang: str | None = None) -> str:
    """The page's own address while a saved game is open (so a reload resumes it)."""
    url = f"{path}?game={quote(save_id)}"
    return url + (f"&lang={quote(lang)}" if lang else "")
