"""Words of the replay screen, the position links and the charts."""

from __future__ import annotations

EN = {
    "replay.hands_points": "Beside each card, the points it would score at this move.",
    "replay.last_move": "Move {move}, in turn {turn}:",
    "replay.title": "Replay",
    "replay.position": "Turn {turn} of {turns} · move {move} of {moves}",
    "replay.at_start": "The table before the first move. {name} starts.",
    "replay.controls": "Replay controls",
    "replay.steps": "Step through the game",
    "replay.first": "To the start (Home)",
    "replay.prev_turn": "One turn back (Up arrow)",
    "replay.prev": "One move back (Left arrow)",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.next": "One move on (Right arrow)",
    "replay.next_turn": "One turn on (Down arrow)",
    "replay.last": "To the end (End)",
    "replay.slider": "Move",
    "replay.slider_text": "Turn {turn}, move {move} of {moves}",
    "replay.speed": "Speed",
    "replay.speed_slow": "slow",
    "replay.speed_normal": "normal",
    "replay.speed_fast": "fast",
    "replay.speed_fastest": "very fast",
    "replay.keys": "Keys: Left and Right arrows, one move; Up and Down arrows (or Shift with "
                   "Left and Right), one turn; Home and End, the start and the end.",
    "replay.show_all": "Show all hands",
    "replay.hands_title": "Every hand (the game is over)",
    "replay.hands_hidden": "Hands stay hidden in the replay, as at the table: a card shows "
                           "when it is sold, and every hand at the end. The game is over, "
                           "so you may show all hands.",
    "replay.hands_hidden_unfinished": "Hands stay hidden in the replay, as at the table: a "
                                      "card shows when it is sold. This game is not over, "
                                      "so its hands stay hidden.",
    "replay.no_cards": "no cards",
    "replay.their_turn": "their turn",
    "replay.share": "Share this position",
    "replay.play_on": "Play on from here",
    "replay.play_on_label": "Play on from move {move} as a new saved game",
    "replay.close": "Close the replay",
    "replay.open": "Watch the replay",
    "replay.open_save": "Replay",
    "replay.log_title": "Moves up to here",
    "replay.no_moves": "No move yet.",
    "replay.log_keep": "{holder} keeps the {good} card.",
    "replay.log_discarded": "Discarded: {cards}.",
    "replay.log_end_turn": "{player} ends the turn.",
    "replay.share_title": "Share this position",
    "replay.share_text": "This link opens the replay of this game at move {move}. Opening it "
                         "saves nothing; only Play on from here starts a new saved game.",
    "replay.share_label": "Link to this position",
    "replay.share_cut": "This game is not over: the link holds its moves up to move {move} "
                        "only, none played after it.",
    "replay.at_clamped": "This game has only {n} moves: the replay shows the last one.",
    "replay.at_clamped_one": "This game has only {n} move: the replay shows it.",
    "replay.played_on": "A new game goes on from move {n} of the replay. It is saved as a new "
                        "game; the game replayed is unchanged.",
    "replay.chart_title": "Scores over the game",
    "replay.chart_caption": "Each line is the score a player would have if the game ended "
                            "after that turn; the dotted line is the move shown.",
    "replay.table_title": "The chart as a table",
    "replay.table_turn": "After turn",
    "replay.table_start": "start",
    "replay.table_events": "Marriages and first relationships",
    "link.bad_at": "The move {value} in the link is not a number: the replay starts at the "
                   "beginning.",
    "chart.race_title": "Projected scores, turn by turn",
    # the count after its noun: the chart formats this with no plural form to choose
    "chart.race_desc": "A line per player: the score each would have if the game ended "
                       "after that turn; turns played: {turns}. Last point: {summary}. "
                       "{hands}",
    "chart.summary_item": "{name} {score}",
    "chart.hands_hidden": "Cards in hand are not counted: they are hidden.",
    "chart.hands_at_end": "Cards in hand are counted only at the end, when every hand is shown.",
    "chart.hands_all": "Cards in hand are counted at every turn (all hands shown).",
    "chart.axis_turn": "Turn",
    "chart.axis_score": "Points",
    "chart.legend_marriage": "marriage",
    "chart.legend_relationship": "first relationship",
    "chart.mark_marriage": "{player} marries into the {family}",
    "chart.mark_relationship": "{player} makes the first relationship of the {family} and "
                               "the {other}",
    "chart.mark_turn": "Turn {turn}: {what}",
    "chart.now": "now",
    "chart.bar_title": "Final scores by kind of points",
    "chart.bar_desc": "A bar per player, in points: goods cards, goods markers, relationship "
                      "markers and dirhams. {summary}.",
    "chart.bar_item": "{name}: {goods_cards} + {goods_markers} + {relationship_markers} + "
                      "{cash} = {total}",
    "chart.goods_cards": "goods cards",
    "chart.goods_markers": "goods markers",
    "chart.relationship_markers": "relationship markers",
    "chart.cash": "dirhams",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}
