"""The keyboard in Chromium: the focus never rests on an irreversible choice by default
(state/focus.py). After "Marry and draw the cards" a second Enter marks no card for
discard; on an expand turn, after choosing the family, a second Enter places no camel
(the focus is on the decision, not on its first highlighted space)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.pages import wait_ready

CAMELS = "#board .camel"


def test_a_second_enter_never_makes_an_irreversible_choice(wpage: Page, site_url: str) -> None:
    """Enter twice after marrying marks no card; Enter twice after choosing the family places
    no camel."""
    page = wpage  # the shared context's page, the site's storage emptied
    page.set_default_timeout(60_000)
    page.goto(site_url + "index.html?players=Ann,bot:heuristic&seed=81&first=1")
    wait_ready(page)
    # marry from the keyboard: the domain, Enter; "Marry and draw the cards", Enter
    page.locator('#board [data-family].legal [role="button"]').first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-marriage")).to_be_focused()
    page.keyboard.press("Enter")
    decision = page.locator("#actions .decision")
    expect(decision).to_be_focused()  # not the first card
    page.keyboard.press("Enter")  # a second Enter: nothing is marked for discard
    expect(page.locator('#actions button[data-action="card"][aria-pressed="true"]')
           ).to_have_count(0)
    page.locator('#actions [data-action="discard"]').click()  # keep all
    # the bot's turn, then Ann's: she extends her family's route from the keyboard
    expand = page.locator('#actions [data-action="expand"]')
    legal_space = page.locator("#board [data-space].legal")
    expect(decision).to_be_visible(timeout=60_000)
    page.wait_for_function(  # Ann decides again (the bot has moved)
        "() => !!document.querySelector('#actions [data-action=\"expand\"], "
        "#board [data-space].legal')")
    camels = page.locator(CAMELS).count()
    if expand.count():
        expand.first.focus()
        page.keyboard.press("Enter")  # the family chosen
        expect(legal_space.first).to_be_visible()
    expect(decision).to_be_focused()  # not its first highlighted space
    page.keyboard.press("Enter")  # a second Enter: no camel placed
    expect(page.locator(CAMELS)).to_have_count(camels)
