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
use crate::rules::match_record::figures::{self, Figure, Outcome, Show};
use crate::rules::match_record::{Deals, Options, PerWho, Record, Who, gaigel, watten};
use crate::rules::{self, Game, Lang, Report};
use crate::tournament::evaluate::evaluate;
use crate::tournament::file::{Player, Team, TournamentFile};
use crate::tournament::format::Format;
use crate::tournament::next::{next_round, round_of};
use crate::tournament::rng::SplitMix64;
use chrono::{NaiveDate, NaiveDateTime};
use serde::Serialize;

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

/// A demo file's head: its name, rules, format and entrants (contract 8), as the file is read.
#[derive(Serialize)]
struct Header {
    name: &'static str,
    game: Game,
    /// The variant's contract name.
    variant: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Options>,
    format: Format,
    #[serde(skip_serializing_if = "Option::is_none")]
    settings: Option<Sessions>,
    players: Vec<Player>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    teams: Vec<Team>,
}

/// The `sessions` format's settings the demo sets.
#[derive(Serialize)]
struct Sessions {
    sessions: u32,
    deals: u32,
}

impl Header {
    /// The file with no rounds yet, read and checked as any tournament file is.
    fn file(&self) -> Result<TournamentFile, AppError> {
        let text = serde_json::to_string(self).map_err(bad)?;
        TournamentFile::parse(&text).map_err(bad)
    }
}

/// `count` players `p1`, `p2`, ..., named from the name lists starting at `first`.
fn players(count: usize, first: usize) -> Vec<Player> {
    (0..count)
        .map(|i| Player {
            id: format!("p{}", i + 1),
            name: name(i + first),
        })
        .collect()
}

/// `count` teams `t1`, `t2`, ... of two players each (`p1` and `p2`, ...), named by their
/// players' first names from the list starting at `first`.
fn teams(count: usize, first: usize) -> Vec<Team> {
    (0..count)
        .map(|i| Team {
            id: format!("t{}", i + 1),
            name: format!(
                "{} / {}",
                FIRST_NAMES[(2 * i + first) % 16],
                FIRST_NAMES[(2 * i + first + 1) % 16]
            ),
            players: vec![format!("p{}", 2 * i + 1), format!("p{}", 2 * i + 2)],
        })
        .collect()
}

/// Draws `rounds` rounds of `file` (no rounds yet) and fills each table with the deals of
/// the record `deals_for` builds.
fn play(
    mut file: TournamentFile,
    rounds: usize,
    seed: u64,
    mut deals_for: impl FnMut(&TournamentFile, &mut SplitMix64) -> Result<Record, AppError>,
) -> Result<TournamentFile, AppError> {
    let mut rng = SplitMix64::new(seed);
    let present: Vec<String> = file.entrants().into_iter().map(|(id, _)| id).collect();
    for r in 0..rounds {
        let standings = evaluate(&file, Lang::De).map_err(bad)?.standings.standings;
        let round_seed = seed + r as u64;
        let draw = next_round(&file, &present, &standings, round_seed).map_err(bad)?;
        let mut round = round_of(&draw, round_seed);
        for table in &mut round.tables {
            let record = deals_for(&file, &mut rng)?;
            // The file holds each deal as the JSON it is written as.
            table.deals = serde_json::to_value(&record.deals)
                .and_then(serde_json::from_value)
                .map_err(bad)?;
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
    frame: &Record,
    candidates: &Deals,
    count: usize,
    rng: &mut SplitMix64,
    done: impl Fn(&Report) -> bool,
) -> Result<Record, AppError> {
    let mut record = frame.clone();
    while record.deals.len() < count {
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        rng.shuffle(&mut order);
        let mut chosen = None;
        for i in order {
            record.deals.push_from(candidates, i);
            let report = rules::referee_record(&record, Lang::De).map_err(bad)?;
            if report.is_valid() {
                chosen = Some(report);
                break;
            }
            record.deals.pop();
        }
        let Some(report) = chosen else {
            return Err(bad(format!(
                "no candidate fits after {} deals",
                record.deals.len()
            )));
        };
        if done(&report) {
            break;
        }
    }
    Ok(record)
}

/// A figure deal told by its events.
fn figure_deal(events: Vec<figures::Event>) -> figures::Deal {
    figures::Deal::events(events)
}

fn bet(f: Figure, by: Who) -> figures::Event {
    figures::Event {
        bet: Some(rules::match_record::OneOrMany::One(f)),
        by: Some(by),
        ..figures::Event::default()
    }
}

fn hold(f: Figure, by: Who) -> figures::Event {
    figures::Event {
        hold: Some(f),
        by: Some(by),
        ..figures::Event::default()
    }
}

fn good(f: Figure, by: Who) -> figures::Event {
    figures::Event {
        good: Some(f),
        by: Some(by),
        ..figures::Event::default()
    }
}

/// `{"tricks": side}`: the side took its third trick.
fn took(side: Who) -> figures::Event {
    figures::Event {
        tricks: Some(side.as_str().into()),
        ..figures::Event::default()
    }
}

/// The show: the outcome for Gleich and for Hanger.
fn show(
    gleich: Option<Outcome<figures::Hand>>,
    hanger: Option<Outcome<figures::Hand>>,
) -> figures::Event {
    figures::Event {
        show: Some(Box::new(Show {
            gleich,
            hanger,
            spiel: None,
        })),
        ..figures::Event::default()
    }
}

/// Whether a match report shows a finished game (contract 4: `games`).
fn game_won(report: &Report) -> bool {
    report.games() > 0
}

/// The record frame of the file's tables (game, variant, target, options).
fn frame(file: &TournamentFile) -> Result<Record, AppError> {
    file.frame().map_err(bad)
}

fn rutesheim() -> Result<TournamentFile, AppError> {
    let file = Header {
        name: "Gaigelturnier SKV Rutesheim (Demo)",
        game: Game::Gaigel,
        variant: "three",
        options: Some(Options {
            scoring: Some("rutesheim".into()),
            ..Options::default()
        }),
        format: Format::Sessions,
        settings: Some(Sessions {
            sessions: 3,
            deals: 10,
        }),
        players: players(12, 0),
        teams: Vec::new(),
    }
    .file()?;
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
            let player = |k: usize| [Who::P1, Who::P2, Who::P3][perm[k]];
            let (mut points, mut tricks) = (PerWho::new(), PerWho::new());
            for (k, (p, t)) in shape.iter().enumerate() {
                points.insert(player(k), *p);
                tricks.insert(player(k), *t);
            }
            candidates.push(gaigel::Deal {
                points: Some(points),
                tricks: Some(tricks),
                out: Some(player(0)),
                ..gaigel::Deal::default()
            });
        }
    }
    let candidates = Deals::Gaigel(candidates);
    let record = frame(&file)?;
    play(file, 3, 20260117, |_, rng| {
        build(&record, &candidates, 10, rng, |_| false)
    })
}

