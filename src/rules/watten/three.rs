//! Three-player Watten (rules text `004`, "Bavarian Watten for two or three players": "forehand
//! (the player to dealer's left) chooses both the Schlag and the trump suit and plays alone.
//! The other two players play as a team. If the team wins both players score the relevant
//! number of points. A separate total is kept for each player and the game is to 11 or 15
//! points as usual."; Tyrolean "Two or three players": "in the same way").
//!
//! A record with option `players: 3` names players `P1`..`P3`; each deal names who played
//! `alone`. In that deal the player alone is one side and the other two the other side, and the
//! deal is refereed by the same state machine as every deal (`deal.rs`), each side read by its
//! highest player (the one nearest the target: a team with one player at 13 of 15 is one deal
//! from ending the game, just as a side at 13). Where the text's rule reads a side's score from
//! below ("4 or more points behind", "no points at all") and the two team players stand on
//! different sides of it, the deal is refused (`three_players_ambiguous`, in `deal.rs`).
//!
//! The game ends when one player or more reach the target; they win it, and every other player
//! receives the Bummerl: 1, Schneider (that player has 0) 2, reverse Schneider (a winner had 0
//! at a moment that player was gestrichen; Tyrolean) 4. docs/rules/watten.md has the readings.

use super::deal::Table;
use super::input::{Deal, ThreeDeal};
use super::ruleset::{Family, RuleSet};
use super::{decide, start_over};
use crate::rules::common::{Lang, Pair, Side, Violation};
use crate::rules::players::{Seat, Trio};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use serde::Serialize;

/// The result of refereeing a three-player record (contract 4's shape, per player).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub valid: bool,
    pub errors: Vec<Violation>,
    pub deals: Vec<DealResult>,
    pub games: Vec<GameResult>,
    /// Bummerl received by each player.
    pub tally: Trio<u32>,
    /// A ruling per action of each card-level deal, up to the first illegal one
    /// (docs/rules/streitfall.md); left out for fact-level records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<crate::rules::ruling::DealRulings>,
}

/// One deal's line: who played alone, what each player wrote, each player's total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealResult {
    pub alone: Seat,
    pub points: Trio<u32>,
    /// Each player's total after the deal (the final totals when it ended a game).
    pub score: Trio<u32>,
    pub stake: u32,
    /// Players gestrichen (Tyrolean) or gespannt (Bavarian) at `score`.
    pub gestrichen: Vec<Seat>,
    pub game_over: Option<GameOver>,
}

/// Written on the deal that ends a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameOver {
    /// The players who reached the target (two when the team took both there).
    pub winners: Vec<Seat>,
    /// Bummerl each player received in this game (0 for the winners).
    pub marks: Trio<u32>,
    /// Figure games only; always null for Watten (contract 4).
    pub decided_by: Option<&'static str>,
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winners: Vec<Seat>,
    pub score: Trio<u32>,
    pub marks: Trio<u32>,
    pub decided_by: Option<&'static str>,
}

/// The two players who play together when `alone` plays alone, in seat order.
pub fn team(alone: Seat) -> [Seat; 2] {
    match alone {
        Seat::P1 => [Seat::P2, Seat::P3],
        Seat::P2 => [Seat::P1, Seat::P3],
        Seat::P3 => [Seat::P1, Seat::P2],
    }
}

/// The side a player plays on in a deal: `A` alone, `B` the team.
pub fn side_of(alone: Seat, player: Seat) -> Side {
    if player == alone { Side::A } else { Side::B }
}

fn team_name(alone: Seat) -> &'static str {
    match alone {
        Seat::P1 => "P2+P3",
        Seat::P2 => "P1+P3",
        Seat::P3 => "P1+P2",
    }
}

/// The table of one deal: the player alone against the team, each side read by its highest
/// player, the lowest kept for the rules that read a side from below.
pub fn table(rules: RuleSet, score: [u32; 3], alone: Seat) -> Table {
    let [x, y] = team(alone).map(|p| score[p.index()]);
    let solo = score[alone.index()];
    Table::with_players(
        rules,
        Pair::new(solo, x.max(y)),
        Pair::new(solo, x.min(y)),
        Pair::new(alone.name(), team_name(alone)),
    )
}

/// The totals as a message writes them ("At P1 3, P2 0, P3 5, P3 cannot ...").
fn standing(score: [u32; 3]) -> String {
    format!("P1 {}, P2 {}, P3 {},", score[0], score[1], score[2])
}

/// The game in progress: each player's total, and for reverse Schneider which player had 0
/// at a moment another was gestrichen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    pub score: [u32; 3],
    /// `zero_against[w][l]`: w had 0 points at a moment l was gestrichen.
    zero_against: [[bool; 3]; 3],
}

