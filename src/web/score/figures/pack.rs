//! The card picker's pack: every card of the tournament's variant (contract 1: Giltspiel 32,
//! Perlaggen 33 with the Weli, Schlanders 32), each with the trumps under which it is wild,
//! so the page can ask for a baptism exactly when the deal's trump makes the card a Perlagg.

use crate::rules::figures::cards::{Card, Rank, Suit, Variant};

/// A card of the pack as the picker offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickCard {
    /// The contract's notation: `EA`, `H10`, `S6`.
    pub card: String,
    /// The trump suits (letters, space-separated) under which it is wild; empty: never.
    pub wild_under: String,
}

fn letter(s: Suit) -> String {
    format!("{s:?}")
}

/// The variant's pack, suit by suit in the Hanger order.
pub fn pack(variant: Variant) -> Vec<PickCard> {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        for rank in Rank::ALL {
            let card = Card::new(suit, rank);
            if !variant.has_card(card) {
                continue;
            }
            let wild_under = Suit::ALL
                .into_iter()
                .filter(|t| variant.is_wild(card, *t))
                .map(letter)
                .collect::<Vec<_>>()
                .join(" ");
            out.push(PickCard {
                card: card.to_string(),
                wild_under,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_have_the_contracts_sizes_and_wild_cards() {
        assert_eq!(pack(Variant::GiltStandard).len(), 32);
        assert!(
            pack(Variant::GiltStandard)
                .iter()
                .all(|c| c.wild_under.is_empty())
        );
        let innsbruck = pack(Variant::Innsbruck);
        assert_eq!(innsbruck.len(), 33);
        let weli = innsbruck.iter().find(|c| c.card == "S6").unwrap();
        assert_eq!(weli.wild_under, "E L H S", "the Weli is always wild");
        // The trump 7 is wild only with hearts or leaves trumps (contract 5.6).
        let h7 = innsbruck.iter().find(|c| c.card == "H7").unwrap();
        assert!(h7.wild_under.contains('H') && !h7.wild_under.contains('S'));
        assert_eq!(pack(Variant::Schlanders).len(), 32);
        let perlique = pack(Variant::GiltPerlique);
        let lu = perlique.iter().find(|c| c.card == "LU").unwrap();
        assert_eq!(
            lu.wild_under, "L",
            "trump Unter: wild when leaves are trumps"
        );
    }
}
