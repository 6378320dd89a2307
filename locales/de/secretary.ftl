# Deutsch: die Seiten der Schriftführung (Turniere, Anmeldungen, Auslosung, Sitzplan).

error-tournament-name = Der Name des Turniers muss 1 bis 100 Zeichen lang sein.
error-date = Bitte ein Datum angeben, z. B. 21.11.2026.
error-place = Der Ort darf höchstens 100 Zeichen lang sein.
error-game = Bitte ein Spiel wählen.
error-variant = Diese Spielart gehört nicht zum gewählten Spiel.
error-format = Das Format passt nicht zur Spielart: Gaigel zu dritt wird in Durchgängen gespielt, alles andere in Runden.
error-target = Bitte eine Zielpunktzahl von 3 bis 1000 angeben.
error-gespannt-from = „Gespannt ab“ muss zwischen 1 und der Zielpunktzahl − 2 liegen.
error-strokes = Bitte 1 bis 100 Striche angeben.
error-sevens = Bitte eine Regel für fünf Siebener wählen.
error-sessions = Bitte 1 bis 20 Durchgänge angeben.
error-deals = Bitte 1 bis 60 Spiele je Durchgang angeben.
error-fill = Vierertische brauchen eine durch 3 teilbare Zahl von Spielen (9, 12).
error-games = Spiele je Tisch: leer lassen oder 1 bis 20.
error-scheme = Diese Wertung gibt es für dieses Spiel nicht.
error-bonus = Der Bonus muss zwischen 0 und 100 liegen.
error-draw = Diese Auslosung gibt es für dieses Format nicht.
error-rules-invalid = Diese Regeln passen nicht zusammen. Bitte die Optionen prüfen.

tlist-title = Turniere
tnew-title = Neues Turnier
tnew-apply-game = Spiel übernehmen
tnew-apply-hint = Das Formular zeigt dann die Regeln und Voreinstellungen dieses Spiels.
tnew-rules = Regeln
tnew-format = Format
tnew-submit = Turnier anlegen
field-game = Spiel
field-variant = Spielart
field-tournament-name = Name des Turniers
field-date = Datum
field-place = Ort
field-target = Gespielt auf (Punkte)
field-sessions = Durchgänge
field-deals = Spiele je Durchgang und Spieler
field-fill = Wenn die Spielerzahl nicht durch 3 teilbar ist
field-games = Partien je Tisch und Runde
field-games-hint = Leer lassen: es zählt, was am Tisch gespielt wird.
field-scheme = Wertung
field-bonus = Bonus für eine gewonnene Partie (Wattkönig)
field-draw = Auslosung ab der 2. Runde

opt-farbe = „Farbe“ ansagen (Vorwurf beim letzten Stich)
opt-gespannt-luft = Gespannt – Luft (gestrichen gegen 0: um 4 spielen oder 2 hergeben)
opt-immediate-four = Sofort um 4 (Gegenangebot nach dem Bieten)
opt-schneider = Schneider zählt doppelt
opt-machine = Maschine (alle drei Kritischen in einer Hand)
opt-gespannt-from = Gespannt ab (Punkte)
opt-gespannt-from-hint = Leer lassen: gespannt ab Zielpunktzahl − 2.
opt-scoring-rutesheim = Gewertet wird nach Spielpunkten (Rutesheimer Art).
opt-strokes = Striche im Topf
opt-sevens = Fünf Siebener

game-watten = Watten
game-gaigel = Gaigel
game-perlaggen = Perlaggen
game-giltspiel = Giltspiel
variant-standard = Standard
variant-perlique = mit 3 Perlique
variant-innsbruck = Innsbrucker Art
variant-eichel = Eichelperlaggen
variant-schlanders = Schlanderser Art
variant-deutschnofen = Deutschnofner Art
variant-tyrolean = Tirolerisch
variant-bavarian = Bayerisch
variant-kritische = mit Kritischen
variant-guate = Guate
variant-blind = Blindwatten
variant-four = zu viert
variant-six = zu sechst
variant-two = zu zweit
variant-three = zu dritt (Rutesheim)
draw-random = zufällig, ohne Wiederholungen
draw-swiss = Schweizer System (nach Tabelle)
draw-wattkoenig = Wattkönig-Wechsel (ungerade bleiben, gerade rücken weiter)
sevens-none = zählen nichts
sevens-five-sevens = gewinnen ein einfaches Spiel
sevens-auf-dissle = auf Dissle
fill-byes = Freilose (3 Spielpunkte je Spiel)
fill-four-tables = Vierertische (der Geber setzt aus)
scheme-games = gewonnene Partien
scheme-wattkoenig = Wattkönig (Ziel + Bonus je Sieg)
format-sessions = Durchgänge an Dreiertischen
format-rounds = Runden, Paare gegen Paare
tlist-empty = Noch kein Turnier. Legen Sie das erste an.
tlist-status = Stand
status-setup = in Vorbereitung
status-running = läuft
status-finished = beendet
error-club = Bitte einen Verein wählen.

