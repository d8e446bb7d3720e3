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
    "analysis.show": "Show",
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

DE = {
    "analysis.open": "Analysieren",
    "analysis.open_label": "Die Entscheidungen von {name} analysieren",
    "analysis.title": "Analyse",
    "analysis.intro": "Jede Entscheidung eines Spielers, beurteilt von der Stufe Schwer aus "
                      "dem, was dieser Spieler damals sehen konnte. Wessen Entscheidungen?",
    "analysis.who": "Wessen Entscheidungen",
    "analysis.progress": "Die Entscheidungen von {name} werden analysiert: {done} von {total}",
    "analysis.progress_start": "Die Entscheidungen von {name} werden analysiert …",
    "analysis.stop": "Anhalten",
    "analysis.stopped": "Die Analyse wurde angehalten. Wähle einen Spieler, um neu zu "
                        "beginnen.",
    "analysis.saved": "Die Analyse wird mit dem gespeicherten Spiel aufbewahrt.",
    "analysis.unsaved": "Die Analyse konnte bei keinem gespeicherten Spiel aufbewahrt werden "
                        "(diese Wiederholung kam über einen Link): Sie bleibt sichtbar, bis "
                        "du die Wiederholung verlässt.",
    "analysis.failed": "Für dieses Spiel konnte keine Analyse erstellt werden.",
    "analysis.none": "{name} hatte in diesem Spiel nichts zu entscheiden (jeder Zug war "
                     "erzwungen).",
    "analysis.summary": "{name}: {n} Entscheidungen; schwache Züge: {weak}.",
    "analysis.summary_one": "{name}: 1 Entscheidung; schwache Züge: {weak}.",
    "analysis.weak_none": "keine",
    "analysis.count.inaccuracy": "{n} Ungenauigkeiten",
    "analysis.count.inaccuracy_one": "1 Ungenauigkeit",
    "analysis.count.mistake": "{n} Fehler",
    "analysis.count.mistake_one": "1 Fehler",
    "analysis.count.blunder": "{n} grobe Fehler",
    "analysis.count.blunder_one": "1 grober Fehler",
    "analysis.decisions": "Die Entscheidungen",
    "analysis.when": "Runde {turn}, Zug {move}",
    "analysis.played": "Gespielt:",
    "analysis.best_found": "Bester gefundener Zug:",
    "analysis.same": "derselbe Zug",
    "analysis.loss": "{points} Punkte verloren",
    "analysis.win": "Siegchance {chance} % (bester Zug: {better} %)",
    "analysis.show": "Zeigen",
    "analysis.show_label": "Zug {move} in der Wiederholung zeigen",
    "analysis.mark_title": "Runde {turn}, Zug {move}: {kind}. Gespielt: {played}. Besser: "
                           "{best}",
    "analysis.log_mark": "{kind} (Analyse)",
    "chart.legend_decision": "schwacher Zug (?!, ?, ??)",
    "chart.legend_win_chance": "Siegchance",
    "chart.axis_win_chance": "Siegchance",
    "chart.decisions_desc": "Markiert auf der Linie von {player}: ?! eine Ungenauigkeit, ? "
                            "ein Fehler, ?? ein grober Fehler (Marken: {count}).",
    "chart.win_chance_desc": "Dünne Linien: die geschätzte Siegchance jedes Spielers aus "
                             "öffentlichen Informationen (rechte Achse).",
    "stats.open": "Statistik",
    "stats.title": "Statistik der hier gespeicherten Spiele",
    "stats.none": "Hier ist noch kein Spiel gespeichert.",
    "stats.games": "Gespeicherte Spiele: {n}; beendet: {finished}.",
    "stats.games_one": "Gespeicherte Spiele: 1; beendet: {finished}.",
    "stats.best": "Bestes Ergebnis: {score} ({names}).",
    "stats.by_person": "Nach Person",
    "stats.by_level": "Nach Gegnern",
    "stats.by_count": "Nach Spielerzahl",
    "stats.col_who": "Wer",
    "stats.col_level": "Gegner",
    "stats.col_count": "Spieler",
    "stats.col_games": "Beendete Spiele",
    "stats.col_wins": "Siege",
    "stats.col_average": "Durchschnitt",
    "stats.col_best": "Bestes Ergebnis",
    "stats.level.people": "nur Menschen",
    "stats.level.mixed": "gemischt",
    "stats.count": "{n} Spieler",
    "stats.trend": "Punkte im Lauf der Zeit",
    "stats.trend_desc": "Die Punkte jeder Person in ihren beendeten Spielen, die ältesten "
                        "zuerst (ein gefüllter Punkt: ein Sieg).",
    "stats.trend_none": "Die Grafik braucht ein beendetes Spiel mit einer Person am Tisch.",
    "stats.trend_axis": "Beendete Spiele, die ältesten zuerst",
    "stats.trend_points": "Punkte",
    "stats.note": "Gezählt aus den gespeicherten Spielen (nur Menschen, keine Bots); eine "
                  "Sicherungsdatei trägt sie mit den Spielständen.",
    "stats.close": "Schließen",
}

