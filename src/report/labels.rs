//! The words of reports and exports in German (default) and English. Game and variant names
//! stay German in both languages: clubs call them so.

use super::option_set::{Set, options_set};
use crate::rules::Variant;
use crate::rules::figures::cards::Variant as F;
use crate::rules::gaigel::Variant as G;
use crate::rules::watten::input::Variant as W;
use crate::rules::{Game, Lang};
use crate::tournament::file::TournamentFile;
use crate::tournament::format::{DrawMethod, Format};
use crate::tournament::scheme::Scheme;
use crate::tournament::standings::Column;

/// Fixed labels of one language.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Labels {
    pub rank: &'static str,
    pub name: &'static str,
    pub points: &'static str,
    pub round: &'static str,
    pub table: &'static str,
    pub results: &'static str,
    pub winners: &'static str,
    pub byes: &'static str,
    pub knockout: &'static str,
    pub date: &'static str,
    pub place: &'static str,
    pub rules: &'static str,
    pub broken: &'static str,
    pub page: &'static str,
    pub seating: &'static str,
    /// The standings once the tournament is finished.
    pub final_standings: &'static str,
    /// The standings before: "Zwischenstand", "... nach Runde" with the round after it.
    pub interim: &'static str,
    pub interim_after: &'static str,
    /// Beside the public address's QR code.
    pub public_address: &'static str,
    /// The prize list: its title, the fees and pot, its columns, the rest.
    pub prizes: &'static str,
    pub entry_fee: &'static str,
    pub fees: &'static str,
    pub deduction: &'static str,
    pub pot: &'static str,
    pub prize: &'static str,
    pub goods: &'static str,
    pub shared: &'static str,
    pub rest: &'static str,
    /// Before the end: what each place would win in this field.
    pub prizes_preview: &'static str,
}

impl Labels {
    pub fn new(lang: Lang) -> Labels {
        match lang {
            Lang::De => Labels {
                rank: "Platz",
                name: "Name",
                points: "Punkte",
                round: "Runde",
                table: "Tisch",
                results: "Ergebnisse",
                winners: "Sieger",
                byes: "Freilos",
                knockout: "Finalrunde",
                date: "Datum",
                place: "Ort",
                rules: "Regeln",
                broken: "Regelverstoß im Protokoll",
                page: "Seite",
                seating: "Sitzplan",
                final_standings: "Endstand",
                interim: "Zwischenstand",
                interim_after: "Zwischenstand nach Runde",
                public_address: "Ergebnisse live",
                prizes: "Preisliste",
                entry_fee: "Startgeld",
                fees: "Startgelder",
                deduction: "Abzug",
                pot: "Topf",
                prize: "Preis",
                goods: "Sachpreis",
                shared: "geteilt",
                rest: "Rest im Topf",
                prizes_preview: "Preise je Platz bei diesem Feld (vor dem Endstand)",
            },
            Lang::En => Labels {
                rank: "Rank",
                name: "Name",
                points: "Points",
                round: "Round",
                table: "Table",
                results: "Results",
                winners: "Winners",
                byes: "Bye",
                knockout: "Finals",
                date: "Date",
                place: "Place",
                rules: "Rules",
                broken: "Rule broken in the record",
                page: "Page",
                seating: "Seating plan",
                final_standings: "Final standings",
                interim: "Standings so far",
                interim_after: "Standings after round",
                public_address: "Live results",
                prizes: "Prize list",
                entry_fee: "Entry fee",
                fees: "Fees",
                deduction: "Deduction",
                pot: "Pot",
                prize: "Prize",
                goods: "Goods",
                shared: "shared",
                rest: "Left in the pot",
                prizes_preview: "Prizes by place in this field (before the final standings)",
            },
        }
    }
}

/// A tie-break column's header.
pub fn column_label(c: Column, lang: Lang) -> String {
    let de = lang == Lang::De;
    match c {
        Column::DealsWon if de => "Spielsiege",
        Column::DealsWon => "Deals won",
        Column::Counts if de => "Augen",
        Column::Counts => "Counts",
        Column::BummerlDifference if de => "Bummerl-Differenz",
        Column::BummerlDifference => "Bummerl difference",
        Column::ScoreDifference if de => "Punktdifferenz",
        Column::ScoreDifference => "Score difference",
        Column::StrokesDifference if de => "Striche-Differenz",
        Column::StrokesDifference => "Strokes difference",
        Column::PointsConceded if de => "Gegenpunkte",
        Column::PointsConceded => "Points conceded",
        Column::BummerlReceived if de => "Bummerl erhalten",
        Column::BummerlReceived => "Bummerl received",
        Column::BummerlDealt if de => "Bummerl ausgeteilt",
        Column::BummerlDealt => "Bummerl dealt",
        Column::GamesWon if de => "Gewonnene Partien",
        Column::GamesWon => "Games won",
        Column::HeadToHead if de => "Direkter Vergleich",
        Column::HeadToHead => "Head-to-head",
        Column::Buchholz => "Buchholz",
        Column::FineBuchholz if de => "Feinbuchholz",
        Column::FineBuchholz => "Fine Buchholz",
        Column::Lot if de => "Los",
        Column::Lot => "Lot",
    }
    .to_string()
}