entrants-title = Anmeldungen
entrants-players = Spielerinnen und Spieler
entrants-teams = Teams
entrants-none = Noch niemand angemeldet.
entrants-no = Nr.
entrants-members = Spieler
entrants-count = { $count } angemeldet
entrants-add-team = Team anmelden
entrants-add-player = Spieler anmelden
entrants-team-name = Name des Teams
entrants-member = Spieler
entrants-club = Verein (freiwillig)
entrants-start-no = Startnummer (freiwillig)
entrants-add = Anmelden
entrants-list = Liste einlesen
entrants-list-hint-players = Eine Zeile je Spieler: Name; Verein; Startnummer (Verein und Startnummer dürfen fehlen). Trennzeichen ; oder , oder Tabulator; eine Kopfzeile darf sein. Aus Excel: als „CSV UTF-8“ speichern oder die Zellen kopieren und einfügen.
entrants-list-hint-teams = Eine Zeile je Team: Teamname; Spieler 1; Spieler 2 (bei Gaigel zu sechst drei Spieler); danach freiwillig die Startnummer. Trennzeichen ; oder , oder Tabulator; eine Kopfzeile darf sein.
entrants-file = CSV-Datei wählen (wird unten eingefügt)
entrants-paste = oder die Liste hier einfügen
entrants-import = Liste prüfen und anmelden
entrants-fixed = Die erste Runde ist ausgelost: das Teilnehmerfeld steht fest.
error-field-fixed = Die erste Runde ist schon ausgelost: es kann niemand mehr angemeldet werden.
notice-added = { $count } angemeldet.
import-refused = { $count ->
    [one] 1 fehlerhafte Zeile
   *[other] { $count } fehlerhafte Zeilen
}: es wurde nichts angemeldet. Bitte korrigieren und noch einmal senden.
import-line = Zeile { $line }: { $message }
import-empty = Die Liste ist leer.
import-unreadable = Die Zeile ist nicht lesbar (ein Anführungszeichen ist nicht geschlossen).
import-not-utf8 = Die Zeile enthält unlesbare Zeichen. Bitte die Datei als „CSV UTF-8“ speichern.
import-too-many-columns = { $found ->
    [one] 1 Spalte
   *[other] { $found } Spalten
}, erlaubt sind höchstens { $most }.
import-members = { $found } Spieler angegeben, ein Team hat { $needed }.
import-empty-name = Der Name fehlt.
import-name-too-long = Der Name ist länger als 64 Zeichen.
import-start-no = Die Startnummer „{ $value }“ ist keine ganze Zahl ab 1.
import-start-no-twice = Diese Startnummer steht schon in Zeile { $first }.
import-start-no-taken = Die Startnummer { $number } ist schon vergeben.
import-name-twice = Dieser Name steht schon in Zeile { $first }.
import-name-taken = Dieser Name ist schon angemeldet.
# Two people of one name cannot both enter one tournament under it (the pages, the standings
# and the draw could not tell them apart): what to do instead.
import-namesakes = Zwei verschiedene Personen gleichen Namens brauchen im Turnier zwei unterscheidbare Namen: die zweite mit Zusatz eintragen, etwa „Josef Huber sen.“ oder mit dem Jahrgang „Josef Huber 1961“. Steht sie im Spielerregister, dort den Namen so berichtigen und dann wählen.