FR = {
    "analysis.open": "Analyser",
    "analysis.open_label": "Analyser les décisions de {name}",
    "analysis.title": "Analyse",
    "analysis.intro": "Chaque décision d'un joueur, jugée par le niveau Difficile à partir "
                      "de ce que ce joueur pouvait voir à ce moment. Les décisions de qui ?",
    "analysis.who": "Les décisions de qui",
    "analysis.progress": "Analyse des décisions de {name} : {done} sur {total}",
    "analysis.progress_start": "Analyse des décisions de {name}…",
    "analysis.stop": "Arrêter",
    "analysis.stopped": "L'analyse a été arrêtée. Choisissez un joueur pour recommencer.",
    "analysis.saved": "L'analyse est gardée avec la partie enregistrée.",
    "analysis.unsaved": "L'analyse n'a pu être gardée avec aucune partie enregistrée (ce "
                        "replay vient d'un lien) : elle reste affichée jusqu'à ce que vous "
                        "quittiez le replay.",
    "analysis.failed": "L'analyse de cette partie n'a pas pu être faite.",
    "analysis.none": "{name} n'avait aucune décision à prendre dans cette partie (chaque coup "
                     "était forcé).",
    "analysis.summary": "{name} : {n} décisions ; coups faibles : {weak}.",
    "analysis.summary_one": "{name} : 1 décision ; coups faibles : {weak}.",
    "analysis.weak_none": "aucun",
    "analysis.count.inaccuracy": "{n} imprécisions",
    "analysis.count.inaccuracy_one": "1 imprécision",
    "analysis.count.mistake": "{n} erreurs",
    "analysis.count.mistake_one": "1 erreur",
    "analysis.count.blunder": "{n} gaffes",
    "analysis.count.blunder_one": "1 gaffe",
    "analysis.decisions": "Les décisions",
    "analysis.when": "Tour {turn}, coup {move}",
    "analysis.played": "Joué :",
    "analysis.best_found": "Meilleur coup trouvé :",
    "analysis.same": "le même coup",
    "analysis.loss": "{points} points perdus",
    "analysis.win": "chances de victoire {chance} % (meilleur coup : {better} %)",
    "analysis.show": "Voir",
    "analysis.show_label": "Voir le coup {move} dans le replay",
    "analysis.mark_title": "Tour {turn}, coup {move} : {kind}. Joué : {played}. Mieux : "
                           "{best}",
    "analysis.log_mark": "{kind} (analyse)",
    "chart.legend_decision": "coup faible (?!, ?, ??)",
    "chart.legend_win_chance": "chances de victoire",
    "chart.axis_win_chance": "Chances de victoire",
    "chart.decisions_desc": "Marqués sur la ligne de {player} : ?! une imprécision, ? une "
                            "erreur, ?? une gaffe (marques : {count}).",
    "chart.win_chance_desc": "Lignes fines : les chances de victoire estimées de chaque "
                             "joueur, d'après les informations publiques (axe de droite).",
    "stats.open": "Statistiques",
    "stats.title": "Statistiques des parties enregistrées ici",
    "stats.none": "Aucune partie n'est encore enregistrée ici.",
    "stats.games": "Parties enregistrées : {n} ; terminées : {finished}.",
    "stats.games_one": "Parties enregistrées : 1 ; terminées : {finished}.",
    "stats.best": "Meilleur score : {score} ({names}).",
    "stats.by_person": "Par personne",
    "stats.by_level": "Par adversaires",
    "stats.by_count": "Par nombre de joueurs",
    "stats.col_who": "Qui",
    "stats.col_level": "Adversaires",
    "stats.col_count": "Joueurs",
    "stats.col_games": "Parties terminées",
    "stats.col_wins": "Victoires",
    "stats.col_average": "Score moyen",
    "stats.col_best": "Meilleur score",
    "stats.level.people": "personnes seulement",
    "stats.level.mixed": "mélangés",
    "stats.count": "{n} joueurs",
    "stats.trend": "Les scores au fil du temps",
    "stats.trend_desc": "Le score de chaque personne dans ses parties terminées, les plus "
                        "anciennes d'abord (un point plein : une victoire).",
    "stats.trend_none": "Le graphique a besoin d'une partie terminée avec une personne à "
                        "la table.",
    "stats.trend_axis": "Parties terminées, les plus anciennes d'abord",
    "stats.trend_points": "Points",
    "stats.note": "Compté à partir des parties enregistrées (les personnes seulement, pas "
                  "les bots) ; un fichier de sauvegarde les emporte avec les parties.",
    "stats.close": "Fermer",
}

