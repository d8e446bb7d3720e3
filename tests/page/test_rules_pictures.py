"""The rules' labelled pictures (issue 35, item 10): a domain, a route, a sale and the end,
each drawn by the board's own code from a position the rules core reached, each number
keyed in the page's four languages, each an image with an accessible name, and none of
them built before the rules open."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest
from samarkand_web.state.app import App
from samarkand_web.view.panels.rules_game import ANN, BOB, example_game
from samarkand_web.view.render import render
from samarkand_web.words import i18n
from samarkand_web.words.i18n import LANGUAGES

from samarkand_core import GameState, default_board, final_scores, view_for
from samarkand_core.draw.board import board_pieces
from samarkand_core.draw.excerpt import INERT_DROPS, inert
from samarkand_core.events import MarkerTaken, RelMarkerTaken
from tests.support.web_support import make_app

ROOT = Path(__file__).resolve().parents[2]
PICTURES = {"marry": "domain", "expand": "route", "goods": "sale", "score": "end"}


def quick_game(lang: str = "en") -> App:
    """The page in a quick game started by a person named Ann."""
    app = make_app(lang=lang)
    app.dispatch("quick", "", {"me": "Ann"})
    return app


def rules_dialog(lang: str) -> str:
    app = quick_game(lang)
    app.dispatch("rules")
    return render(app).regions["overlay"]


def figure(dialog: str, name: str) -> str:
    found = re.search(rf'<figure class="rules-figure" id="rules-pic-{name}">.*?</figure>',
                      dialog, re.S)
    assert found is not None, name
    return found[0]


def board_part(state: GameState, key: str) -> str:
    """The board's own drawing of one space or domain of `state`, made inert."""
    pieces = {p.key: p for p in board_pieces(view_for(state, ANN),
                                             strings=i18n.svg_strings("en", state.board))}
    return inert(pieces[key])


# ------------------------------------------------------------------ the example game


def test_the_example_is_a_game_the_core_played_to_a_sale_and_a_meeting() -> None:
    """The pictures' positions are the rules core's: Ann's camel took the goods marker
    (the sale's moment), and Bob's camel then met her family on the same goods space."""
    ex = example_game(default_board())
    plan = ex.plan
    assert any(e == MarkerTaken(player=ANN, good=plan.good) for e in ex.taken.events)
    assert ex.before.marker_owner[plan.good] < 0 and ex.taken.marker_owner[plan.good] == ANN
    assert set(ex.met.occ[plan.space]) == {plan.route_family, plan.meet_family}
    assert {e.family for e in ex.met.events if isinstance(e, RelMarkerTaken)
            and e.player == BOB} == {plan.route_family, plan.meet_family}
    assert ex.route[0] == default_board().home[plan.route_family]
    assert ex.route[-1] == plan.space


# ------------------------------------------------------------------ drawn by the board's code


def test_each_picture_is_the_boards_own_drawing_of_the_example_positions() -> None:
    """Every space and domain in a picture is the board's drawing of it (board_pieces)
    for the position shown: the same markup, without what makes it clickable."""
    dialog = rules_dialog("en")
    ex = example_game(default_board())
    plan = ex.plan
    board = default_board()
    family = f"family:{board.family_ids[plan.route_family]}"
    expected = {
        "domain": [board_part(ex.taken, family)],
        "route": [board_part(ex.taken, f"space:{s}") for s in ex.route],
        "sale": [board_part(ex.before, f"space:{plan.space}"),
                 board_part(ex.taken, f"space:{plan.space}")],
        "end": [board_part(ex.met, f"space:{plan.space}"), board_part(ex.met, family),
                board_part(ex.met, f"family:{board.family_ids[plan.meet_family]}")],
    }
    for name, parts in expected.items():
        shown = figure(dialog, name)
        for part in parts:
            assert part in shown, name
    # the route: a camel of Ann's family on each of its spaces, the goods marker taken
    route = figure(dialog, "route")
    camel = f'data-camel="{board.family_ids[plan.route_family]}"'
    assert route.count(camel) == len(ex.route)
    sale = figure(dialog, "sale")
    assert sale.count('class="goods-marker"') == 2  # before (gold) and after (an empty ring)


def test_nothing_in_the_pictures_acts_on_the_game_or_takes_the_focus() -> None:
    """No space, domain, button or keyboard stop: a click in the rules dialog never
    reaches the game, and no tooltip opens there."""
    dialog = rules_dialog("en")
    for name in PICTURES.values():
        drawing = figure(dialog, name).partition("<figcaption>")[0]
        for attr in INERT_DROPS - {"role", "aria-label"}:
            assert f"{attr}=" not in drawing, (name, attr)
        assert 'role="button"' not in drawing, name
        svg = re.search(r"<svg[^>]*>", drawing)
        assert svg is not None and 'aria-hidden="true"' in svg[0], name


# ------------------------------------------------------------------ labels and words


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_picture_has_an_accessible_name_in_every_language(lang: str) -> None:
    dialog = rules_dialog(lang)
    for section, name in PICTURES.items():
        sect = re.search(rf'<section class="rules-section pictured" id="rules-{section}">.*?'
                         r"</section>", dialog, re.S)
        assert sect is not None, section
        labels = re.findall(r'<div class="rules-picture" role="img" aria-label="([^"]+)">',
                            figure(sect[0], name))
        assert len(labels) == 1 and len(html.unescape(labels[0])) > 20, (lang, name)


