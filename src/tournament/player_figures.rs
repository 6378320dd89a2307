//! One entrant's figures in one tournament, as a player of the game counts them, read from the
//! referee's reports of the tables the entrant sat at (nothing here scores a deal):
//!
//! - Watten: games won and lost, Bummerl won (the marks drawn over the opponents) and lost
//!   (the report's `tally`), games won and lost Schneider (a game of 2 or more marks; rules
//!   text and `rules::watten::game`: "Schneider, the losers have 0 points: 2 marks").
//! - Gaigel: games (deals) won, of them double (Gigackel, contract 7.1); under Rutesheim the
//!   game points and the deals played, so a page shows the points per deal (SKV Rutesheim).
//! - Giltspiel and Perlaggen: games won and lost, and the deals whose Spiel and whose Gleich
//!   the entrant's side won (the report's `figures`).
//!
//! Knockout rounds count too (they are games the player played); a game beyond a fixed
//! number of games a table (`settings.games`) does not, as in the standings.

use super::file::TournamentFile;
use super::format::four_table_sides;
use super::results::{meeting, session_seats, watten_seats};
use crate::rules::match_record::Who;
use crate::rules::{Lang, Malformed, Report, Side};

/// The figures of one entrant in one tournament (zero where the game has none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Figures {
    pub tables: u32,
    pub games_won: u32,
    pub games_lost: u32,
    /// Watten.
    pub bummerl_won: u32,
    pub bummerl_lost: u32,
    pub schneider_won: u32,
    pub schneider_lost: u32,
    /// Gaigel: games won double.
    pub doubles_won: u32,
    /// Gaigel under Rutesheim: game points, and the deals the entrant played.
    pub game_points: u32,
    pub deals_played: u32,
    /// Giltspiel and Perlaggen: deals whose Spiel, and whose Gleich, the entrant's side won.
    pub spiele: u32,
    pub gleich: u32,
}

impl Figures {
    /// Adds another tournament's figures (a player's totals over their tournaments).
    pub fn add(&mut self, o: &Figures) {
        self.tables += o.tables;
        self.games_won += o.games_won;
        self.games_lost += o.games_lost;
        self.bummerl_won += o.bummerl_won;
        self.bummerl_lost += o.bummerl_lost;
        self.schneider_won += o.schneider_won;
        self.schneider_lost += o.schneider_lost;
        self.doubles_won += o.doubles_won;
        self.game_points += o.game_points;
        self.deals_played += o.deals_played;
        self.spiele += o.spiele;
        self.gleich += o.gleich;
    }
}

/// Referees every table `entrant` sat at and sums its figures. `Err` only for a record that
/// is not well-formed (a stored one never is).
pub fn of_entrant(file: &TournamentFile, entrant: &str, lang: Lang) -> Result<Figures, Malformed> {
    let mut out = Figures::default();
    let games = file.settings().games;
    for (r, round) in file.rounds.iter().enumerate() {
        for (t, table) in round.tables.iter().enumerate() {
            let Some(seat) = table.seats.iter().position(|s| s == entrant) else {
                continue;
            };
            let Some(refereed) = file.referee_table(r, t, lang) else {
                continue;
            };
            let report = refereed?;
            out.tables += 1;
            add_table(&mut out, &table.seats, seat, &report, games);
        }
    }
    Ok(out)
}

fn add_table(
    out: &mut Figures,
    seats: &[String],
    seat: usize,
    report: &Report,
    games: Option<u32>,
) {
    let three = report.players() == 3;
    if three && report.marks_are_bummerl() {
        // Three-player Watten: each for themselves, Bummerl per player.
        if let Some(mine) = watten_seats(seats, report).get(seat) {
            out.games_won += mine.games_won;
            out.games_lost += (report.games() as u32).saturating_sub(mine.games_won);
            out.bummerl_won += mine.bummerl_dealt;
            out.bummerl_lost += mine.bummerl_received;
        }
    } else if report.deals_are_games() && seats.len() >= 3 {
        // Gaigel's sessions: every deal a game, seats taking turns at a table of four.
        if let Some(mine) = session_seats(seats, report).get(seat) {
            out.games_won += mine.deals_won;
            out.game_points += mine.game_points;
        }
        out.deals_played += (0..report.deal_count())
            .filter(|&i| seats.len() == 3 || four_table_sides(i).1.contains(&seat))
            .count() as u32;
    } else if !three || report.deals_are_games() {
        // (Three-player Perlaggen counts nothing: it is not played at tournament tables.)
        two_sided(out, seats, seat, report, games);
    }
}

