# Refusals of the service areas (`error::refusal`): what the layers below the web refuse,
# worded here. Game terms stay German.

## Texts (a name, a reason)
refusal-text-field = { $field ->
    [player] The player's name
    [team] The team's name
    [member] The member number
    [tournament] The tournament's name
    [place] The place
    [club] The club's name
    [reopen] The reason for reopening
    *[change] The reason for the change
}
refusal-text-empty = { refusal-text-field }: please enter something. Nothing was saved.
refusal-text-too-long = { refusal-text-field }: at most { $max ->
    [one] one character
    *[other] { $max } characters
}. Nothing was saved.
refusal-text-control = { refusal-text-field }: holds a control character (such as a line break, a tab or a null character). Nothing was saved.
refusal-text-invisible = { refusal-text-field }: holds an invisible character or one that reverses the writing direction. Nothing was saved.

## Drawing a round
refusal-draw-round-open = Close the current round before drawing the next.
refusal-draw-finished = The tournament is finished: no further round is drawn.
refusal-draw-knockout-begun = The knockout finals have begun: there is no further round.
refusal-draw-plan-complete = All planned rounds ({ $planned }) are drawn. Change the plan to draw another.
refusal-draw-sessions-complete = All sessions ({ $sessions }) are drawn.
refusal-draw-too-few = Too few entrants to draw (two at least).
refusal-draw-too-few-for-table = { $players ->
    [one] One player is
    *[other] { $players } players are
} too few for a table of three.
refusal-draw-deals-by-three = At tables of four the number of deals must divide by three, not { $deals }.
refusal-draw-no-fit = The tables do not fit the field. Please reload the page and try again.
refusal-draw-unknown-seat = { $entrant } has no seat in this round.
refusal-draw-started = The round has started: the seats no longer change.

## Closing, finishing, planning
refusal-close-finished = The tournament is finished. To change a result, reopen it (with a reason).
refusal-close-nothing-drawn = No round is drawn yet: there is nothing to finish.
refusal-close-round-open = Round { $round } is open: close it before finishing the tournament.
refusal-close-not-finished = The tournament is not finished.
refusal-plan-only-rounds = Only a tournament in rounds has a plan of rounds.
refusal-plan-finished = The tournament is finished: its plan no longer changes.
refusal-plan-range = Planned rounds: 1 to { $max }.
refusal-plan-below-drawn = Rounds drawn already: { $drawn }; the plan cannot be { $planned ->
    [one] one round
    *[other] { $planned } rounds
}.

## Knockout finals
refusal-finals-none = This tournament has no knockout finals.
refusal-finals-size = The finals take 2, 4 or 8, not { $n }.
refusal-finals-already-drawn = The finals are drawn already.
refusal-finals-round-open = Close the current round before drawing the finals.
refusal-finals-not-rounds = Knockout finals follow the rounds format only.
refusal-finals-no-winner = A finals match has no winner yet.
refusal-finals-complete = Every finals match is decided.
refusal-finals-too-few = Only { $entrants } entrants in the standings: too few for the finals.
refusal-finals-tie-at-cut = The entrants ranked { $rank } are level across the cut: decide first who goes on.
refusal-finals-not-ready = This finals match does not have both entrants yet.
refusal-finals-already-decided = A later finals match already has a result that depends on this one.

## The field
refusal-field-knockout-begun = The knockout finals have begun: the field is fixed.
refusal-entrant-start-number-taken = Start number { $number } is taken.
refusal-entrant-no-teams = In this variant everyone plays for themselves: no teams.
refusal-entrant-team-size = A team has { $size ->
    [one] one player
    *[other] { $size } players
}.
refusal-entrant-unknown-player = { $entrant } is not entered in this tournament.
refusal-entrant-in-team = { $entrant } already plays in a team.
refusal-entrant-not-in-register = The club's register has no number { $id }.
refusal-entrant-which-register = Please choose the club whose register is meant.

## Deals
refusal-deal-no-such = Deal { $deal } does not exist; the next deal is { $next }.
refusal-deal-needs-reason = A confirmed deal is corrected only with a reason.
refusal-deal-closed-needs-reason = The round is closed: a change needs a reason.
refusal-deal-malformed = This table's deals cannot be read. Nothing was saved.
refusal-deal-breaks-rule = Deal { $deal } breaks a rule: { $rule } Nothing was saved.
refusal-deal-correction-breaks-rule = The correction breaks a rule. Nothing was saved.
refusal-deal-nothing-changed = No deal was changed.

## The tournament, prizes, tiebreaks, import
refusal-tournament-date-range = The date { $date } is not between { $first } and { $last }.
refusal-tournament-inconsistent = The tournament's settings do not fit together. Nothing was saved.
refusal-prizes-finished = The tournament is finished: its prize list no longer changes.
refusal-prizes-shares-over = The shares add up to { $percent } %, more than the whole.
refusal-prizes-over-pot = The prizes (€{ $paid }.{ $paid-cents }) exceed the pot (€{ $pot }.{ $pot-cents }).
refusal-prizes-deduction-over = The deduction (€{ $deduction }.{ $deduction-cents }) exceeds the fees (€{ $fees }.{ $fees-cents }).
refusal-prizes-paid-percent = A share of { $percent } % of the field cannot be paid.
refusal-tiebreaks-finished = The tournament is finished: its standings no longer change.
refusal-tiebreaks-not-offered = The tiebreak “{ $column }” is not offered for this game and format.
refusal-tiebreaks-twice = The tiebreak “{ $column }” is listed twice.
refusal-import-malformed = The tournament file is malformed: nothing was imported.
refusal-import-round-range = Round { $round } of the tournament file is out of range: nothing was imported.
refusal-demo-there = The demo is there already (club “{ $club }”): nothing was written.
