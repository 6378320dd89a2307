//! The announced endings of a Gaigel deal (docs/rules/gaigel.md, "Playing on Sevens and auf
//! Farbe"): what the referee refuses about a player on Sevens (rules 002 "Five Sevens": auf
//! Siebener and Auf Dissle; 003 "Auf Dissle" and "Five 7s") and about five of a suit (002
//! "Five of a Suit").
//!
//! - `tricks_invalid`: five Sevens after tricks under `auf_siebener` without the announcement
//!   (then they are the dealt hand); the auf-Siebener player's cards have no trick-taking
//!   power (002), so a lost Dissle by a trick does not exist under `auf_siebener`; with two or
//!   three players the side is the player, so it takes no trick on Sevens, or exactly the one
//!   that lost the Dissle (003: "As soon as he has to make a trick, he has lost": the deal ends
//!   there); with teams a lost Dissle needs a trick on the side's count.
//! - `ending_invalid` (kartl's code): a lost Dissle together with any other ending, five of a
//!   suit together with any other ending, five Sevens by a side other than the one on Sevens,
//!   or (two or three players) five of a suit by the player holding four Sevens.

use super::super::common::{ErrorCode, RuleError};
use super::input::{Deal, Rules, Sevens};
use super::options::name;

fn tricks_err(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::TricksInvalid, de, en)
}

fn ending_err(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::EndingInvalid, de, en)
}

/// The tricks a player on Sevens may have taken (`tricks_invalid`).
pub fn check_tricks(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    let n = rules.variant.sides();
    // Under auf_siebener, five Sevens without the announcement are the dealt hand of the
    // option five_sevens (002: "The cards are not played"); the announcement completes them
    // during play.
    let taken: u32 = deal.tricks[..n].iter().sum();
    if rules.sevens == Sevens::AufSiebener
        && deal.dissle.is_none()
        && deal.five_sevens.is_some()
        && taken > 0
    {
        return Err(tricks_err(
            "Fünf Siebener nach gespielten Stichen gibt es nur nach der Ansage auf Siebener (dissle); ohne sie werden sie gleich nach dem Geben gezeigt."
                .into(),
            "Five Sevens after tricks were played need the announcement auf Siebener (dissle); without it they are shown straight after the deal."
                .into(),
        ));
    }
    let Some(d) = deal.dissle else {
        return Ok(());
    };
    let who = name(n, d);
    let taken = deal.tricks[d];
    if deal.dissle_trick && rules.sevens == Sevens::AufSiebener {
        return Err(tricks_err(
            format!(
                "{who} spielt auf Siebener: seine Karten stechen nicht, also kann er keinen Stich machen (dissle_trick gibt es hier nicht)."
            ),
            format!(
                "{who} plays auf Siebener: those cards have no trick-taking power, so the player cannot take a trick (no dissle_trick here)."
            ),
        ));
    }
    let alone = rules.variant.players() as usize == n;
    if alone && !deal.dissle_trick && taken > 0 {
        return Err(match rules.sevens {
            Sevens::AufSiebener => tricks_err(
                format!(
                    "{who} spielt auf Siebener, hat aber {taken} Stiche: seine Karten stechen nicht."
                ),
                format!(
                    "{who} plays auf Siebener but has {taken} tricks: those cards have no trick-taking power."
                ),
            ),
            _ => tricks_err(
                format!(
                    "{who} spielt auf Dissle, hat aber {taken} Stiche: ein Stich verliert das Dissle sofort (dissle_trick)."
                ),
                format!(
                    "{who} plays auf Dissle but has {taken} tricks: a trick loses the Dissle at once (dissle_trick)."
                ),
            ),
        });
    }
    if alone && deal.dissle_trick && taken != 1 {
        return Err(tricks_err(
            format!(
                "{who} hat das Dissle mit einem Stich verloren; dort endet das Spiel, also hat {who} genau 1 Stich, nicht {taken}."
            ),
            format!(
                "{who} lost the Dissle by taking a trick; the deal ends there, so {who} has exactly 1 trick, not {taken}."
            ),
        ));
    }
    if deal.dissle_trick && taken == 0 {
        return Err(tricks_err(
            format!(
                "Das Dissle soll durch einen Stich verloren sein, aber {who} hat keinen Stich."
            ),
            format!("The Dissle is said to be lost by a trick, but {who} has no trick."),
        ));
    }
    Ok(())
}

/// Endings that exclude each other (`ending_invalid`).
pub fn check(rules: &Rules, deal: &Deal) -> Result<(), RuleError> {
    let n = rules.variant.sides();
    let others = [
        deal.five_sevens.is_some(),
        deal.out.is_some(),
        deal.overgaigel.is_some(),
    ];
    if deal.dissle_trick && (others.contains(&true) || deal.farbe.is_some()) {
        return Err(ending_err(
            "Das Dissle ist durch einen Stich verloren: dort endet das Spiel, es gibt kein zweites Ende (Aus, übergaigelt, fünf Siebener oder Farbe).".into(),
            "The Dissle was lost by a trick: the deal ended there, so it has no second ending (Aus, overgaigelt, five Sevens or five of a suit).".into(),
        ));
    }
    if let Some(f) = deal.farbe {
        if others.contains(&true) {
            return Err(ending_err(
                "Fünf einer Farbe beenden das Spiel: es gibt kein zweites Ende (Aus, übergaigelt oder fünf Siebener).".into(),
                "Five of a suit end the deal: it has no second ending (Aus, overgaigelt or five Sevens).".into(),
            ));
        }
        let alone = rules.variant.players() as usize == n;
        if alone && deal.dissle == Some(f) {
            let who = name(n, f);
            return Err(ending_err(
                format!(
                    "{who} hält vier Siebener (auf Dissle/Siebener) und kann nicht fünf Karten einer Farbe haben."
                ),
                format!("{who} holds four Sevens (on Sevens) and cannot hold five of a suit."),
            ));
        }
    }
    if let (Some(d), Some(s)) = (deal.dissle, deal.five_sevens)
        && d != s
    {
        let (a, b) = (name(n, d), name(n, s));
        return Err(ending_err(
            format!(
                "{a} spielt auf Siebener/Dissle und hält vier der acht Siebener: {b} kann nicht fünf haben."
            ),
            format!("{a} plays on Sevens holding four of the eight Sevens: {b} cannot hold five."),
        ));
    }
    Ok(())
}
