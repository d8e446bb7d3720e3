"""The rules in brief, for the "Rules" panel of a game (issue 8, item 6).

Written from the rulebook (shared/rules, four languages) and RULES-NOTES.md, in the
page's own words for the pieces (goods marker, relationship marker, family tile).
Each section is a title and one paragraph; panel_rules.py lists them in SECTIONS order.
"""

from __future__ import annotations

SECTIONS = ("turn", "marry", "expand", "goods", "meet", "end", "score", "two", "page")

EN = {
    "rules.button": "Rules",
    "rules.title": "The rules in brief",
    "rules.close": "Back to the game",
    "rules.turn.title": "Your turn",
    "rules.turn.text": "Players take turns in order. On your turn you do one of two things: marry "
                       "into a merchant family, or expand the trading route of a family you belong "
                       "to. A player with no legal move passes; when every player has passed in a "
                       "row, the game ends.",
    "rules.marry.title": "Marrying",
    "rules.marry.text": "Pay the family's marriage portion (3 to 6 dirhams) from your money into "
                        "its treasury and take one of its family tiles; a tile must be left on its "
                        "domain. With 3 to 5 players you hold at most one tile of a family. Then "
                        "draw 3 goods cards and discard 0 to 2 cards, old or new, face down, so "
                        "that you stay within the hand limit (10 cards with 2 or 3 players, 7 with "
                        "4, 6 with 5; sold cards count too). After drawing you always hold at "
                        "least one card more than before. At the hand limit you may still marry, "
                        "but you draw no cards. An empty draw pile is refilled by shuffling the "
                        "discard pile.",
    "rules.expand.title": "Expanding a trading route",
    "rules.expand.text": "Place 1 or 2 camels of one family whose tile you hold. Each camel goes "
                         "next to a camel of its own family (one placed earlier in the turn "
                         "counts), on a space with fewer than 2 camels and none of its own family; "
                         "water spaces too. The first camel is free. A second camel of the same "
                         "family costs the family 1 dirham from its treasury, so a family with an "
                         "empty treasury moves one space a turn. The second camel need not stand "
                         "next to the first.",
    "rules.goods.title": "Goods and sales",
    "rules.goods.text": "The first camel on a goods space takes its goods marker for you (1 "
                        "point). Then whoever holds that goods card, you included, may sell it at "
                        "once for 3 dirhams: it lies face up, still counts against the hand limit "
                        "and scores nothing. Nobody has to sell, and a kept card stays secret. A "
                        "camel on a goods space that already holds a camel takes no marker, and no "
                        "card is sold. Here: with bots you are asked only for a card you hold; "
                        "with several people at one device a window after every goods marker "
                        "taken offers the sale (No sale, or I hold it: sell), the same whether "
                        "anyone holds the card or not.",
    "rules.meet.title": "Trade relationships",
    "rules.meet.text": "A camel placed on a land space (never water) that holds one camel of "
                       "another family makes the two families meet. Only their first meeting "
                       "counts: every player with a tile of the moving family gets 3 dirhams, "
                       "every player with a tile of the other family 1 (a player in both gets "
                       "both). Then you take the top relationship marker of both families (1 point "
                       "each); the top one is dark green until the family's first relationship. A "
                       "family with no marker left gives none.",
    "rules.end.title": "End of the game",
    "rules.end.text": "After each turn the game ends at once if every family has a trade "
                      "relationship (no dark green marker left on the board) or if one family has "
                      "made five (no relationship marker left on its domain). The round is not "
                      "finished.",
    "rules.score.title": "Scoring",
    "rules.score.text": "Each goods card in your hand scores for every camel on its goods space: "
                        "4 if you hold a tile of that camel's family, otherwise 1. Each goods "
                        "marker, each relationship marker and each dirham is 1 point. Sold cards "
                        "score nothing. The highest total wins; tied players all win.",
    "rules.two.title": "Two players",
    "rules.two.text": "The hand limit is 10. One tile of each family starts on its domain; the "
                      "other ten go into the bag. At the end of a turn in which a player married, "
                      "a tile is drawn from the bag: if nobody has married into its family, it "
                      "leaves the game; otherwise it goes onto the family's domain. You may marry "
                      "into a family twice; two tiles of one family count as one for bonuses and "
                      "for scoring.",
    "rules.page.title": "On this page",
    "rules.page.text": "Take back (Ctrl+Z) undoes your decisions of this turn until hidden "
                       "information comes out: a marriage until its cards are drawn, a camel "
                       "unless it took a goods marker. Ending your turn makes them final. Only "
                       "final moves are saved and shared.",
}