/// The order of the standings in words: "Bei Gleichstand: Punkte, dann direkter Vergleich,
/// dann Los" (German adjectives in lower case inside the sentence).
pub fn order_words(columns: &[Column], lang: Lang) -> String {
    let de = lang == Lang::De;
    let mut words = vec![Labels::new(lang).points.to_string()];
    words.extend(columns.iter().map(|c| {
        let label = column_label(*c, lang);
        // German nouns keep their capital; only the adjectives start small.
        match c {
            Column::HeadToHead if de => "direkter Vergleich".to_string(),
            Column::GamesWon if de => "gewonnene Partien".to_string(),
            _ => label,
        }
    }));
    if de {
        format!("Bei Gleichstand: {}", words.join(", dann "))
    } else {
        format!("Ties: {}", words.join(", then "))
    }
}

pub(crate) fn game_word(g: Game) -> &'static str {
    match g {
        Game::Giltspiel => "Giltspiel",
        Game::Perlaggen => "Perlaggen",
        Game::Watten => "Watten",
        Game::Gaigel => "Gaigel",
    }
}

pub(crate) fn variant_word(v: Variant) -> &'static str {
    match v {
        Variant::Figures(F::GiltStandard) => "Standard",
        Variant::Figures(F::GiltPerlique) => "mit 3 Perlique",
        Variant::Figures(F::Innsbruck) => "Innsbrucker Art",
        Variant::Figures(F::Eichel) => "Eichelperlaggen",
        Variant::Figures(F::Schlanders) => "Schlanderser Art",
        Variant::Figures(F::Deutschnofen) => "Deutschnofner Art",
        Variant::Figures(F::TrumpFour) => "1853: Trumpf-König, -Siebener, -Ober, -Unter",
        Variant::Figures(F::SchelloBello) => "1853: Schello bello",
        Variant::Figures(F::Radetzky) => "1853: Radetzky",
        Variant::Figures(F::SchelloBelloTrumps) => {
            "1853: Schello bello und Trumpf-Siebener, -Ober, -Unter"
        }
        Variant::Figures(F::RadetzkyTrumps) => "1853: Radetzky und Trumpf-Siebener, -Ober, -Unter",
        Variant::Watten(W::Bavarian) => "Bayerisch",
        Variant::Watten(W::Tyrolean) => "Tirolerisch",
        Variant::Watten(W::Kritische) => "mit Kritischen",
        Variant::Watten(W::Guate) => "Guate",
        Variant::Watten(W::Blind) => "Blindwatten",
        Variant::Gaigel(G::Four) => "zu viert",
        Variant::Gaigel(G::Six) => "zu sechst",
        Variant::Gaigel(G::Two) => "zu zweit",
        Variant::Gaigel(G::Three) => "zu dritt",
    }
}

/// An option in words, never its key ("scoring = rutesheim" on a German page): a
/// switch by its name ("ohne" before it when off), a number or choice with its name. An option
/// this list does not know keeps its key, spaced (the referee refuses unknown options, so only
/// a future option reaches that).
fn option_words(key: &str, v: &Set, de: bool) -> String {
    let named = |d: &str, e: &str| if de { d.to_string() } else { e.to_string() };
    let name = match key {
        "farbe" => named("„Farbe“ ansagen", "calling “Farbe”"),
        "gespannt_luft" => named("Gespannt – Luft", "gespannt – Luft"),
        "immediate_four" => named("sofort um 4", "straight to 4"),
        "schneider" => named("Schneider zählt doppelt", "Schneider counts double"),
        "machine" => named("Maschine", "Maschine"),
        "auf_farbe" => named("auf Farbe", "auf Farbe"),
        "kritische_forced" => named(
            "Trumpf ausgespielt zwingt die Kritische",
            "a trump lead forces the Kritische",
        ),
        "weli_bell" => named("Weli als Schellen-Sechs", "Weli as the six of bells"),
        "opponents_exchange" => named(
            "Imst und Tarrenz: auch die Gegner tauschen",
            "Imst and Tarrenz: the opponents exchange too",
        ),
        "gespannt_from" => {
            return format!("{} {}", named("gespannt ab", "gespannt from"), v.written());
        }
        "strokes" => return format!("{} {}", v.written(), named("Striche", "strokes")),
        _ => String::new(),
    };
    if !name.is_empty() {
        return match v {
            Set::Switch(false) => format!("{} {name}", named("ohne", "without")),
            _ => name,
        };
    }
    match (key, v.word()) {
        ("scoring", "rutesheim") => named(
            "Rutesheimer Wertung (Spielpunkte)",
            "Rutesheim scoring (game points)",
        ),
        ("scoring", "strokes") => named("Wertung nach Strichen", "scored by strokes"),
        ("sevens", "five_sevens") => named("fünf Siebener", "five Sevens"),
        ("sevens", "auf_dissle") => named("auf Dissle", "auf Dissle"),
        ("sevens", "auf_siebener") => named("auf Siebener", "auf Siebener"),
        ("sevens", "none") => named("Siebener zählen nicht", "no Sevens"),
        ("three_player_strokes", "loser") => named(
            "zu dritt: nur der Letzte bekommt Striche",
            "three players: only the last marks",
        ),
        ("three_player_strokes", "both") => named(
            "zu dritt: beide Verlierer bekommen Striche",
            "three players: both losers mark",
        ),
        _ => gaigel_choice_words(key, v, de),
    }
}

