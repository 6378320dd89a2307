# English: the secretary's pages (tournaments, registrations, draws, seating plans).

error-tournament-name = The tournament's name must be 1 to 100 characters long.
error-date = Please give a date, e.g. 21.11.2026.
error-place = The place may be at most 100 characters long.
error-game = Please choose a game.
error-variant = This variant does not belong to the chosen game.
error-format = The format does not fit the variant: Gaigel zu dritt is played in sessions, everything else in rounds.
error-target = Please give a target score from 3 to 1000.
error-gespannt-from = "Gespannt from" must lie between 1 and the target score − 2.
error-strokes = Please give 1 to 100 strokes.
error-sevens = Please choose a rule for five Sevens.
error-sessions = Please give 1 to 20 sessions.
error-deals = Please give 1 to 60 deals a session.
error-fill = Four-player tables need a number of deals divisible by 3 (9, 12).
error-games = Games a table: leave empty or 1 to 20.
error-scheme = This scoring scheme does not exist for this game.
error-bonus = The bonus must lie between 0 and 100.
error-draw = This draw does not exist for this format.
error-rules-invalid = These rules do not fit together. Please check the options.

tlist-title = Tournaments
tnew-title = New tournament
tnew-apply-game = Use this game
tnew-apply-hint = The form then shows this game's rules and defaults.
tnew-rules = Rules
tnew-format = Format
tnew-submit = Create tournament
field-game = Game
field-variant = Variant
field-tournament-name = Tournament name
field-date = Date
field-place = Place
field-target = Played to (points)
field-sessions = Sessions
field-deals = Deals a session and player
field-fill = When the number of players is not divisible by 3
field-games = Games a table and round
field-games-hint = Leave empty: what the table plays counts.
field-scheme = Scoring
field-bonus = Bonus for a game won (Wattkönig)
field-draw = Draw from round 2

opt-farbe = "Farbe" may be called (accusation at the last trick)
opt-gespannt-luft = Gespannt – Luft (gestrichen against 0: play for 4 or give up 2)
opt-immediate-four = Straight to 4 (counter offer after a bet)
opt-schneider = Schneider counts double
opt-machine = Machine (all three Kritische in one hand)
opt-gespannt-from = Gespannt from (points)
opt-gespannt-from-hint = Leave empty: gespannt from the target − 2.
opt-scoring-rutesheim = Scored in game points (Rutesheim style).
opt-strokes = Strokes in the pool
opt-sevens = Five Sevens

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
draw-random = random, avoiding repeats
draw-swiss = Swiss (by standings)
draw-wattkoenig = Wattkönig moves (odd numbers stay, even move on)
sevens-none = count for nothing
sevens-five-sevens = win a single game
sevens-auf-dissle = auf Dissle
fill-byes = byes (3 game points a deal)
fill-four-tables = four-player tables (the dealer sits out)
scheme-games = games won
scheme-wattkoenig = Wattkönig (target + bonus a win)
format-sessions = sessions at tables of three
format-rounds = rounds, team against team
tlist-empty = No tournament yet. Create the first one.
tlist-status = Status
status-setup = in preparation
status-running = running
status-finished = finished
error-club = Please choose a club.

