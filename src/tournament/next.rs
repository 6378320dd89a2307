//! The next round of a tournament file, drawn the way its settings say: the first round at
//! random (Wattkönig: by start number), later rounds avoiding repeats, by standings (Swiss) or
//! by the Wattkönig rotation. The seed is an input; the glue stores it with the round.

use super::draw::{self, Draw, DrawError, History};
use super::file::{Round, Table, TournamentFile};
use super::format::{DrawMethod, Format, PlanError, rounds_plan, session_plan};
use super::standings::Row;
use std::fmt;

/// Why the next round cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextError {
    Plan(PlanError),
    Draw(DrawError),
    /// A table of the round already has deals: seats can no longer be swapped.
    Started,
}

impl fmt::Display for NextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NextError::Plan(e) => e.fmt(f),
            NextError::Draw(e) => e.fmt(f),
            NextError::Started => write!(f, "the round has started: seats can no longer change"),
        }
    }
}

impl std::error::Error for NextError {}

/// Draws the next round for `present` (the entrants taking part, in start-number order; the
/// glue passes all entrants unless some withdrew). `standings` are the current overall
/// standings (used by Swiss only). Knockout rounds do not count as history.
pub fn next_round(
    file: &TournamentFile,
    present: &[String],
    standings: &[Row],
    seed: u64,
) -> Result<Draw, NextError> {
    let (layouts, byes) = match file.format {
        Format::Sessions => {
            let s = file.settings();
            let plan = session_plan(present.len(), s.deals, s.fill).map_err(NextError::Plan)?;
            (plan.layouts(), plan.byes)
        }
        Format::Rounds => rounds_plan(present.len(), 1),
    };
    let previous: Vec<Draw> = (0..file.rounds.len())
        .filter(|&r| !file.rounds[r].knockout)
        .filter_map(|r| file.draw(r))
        .collect();
    let method = file.settings().draw;
    let drawn = match (previous.last(), method) {
        (_, DrawMethod::Wattkoenig) => Ok(draw::wattkoenig_round(present, previous.len())),
        (None, _) => draw::random(present, &layouts, byes, seed),
        (Some(_), DrawMethod::Random) => {
            draw::avoiding_repeats(present, &layouts, byes, &History::of(&previous), seed)
        }
        (Some(_), DrawMethod::Swiss) => {
            let worst = standings.iter().map(|r| r.rank).max().unwrap_or(0) + 1;
            let ranked: Vec<(String, u32)> = present
                .iter()
                .map(|id| {
                    let rank = standings.iter().find(|r| &r.id == id).map(|r| r.rank);
                    (id.clone(), rank.unwrap_or(worst))
                })
                .collect();
            draw::swiss(&ranked, &layouts, byes, &History::of(&previous), seed)
        }
    };
    drawn.map_err(NextError::Draw)
}

/// A drawn round as it goes into the tournament file, with its seed and no deals yet.
pub fn round_of(draw: &Draw, seed: u64) -> Round {
    Round {
        tables: (0..draw.tables.len())
            .map(|t| Table {
                seats: draw.seats(t),
                deals: Vec::new(),
            })
            .collect(),
        byes: draw.byes.clone(),
        seed: Some(seed),
        knockout: false,
    }
}

/// The secretary swaps two entrants (two seats, or a seat and a bye) before the round starts;
/// once any table has a deal, the seating stands.
pub fn swap_seats(round: &Round, a: &str, b: &str) -> Result<Round, NextError> {
    if round.tables.iter().any(|t| !t.deals.is_empty()) {
        return Err(NextError::Started);
    }
    let as_draw = Draw {
        tables: round
            .tables
            .iter()
            .map(|t| t.seats.iter().map(|s| vec![s.clone()]).collect())
            .collect(),
        byes: round.byes.clone(),
    };
    let swapped = draw::swap(&as_draw, a, b).map_err(NextError::Draw)?;
    let mut out = round_of(&swapped, 0);
    out.seed = round.seed;
    out.knockout = round.knockout;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn file(n: usize, settings: serde_json::Value) -> TournamentFile {
        let players: Vec<_> = (1..=n)
            .map(|i| json!({"id": format!("p{i}"), "name": format!("P {i}")}))
            .collect();
        let v = json!({"name": "t", "game": "gaigel", "variant": "three", "format": "sessions",
                       "options": {"scoring": "rutesheim"},
                       "players": players, "settings": settings});
        TournamentFile::parse(&v.to_string()).unwrap()
    }

    #[test]
    fn three_sessions_of_ten_players_have_one_bye_each_and_no_repeats_possible_are_made() {
        let mut f = file(10, json!({}));
        let present: Vec<String> = f.entrants().into_iter().map(|e| e.0).collect();
        for r in 0..3u64 {
            let d = next_round(&f, &present, &[], 100 + r).unwrap();
            assert_eq!(d.byes.len(), 1);
            let h = History::of(
                &(0..f.rounds.len())
                    .filter_map(|i| f.draw(i))
                    .collect::<Vec<_>>(),
            );
            assert_eq!(h.repeats(&d), (0, 0), "round {r}");
            f.rounds.push(round_of(&d, 100 + r));
            assert!(f.problems().is_empty(), "{:?}", f.problems());
        }
        assert_eq!(f.rounds[2].seed, Some(102));
    }

    #[test]
    fn seats_are_swapped_only_before_the_round_starts() {
        let f = file(4, json!({}));
        let present: Vec<String> = f.entrants().into_iter().map(|e| e.0).collect();
        let d = next_round(&f, &present, &[], 7).unwrap();
        let mut round = round_of(&d, 7);
        let (seated, bye) = (round.tables[0].seats[0].clone(), round.byes[0].clone());
        let swapped = swap_seats(&round, &seated, &bye).unwrap();
        assert_eq!(swapped.tables[0].seats[0], bye);
        assert_eq!(swapped.byes.as_slice(), std::slice::from_ref(&seated));
        assert_eq!(swapped.seed, Some(7));
        round.tables[0].deals.push(json!({}));
        assert_eq!(swap_seats(&round, &seated, &bye), Err(NextError::Started));
    }

    #[test]
    fn four_player_tables_are_drawn_when_chosen() {
        let f = file(10, json!({"fill": "four_tables", "deals": 9}));
        let present: Vec<String> = f.entrants().into_iter().map(|e| e.0).collect();
        let d = next_round(&f, &present, &[], 1).unwrap();
        let sizes: Vec<usize> = (0..d.tables.len()).map(|t| d.seats(t).len()).collect();
        assert_eq!(sizes, [4, 3, 3]);
        let f = file(10, json!({"fill": "four_tables"}));
        assert!(matches!(
            next_round(&f, &present, &[], 1),
            Err(NextError::Plan(PlanError::DealsNotDivisibleByThree(10)))
        ));
    }
}
