//! What the referee rejects in a Gaigel deal (contract 7.2), checked in the contract's order
//! (section 9): `tricks_invalid`, `card_points_invalid`, `melds_invalid`; then kartl's
//! `overgaigel_invalid` and `ending_invalid` (the announced endings: [`super::endings`]).
//!
//! The pack (rules 002, "Players and Cards"): A 11, 10 10, K 4, O 3, U 2, 7 0, each card
//! twice in four suits, 48 cards, 240 points. All 48 are dealt or lie in the talon and all are
//! played when a deal runs to the end, so the cards not yet played when a deal stops are
//! exactly the tricks not yet played: `(tricks in the deal − tricks taken) × players`.
//! A side's card points must be a sum that exactly `tricks × players` cards of the pack can
//! make (this holds the contract's cheapest/dearest bounds and the impossible 1 point, and also
//! the few sums inside the bounds no cards make, e.g. 39 with one four-card trick); so must the
//! remainder with the unplayed cards, and in `three` any two players' tricks together; and
//! at last the sides' tricks and the unplayed cards must split the pack between them (no
//! value more than eight times, e.g. not nine Sevens). Melds (002, "Declaring King-Ober Pairs"): 20 or 40, only
//! once the side has a trick; two trump pairs and six plain pairs exist.

use super::super::common::{ErrorCode, RuleError};
use super::endings;
use super::input::{Deal, Rules, Sevens};
use super::options::name;
use super::outcome::count;
use super::pack::{PACK_POINTS, cheapest, dearest, holdable, splits};

fn tricks_err(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::TricksInvalid, de, en)
}

fn points_err(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::CardPointsInvalid, de, en)
}

fn melds_err(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::MeldsInvalid, de, en)
}

/// Checks one deal against contract 7.2; the first broken rule in the contract's order.
pub fn validate(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    check_tricks(rules, deal)?;
    check_card_points(rules, deal)?;
    check_melds(rules, deal)?;
    check_overgaigel(rules, deal)?;
    endings::check(rules, deal)
}

fn check_tricks(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    let n = rules.variant.sides();
    let size = rules.variant.tricks();
    let taken: u64 = deal.tricks[..n].iter().map(|&t| u64::from(t)).sum();
    if taken > u64::from(size) {
        return Err(tricks_err(
            format!("{taken} Stiche, aber das Spiel hat nur {size}."),
            format!("{taken} tricks, but the deal has only {size}."),
        ));
    }
    if rules.sevens == Sevens::FiveSevens && deal.five_sevens.is_some() && taken > 0 {
        return Err(tricks_err(
            "Fünf Siebener werden gleich nach dem Geben gezeigt: es wird kein Stich gespielt."
                .into(),
            "Five Sevens are shown straight after the deal: no trick is played.".into(),
        ));
    }
    let stopped = deal.out.is_some()
        || deal.overgaigel.is_some()
        || deal.five_sevens.is_some()
        || deal.farbe.is_some()
        || deal.dissle_trick;
    if taken < u64::from(size) && !stopped {
        return Err(tricks_err(
            format!(
                "Nur {taken} von {size} Stichen, aber niemand hat \"Aus\" gerufen, übergaigelt, fünf Siebener oder fünf einer Farbe gezeigt oder das Dissle mit einem Stich verloren."
            ),
            format!(
                "Only {taken} of {size} tricks, yet no one called \"Aus\", overgaigelt, showed five Sevens or five of a suit, or lost the Dissle by a trick."
            ),
        ));
    }
    endings::check_tricks(rules, deal)
}

fn check_card_points(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    let n = rules.variant.sides();
    let players = rules.variant.players();
    let total: u64 = deal.points[..n].iter().map(|&p| u64::from(p)).sum();
    if total > u64::from(PACK_POINTS) {
        return Err(points_err(
            format!("{total} Augen in allen Stichen, aber das Blatt hat nur 240."),
            format!("{total} card points in all, but the pack holds only 240."),
        ));
    }
    let taken: u32 = deal.tricks[..n].iter().sum();
    if taken == rules.variant.tricks() && total != u64::from(PACK_POINTS) {
        return Err(points_err(
            format!(
                "Das Spiel ist ausgespielt, also müssen die Stiche zusammen 240 Augen halten, nicht {total}."
            ),
            format!(
                "The deal was played to the end, so the tricks must hold 240 card points in all, not {total}."
            ),
        ));
    }
    for s in 0..n {
        check_side_points(name(n, s), deal.points[s], deal.tricks[s], players)?;
    }
    // With three players, two players' tricks together must also fit the pack (the third
    // player's tricks and the unplayed cards are the rest); e.g. all eight Aces cannot lie
    // in two players' tricks worth 88 and 44.
    if n == 3 {
        for (x, y) in [(0, 1), (0, 2), (1, 2)] {
            let cards = (deal.tricks[x] + deal.tricks[y]) * players;
            let p = deal.points[x] + deal.points[y];
            if !holdable(cards, p) {
                let (a, b) = (name(n, x), name(n, y));
                return Err(points_err(
                    format!(
                        "{a} und {b} zusammen: keine {cards} Karten des Blatts ergeben genau {p} Augen."
                    ),
                    format!(
                        "{a} and {b} together: no {cards} cards of the pack make exactly {p} card points."
                    ),
                ));
            }
        }
    }
    let rest = PACK_POINTS - total as u32;
    let cards = (rules.variant.tricks() - taken) * players;
    if !holdable(cards, rest) {
        let (lo, hi) = (cheapest(cards), dearest(cards));
        return Err(points_err(
            format!(
                "Es bleiben {rest} Augen für die {cards} ungespielten Karten; die halten {lo} bis {hi}, und nicht jede Summe."
            ),
            format!(
                "That leaves {rest} card points for the {cards} cards not played; they hold {lo} to {hi}, and not every sum."
            ),
        ));
    }
    let mut groups = [(0, 0); 3];
    for (s, g) in groups.iter_mut().enumerate().take(n) {
        *g = (deal.tricks[s] * players, deal.points[s]);
    }
    if !splits(&groups[..n]) {
        return Err(points_err(
            "Die Augen passen einzeln, aber nicht zusammen: so können sich die 48 Karten nicht auf die Stiche verteilen (jede Karte gibt es nur zweimal)."
                .into(),
            "Each count fits on its own, but not together: the 48 cards cannot be shared out like this among the tricks (each card exists only twice)."
                .into(),
        ));
    }
    Ok(())
}