impl Game {
    pub fn new(rules: &RuleSet, score: [u32; 3]) -> Game {
        let mut game = Game {
            score,
            zero_against: [[false; 3]; 3],
        };
        game.note(rules);
        game
    }

    fn note(&mut self, rules: &RuleSet) {
        if rules.family != Family::Tyrolean {
            return;
        }
        for w in 0..3 {
            for l in 0..3 {
                if w != l && self.score[w] == 0 && rules.is_marked(self.score[l]) {
                    self.zero_against[w][l] = true;
                }
            }
        }
    }

    /// Scores one deal (`scorer` side of the deal where `alone` played alone); when it ends
    /// the game returns the winners, final totals and marks, and starts the next at 0.
    pub fn score_deal(
        &mut self,
        rules: &RuleSet,
        alone: Seat,
        scorer: Side,
        points: u32,
    ) -> Option<(Vec<Seat>, [u32; 3], [u32; 3])> {
        let players: &[Seat] = match scorer {
            Side::A => &[alone],
            Side::B => &team(alone),
        };
        for p in players {
            let total = &mut self.score[p.index()];
            *total = total.saturating_add(points);
        }
        let winners: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|p| self.score[p.index()] >= rules.target)
            .collect();
        if winners.is_empty() {
            self.note(rules);
            return None;
        }
        let mut marks = [0; 3];
        for l in Seat::ALL.into_iter().filter(|p| !winners.contains(p)) {
            let i = l.index();
            let reverse = winners.iter().any(|w| self.zero_against[w.index()][i]);
            marks[i] = if !rules.schneider {
                1
            } else if rules.family == Family::Tyrolean && reverse {
                4
            } else if self.score[i] == 0 {
                2
            } else {
                1
            };
        }
        let score = self.score;
        *self = Game::new(rules, [0; 3]);
        Some((winners, score, marks))
    }
}

/// A deal of players as a deal of sides: `A` the player alone, `B` the other two.
fn by_side(alone: Seat, deal: &Deal<Seat>) -> Deal {
    match deal {
        Deal::Short { winner, points } => Deal::Short {
            winner: side_of(alone, *winner),
            points: *points,
        },
        Deal::Events(events) => Deal::Events(
            events
                .iter()
                .map(|e| e.map(|p| side_of(alone, p)))
                .collect(),
        ),
        // The card-level engine seats forehand as `A`, the player alone, and the other two
        // as `B` (play/setup.rs), so its derived events are already the deal's sides.
        Deal::Cards(c) => Deal::Cards(c.clone()),
    }
}

/// Referees a three-player record whose rule set is already read.
pub fn referee(raw: &RawRecord, rules: RuleSet, lang: Lang) -> Result<Report, Malformed> {
    let start: Trio<u32> = match raw.start {
        Some(s) => parse_part("start", s)?,
        None => Trio::default(),
    };
    let deals: Vec<ThreeDeal> = match serde_json::from_str(raw.deals.get()) {
        Ok(deals) => deals,
        Err(_) => parse_part("deals", raw.deals)?,
    };
    let mut report = Report {
        valid: true,
        errors: Vec::new(),
        deals: Vec::with_capacity(deals.len()),
        games: Vec::new(),
        tally: Trio::default(),
        rulings: Vec::new(),
    };
    let start = start.to_array();
    if start.iter().any(|&s| s >= rules.target) {
        report.valid = false;
        let error = start_over(&standing(start), rules.target);
        report.errors.push(Violation::new(0, None, error, lang));
        return Ok(report);
    }
    let mut game = Game::new(&rules, start);
    let mut tally = [0; 3];
    for (i, ThreeDeal { alone, deal }) in deals.iter().enumerate() {
        let alone = *alone;
        let table = table(rules, game.score, alone);
        let by_side = by_side(alone, deal);
        let decided = match decide(&table, &by_side, || standing(game.score), lang) {
            Ok(d) => d,
            Err((event, error)) => {
                report.valid = false;
                report.errors.push(Violation::new(i, event, error, lang));
                break;
            }
        };
        let (scorer, points) = (decided.scorer, decided.points);
        if let Some(rulings) = decided.rulings {
            report
                .rulings
                .push(crate::rules::ruling::DealRulings { deal: i, rulings });
        }
        let end = game.score_deal(&rules, alone, scorer, points);
        report
            .deals
            .push(deal_result(&rules, alone, scorer, points, game.score, &end));
        if let Some((winners, score, marks)) = end {
            for k in 0..3 {
                tally[k] += marks[k];
            }
            report.games.push(GameResult {
                winners,
                score: Trio::from_array(score),
                marks: Trio::from_array(marks),
                decided_by: None,
            });
        }
        // A card-level deal with an illegal action is scored as the text prescribes, and the
        // record breaks a rule there: refereeing stops (contract 4), as with two sides.
        if let Some((action, error)) = decided.breach {
            report.valid = false;
            report
                .errors
                .push(Violation::new(i, Some(action), error, lang));
            break;
        }
    }
    report.tally = Trio::from_array(tally);
    Ok(report)
}

