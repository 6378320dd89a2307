# Public pages (issue 8): standings, rounds, score sheets, entrants, chart, projector.
public-nav = Tournament pages
public-standings = Standings
public-chart = Points over the rounds
public-chart-desc-teams = One line per team: its points after each round, added up.
public-chart-desc-players = One line per player: their points after each round, added up.
public-chart-download = Download the chart as SVG
public-projector = Projector
public-live-note = The standings update by themselves; only confirmed deals count.
public-knockout = Finals
public-no-tables = Nobody sits at a table in this round.
public-table = Table
public-sheet = Score sheet
public-deals = Deals
public-deals-counted = Deals counted
public-no-deals = No confirmed deals yet.
public-byes = Bye
public-bye = Bye in this round.
public-members = Players
public-visibility = Public pages
public-is-public = Public: standings, rounds, score sheets and the projector view can be seen without logging in (confirmed deals only).
public-is-private = Not public: only the club's secretaries see this tournament.
public-make-public = Publish
public-make-private = Stop publishing
public-open = Public page
public-streitfall = Streitfall (card by card)

## pages: the phone-first standings
public-tiebreak-more = Show the tie-breaks
