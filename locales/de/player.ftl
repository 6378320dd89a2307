# The player's page, the consent for public display, the data download and the erasure.
player-page = Spielerseite
player-club-players = Spielerinnen und Spieler
player-tournaments = Turniere
player-no-tournaments = Noch keine Turniere.
player-team = Team
player-totals = Zusammen
player-full-name-note = Sie sehen den vollen Namen, weil Sie den Verein führen. Öffentlich steht hier, was die Einwilligung erlaubt.
player-standing = Platz { $place } · { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
player-games = { $won ->
    [one] 1 Spiel
   *[other] { $won } Spiele
} gewonnen, { $lost } verloren
player-bummerl = Bummerl: { $won } gewonnen, { $lost } verloren
player-schneider = Schneider: { $won } gewonnen, { $lost } verloren
player-gaigel-won = { $won ->
    [one] 1 Spiel
   *[other] { $won } Spiele
} gewonnen, davon { $double } doppelt
player-game-points = Spielpunkte (Rutesheim): { $average } je Spiel ({ $points } in { $deals ->
    [one] 1 Spiel
   *[other] { $deals } Spielen
})
player-figures = Spiel { $spiel ->
    [one] 1-mal
   *[other] { $spiel }-mal
} gewonnen, Gleich { $gleich ->
    [one] 1-mal
   *[other] { $gleich }-mal
} gewonnen
player-privacy = Datenschutz
player-consent = Name auf öffentlichen Seiten
player-consent-full = voller Name
player-consent-initials = nur Anfangsbuchstaben („A. H.“)
player-consent-hidden = verborgen („Spieler 3“)
player-consent-save = Einwilligung speichern
player-consent-label = Öffentlich
player-error-consent = Bitte „voller Name“, „Anfangsbuchstaben“ oder „verborgen“ wählen.
player-data = Daten herunterladen (JSON)
player-erase = Spieler löschen …
player-erase-title = Spieler löschen
player-erase-name = Spieler
player-erase-goes = Der Name verschwindet aus allen Turnieren, Teamnamen und dem Protokoll; dort steht künftig „{ $new }“.
player-erase-stays = Alle Ergebnisse bleiben, ebenso das Protokoll ({ $count ->
    [one] 1 Turnier
   *[other] { $count } Turniere
}); die Löschung selbst wird protokolliert.
player-erase-final = Das lässt sich nicht rückgängig machen: der alte Name wird nirgends aufbewahrt.
player-erase-confirm = Ja, diesen Spieler endgültig löschen
player-erase-button = Endgültig löschen
player-erase-unconfirmed = Bitte das Kästchen ankreuzen, um die Löschung zu bestätigen.
