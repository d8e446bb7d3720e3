"""Merv: the rules core of the board game (Fabio Lopiano, Osprey Games 2018, 2-4 players).

Merv's rules with our own component set, not the published components: the German short
rules give the procedure; every component's numbers (building tiles, camel market sides,
milestones, mosque tracks and point tiles, contracts, caravan cards, walls and gates,
tracks, market costs) are ours, in components.json (docs/merv/components.md), and our
reading of what the short rules leave open is in docs/merv/rules.md.

    >>> from merv_core import new_game, legal_actions, apply_action
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state = apply_action(state, legal_actions(state)[0])

Pure Python (and pydantic, to validate components.json), the same in CPython and Pyodide.
"""

__version__ = "0.1.0"

from .actions import Action, IllegalActionError
from .components import ComponentsError, default_components, load_components
from .engine import SetupError, apply_action, decider, legal_actions, new_game
from .outcome import Outcome, TieBreak, outcome
from .savecode import PREFIX, SAVE_FORMAT, SaveCodeError, decode_save, encode_save
from .state import GameState, PlayerState
from .view import PlayerView, view_for

__all__ = [
    "PREFIX", "SAVE_FORMAT", "Action", "ComponentsError", "GameState",
    "IllegalActionError", "Outcome", "PlayerState", "PlayerView", "SaveCodeError", "SetupError",
    "TieBreak", "apply_action", "decider", "decode_save", "default_components", "encode_save",
    "legal_actions", "load_components", "new_game", "outcome", "view_for",
]