fn watten() -> Result<TournamentFile, AppError> {
    let file = Header {
        name: "Preiswatten Söll (Demo)",
        game: Game::Watten,
        variant: "tyrolean",
        options: None,
        format: Format::Rounds,
        settings: None,
        players: players(16, 0),
        teams: teams(8, 0),
    }
    .file()?;
    let mut candidates = Vec::new();
    for (s, o) in [(Who::A, Who::B), (Who::B, Who::A)] {
        let event = watten::Event::default;
        let bet = |w| watten::Event {
            bet: Some(w),
            ..event()
        };
        let see = |w| watten::Event {
            see: Some(w),
            ..event()
        };
        let give_up = |w| watten::Event {
            give_up: Some(w),
            ..event()
        };
        let play = |w| watten::Event {
            play: Some(w),
            ..event()
        };
        let tricks = |w| watten::Event {
            tricks: Some(w),
            ..event()
        };
        candidates.extend([
            watten::Deal::short(s, 2),
            watten::Deal::short(s, 3),
            watten::Deal::short(s, 4),
            watten::Deal::events(vec![bet(s), see(o), tricks(s)]),
            watten::Deal::events(vec![bet(o), give_up(s)]),
            watten::Deal::events(vec![play(s), tricks(s)]),
            watten::Deal::events(vec![give_up(o)]),
            watten::Deal::events(vec![tricks(s)]),
        ]);
    }
    let candidates = Deals::Watten(candidates);
    let record = frame(&file)?;
    play(file, 3, 20260207, |_, rng| {
        build(&record, &candidates, 40, rng, game_won)
    })
}

fn perlaggen() -> Result<TournamentFile, AppError> {
    let file = Header {
        name: "Perlaggerturnier Innsbruck (Demo)",
        game: Game::Perlaggen,
        variant: "innsbruck",
        options: None,
        format: Format::Rounds,
        settings: None,
        players: players(12, 4),
        teams: teams(6, 4),
    }
    .file()?;
    let mut candidates = Vec::new();
    for (s, o) in [(Who::A, Who::B), (Who::B, Who::A)] {
        let word = |w: Who| Some(Outcome::Word(w.as_str().into()));
        let stands = || Some(Outcome::Word("stands".into()));
        candidates.extend([
            figure_deal(vec![good(Figure::Spiel, o), show(word(s), stands())]),
            figure_deal(vec![took(s), show(stands(), word(s))]),
            figure_deal(vec![took(s), show(word(o), word(s))]),
            figure_deal(vec![
                bet(Figure::Spiel, s),
                hold(Figure::Spiel, o),
                took(s),
                show(word(s), stands()),
            ]),
            figure_deal(vec![
                bet(Figure::Gleich, s),
                good(Figure::Gleich, o),
                took(o),
                show(None, stands()),
            ]),
            figure_deal(vec![figures::Event {
                decider: Some(Outcome::Word(s.as_str().into())),
                ..figures::Event::default()
            }]),
        ]);
    }
    let candidates = Deals::Figures(candidates);
    let record = frame(&file)?;
    play(file, 3, 20260314, |_, rng| {
        build(&record, &candidates, 60, rng, game_won)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record the demo stores reads into the typed record and writes back byte for
    /// byte (kartl's stored form: the file's values written with sorted keys).
    #[test]
    fn every_demo_record_round_trips_through_the_typed_record() {
        let mut tables = 0;
        for (file, _, _) in files().unwrap() {
            for (r, round) in file.rounds.iter().enumerate() {
                for t in 0..round.tables.len() {
                    let stored = file.match_record(r, t).unwrap().to_string();
                    let typed = Record::from_json(&stored).unwrap();
                    assert_eq!(typed.to_json(), stored);
                    assert_eq!(file.table_record(r, t).unwrap().unwrap(), typed);
                    tables += 1;
                }
            }
        }
        assert!(tables >= 30, "{tables} tables");
    }
}