/// One side's card points against its tricks: none without a trick, never 1, within what
/// `tricks` tricks of `players` cards can hold, and a sum some such cards make.
fn check_side_points(who: &str, p: u32, t: u32, players: u32) -> Result<(), RuleError> {
    if t == 0 && p > 0 {
        return Err(points_err(
            format!("{who} hat keinen Stich, aber {p} Augen."),
            format!("{who} took no trick but has {p} card points."),
        ));
    }
    if p == 1 {
        return Err(points_err(
            format!("{who}: 1 Auge ist unmöglich, keine Karte zählt 1."),
            format!("{who}: 1 card point is impossible, no card counts 1."),
        ));
    }
    let cards = t * players;
    let (lo, hi) = (cheapest(cards), dearest(cards));
    if p < lo || p > hi {
        return Err(points_err(
            format!("{who}: {t} Stiche ({cards} Karten) halten {lo} bis {hi} Augen, nicht {p}."),
            format!("{who}: {t} tricks ({cards} cards) hold {lo} to {hi} card points, not {p}."),
        ));
    }
    if !holdable(cards, p) {
        return Err(points_err(
            format!("{who}: keine {cards} Karten des Blatts ergeben genau {p} Augen."),
            format!("{who}: no {cards} cards of the pack make exactly {p} card points."),
        ));
    }
    Ok(())
}

fn check_melds(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    let n = rules.variant.sides();
    let (mut forties, mut twenties) = (0, 0);
    for s in 0..n {
        let who = name(n, s);
        for &m in &deal.melds[s] {
            match m {
                20 => twenties += 1,
                40 => forties += 1,
                _ => {
                    return Err(melds_err(
                        format!(
                            "{who}: ein Paar (König und Ober) zählt 20 oder 40 (Trumpf), nicht {m}."
                        ),
                        format!("{who}: a pair (King and Ober) counts 20 or 40 (trumps), not {m}."),
                    ));
                }
            }
        }
        if !deal.melds[s].is_empty() && deal.tricks[s] == 0 {
            return Err(melds_err(
                format!(
                    "{who} hat gemeldet, aber keinen Stich: melden darf nur, wer einen Stich hat."
                ),
                format!(
                    "{who} declared a pair but took no trick: only a side with a trick may declare."
                ),
            ));
        }
    }
    if forties > 2 {
        return Err(melds_err(
            format!("{forties} Vierziger, aber es gibt nur zwei Trumpfpaare."),
            format!("{forties} forties, but there are only two trump pairs."),
        ));
    }
    if twenties > 6 {
        return Err(melds_err(
            format!("{twenties} Zwanziger, aber es gibt nur sechs Paare in den anderen Farben."),
            format!("{twenties} twenties, but there are only six pairs in the other suits."),
        ));
    }
    Ok(())
}

/// Übergaigeln means playing on with 101 or more (rules 002, "End of the Play"); counts only
/// grow, so the caught side must still hold 101 when the deal is written down.
fn check_overgaigel(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    let n = rules.variant.sides();
    if let Some(s) = deal.overgaigel {
        let c = count(deal, s);
        if c < 101 {
            let who = name(n, s);
            return Err(RuleError::new(
                ErrorCode::OvergaigelInvalid,
                format!(
                    "{who} soll übergaigelt haben, hat aber nur {c}: übergaigeln kann nur, wer 101 hat und weiterspielt."
                ),
                format!(
                    "{who} is said to have overgaigelt but has only {c}: only a side with 101 that plays on overgaigels."
                ),
            ));
        }
    }
    Ok(())
}
