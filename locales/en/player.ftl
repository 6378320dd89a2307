# The player's page, the consent for public display, the data download and the erasure.
player-page = Player's page
player-club-players = Players
player-tournaments = Tournaments
player-no-tournaments = No tournaments yet.
player-team = Team
player-totals = Altogether
player-full-name-note = You see the full name because you run the club. The public sees what the consent allows.
player-standing = Place { $place } · { $points ->
    [one] 1 point
   *[other] { $points } points
}
player-games = { $won ->
    [one] 1 game
   *[other] { $won } games
} won, { $lost } lost
player-bummerl = Bummerl: { $won } won, { $lost } lost
player-schneider = Schneider: { $won } won, { $lost } lost
player-gaigel-won = { $won ->
    [one] 1 game
   *[other] { $won } games
} won, { $double } of them double
player-game-points = Game points (Rutesheim): { $average } per deal ({ $points } in { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
})
player-figures = Spiel won { $spiel ->
    [one] once
   *[other] { $spiel } times
}, Gleich won { $gleich ->
    [one] once
   *[other] { $gleich } times
}
player-privacy = Privacy
player-consent = Name on public pages
player-consent-full = full name
player-consent-initials = initials only ("A. H.")
player-consent-hidden = hidden ("Spieler 3")
player-consent-save = Save consent
player-consent-label = In public
player-error-consent = Please choose "full name", "initials" or "hidden".
player-data = Download data (JSON)
player-erase = Erase player …
player-erase-title = Erase player
player-erase-name = Player
player-erase-goes = The name disappears from every tournament, team name and the audit log; it will read "{ $new }" there.
player-erase-stays = Every result stays, and so does the audit log ({ $count ->
    [one] 1 tournament
   *[other] { $count } tournaments
}); the erasure itself is logged.
player-erase-final = This cannot be undone: the old name is kept nowhere.
player-erase-confirm = Yes, erase this player for good
player-erase-button = Erase for good
player-erase-unconfirmed = Please tick the box to confirm the erasure.
