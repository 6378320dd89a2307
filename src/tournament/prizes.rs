//! Prize lists (a Preiswatten, a prize Gaigel): every entrant pays the entry fee, the fees make
//! the pot, a stated deduction comes off it (the inn's room, the club's share), and the scheme
//! pays the first places of the final standings: money as a share of the pot or a fixed amount
//! per place, and goods by place.
//!
//! Amounts are whole cents (`u64`), never floating point. What the texts leave open is decided
//! here, once (docs/reference/tournaments.md, "Prize lists"):
//! - **How many are paid**: the first `paid_percent` % of the field, rounded down, at least one;
//!   without it, as many places as the scheme lists. Never more than the field.
//! - **A share** is of the pot after the deduction, rounded down to the cent; what the rounding
//!   leaves (and what the shares leave when they add up to less than 100 %) stays in the pot as
//!   its rest, shown on the list, never silently added to a place.
//! - **Ties**: entrants of equal rank share the sum of the places they occupy (ranks 2, 2 share
//!   the prizes of places 2 and 3) in equal parts; the cents that do not divide go one each to
//!   the first of them in the standings' order. Goods cannot be split: they go by place in the
//!   standings' order, and the list marks them as shared by a tie.
//! - A scheme whose fixed amounts exceed the pot, or whose shares exceed 100 %, is refused.

use serde::{Deserialize, Serialize};

/// Basis points: 10,000 are 100 %.
pub const WHOLE: u32 = 10_000;

/// An amount in a prize scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    /// A share of the pot (for the deduction: of the fees), in basis points (`2500` = 25 %).
    Share(u32),
    /// A fixed amount in cents.
    Cents(u64),
}

/// A tournament's prize scheme, as the organiser states it. Stored in the tournament's
/// settings (`settings.prizes` of the tournament file); a field left out reads as none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct PrizeScheme {
    /// What every entrant pays (a team pays one fee), in cents.
    pub entry_fee: u64,
    /// What comes off the fees before anything is paid; none when absent.
    pub deduction: Option<Amount>,
    /// The share of the field that is paid, in percent; absent: as many places as listed.
    pub paid_percent: Option<u32>,
    /// Money by place, the first place first.
    pub money: Vec<Amount>,
    /// Goods by place, the first place first (an empty text: no goods for that place).
    pub goods: Vec<String>,
}

/// One entrant of the final standings, in the standings' order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub id: String,
    /// The rank (equal ranks are tied: 1, 2, 2, 4).
    pub rank: u32,
}

/// What one entrant wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prize {
    pub id: String,
    pub rank: u32,
    /// Money in cents (0: none).
    pub cents: u64,
    /// The goods of the place this entrant takes in the standings' order, if any.
    pub goods: Option<String>,
    /// Tied with another entrant over a paid place: the money is a share of several places'.
    pub shared: bool,
}

/// The whole list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeList {
    /// The fees of the whole field, in cents.
    pub fees: u64,
    pub deduction: u64,
    /// The fees less the deduction.
    pub pot: u64,
    /// How many places the scheme pays.
    pub paid_places: usize,
    /// Every entrant who wins money or goods, in the standings' order.
    pub prizes: Vec<Prize>,
    /// What stays in the pot: the pot less everything paid.
    pub rest: u64,
}

/// Why a scheme cannot be paid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeRefusal {
    #[error("the shares add up to {0} basis points, more than 100 %")]
    SharesOverWhole(u64),
    #[error("the prizes ({paid} cents) exceed the pot ({pot} cents)")]
    OverThePot { paid: u64, pot: u64 },
    #[error("the deduction ({deduction} cents) exceeds the fees ({fees} cents)")]
    DeductionOverFees { deduction: u64, fees: u64 },
    #[error("a share of {0} % of the field cannot be paid")]
    PaidPercent(u32),
}

/// The refusals a scheme earns before any field is known: shares over 100 % (of the money, or
/// as the deduction), a paid percentage of 0 or over 100. What depends on the pot (fixed
/// amounts over it, a deduction over the fees) waits for the field: [`prize_list`].
pub fn check(scheme: &PrizeScheme) -> Result<(), PrizeRefusal> {
    let deducted = match scheme.deduction {
        Some(Amount::Share(bp)) => u64::from(bp),
        _ => 0,
    };
    if deducted > u64::from(WHOLE) {
        return Err(PrizeRefusal::SharesOverWhole(deducted));
    }
    paid_places(scheme, 1)?;
    place_money(scheme, u64::MAX, 0).map(|_| ())
}

