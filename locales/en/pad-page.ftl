# The scorer's pad (issue 13): the page around the buttons the referee offers.
pad-new-deal = Enter deal { $no }
pad-transcript-empty = Nothing tapped yet. Tap what happened.
pad-undo = ↶ Undo last tap
pad-restart = Start over
pad-save = Save
pad-save-offline = Save (checked once the network is back)
pad-saved = Saved
pad-saved-wait = Saved – waiting for confirmation
pad-last-deal = Last deal
pad-offline = No network: the entry is kept on this phone and checked once the network is back.
pad-unchecked = unchecked
pad-queue = Kept on this phone
pad-waiting = waiting for the network – checked then
pad-sending = sending …
pad-refused = Refused – please correct:
pad-stale = Another deal was stored at this table meanwhile. Please check and enter again.
pad-correct = Correct
pad-discard = Discard
pad-discard-ask = Really discard this deal? It will not be stored.
pad-correcting = Correcting a refused deal
pad-over-hint = Nothing more is entered at this table.
pad-needs-script = Entering deals needs JavaScript. Please enable it in the browser.
pad-no-net-yet = No network, and no actions on this phone yet. Please open once with network.
pad-group-bet = Bets
pad-group-answer = Answer
pad-group-tricks = Tricks
pad-group-show = Shows
pad-group-card = Cards
pad-group-number = Number
pad-group-side = Side
pad-group-other = More
pad-closed-title = Round { $round } closed – result of table { $table }
pad-closed-score = Final score
pad-closed-standings = To the tournament's standings
pad-closed-none = No deal was entered at this table.
pad-unreadable = This entry is incomplete or damaged and was not stored.
pad-melds-hint = Melds: each meld as a number, separated by spaces, e.g. "40 20" for a forty and a twenty; leave empty when nothing was melded.
pad-cut-hint = Cut: only on equal points. The sides in the order they won the cut, e.g. "P2 P1".
pad-group-meld = Melds
pad-group-digits = Card points
pad-group-count = Tricks
pad-group-baptism = Baptised as
pad-game-waiting = The game is entered and waits for confirmation: { $n ->
    [one] one deal is
   *[other] { $count } deals are
} not confirmed yet and { $n ->
    [one] counts
   *[other] count
} only then.
pad-over-waiting = All deals are entered, the table waits for confirmation: { $n ->
    [one] one deal is
   *[other] { $count } deals are
} not confirmed yet and { $n ->
    [one] counts
   *[other] count
} only then.
