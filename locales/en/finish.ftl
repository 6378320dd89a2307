# Closing rounds with care, finishing the tournament, planned rounds, table cards as PDF

stage-final = Final standings
stage-interim = Standings so far
stage-after = Standings after round { $round }

field-planned-rounds = Planned rounds
field-planned-rounds-hint = Leave empty while the number is open; it can be changed later.
error-planned-rounds = Planned rounds: leave empty or 1 to 50.

round-of-planned = Round { $round } of { $planned }
draw-past-plan = { $planned ->
    [one] The planned round is drawn.
   *[other] All { $planned } planned rounds are drawn.
} Raise the planned rounds first to draw another.

close-warning-title = Not everything is done
close-warning-unfinished = Tables without a finished game:
close-warning-unconfirmed = Tables with unconfirmed deals:
close-warning-hint = Unconfirmed deals do not count. Close anyway?
close-anyway = Close anyway
close-back = Back to the round

finish-title = Finish the tournament
finish-hint = Then the standings are final: no draws, entries or corrections until the tournament is reopened with a reason.
finish-submit = Finish the tournament
finish-confirm = Finish the tournament? The standings become final.
finish-open-round = Close round { $round } first, then the tournament.
finish-no-round = No round is drawn yet.
finish-done = The tournament is finished. These are the final standings.
finish-frozen = The tournament is finished: no more entries or corrections.
finish-reopen-title = Reopen the tournament
finish-reopen-reason = Reason
finish-reopen-hint = The reason is kept in the audit log with name and time.
finish-reopen-submit = Reopen the tournament
finish-reopen-reason-needed = Please give a reason (at most 500 characters).
finish-not-finished = The tournament is not finished.

plan-title = Planned rounds
plan-none = The number of rounds is open.
plan-is = Planned: { $planned ->
    [one] 1 round
   *[other] { $planned } rounds
}, drawn: { $drawn }.
plan-submit = Apply
plan-bad = Planned rounds: leave empty or a number from { $drawn } to 50 (that many rounds are drawn already).

cards-pdf = Table cards as PDF
cards-pdf-hint = Issues a new link for every table (the old ones stop working) and downloads the cards as a PDF.
cards-reissue-title = Re-issue one table card
cards-reissue-hint = For a table whose card is lost: only its link is replaced, all others stay valid.
cards-reissue-table = Table
cards-reissue-submit = Re-issue the card
cards-reissue-pdf = as PDF

public-qr-caption = Live results on your phone
confirm-all-title = These tables have deals still waiting for confirmation; they count only once confirmed:
confirm-all-line = Table { $table } ({ $seats }): { $count ->
    [one] 1 deal waits
   *[other] { $count } deals wait
}
confirm-all-line-round = Round { $round }, table { $table } ({ $seats }): { $count ->
    [one] 1 deal waits
   *[other] { $count } deals wait
}
confirm-all-submit = Confirm all
confirm-all-reason = All waiting deals confirmed at once

# A state form (close, reopen, finish, draw, undraw, finals, swap, plan) sent again after it
# was done: nothing changed a second time.
form-already-done = That was done already: the form was sent a second time, nothing more changed.