/// A field of `n` entrants in distinct places: what the pot and each place's prize come to
/// before the standings are known.
pub fn field_of(n: usize) -> Vec<Placed> {
    (1..=n)
        .map(|i| Placed {
            id: i.to_string(),
            rank: u32::try_from(i).unwrap_or(u32::MAX),
        })
        .collect()
}

/// A share of `of` in basis points, rounded down (no overflow: computed in 128 bits).
fn share(of: u64, basis_points: u32) -> u64 {
    let exact = u128::from(of) * u128::from(basis_points) / u128::from(WHOLE);
    u64::try_from(exact).unwrap_or(u64::MAX)
}

fn amount(of: u64, amount: Amount) -> u64 {
    match amount {
        Amount::Share(bp) => share(of, bp),
        Amount::Cents(cents) => cents,
    }
}

/// How many places are paid in a field of `field` entrants.
fn paid_places(scheme: &PrizeScheme, field: usize) -> Result<usize, PrizeRefusal> {
    let places = match scheme.paid_percent {
        Some(percent) if percent == 0 || percent > 100 => {
            return Err(PrizeRefusal::PaidPercent(percent));
        }
        Some(percent) => (field * percent as usize / 100).max(1),
        None => scheme.money.len().max(scheme.goods.len()),
    };
    Ok(places.min(field))
}

/// The money of each paid place, first place first.
fn place_money(scheme: &PrizeScheme, pot: u64, places: usize) -> Result<Vec<u64>, PrizeRefusal> {
    let shares: u64 = scheme
        .money
        .iter()
        .map(|a| match a {
            Amount::Share(bp) => u64::from(*bp),
            Amount::Cents(_) => 0,
        })
        .sum();
    if shares > u64::from(WHOLE) {
        return Err(PrizeRefusal::SharesOverWhole(shares));
    }
    let money: Vec<u64> = (0..places)
        .map(|place| scheme.money.get(place).map_or(0, |a| amount(pot, *a)))
        .collect();
    let paid = money.iter().fold(0u64, |sum, m| sum.saturating_add(*m));
    if paid > pot {
        return Err(PrizeRefusal::OverThePot { paid, pot });
    }
    Ok(money)
}

/// The prize list of the final standings `placed` (in the standings' order) under `scheme`.
pub fn prize_list(scheme: &PrizeScheme, placed: &[Placed]) -> Result<PrizeList, PrizeRefusal> {
    let field = placed.len();
    let fees = scheme
        .entry_fee
        .saturating_mul(u64::try_from(field).unwrap_or(u64::MAX));
    let deduction = scheme.deduction.map_or(0, |d| amount(fees, d));
    if deduction > fees {
        return Err(PrizeRefusal::DeductionOverFees { deduction, fees });
    }
    let pot = fees - deduction;
    let places = paid_places(scheme, field)?;
    let money = place_money(scheme, pot, places)?;

    let mut prizes = Vec::new();
    let mut start = 0;
    while start < field {
        let rank = placed[start].rank;
        let end = start
            + placed[start..]
                .iter()
                .take_while(|p| p.rank == rank)
                .count();
        let tied = end - start;
        let sum: u64 = (start..end).filter_map(|place| money.get(place)).sum();
        let each = sum / tied as u64;
        let odd = (sum % tied as u64) as usize;
        for (i, entrant) in placed[start..end].iter().enumerate() {
            let place = start + i;
            let cents = each + u64::from(i < odd);
            let goods = (place < places)
                .then(|| scheme.goods.get(place))
                .flatten()
                .filter(|g| !g.trim().is_empty())
                .cloned();
            if cents > 0 || goods.is_some() {
                prizes.push(Prize {
                    id: entrant.id.clone(),
                    rank,
                    cents,
                    goods,
                    shared: tied > 1 && sum > 0,
                });
            }
        }
        start = end;
    }
    let paid: u64 = prizes.iter().map(|p| p.cents).sum();
    Ok(PrizeList {
        fees,
        deduction,
        pot,
        paid_places: places,
        prizes,
        rest: pot - paid,
    })
}

#[cfg(test)]
#[path = "prizes_tests.rs"]
mod tests;
