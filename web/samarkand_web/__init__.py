"""The browser game's logic, importable without a browser.

- controller: what a click means (a small state machine over the rules engine)
- app: the page as an object (screens, saved games, messages, bot timing)
- render: the page's regions as HTML strings
- storage: saved games in a key-value store (localStorage, or a dict in tests)
- links: the address (?players=..., #<save code>)
- i18n: every word, in English, German, French and Italian

web/main.py binds these to the DOM through PyScript; nothing here imports js.
"""

__all__ = ["app", "controller", "i18n", "links", "render", "storage"]
