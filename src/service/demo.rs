//! `kartl demo`: one finished example tournament per game family, so a newcomer sees the whole
//! app at once: a Rutesheim Gaigel tournament (12 players, 3 sessions of 10 deals), a Watten
//! tournament in rounds (8 teams) and a Perlaggen tournament in rounds (6 teams).
//!
//! Deterministic: the seatings come from the engine's draws with fixed seeds, and each table's
//! record is built deal by deal from candidate deals chosen by a seeded generator, keeping only
//! candidates with which the record still keeps every rule (the referee decides). The three
//! files are then imported (source `demo`, public) in one transaction each. The demo refuses to
//! run twice: when its club already holds tournaments, nothing is written.

use super::Actor;
use super::deals::DealSource;
use super::import::{ImportOptions, import};
use crate::db::DbConn;
use crate::db::models::{Club, TournamentRow};
use crate::error::AppError;
use crate::rules::{self, Lang, Report};
use crate::tournament::evaluate::evaluate;
use crate::tournament::file::TournamentFile;
use crate::tournament::next::{next_round, round_of};
use crate::tournament::rng::SplitMix64;
use chrono::{NaiveDate, NaiveDateTime};
use serde_json::{Value, json};

/// The club the demo tournaments belong to.
pub const DEMO_CLUB: &str = "kartl Demo";

const FIRST_NAMES: [&str; 16] = [
    "Anna", "Josef", "Maria", "Franz", "Theresia", "Alois", "Johanna", "Sepp", "Rosa", "Hubert",
    "Kathrin", "Luis", "Greta", "Martin", "Vroni", "Toni",
];
const SURNAMES: [&str; 16] = [
    "Maier", "Huber", "Gruber", "Pichler", "Hofer", "Wieser", "Egger", "Schöpf", "Kofler", "Mair",
    "Steiner", "Moser", "Brunner", "Wolf", "Plattner", "Thaler",
];

/// Fills the database with the demo tournaments; returns their slugs.
pub fn fill(conn: &mut DbConn, now: NaiveDateTime) -> Result<Vec<String>, AppError> {
    if let Some(club) = Club::all(conn)?.into_iter().find(|c| c.name == DEMO_CLUB)
        && TournamentRow::all(conn)?
            .iter()
            .any(|t| t.club_id == club.id)
    {
        return Err(crate::error::refusal::TournamentRefusal::DemoThere {
            club: DEMO_CLUB.to_string(),
        }
        .into());
    }
    let actor = Actor::command_line();
    let mut slugs = Vec::new();
    for (file, date, place) in files()? {
        let options = ImportOptions {
            club: DEMO_CLUB.into(),
            public: true,
            date: NaiveDate::parse_from_str(date, "%Y-%m-%d").ok(),
            place: Some(place.into()),
            source: DealSource::Demo,
            resume: false,
        };
        slugs.push(import(conn, &actor, now, &file, &options)?);
    }
    Ok(slugs)
}

/// The three demo files with their dates and places.
pub fn files() -> Result<Vec<(TournamentFile, &'static str, &'static str)>, AppError> {
    Ok(vec![
        (rutesheim()?, "2026-01-17", "Rutesheim"),
        (watten()?, "2026-02-07", "Söll"),
        (perlaggen()?, "2026-03-14", "Innsbruck"),
    ])
}

fn name(i: usize) -> String {
    format!("{} {}", FIRST_NAMES[i % 16], SURNAMES[(i * 7 + 3) % 16])
}

fn bad(e: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("demo: {e}"))
}

/// Draws `rounds` rounds of `header` (no rounds yet) and fills each table with `deals_for`.
fn play(
    mut file: TournamentFile,
    rounds: usize,
    seed: u64,
    mut deals_for: impl FnMut(&TournamentFile, &mut SplitMix64) -> Result<Vec<Value>, AppError>,
) -> Result<TournamentFile, AppError> {
    let mut rng = SplitMix64::new(seed);
    let present: Vec<String> = file.entrants().into_iter().map(|(id, _)| id).collect();
    for r in 0..rounds {
        let standings = evaluate(&file, Lang::De).map_err(bad)?.standings.standings;
        let round_seed = seed + r as u64;
        let draw = next_round(&file, &present, &standings, round_seed).map_err(bad)?;
        let mut round = round_of(&draw, round_seed);
        for table in &mut round.tables {
            table.deals = deals_for(&file, &mut rng)?;
        }
        file.rounds.push(round);
    }
    match evaluate(&file, Lang::De).map_err(bad)?.broken.first() {
        Some(b) => Err(bad(format!("{:?}", b.violation))),
        None => Ok(file),
    }
}

/// Builds a record of up to `count` deals, each picked from `candidates` at random among those
/// that keep the rules; stops early when `done` says the record is complete.
fn build(
    frame: &Value,
    candidates: &[Value],
    count: usize,
    rng: &mut SplitMix64,
    done: impl Fn(&Report) -> bool,
) -> Result<Vec<Value>, AppError> {
    let mut deals: Vec<Value> = Vec::new();
    let mut record = frame.clone();
    while deals.len() < count {
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        rng.shuffle(&mut order);
        let mut chosen = None;
        for i in order {
            let mut trial = deals.clone();
            trial.push(candidates[i].clone());
            record["deals"] = Value::Array(trial);
            let report = rules::referee(&record.to_string(), Lang::De).map_err(bad)?;
            if report.is_valid() {
                chosen = Some((i, report));
                break;
            }
        }
        let Some((i, report)) = chosen else {
            return Err(bad(format!(
                "no candidate fits after {} deals",
                deals.len()
            )));
        };
        deals.push(candidates[i].clone());
        if done(&report) {
            break;
        }
    }
    Ok(deals)
}