overview-rules = Regeln
overview-entrants-link = Anmeldungen ansehen und ergänzen
overview-rounds = Runden
overview-no-rounds = Noch keine Runde ausgelost.
overview-tables = Tische
overview-deals = Spiele
round-word = Runde
round-open = offen
round-closed = abgeschlossen
draw-next = Nächste Runde auslosen
draw-finished = Das Turnier ist beendet.
draw-close-first = Die laufende Runde muss erst abgeschlossen werden, bevor die nächste ausgelost wird.
draw-too-few = Zum Auslosen braucht es mindestens { $needed ->
    [one] 1 Anmeldung
   *[other] { $needed } Anmeldungen
}.
draw-all-sessions = Alle Durchgänge sind ausgelost.
standings-title = Tabelle
standings-overall = Gesamt
standings-round = Runde { $round }
standings-rank = Platz
standings-points = Punkte
standings-none = Noch keine Ergebnisse.
standings-broken = Runde { $round }, Tisch { $table }: das Protokoll verstößt gegen eine Regel; es zählen nur die Spiele davor.
seating-title = Sitzplan

seat-table = Tisch
seat-byes = Freilos
seat-place = Platz { $place }
seating-print = Drucken
seating-pdf = Sitzplan als PDF
seating-printable = Sitzplan zum Drucken
round-seed = Losnummer (Seed), mit der diese Runde ausgelost wurde
swap-title = Zwei Plätze tauschen
swap-hint = Möglich, bis das erste Spiel der Runde eingetragen ist. Ein Tausch mit einem Freilos setzt den anderen aus.
swap-a = Tauschen
swap-b = mit
swap-submit = Plätze tauschen
swap-done = Die Plätze sind getauscht.
swap-started = In dieser Runde ist schon ein Spiel eingetragen: die Sitzordnung steht fest.
swap-choose-two = Bitte zwei verschiedene Teilnehmer dieser Runde wählen.
close-title = Runde abschließen
close-hint = Danach zählen die Ergebnisse als endgültig; die nächste Runde kann ausgelost werden.
close-confirm = Diese Runde abschließen?
close-submit = Runde abschließen
reopen-title = Runde wieder öffnen
reopen-reason = Grund
reopen-hint = Der Grund wird mit Namen und Zeit im Protokoll festgehalten.
reopen-submit = Runde wieder öffnen
reopen-not-closed = Diese Runde ist nicht abgeschlossen.
reopen-reason-needed = Bitte einen Grund angeben (höchstens 500 Zeichen).
nav-tournaments = Turniere
swap-choose = – bitte wählen –
swap-at-table = Tisch { $table }
seating-index = Wer sitzt wo (nach Namen)
nav-seasons = Saisons
season-list-title = Saisons
season-list-hint = Eine Saison fasst mehrere Vereinsabende (Turniere eines Vereins und eines Spiels) in einer Tabelle zusammen: die Vereinsmeisterschaft. Die Tabelle sehen die Schriftführer des Vereins und der Administrator; „Öffentlich zeigen“ auf der Seite der Saison gibt ihr eine öffentliche Seite mit den öffentlichen Abenden. Wer wer ist, entscheidet das Spielerregister.
season-list-empty = Noch keine Saison angelegt.
season-name = Name der Saison
season-counting = Wertung
season-counting-all = Alle Abende zählen.
season-counting-best = { $n ->
    [one] Nur der beste Abend jedes Teilnehmers zählt
   *[other] Nur die besten { $n } Abende jedes Teilnehmers zählen
} (Streichergebnisse).
season-counting-best-field = Nur die besten Abende zählen, Anzahl:
season-new-title = Neue Saison
season-create = Saison anlegen
season-no-evenings = Noch kein Abend in dieser Saison.
season-total = Gesamt
season-evenings = Abende
season-remove = Aus der Saison nehmen
season-add-label = Turnier
season-add = Zur Saison hinzufügen
season-no-candidates = Kein weiteres Turnier dieses Vereins und dieses Spiels.
season-error-name = Der Name der Saison muss 1 bis 200 Zeichen lang sein.
season-error-best = Bei „nur die besten Abende“ bitte eine Anzahl ab 1 angeben.
season-error-club = Dieses Turnier gehört nicht zum Verein der Saison.
season-error-game = Dieses Turnier ist ein anderes Spiel als die Abende der Saison.
season-error-already = Dieses Turnier ist schon in der Saison.
season-error-not-in = Dieses Turnier ist nicht in der Saison.
finals-title = Finalrunde
finals-best = Finalrunde auslosen: beste
finals-draw = Finalrunde auslosen
finals-next = Nächste Finalstufe auslosen
finals-stage = Stufe
finals-pairing = Paarung
finals-winner = Sieger
finals-stage-round-of-16 = Achtelfinale
finals-stage-quarter = Viertelfinale
finals-stage-semi = Halbfinale
finals-stage-third = Spiel um Platz 3
finals-stage-final = Finale
finals-refused = Die Finalrunde kann nicht ausgelost werden: { $reason }
draw-finals-begun = Die Finalrunde hat begonnen: keine weiteren Vorrunden.

