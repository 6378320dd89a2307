//! The large tournament the benchmarks share: an SKV Rutesheim Gaigel tournament (gaigel
//! `three`, `sessions`) with 1,000 players in 3 sessions of 333 tables of three and one bye each,
//! a different seating every session, and deals the referee accepts. Names carry umlauts and ß
//! so the exports' fonts are exercised too.

use kartl::tournament::file::TournamentFile;
use serde_json::{Value, json};

pub const PLAYERS: usize = 1000;
pub const SESSIONS: usize = 3;

/// The deal `k` of a table: four legal outcomes (one with a player who took no trick), each
/// rotated over the three seats.
fn deal(k: usize) -> Value {
    let shapes = [
        [(104, 6), (61, 4), (45, 3)],
        [(112, 7), (73, 4), (35, 2)],
        [(101, 5), (84, 5), (43, 3)],
        [(106, 6), (94, 5), (0, 0)],
    ];
    let shape = shapes[k % shapes.len()];
    let order = [[0, 1, 2], [1, 2, 0], [2, 0, 1]][k / shapes.len() % 3];
    let mut points = serde_json::Map::new();
    let mut tricks = serde_json::Map::new();
    for (i, (p, t)) in shape.iter().enumerate() {
        let side = format!("P{}", order[i] + 1);
        points.insert(side.clone(), json!(p));
        tricks.insert(side, json!(t));
    }
    json!({"points": points, "tricks": tricks, "out": format!("P{}", order[0] + 1)})
}

/// The tournament with `deals` deals at every table.
pub fn rutesheim(deals: usize) -> TournamentFile {
    let players: Vec<Value> = (0..PLAYERS)
        .map(|i| json!({"id": format!("p{i}"), "name": format!("Spielerin Nr. {i} Größe-Weiß")}))
        .collect();
    let rounds: Vec<Value> = (0..SESSIONS)
        .map(|s| {
            // A different seating each session: step through the field by a stride prime to 1,000.
            let order: Vec<usize> = (0..PLAYERS)
                .map(|i| (i * [1, 3, 7][s % 3] + s) % PLAYERS)
                .collect();
            let tables: Vec<Value> = order[..PLAYERS - PLAYERS % 3]
                .chunks(3)
                .enumerate()
                .map(|(t, c)| {
                    let seats: Vec<String> = c.iter().map(|i| format!("p{i}")).collect();
                    let deals: Vec<Value> = (0..deals).map(|d| deal(t + d + s)).collect();
                    json!({"seats": seats, "deals": deals})
                })
                .collect();
            let byes: Vec<String> = order[PLAYERS - PLAYERS % 3..]
                .iter()
                .map(|i| format!("p{i}"))
                .collect();
            json!({"tables": tables, "byes": byes})
        })
        .collect();
    let file = json!({
        "name": "Großes Gaigelturnier", "game": "gaigel", "variant": "three",
        "options": {"scoring": "rutesheim"}, "format": "sessions",
        "settings": {"sessions": SESSIONS, "deals": deals},
        "players": players, "rounds": rounds
    });
    TournamentFile::parse(&file.to_string()).unwrap()
}