/// A deal's line of the result: what each player wrote, the score after it (the game's end
/// score when the deal ended a game), the stake, who is gestrichen, and the game's end.
fn deal_result(
    rules: &RuleSet,
    alone: Seat,
    scorer: Side,
    points: u32,
    score_before_end: [u32; 3],
    end: &Option<(Vec<Seat>, [u32; 3], [u32; 3])>,
) -> DealResult {
    let written = Seat::ALL.map(|p| {
        if side_of(alone, p) == scorer {
            points
        } else {
            0
        }
    });
    let score = end.as_ref().map_or(score_before_end, |e| e.1);
    DealResult {
        alone,
        points: Trio::from_array(written),
        score: Trio::from_array(score),
        stake: points,
        gestrichen: Seat::ALL
            .into_iter()
            .filter(|p| rules.is_marked(score[p.index()]))
            .collect(),
        game_over: end.as_ref().map(|(winners, _, marks)| GameOver {
            winners: winners.clone(),
            marks: Trio::from_array(*marks),
            decided_by: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::watten::input::{RawOptions, Variant};

    fn rules(variant: Variant) -> RuleSet {
        let o = RawOptions {
            players: Some(3),
            ..RawOptions::default()
        };
        RuleSet::new(variant, None, o).unwrap()
    }

    #[test]
    fn the_team_scores_for_both_and_the_player_alone_for_one() {
        let r = rules(Variant::Tyrolean);
        let mut g = Game::new(&r, [0; 3]);
        assert_eq!(g.score_deal(&r, Seat::P2, Side::B, 3), None);
        assert_eq!(g.score, [3, 0, 3]);
        assert_eq!(g.score_deal(&r, Seat::P3, Side::A, 2), None);
        assert_eq!(g.score, [3, 0, 5]);
    }

    #[test]
    fn two_winners_when_the_team_reaches_the_target_together() {
        let r = rules(Variant::Tyrolean);
        let mut g = Game::new(&r, [13, 4, 14]);
        let (winners, score, marks) = g.score_deal(&r, Seat::P2, Side::B, 2).unwrap();
        assert_eq!(winners, vec![Seat::P1, Seat::P3]);
        assert_eq!(score, [15, 4, 16]);
        assert_eq!(marks, [0, 1, 0]);
        assert_eq!(g.score, [0; 3]);
    }

    #[test]
    fn a_team_player_who_stays_below_the_target_loses() {
        let r = rules(Variant::Tyrolean);
        let mut g = Game::new(&r, [13, 0, 6]);
        let (winners, _, marks) = g.score_deal(&r, Seat::P2, Side::B, 2).unwrap();
        assert_eq!(winners, vec![Seat::P1]);
        // P2 had 0 while P1 was gestrichen, but P2 lost: plain Schneider for P2.
        assert_eq!(marks, [0, 2, 1]);
    }

    #[test]
    fn reverse_schneider_counts_for_the_gestrichen_loser_only() {
        let r = rules(Variant::Tyrolean);
        // P1 gestrichen while P3 has 0; P3 then wins alone.
        let mut g = Game::new(&r, [13, 5, 0]);
        assert_eq!(g.score_deal(&r, Seat::P3, Side::A, 12), None);
        let (winners, _, marks) = g.score_deal(&r, Seat::P3, Side::A, 3).unwrap();
        assert_eq!(winners, vec![Seat::P3]);
        assert_eq!(marks, [4, 1, 0]);
        // Bavarian: no reverse Schneider, Schneider only with the option.
        let b = rules(Variant::Bavarian);
        let mut g = Game::new(&b, [0, 10, 0]);
        assert_eq!(g.score_deal(&b, Seat::P2, Side::A, 2).unwrap().2, [1, 0, 1]);
    }

    #[test]
    fn a_side_is_read_by_its_highest_player() {
        let r = rules(Variant::Tyrolean);
        let t = table(r, [13, 2, 5], Seat::P2);
        assert_eq!((t.score, t.low), (Pair::new(2, 13), Pair::new(2, 5)));
        assert_eq!(t.decider, Some(Side::B));
        assert_eq!(t.names, Pair::new("P2", "P1+P3"));
    }
}
