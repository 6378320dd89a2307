# The scorer's entry pages (issue 7): figure panel, card picker, the rule message beside the line.
entry-lines = The events entered
entry-fig-title = This deal
entry-fig-value = Value
entry-fig-trump = Trump
entry-fig-open = open
entry-fig-bet = bet by { $side } (to { $value })
entry-fig-held = held
entry-fig-won = goes to { $side }
entry-fig-stands = stands
entry-fig-good = good
entry-fig-shown = shown
entry-fig-unshown = { $side } did not show
entry-trump = Trump
entry-decider-none = none
entry-pick-open = Show cards …
entry-pick-title = Pick cards
entry-pick-for = For
entry-pick-baptise = is a wild card (Perlagg): which card does it stand for?
entry-pick-itself = as itself
entry-pick-undo = Remove last card
entry-pick-take = Add to the deal
entry-cards-help = Cards: "show gleich A:EA,HA,SA B:E7=L10,L10" (a baptised wild card as E7=L10), decider: "decider A:gleich:EA,HA,SA"; whose cards: A1: or A2: instead of A:.
entry-pick-seat = Whose cards
entry-pick-seat-side = whole side
entry-pick-seat-1 = player 1
entry-pick-seat-2 = player 2