# Watten: how many play at a table (three: one plays alone against two).
field-players = Spieler am Tisch
players-4 = vier (zwei Paare) oder zwei
players-3 = drei (einer spielt allein gegen zwei)
error-players = Watten spielen zwei, drei oder vier.

# The historical Perlagg sets of 1853 and the Gaigel rules auf Siebener and auf Farbe.
variant-trump-four = 1853: Trumpf-König, -Siebener, -Ober, -Unter
variant-schello-bello = 1853: Schello bello (Schell-Siebener)
variant-radetzky = 1853: Radetzky (Herz-König)
variant-schello-bello-trumps = 1853: Schello bello und Trumpf-Siebener, -Ober, -Unter
variant-radetzky-trumps = 1853: Radetzky und Trumpf-Siebener, -Ober, -Unter
sevens-auf-siebener = auf Siebener
opt-auf-farbe = Fünf einer Farbe gewinnen (auf Farbe)
tiebreaks-title = Reihung bei Gleichstand
tiebreaks-hint = Nach den Punkten entscheidet bei Gleichstand das erste Kriterium, dann das zweite und so weiter. Leere Plätze beenden die Liste. Das Los wird einmal gezogen und bleibt gespeichert.
tiebreaks-save = Reihung speichern
tiebreaks-refused = Die Reihung wurde nicht gespeichert: { $reason }
tiebreaks-bad = Platz { $place }: „{ $name }“ ist hier nicht wählbar oder doppelt gewählt
field-tiebreaks = Bei Gleichstand
field-tiebreaks-hint = Reihung bei Gleichstand nach den Punkten; leer lassen für die übliche Reihung des Formats. Später auf der Turnierseite änderbar.
error-tiebreaks = Die Reihung bei Gleichstand enthält ein Kriterium, das dieses Format nicht kennt, oder eines doppelt.
timport-title = Turnier aus einer Datei einlesen
timport-hint = Eine Turnierdatei (JSON, wie sie „Turnierdatei“ unter Exporte liefert) mit Teilnehmern, Runden, Tischen und Spielen. Nichts wird gespeichert, solange die Datei einen Fehler hat; alle Fehler stehen dann mit ihrer Stelle hier. Ist die letzte Runde noch nicht fertig gespielt, bleibt sie offen und das Turnier geht dort weiter.
timport-choose = Datei wählen
timport-text = Inhalt der Datei
timport-public = Öffentlich zeigen (Tabelle ohne Anmeldung)
timport-submit = Einlesen
timport-refused = Die Datei wurde nicht eingelesen, { $count } Fehler:
timport-no-club = Bitte einen Verein wählen, für den Sie Turniere führen.
timport-problem-file = Datei: { $message }
timport-empty = Die Datei ist leer.
timport-unreadable-eof = Die Datei endet mitten in einem Eintrag (Zeile { $line }, Spalte { $column }); vermutlich ist sie nicht vollständig.
timport-unreadable-syntax = Hier ist die Datei kein gültiges JSON (Zeile { $line }, Spalte { $column }).
timport-unreadable-data = Hier hat ein Eintrag nicht die erwartete Form: ein Feld fehlt oder hat die falsche Art (Zeile { $line }, Spalte { $column }).
timport-at-round = Runde { $n }
timport-at-table = Tisch { $n }
timport-at-deal = Spiel { $n }
timport-at-player = Spieler { $n }
timport-at-team = Mannschaft { $n }
tlist-import = Turnier aus Datei einlesen
opt-dissle-lost = Verlorenes Dissle (nur auf Dissle)
dissle-lost-single = zählt einfach
dissle-lost-double = zählt doppelt (Gigackel)
opt-overgaigel = Übergaigeln
overgaigel-at-once = gilt sofort
overgaigel-on-accusation = gilt nur, wenn die Gegner es bemerken und anklagen
opt-pair-card = Gemeldetes Paar
pair-card-free = Karten nach Belieben ausspielen
pair-card-next-trick = eine Karte des Paars in den nächsten Stich
opt-kritische-forced = Trumpf ausgespielt: wer eine Kritische hat, muss sie geben
opt-weli-bell = Der Weli zählt als Schellen-Sechs
opt-opponents-exchange = Auch die Gegner des Gebers dürfen tauschen und aufwerten (Imst und Tarrenz)
error-dissle-lost = Bitte wählen, wie ein verlorenes Dissle zählt.
error-overgaigel = Bitte wählen, wann Übergaigeln gilt.
error-pair-card = Bitte wählen, wann eine Karte des gemeldeten Paars gespielt wird.

