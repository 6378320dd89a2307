# Cups across clubs: the organiser's and the member clubs' pages, the public cup page and its
# downloads (src/web/cups).
nav-cups = Cups
role-organiser = Cup organiser
admin-new-organiser = New cup organiser
admin-new-organiser-hint = An account without a club that runs cups across several clubs.
admin-create-organiser = Create account and issue a code

cup-list-title = Cups
cup-list-hint = A cup adds up the evenings of several clubs. The clubs propose their tournaments, the organiser accepts them.
cup-list-empty = No cup yet.
cup-new-title = New cup
cup-name = Name of the cup
cup-game = Game
cup-organiser = Organiser
cup-organiser-self = myself
cup-points = Cup points per place
cup-points-table = by table (e.g. 25-20-16-13-11-10)
cup-points-field = field size less the place plus one
cup-best-of = The best … evenings count (empty: all)
cup-min-evenings = At least … evenings to be ranked
cup-tiebreaks = Equal points are decided by
cup-tiebreak-none = –
cup-tiebreak-better-places = the better places
cup-tiebreak-more-evenings = more evenings played
cup-tiebreak-struck-points = more points in struck evenings
cup-create = Create cup
cup-save = Save rules
cup-rules-title = Change the rules
cup-public = Public cup page
cup-clubs = Member clubs
cup-clubs-empty = No club yet.
cup-add-club = Add club
cup-evenings = Evenings
cup-no-evenings = No evening yet.
cup-status-proposed = proposed
cup-status-accepted = accepted
cup-status-refused = refused
cup-unfinished = counts once the tournament is finished
cup-accept = Accept
cup-refuse = Refuse
cup-propose-label = The club's tournament
cup-propose = Propose for the cup
cup-no-candidates = No tournament of the club in this game that can still be proposed.
cup-links = Players of several clubs
cup-links-hint = Someone who plays for two clubs is in both clubs' lists. Here they become one person for this cup. Namesakes of one club stay apart.
cup-suggestion = { $player } may be { $person }
cup-link = Link
cup-linked = Linked
cup-unlink = Unlink
cup-link-player = Player
cup-link-person = is the same person as

cup-rule-game = Game: { $game }
cup-rule-points-table = Cup points per place: { $table }
cup-rule-points-field = Cup points per place: field size less the place plus one
cup-rule-best = { $n ->
    [one] The best evening counts.
   *[other] The best { $n } evenings count.
}
cup-rule-all = Every evening counts.
cup-rule-min = { $n ->
    [one] Ranked after at least one evening.
   *[other] Ranked after at least { $n } evenings.
}
cup-rule-tiebreaks = Equal points: { $list }.
cup-rule-tiebreaks-none = Equal points: the same rank.

cup-standings = Cup standings
cup-standings-none = No counted evening yet.
cup-points-total = Points
cup-unranked = –
cup-page-word = Page
cup-legend = { $n ->
    [one] (16) = struck: does not count, only the best evening counts. – = too few evenings to be ranked.
   *[other] (16) = struck: does not count, only the best { $n } evenings count. – = too few evenings to be ranked.
}
cup-legend-all = Every evening counts. – = too few evenings to be ranked.
cup-downloads = Downloads
cup-download-pdf = Cup standings as PDF
cup-download-xlsx = Cup standings for Excel (XLSX)
cup-download-csv = Cup standings as CSV
cup-download-csv-semicolon = Cup standings as CSV (semicolons)
cup-download-json = Cup standings as JSON
cup-download-file = Cup file (every evening, for “kartl standings”)

cup-error-name = Please name the cup (at most 200 characters).
cup-error-points = Please give the cup points per place as numbers, e.g. 25-20-16-13.
cup-error-best = “The best … evenings count” must be empty or a number from 1.
cup-error-min = The minimum of evenings must be a number from 1.
cup-error-tiebreaks = Each tie-break may appear once only.
cup-error-game-choice = Please choose a game.
cup-error-organiser = There is no such organiser.
cup-error-no-club = There is no such club.
cup-error-already-member = The club is a member of the cup already.
cup-error-not-yours = This tournament is not your club's.
cup-error-not-member = The tournament's club is not a member of the cup.
cup-error-game = The tournament is of another game than the cup.
cup-error-already-in = The tournament is proposed or accepted already.
cup-error-not-proposed = This tournament was not proposed to the cup.
cup-error-no-player = There is no such player here.
cup-error-same-club = Namesakes of one club stay apart: only players of two clubs can be linked.
cup-error-player-club = This player's club is not a member of the cup.
cup-error-linked = This player is linked to another person already.
