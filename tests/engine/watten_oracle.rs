//! An oracle for the Watten card-level properties, written from the rules text (004) and
//! apart from the referee: who wins each trick, and the fact-level events (contract 3.2) a
//! card-level deal stands for. The properties compare the referee's result for the cards with
//! its result for these facts, so a wrong trick order or a wrong derivation fails them.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};

const WELI: &str = "S6";

/// A rank's place in the natural order: "ace, king, over, under, 10, 9, 8, 7", the six (the
/// WELI as a plain card) below them.
fn natural(card: &str) -> u16 {
    let ranks = ["6", "7", "8", "9", "10", "U", "O", "K", "A"];
    ranks.iter().position(|r| *r == &card[1..]).unwrap() as u16
}

/// The trumps of one deal, highest first by class.
pub struct Order {
    trump: String,
    kritische: Vec<&'static str>,
    guate: Option<String>,
    rechte: Option<String>,
    linke: Vec<String>,
    /// The WELI is a trump whatever the suit (Tyrolean "the lowest trump is the WELI, which
    /// is always a trump no matter what suit is chosen").
    weli_trump: bool,
    /// The Tyrolean rule for a bet in the last trick applies.
    tyrolean: bool,
}

impl Order {
    /// The order for the variant with its card `options` (`kritische`, `weli_bell`), Schlag
    /// `schlag` and trump suit `trump`.
    pub fn new(variant: &str, options: &Value, schlag: &str, trump: &str) -> Order {
        let set = options["kritische"].as_str().unwrap_or("three");
        // Bavarian: "Maxi - the king of hearts", "Belli - the seven of bells", "Spritzer or
        // Soacha - the seven of acorns". Tyrol: "three Kritischen - from high to low: Martl
        // (king of hearts), WELI (six of bells), Nell (seven of acorns)"; "four Kritischen -
        // from high to low: Martl (king of hearts), geschriebener Weli (six of bells), kleiner
        // Weli (seven of bells), Eichelspitz (seven of acorns)"; "three Kritischen, omitting
        // the seven of acorns from the above four"; "two Kritischen - the Maxi (heart king)
        // and the ober of bells, with the WELI as the lowest trump".
        let kritische = match (variant, set) {
            ("bavarian", _) => vec!["HK", "S7", "E7"],
            ("kritische", "four") => vec!["HK", WELI, "S7", "E7"],
            ("kritische", "three_without_spitz") => vec!["HK", WELI, "S7"],
            ("kritische", "two") => vec!["HK", "SO"],
            ("kritische", _) => vec!["HK", WELI, "E7"],
            _ => vec![],
        };
        // "the lowest trump is the WELI, which is always a trump no matter what suit is
        // chosen", unless "WELI is always a bell" (Ladinisch Watten: "the WELI is usually
        // counted as a bell whatever suit is trump").
        let weli_trump = match variant {
            "bavarian" => false,
            "kritische" => set == "two",
            _ => !options["weli_bell"].as_bool().unwrap_or(variant == "guate"),
        };
        let free = |c: &String| !kritische.contains(&c.as_str());
        // "It is possible to choose six as the Schlag, in which case the WELI will be the
        // only Schlag and counts as the Rechte; there are no Linken in this case."
        let (rechte, linke) = if schlag == "6" {
            (Some(WELI.to_string()).filter(free), vec![])
        } else {
            let linke = ["E", "L", "H", "S"]
                .iter()
                .filter(|s| **s != trump)
                .map(|s| format!("{s}{schlag}"))
                .filter(free)
                .collect();
            (Some(format!("{trump}{schlag}")).filter(free), linke)
        };
        // "the trump whose rank is next above the Schlag in the natural order is the highest
        // card ... If ace is the Schlag then the seven is the Guate. If six is the Schlag
        // there is no Guate".
        let above = ["7", "8", "9", "10", "U", "O", "K", "A", "7"];
        let guate = (variant == "guate" && schlag != "6").then(|| {
            let i = above.iter().position(|r| *r == schlag).unwrap();
            format!("{trump}{}", above[i + 1])
        });
        Order {
            trump: trump.to_string(),
            weli_trump,
            tyrolean: variant != "bavarian",
            kritische,
            guate,
            rechte,
            linke,
        }
    }

    /// A trump's strength, `None` for a card that is no trump.
    fn trump_strength(&self, c: &str) -> Option<u16> {
        if let Some(i) = self.kritische.iter().position(|k| *k == c) {
            return Some(400 - i as u16);
        }
        let is = |x: &Option<String>| x.as_deref() == Some(c);
        if is(&self.guate) {
            return Some(300);
        }
        if is(&self.rechte) {
            return Some(250);
        }
        // "The lefts are all equal; if more than one left is played to a trick, the first
        // played beats the others."
        if self.linke.iter().any(|l| l == c) {
            return Some(200);
        }
        if c[..1] == self.trump || (c == WELI && self.weli_trump) {
            return Some(100 + natural(c));
        }
        None
    }

