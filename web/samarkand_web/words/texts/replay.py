"""Words of the replay screen, the position links and the charts (issue 12)."""

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
    "chart.race_desc": "A line per player: the score each would have if the game ended "
                       "after that turn, over {turns} turns. Last point: {summary}. {hands}",
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

DE = {
    "replay.hands_points": "Neben jeder Karte die Punkte, die sie bei diesem Schritt brächte.",
    "replay.last_move": "Schritt {move}, in Zug {turn}:",
    "replay.title": "Wiederholung",
    "replay.position": "Zug {turn} von {turns} · Schritt {move} von {moves}",
    "replay.at_start": "Der Tisch vor dem ersten Schritt. {name} beginnt.",
    "replay.controls": "Steuerung der Wiederholung",
    "replay.steps": "Durch das Spiel gehen",
    "replay.first": "Zum Anfang (Pos1)",
    "replay.prev_turn": "Einen Zug zurück (Pfeil nach oben)",
    "replay.prev": "Einen Schritt zurück (Pfeil nach links)",
    "replay.play": "Abspielen",
    "replay.pause": "Anhalten",
    "replay.next": "Einen Schritt weiter (Pfeil nach rechts)",
    "replay.next_turn": "Einen Zug weiter (Pfeil nach unten)",
    "replay.last": "Zum Ende (Ende)",
    "replay.slider": "Schritt",
    "replay.slider_text": "Zug {turn}, Schritt {move} von {moves}",
    "replay.speed": "Tempo",
    "replay.speed_slow": "langsam",
    "replay.speed_normal": "normal",
    "replay.speed_fast": "schnell",
    "replay.speed_fastest": "sehr schnell",
    "replay.keys": "Tasten: Pfeil links und rechts, ein Schritt; Pfeil hoch und runter (oder "
                   "Umschalt mit links und rechts), ein Zug; Pos1 und Ende, Anfang und Ende.",
    "replay.show_all": "Alle Handkarten zeigen",
    "replay.hands_title": "Alle Handkarten (das Spiel ist zu Ende)",
    "replay.hands_hidden": "Handkarten bleiben in der Wiederholung verdeckt, wie am Tisch: "
                           "eine Karte zeigt sich, wenn sie verkauft wird, und alle Hände am "
                           "Ende. Das Spiel ist zu Ende, du darfst alle Handkarten zeigen.",
    "replay.hands_hidden_unfinished": "Handkarten bleiben in der Wiederholung verdeckt, wie "
                                      "am Tisch: eine Karte zeigt sich, wenn sie verkauft "
                                      "wird. Dieses Spiel läuft noch, seine Handkarten "
                                      "bleiben verdeckt.",
    "replay.no_cards": "keine Karten",
    "replay.their_turn": "am Zug",
    "replay.share": "Diese Stellung teilen",
    "replay.play_on": "Von hier weiterspielen",
    "replay.play_on_label": "Ab Schritt {move} als neues gespeichertes Spiel weiterspielen",
    "replay.close": "Wiederholung schließen",
    "replay.open": "Wiederholung ansehen",
    "replay.open_save": "Wiederholung",
    "replay.log_title": "Schritte bis hierher",
    "replay.no_moves": "Noch kein Schritt.",
    "replay.log_keep": "{holder} behält die Karte {good}.",
    "replay.log_discarded": "Abgeworfen: {cards}.",
    "replay.log_end_turn": "{player} beendet den Zug.",
    "replay.share_title": "Diese Stellung teilen",
    "replay.share_text": "Dieser Link öffnet die Wiederholung dieses Spiels bei Schritt "
                         "{move}. Das Öffnen speichert nichts; nur Von hier weiterspielen "
                         "legt ein neues gespeichertes Spiel an.",
    "replay.share_label": "Link zu dieser Stellung",
    "replay.share_cut": "Dieses Spiel ist noch nicht zu Ende: Der Link enthält seine "
                        "Schritte nur bis Schritt {move}, keinen späteren.",
    "replay.at_clamped": "Dieses Spiel hat nur {n} Schritte: die Wiederholung zeigt den "
                         "letzten.",
    "replay.played_on": "Ein neues Spiel geht ab Schritt {n} der Wiederholung weiter. Es ist "
                        "als neues Spiel gespeichert; das wiederholte Spiel bleibt, wie es "
                        "war.",
    "replay.chart_title": "Punkte im Lauf des Spiels",
    "replay.chart_caption": "Jede Linie zeigt die Punkte, die ein Spieler hätte, wenn das "
                            "Spiel nach diesem Zug endete; die gepunktete Linie ist der "
                            "gezeigte Schritt.",
    "replay.table_title": "Das Diagramm als Tabelle",
    "replay.table_turn": "Nach Zug",
    "replay.table_start": "Anfang",
    "replay.table_events": "Hochzeiten und erste Handelsbeziehungen",
    "link.bad_at": "Der Schritt {value} im Link ist keine Zahl: die Wiederholung beginnt am "
                   "Anfang.",
    "chart.race_title": "Erwartete Punkte, Zug um Zug",
    "chart.race_desc": "Eine Linie je Spieler: die Punkte, die jeder hätte, wenn das Spiel "
                       "nach diesem Zug endete, über {turns} Züge. Letzter Punkt: {summary}. "
                       "{hands}",
    "chart.summary_item": "{name} {score}",
    "chart.hands_hidden": "Handkarten zählen nicht mit: sie sind verdeckt.",
    "chart.hands_at_end": "Handkarten zählen erst am Ende mit, wenn alle Hände gezeigt werden.",
    "chart.hands_all": "Handkarten zählen in jedem Zug mit (alle Handkarten gezeigt).",
    "chart.axis_turn": "Zug",
    "chart.axis_score": "Punkte",
    "chart.legend_marriage": "Hochzeit",
    "chart.legend_relationship": "erste Handelsbeziehung",
    "chart.mark_marriage": "{player} heiratet in das {family} ein",
    "chart.mark_relationship": "{player} knüpft die erste Handelsbeziehung von {family} und "
                               "{other}",
    "chart.mark_turn": "Zug {turn}: {what}",
    "chart.now": "jetzt",
    "chart.bar_title": "Endwertung nach Art der Punkte",
    "chart.bar_desc": "Ein Balken je Spieler, in Punkten: Warenkarten, Warenplättchen, "
                      "Beziehungssteine und Dirham. {summary}.",
    "chart.bar_item": "{name}: {goods_cards} + {goods_markers} + {relationship_markers} + "
                      "{cash} = {total}",
    "chart.goods_cards": "Warenkarten",
    "chart.goods_markers": "Warenplättchen",
    "chart.relationship_markers": "Beziehungssteine",
    "chart.cash": "Dirham",
}

