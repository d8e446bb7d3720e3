"""The browser game's logic, importable without a browser, in layers:

- state/: the App (screens, saved games, messages, bot timing), the controller (what a
  click means, a small state machine over the rules engine) and their small helpers
- handlers/: what each action does, one module per area
- saves/: saved games and preferences in a key-value store, backups, the address
- view/: the page as markup drawn from data (screens/, panels/, dialogs, the frame)
- words/: every word, in English, German, French and Italian
- browser/: the side that touches the DOM (web/main.py wires it to PyScript)

Nothing outside browser/ imports js.
"""
