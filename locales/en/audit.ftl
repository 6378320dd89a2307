# The audit log in words (web::tables::audit_words): one sentence per kind of event.
audit-deal-entered = Deal { $deal } at table { $table } entered
audit-deal-entered-pending = Deal { $deal } at table { $table } entered, waiting for confirmation
audit-deal-imported = Deal { $deal } at table { $table } taken from the tournament file
audit-deal-confirmed = Deal { $deal } at table { $table } confirmed
audit-deal-corrected = Deal { $deal } at table { $table } corrected
audit-deal-corrected-pending = Deal { $deal } at table { $table } changed, waiting for confirmation
audit-deal-withdrawn = Deal { $deal } at table { $table } withdrawn
audit-deal-other = Deal { $deal } at table { $table }: version { $version } ({ $status })
audit-kind-tournament-created = Tournament created
audit-kind-tournament-imported = Tournament read from a tournament file
audit-kind-tournament-finished = Tournament finished
audit-kind-tournament-reopened = Tournament reopened
audit-kind-round-drawn = Round { $round } drawn (seed { $seed })
audit-kind-round-undrawn = Draw of round { $round } taken back
audit-kind-round-closed = Round { $round } closed
audit-kind-round-reopened = Round { $round } reopened
audit-kind-finals-drawn = Finals drawn (round { $round })
audit-kind-seats-swapped = Round { $round }: seats swapped, { $swapped }
audit-kind-player-added = Player { $name } entered
audit-kind-team-added = Team { $name } entered
audit-kind-player-consent = Public display of { $name }: { $consent }
audit-kind-player-erased = Player erased: now named { $name }, every result stays
audit-kind-entrant-edited = Entry of { $name } changed: { $changes }
audit-kind-entrant-withdrawn = { $name } withdrawn from round { $round } on
audit-kind-entrant-absent = { $name } absent in round { $round }
audit-kind-entrant-late = { $name } entered late, from round { $round } on
audit-kind-visibility = Public pages { $public ->
    [yes] switched on
   *[no] switched off
}
audit-kind-confirmation = Confirmation changed: { $confirmation }
audit-kind-scorer-links = Table cards for round { $round } issued ({ $tables ->
    [one] 1 table
   *[other] { $tables } tables
}, new links)
audit-kind-link-reissued = New link for table { $table } in round { $round }
audit-kind-tiebreaks-set = Tie-breaks set: { $tiebreaks }
audit-kind-prizes-set = Prize list set
audit-kind-deal-voided = Deal { $deal } at table { $table } voided
audit-kind-deals-corrected = Deals { $deals } at table { $table } corrected together
audit-kind-register-renamed = Name corrected in the player register: { $before } → { $after }
audit-kind-players-merged = Player register: { $merged } merged into { $kept }
audit-kind-players-merge-undone = Merge in the player register undone
audit-kind-rounds-planned = Planned rounds changed: { $before } → { $after }
audit-rounds-unplanned = open
audit-kind-unknown = Entry “{ $kind }”
audit-zone = Times in local time ({ $zone })
audit-time-format = %Y-%m-%d %H:%M:%S

## pages: the details and authors in words
audit-key-rounds = { $v ->
    [one] 1 round
   *[other] { $v } rounds
}
audit-key-open-round = round { $v } still open
audit-key-absent = { $v ->
    [yes] absent
   *[other] back again
}
audit-key-moved = { $v ->
    [0] no later deals affected
    [one] 1 later deal recomputed
   *[other] { $v } later deals recomputed
}
audit-key-version = version { $v }
audit-key-status = status: { $v }
audit-key-players-before = players before: { $v }
audit-key-players-after = players after: { $v }
audit-status-open = open
audit-status-finished = finished
audit-actor-cli = command line
audit-actor-scorer = table link round { $round }, table { $table }
