//! The overview's "Reihung bei Gleichstand" section: the tie-breaks the game and format
//! offer, one choice per place ([`super::tiebreaks`] stores the organiser's order).

use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::tiebreak::offered;
use crate::web::i18n::Locale;

/// One choice of a place: the column's key, its label, whether it is chosen there.
pub struct Choice {
    pub key: &'static str,
    pub label: String,
    pub selected: bool,
}

/// One place of the list (1., 2., ...) and its choices.
pub struct Place {
    pub number: usize,
    pub choices: Vec<Choice>,
}

/// The overview's tie-break section.
pub struct TiebreakView {
    /// The order now, in words.
    pub words: String,
    /// The form's places; empty once the tournament is finished.
    pub places: Vec<Place>,
}

/// The section for this tournament: its order in words and one place per offered column.
pub fn view(l: Locale, d: &TournamentDetail) -> TiebreakView {
    let file = d.file();
    let lang = l.rules_lang();
    let order = file.order().columns;
    let offered = offered(file.kind());
    let places = if d.tournament.status == Status::Finished {
        Vec::new()
    } else {
        (0..offered.len())
            .map(|i| Place {
                number: i + 1,
                choices: offered
                    .iter()
                    .map(|c| Choice {
                        key: c.key(),
                        label: crate::report::column_label(*c, lang),
                        selected: order.get(i) == Some(c),
                    })
                    .collect(),
            })
            .collect()
    };
    TiebreakView {
        words: crate::report::order_words(&order, lang),
        places,
    }
}