DE = {
    "rules.button": "Regeln",
    "rules.title": "Die Regeln in Kürze",
    "rules.close": "Zurück zum Spiel",
    "rules.turn.title": "Dein Zug",
    "rules.turn.text": "Gespielt wird reihum. In deinem Zug tust du eines von zwei Dingen: in "
                       "eine Händlerfamilie einheiraten oder die Handelsroute einer Familie "
                       "erweitern, der du angehörst. Wer keinen erlaubten Zug hat, passt; passen "
                       "alle Spieler nacheinander, endet das Spiel.",
    "rules.marry.title": "Einheiraten",
    "rules.marry.text": "Zahle die Mitgift der Familie (3 bis 6 Dirham) aus deinem Geld in ihre "
                        "Schatzkammer und nimm eines ihrer Familienplättchen; auf ihrem Gebiet "
                        "muss noch eines liegen. Mit 3 bis 5 Spielern hast du von jeder Familie "
                        "höchstens ein Plättchen. Dann ziehst du 3 Warenkarten und wirfst 0 bis 2 "
                        "Karten ab, alte oder neue, verdeckt, sodass du im Kartenlimit bleibst (10 "
                        "Karten bei 2 oder 3 Spielern, 7 bei 4, 6 bei 5; verkaufte Karten zählen "
                        "mit). Nach dem Ziehen hast du immer mindestens eine Karte mehr als zuvor. "
                        "Am Kartenlimit darfst du trotzdem einheiraten, ziehst aber keine Karten. "
                        "Ist der Nachziehstapel leer, wird der Ablagestapel gemischt und wird zum "
                        "neuen Nachziehstapel.",
    "rules.expand.title": "Eine Handelsroute erweitern",
    "rules.expand.text": "Setze 1 oder 2 Kamele einer Familie, von der du ein Plättchen hast. "
                         "Jedes Kamel kommt neben ein Kamel seiner eigenen Familie (auch eines, "
                         "das in diesem Zug gesetzt wurde), auf ein Feld mit weniger als 2 Kamelen "
                         "und keinem seiner Familie; auch Wasserfelder. Das erste Kamel ist "
                         "kostenlos. Ein zweites Kamel derselben Familie kostet die Familie 1 "
                         "Dirham aus ihrer Schatzkammer; mit leerer Schatzkammer zieht eine "
                         "Familie also ein Feld pro Zug. Das zweite Kamel muss nicht neben dem "
                         "ersten stehen.",
    "rules.goods.title": "Waren und Verkauf",
    "rules.goods.text": "Das erste Kamel auf einem Warenfeld nimmt dessen Warenplättchen für dich "
                        "(1 Punkt). Dann darf, wer die passende Warenkarte hält, auch du selbst, "
                        "sie sofort für 3 Dirham verkaufen: Sie liegt offen aus, zählt weiter zum "
                        "Kartenlimit und bringt keine Punkte. Niemand muss verkaufen, und eine "
                        "behaltene Karte bleibt geheim. Ein Kamel auf einem Warenfeld, auf dem "
                        "schon ein Kamel steht, nimmt kein Plättchen, und keine Karte wird "
                        "verkauft. Hier: Mit Bots wirst du nur zu einer Karte gefragt, die du "
                        "hast; spielen mehrere Personen an einem Gerät, bietet nach jedem "
                        "genommenen Warenplättchen ein Fenster den Verkauf an (Kein Verkauf, "
                        "oder Ich habe sie: verkaufen), gleich, ob jemand die Karte hat oder "
                        "nicht.",
    "rules.meet.title": "Handelsbeziehungen",
    "rules.meet.text": "Ein Kamel auf einem Landfeld (nie auf Wasser), auf dem ein Kamel einer "
                       "anderen Familie steht, lässt die beiden Familien aufeinandertreffen. Nur "
                       "ihr erstes Treffen zählt: Jeder Spieler mit einem Plättchen der ziehenden "
                       "Familie erhält 3 Dirham, jeder mit einem Plättchen der anderen Familie 1 "
                       "(wer beiden angehört, erhält beides). Dann nimmst du von beiden Familien "
                       "den obersten Beziehungsstein (je 1 Punkt); der oberste ist dunkelgrün bis "
                       "zur ersten Beziehung der Familie. Eine Familie ohne Stein gibt keinen mehr "
                       "ab.",
    "rules.end.title": "Spielende",
    "rules.end.text": "Nach jedem Zug endet das Spiel sofort, wenn jede Familie eine "
                      "Handelsbeziehung hat (kein dunkelgrüner Stein mehr auf dem Spielplan) oder "
                      "eine Familie fünf geknüpft hat (kein Beziehungsstein mehr auf ihrem "
                      "Gebiet). Die Runde wird nicht zu Ende gespielt.",
    "rules.score.title": "Wertung",
    "rules.score.text": "Jede Warenkarte auf deiner Hand zählt für jedes Kamel auf ihrem "
                        "Warenfeld: 4, wenn du ein Plättchen der Familie dieses Kamels hast, sonst "
                        "1. Jedes Warenplättchen, jeder Beziehungsstein und jeder Dirham ist 1 "
                        "Punkt. Verkaufte Karten zählen nichts. Die höchste Summe gewinnt; bei "
                        "Gleichstand gewinnen alle Gleichplatzierten.",
    "rules.two.title": "Zu zweit",
    "rules.two.text": "Das Kartenlimit ist 10. Von jeder Familie liegt ein Plättchen auf ihrem "
                      "Gebiet, die anderen zehn kommen in den Beutel. Am Ende eines Zuges, in dem "
                      "ein Spieler eingeheiratet hat, wird ein Plättchen aus dem Beutel gezogen: "
                      "Hat noch niemand in seine Familie eingeheiratet, scheidet es aus dem Spiel "
                      "aus, sonst kommt es auf das Gebiet der Familie. Du darfst zweimal in "
                      "dieselbe Familie einheiraten; zwei Plättchen einer Familie zählen für Boni "
                      "und Wertung wie eines.",
    "rules.page.title": "Auf dieser Seite",
    "rules.page.text": "Zurücknehmen (Strg+Z) macht deine Entscheidungen dieses Zuges rückgängig, "
                       "bis verdeckte Information ans Licht kommt: eine Heirat, bis ihre Karten "
                       "gezogen sind, ein Kamel, sofern es kein Warenplättchen genommen hat. Mit "
                       "dem Ende deines Zuges gelten sie. Gespeichert und geteilt werden nur "
                       "gültige Züge.",
}

