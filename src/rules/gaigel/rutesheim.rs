//! SKV Rutesheim game points (contract 7.5; rules 002, last paragraph): three players, each
//! for themselves, share 9 game points a deal. Normally the winner (who went out, or the
//! highest count when played to the end) scores 5, the second 3 and the third 1. A player who
//! took no trick or overgaigelt scores 0 and the others 6 and 3; two players with 0 leave all
//! 9 to the third. Tied counts are ordered by the cut (`tie_needs_cut` when it is missing and
//! the order changes the points). kartl's readings (docs/rules/gaigel.md): untergaigeln counts
//! as overgaigeln; of the two others the one who went out or showed five Sevens takes the 6,
//! else the higher count; five Sevens or five of a suit (options) never score 0; when no one
//! took a trick (only possible when "Aus!" was called at once) only the untergaigler scores 0.
//! A player on Sevens never scores 0 for want of a trick (003: "has not played auf Dissle");
//! a lost Dissle scores 0 like overgaigeln.

use super::super::common::RuleError;
use super::outcome::Deal71;

/// Each player's game points in one deal; they always sum to 9.
pub fn game_points(d: &Deal71) -> Result<[u32; 3], RuleError> {
    let offender = d.end.offender();
    let mut zero = [false; 3];
    for (s, z) in zero.iter_mut().enumerate() {
        *z = offender == Some(s) || (d.bare[s] && d.end.shown() != Some(s));
    }
    if zero.iter().all(|&z| z) {
        zero = [false; 3];
        if let Some(x) = offender {
            zero[x] = true;
        }
    }
    // The others in finishing order (winner first, then by count and cut).
    let scoring: Vec<usize> = d.order.iter().copied().filter(|&s| !zero[s]).collect();
    let shares: &[u32] = match scoring.len() {
        3 => &[5, 3, 1],
        2 => &[6, 3],
        _ => &[9],
    };
    for pair in scoring.windows(2) {
        if d.tied_between(pair[0], pair[1]) {
            return Err(d.tie_error_between(pair[0], pair[1]));
        }
    }
    let mut points = [0; 3];
    for (&s, &p) in scoring.iter().zip(shares) {
        points[s] = p;
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::common::ErrorCode;
    use crate::rules::gaigel::input::{Deal, Rules, Scoring, Variant};
    use crate::rules::gaigel::outcome::read;

    fn gp(deal: &Deal) -> Result<[u32; 3], RuleError> {
        let rules = Rules {
            variant: Variant::Three,
            scoring: Scoring::Rutesheim,
            ..Rules::default()
        };
        game_points(&read(&rules, deal))
    }

    fn deal(points: [u32; 3], tricks: [u32; 3], out: Option<usize>) -> Deal {
        Deal {
            points,
            tricks,
            out,
            ..Deal::default()
        }
    }

    #[test]
    fn normally_five_three_one() {
        assert_eq!(
            gp(&deal([45, 104, 61], [3, 6, 4], Some(1))).unwrap(),
            [1, 5, 3]
        );
    }

    #[test]
    fn no_trick_or_overgaigeln_scores_zero_and_two_zeros_leave_nine() {
        assert_eq!(
            gp(&deal([0, 120, 60], [0, 8, 5], Some(1))).unwrap(),
            [0, 6, 3]
        );
        assert_eq!(
            gp(&deal([0, 121, 0], [0, 9, 0], Some(1))).unwrap(),
            [0, 9, 0]
        );
        let mut d = deal([60, 110, 70], [4, 8, 4], None);
        d.overgaigel = Some(1);
        assert_eq!(gp(&d).unwrap(), [3, 0, 6]);
        // Untergaigeln counts as overgaigeln.
        assert_eq!(
            gp(&deal([60, 90, 70], [4, 6, 4], Some(1))).unwrap(),
            [3, 0, 6]
        );
    }

    #[test]
    fn ties_are_ordered_by_the_cut() {
        let mut d = deal([50, 110, 50], [4, 8, 4], Some(1));
        assert_eq!(gp(&d).unwrap_err().code, ErrorCode::TieNeedsCut);
        d.cut = [Some(1), None, Some(0)];
        assert_eq!(gp(&d).unwrap(), [1, 5, 3]);
        // Two players with 0 tie harmlessly.
        assert_eq!(
            gp(&deal([0, 121, 0], [0, 9, 0], Some(1))).unwrap(),
            [0, 9, 0]
        );
    }
}
