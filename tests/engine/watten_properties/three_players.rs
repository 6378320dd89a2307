//! Three-player Watten (option `players: 3`; rules text "Bavarian Watten for two or three
//! players": "If the team wins both players score the relevant number of points. A separate
//! total is kept for each player").

use super::*;
use kartl::rules::players::Seat;
use kartl::rules::watten::three::{self, side_of};

fn three(report: Result<Report, kartl::rules::Malformed>) -> three::Report {
    match report {
        Ok(Report::WattenThree(r)) => r,
        other => panic!("not a three-player Watten result: {other:?}"),
    }
}

fn rules(setup: &Setup) -> RuleSet {
    let mut raw = setup.options().1;
    raw.players = Some(3);
    RuleSet::new(VARIANTS[setup.variant].1, Some(setup.target), raw).unwrap()
}

fn record(setup: &Setup, start: [u32; 3], deals: Vec<Value>) -> String {
    let mut options = setup.options().0;
    options["players"] = json!(3);
    json!({
        "game": "watten",
        "variant": VARIANTS[setup.variant].0,
        "target": setup.target,
        "options": options,
        "start": {"P1": start[0], "P2": start[1], "P3": start[2]},
        "deals": deals,
    })
    .to_string()
}

fn seat(k: u8) -> Seat {
    Seat::ALL[usize::from(k % 3)]
}

/// Legal deals: who plays alone, the events with players for sides (a team's event named
/// by either player, as `pick` says), and the outcome.
#[allow(clippy::type_complexity)]
fn legal_deals(
    rules: &RuleSet,
    start: [u32; 3],
    choices: &[(u8, Vec<u8>)],
) -> Vec<(Seat, Vec<Event<Seat>>, Side, u32)> {
    let mut game = three::Game::new(rules, start);
    let mut deals = Vec::new();
    for (alone, picks) in choices {
        let alone = seat(*alone);
        let team = three::team(alone);
        let table = three::table(*rules, game.score, alone);
        let (events, side, points) = legal_deal(&table, picks);
        // A team's event is named by either player, as the pick's high bit says.
        let events = events
            .into_iter()
            .map(|(e, pick)| {
                e.map(|s| match s {
                    Side::A => alone,
                    Side::B => team[usize::from(pick / 128)],
                })
            })
            .collect();
        game.score_deal(rules, alone, side, points);
        deals.push((alone, events, side, points));
    }
    deals
}

fn events_json(events: &[Event<Seat>]) -> Value {
    let by_name = |s: Seat| s.name();
    Value::Array(
        events
            .iter()
            .map(|e| match *e {
                Event::Bet { side, to_four } if to_four => {
                    json!({"bet": by_name(side), "to": 4})
                }
                Event::Bet { side, .. } => json!({"bet": by_name(side)}),
                Event::See(s) => json!({"see": by_name(s)}),
                Event::GiveUp(s) => json!({"give_up": by_name(s)}),
                Event::Play(s) => json!({"play": by_name(s)}),
                Event::Tricks(s) => json!({"tricks": by_name(s)}),
                Event::Farbe { side, card_ok } => {
                    json!({"farbe": by_name(side), "card_ok": card_ok})
                }
                Event::Machine(s) => json!({"machine": by_name(s)}),
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(200)))]

    #[test]
    fn random_three_player_records_never_panic_and_replay_the_same(
        setup in setup(), start in any::<[u8; 3]>(),
        deals in prop::collection::vec((any::<u8>(), any::<u8>(), prop_oneof![4 => 0..25u32, 1 => any::<u32>()], prop::collection::vec(any_event(), 0..8)), 0..8),
    ) {
        let start = start.map(|s| u32::from(s) % setup.target);
        let deals = deals.iter().map(|(alone, w, p, evs)| {
            if evs.is_empty() {
                json!({"alone": seat(*alone).name(), "winner": seat(*w).name(), "points": p})
            } else {
                // Random events with players: A becomes the chosen player, B another.
                let evs: Vec<Event<Seat>> = evs.iter().map(|e| e.map(|s| if s == Side::A { seat(*w) } else { seat(w.wrapping_add(1)) })).collect();
                json!({"alone": seat(*alone).name(), "events": events_json(&evs)})
            }
        }).collect();
        let text = record(&setup, start, deals);
        let first = three(referee(&text, Lang::De));
        let again = three(referee(&text, Lang::De));
        prop_assert_eq!(&first, &again);
        prop_assert_eq!(first.valid, first.errors.is_empty());
        prop_assert!(first.errors.len() <= 1);
    }

    #[test]
    fn the_team_gains_alike_and_games_end_at_the_target(
        setup in setup(), start in any::<[u8; 3]>(),
        choices in prop::collection::vec((any::<u8>(), prop::collection::vec(any::<u8>(), 0..12)), 1..20),
    ) {
        let rules = rules(&setup);
        let start = start.map(|s| u32::from(s) % setup.target);
        let deals = legal_deals(&rules, start, &choices);
        let events: Vec<Value> = deals.iter().map(|(alone, evs, _, _)| json!({"alone": alone.name(), "events": events_json(evs)})).collect();
        let by_events = three(referee(&record(&setup, start, events), Lang::En));
        prop_assert!(by_events.valid, "{:?}", by_events.errors);
        // The short form names any player of the side that scored.
        let shorts: Vec<Value> = deals.iter().map(|&(alone, _, side, points)| {
            let winner = if side == Side::A { alone } else { three::team(alone)[usize::from(points % 2 == 0)] };
            json!({"alone": alone.name(), "winner": winner.name(), "points": points})
        }).collect();
        let by_short = three(referee(&record(&setup, start, shorts), Lang::En));
        prop_assert!(by_short.valid, "{:?}", by_short.errors);
        prop_assert_eq!(&by_events, &by_short);

        let mut before = start;
        let mut tally = [0u32; 3];
        for (deal, &(alone, _, side, points)) in by_events.deals.iter().zip(&deals) {
            let gained = deal.points.to_array();
            let [x, y] = three::team(alone);
            // The team's two players always gain the same; the player alone gains only
            // when the team does not.
            prop_assert_eq!(gained[x.index()], gained[y.index()]);
            prop_assert!(gained[alone.index()] == 0 || gained[x.index()] == 0);
            for p in Seat::ALL {
                let want = if side_of(alone, p) == side { points } else { 0 };
                prop_assert_eq!(gained[p.index()], want);
                prop_assert_eq!(deal.score.get(p), before[p.index()] + want);
            }
            let reached: Vec<Seat> = Seat::ALL.into_iter().filter(|p| deal.score.get(*p) >= setup.target).collect();
            prop_assert_eq!(deal.game_over.is_some(), !reached.is_empty());
            if let Some(over) = &deal.game_over {
                prop_assert_eq!(&over.winners, &reached);
                for p in Seat::ALL {
                    let m = over.marks.get(p);
                    if reached.contains(&p) {
                        prop_assert_eq!(m, 0);
                    } else {
                        prop_assert!([1, 2, 4].contains(&m));
                    }
                    tally[p.index()] += m;
                }
                before = [0; 3];
            } else {
                before = deal.score.to_array();
            }
        }
        prop_assert_eq!(by_events.tally.to_array(), tally);
        prop_assert_eq!(by_events.games.len(), by_events.deals.iter().filter(|d| d.game_over.is_some()).count());
    }
}
