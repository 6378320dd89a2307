//! The "Preisliste" fields of the new-tournament form and of the overview: the entry fee and
//! the deduction as typed ("12,50", "12.50", "10 %"), how much of the field is paid, and the
//! money and goods by place, one line per place. They hold strings; [`PrizeText::scheme`]
//! turns them into a [`PrizeScheme`] or names every field that is wrong (catalogue ids).

use crate::rules::Lang;
use crate::text::{Kind, Text};
use crate::tournament::euro;
use crate::tournament::prizes::{self, PrizeRefusal, PrizeScheme};
use crate::web::i18n::Locale;
use crate::web::secretary::new_form::Invalid;

/// The most places a scheme lists.
pub const MAX_PLACES: usize = 50;

/// The fields as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrizeText {
    /// Euros per entrant ("20" or "12,50"); empty: no fee.
    pub fee: String,
    /// Euros ("30,00") or a share of the fees ("10 %"); empty: none.
    pub deduction: String,
    /// Percent of the field paid (1 to 100); empty: as many places as listed.
    pub paid: String,
    /// One line per place: euros or a share of the pot.
    pub money: String,
    /// One line per place: a goods prize, or an empty line for none.
    pub goods: String,
}

impl super::new_form::NewTournamentForm {
    /// The "Preisliste" fields as typed.
    pub fn prize_text(&self) -> PrizeText {
        PrizeText {
            fee: self.prize_fee.clone(),
            deduction: self.prize_deduction.clone(),
            paid: self.prize_paid.clone(),
            money: self.prize_money.clone(),
            goods: self.prize_goods.clone(),
        }
    }
}

/// The lines of a text area, without the empty ones at its end.
fn lines(raw: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = raw.lines().map(str::trim).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// A refusal as a catalogue id (the form's messages carry no numbers; the overview words the
/// ones that depend on the pot with [`refusal_words`]).
fn refusal_id(why: &PrizeRefusal) -> &'static str {
    match why {
        PrizeRefusal::SharesOverWhole(_) => "error-prize-shares",
        PrizeRefusal::PaidPercent(_) => "error-prize-paid",
        PrizeRefusal::OverThePot { .. } => "error-prize-over-pot",
        PrizeRefusal::DeductionOverFees { .. } => "error-prize-deduction-over",
    }
}

/// A refusal in words, with the amounts it names.
pub fn refusal_words(l: Locale, why: &PrizeRefusal) -> String {
    let lang = l.rules_lang();
    match why {
        PrizeRefusal::OverThePot { paid, pot } => l.t_with(
            "prize-refused-over-pot",
            &[
                ("paid", euro::euros(*paid, lang)),
                ("pot", euro::euros(*pot, lang)),
            ],
        ),
        PrizeRefusal::DeductionOverFees { deduction, fees } => l.t_with(
            "prize-refused-deduction",
            &[
                ("deduction", euro::euros(*deduction, lang)),
                ("fees", euro::euros(*fees, lang)),
            ],
        ),
        PrizeRefusal::SharesOverWhole(bp) => l.t_with(
            "prize-refused-shares",
            &[(
                "shares",
                euro::percent(u32::try_from(*bp).unwrap_or(u32::MAX), lang),
            )],
        ),
        PrizeRefusal::PaidPercent(_) => l.t("error-prize-paid"),
    }
}

impl PrizeText {
    /// Whether nothing is typed: no prize list.
    fn is_empty(&self) -> bool {
        [
            &self.fee,
            &self.deduction,
            &self.paid,
            &self.money,
            &self.goods,
        ]
        .iter()
        .all(|f| f.trim().is_empty())
    }

    /// The scheme, `None` when every field is empty, or every wrong field's message id.
    pub fn scheme(&self) -> Result<Option<PrizeScheme>, Invalid> {
        if self.is_empty() {
            return Ok(None);
        }
        let mut bad = Invalid::new();
        let fee = match self.fee.trim() {
            "" => Some(0),
            typed => euro::parse_cents(typed),
        };
        let fee = fee.unwrap_or_else(|| {
            bad.push("error-prize-fee");
            0
        });
        let deduction = match self.deduction.trim() {
            "" => None,
            typed => euro::parse_amount(typed).or_else(|| {
                bad.push("error-prize-deduction");
                None
            }),
        };
        let paid = match super::new_form::optional(&self.paid, 1..=100) {
            Ok(paid) => paid,
            Err(()) => {
                bad.push("error-prize-paid");
                None
            }
        };
        let money = self.money_lines(&mut bad);
        let goods = self.goods_lines(&mut bad);
        if !bad.is_empty() {
            return Err(bad);
        }
        let scheme = PrizeScheme {
            entry_fee: fee,
            deduction,
            paid_percent: paid,
            money,
            goods,
        };
        prizes::check(&scheme).map_err(|why| vec![refusal_id(&why)])?;
        Ok(Some(scheme))
    }