# The structure of an imported tournament file (tournament::file_words), and the places in it.
tcheck-not-variant = Die Variante der Datei gehört nicht zu ihrem Spiel.
tcheck-sessions-three = Durchgänge werden an Dreiertischen gespielt: Gaigel zu dritt oder Watten zu dritt.
tcheck-perlaggen-three = Perlaggen zu dritt wird Spiel für Spiel geprüft, aber noch nicht an Turniertischen.
tcheck-watten-three-seats = Ein Watten-Tisch zu dritt hat drei Plätze; wer übrig bleibt, bekommt ein Freilos.
tcheck-sessions-scoring = Durchgänge werden in Spielpunkten nach Rutesheim gewertet.
tcheck-wattkoenig = Der Wattkönig-Wechsel setzt zwei Seiten an einen Tisch.
tcheck-rounds-two = In Runden sitzen zwei Seiten an einem Tisch; Gaigel zu dritt und Watten zu dritt werden in Durchgängen gespielt.
tcheck-sessions = Das Turnier hat { $sessions ->
    [one] einen Durchgang
   *[other] { $sessions } Durchgänge
}, die Datei { $rounds ->
    [one] einen
   *[other] { $rounds }
}.
tcheck-prizes = Die Preisliste der Datei geht nicht auf.
tcheck-tiebreak = Diese Feinwertung gibt es bei diesem Spiel und dieser Spielform nicht.
tcheck-not-a-day = „{ $date }“ ist kein Tag in der Form JJJJ-MM-TT.
tcheck-unknown-player = Einen Spieler „{ $id }“ gibt es in der Datei nicht.
tcheck-unknown-team = Eine Mannschaft „{ $id }“ gibt es in der Datei nicht.
tcheck-rounds-from-one = Die Runden zählen ab 1.
tcheck-id-taken = Die Kennung „{ $id }“ ist leer oder kommt zweimal vor.
tcheck-team-size = Eine Mannschaft hat { $size ->
    [one] einen Spieler
   *[other] { $size } Spieler
}, hier { $got ->
    [one] einen
   *[other] { $got }
}.
tcheck-in-two-teams = „{ $id }“ spielt schon in der Mannschaft „{ $other }“.
tcheck-twice-table = „{ $id }“ sitzt in dieser Runde schon an Tisch { $table }.
tcheck-twice-bye = „{ $id }“ hat in dieser Runde schon ein Freilos.
tcheck-seats = Ein Tisch hat { $sides ->
    [one] einen Platz
   *[other] { $sides } Plätze
}, hier { $got ->
    [one] einen
   *[other] { $got }
}.
tcheck-session-deals = Ein Tisch spielt { $most ->
    [one] ein Spiel
   *[other] { $most } Spiele
} je Durchgang, hier { $got ->
    [one] eines
   *[other] { $got }
}.
tcheck-twice-at-table = Spieler „{ $id }“ sitzt zweimal an diesem Tisch.
timport-at-bye = Freilos { $n }
timport-at-mark = Vermerk { $n }
timport-at-tiebreak = Feinwertung { $n }
timport-part-id = Kennung
timport-part-name = Name
timport-part-seats = Plätze
timport-part-entrant = Teilnehmer
timport-part-round = Runde
timport-part-date = Datum
timport-part-place = Ort
timport-part-variant = Variante
timport-part-format = Spielform
timport-part-options = Regeln
timport-part-settings = Einstellungen
timport-part-players = Spieler
timport-part-scoring = Wertung
timport-part-fill = Auffüllen
timport-part-draw = Auslosung
timport-part-prizes = Preisliste
timport-part-deals = Spiele
timport-part-game = Spiel
timport-at-seat = Platz { $n }
timport-text-empty = ist leer.
timport-text-too-long = hat mehr als { $max ->
    [one] ein Zeichen
   *[other] { $max } Zeichen
}.
timport-text-control = enthält ein Steuerzeichen (etwa einen Zeilenumbruch oder ein Tabulatorzeichen).
timport-text-invisible = enthält ein unsichtbares Zeichen oder eines, das die Schreibrichtung umkehrt.
timport-at-event = Ereignis { $n }
timport-part-quoted = „{ $part }“