/// A table of two sides: `seat` 0 is side A, 1 side B.
fn two_sided(
    out: &mut Figures,
    seats: &[String],
    seat: usize,
    report: &Report,
    games: Option<u32>,
) {
    let side = match seat {
        0 => Side::A,
        1 => Side::B,
        _ => return,
    };
    let mut m = meeting(seats, report);
    if let Some(g) = games.and_then(|g| usize::try_from(g).ok()) {
        m.games.truncate(g);
    }
    let watten = report.marks_are_bummerl();
    let gaigel = report.deals_are_games();
    for g in &m.games {
        // Watten's marks are Bummerl, 2 or more a Schneider; Gaigel's 2 a double game.
        let (bummerl, schneider) = if watten {
            (g.marks, u32::from(g.marks >= 2))
        } else {
            (0, 0)
        };
        if g.winner == side {
            out.games_won += 1;
            out.bummerl_won += bummerl;
            out.schneider_won += schneider;
            out.doubles_won += u32::from(gaigel && g.marks >= 2);
        } else {
            out.games_lost += 1;
            out.bummerl_lost += bummerl;
            out.schneider_lost += schneider;
        }
    }
    let who = Some(Who::of_side(side));
    for figures in report.deal_views().filter_map(|d| d.figures) {
        out.spiele += u32::from(figures.spiel.winner == who);
        out.gleich += u32::from(figures.gleich.winner == who);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::evaluate::evaluate;
    use serde_json::json;

    /// A Rutesheim Gaigel evening of three (SKV Rutesheim scoring, contract 7): p1 sits at a
    /// table in both sessions, P1 the first time and P1 again the second.
    fn rutesheim() -> TournamentFile {
        let a = json!({"points": {"P1": 45, "P2": 104, "P3": 61},
                       "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"});
        let b = json!({"points": {"P1": 112, "P2": 73, "P3": 35},
                       "tricks": {"P1": 7, "P2": 4, "P3": 2}, "out": "P1"});
        let players: Vec<_> = (1..=6)
            .map(|i| json!({"id": format!("p{i}"), "name": format!("N{i}")}))
            .collect();
        let file = json!({
            "name": "Preisgaigeln", "game": "gaigel", "variant": "three",
            "options": {"scoring": "rutesheim"}, "format": "sessions",
            "settings": {"sessions": 2, "deals": 1},
            "players": players,
            "rounds": [
                {"tables": [{"seats": ["p1", "p2", "p3"], "deals": [a.clone()]},
                            {"seats": ["p4", "p5", "p6"], "deals": [b.clone()]}]},
                {"tables": [{"seats": ["p2", "p4", "p6"], "deals": [a]},
                            {"seats": ["p1", "p3", "p5"], "deals": [b]}]}
            ]
        });
        TournamentFile::parse(&file.to_string()).unwrap()
    }

    #[test]
    fn rutesheim_game_points_are_the_standings_points_over_the_deals_played() {
        let file = rutesheim();
        let standings = evaluate(&file, Lang::De).unwrap().standings;
        for id in ["p1", "p2", "p3"] {
            let f = of_entrant(&file, id, Lang::De).unwrap();
            let row = standings.standings.iter().find(|r| r.id == id).unwrap();
            assert_eq!(i64::from(f.game_points), row.points, "{id}");
            assert_eq!((f.tables, f.deals_played), (2, 2), "{id}");
        }
        // p1 went out with 112 in the second deal: that deal is theirs.
        assert!(of_entrant(&file, "p1", Lang::De).unwrap().games_won >= 1);
    }

    #[test]
    fn an_entrant_who_sat_at_no_table_has_no_figures() {
        let f = of_entrant(&rutesheim(), "p9", Lang::De).unwrap();
        assert_eq!(f, Figures::default());
    }
}