FR = {
    "rules.button": "Règles",
    "rules.title": "Les règles en bref",
    "rules.close": "Retour à la partie",
    "rules.turn.title": "Ton tour",
    "rules.turn.text": "Les joueurs jouent chacun leur tour. À ton tour, tu fais l'une de deux "
                       "choses : entrer par mariage dans une famille de marchands, ou prolonger la "
                       "route commerciale d'une famille dont tu fais partie. Un joueur sans coup "
                       "permis passe ; quand tous les joueurs ont passé à la suite, la partie "
                       "s'arrête.",
    "rules.marry.title": "Le mariage",
    "rules.marry.text": "Paie la dot de la famille (3 à 6 dirhams) de ton argent dans son trésor "
                        "et prends une de ses tuiles Famille ; il doit en rester une sur son "
                        "domaine. À 3, 4 ou 5 joueurs, tu as au plus une tuile de chaque famille. "
                        "Pioche ensuite 3 cartes marchandise et défausse 0 à 2 cartes, anciennes "
                        "ou nouvelles, face cachée, pour respecter la limite de cartes (10 cartes "
                        "à 2 ou 3 joueurs, 7 à 4, 6 à 5 ; les cartes vendues comptent aussi). "
                        "Après la pioche, tu as toujours au moins une carte de plus qu'avant. À la "
                        "limite, tu peux quand même te marier, mais tu ne pioches pas. Une pioche "
                        "vide est refaite en mélangeant la défausse.",
    "rules.expand.title": "Prolonger une route commerciale",
    "rules.expand.text": "Place 1 ou 2 chameaux d'une famille dont tu as une tuile. Chaque "
                         "chameau va à côté d'un chameau de sa famille (y compris un chameau posé "
                         "plus tôt dans le tour), sur une case qui a moins de 2 chameaux et aucun "
                         "de sa famille ; les cases d'eau aussi. Le premier chameau est gratuit. "
                         "Un second chameau de la même famille coûte à la famille 1 dirham de son "
                         "trésor : une famille au trésor vide avance donc d'une case par tour. Le "
                         "second chameau n'a pas à être à côté du premier.",
    "rules.goods.title": "Marchandises et ventes",
    "rules.goods.text": "Le premier chameau sur une case marchandise te fait prendre son jeton "
                        "marchandise (1 point). Puis celui qui a cette carte marchandise, toi "
                        "compris, peut la vendre aussitôt pour 3 dirhams : elle est posée face "
                        "visible, compte toujours dans la limite de cartes et ne rapporte rien. "
                        "Personne n'est obligé de vendre, et une carte gardée reste secrète. Un "
                        "chameau sur une case marchandise qui a déjà un chameau ne prend pas de "
                        "jeton, et aucune carte n'est vendue. Ici : avec des bots, on ne te "
                        "demande que pour une carte que tu as ; à plusieurs sur un même "
                        "appareil, une fenêtre après chaque jeton marchandise pris propose la "
                        "vente (Pas de vente, ou Je l'ai : vendre), la même que quelqu'un ait "
                        "la carte ou non.",
    "rules.meet.title": "Relations commerciales",
    "rules.meet.text": "Un chameau posé sur une case de terre (jamais d'eau) qui porte un chameau "
                       "d'une autre famille fait se rencontrer les deux familles. Seule leur "
                       "première rencontre compte : chaque joueur qui a une tuile de la famille "
                       "qui avance reçoit 3 dirhams, chaque joueur qui a une tuile de l'autre "
                       "famille 1 (un joueur des deux reçoit les deux). Puis tu prends le jeton de "
                       "relation du dessus des deux familles (1 point chacun) ; celui du dessus "
                       "est vert foncé jusqu'à la première relation de la famille. Une famille "
                       "sans jeton n'en donne plus.",
    "rules.end.title": "Fin de la partie",
    "rules.end.text": "Après chaque tour, la partie s'arrête aussitôt si chaque famille a une "
                      "relation commerciale (plus de jeton vert foncé sur le plateau) ou si une "
                      "famille en a noué cinq (plus de jeton de relation sur son domaine). Le tour "
                      "de table n'est pas terminé.",
    "rules.score.title": "Décompte",
    "rules.score.text": "Chaque carte marchandise de ta main rapporte, pour chaque chameau sur sa "
                        "case marchandise, 4 si tu as une tuile de la famille de ce chameau, sinon "
                        "1. Chaque jeton marchandise, chaque jeton de relation et chaque dirham "
                        "vaut 1 point. Les cartes vendues ne rapportent rien. Le plus haut total "
                        "gagne ; en cas d'égalité, tous les ex æquo gagnent.",
    "rules.two.title": "À deux joueurs",
    "rules.two.text": "La limite de cartes est 10. Une tuile de chaque famille est posée sur son "
                      "domaine ; les dix autres vont dans le sac. À la fin d'un tour où un joueur "
                      "s'est marié, on tire une tuile du sac : si personne ne s'est encore marié "
                      "dans sa famille, elle quitte la partie ; sinon elle va sur le domaine de la "
                      "famille. Tu peux te marier deux fois dans la même famille ; deux tuiles "
                      "d'une famille comptent comme une pour les primes et le décompte.",
    "rules.page.title": "Sur cette page",
    "rules.page.text": "Annuler (Ctrl+Z) défait tes décisions de ce tour tant qu'aucune "
                       "information cachée n'est révélée : un mariage tant que ses cartes ne sont "
                       "pas piochées, un chameau s'il n'a pas pris de jeton marchandise. Finir ton "
                       "tour les rend définitives. Seuls les coups définitifs sont enregistrés et "
                       "partagés.",
}

