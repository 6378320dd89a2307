//! The exact seating search behind `draw::avoiding_repeats` and
//! `draw::swiss`: a depth-first branch and bound that places the entrants one by one,
//! in the given order, on every free seat or bye, and keeps the seating with the fewest
//! repeats (repeat meetings first, repeat byes second).
//!
//! Seats that are interchangeable (two empty tables of the same shape, two empty sides of the
//! same size at one table) are tried only once, so small fields are searched completely. The
//! cheapest places are tried first, and a branch that can no longer beat the best seating
//! found is cut, so the first seating found follows the given order as closely as the history
//! allows (this is what makes Swiss pairing pair neighbours).

use super::draw_types::{Draw, History, Layout};

/// How many placements the search may try before it keeps the best seating found so far.
/// Exhaustive far beyond club sizes when a repeat-free seating exists (it is usually found at
/// once); only a hopeless late round of a large field reaches it. A fixed number, not a clock,
/// so the result stays reproducible.
pub const SEARCH_BUDGET: u64 = 200_000;

type Cost = (u32, u32);

/// A seating by entrant index: tables of sides, and the byes.
type Seating = (Vec<Vec<Vec<usize>>>, Vec<usize>);

#[derive(Clone, Copy)]
enum Slot {
    Seat(usize, usize),
    Bye,
}

struct Search<'a> {
    n: usize,
    layouts: &'a [Layout],
    byes: usize,
    opponents: Vec<bool>,
    partners: Vec<bool>,
    had_bye: Vec<bool>,
    tables: Vec<Vec<Vec<usize>>>,
    bye: Vec<usize>,
    nodes: u64,
    best: Option<(Cost, Seating)>,
}

impl Search<'_> {
    fn delta(&self, e: usize, slot: Slot) -> Cost {
        match slot {
            Slot::Bye => (0, u32::from(self.had_bye[e])),
            Slot::Seat(t, g) => {
                let mut meetings = 0;
                for (h, side) in self.tables[t].iter().enumerate() {
                    let seen = if h == g {
                        &self.partners
                    } else {
                        &self.opponents
                    };
                    meetings += side.iter().filter(|&&m| seen[e * self.n + m]).count() as u32;
                }
                (meetings, 0)
            }
        }
    }

    fn candidates(&self, e: usize) -> Vec<(Cost, Slot)> {
        let mut out = Vec::new();
        for (t, table) in self.tables.iter().enumerate() {
            let empty = |t: usize| self.tables[t].iter().all(Vec::is_empty);
            if empty(t) && (0..t).any(|u| empty(u) && self.layouts[u] == self.layouts[t]) {
                continue;
            }
            for (g, side) in table.iter().enumerate() {
                let cap = self.layouts[t][g];
                if side.len() >= cap {
                    continue;
                }
                if side.is_empty()
                    && (0..g).any(|h| table[h].is_empty() && self.layouts[t][h] == cap)
                {
                    continue;
                }
                let slot = Slot::Seat(t, g);
                out.push((self.delta(e, slot), slot));
            }
        }
        if self.bye.len() < self.byes {
            out.push((self.delta(e, Slot::Bye), Slot::Bye));
        }
        out.sort_by_key(|c| c.0);
        out
    }

    fn run(&mut self, pos: usize, cost: Cost) {
        self.nodes += 1;
        if pos == self.n {
            if self.best.as_ref().is_none_or(|b| cost < b.0) {
                self.best = Some((cost, (self.tables.clone(), self.bye.clone())));
            }
            return;
        }
        for (delta, slot) in self.candidates(pos) {
            let next = (cost.0 + delta.0, cost.1 + delta.1);
            if let Some(b) = &self.best
                && (next >= b.0 || b.0 == (0, 0) || self.nodes > SEARCH_BUDGET)
            {
                return;
            }
            match slot {
                Slot::Seat(t, g) => self.tables[t][g].push(pos),
                Slot::Bye => self.bye.push(pos),
            }
            self.run(pos + 1, next);
            match slot {
                Slot::Seat(t, g) => self.tables[t][g].pop(),
                Slot::Bye => self.bye.pop(),
            };
        }
    }
}

/// The best seating of `order` (entrants in the order they are placed) on `layouts` with
/// `byes` entrants sitting out. The caller has checked that the places add up.
pub(super) fn best(order: &[String], layouts: &[Layout], byes: usize, history: &History) -> Draw {
    let n = order.len();
    let mut opponents = vec![false; n * n];
    let mut partners = vec![false; n * n];
    for (i, a) in order.iter().enumerate() {
        for (j, b) in order.iter().enumerate() {
            opponents[i * n + j] = i != j && history.met(a, b);
            partners[i * n + j] = i != j && history.partnered(a, b);
        }
    }
    let mut search = Search {
        n,
        layouts,
        byes,
        opponents,
        partners,
        had_bye: order.iter().map(|a| history.byes(a) > 0).collect(),
        tables: layouts
            .iter()
            .map(|l| l.iter().map(|_| Vec::new()).collect())
            .collect(),
        bye: Vec::new(),
        nodes: 0,
        best: None,
    };
    search.run(0, (0, 0));
    let (tables, bye) = match search.best {
        Some((_, seating)) => seating,
        None => (search.tables, search.bye),
    };
    let name = |i: &usize| order[*i].clone();
    Draw {
        tables: tables
            .iter()
            .map(|t| t.iter().map(|s| s.iter().map(name).collect()).collect())
            .collect(),
        byes: bye.iter().map(name).collect(),
    }
}
