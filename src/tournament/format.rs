//! Formats as data: `sessions` (SKV Rutesheim: players for themselves at three-player
//! tables) and `rounds` (partnerships meet at tables), the settings a tournament file may
//! carry, and the table plan for a field that is not a multiple of three.
//!
//! A field of n players, n not a multiple of three, is seated one of two ways ([`Fill`]):
//! byes (n mod 3 players sit out each session and are credited the average share, 3 game
//! points a deal), or four-player tables where the dealer sits out each deal; a four-player
//! table plays 4/3 as many deals, so every player plays the same number of deals (as Skat
//! tournaments play 48 games at four-player tables and 36 at three-player tables). That needs
//! a deal count divisible by three, so byes are the default with Rutesheim's 10 deals.

use super::columns::Column;
use super::draw::Layout;
pub use super::scheme::Scheme;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a tournament is played (contract 8: `format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Players for themselves at tables, a fixed number of deals per session (Rutesheim).
    Sessions,
    /// Partnerships (or players, in two-sided games) meet at tables, one record per table.
    Rounds,
}

/// How a `sessions` field that is not a multiple of three is seated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fill {
    /// n mod 3 players sit out a session, credited 3 game points for each of its deals.
    #[default]
    Byes,
    /// One or two four-player tables where the dealer sits out each deal.
    FourTables,
}

/// How rounds after the first are drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawMethod {
    /// Random, avoiding repeat opponents (and partners) whenever possible.
    #[default]
    Random,
    /// By standings: neighbours in the standings meet, avoiding repeats.
    Swiss,
    /// Wattkönig: odd start numbers stay, even numbers move on one table.
    Wattkoenig,
}

fn ten() -> u32 {
    10
}
fn three() -> u32 {
    3
}

/// kartl's optional `settings` in a tournament file: everything has a default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// `sessions`: how many sessions (default 3).
    #[serde(default = "three")]
    pub sessions: u32,
    /// `sessions`: deals per player and session (default 10).
    #[serde(default = "ten")]
    pub deals: u32,
    /// `sessions`: how a field that is not a multiple of three is seated.
    #[serde(default)]
    pub fill: Fill,
    /// `rounds`: games per table and round; none means the record decides (contract 8).
    #[serde(default)]
    pub games: Option<u32>,
    /// `rounds`: the scoring scheme.
    #[serde(default)]
    pub scheme: Scheme,
    /// How rounds after the first are drawn.
    #[serde(default)]
    pub draw: DrawMethod,
    /// How many of the best go on to knockout finals (2, 4, 8 or 16); none for no finals.
    #[serde(default)]
    pub knockout: Option<u32>,
    /// `rounds`: how many rounds are planned ("Runde 2 von 4"); a draw past it is refused.
    /// None: open-ended, the secretary decides when to finish.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// The tie-breaks after points, in order (`tiebreak::offered`); none means the format's
    /// default order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<Column>>,
    /// The seed of the lot, drawn once when the lot is first chosen and stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot_seed: Option<u64>,
    /// The prize list's scheme (entry fee, deduction, money and goods by place); none: the
    /// tournament has no prize list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prizes: Option<crate::tournament::prizes::PrizeScheme>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sessions: 3,
            deals: 10,
            fill: Fill::Byes,
            games: None,
            scheme: Scheme::Games,
            draw: DrawMethod::Random,
            knockout: None,
            rounds: None,
            tiebreaks: None,
            lot_seed: None,
            prizes: None,
        }
    }
}

/// One table of a session plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TablePlan {
    /// 3, or 4 (the dealer sits out each deal).
    pub seats: usize,
    /// How many deals the table plays.
    pub deals: u32,
}

/// The tables and byes of one `sessions` round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SessionPlan {
    /// Four-player tables first, then three-player tables.
    pub tables: Vec<TablePlan>,
    /// How many players sit out.
    pub byes: usize,
    /// Game points credited for a bye: 3 a deal, the average share of 9.
    pub bye_points: u32,
}

impl SessionPlan {
    /// The tables' shapes for the draw: every seat a side of its own.
    pub fn layouts(&self) -> Vec<Layout> {
        self.tables.iter().map(|t| vec![1; t.seats]).collect()
    }
}

/// Why a field cannot be seated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanError {
    /// Fewer players than one table needs.
    TooFew(usize),
    /// Four-player tables need a deal count divisible by three.
    DealsNotDivisibleByThree(u32),
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::TooFew(n) => write!(f, "{n} players are too few for a table of three"),
            PlanError::DealsNotDivisibleByThree(d) => write!(
                f,
                "with {d} deals a four-player table cannot give every player the same number \
                 of deals; use a number of deals divisible by 3 (9, 12) or byes"
            ),
        }
    }
}

impl std::error::Error for PlanError {}

/// The session plan for `players` players and `deals` deals a player (see the module text).
///
/// Byes: n mod 3 players sit out. Four-player tables: n mod 3 = 1 gives one four-player
/// table, n mod 3 = 2 two of them (with 5 players: one, and a bye); each plays deals × 4/3.
pub fn session_plan(players: usize, deals: u32, fill: Fill) -> Result<SessionPlan, PlanError> {
    if players < 3 {
        return Err(PlanError::TooFew(players));
    }
    let (fours, byes) = match fill {
        Fill::Byes => (0, players % 3),
        Fill::FourTables => {
            if !deals.is_multiple_of(3) {
                return Err(PlanError::DealsNotDivisibleByThree(deals));
            }
            match (players % 3, players) {
                (0, _) => (0, 0),
                (1, _) => (1, 0),
                (_, 5) => (1, 1),
                _ => (2, 0),
            }
        }
    };
    let threes = (players - byes - 4 * fours) / 3;
    let mut tables = vec![
        TablePlan {
            seats: 4,
            deals: deals / 3 * 4,
        };
        fours
    ];
    tables.extend(std::iter::repeat_n(TablePlan { seats: 3, deals }, threes));
    Ok(SessionPlan {
        tables,
        byes,
        bye_points: 3 * deals,
    })
}

/// At a four-player table, who sits out deal `deal` (from 0) and who plays it as `P1`, `P2`,
/// `P3`: the dealer of deal i is seat i mod 4 and sits out; the three others play in seat order
/// starting left of the dealer. Returns `(sitting_out, [P1, P2, P3])` as seat indexes.
pub fn four_table_sides(deal: usize) -> (usize, [usize; 3]) {
    let dealer = deal % 4;
    (
        dealer,
        [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4],
    )
}

/// A `rounds` plan: tables of two sides, `side` entrants a side (1 for fixed teams, 2 when
/// partners are drawn), and the byes left over.
pub fn rounds_plan(entrants: usize, side: usize) -> (Vec<Layout>, usize) {
    let per_table = 2 * side.max(1);
    (
        vec![vec![side.max(1); 2]; entrants / per_table],
        entrants % per_table,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(p: &SessionPlan) -> Vec<usize> {
        p.tables.iter().map(|t| t.seats).collect()
    }

    #[test]
    fn a_multiple_of_three_sits_at_three_player_tables() {
        let p = session_plan(12, 10, Fill::Byes).unwrap();
        assert_eq!(seats(&p), [3, 3, 3, 3]);
        assert_eq!(p.byes, 0);
    }

    #[test]
    fn byes_are_n_mod_three_and_score_three_a_deal() {
        let p = session_plan(14, 10, Fill::Byes).unwrap();
        assert_eq!((p.tables.len(), p.byes, p.bye_points), (4, 2, 30));
    }

    #[test]
    fn four_player_tables_play_four_thirds_of_the_deals() {
        let p = session_plan(13, 9, Fill::FourTables).unwrap();
        assert_eq!(seats(&p), [4, 3, 3, 3]);
        assert_eq!(p.tables[0].deals, 12);
        let p = session_plan(14, 12, Fill::FourTables).unwrap();
        assert_eq!(seats(&p), [4, 4, 3, 3]);
        let p = session_plan(5, 9, Fill::FourTables).unwrap();
        assert_eq!((seats(&p), p.byes), (vec![4], 1));
        for n in 3..40 {
            let p = session_plan(n, 9, Fill::FourTables).unwrap();
            assert_eq!(seats(&p).iter().sum::<usize>() + p.byes, n);
            // Every player at a four-player table plays exactly the deals of a three-table.
            assert!(p.tables.iter().all(|t| t.deals * 3 / t.seats as u32 == 9));
        }
    }

    #[test]
    fn four_player_tables_refuse_ten_deals_and_too_few_players() {
        assert_eq!(
            session_plan(13, 10, Fill::FourTables),
            Err(PlanError::DealsNotDivisibleByThree(10))
        );
        assert_eq!(session_plan(2, 10, Fill::Byes), Err(PlanError::TooFew(2)));
    }

    #[test]
    fn the_dealer_sits_out_and_everyone_sits_out_equally() {
        assert_eq!(four_table_sides(0), (0, [1, 2, 3]));
        assert_eq!(four_table_sides(5), (1, [2, 3, 0]));
        let mut out = [0; 4];
        for d in 0..12 {
            out[four_table_sides(d).0] += 1;
        }
        assert_eq!(out, [3; 4]);
    }

    #[test]
    fn rounds_pair_entrants_and_leave_the_odd_one_out() {
        assert_eq!(rounds_plan(7, 1), (vec![vec![1, 1]; 3], 1));
        assert_eq!(rounds_plan(10, 2), (vec![vec![2, 2]; 2], 2));
    }

    #[test]
    fn settings_default_to_rutesheim() {
        let s: Settings = serde_json::from_str("{}").unwrap();
        assert_eq!(s, Settings::default());
        let s: Settings =
            serde_json::from_str(r#"{"scheme": {"wattkoenig": {}}, "draw": "swiss"}"#).unwrap();
        assert_eq!(s.scheme, Scheme::Wattkoenig { bonus: 10 });
        assert!(serde_json::from_str::<Settings>(r#"{"sesions": 2}"#).is_err());
    }
}
