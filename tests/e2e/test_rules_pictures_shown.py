"""The rules' labelled pictures on a phone (360x740, touch), in English and French: each
fits the width (no sideways scroll), its badges and its key's lines never overlap one
another, every label is at least 12 px and each picture has an accessible name (issue
35, item 10)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.e2e.pages import open_page

PHONE = {"width": 360, "height": 740}
FIGURES = ("domain", "route", "sale", "end")

# Per figure: the badges' and key lines' boxes (page pixels), the badges' number size
# (their font size in user units times the drawing's scale), the key's font size, the
# picture's right edge, and the widths of the page and the rules' box with what they hold.
MEASURE = """(name) => {
  const fig = document.querySelector('#rules-pic-' + name);
  const svg = fig.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const box = (el) => { const r = el.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  const body = document.querySelector('.rules-body');
  return {
    badges: [...fig.querySelectorAll('.callout')].map(box),
    badge_px: Math.min(...[...fig.querySelectorAll('.callout text')].map(
      t => parseFloat(t.getAttribute('font-size')) * scale)),
    keys: [...fig.querySelectorAll('.rules-key li, .key-note')].map(box),
    key_px: Math.min(...[...fig.querySelectorAll('.rules-key li, .key-note')].map(
      el => parseFloat(getComputedStyle(el).fontSize))),
    picture: box(svg),
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    body: [body.scrollWidth, body.clientWidth],
  };
}"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_pictures_fit_a_phone_and_their_labels_never_overlap(
        fresh_context: Callable[..., BrowserContext], site_url: str, lang: str) -> None:
    ctx = fresh_context(viewport=PHONE, has_touch=True, is_mobile=True, locale=lang)
    page = ctx.new_page()
    open_page(page, site_url + f"index.html?players=Ann,bot:random&seed=81&lang={lang}"
                               "&speed=instant")
    page.locator("#rules-button").tap()
    expect(page.locator("#overlay .rules-dialog")).to_be_visible()
    for name in FIGURES:
        figure = page.locator(f"#rules-pic-{name}")
        figure.scroll_into_view_if_needed()
        expect(figure.locator('[role="img"]')).to_have_attribute("aria-label",
                                                                 re.compile(r".{20,}"))
        m: dict[str, Any] = page.evaluate(MEASURE, name)
        assert m["page"][0] <= m["page"][1], (name, m["page"])  # no sideways scroll
        assert m["body"][0] <= m["body"][1], (name, m["body"])
        assert 0 <= m["picture"][0] and m["picture"][2] <= PHONE["width"], (name, m["picture"])
        assert m["badge_px"] >= 12 and m["key_px"] >= 12, (name, m["badge_px"], m["key_px"])
        badges, keys = m["badges"], m["keys"]
        assert len(badges) >= 2 and len(keys) >= 2, name
        for group in (badges, keys):
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    assert not overlap(a, b), (name, a, b)
        for k in keys:  # the key lies under the picture, never over it
            assert not overlap(k, m["picture"]), (name, k)
