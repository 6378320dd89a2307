# Public pages (issue 8): standings, rounds, score sheets, entrants, chart, projector.
public-nav = Turnierseiten
public-standings = Tabelle
public-chart = Punkteverlauf
public-chart-desc-teams = Eine Linie je Mannschaft: ihre Punkte nach jeder Runde, zusammengezählt.
public-chart-desc-players = Eine Linie je Spieler: seine Punkte nach jeder Runde, zusammengezählt.
public-chart-download = Grafik als SVG herunterladen
public-projector = Beamer
public-live-note = Die Tabelle aktualisiert sich von selbst; es zählen nur bestätigte Spiele.
public-knockout = Finalrunde
public-no-tables = In dieser Runde sitzt niemand an einem Tisch.
public-table = Tisch
public-sheet = Spielblatt
public-deals = Spiele
public-deals-counted = Gezählte Spiele
public-no-deals = Noch keine bestätigten Spiele.
public-byes = Freilos
public-bye = Freilos in dieser Runde.
public-members = Spieler
public-visibility = Öffentliche Seiten
public-is-public = Öffentlich: Tabelle, Runden, Spielblätter und Beamer-Ansicht sind ohne Anmeldung zu sehen (nur bestätigte Spiele).
public-is-private = Nicht öffentlich: nur die Sekretäre des Vereins sehen das Turnier.
public-make-public = Veröffentlichen
public-make-private = Nicht mehr veröffentlichen
public-open = Öffentliche Seite
public-streitfall = Streitfall

## pages: the phone-first standings
public-tiebreak-more = Feinwertung anzeigen