entrants-title = Entries
entrants-players = Players
entrants-teams = Teams
entrants-none = Nobody has entered yet.
entrants-no = No.
entrants-members = Players
entrants-count = { $count } entered
entrants-add-team = Enter a team
entrants-add-player = Enter a player
entrants-team-name = Team name
entrants-member = Player
entrants-club = Club (optional)
entrants-start-no = Start number (optional)
entrants-add = Enter
entrants-list = Read a list
entrants-list-hint-players = One line a player: name; club; start number (club and start number may be left out). Delimiter ; or , or tab; a header line is fine. From Excel: save as "CSV UTF-8", or copy the cells and paste them.
entrants-list-hint-teams = One line a team: team name; player 1; player 2 (three players for Gaigel zu sechst); then, optionally, the start number. Delimiter ; or , or tab; a header line is fine.
entrants-file = Choose a CSV file (it is pasted below)
entrants-paste = or paste the list here
entrants-import = Check and enter the list
entrants-fixed = The first round is drawn: the field is fixed.
error-field-fixed = The first round is already drawn: nobody can enter any more.
notice-added = { $count } entered.
import-refused = { $count ->
    [one] 1 bad line
   *[other] { $count } bad lines
}: nothing was entered. Please correct them and send the list again.
import-line = Line { $line }: { $message }
import-empty = The list is empty.
import-unreadable = The line cannot be read (a quote is not closed).
import-not-utf8 = The line holds unreadable characters. Please save the file as "CSV UTF-8".
import-too-many-columns = { $found ->
    [one] 1 column
   *[other] { $found } columns
}, at most { $most } are allowed.
import-members = { $found ->
    [one] 1 player
   *[other] { $found } players
} given, a team has { $needed }.
import-empty-name = The name is missing.
import-name-too-long = The name is longer than 64 characters.
import-start-no = The start number "{ $value }" is not a whole number from 1.
import-start-no-twice = This start number is already on line { $first }.
import-start-no-taken = Start number { $number } is already taken.
import-name-twice = This name is already on line { $first }.
import-name-taken = This name has already entered.
import-namesakes = Two different people of the same name need two names that tell them apart in the tournament: enter the second with an addition, such as “Josef Huber sen.” or the year of birth, “Josef Huber 1961”. If they are in the player register, correct the name there first, then pick them.

overview-rules = Rules
overview-entrants-link = See and add entries
overview-rounds = Rounds
overview-no-rounds = No round drawn yet.
overview-tables = Tables
overview-deals = Deals
round-word = Round
round-open = open
round-closed = closed
draw-next = Draw the next round
draw-finished = The tournament is finished.
draw-close-first = Close the current round before drawing the next.
draw-too-few = A draw needs at least { $needed ->
    [one] 1 entry
   *[other] { $needed } entries
}.
draw-all-sessions = All sessions are drawn.
standings-title = Standings
standings-overall = Overall
standings-round = Round { $round }
standings-rank = Rank
standings-points = Points
standings-none = No results yet.
standings-broken = Round { $round }, table { $table }: the record breaks a rule; only the deals before it count.
seating-title = Seating plan

seat-table = Table
seat-byes = Bye
seat-place = Seat { $place }
seating-print = Print
seating-pdf = Seating plan as PDF
seating-printable = Printable seating plan
round-seed = The seed this round was drawn with
swap-title = Swap two seats
swap-hint = Possible until the round's first deal is entered. A swap with a bye makes the other sit out.
swap-a = Swap
swap-b = with
swap-submit = Swap seats
swap-done = The seats are swapped.
swap-started = A deal of this round is already entered: the seating stands.
swap-choose-two = Please choose two different entrants of this round.
close-title = Close the round
close-hint = Its results then count as final; the next round can be drawn.
close-confirm = Close this round?
close-submit = Close the round
reopen-title = Reopen the round
reopen-reason = Reason
reopen-hint = The reason is kept in the log with your name and the time.
reopen-submit = Reopen the round
reopen-not-closed = This round is not closed.
reopen-reason-needed = Please give a reason (at most 500 characters).
nav-tournaments = Tournaments
swap-choose = – please choose –
swap-at-table = table { $table }
seating-index = Who sits where (by name)
nav-seasons = Seasons
season-list-title = Seasons
season-list-hint = A season puts several club evenings (tournaments of one club and one game) in one table: the club championship. The club's secretaries and the administrator see the table; “Show publicly” on the season's page gives it a public page with its public evenings. Who is who is decided by the player register.
season-list-empty = No season yet.
season-name = Season name
season-counting = Counting
season-counting-all = Every evening counts.
season-counting-best = { $n ->
    [one] Only each entrant's best evening counts
   *[other] Only each entrant's best { $n } evenings count
} (the others are dropped).
season-counting-best-field = Only the best evenings count, how many:
season-new-title = New season
season-create = Create season
season-no-evenings = No evening in this season yet.
season-total = Total
season-evenings = Evenings
season-remove = Remove from the season
season-add-label = Tournament
season-add = Add to the season
season-no-candidates = No other tournament of this club and this game.
season-error-name = The season's name must be 1 to 200 characters long.
season-error-best = For "only the best evenings" give a number from 1.
season-error-club = This tournament does not belong to the season's club.
season-error-game = This tournament is another game than the season's evenings.
season-error-already = This tournament is in the season already.
season-error-not-in = This tournament is not in the season.
finals-title = Knockout finals
finals-best = Draw the finals: best
finals-draw = Draw the finals
finals-next = Draw the next stage
finals-stage = Stage
finals-pairing = Pairing
finals-winner = Winner
finals-stage-round-of-16 = Round of 16
finals-stage-quarter = Quarter-final
finals-stage-semi = Semi-final
finals-stage-third = Third place
finals-stage-final = Final
finals-refused = The finals cannot be drawn: { $reason }
draw-finals-begun = The knockout finals have begun: no further rounds.

