//! The deal as dealt, checked before any action (`cards_invalid`, rules text `004`):
//! "There are four players, partners sitting opposite" (two play "essentially no
//! different"; three: "forehand ... plays alone. The other two players play as a team"); "Forehand, the player to dealer's left, leads to the first trick"; "Each
//! player is dealt five cards"; the pack (Bavarian 32, Tyrolean 33 with the WELI, Toblach
//! 36 with all four sixes); the Schlag the variant allows (Toblach: `WELI` or `6`); Blind
//! Watten's shown cards (`blind.rs`); Bavarian: the Kritische taken at the cut ("the cutter may take
//! it ... the dealer may take it ... the cutter may take that").

use super::input::{CardDeal, Schlag};
use super::order::{Cards, Order, bit, in_pack, kritische, schlag_allowed};
use super::words;
use crate::rules::common::{ErrorCode, Lang, RuleError, Side};
use crate::rules::figures::cards::{Card, Rank, all_cards};
use crate::rules::watten::deal::Table;
use crate::rules::watten::input::Variant;
use crate::rules::watten::ruleset::Family;

/// The checked deal lives in its own module, so the checks this one calls (the schöneres
/// re-deal) can read it without importing the checker.
pub use super::seated::Setup;

fn bad(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::CardsInvalid, de, en)
}

/// Checks the deal as dealt and builds its setup.
pub fn check(deal: &CardDeal, table: Table) -> Result<Setup, RuleError> {
    let rules = table.rules;
    let seats = check_seats(deal, &table)?;
    let dealt = check_hands(deal, &table)?;
    check_schlag(&table, deal.schlag)?;
    let order = Order::new(&rules, deal.trump, deal.schlag);
    let mut setup = Setup {
        seats,
        names: deal.seats.iter().map(|s| s.name()).collect(),
        dealer: deal.dealer,
        dealt,
        order,
        machine_holder: None,
        blind: rules.variant == Variant::Blind,
        table,
    };
    check_cut(deal, &setup)?;
    super::schoeneres::check(deal, &setup)?;
    if setup.blind {
        super::blind::check_shown(deal, &setup.order, rules.pack == 36)?;
    }
    let n = deal.seats.len();
    if let Some(i) = deal.actions.iter().position(|a| a.seat >= n) {
        return Err(bad(
            format!(
                "Aktion {i} nennt Platz {}; am Tisch sind {n} Plätze (gezählt ab 0).",
                deal.actions[i].seat
            ),
            format!(
                "Action {i} names seat {}; the table has {n} seats (counted from 0).",
                deal.actions[i].seat
            ),
        ));
    }
    if rules.machine {
        let all = kritische(&rules).iter().fold(0, |m, &c| m | bit(c));
        setup.machine_holder = setup.dealt.iter().position(|&h| h & all == all);
    }
    Ok(setup)
}

/// The Schlag the variant allows: Bavarian "ace, king, over, under, 10, 9, 8 or 7"; with
/// Kritischen "six cannot be chosen as the Schlag"; `WELI` only at Toblach ("the Schlag can
/// be either the WELI or an ordinary six"), where the 33-card pack's six is the WELI anyway.
fn check_schlag(table: &Table, schlag: Schlag) -> Result<(), RuleError> {
    if schlag_allowed(&table.rules, schlag) {
        return Ok(());
    }
    let name = words::schlag(schlag);
    if schlag == Schlag::Weli {
        // In the 33-card pack the six as Schlag is already the WELI alone.
        let six = schlag_allowed(&table.rules, Schlag::Rank(Rank::Six));
        let (de, en) = if six {
            (
                " Im Blatt mit 33 Karten ist die Sechs als Schlag der Weli allein: `6`.",
                " In the 33-card pack six as the Schlag is the WELI alone: write `6`.",
            )
        } else {
            ("", "")
        };
        return Err(bad(
            format!("Schlag {name} gibt es nur im Spiel mit 36 Karten (Toblach, `pack: 36`).{de}"),
            format!(
                "Schlag {name} is the choice of the 36-card game of Toblach (`pack: 36`: \"the Schlag can be either the WELI or an ordinary six\").{en}"
            ),
        ));
    }
    Err(bad(
        format!("Schlag {name} ist in dieser Variante nicht erlaubt."),
        format!(
            "Schlag {name} is not allowed in this variant (Bavarian: \"ace, king, over, under, 10, 9, 8 or 7\"; with Kritischen \"six cannot be chosen as the Schlag\")."
        ),
    ))
}