/// Whether a match report shows a finished game (contract 4: `games`).
fn game_won(report: &Report) -> bool {
    report.games() > 0
}

fn frame(file: &TournamentFile) -> Value {
    let mut frame = super::tournaments::rules_frame(file);
    if let Value::Object(map) = &mut frame {
        map.remove("engine");
    }
    frame
}

fn rutesheim() -> Result<TournamentFile, AppError> {
    let players: Vec<Value> = (0..12)
        .map(|i| json!({"id": format!("p{}", i + 1), "name": name(i)}))
        .collect();
    let header = json!({
        "name": "Gaigelturnier SKV Rutesheim (Demo)", "game": "gaigel", "variant": "three",
        "options": {"scoring": "rutesheim"}, "format": "sessions",
        "settings": {"sessions": 3, "deals": 10}, "players": players,
    });
    let file = TournamentFile::parse(&header.to_string()).map_err(bad)?;
    // Who went out with how many card points and tricks; the others' counts and tricks.
    let shapes: [[(u32, u32); 3]; 6] = [
        [(104, 6), (61, 4), (45, 3)],
        [(112, 7), (73, 4), (35, 2)],
        [(101, 5), (84, 5), (43, 3)],
        [(121, 8), (57, 4), (30, 2)],
        [(106, 6), (94, 5), (0, 0)],
        [(118, 7), (66, 5), (56, 4)],
    ];
    let mut candidates = Vec::new();
    for shape in shapes {
        for perm in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            let mut points = serde_json::Map::new();
            let mut tricks = serde_json::Map::new();
            for (k, (p, t)) in shape.iter().enumerate() {
                let side = format!("P{}", perm[k] + 1);
                points.insert(side.clone(), (*p).into());
                tricks.insert(side, (*t).into());
            }
            let out = format!("P{}", perm[0] + 1);
            candidates.push(json!({"points": points, "tricks": tricks, "out": out}));
        }
    }
    let record = frame(&file);
    play(file, 3, 20260117, |_, rng| {
        build(&record, &candidates, 10, rng, |_| false)
    })
}

fn watten() -> Result<TournamentFile, AppError> {
    let players: Vec<Value> = (0..16)
        .map(|i| json!({"id": format!("p{}", i + 1), "name": name(i)}))
        .collect();
    let teams: Vec<Value> = (0..8)
        .map(|i| {
            json!({"id": format!("t{}", i + 1),
                   "name": format!("{} / {}", FIRST_NAMES[(2 * i) % 16], FIRST_NAMES[(2 * i + 1) % 16]),
                   "players": [format!("p{}", 2 * i + 1), format!("p{}", 2 * i + 2)]})
        })
        .collect();
    let header = json!({
        "name": "Preiswatten Söll (Demo)", "game": "watten", "variant": "tyrolean",
        "format": "rounds", "players": players, "teams": teams,
    });
    let file = TournamentFile::parse(&header.to_string()).map_err(bad)?;
    let mut candidates = Vec::new();
    for s in ["A", "B"] {
        let o = if s == "A" { "B" } else { "A" };
        candidates.extend([
            json!({"winner": s, "points": 2}),
            json!({"winner": s, "points": 3}),
            json!({"winner": s, "points": 4}),
            json!({"events": [{"bet": s}, {"see": o}, {"tricks": s}]}),
            json!({"events": [{"bet": o}, {"give_up": s}]}),
            json!({"events": [{"play": s}, {"tricks": s}]}),
            json!({"events": [{"give_up": o}]}),
            json!({"events": [{"tricks": s}]}),
        ]);
    }
    let record = frame(&file);
    play(file, 3, 20260207, |_, rng| {
        build(&record, &candidates, 40, rng, game_won)
    })
}

fn perlaggen() -> Result<TournamentFile, AppError> {
    let players: Vec<Value> = (0..12)
        .map(|i| json!({"id": format!("p{}", i + 1), "name": name(i + 4)}))
        .collect();
    let teams: Vec<Value> = (0..6)
        .map(|i| {
            json!({"id": format!("t{}", i + 1),
                   "name": format!("{} / {}", FIRST_NAMES[(2 * i + 4) % 16], FIRST_NAMES[(2 * i + 5) % 16]),
                   "players": [format!("p{}", 2 * i + 1), format!("p{}", 2 * i + 2)]})
        })
        .collect();
    let header = json!({
        "name": "Perlaggerturnier Innsbruck (Demo)", "game": "perlaggen", "variant": "innsbruck",
        "format": "rounds", "players": players, "teams": teams,
    });
    let file = TournamentFile::parse(&header.to_string()).map_err(bad)?;
    let mut candidates = Vec::new();
    for s in ["A", "B"] {
        let o = if s == "A" { "B" } else { "A" };
        candidates.extend([
            json!({"events": [{"good": "spiel", "by": o}, {"show": {"gleich": s, "hanger": "stands"}}]}),
            json!({"events": [{"tricks": s}, {"show": {"gleich": "stands", "hanger": s}}]}),
            json!({"events": [{"tricks": s}, {"show": {"gleich": o, "hanger": s}}]}),
            json!({"events": [{"bet": "spiel", "by": s}, {"hold": "spiel", "by": o},
                              {"tricks": s}, {"show": {"gleich": s, "hanger": "stands"}}]}),
            json!({"events": [{"bet": "gleich", "by": s}, {"good": "gleich", "by": o},
                              {"tricks": o}, {"show": {"hanger": "stands"}}]}),
            json!({"events": [{"decider": s}]}),
        ]);
    }
    let record = frame(&file);
    play(file, 3, 20260314, |_, rng| {
        build(&record, &candidates, 60, rng, game_won)
    })
}
