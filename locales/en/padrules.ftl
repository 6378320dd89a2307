# The scorer's tap pad (issue 13): buttons, transcript and notices. Game terms stay German.
padr-too-large = The request is too large (at most 64 KiB).
padr-not-json = The request is not valid JSON of the form {"{"}"actions": [...]{"}"}.
padr-bad-lang = Unknown language: "de" and "en" are allowed.
padr-new-game = the next game starts at 0
padr-writes = { $side } { $n ->
    [one] scores
   *[other] score
} { $points }
padr-game-over = Game over: { $side } { $n ->
    [one] wins
   *[other] win
} { $score }
padr-bummerl = { $n ->
    [one] one Bummerl
   *[other] { $marks } Bummerl
}
padr-w-alone = { $side } plays alone
padr-w-said-alone = { $side } plays alone
padr-w-bet = { $side } { $n ->
    [one] bets
   *[other] bet
}
padr-w-four = { $side } { $n ->
    [one] bets
   *[other] bet
} 4 at once
padr-w-see = { $side } { $n ->
    [one] sees
   *[other] see
}
padr-w-fold = { $side } { $n ->
    [one] gives
   *[other] give
} up
padr-w-give-up = { $side } { $n ->
    [one] gives
   *[other] give
} up (gestrichen)
padr-w-play = { $side } { $n ->
    [one] plays
   *[other] play
} (gestrichen)
padr-w-said-play = { $side } { $n ->
    [one] plays
   *[other] play
}
padr-w-tricks = { $side } { $n ->
    [one] takes
   *[other] take
} 3 tricks
padr-w-said-tricks = { $side } { $n ->
    [one] takes
   *[other] take
} the trick
padr-w-farbe-ok = { $side }: Farbe! – { $bettors } had the card
padr-w-farbe-no = { $side }: Farbe! – { $bettors } did not have it
padr-w-said-farbe-ok = { $side } { $n ->
    [one] calls
   *[other] call
} Farbe, but { $bettors } had the card
padr-w-said-farbe-no = { $side } { $n ->
    [one] calls
   *[other] call
} Farbe rightly: { $bettors } did not have the card
padr-w-machine = { $side } { $n ->
    [one] has
   *[other] have
} the machine
padr-w-gestrichen = { $side } is gestrichen
padr-w-gespannt = { $side } is gespannt
padr-w-decide = { $side } decides first: play or give up
padr-w-both = Both gestrichen: deciding game
padr-f-trump = Trumps: { $suit }
padr-f-bet = { $side } bets { $figure }
padr-f-hold = { $side } holds { $figure }
padr-f-raise = { $side } raises { $figure }
padr-f-good = { $side }: { $figure } good
padr-f-tricks = { $side } takes 3 tricks
padr-f-said-tricks = { $side } takes 3 tricks: Spiel to { $side }
padr-f-show = { $figure }: { $side } has the better one
padr-f-stands = { $figure }: stands
padr-f-cards = { $figure }: show cards
padr-f-card = { $side } shows { $card }
padr-f-said-card = { $side } shows { $card }
padr-f-baptism = baptised as { $card }
padr-f-said-baptism = baptised as { $card }
padr-f-cards-of = Cards of { $side }
padr-f-done = { $figure } shown
padr-f-said-done = { $figure } shown
padr-f-unshown = { $side } cannot show { $figure }
padr-f-unshown-other = { $side } cannot show { $figure }, the others can
padr-f-decider = Decider: { $side } has the best figure
padr-f-decider-none = Decider: no one has a figure
padr-f-both = Both gestrichen: no betting, the best figure decides
padr-g-points = { $side }: { $delta } card points
padr-g-tricks = { $side }: { $delta } trick
padr-g-meld = { $side } melds { $meld }
padr-g-out = { $side } called "Aus!"
padr-g-over = { $side } was caught übergaigeln
padr-g-sevens = { $side } has five Sevens
padr-g-dissle = { $side } plays auf Dissle
padr-g-dissle-trick = The Dissle player took a trick
padr-g-farbe = { $side } shows five of a suit
padr-g-cut = Cut: { $side } next
padr-g-done = Done
padr-g-said-side = { $side }: { $points ->
    [one] 1 card point
   *[other] { $points } card points
}, { $tricks ->
    [one] 1 trick
   *[other] { $tricks } tricks
}
padr-g-said-side-melds = { $side }: { $points ->
    [one] 1 card point
   *[other] { $points } card points
}, { $tricks ->
    [one] 1 trick
   *[other] { $tricks } tricks
}, melded { $melds }
padr-g-said-cut = Cut: { $order }
padr-g-erase = All strokes are out: now they are erased
padr-g-digit = { $digit }
padr-g-count = { $count } { $n ->
    [one] trick
   *[other] tricks
}
padr-g-head-digits = Card points of { $side }
padr-g-head-count = Tricks of { $side }
padr-g-said-filled = { $side }: the rest of the pack (240 card points and all tricks)
