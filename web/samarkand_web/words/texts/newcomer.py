"""Words of a newcomer's first game: the one-click game against the computer on the start
screen, the start page while the game loads, finished games in the saves list, the
coach's counts in a share link, and the pictures of the rules panel."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "quick.name": "Your name",
        "quick.play": "Play against the computer",
        "quick.hint": "You and two computer players (Medium); who starts is drawn at random.",
        "quick.friends": "Play with friends on this device",
        "quick.friends_link": "Play with friends, each on their own device",
        "quick.setup": "Set up the game: people and computer players",
        "quick.setup_link": "Set up a game by link: each person plays on their own device",
        "early.loading": "Loading…",
        "early.note": "The game is still loading. A click on a start button is kept and "
                      "carried out as soon as it is ready.",
        "early.pending": "Starting as soon as the game is ready…",
        "saves.finished": "Finished",
        "saves.won_by": "won by {winners}",
        "saves.final_scores": "Final scores",
        "link.bad_coached": "The link’s counts of suggested moves could not be read "
                            "({value}); the game opens without them.",
    },
}
