"""What a player did on the start screen before the page was live (web/first.js keeps it
in window.samarkandEarly, as JSON): a click on a button that starts something, or a name
typed. main.py carries it out once the page is drawn live, so that nothing done while
the game loads is lost.

Only the start screen's own actions are taken, with text values only: the JSON comes
from our script, but it lives in the page's window, where anything may write."""

from __future__ import annotations

from typing import Any

from samarkand_web.saves.jsonread import read_json

# the start screen's buttons marked data-early="run", and the name field's "keep"
EARLY_ACTIONS = frozenset({"quick", "setup", "start", "quick-name", "guide"})
MAX_FIELDS = 40
MAX_TEXT = 200


def early_intent(raw: Any) -> tuple[str, str, dict[str, str]] | None:
    """(action, value, form) for App.dispatch, or None when there is nothing (or nothing
    of ours) to carry out."""
    if not isinstance(raw, str) or not raw:
        return None
    try:
        data = read_json(raw, max_chars=100_000)  # bounded: anything may write it
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    action, value, form = data.get("action"), data.get("value", ""), data.get("form", {})
    if action not in EARLY_ACTIONS or not isinstance(value, str) or not isinstance(form, dict):
        return None
    fields = {k: v[:MAX_TEXT] for k, v in list(form.items())[:MAX_FIELDS]
              if isinstance(k, str) and isinstance(v, str)}
    return str(action), value[:MAX_TEXT], fields