# Watten: how many play at a table (three: one plays alone against two).
field-players = Players at a table
players-4 = four (two pairs) or two
players-3 = three (one plays alone against two)
error-players = Watten is played by two, three or four.

# The historical Perlagg sets of 1853 and the Gaigel rules auf Siebener and auf Farbe.
variant-trump-four = 1853: trump King, Seven, Ober, Unter
variant-schello-bello = 1853: Schello bello (bell Seven)
variant-radetzky = 1853: Radetzky (heart King)
variant-schello-bello-trumps = 1853: Schello bello and trump Seven, Ober, Unter
variant-radetzky-trumps = 1853: Radetzky and trump Seven, Ober, Unter
sevens-auf-siebener = auf Siebener
opt-auf-farbe = Five of one suit win (auf Farbe)
tiebreaks-title = Ranking when tied
tiebreaks-hint = After points, the first criterion decides a tie, then the second, and so on. Empty places end the list. The lot is drawn once and stays stored.
tiebreaks-save = Save the order
tiebreaks-refused = The order was not saved: { $reason }
tiebreaks-bad = Place { $place }: "{ $name }" cannot be chosen here or is chosen twice
field-tiebreaks = When tied
field-tiebreaks-hint = The order when points are equal; leave empty for the format's usual order. It can be changed later on the tournament's page.
error-tiebreaks = The tie-break order names a criterion this format does not offer, or one twice.
timport-title = Read a tournament from a file
timport-hint = A tournament file (JSON, as “Tournament file” under Exports gives it) with entrants, rounds, tables and deals. Nothing is stored while the file has a problem; every problem is then listed here with where it is. When the last round is not played to its end, it stays open and the tournament continues there.
timport-choose = Choose a file
timport-text = The file's content
timport-public = Show publicly (standings without login)
timport-submit = Read in
timport-refused = The file was not read in, { $count ->
    [one] 1 problem
   *[other] { $count } problems
}:
timport-no-club = Please choose a club whose tournaments you run.
timport-problem-file = File: { $message }
timport-empty = The file is empty.
timport-unreadable-eof = The file ends in the middle of an entry (line { $line }, column { $column }); it is probably incomplete.
timport-unreadable-syntax = The file is not valid JSON here (line { $line }, column { $column }).
timport-unreadable-data = An entry does not have the expected form here: a field is missing or of the wrong kind (line { $line }, column { $column }).
timport-at-round = round { $n }
timport-at-table = table { $n }
timport-at-deal = deal { $n }
timport-at-player = player { $n }
timport-at-team = team { $n }
tlist-import = Read a tournament from a file
opt-dissle-lost = Lost Dissle (auf Dissle only)
dissle-lost-single = counts single
dissle-lost-double = counts double (Gigackel)
opt-overgaigel = Übergaigeln
overgaigel-at-once = counts at once
overgaigel-on-accusation = counts only when the opponents notice and accuse it
opt-pair-card = Melded pair
pair-card-free = cards played at will
pair-card-next-trick = one card of the pair to the next trick
opt-kritische-forced = Trump led: a player holding a Kritische must give it
opt-weli-bell = The Weli counts as the six of bells
opt-opponents-exchange = The dealer's opponents may exchange and upgrade too (Imst and Tarrenz)
error-dissle-lost = Please choose how a lost Dissle counts.
error-overgaigel = Please choose when übergaigeln counts.
error-pair-card = Please choose when a card of the melded pair is played.

