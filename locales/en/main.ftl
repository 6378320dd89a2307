# English.

nav-home = Home
nav-login = Log in
nav-logout = Log out
nav-admin = Administration
nav-password = Change password

home-title = Kartl
home-intro = Tournaments and scores for Watten, Perlaggen, Giltspiel and Gaigel.

field-name = Name
field-password = Password
field-password2 = Repeat the password
field-current-password = Current password
field-new-password = New password
field-code = Code
field-club-name = Club name
hint-password = At least 12 characters. A sentence is easier to remember than a word.

setup-title = Set up
setup-intro = There is no account yet. Create the administrator's account now.
setup-submit = Create account

login-title = Log in
login-submit = Log in
login-have-code = I have a reset code

password-title = Change password
password-submit = Change password
notice-password-changed = The password is changed. Other sessions of this account have ended.
notice-password-set = The password is set. Please log in.

reset-title = Set a new password
reset-intro = Enter your name and the code the administrator gave you, and choose a new password.
reset-submit = Set password

code-title = Reset code
code-for = For the account
code-hint = The code works once, for { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}. It is entered at /reset.

admin-title = Administration
admin-accounts = Accounts
admin-role = Role
admin-club = Club
admin-reset-code = Issue a code
admin-reset-confirm = Issue a code and end every session of this account?
admin-new-club = New club
admin-create-club = Create club
admin-new-secretary = New club secretary
admin-create-secretary = Create account and issue a code
role-admin = Administrator
role-secretary = Club secretary

error-bad-request = The request is not valid.
error-login-required = Please log in.
error-forbidden = This account may not do that.
error-csrf = The request was refused because it did not come from this site or the form was stale. Please reload the page.
error-conflict = Someone else got there first. Please reload the page and check what is already saved.
error-not-found = There is no such page.
error-method = This page cannot do that.
error-too-large = The request is too large.
error-unavailable = The database is not answering right now. Please try again in a moment.
error-internal = Something went wrong. Please try again.
error-name-invalid = The name must be 1 to 64 characters long.
error-name-taken = This name is taken.
error-secretary-invalid = Please choose a free name and a club.
error-password-short = The password must be at least 12 characters long.
error-password-long = The password is too long.
error-password-mismatch = The two passwords differ.
error-login-failed = Wrong name or password.
error-current-password = The current password is wrong.
error-wait = Too many failed attempts. Please wait { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}.
error-reset-code = The name or the code is invalid, or the code is expired or already used.

# Table scoring (issue 7)
score-heading = Round { $round }, table { $table }
score-quick = Quick entry
score-points = Points
score-winner = Who scores? Tapping checks the deal.
score-events = Enter the deal's course
score-events-help = Events, one per line (e.g. “bet A”, “see B”, “tricks A”, “farbe B falsch”; “give_up B” or “geht B”: B gives up)
score-ev-bet = Bieten (bet)
score-ev-see = Schauen (see)
score-ev-give-up = Give up
score-ev-play = Play
score-ev-tricks = 3 tricks
score-ev-farbe-ok = Farbe: right
score-ev-farbe-bad = Farbe: wrong
score-ev-clear = Undo last
score-check = Check
score-preview = This is how the deal will be scored
score-save = Save
score-change = Change
score-deals = Deals
score-unconfirmed = not confirmed
score-confirm = Confirm (side { $side })
score-undo = Take back
score-pending-secretary = Unconfirmed deals count once the tournament office confirms them.
score-sheet = Score sheet
score-decides-ask = This one deal decides the whole game from 0:0. Was it really so, or are these several deals to be entered one by one?
score-decides-yes = Yes, this one deal decides the game
score-deal-words = { $side } scores { $points }, score { $score }
score-deal-words-several = { $side } score { $points }, score { $score }
score-err-winner = Please choose the side that scores.
score-err-points = Please give the points as a number.
score-err-event = Line { $line }: unknown event.
score-err-no-events = Please enter at least one event.
score-offline = Not saved – the connection is gone. The entry stays on this phone until the server acknowledges it.
score-resend = Not saved – send again
score-discard = Discard the entry
score-conflict = Another deal was saved meanwhile
score-conflict-text = Someone at this table already saved a deal. Nothing was overwritten. Please check and enter again.
score-conflict-stored = Saved
score-conflict-attempted = Your entry
score-back = Back to the table
score-link-unknown = This table link does not exist (any more). Please ask the tournament office.
score-link-closed = This round is closed; the table link no longer works.
cards-title = Table cards
cards-round = Round
cards-table = Table
cards-explain = Each table gets a secret link with a QR code. New cards replace the old links, which then stop working.
cards-issue = Issue table cards
cards-round-closed = This round is closed: its table links no longer work, and no table cards are issued for it. If a deal is missing or wrong, enter or correct it on the table's page. For the tables to score on their own again, reopen the round on its page with a reason, then issue new table cards.
cards-to-round = To the round's page
cards-confirmation = Confirming deals
cards-confirm-none = none (counts at once)
cards-confirm-other = the other side confirms
cards-confirm-secretary = the tournament office confirms
cards-confirmation-set = Apply
score-gaigel = Enter the deal
score-card-points = Card points
score-melds = Melds
score-tricks = Tricks
score-out = “Aus!” called by
score-overgaigel = Übergaigelt (caught)
score-five-sevens = Five Sevens
score-cut = Cut for ties (order)
score-gaigel-help = Untergaigeln: “Aus!” below 101 – the referee scores it.
score-gaigel-win = { $side } wins, then { $score }
score-gaigel-double = { $side } wins double, then { $score }
score-err-side = Please choose a side of this table.
score-err-card-points = Please give the card points as a number.
score-err-tricks = Please give the tricks as a number.
score-err-melds = Please give melds as 20 or 40.
score-figures = Enter the deal's course (figures)
score-figures-help = One event per line: “trump E”, “bet gleich A” (several: “bet gleich+hanger A”), “hold spiel B”, “raise hanger A”, “good spiel B”, “tricks A”, “show gleich A hanger stands”, “unshown gleich A yes|no”, “decider A|B|none”.
score-fig-bet = Bet
score-fig-hold = Hold
score-fig-raise = Raise
score-fig-good = Good
score-fig-decider = Decider
score-fig-show = Show:
score-fig-stands = stands
score-fig-unshown = Not shown:
# Gaigel: playing on Sevens and five of a suit (options auf_dissle, auf_siebener, auf_farbe)
score-dissle = Played on Sevens (auf Dissle / Siebener) by
score-dissle-trick = Dissle lost by taking a trick
score-farbe = Five of a suit (auf Farbe) shown by

# Three-player Watten: who played alone (forehand) in the deal.
score-alone = Who plays alone?
score-err-alone = Please choose who played alone (P1, P2 or P3).
front-tournaments = Tournaments
front-empty = No public tournaments yet. As soon as a club makes a tournament public, it is listed here.
front-club-empty = This club has no public tournaments yet.
front-seasons = Seasons
front-running = running, round { $round }
front-setup = in preparation
front-finished = finished
admin-clubs = Clubs
admin-clubs-empty = No club yet.
admin-club-secretaries = Accounts
admin-club-tournaments = Tournaments
admin-club-created = Club “{ $name }” created. Now a secretary can be created for it.
error-login-name-taken = This login name exists already (login names do not depend on upper or lower case), or one that looks the same (such as “ſeka” beside “seka”).
