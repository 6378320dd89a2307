//! How a live deal came to be what it is, for the deal lists: a confirmation adds a version
//! with the same record, which is no correction, so the list says "bestätigt" and by whom;
//! only a version that changed a standing deal is a correction and shows its number.

use crate::db::models::DealVersionRow;
use crate::service::deals::DealStatus;

/// Who confirmed a deal that waited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfirmedBy {
    /// The other side at the table, through the scorer's link.
    OtherSide,
    /// The tournament's secretary (or the administrator).
    Secretary,
}

/// What the versions of one deal say about it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct History {
    /// A version changed the deal after it stood (not a first entry after a withdrawal).
    pub corrected: bool,
    /// The current version confirmed the waiting one before it, unchanged.
    pub confirmed_by: Option<ConfirmedBy>,
}

/// The history of the deal whose versions (oldest first) are `versions`.
pub fn history(versions: &[&DealVersionRow]) -> History {
    let mut out = History::default();
    for pair in versions.windows(2) {
        let (before, v) = (pair[0], pair[1]);
        let confirms = before.status == DealStatus::Pending
            && v.status == DealStatus::Confirmed
            && before.record == v.record;
        let by = match v.source.as_str() {
            "scorer" => ConfirmedBy::OtherSide,
            _ => ConfirmedBy::Secretary,
        };
        out.confirmed_by = confirms.then_some(by);
        let changes = v.status != DealStatus::Withdrawn
            && before.status != DealStatus::Withdrawn
            && !confirms;
        out.corrected |= changes;
    }
    out
}
