//! Amounts of money and shares as people type and read them: "12,50" or "12.50" (Euro, with
//! or without "€"), "40 %" or "12,5 %". Money is whole cents (`u64`) and a share basis points
//! (`10_000` = 100 %), never floating point: the text is read digit by digit.
//!
//! One separator is the decimal point, a comma or a full stop, with one or two digits after
//! it: "1.250" is refused rather than guessed (a thousand and a quarter euros read alike), and
//! the amounts are printed without thousands separators, so what is printed reads back as the
//! same cents.

use super::prizes::{Amount, WHOLE};
use crate::rules::Lang;

/// The largest amount accepted: a million euros.
pub const MAX_CENTS: u64 = 100_000_000;

/// A decimal number with at most two places after the separator, in hundredths.
fn hundredths(raw: &str) -> Option<u64> {
    let (whole, fraction) = match raw.find([',', '.']) {
        Some(at) => (&raw[..at], &raw[at + 1..]),
        None => (raw, ""),
    };
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    let separated = whole.len() < raw.len();
    if !digits(whole)
        || !digits(fraction)
        || fraction.len() > 2
        || (separated && fraction.is_empty())
        || (whole.is_empty() && fraction.is_empty())
        || whole.len() > 9
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: u64 = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<u64>().ok()? * 10,
        _ => fraction.parse().ok()?,
    };
    Some(whole * 100 + fraction)
}

/// Euros as typed ("12,50", "12.50", "12", "12,50 €", "€ 12.50") in cents.
pub fn parse_cents(raw: &str) -> Option<u64> {
    let text = raw.trim();
    let text = text.strip_suffix('€').unwrap_or(text).trim_end();
    let text = text.strip_prefix('€').unwrap_or(text).trim_start();
    hundredths(text).filter(|c| *c <= MAX_CENTS)
}

/// A share as typed ("40 %", "12,5%") in basis points, at most 100 %.
pub fn parse_share(raw: &str) -> Option<u32> {
    let text = raw.trim().strip_suffix('%')?.trim_end();
    hundredths(text)
        .filter(|bp| *bp <= u64::from(WHOLE))
        .and_then(|bp| u32::try_from(bp).ok())
}

/// A share ("40 %") or an amount of euros ("50,00").
pub fn parse_amount(raw: &str) -> Option<Amount> {
    if raw.trim().ends_with('%') {
        parse_share(raw).map(Amount::Share)
    } else {
        parse_cents(raw).map(Amount::Cents)
    }
}

/// Hundredths as a decimal with the language's separator: two places, or none when whole
/// (`trim`, for shares: "40", "12,5").
fn decimal(hundredths: u64, lang: Lang, trim: bool) -> String {
    let sep = if lang == Lang::De { ',' } else { '.' };
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match (trim, part) {
        (true, 0) => whole.to_string(),
        (true, p) if p % 10 == 0 => format!("{whole}{sep}{}", p / 10),
        _ => format!("{whole}{sep}{part:02}"),
    }
}

/// Cents as a reader expects them: "12,50 €" in German, "€12.50" in English.
pub fn euros(cents: u64, lang: Lang) -> String {
    match lang {
        Lang::De => format!("{} €", decimal(cents, lang, false)),
        Lang::En => format!("€{}", decimal(cents, lang, false)),
    }
}

/// Cents as a number for a spreadsheet cell or a form field: "12,50" or "12.50", no sign.
pub fn plain(cents: u64, lang: Lang) -> String {
    decimal(cents, lang, false)
}

/// Basis points as a share: "40 %" in German, "40%" in English.
pub fn percent(basis_points: u32, lang: Lang) -> String {
    let number = decimal(u64::from(basis_points), lang, true);
    match lang {
        Lang::De => format!("{number} %"),
        Lang::En => format!("{number}%"),
    }
}

/// An amount of a scheme as the form shows it again, in the language's own spelling.
pub fn amount(a: Amount, lang: Lang) -> String {
    match a {
        Amount::Share(bp) => percent(bp, lang),
        Amount::Cents(c) => plain(c, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_comma_or_a_full_stop_separates_the_cents() {
        for typed in [
            "12,50",
            "12.50",
            "12,5",
            "12.5",
            " 12,50 € ",
            "€12.50",
            "12,50€",
        ] {
            assert_eq!(parse_cents(typed), Some(1_250), "{typed}");
        }
        assert_eq!(parse_cents("12"), Some(1_200));
        assert_eq!(parse_cents("0,05"), Some(5));
        assert_eq!(parse_cents(",50"), Some(50));
    }

    #[test]
    fn ambiguous_or_malformed_amounts_are_refused() {
        for typed in [
            "", "€", "1.250", "1.250,00", "12,", "12,505", "-5", "1e3", "zwölf", "12 50", ".",
        ] {
            assert_eq!(parse_cents(typed), None, "{typed:?}");
        }
        assert_eq!(parse_cents("1000000,01"), None);
        assert_eq!(parse_cents("1000000"), Some(MAX_CENTS));
    }

    #[test]
    fn shares_are_read_in_basis_points_up_to_the_whole() {
        assert_eq!(parse_share("40 %"), Some(4_000));
        assert_eq!(parse_share("12,5%"), Some(1_250));
        assert_eq!(parse_share("33.33 %"), Some(3_333));
        assert_eq!(parse_share("100 %"), Some(WHOLE));
        assert_eq!(parse_share("100,01 %"), None);
        assert_eq!(parse_share("40"), None);
        assert_eq!(parse_amount("40 %"), Some(Amount::Share(4_000)));
        assert_eq!(parse_amount("40"), Some(Amount::Cents(4_000)));
    }

    #[test]
    fn amounts_print_in_each_language() {
        assert_eq!(euros(1_250, Lang::De), "12,50 €");
        assert_eq!(euros(1_250, Lang::En), "€12.50");
        assert_eq!(euros(5, Lang::De), "0,05 €");
        assert_eq!(percent(4_000, Lang::De), "40 %");
        assert_eq!(percent(1_250, Lang::De), "12,5 %");
        assert_eq!(percent(3_333, Lang::En), "33.33%");
    }

    proptest! {
        #[test]
        fn the_printed_amount_reads_back_as_the_same_cents(cents in 0..=MAX_CENTS) {
            for lang in [Lang::De, Lang::En] {
                prop_assert_eq!(parse_cents(&euros(cents, lang)), Some(cents));
                prop_assert_eq!(parse_cents(&plain(cents, lang)), Some(cents));
            }
        }

        #[test]
        fn the_printed_share_reads_back_as_the_same_basis_points(bp in 0..=WHOLE) {
            for lang in [Lang::De, Lang::En] {
                prop_assert_eq!(parse_amount(&percent(bp, lang)), Some(Amount::Share(bp)));
            }
        }
    }
}