# The structure of an imported tournament file (tournament::file_words), and the places in it.
tcheck-not-variant = The file's variant does not belong to its game.
tcheck-sessions-three = Sessions are played at tables of three: Gaigel for three or Watten for three.
tcheck-perlaggen-three = Perlaggen for three is refereed deal by deal, but not yet at tournament tables.
tcheck-watten-three-seats = A Watten table for three has three seats; whoever is left over gets a bye.
tcheck-sessions-scoring = Sessions are scored in game points (Rutesheim).
tcheck-wattkoenig = The Wattkönig rotation seats two sides at a table.
tcheck-rounds-two = In rounds two sides sit at a table; Gaigel for three and Watten for three are played in sessions.
tcheck-sessions = The tournament has { $sessions ->
    [one] one session
   *[other] { $sessions } sessions
}, the file { $rounds }.
tcheck-prizes = The file's prize list does not add up.
tcheck-tiebreak = This tie-break is not offered for this game and format.
tcheck-not-a-day = “{ $date }” is not a day written YYYY-MM-DD.
tcheck-unknown-player = The file has no player “{ $id }”.
tcheck-unknown-team = The file has no team “{ $id }”.
tcheck-rounds-from-one = Rounds count from 1.
tcheck-id-taken = The id “{ $id }” is empty or used twice.
tcheck-team-size = A team has { $size ->
    [one] one player
   *[other] { $size } players
}, this one { $got }.
tcheck-in-two-teams = “{ $id }” already plays in the team “{ $other }”.
tcheck-twice-table = “{ $id }” already sits at table { $table } in this round.
tcheck-twice-bye = “{ $id }” already has a bye in this round.
tcheck-seats = A table has { $sides ->
    [one] one seat
   *[other] { $sides } seats
}, this one { $got }.
tcheck-session-deals = A table plays { $most ->
    [one] one deal
   *[other] { $most } deals
} a session, this one { $got }.
tcheck-twice-at-table = Player “{ $id }” sits at this table twice.
timport-at-bye = bye { $n }
timport-at-mark = mark { $n }
timport-at-tiebreak = tie-break { $n }
timport-part-id = id
timport-part-name = name
timport-part-seats = seats
timport-part-entrant = entrant
timport-part-round = round
timport-part-date = date
timport-part-place = place
timport-part-variant = variant
timport-part-format = format
timport-part-options = rules
timport-part-settings = settings
timport-part-players = players
timport-part-scoring = scoring
timport-part-fill = fill
timport-part-draw = draw
timport-part-prizes = prize list
timport-part-deals = deals
timport-part-game = game
timport-at-seat = seat { $n }
timport-text-empty = is empty.
timport-text-too-long = is longer than { $max ->
    [one] one character
   *[other] { $max } characters
}.
timport-text-control = holds a control character (a line break or a tab, say).
timport-text-invisible = holds an invisible character or one that turns the writing direction.
timport-at-event = event { $n }
timport-part-quoted = “{ $part }”