IT = {
    "rules.button": "Regole",
    "rules.title": "Le regole in breve",
    "rules.close": "Torna alla partita",
    "rules.turn.title": "Il tuo turno",
    "rules.turn.text": "I giocatori giocano a turno. Nel tuo turno fai una di due cose: ti sposi "
                       "in una famiglia di mercanti, oppure estendi la via commerciale di una "
                       "famiglia di cui fai parte. Chi non ha mosse consentite passa; quando tutti "
                       "i giocatori hanno passato di seguito, la partita finisce.",
    "rules.marry.title": "Il matrimonio",
    "rules.marry.text": "Paga la dote della famiglia (da 3 a 6 dirham) dal tuo denaro nel suo "
                        "tesoro e prendi una delle sue tessere famiglia; sulla sua casella deve "
                        "restarne una. Con 3-5 giocatori hai al massimo una tessera per famiglia. "
                        "Poi peschi 3 carte merce e scarti da 0 a 2 carte, vecchie o nuove, "
                        "coperte, per restare nel limite di carte (10 carte con 2 o 3 giocatori, 7 "
                        "con 4, 6 con 5; contano anche le carte vendute). Dopo la pesca hai sempre "
                        "almeno una carta in più di prima. Al limite puoi comunque sposarti, ma "
                        "non peschi carte. Un mazzo vuoto si rifà mescolando gli scarti.",
    "rules.expand.title": "Estendere una via commerciale",
    "rules.expand.text": "Metti 1 o 2 cammelli di una famiglia di cui hai una tessera. Ogni "
                         "cammello va accanto a un cammello della sua famiglia (conta anche uno "
                         "messo prima nello stesso turno), su una casella con meno di 2 cammelli e "
                         "nessuno della sua famiglia; anche sulle caselle d'acqua. Il primo "
                         "cammello è gratis. Un secondo cammello della stessa famiglia costa alla "
                         "famiglia 1 dirham del suo tesoro, quindi una famiglia con il tesoro "
                         "vuoto avanza di una casella per turno. Il secondo cammello non deve per "
                         "forza stare accanto al primo.",
    "rules.goods.title": "Merci e vendite",
    "rules.goods.text": "Il primo cammello su una casella merce prende per te il suo segnalino "
                        "merce (1 punto). Poi chi ha la carta di quella merce, tu compreso, può "
                        "venderla subito per 3 dirham: resta scoperta, conta ancora nel limite di "
                        "carte e non vale punti. Nessuno è obbligato a vendere, e una carta tenuta "
                        "resta segreta. Un cammello su una casella merce che ha già un cammello "
                        "non prende segnalini, e nessuna carta viene venduta. Qui: con i bot ti "
                        "viene chiesto solo per una carta che hai; con più persone sullo stesso "
                        "dispositivo, dopo ogni segnalino merce preso una finestra offre la "
                        "vendita (Nessuna vendita, o Ce l'ho io: vendo), uguale che qualcuno "
                        "abbia la carta o no.",
    "rules.meet.title": "Relazioni commerciali",
    "rules.meet.text": "Un cammello messo su una casella di terra (mai d'acqua) che ha un "
                       "cammello di un'altra famiglia fa incontrare le due famiglie. Conta solo il "
                       "loro primo incontro: ogni giocatore con una tessera della famiglia che si "
                       "muove riceve 3 dirham, ogni giocatore con una tessera dell'altra famiglia "
                       "1 (chi appartiene a entrambe riceve tutti e due). Poi prendi il segnalino "
                       "relazione in cima di entrambe le famiglie (1 punto ciascuno); quello in "
                       "cima è verde scuro fino alla prima relazione della famiglia. Una famiglia "
                       "senza segnalini non ne dà più.",
    "rules.end.title": "Fine della partita",
    "rules.end.text": "Dopo ogni turno la partita finisce subito se ogni famiglia ha una "
                      "relazione commerciale (nessun segnalino verde scuro sul tabellone) o se una "
                      "famiglia ne ha strette cinque (nessun segnalino relazione sulla sua "
                      "casella). Il giro non viene completato.",
    "rules.score.title": "Punteggio",
    "rules.score.text": "Ogni carta merce in mano vale, per ogni cammello sulla sua casella "
                        "merce, 4 se hai una tessera della famiglia di quel cammello, altrimenti "
                        "1. Ogni segnalino merce, ogni segnalino relazione e ogni dirham vale 1 "
                        "punto. Le carte vendute non valgono niente. Vince il totale più alto; in "
                        "caso di parità vincono tutti i giocatori a pari merito.",
    "rules.two.title": "In due",
    "rules.two.text": "Il limite di carte è 10. Una tessera di ogni famiglia sta sulla sua "
                      "casella; le altre dieci vanno nel sacchetto. Alla fine di un turno in cui "
                      "un giocatore si è sposato si estrae una tessera dal sacchetto: se nessuno "
                      "si è ancora sposato in quella famiglia, esce dal gioco; altrimenti va sulla "
                      "casella della famiglia. Puoi sposarti due volte nella stessa famiglia; due "
                      "tessere di una famiglia contano come una per i bonus e per il punteggio.",
    "rules.page.title": "In questa pagina",
    "rules.page.text": "Annulla (Ctrl+Z) disfa le tue decisioni di questo turno finché non viene "
                       "fuori un'informazione nascosta: un matrimonio finché le sue carte non sono "
                       "pescate, un cammello se non ha preso un segnalino merce. Finire il turno "
                       "le rende definitive. Si salvano e si condividono solo le mosse definitive.",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}
