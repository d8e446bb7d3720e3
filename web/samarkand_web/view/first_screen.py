"""The start page as it shows before Python runs.

web/tools/build.py runs this in CPython and writes the result into the built start page
(web/vendor/index.html): for each language a ``<template>`` holding the header and
the start screen, drawn by the same code as the live page (render.render of a fresh
App, with no store read yet), and the stages
of the loading indicator. web/first.js picks the language (as the App does: the
address, the saved preferences, the browser) and shows them; main.py's first paint
then draws the same regions live. What a game hides (a hand) is never in it: only
the start screen is drawn ahead, never a game.
"""

from __future__ import annotations

from samarkand_web.saves.storage import MemoryStore
from samarkand_web.view.markup import Markup, html, join
from samarkand_web.words.i18n import LANGUAGES

STAGES = ("runtime", "python", "game")  # the loading indicator's steps, in order


def start_screen(lang: str) -> dict[str, str]:
    """The regions the live page shows first for `lang` (header, messages, home)."""
    from samarkand_web.state.app import App
    from samarkand_web.view.render import render

    app = App(MemoryStore(), now=lambda: 0.0, lang=lang, prerender=True)
    page = render(app)
    return {name: page.regions[name] for name in ("header", "messages", "home")}


def loading_stages(lang: str) -> Markup:
    from samarkand_web.words.i18n import t

    steps = join("", (html('<li data-step="{}">{}</li>', step, t(lang, f"loading.{step}"))
                      for step in STAGES))
    # the start screen's note while it is not live (first.js shows it beside the start
    # screen, with the words a kept click's button and a control not live yet say)
    early = html('<p class="loading-early" id="early-note" data-pending="{}" '
                 'data-loading="{}">{}</p>', t(lang, "early.pending"), t(lang, "early.loading"),
                 t(lang, "early.note"))
    # a start that stalls (first.js shows it when no stage has come for a while)
    slow = html('<p class="loading-slow" hidden>{} <button type="button" class="loading-reload">'
                '{}</button></p>', t(lang, "loading.slow"), t(lang, "loading.reload"))
    return html('<p class="loading-label">{}</p><ol class="loading-stages">{}</ol>{}'
                '<p class="loading-failed" hidden>{}</p>{}',
                t(lang, "loading.label"), steps, early, t(lang, "loading.failed"), slow)


def template(lang: str) -> Markup:
    """One language's first screen as a <template> (inert until first.js uses it)."""
    regions = start_screen(lang)
    parts = join("", (html('<div data-region="{}">{}</div>', name, Markup(markup))
                      for name, markup in regions.items()))
    loading = html('<div data-region="loading">{}</div>', loading_stages(lang))
    return html('<template id="first-screen-{}" lang="{}">{}{}</template>',
                lang, lang, parts, loading)


def templates() -> str:
    """Every language's first screen, for the marked slot of index.html."""
    return str(join("\n", (template(lang) for lang in LANGUAGES)))
