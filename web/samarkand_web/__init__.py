"""The browser game's logic, importable without a browser, in layers:

- state/: the App (screens, saved games, messages, bot timing), the controller (what a
  click means, a small state machine over the rules engine) and their small helpers
- handlers/: what each action does, one module per area
- saves/: saved games and preferences in a key-value store, backups, the address
- view/: the page as markup drawn from data (screens/, panels/, dialogs, the frame)
- words/: every word, in English, German, French and Italian
- worker/: the page's Python in a module worker (web/main.py is its entry): the host
  that runs the App for the main thread's JavaScript (web/client.js ...) and the
  messages between them (protocol.py)

Nothing here imports js: web/main.py hands the worker's scope to worker/.
"""