FR = {
    "replay.hands_points": "À côté de chaque carte, les points qu'elle rapporterait à ce coup.",
    "replay.last_move": "Coup {move}, au tour {turn} :",
    "replay.title": "Rediffusion",
    "replay.position": "Tour {turn} sur {turns} · coup {move} sur {moves}",
    "replay.at_start": "La table avant le premier coup. {name} commence.",
    "replay.controls": "Commandes de la rediffusion",
    "replay.steps": "Parcourir la partie",
    "replay.first": "Au début (Début)",
    "replay.prev_turn": "Un tour en arrière (flèche haut)",
    "replay.prev": "Un coup en arrière (flèche gauche)",
    "replay.play": "Lire",
    "replay.pause": "Pause",
    "replay.next": "Un coup en avant (flèche droite)",
    "replay.next_turn": "Un tour en avant (flèche bas)",
    "replay.last": "À la fin (Fin)",
    "replay.slider": "Coup",
    "replay.slider_text": "Tour {turn}, coup {move} sur {moves}",
    "replay.speed": "Vitesse",
    "replay.speed_slow": "lente",
    "replay.speed_normal": "normale",
    "replay.speed_fast": "rapide",
    "replay.speed_fastest": "très rapide",
    "replay.keys": "Touches : flèches gauche et droite, un coup ; flèches haut et bas (ou Maj "
                   "avec gauche et droite), un tour ; Début et Fin, le début et la fin.",
    "replay.show_all": "Montrer toutes les mains",
    "replay.hands_title": "Toutes les mains (la partie est finie)",
    "replay.hands_hidden": "Les mains restent cachées dans la rediffusion, comme à la table : "
                           "une carte se montre quand elle est vendue, et toutes les mains à "
                           "la fin. La partie est finie, vous pouvez montrer toutes les mains.",
    "replay.hands_hidden_unfinished": "Les mains restent cachées dans la rediffusion, comme "
                                      "à la table : une carte se montre quand elle est "
                                      "vendue. Cette partie n'est pas finie, ses mains "
                                      "restent cachées.",
    "replay.no_cards": "aucune carte",
    "replay.their_turn": "à son tour",
    "replay.share": "Partager cette position",
    "replay.play_on": "Continuer d'ici",
    "replay.play_on_label": "Continuer à partir du coup {move} dans une nouvelle partie "
                            "sauvegardée",
    "replay.close": "Fermer la rediffusion",
    "replay.open": "Voir la rediffusion",
    "replay.open_save": "Rediffusion",
    "replay.log_title": "Coups jusqu'ici",
    "replay.no_moves": "Aucun coup encore.",
    "replay.log_keep": "{holder} garde la carte {good}.",
    "replay.log_discarded": "Défaussées : {cards}.",
    "replay.log_end_turn": "{player} termine son tour.",
    "replay.share_title": "Partager cette position",
    "replay.share_text": "Ce lien ouvre la rediffusion de cette partie au coup {move}. "
                         "L'ouvrir ne sauvegarde rien ; seul Continuer d'ici crée une "
                         "nouvelle partie sauvegardée.",
    "replay.share_label": "Lien vers cette position",
    "replay.share_cut": "Cette partie n'est pas finie : le lien contient ses coups jusqu'au "
                        "coup {move} seulement, aucun joué après.",
    "replay.at_clamped": "Cette partie n'a que {n} coups : la rediffusion montre le dernier.",
    "replay.played_on": "Une nouvelle partie continue à partir du coup {n} de la "
                        "rediffusion. Elle est sauvegardée comme nouvelle partie ; la partie "
                        "rediffusée reste inchangée.",
    "replay.chart_title": "Les scores au fil de la partie",
    "replay.chart_caption": "Chaque ligne est le score qu'aurait un joueur si la partie "
                            "finissait après ce tour ; la ligne pointillée est le coup montré.",
    "replay.table_title": "Le graphique sous forme de tableau",
    "replay.table_turn": "Après le tour",
    "replay.table_start": "début",
    "replay.table_events": "Mariages et premières relations",
    "link.bad_at": "Le coup {value} du lien n'est pas un nombre : la rediffusion commence au "
                   "début.",
    "chart.race_title": "Scores projetés, tour par tour",
    "chart.race_desc": "Une ligne par joueur : le score de chacun si la partie finissait "
                       "après ce tour, sur {turns} tours. Dernier point : {summary}. {hands}",
    "chart.summary_item": "{name} {score}",
    "chart.hands_hidden": "Les cartes en main ne comptent pas : elles sont cachées.",
    "chart.hands_at_end": "Les cartes en main ne comptent qu'à la fin, quand toutes les "
                          "mains sont montrées.",
    "chart.hands_all": "Les cartes en main comptent à chaque tour (toutes les mains "
                       "montrées).",
    "chart.axis_turn": "Tour",
    "chart.axis_score": "Points",
    "chart.legend_marriage": "mariage",
    "chart.legend_relationship": "première relation",
    "chart.mark_marriage": "{player} entre par mariage dans la {family}",
    "chart.mark_relationship": "{player} établit la première relation entre la {family} et "
                               "la {other}",
    "chart.mark_turn": "Tour {turn} : {what}",
    "chart.now": "ici",
    "chart.bar_title": "Scores finaux par type de points",
    "chart.bar_desc": "Une barre par joueur, en points : cartes marchandise, jetons "
                      "marchandise, jetons relation et dirhams. {summary}.",
    "chart.bar_item": "{name} : {goods_cards} + {goods_markers} + {relationship_markers} + "
                      "{cash} = {total}",
    "chart.goods_cards": "cartes marchandise",
    "chart.goods_markers": "jetons marchandise",
    "chart.relationship_markers": "jetons relation",
    "chart.cash": "dirhams",
}

