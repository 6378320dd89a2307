//! Seating draws: a random first round, later rounds that avoid repeat opponents (and repeat
//! partners where partnerships are drawn), Swiss pairing by standings, the Wattkönig rotation
//! and the secretary's seat swap. Every draw is reproducible from its seed.
//!
//! A table is a list of sides, each side a list of entrants: `[[p1], [p2], [p3]]` for a Gaigel
//! `three` table, `[[t1], [t2]]` for two teams, `[[p1, p2], [p3, p4]]` when partners are drawn.
//! The search behind later rounds is an exhaustive branch and bound over all seatings (exact
//! for club-sized fields, see [`SEARCH_BUDGET`]); it minimises first the repeat meetings, then
//! the repeat byes.

pub use super::draw_types::{Draw, DrawError, History, Layout};
use super::rng::SplitMix64;
pub use super::search::SEARCH_BUDGET;
use std::collections::BTreeSet;

fn check(entrants: &[String], layouts: &[Layout], byes: usize) -> Result<(), DrawError> {
    let places = layouts.iter().flatten().sum::<usize>() + byes;
    if places != entrants.len() {
        return Err(DrawError::WrongSize {
            entrants: entrants.len(),
            places,
        });
    }
    let mut seen = BTreeSet::new();
    for e in entrants {
        if !seen.insert(e) {
            return Err(DrawError::Duplicate(e.clone()));
        }
    }
    Ok(())
}

fn fill(order: &[String], layouts: &[Layout]) -> Draw {
    let mut it = order.iter().cloned();
    let tables = layouts
        .iter()
        .map(|l| {
            l.iter()
                .map(|&size| it.by_ref().take(size).collect())
                .collect()
        })
        .collect();
    Draw {
        tables,
        byes: it.collect(),
    }
}

/// The first round: the entrants shuffled with `seed`, seated table by table in the order of
/// `layouts`; the last `byes` of the shuffled list sit out.
pub fn random(
    entrants: &[String],
    layouts: &[Layout],
    byes: usize,
    seed: u64,
) -> Result<Draw, DrawError> {
    check(entrants, layouts, byes)?;
    let mut order = entrants.to_vec();
    order.sort();
    SplitMix64::new(seed).shuffle(&mut order);
    Ok(fill(&order, layouts))
}

/// A later round: the seating with the fewest repeat meetings (opponents, and partners where
/// sides have more than one entrant), then the fewest repeat byes; among equally good
/// seatings the seed decides. No repeat happens whenever one can be avoided (exact search).
pub fn avoiding_repeats(
    entrants: &[String],
    layouts: &[Layout],
    byes: usize,
    history: &History,
    seed: u64,
) -> Result<Draw, DrawError> {
    check(entrants, layouts, byes)?;
    let mut order = entrants.to_vec();
    order.sort();
    SplitMix64::new(seed).shuffle(&mut order);
    Ok(super::search::best(&order, layouts, byes, history))
}

/// Swiss pairing: entrants in standings order (best first, `rank` as in the standings) meet
/// the nearest entrant below them that they have not met. Entrants of equal rank are put in an
/// order drawn with `seed`; the lowest-ranked sit out when byes are needed, unless they already
/// had one. Repeats are avoided whenever possible, as in [`avoiding_repeats`].
pub fn swiss(
    ranked: &[(String, u32)],
    layouts: &[Layout],
    byes: usize,
    history: &History,
    seed: u64,
) -> Result<Draw, DrawError> {
    let entrants: Vec<String> = ranked.iter().map(|(id, _)| id.clone()).collect();
    check(&entrants, layouts, byes)?;
    let mut sorted: Vec<(String, u32)> = ranked.to_vec();
    sorted.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    let mut rng = SplitMix64::new(seed);
    let mut order = Vec::with_capacity(sorted.len());
    let mut i = 0;
    while i < sorted.len() {
        let j = i + sorted[i..]
            .iter()
            .take_while(|e| e.1 == sorted[i].1)
            .count();
        let mut group: Vec<String> = sorted[i..j].iter().map(|e| e.0.clone()).collect();
        rng.shuffle(&mut group);
        order.extend(group);
        i = j;
    }
    Ok(super::search::best(&order, layouts, byes, history))
}

/// The Wattkönig rotation for the next round: at every table the first side stays and the
/// second side moves on one table (from the last table back to the first). With teams numbered
/// 1, 2 at table 1, 3, 4 at table 2 and so on, the odd numbers stay and the even numbers move.
/// No pairing repeats until the movers have gone round all tables.
pub fn wattkoenig_rotation(previous: &Draw) -> Result<Draw, DrawError> {
    let n = previous.tables.len();
    if previous.tables.iter().any(|t| t.len() != 2) {
        return Err(DrawError::NotTwoSided);
    }
    let tables = (0..n)
        .map(|t| {
            let from = (t + n - 1) % n;
            vec![
                previous.tables[t][0].clone(),
                previous.tables[from][1].clone(),
            ]
        })
        .collect();
    Ok(Draw {
        tables,
        byes: previous.byes.clone(),
    })
}

/// The first Wattkönig round from start numbers: numbers 1 and 2 at table 1, 3 and 4 at
/// table 2, ...; with an odd count the last number sits out.
pub fn wattkoenig_start(numbered: &[String]) -> Draw {
    let tables = numbered
        .chunks_exact(2)
        .map(|c| vec![vec![c[0].clone()], vec![c[1].clone()]])
        .collect();
    let byes = numbered.chunks_exact(2).remainder().to_vec();
    Draw { tables, byes }
}

/// Round `round` (from 0) of the Wattkönig rotation from start numbers alone: the odd
/// numbers (1, 3, 5, ...) keep their tables, the even numbers move on one table each round.
/// With an odd count the last table has no mover: its empty place moves like a mover, and the
/// stayer it reaches sits out, so the byes go round the stayers one by one.
pub fn wattkoenig_round(numbered: &[String], round: usize) -> Draw {
    let stayers: Vec<&String> = numbered.iter().step_by(2).collect();
    let movers: Vec<&String> = numbered.iter().skip(1).step_by(2).collect();
    let n = stayers.len();
    let mut draw = Draw {
        tables: Vec::new(),
        byes: Vec::new(),
    };
    for (t, stayer) in stayers.iter().enumerate() {
        match movers.get((t + n - round % n.max(1)) % n.max(1)) {
            Some(m) => draw
                .tables
                .push(vec![vec![(*stayer).clone()], vec![(*m).clone()]]),
            None => draw.byes.push((*stayer).clone()),
        }
    }
    draw
}

/// The secretary's swap before a round starts: `a` and `b` change places (a seat or a bye).
pub fn swap(draw: &Draw, a: &str, b: &str) -> Result<Draw, DrawError> {
    let count = |id: &str| draw.entrants().filter(|e| *e == id).count();
    for id in [a, b] {
        if count(id) == 0 {
            return Err(DrawError::Unknown(id.to_string()));
        }
    }
    let mut out = draw.clone();
    let places = out
        .tables
        .iter_mut()
        .flatten()
        .flatten()
        .chain(out.byes.iter_mut());
    for e in places {
        if e == a {
            *e = b.to_string();
        } else if e == b {
            *e = a.to_string();
        }
    }
    Ok(out)
}
