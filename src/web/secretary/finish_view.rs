//! What the overview shows of the end of a tournament and its planned rounds, and why it
//! cannot be finished yet ([`super::finish`] finishes, reopens and plans).

use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::format::Format;
use crate::web::i18n::Locale;

/// What the overview shows of the end and the plan.
pub struct FinishView {
    pub finished: bool,
    /// Why the tournament cannot be finished now; `None`: the button is shown.
    pub no_finish: Option<String>,
    /// Rounds tournaments: the plan in words and the planned number ("" while open).
    pub plan: Option<(String, String)>,
    /// Before the finish: the tables of any round whose deals still wait, named, for
    /// "Alle bestätigen" (they count only once confirmed).
    pub waiting: Vec<String>,
}

/// Why "Turnier abschließen" is not offered now, in words; `None` when it is.
pub fn why_no_finish(l: Locale, d: &TournamentDetail) -> Option<String> {
    if d.rounds.is_empty() {
        Some(l.t("finish-no-round"))
    } else {
        d.rounds
            .iter()
            .find(|r| !r.closed)
            .map(|r| l.t_with("finish-open-round", &[("round", r.number.to_string())]))
    }
}

pub fn view(l: Locale, d: &TournamentDetail) -> FinishView {
    let t = &d.tournament;
    let drawn = d.rounds.iter().filter(|r| !r.knockout).count();
    let waiting = match t.status {
        Status::Finished => Vec::new(),
        _ => {
            let waiting = crate::service::scoring::confirm_all::waiting(d, None);
            super::confirm_all::lines(l, d, &waiting, true)
        }
    };
    FinishView {
        waiting,
        finished: t.status == Status::Finished,
        no_finish: why_no_finish(l, d),
        plan: (t.format == Format::Rounds).then(|| {
            match t.settings.as_ref().and_then(|s| s.rounds) {
                Some(n) => {
                    let args = [("planned", n.to_string()), ("drawn", drawn.to_string())];
                    (l.t_with("plan-is", &args), n.to_string())
                }
                None => (l.t("plan-none"), String::new()),
            }
        }),
    }
}
