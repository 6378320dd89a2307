# Cups across clubs: the organiser's and the member clubs' pages, the public cup page and its
# downloads (src/web/cups).
nav-cups = Cups
role-organiser = Cup-Veranstaltung
admin-new-organiser = Neue Cup-Veranstaltung
admin-new-organiser-hint = Ein Konto ohne Verein, das Cups über mehrere Vereine führt.
admin-create-organiser = Konto anlegen und Code ausstellen

cup-list-title = Cups
cup-list-hint = Ein Cup zählt die Abende mehrerer Vereine zusammen. Die Vereine schlagen ihre Turniere vor, die Veranstaltung nimmt sie an.
cup-list-empty = Noch kein Cup.
cup-new-title = Neuer Cup
cup-name = Name des Cups
cup-game = Spiel
cup-organiser = Veranstaltung
cup-organiser-self = selbst
cup-points = Cuppunkte je Platz
cup-points-table = nach Tabelle (z. B. 25-20-16-13-11-10)
cup-points-field = Teilnehmerzahl weniger Platz plus eins
cup-best-of = Es zählen die besten … Abende (leer: alle)
cup-min-evenings = Mindestens … Abende für eine Platzierung
cup-tiebreaks = Bei Punktgleichheit entscheiden
cup-tiebreak-none = –
cup-tiebreak-better-places = die besseren Platzierungen
cup-tiebreak-more-evenings = mehr gespielte Abende
cup-tiebreak-struck-points = mehr Punkte aus Streichergebnissen
cup-create = Cup anlegen
cup-save = Regeln speichern
cup-rules-title = Regeln ändern
cup-public = Öffentliche Cupseite
cup-clubs = Mitgliedsvereine
cup-clubs-empty = Noch kein Verein.
cup-add-club = Verein aufnehmen
cup-evenings = Abende
cup-no-evenings = Noch kein Abend.
cup-status-proposed = vorgeschlagen
cup-status-accepted = angenommen
cup-status-refused = abgelehnt
cup-unfinished = zählt erst nach „Turnier abschließen“
cup-accept = Annehmen
cup-refuse = Ablehnen
cup-propose-label = Turnier des Vereins
cup-propose = Für den Cup vorschlagen
cup-no-candidates = Kein Turnier des Vereins in diesem Spiel, das noch vorgeschlagen werden kann.
cup-links = Spielerinnen und Spieler mehrerer Vereine
cup-links-hint = Wer für zwei Vereine spielt, steht in beiden Vereinslisten. Hier wird er für diesen Cup zu einer Person verbunden. Gleichnamige eines Vereins bleiben getrennt.
cup-suggestion = { $player } ist vielleicht { $person }
cup-link = Verbinden
cup-linked = Verbunden
cup-unlink = Lösen
cup-link-player = Spieler
cup-link-person = ist dieselbe Person wie

cup-rule-game = Spiel: { $game }
cup-rule-points-table = Cuppunkte je Platz: { $table }
cup-rule-points-field = Cuppunkte je Platz: Teilnehmerzahl weniger Platz plus eins
cup-rule-best = { $n ->
    [one] Es zählt der beste Abend.
   *[other] Es zählen die besten { $n } Abende.
}
cup-rule-all = Es zählen alle Abende.
cup-rule-min = { $n ->
    [one] Platziert ist, wer mindestens einen Abend gespielt hat.
   *[other] Platziert ist, wer mindestens { $n } Abende gespielt hat.
}
cup-rule-tiebreaks = Bei Punktgleichheit: { $list }.
cup-rule-tiebreaks-none = Bei Punktgleichheit: gleicher Platz.

cup-standings = Cupwertung
cup-standings-none = Noch kein gewerteter Abend.
cup-points-total = Punkte
cup-unranked = –
cup-page-word = Seite
cup-legend = { $n ->
    [one] (16) = Streichergebnis: zählt nicht, es zählt nur der beste Abend. – = zu wenige Abende für eine Platzierung.
   *[other] (16) = Streichergebnis: zählt nicht, es zählen nur die besten { $n } Abende. – = zu wenige Abende für eine Platzierung.
}
cup-legend-all = Es zählen alle Abende. – = zu wenige Abende für eine Platzierung.
cup-downloads = Herunterladen
cup-download-pdf = Cupwertung als PDF
cup-download-xlsx = Cupwertung für Excel (XLSX)
cup-download-csv = Cupwertung als CSV
cup-download-csv-semicolon = Cupwertung als CSV (Excel deutsch, Semikolon)
cup-download-json = Cupwertung als JSON
cup-download-file = Cupdatei (alle Abende, für „kartl standings“)

cup-error-name = Bitte einen Namen für den Cup angeben (höchstens 200 Zeichen).
cup-error-points = Bitte die Cuppunkte je Platz als Zahlen angeben, z. B. 25-20-16-13.
cup-error-best = „Es zählen die besten … Abende“ muss leer oder eine Zahl ab 1 sein.
cup-error-min = Die Mindestzahl der Abende muss eine Zahl ab 1 sein.
cup-error-tiebreaks = Jede Entscheidung bei Punktgleichheit darf nur einmal vorkommen.
cup-error-game-choice = Bitte ein Spiel wählen.
cup-error-organiser = Diese Veranstaltung gibt es nicht.
cup-error-no-club = Diesen Verein gibt es nicht.
cup-error-already-member = Der Verein ist schon Mitglied des Cups.
cup-error-not-yours = Dieses Turnier gehört nicht zum eigenen Verein.
cup-error-not-member = Der Verein des Turniers ist nicht Mitglied des Cups.
cup-error-game = Das Turnier ist ein anderes Spiel als der Cup.
cup-error-already-in = Das Turnier ist schon vorgeschlagen oder angenommen.
cup-error-not-proposed = Dieses Turnier ist dem Cup nicht vorgeschlagen.
cup-error-no-player = Diesen Spieler gibt es hier nicht.
cup-error-same-club = Gleichnamige eines Vereins bleiben getrennt: nur Spieler zweier Vereine lassen sich verbinden.
cup-error-player-club = Der Verein dieses Spielers ist nicht Mitglied des Cups.
cup-error-linked = Dieser Spieler ist schon mit einer anderen Person verbunden.
