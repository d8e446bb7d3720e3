"""Samarkand: the rules core, shared by the browser game, the bots and the tests.

    >>> from samarkand_core import new_game, legal_actions, apply_action
    >>> state = new_game(["Ann", "Bob", "Cem"], seed=7)
    >>> state = apply_action(state, legal_actions(state)[0])

`__version__` is the package's version (semantic versioning of this API and the
`samarkand` command); `SAVE_FORMAT` the save-code format, the number in every code's
prefix (`s1-`): separate numbers, since every version keeps loading every earlier
format's codes (docs/package.md, "The package").
"""

__version__ = "1.0.0"

from .actions import (
    Action,
    BadActionError,
    Discard,
    EndTurn,
    Keep,
    Marry,
    Pass,
    Place,
    Sell,
    parse_action,
)
from .board import Board, default_board, load_board
from .engine import (
    IllegalActionError,
    apply_action,
    legal_actions,
    legal_spaces,
    new_game,
    start_of,
)
from .events import (
    EVENT_KINDS,
    PRIVATE_EVENTS,
    REVEALING_EVENTS,
    Event,
    GameEvent,
    first_revealing,
    public_events,
    reveals_hidden,
)
from .outcome import Outcome, Termination, outcome
from .savecode import SAVE_FORMAT, SaveCodeError, decode_save, encode_save
from .scoring import FinalScores, Score, final_scores
from .setup import SetupError
from .state import DISCARD, MAIN, OVER, SECOND, SELL, GameState, Phase, SaleTiming
from .view import PlayerView, sample_state, view_for

__all__ = [
    "Action", "BadActionError", "Board", "DISCARD", "Discard", "EVENT_KINDS", "EndTurn",
    "Event", "FinalScores", "GameEvent", "GameState", "IllegalActionError", "Keep", "MAIN",
    "Marry", "OVER", "Outcome", "PRIVATE_EVENTS", "Pass", "Phase", "Place", "PlayerView",
    "REVEALING_EVENTS", "SAVE_FORMAT", "SECOND", "SELL", "SaleTiming", "SaveCodeError",
    "Score", "Sell",
    "SetupError", "Termination", "apply_action", "decode_save", "default_board",
    "encode_save", "final_scores", "first_revealing", "legal_actions", "legal_spaces",
    "load_board", "new_game", "outcome", "parse_action", "public_events", "reveals_hidden",
    "sample_state", "start_of", "view_for",
]
