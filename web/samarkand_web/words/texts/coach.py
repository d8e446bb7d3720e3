"""Words of the coach: "Suggest a move", its switch, the suggestion with the move
in words, the count on the end screen, the start screen's option. The reasons themselves
are the coach's own sentences (samarkand_core.bots.coach_text), added here so that the
page fills them like every other text: with the game's names in the player's language."""

from __future__ import annotations

from samarkand_core.bots.coach_text import COACH_EN

EN = {
    "coach.suggest": "Suggest a move",
    "coach.suggest_short": "Suggest",
    "coach.switch": "Coach",
    "coach.switch_on": "on",
    "coach.switch_off": "off",
    "coach.thinking": "The coach is thinking… You can play on meanwhile.",
    "coach.heading": "The coach suggests",
    "coach.alternative": "Next best",
    "coach.hide_label": "Hide the suggestion",
    "coach.mark": "suggested by the coach",
    "coach.failed": "The coach could not find a suggestion for this position.",
    # the suggested move in words
    "coach.move.marry": "Marry into the {family}",
    "coach.move.place": "Place a camel of the {family} on {space}",
    "coach.move.end_turn": "End the turn without a second camel",
    "coach.move.pass": "Pass",
    "coach.move.discard": "Discard {cards}",
    "coach.move.keep_all": "Keep all your cards",
    "coach.move.sell": "Sell the {good} card for {price} dirhams",
    "coach.move.keep": "Keep the {good} card",
    # the end screen
    "coach.used_title": "Suggestions from the coach",
    "coach.used": "{n} suggestions",
    "coach.used_one": "{n} suggestion",
    "coach.used_off": "The coach was switched off in this game.",
    # the start screen and the address
    "coach.form": "Coach",
    "coach.form_on": "On: suggested moves on request",
    "coach.form_off": "Off",
    "link.bad_coach": "The address asks for coach={value}: only on or off is possible.",
}

# The page's words, then the coach's reasons (keys "coach.reason.*", "coach.points",
# "coach.win_chance"; their translations are the core's, samarkand_core/locale/).
STRINGS: dict[str, dict[str, str]] = {"en": {**EN, **COACH_EN}}
