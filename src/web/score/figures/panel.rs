//! The figure panel of the Giltspiel/Perlaggen entry: each figure's value in this deal and
//! its state (open, bet by a side, held, good, shown, won, stands, not shown), computed by the
//! referee's own deal state from the events typed so far. Events up to the first line that
//! does not read or breaks a rule count; that line and the referee's message are reported.

use super::parse;
use crate::rules::figures::figure::Figure;
use crate::rules::figures::record::Event;
use crate::rules::figures::rule_set;
use crate::rules::figures::state::{AUS, Ctx, DealState};
use crate::rules::record::RawRecord;
use crate::rules::view::as_pair;
use crate::rules::{Pair, Record, Report, Side};
use crate::web::i18n::Locale;
use crate::web::score::placing::event_lines;

/// One figure as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureView {
    /// `Gleich`, `Hanger`, `Spiel` (game words stay German).
    pub name: &'static str,
    pub key: &'static str,
    /// `1` … `7`, `aus`.
    pub value: String,
    pub state: String,
    /// For the style: `open`, `bet`, `held`, `won`, `stands`.
    pub class: &'static str,
}

/// The panel: the figures, the trump, and where the events stopped counting.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Panel {
    pub figures: Vec<FigureView>,
    pub trump: String,
    /// The line (from 1) that does not read or breaks a rule; 0: none.
    pub stop_line: usize,
    pub stop_message: String,
}

fn side_text(s: Side) -> String {
    match s {
        Side::A => "A".into(),
        Side::B => "B".into(),
    }
}

/// The game's score before the next deal: the last deal's, 0:0 after a finished game (or
/// without a figure game's report of two sides).
fn score_before(report: Option<&Report>) -> Pair<i64> {
    match report.and_then(Report::last_deal_view) {
        Some(last) if last.figures.is_some() && !last.ends_game() => {
            last.score().and_then(as_pair).unwrap_or_default()
        }
        _ => Pair::new(0, 0),
    }
}

/// The panel for the table's record (frame and live deals), its referee report, and the
/// typed event list of the next deal.
pub fn panel(locale: Locale, record: &Record, report: Option<&Report>, events: &str) -> Panel {
    let text = record.to_json();
    let Some((variant, target)) = RawRecord::parse(&text)
        .ok()
        .and_then(|raw| rule_set(&raw).ok())
    else {
        return Panel::default();
    };
    let ctx = Ctx {
        variant,
        target,
        score: score_before(report),
        // Events-only panel: no card-level exchanges to check.
        opponents_exchange: false,
    };
    let lang = locale.rules_lang();
    let mut state = DealState::default();
    let mut shown = [false; 3];
    let mut out = Panel::default();
    for line in event_lines(events) {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        // The form's event, read by the referee's own event type.
        let event = parse::event(&words)
            .and_then(|e| serde_json::to_value(e).ok())
            .and_then(|e| serde_json::from_value::<Event>(e).ok());
        let Some(event) = event else {
            out.stop_line = line.no;
            out.stop_message = locale.t_with("score-err-event", &[("line", line.no.to_string())]);
            break;
        };
        match state.apply(&ctx, &event) {
            Ok(next) => state = next,
            Err(e) => {
                out.stop_line = line.no;
                out.stop_message = e.text.get(lang).to_string();
                break;
            }
        }
        if let Event::Show(_) = &event {
            for f in Figure::ALL {
                shown[f.index()] |= line.text.to_lowercase().contains(f.key());
            }
        }
    }
    out.trump = state.trump.map(|t| format!("{t:?}")).unwrap_or_default();
    out.figures = Figure::ALL
        .into_iter()
        .map(|f| view(locale, &state, f, shown[f.index()]))
        .collect();
    out
}

fn view(locale: Locale, state: &DealState, f: Figure, shown: bool) -> FigureView {
    let fs = state.fig(f);
    let value = if fs.value == AUS {
        "aus".to_string()
    } else {
        fs.value.to_string()
    };
    let (state_text, class) = if fs.decided {
        let base = match fs.winner {
            Some(s) => locale.t_with("entry-fig-won", &[("side", side_text(s))]),
            None => locale.t("entry-fig-stands"),
        };
        let how = if fs.conceded.is_some() {
            Some(locale.t("entry-fig-good"))
        } else if shown {
            Some(locale.t("entry-fig-shown"))
        } else {
            None
        };
        let mut text = match how {
            Some(how) => format!("{how}: {base}"),
            None => base,
        };
        for s in Side::BOTH {
            if fs.unshown[s.index()].is_some() {
                let failed = locale.t_with("entry-fig-unshown", &[("side", side_text(s))]);
                text = format!("{text} · {failed}");
            }
        }
        (text, if fs.winner.is_some() { "won" } else { "stands" })
    } else if let Some(s) = fs.pending {
        let next = if fs.value + 1 >= AUS {
            "aus".to_string()
        } else {
            (fs.value + 1).to_string()
        };
        (
            locale.t_with("entry-fig-bet", &[("side", side_text(s)), ("value", next)]),
            "bet",
        )
    } else if fs.first_bet.is_some() {
        (locale.t("entry-fig-held"), "held")
    } else {
        (locale.t("entry-fig-open"), "open")
    };
    FigureView {
        name: match f {
            Figure::Gleich => "Gleich",
            Figure::Hanger => "Hanger",
            Figure::Spiel => "Spiel",
        },
        key: f.key(),
        value,
        state: state_text,
        class,
    }
}
