"""Words of the analysis of a finished game (on its replay) and of the statistics of the
games saved here. The judgements' own sentences (keys "analysis.kind.*",
"analysis.reason.*") are the core's (samarkand_core.analysis_text), added here so that
the page fills them like every other text: with the game's names in the player's
language. A key ending in ``_one`` is the singular of the key without it (n == 1)."""

from __future__ import annotations

from samarkand_core.analysis_text import ANALYSIS_TEXT

EN = {
    # the end screen and the replay
    "analysis.open": "Analyse",
    "analysis.stored_damaged": "The analysis kept with this game could not be shown (it is "
                               "damaged): the game is shown without it. Analyse it again "
                               "to make a new one.",
    "analysis.open_label": "Analyse the decisions of {name}",
    "analysis.title": "Analysis",
    "analysis.intro": "Every decision of one player, judged by the Hard level from what "
                      "that player could see at the time. Whose decisions?",
    "analysis.who": "Whose decisions",
    "analysis.progress": "Analysing the decisions of {name}: {done} of {total}",
    "analysis.progress_start": "Analysing the decisions of {name}…",
    "analysis.stop": "Stop",
    "analysis.stopped": "The analysis was stopped. Choose a player to start again.",
    "analysis.saved": "The analysis is kept with the saved game.",
    "analysis.unsaved": "The analysis could not be kept with a saved game (this replay was "
                        "opened from a link): it is shown until you leave the replay.",
    "analysis.failed": "The analysis could not be made for this game.",
    "analysis.none": "{name} had no decision to make in this game (every move was forced).",
    "analysis.summary": "{name}: {n} decisions; weak moves: {weak}.",
    "analysis.summary_one": "{name}: 1 decision; weak moves: {weak}.",
    "analysis.weak_none": "none",
    "analysis.count.inaccuracy": "{n} inaccuracies",
    "analysis.count.inaccuracy_one": "1 inaccuracy",
    "analysis.count.mistake": "{n} mistakes",
    "analysis.count.mistake_one": "1 mistake",
    "analysis.count.blunder": "{n} blunders",
    "analysis.count.blunder_one": "1 blunder",
    "analysis.decisions": "The decisions",
    "analysis.when": "Turn {turn}, move {move}",
    "analysis.played": "Played:",
    "analysis.best_found": "Best found:",
    "analysis.same": "the same move",
    "analysis.loss": "{points} points lost",
    "analysis.win": "winning chance {chance}% (best move: {better}%)",
    # the range of the winning chance lost (two standard errors of the guesses' estimate)
    "analysis.win_err": "margin of error ±{err}%",
    # said of an estimate whose margin of error is wide (above 5 points)
    "analysis.rough": "rough estimate",
    "analysis.show": "Show",
    # the name added to the space or domain of the better move, drawn with the coach's mark
    "analysis.better_mark": "the better move",
    "analysis.show_label": "Show move {move} in the replay",
    "analysis.mark_title": "Turn {turn}, move {move}: {kind}. Played: {played}. Better: {best}",
    "analysis.log_mark": "{kind} (analysis)",
    # the chart's additions
    "chart.legend_decision": "weak move (?!, ?, ??)",
    "chart.legend_win_chance": "winning chance",
    "chart.axis_win_chance": "Winning chance",
    "chart.decisions_desc": "Marked on the line of {player}: ?! an inaccuracy, ? a mistake, "
                            "?? a blunder (marks: {count}).",
    "chart.win_chance_desc": "Thin lines: each player's estimated winning chance, from "
                             "public information (right-hand axis).",
    # the statistics
    "stats.open": "Statistics",
    "stats.title": "Statistics of the games saved here",
    "stats.none": "No game is saved here yet.",
    "stats.games": "Games saved: {n}; finished: {finished}.",
    "stats.games_one": "Games saved: 1; finished: {finished}.",
    "stats.best": "Best score: {score} ({names}).",
    "stats.by_person": "By person",
    "stats.by_level": "By opponents",
    "stats.by_count": "By number of players",
    "stats.col_who": "Who",
    "stats.col_level": "Opponents",
    "stats.col_count": "Players",
    "stats.col_games": "Finished games",
    "stats.col_wins": "Wins",
    "stats.col_average": "Average score",
    "stats.col_best": "Best score",
    "stats.level.people": "people only",
    "stats.level.mixed": "mixed",
    "stats.count": "{n} players",
    "stats.trend": "Scores over time",
    "stats.trend_desc": "The score of each person in their finished games, oldest first "
                        "(a filled dot: a win).",
    "stats.trend_none": "The chart needs a finished game with a person at the table.",
    "stats.trend_axis": "Finished games, oldest first",
    "stats.trend_points": "Points",
    "stats.note": "Counted from the saved games (people only, not the bots); a backup file "
                  "carries them with the saves.",
    "stats.close": "Close",
}

# The page's words, then the analysis's judgements (keys "analysis.kind.*",
# "analysis.reason.*", ...), in English: the other languages of the judgements come
# from the core's own table (i18n.TRANSLATIONS), the page's words from the catalogs.
STRINGS = {"en": {**EN, **ANALYSIS_TEXT["en"]}}