/// Who sits where: 2 or 4 seats with the sides alternating, or three players, forehand alone
/// (text "Bavarian Watten for two or three players": "forehand (the player to dealer's left)
/// chooses both the Schlag and the trump suit and plays alone. The other two players play as a
/// team"); the dealer last; a hand per seat. Returns each seat's side in this deal.
fn check_seats(deal: &CardDeal, table: &Table) -> Result<Vec<Side>, RuleError> {
    let n = deal.seats.len();
    let three = table.rules.three_players;
    if three && n != 3 || !three && n != 2 && n != 4 {
        let want = if three { "drei" } else { "zwei oder vier" };
        let want_en = if three { "three" } else { "two or four" };
        return Err(bad(
            format!("Watten spielen hier {want} am Tisch, die Aufschreibung hat {n} Plätze."),
            format!(
                "Watten is played here by {want_en} at a table (\"four players, partners sitting opposite\"; \"it can also be played by two or three\"); the deal has {n} seats."
            ),
        ));
    }
    let seats: Vec<Side> = if three {
        (0..n)
            .map(|i| if i == 0 { Side::A } else { Side::B })
            .collect()
    } else {
        deal.seats.iter().filter_map(|s| s.side()).collect()
    };
    if !three && seats.windows(2).any(|w| w[0] == w[1]) {
        return Err(bad(
            "Die Partner sitzen einander gegenüber: in der Spielreihenfolge wechseln sich A und B ab.".into(),
            "\"Partners sitting opposite\": in playing order the sides alternate.".into(),
        ));
    }
    if deal.dealer != n - 1 {
        return Err(bad(
            format!(
                "Vorhand (Platz 1) sitzt links vom Geber und spielt zum ersten Stich aus: der Geber ist Platz {n}."
            ),
            format!(
                "\"Forehand, the player to dealer's left, leads to the first trick\": seat 1 is forehand, so the dealer is seat {n}."
            ),
        ));
    }
    if deal.hands.len() != n {
        return Err(bad(
            format!(
                "Jeder Platz hat eine Hand: {n} Plätze, {} Hände.",
                deal.hands.len()
            ),
            format!(
                "Each seat has a hand: {n} seats, {} hands.",
                deal.hands.len()
            ),
        ));
    }
    Ok(seats)
}

/// Each hand: five cards of the variant's pack, none dealt twice.
fn check_hands(deal: &CardDeal, table: &Table) -> Result<Vec<Cards>, RuleError> {
    let pack_size = table.rules.pack;
    let mut seen: Cards = 0;
    let mut dealt = Vec::with_capacity(deal.hands.len());
    for (i, hand) in deal.hands.iter().enumerate() {
        let who = |l| words::seat(l, i, deal.seats[i].name());
        if hand.len() != 5 {
            return Err(bad(
                format!(
                    "Jeder bekommt fünf Karten; {} hat {}.",
                    who(Lang::De),
                    hand.len()
                ),
                format!(
                    "\"Each player is dealt five cards\"; {} has {}.",
                    who(Lang::En),
                    hand.len()
                ),
            ));
        }
        let mut mine = 0;
        for &super::input::WCard(c) in hand {
            if !in_pack(&table.rules, c) {
                return Err(bad(
                    format!(
                        "{} gehört nicht zum Blatt dieser Variante ({} Karten).",
                        words::card(c),
                        pack_size
                    ),
                    format!(
                        "{} is not in this variant's pack ({} cards).",
                        words::card(c),
                        pack_size
                    ),
                ));
            }
            if seen & bit(c) != 0 {
                return Err(bad(
                    format!("{} ist zweimal ausgeteilt.", words::card(c)),
                    format!("{} is dealt twice.", words::card(c)),
                ));
            }
            seen |= bit(c);
            mine |= bit(c);
        }
        dealt.push(mine);
    }
    Ok(dealt)
}

/// Bavarian: "If it is one of the three Kritische, the cutter may take it. If the card
/// thereby revealed is a second Kritisch, the dealer may take it, and if this in turn
/// reveals the third Kritisch the cutter may take that." Tyrolean: "cuts but does not take
/// or show the cut card".
fn check_cut(deal: &CardDeal, setup: &Setup) -> Result<(), RuleError> {
    if deal.cut.is_empty() {
        return Ok(());
    }
    if setup.table.rules.family != Family::Bavarian {
        return Err(bad(
            "Im Tiroler Watten nimmt der Abheber keine Karte und zeigt sie nicht: hier gibt es kein `cut`.".into(),
            "Tyrolean Watten: the cutter \"cuts but does not take or show the cut card\"; no `cut` here.".into(),
        ));
    }
    let mut taken: Cards = 0;
    for (k, &super::input::WCard(c)) in deal.cut.iter().enumerate() {
        let taker = if k % 2 == 0 {
            setup.cutter()
        } else {
            setup.dealer
        };
        let ok = k < 3
            && setup.order.is_kritisch(c)
            && taken & bit(c) == 0
            && setup.dealt[taker] & bit(c) != 0;
        if !ok {
            let who = |l| setup.who(l, taker);
            return Err(bad(
                format!(
                    "Beim Abheben wird nur ein Kritischer genommen, abwechselnd vom Abheber, vom Geber, vom Abheber; die {}. Karte ({}) hätte {} nehmen müssen und müsste in dessen Hand sein.",
                    k + 1,
                    words::card(c),
                    who(Lang::De)
                ),
                format!(
                    "At the cut only a Kritisch is taken, by the cutter, then the dealer, then the cutter; card {} ({}) would be {}'s and must be in that hand.",
                    k + 1,
                    words::card(c),
                    who(Lang::En)
                ),
            ));
        }
        taken |= bit(c);
    }
    Ok(())
}

/// The cards of a set, in pack order.
pub fn listed(cards: Cards) -> impl Iterator<Item = Card> {
    all_cards().filter(move |&c| cards & bit(c) != 0)
}