    pub fn is_trump(&self, c: &str) -> bool {
        self.trump_strength(c).is_some()
    }

    /// The suit a card belongs to: "the trumps are the cards of the chosen suit (including
    /// the Rechte) and the WELI", so the WELI as a trump (not as a Kritisch) is of the trump
    /// suit.
    fn suit<'a>(&'a self, c: &'a str) -> &'a str {
        if c == WELI && (self.weli_trump || self.rechte.as_deref() == Some(c)) {
            &self.trump
        } else {
            &c[..1]
        }
    }

    /// "A trick is won by the highest Schlag or trump in it, or if it contains no Schlag and
    /// no trumps by the highest card of the suit led"; of equal Linken the first played.
    pub fn winner(&self, cards: &[String]) -> usize {
        let mut best = 0;
        let trumps: Vec<Option<u16>> = cards.iter().map(|c| self.trump_strength(c)).collect();
        if trumps.iter().any(Option::is_some) {
            for (i, s) in trumps.iter().enumerate() {
                if *s > trumps[best] {
                    best = i;
                }
            }
            return best;
        }
        for (i, c) in cards.iter().enumerate() {
            if c[..1] == cards[0][..1] && natural(c) > natural(&cards[best]) {
                best = i;
            }
        }
        best
    }
}

/// The fact-level events of a legal card-level deal. `names[seat]` is how the record names
/// the seat's side (a team's two players by one name); `bound(seat)`: the seat is held to the
/// last-trick rule (in Blind Watten only forehand and the dealer).
pub fn facts(
    order: &Order,
    hands: &[Vec<String>],
    names: &[String],
    bound: impl Fn(usize) -> bool,
    actions: &[Value],
) -> Vec<Value> {
    let n = hands.len();
    let mut held = hands.to_vec();
    let mut trick: Vec<(usize, String)> = Vec::new();
    // Tricks taken per side, and tricks complete.
    let mut sides = names.to_vec();
    sides.sort();
    sides.dedup();
    let mut won: Vec<(String, usize)> = sides.into_iter().map(|s| (s, 0)).collect();
    let mut done = 0;
    let mut open: Option<String> = None;
    let mut bets = 0;
    let mut card_ok = true;
    let mut events = Vec::new();
    for a in actions {
        let seat = a["seat"].as_u64().unwrap() as usize;
        let side = names[seat].clone();
        let (verb, value) = a
            .as_object()
            .unwrap()
            .iter()
            .find(|(k, _)| *k != "seat")
            .unwrap();
        match verb.as_str() {
            "card" => {
                // "If the opponents of the betting team continue by playing the next card
                // without responding to the bet, this is considered equivalent to seeing".
                if open.take().is_some() {
                    events.push(json!({"see": side}));
                }
                let card = value.as_str().unwrap().to_string();
                held[seat].retain(|c| *c != card);
                trick.push((seat, card));
                if trick.len() == n {
                    let cards: Vec<String> = trick.iter().map(|(_, c)| c.clone()).collect();
                    let winner = names[trick[order.winner(&cards)].0].clone();
                    trick.clear();
                    done += 1;
                    let count = &mut won.iter_mut().find(|(s, _)| *s == winner).unwrap().1;
                    *count += 1;
                    if *count == 3 {
                        events.push(json!({"tricks": winner}));
                    }
                }
            }
            "bet" => {
                events.push(match value.as_u64() {
                    Some(4) => json!({"bet": side, "to": 4}),
                    _ => json!({"bet": side}),
                });
                let last = order.tyrolean && bets == 0 && done == 4 && won.iter().all(|w| w.1 == 2);
                card_ok = !last || !bound(seat) || last_card_ok(order, &held[seat], &trick, seat);
                bets += 1;
                open = Some(side);
            }
            "farbe" => events.push(json!({"farbe": side, "card_ok": card_ok})),
            verb => {
                if matches!(verb, "see" | "give_up") {
                    open = None;
                }
                events.push(json!({verb: side}));
            }
        }
    }
    events
}

/// Tyrolean "Betting and scoring": with "no betting up to this point, and the teams have two
/// tricks each", a bet "after the first card has been played to the last trick" needs the
/// bettor's last card (played to it, or still in hand) to be "either the same suit as the
/// card led to the trick, or is a trump or Schlag". Before the lead the rule does not apply.
fn last_card_ok(order: &Order, hand: &[String], trick: &[(usize, String)], seat: usize) -> bool {
    let Some((_, led)) = trick.first() else {
        return true;
    };
    let card = trick
        .iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, c)| c)
        .or(hand.first())
        .unwrap();
    order.is_trump(card) || order.suit(card) == order.suit(led)
}