IT = {
    "analysis.open": "Analizza",
    "analysis.open_label": "Analizza le decisioni di {name}",
    "analysis.title": "Analisi",
    "analysis.intro": "Ogni decisione di un giocatore, giudicata dal livello Difficile in "
                      "base a ciò che quel giocatore poteva vedere in quel momento. Le "
                      "decisioni di chi?",
    "analysis.who": "Le decisioni di chi",
    "analysis.progress": "Analisi delle decisioni di {name}: {done} di {total}",
    "analysis.progress_start": "Analisi delle decisioni di {name}…",
    "analysis.stop": "Ferma",
    "analysis.stopped": "L'analisi è stata fermata. Scegli un giocatore per ricominciare.",
    "analysis.saved": "L'analisi è conservata con la partita salvata.",
    "analysis.unsaved": "L'analisi non è stata conservata con nessuna partita salvata "
                        "(questo replay viene da un link): resta visibile finché non esci "
                        "dal replay.",
    "analysis.failed": "Non è stato possibile analizzare questa partita.",
    "analysis.none": "{name} non aveva decisioni da prendere in questa partita (ogni mossa "
                     "era obbligata).",
    "analysis.summary": "{name}: {n} decisioni; mosse deboli: {weak}.",
    "analysis.summary_one": "{name}: 1 decisione; mosse deboli: {weak}.",
    "analysis.weak_none": "nessuna",
    "analysis.count.inaccuracy": "{n} imprecisioni",
    "analysis.count.inaccuracy_one": "1 imprecisione",
    "analysis.count.mistake": "{n} errori",
    "analysis.count.mistake_one": "1 errore",
    "analysis.count.blunder": "{n} errori gravi",
    "analysis.count.blunder_one": "1 errore grave",
    "analysis.decisions": "Le decisioni",
    "analysis.when": "Turno {turn}, mossa {move}",
    "analysis.played": "Giocata:",
    "analysis.best_found": "Migliore trovata:",
    "analysis.same": "la stessa mossa",
    "analysis.loss": "{points} punti persi",
    "analysis.win": "probabilità di vittoria {chance}% (mossa migliore: {better}%)",
    "analysis.show": "Mostra",
    "analysis.show_label": "Mostra la mossa {move} nel replay",
    "analysis.mark_title": "Turno {turn}, mossa {move}: {kind}. Giocata: {played}. Meglio: "
                           "{best}",
    "analysis.log_mark": "{kind} (analisi)",
    "chart.legend_decision": "mossa debole (?!, ?, ??)",
    "chart.legend_win_chance": "probabilità di vittoria",
    "chart.axis_win_chance": "Probabilità di vittoria",
    "chart.decisions_desc": "Segnate sulla linea di {player}: ?! un'imprecisione, ? un "
                            "errore, ?? un errore grave (segni: {count}).",
    "chart.win_chance_desc": "Linee sottili: la probabilità di vittoria stimata di ogni "
                             "giocatore, da informazioni pubbliche (asse di destra).",
    "stats.open": "Statistiche",
    "stats.title": "Statistiche delle partite salvate qui",
    "stats.none": "Qui non è ancora salvata nessuna partita.",
    "stats.games": "Partite salvate: {n}; finite: {finished}.",
    "stats.games_one": "Partite salvate: 1; finite: {finished}.",
    "stats.best": "Miglior punteggio: {score} ({names}).",
    "stats.by_person": "Per persona",
    "stats.by_level": "Per avversari",
    "stats.by_count": "Per numero di giocatori",
    "stats.col_who": "Chi",
    "stats.col_level": "Avversari",
    "stats.col_count": "Giocatori",
    "stats.col_games": "Partite finite",
    "stats.col_wins": "Vittorie",
    "stats.col_average": "Punteggio medio",
    "stats.col_best": "Miglior punteggio",
    "stats.level.people": "solo persone",
    "stats.level.mixed": "misti",
    "stats.count": "{n} giocatori",
    "stats.trend": "I punteggi nel tempo",
    "stats.trend_desc": "Il punteggio di ogni persona nelle sue partite finite, dalle più "
                        "vecchie (un punto pieno: una vittoria).",
    "stats.trend_none": "Il grafico ha bisogno di una partita finita con una persona al "
                        "tavolo.",
    "stats.trend_axis": "Partite finite, dalle più vecchie",
    "stats.trend_points": "Punti",
    "stats.note": "Contate dalle partite salvate (solo le persone, non i bot); un file di "
                  "backup le porta con i salvataggi.",
    "stats.close": "Chiudi",
}

# The page's words, then the analysis's judgements (keys "analysis.kind.*",
# "analysis.reason.*", ...): one table per language, as every feature of texts/ has.
STRINGS = {lang: {**words, **ANALYSIS_TEXT[lang]}
           for lang, words in (("en", EN), ("de", DE), ("fr", FR), ("it", IT))}
