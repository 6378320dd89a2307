//! An oracle for the figure games' card-level properties, written from the rules texts (000
//! Giltspiel, 001 Perlaggen, Innsbruck style) and apart from the referee: who wins a trick,
//! a player's best Gleich and Hanger, which side's shown figure is better, and whether a
//! player can show an example of a figure. Cards are strings as the records write them
//! (`"E7=L10"`: a Perlagg baptised as the Ten of leaves).

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

/// Ranks high to low: "Ace (Ass, Sau), King (König), Ober, Unter, Ten, Nine, Eight, Seven";
/// the Six (the Weli as itself, "the card reverts to its face value") below them.
const RANKS: [&str; 9] = ["A", "K", "O", "U", "10", "9", "8", "7", "6"];

/// How high a rank is: 8 for the Ace down to 0 for the Six.
fn height(card: &str) -> u8 {
    8 - RANKS.iter().position(|r| *r == &card[1..]).unwrap() as u8
}

/// The card a played or shown card counts as: its baptism, else itself.
pub fn counts_as(card: &str) -> &str {
    card.split_once('=').map_or(card, |(_, b)| b)
}

fn baptised(card: &str) -> bool {
    card.contains('=')
}

/// The Perlaggen under `trump`, highest first, or none (Giltspiel). Perlaggen text, "Players
/// and Cards": "The King of hearts, known as Martl", "The Six of bells, known as the Weli",
/// "The Seven of bells, known as Schell-Spitz", "The Seven of acorns, known as Eichel-Spitz";
/// then "The Trump Seven, if hearts or leaves are trumps", "The Trump Unter", "The Trump
/// Ober" ("they rank as listed above from the Martl (highest) down to the Trump Ober").
pub fn perlaggen(perlaggen: bool, trump: &str) -> Vec<String> {
    if !perlaggen {
        return Vec::new();
    }
    let mut list: Vec<String> = ["HK", "S6", "S7", "E7"].map(String::from).to_vec();
    if matches!(trump, "H" | "L") {
        list.push(format!("{trump}7"));
    }
    for r in ["U", "O"] {
        let c = format!("{trump}{r}");
        // The Martl is the heart King, never a heart Ober or Unter: no card comes twice.
        if !list.contains(&c) {
            list.push(c);
        }
    }
    list
}

/// The index of the card that wins the trick. Both texts, "The Play": "The trick is won by
/// the highest trump in it, or if no trump was played, by the highest card of the suit that
/// was led"; Perlaggen: "If a Perlagg is led to a trick, the suit it is baptised as determines
/// the suit that must be followed", "Any baptised Perlagg ranks higher than the real card that
/// it represents", and Perlaggen "baptised to represent the same card ... rank as listed".
pub fn trick_winner(wild: &[String], trump: &str, cards: &[String]) -> usize {
    let led = &counts_as(&cards[0])[..1];
    let key = |c: &String| {
        let as_card = counts_as(c);
        let class = if &as_card[..1] == trump {
            2
        } else {
            u8::from(&as_card[..1] == led)
        };
        let physical = c.split('=').next().unwrap();
        let perlagg = match wild.iter().position(|w| w == physical) {
            Some(i) if baptised(c) => wild.len() + 1 - i,
            _ => 0,
        };
        (class, height(as_card), perlagg)
    };
    let mut best = 0;
    for (i, c) in cards.iter().enumerate() {
        if key(c) > key(&cards[best]) {
            best = i;
        }
    }
    best
}

/// A figure's strength: (cards, height of its top card); more cards first.
pub type Strength = (usize, u8);

/// The best Gleich among one player's cards. "A Gleich is a set of at least two equal ranked
/// cards in the hand of one player ... Any set of three equal cards ... beats any pair ... If
/// two Gleichs contain the same number of cards, the higher beats the lower"; "Perlaggen rank
/// as equal to the cards they represent".
pub fn best_gleich(cards: &[String]) -> Option<Strength> {
    RANKS
        .iter()
        .map(|r| {
            let n = cards.iter().filter(|c| &counts_as(c)[1..] == *r).count();
            (n, 8 - RANKS.iter().position(|x| x == r).unwrap() as u8)
        })
        .filter(|(n, _)| *n >= 2)
        .max()
}

/// The best Hanger among one player's cards. "A Hanger is a sequence of at least two
/// consecutive cards in a suit ... A longer sequence beats a shorter one, and between two
/// sequences of the same length the one with the higher cards wins"; the suit's sequence is
/// Ace down to Seven (the Six is no rank of a suit's order).
pub fn best_hanger(cards: &[String]) -> Option<Strength> {
    let mut best = None;
    for suit in ["E", "L", "H", "S"] {
        let has = |r: &str| cards.iter().any(|c| counts_as(c) == format!("{suit}{r}"));
        for top in 0..8 {
            let len = (top..8).take_while(|&i| has(RANKS[i])).count();
            if len >= 2 {
                best = best.max(Some((len, 8 - top as u8)));
            }
        }
    }
    best
}

pub fn best(figure: &str, cards: &[String]) -> Option<Strength> {
    if figure == "gleich" {
        best_gleich(cards)
    } else {
        best_hanger(cards)
    }
}

/// Who wins a figure from each side's best among its players' cards face up: `"A"`, `"B"`,
/// or `"stands"` ("If both teams have an equally high Gleich or Hanger, the figure is tied
/// (standing) and neither team scores for it"; no instance on either side scores nothing).
pub fn outcome(figure: &str, a: &[Vec<String>], b: &[Vec<String>]) -> &'static str {
    let side = |seats: &[Vec<String>]| seats.iter().filter_map(|c| best(figure, c)).max();
    match (side(a), side(b)) {
        (x, y) if x > y => "A",
        (x, y) if x < y => "B",
        _ => "stands",
    }
}

/// Whether a player can show an example of the figure ("at least two equal cards for a
/// Gleich and at least two consecutive cards of a suit for a Hanger"; "A bet can be validated
/// by showing a Perlagg from hand and baptising it appropriately"): `face_up` as the cards
/// count, `in_hand` natural cards as themselves and Perlaggen baptised at will.
pub fn can_show(figure: &str, wild: &[String], face_up: &[String], in_hand: &[String]) -> bool {
    let (free, natural): (Vec<&String>, Vec<&String>) =
        in_hand.iter().partition(|c| wild.contains(c));
    let fixed: Vec<String> = face_up
        .iter()
        .chain(natural)
        .map(|c| counts_as(c).to_string())
        .collect();
    if best(figure, &fixed).is_some() || free.len() >= 2 {
        return true;
    }
    // One Perlagg makes a Gleich with any card, a Hanger with any card of a suit's order.
    !free.is_empty()
        && fixed
            .iter()
            .any(|c| figure == "gleich" || !c.ends_with('6'))
}