IT = {
    "replay.hands_points": "Accanto a ogni carta, i punti che darebbe a questa mossa.",
    "replay.last_move": "Mossa {move}, nel turno {turn}:",
    "replay.title": "Replay",
    "replay.position": "Turno {turn} di {turns} · mossa {move} di {moves}",
    "replay.at_start": "Il tavolo prima della prima mossa. Inizia {name}.",
    "replay.controls": "Comandi del replay",
    "replay.steps": "Scorrere la partita",
    "replay.first": "All'inizio (Home)",
    "replay.prev_turn": "Un turno indietro (freccia su)",
    "replay.prev": "Una mossa indietro (freccia sinistra)",
    "replay.play": "Riproduci",
    "replay.pause": "Pausa",
    "replay.next": "Una mossa avanti (freccia destra)",
    "replay.next_turn": "Un turno avanti (freccia giù)",
    "replay.last": "Alla fine (Fine)",
    "replay.slider": "Mossa",
    "replay.slider_text": "Turno {turn}, mossa {move} di {moves}",
    "replay.speed": "Velocità",
    "replay.speed_slow": "lenta",
    "replay.speed_normal": "normale",
    "replay.speed_fast": "veloce",
    "replay.speed_fastest": "molto veloce",
    "replay.keys": "Tasti: frecce sinistra e destra, una mossa; frecce su e giù (o Maiusc "
                   "con sinistra e destra), un turno; Home e Fine, l'inizio e la fine.",
    "replay.show_all": "Mostra tutte le mani",
    "replay.hands_title": "Tutte le mani (la partita è finita)",
    "replay.hands_hidden": "Nel replay le mani restano coperte, come al tavolo: una carta si "
                           "vede quando viene venduta, e tutte le mani alla fine. La partita "
                           "è finita, puoi mostrare tutte le mani.",
    "replay.hands_hidden_unfinished": "Nel replay le mani restano coperte, come al tavolo: "
                                      "una carta si vede quando viene venduta. Questa "
                                      "partita non è finita, le sue mani restano coperte.",
    "replay.no_cards": "nessuna carta",
    "replay.their_turn": "di turno",
    "replay.share": "Condividi questa posizione",
    "replay.play_on": "Continua da qui",
    "replay.play_on_label": "Continua dalla mossa {move} come nuova partita salvata",
    "replay.close": "Chiudi il replay",
    "replay.open": "Guarda il replay",
    "replay.open_save": "Replay",
    "replay.log_title": "Mosse fin qui",
    "replay.no_moves": "Ancora nessuna mossa.",
    "replay.log_keep": "{holder} tiene la carta {good}.",
    "replay.log_discarded": "Scartate: {cards}.",
    "replay.log_end_turn": "{player} termina il turno.",
    "replay.share_title": "Condividi questa posizione",
    "replay.share_text": "Questo link apre il replay di questa partita alla mossa {move}. "
                         "Aprirlo non salva nulla; solo Continua da qui crea una nuova "
                         "partita salvata.",
    "replay.share_label": "Link a questa posizione",
    "replay.share_cut": "Questa partita non è finita: il link contiene le sue mosse solo "
                        "fino alla mossa {move}, nessuna giocata dopo.",
    "replay.at_clamped": "Questa partita ha solo {n} mosse: il replay mostra l'ultima.",
    "replay.played_on": "Una nuova partita continua dalla mossa {n} del replay. È salvata "
                        "come nuova partita; la partita del replay resta com'era.",
    "replay.chart_title": "I punteggi nel corso della partita",
    "replay.chart_caption": "Ogni linea è il punteggio che un giocatore avrebbe se la partita "
                            "finisse dopo quel turno; la linea punteggiata è la mossa mostrata.",
    "replay.table_title": "Il grafico come tabella",
    "replay.table_turn": "Dopo il turno",
    "replay.table_start": "inizio",
    "replay.table_events": "Matrimoni e prime relazioni",
    "link.bad_at": "La mossa {value} nel link non è un numero: il replay parte dall'inizio.",
    "chart.race_title": "Punteggi previsti, turno per turno",
    "chart.race_desc": "Una linea per giocatore: il punteggio di ciascuno se la partita "
                       "finisse dopo quel turno, su {turns} turni. Ultimo punto: {summary}. "
                       "{hands}",
    "chart.summary_item": "{name} {score}",
    "chart.hands_hidden": "Le carte in mano non contano: sono coperte.",
    "chart.hands_at_end": "Le carte in mano contano solo alla fine, quando tutte le mani "
                          "sono mostrate.",
    "chart.hands_all": "Le carte in mano contano a ogni turno (tutte le mani mostrate).",
    "chart.axis_turn": "Turno",
    "chart.axis_score": "Punti",
    "chart.legend_marriage": "matrimonio",
    "chart.legend_relationship": "prima relazione",
    "chart.mark_marriage": "{player} si sposa nella {family}",
    "chart.mark_relationship": "{player} crea la prima relazione tra la {family} e la {other}",
    "chart.mark_turn": "Turno {turn}: {what}",
    "chart.now": "qui",
    "chart.bar_title": "Punteggi finali per tipo di punti",
    "chart.bar_desc": "Una barra per giocatore, in punti: carte merce, segnalini merce, "
                      "segnalini relazione e dirham. {summary}.",
    "chart.bar_item": "{name}: {goods_cards} + {goods_markers} + {relationship_markers} + "
                      "{cash} = {total}",
    "chart.goods_cards": "carte merce",
    "chart.goods_markers": "segnalini merce",
    "chart.relationship_markers": "segnalini relazione",
    "chart.cash": "dirham",
}

STRINGS = {"en": EN, "de": DE, "fr": FR, "it": IT}