def keys_used() -> set[str]:
    source = (ROOT / "web/samarkand_web/view/panels/rules_pictures.py").read_text()
    return set(re.findall(r'"(rules\.(?:fig|key)\.[a-z_]+)"', source))


def test_the_pictures_use_the_words_of_the_catalogs() -> None:
    assert len(keys_used()) == 18  # 4 titles, 14 keys and notes
    for key in keys_used():
        assert key in i18n.EN, key


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_label_is_translated_with_no_english_fallback(lang: str) -> None:
    """Each title and key of the pictures has its own words in every language (none
    falls back to the English), and the shown dialog holds none of the English."""
    table = i18n.TRANSLATIONS[lang]
    for key in keys_used():
        assert key in table, (lang, key)
    english = rules_dialog("en")
    shown = rules_dialog(lang)
    for name in PICTURES.values():
        en_key = re.findall(r'<span class="key-text">(.*?)</span></li>', figure(english, name))
        tr_key = re.findall(r'<span class="key-text">(.*?)</span></li>', figure(shown, name))
        assert len(en_key) == len(tr_key) > 0, (lang, name)
        for a, b in zip(en_key, tr_key, strict=True):
            assert a != b, (lang, name, a)


def key_texts(name: str, lang: str = "en") -> list[str]:
    fig = figure(rules_dialog(lang), name)
    items = re.findall(r'<span class="key-text">(.*?)</span></li>', fig, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", i)) for i in items]


def test_every_number_on_the_domain_is_keyed_with_what_it_is() -> None:
    """The domain picture's five numbers (portion, treasury, tiles, camels, markers), each
    with a numbered badge on the picture and the key's words with the position's number."""
    ex = example_game(default_board())
    s, f = ex.taken, ex.plan.route_family
    keys = key_texts("domain")
    assert keys[0].startswith(f"Marriage portion: {s.board.portion[f]} dirhams")
    assert keys[1].startswith(f"Treasury: {s.treasury[f]} dirham")
    assert "taken by Ann (marked A)" in keys[2]
    assert keys[3].startswith(f"{s.camels_left[f]} camels still on the domain")
    assert keys[4].startswith(f"{s.markers_left[f]} relationship markers left")
    fig = figure(rules_dialog("en"), "domain")
    assert re.findall(r'data-callout="(\d)"', fig) == ["1", "2", "3", "4", "5"]


def test_the_end_picture_scores_as_the_core_does() -> None:
    """What counts at the end: the card's worth per camel and a player's score, as
    samarkand_core.scoring works them out for the position shown."""
    ex = example_game(default_board())
    score = final_scores(ex.met).scores[ANN]
    fig = html.unescape(re.sub(r"<[^>]+>", "", figure(rules_dialog("en"), "end")))
    assert (f"goods cards {score.goods_cards}, goods markers {score.goods_markers}, "
            f"relationship markers {score.relationship_markers}, dirhams {score.cash}; "
            f"total {score.total}") in fig
    assert "worth 5 to Ann and 2 to Cem" in fig  # 4 (her family's camel) + 1; 1 + 1


def test_family_names_come_with_their_symbols() -> None:
    """A family named in a key has its chip (colour and symbol) beside its name."""
    fig = figure(rules_dialog("de"), "route")
    assert re.search(r'<span class="fam"><svg class="chip"[^>]*>.*?</svg>Haus ', fig)


# ------------------------------------------------------------------ the page's start


def test_the_pictures_are_built_when_the_rules_open_not_at_the_start() -> None:
    """A fresh page that starts a game imports neither the pictures nor their example
    game; opening the rules plays the example once."""
    code = (
        "import sys\n"
        "from samarkand_web.saves.storage import MemoryStore\n"
        "from samarkand_web.state.app import App\n"
        "from samarkand_web.view.render import render\n"
        "from tests.support.web_support import Clock, Ids\n"
        "app = App(MemoryStore(), now=Clock(), lang='en', path='/index.html', origin='x',"
        " new_id=Ids(), new_seed=lambda: 42)\n"
        "app.dispatch('quick', '', {'me': 'Ann'}); render(app)\n"
        "print(sorted(m for m in sys.modules if m.endswith(('rules_pictures', 'rules_game',"
        " 'svgexcerpt'))))\n"
        "app.dispatch('rules'); render(app)\n"
        "from samarkand_web.view.panels.rules_game import example_game\n"
        "print(example_game.cache_info().misses)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT,
                         env={"PYTHONPATH": f"{ROOT}:{ROOT / 'web'}"})
    assert out.stdout.split("\n")[:2] == ["[]", "1"]



def test_opening_the_rules_leaves_the_games_board_drawing_as_it_was() -> None:
    """The excerpts are drawn by board_pieces for other positions; the game's board is
    drawn the same after the rules close."""
    app = quick_game()
    before = render(app).regions["board"]
    app.dispatch("rules")
    assert "rules-pic-route" in render(app).regions["overlay"]
    app.dispatch("escape")
    assert render(app).regions["board"] == before