    /// Money by place: an empty line within the list pays nothing for that place.
    fn money_lines(&self, bad: &mut Invalid) -> Vec<prizes::Amount> {
        let lines = lines(&self.money);
        let read: Option<Vec<_>> = lines
            .iter()
            .map(|line| match *line {
                "" => Some(prizes::Amount::Cents(0)),
                typed => euro::parse_amount(typed),
            })
            .collect();
        match read {
            Some(money) if money.len() <= MAX_PLACES => money,
            _ => {
                bad.push("error-prize-money");
                Vec::new()
            }
        }
    }

    /// Goods by place: each one line of at most a title's length.
    fn goods_lines(&self, bad: &mut Invalid) -> Vec<String> {
        let lines = lines(&self.goods);
        let read: Option<Vec<String>> = lines
            .iter()
            .map(|line| match *line {
                "" => Some(String::new()),
                typed => Text::parse(typed, Kind::Title).ok().map(Text::into_string),
            })
            .collect();
        match read {
            Some(goods) if goods.len() <= MAX_PLACES => goods,
            _ => {
                bad.push("error-prize-goods");
                Vec::new()
            }
        }
    }

    /// The fields of a stored scheme, spelled in `lang` (an empty form for none).
    pub fn of(scheme: Option<&PrizeScheme>, lang: Lang) -> PrizeText {
        let Some(s) = scheme else {
            return PrizeText::default();
        };
        PrizeText {
            fee: if s.entry_fee == 0 {
                String::new()
            } else {
                euro::plain(s.entry_fee, lang)
            },
            deduction: s
                .deduction
                .map(|d| euro::amount(d, lang))
                .unwrap_or_default(),
            paid: s.paid_percent.map(|p| p.to_string()).unwrap_or_default(),
            money: s
                .money
                .iter()
                .map(|a| euro::amount(*a, lang))
                .collect::<Vec<_>>()
                .join("\n"),
            goods: s.goods.join("\n"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::prizes::Amount;

    fn typed(fee: &str, deduction: &str, paid: &str, money: &str, goods: &str) -> PrizeText {
        PrizeText {
            fee: fee.into(),
            deduction: deduction.into(),
            paid: paid.into(),
            money: money.into(),
            goods: goods.into(),
        }
    }

    #[test]
    fn the_fields_become_a_scheme_in_cents_and_basis_points() {
        let scheme = typed(
            "12,50",
            "10 %",
            "25",
            "40 %\n30 %\n\n5.00\n",
            "Speckbrett\n\nWein",
        )
        .scheme()
        .unwrap()
        .unwrap();
        assert_eq!(scheme.entry_fee, 1_250);
        assert_eq!(scheme.deduction, Some(Amount::Share(1_000)));
        assert_eq!(scheme.paid_percent, Some(25));
        assert_eq!(
            scheme.money,
            [
                Amount::Share(4_000),
                Amount::Share(3_000),
                Amount::Cents(0),
                Amount::Cents(500)
            ]
        );
        assert_eq!(scheme.goods, ["Speckbrett", "", "Wein"]);
        // Shown again, the fields read back as the same scheme.
        let again = PrizeText::of(Some(&scheme), Lang::De).scheme().unwrap();
        assert_eq!(again, Some(scheme));
    }

    #[test]
    fn empty_fields_are_no_prize_list() {
        assert_eq!(PrizeText::default().scheme(), Ok(None));
        assert_eq!(typed(" ", "", "", "\n", "").scheme(), Ok(None));
    }

    #[test]
    fn every_wrong_field_is_named() {
        let bad = typed("zwölf", "1.250", "0", "40 %\nviel", "").scheme();
        assert_eq!(
            bad,
            Err(vec![
                "error-prize-fee",
                "error-prize-deduction",
                "error-prize-paid",
                "error-prize-money"
            ])
        );
        let over = typed("10", "", "", "60 %\n50 %", "").scheme();
        assert_eq!(over, Err(vec!["error-prize-shares"]));
    }
}
