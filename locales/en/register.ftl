# The club's register of players (web::secretary::register) and picking from it.
nav-register = Player register
register-title = Player register
register-hint = The register holds the club's players, each person once. Entering a tournament picks them from here; a name corrected here is correct in every tournament.
register-choose-club = Choose a club
register-search = Search (name, member number, year of birth)
register-search-go = Search
register-count = { $count ->
    [one] One person
   *[other] { $count } people
}
register-member-no = Member number
register-birth-year = Year of birth
register-played = Tournaments
register-tournaments = { $count ->
    [0] no tournament yet
    [one] one tournament
   *[other] { $count } tournaments
}
register-add-title = Add a person
register-add = Add to the register
register-edit-title = Correct
register-edit-hint = A new name holds in every tournament of this person, finished ones too; a team name made of the players' names changes with it.
register-merge-title = Merge
register-merge-hint = Two records of the same person (a typo, say): the chosen record is merged into this one, with all its tournaments. The administrator can undo it. Do not merge namesakes who are different people.
register-merge-other = Duplicate record
register-merge = Merge
register-merge-confirm = Merge the chosen record with all its tournaments into this one?
register-merges-title = Merges
register-merge-line = { $merged } merged into { $kept } ({ $by }, { $when })
register-merge-line-undone = { $merged } merged into { $kept } ({ $by }, { $when }), undone
register-merge-undo = Undo
register-label-member = no. { $number }
register-label-year = born { $year }
register-label-record = record { $id }
register-error-name = The name must be 1 to 160 characters long, without control characters.
register-error-member-no = The member number may be at most 64 characters long, without control characters.
register-error-year = The year of birth “{ $year }” does not work: please a year from 1900 to 2100.
register-error-name-taken = Someone else already has this name in a tournament of this person. Nothing was changed.
register-merge-error-same = A record cannot be merged with itself.
register-merge-error-shared = Both records play in the same tournament: they are two people. Nothing was changed.
register-merge-error-undone = This merge has been undone already.
register-merge-error-choose = Please choose the record.
entrants-pick-hint = Type a name: people from the player register are suggested. A name the register does not know yet is added to it.
entrants-new-person = New person (same name, but not in the register)
entrants-ambiguous = Several people in the player register are called “{ $name }”. Please choose: { $choices } – or tick “New person”.
entrants-preview-title = Check before storing
entrants-preview-hint = Every name of the list was compared with the player register. For each match please choose who is meant, then store.
entrants-preview-name = Name in the list
entrants-preview-choice = In the register
entrants-preview-found = found
entrants-preview-new = new to the register
entrants-preview-ambiguous = several namesakes: please choose
entrants-preview-pick = Please choose
entrants-preview-as-new = new person
entrants-preview-store = Store
entrants-preview-missing = { $count ->
    [one] One name lacks
   *[other] { $count } names lack
} the choice of who is meant.
season-public-club = Club
season-public-preview = Preview: this season is not public yet.
season-public-on = The season is public.
season-public-off = The season is not public.
season-public-page = Public page
season-public-show = Show publicly
season-public-hide = Stop showing publicly
