//! Which standings a page shows: "Endstand" only once the tournament is finished ("Turnier
//! abschließen"), before that "Zwischenstand nach Runde N" (N the rounds closed so far) or
//! "Zwischenstand" while none is closed. Every standings page and export words it so.

use crate::service::tournaments::{Status, TournamentDetail};
use crate::web::i18n::Locale;

/// The overall standings' caption for the tournament's stage.
pub fn caption(l: Locale, d: &TournamentDetail) -> String {
    if d.tournament.status == Status::Finished {
        return l.t("stage-final");
    }
    let closed = d.rounds.iter().filter(|r| r.closed && !r.knockout).count();
    if closed == 0 {
        l.t("stage-interim")
    } else {
        l.t_with("stage-after", &[("round", closed.to_string())])
    }
}