/// Gaigel's two-way house rules (`dissle_lost`, `overgaigel`, `pair_card`) in words.
fn gaigel_choice_words(key: &str, v: &Set, de: bool) -> String {
    let named = |d: &str, e: &str| if de { d.to_string() } else { e.to_string() };
    match (key, v.word()) {
        ("dissle_lost", "double") => named(
            "verlorenes Dissle zählt doppelt",
            "a lost Dissle counts double",
        ),
        ("dissle_lost", "single") => named(
            "verlorenes Dissle zählt einfach",
            "a lost Dissle counts single",
        ),
        ("overgaigel", "on_accusation") => named(
            "Übergaigeln nur auf Anklage",
            "übergaigeln only when accused",
        ),
        ("overgaigel", "at_once") => named("Übergaigeln gilt sofort", "übergaigeln counts at once"),
        ("pair_card", "next_trick") => named(
            "eine Karte des gemeldeten Paars in den nächsten Stich",
            "one card of a melded pair to the next trick",
        ),
        ("pair_card", "free") => named(
            "gemeldetes Paar nach Belieben",
            "a melded pair played at will",
        ),
        _ => format!("{} {}", key.replace('_', " "), v.written()),
    }
}

/// The rules in one line, e.g. `Gaigel zu dritt · Optionen: Rutesheimer Wertung (Spielpunkte)
/// · 3 Durchgänge zu 10 Spielen`.
pub fn rules_line(file: &TournamentFile, lang: Lang) -> String {
    let de = lang == Lang::De;
    let settings = file.settings();
    let mut parts = vec![format!(
        "{} {}",
        game_word(file.game),
        variant_word(file.variant())
    )];
    if let Some(t) = file.target() {
        parts.push(if de {
            format!("gespielt auf {t}")
        } else {
            format!("played to {t}")
        });
    }
    let options = options_set(file);
    if !options.is_empty() {
        let list: Vec<String> = options
            .iter()
            .map(|(k, v)| option_words(k, v, de))
            .collect();
        let word = if de { "Optionen" } else { "Options" };
        parts.push(format!("{word}: {}", list.join(", ")));
    }
    // Plurals by the number ("zu 1 Spielen" was wrong).
    let many = |n: usize, one: &str, other: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {other}")
        }
    };
    let (sessions, deals) = (settings.sessions as usize, settings.deals as usize);
    parts.push(match (file.format, de) {
        (Format::Sessions, true) => format!(
            "{} zu {}",
            many(sessions, "Durchgang", "Durchgänge"),
            many(deals, "Spiel", "Spielen")
        ),
        (Format::Sessions, false) => format!(
            "{} of {}",
            many(sessions, "session", "sessions"),
            many(deals, "deal", "deals")
        ),
        (Format::Rounds, true) => many(file.rounds.len(), "Runde", "Runden"),
        (Format::Rounds, false) => many(file.rounds.len(), "round", "rounds"),
    });
    if file.format == Format::Rounds {
        if let Scheme::Wattkoenig { bonus } = settings.scheme {
            parts.push(format!("Wattkönig (+{bonus})"));
        }
        parts.push(
            match (settings.draw, de) {
                (DrawMethod::Random, true) => "Auslosung zufällig",
                (DrawMethod::Random, false) => "random draw",
                (DrawMethod::Swiss, true) => "Schweizer System",
                (DrawMethod::Swiss, false) => "Swiss draw",
                (DrawMethod::Wattkoenig, true) => "Wattkönig-Wechsel",
                (DrawMethod::Wattkoenig, false) => "Wattkönig moves",
            }
            .to_string(),
        );
    }
    parts.join(" · ")
}
