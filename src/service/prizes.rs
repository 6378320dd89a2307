//! The prize scheme as a tournament setting (`settings.prizes`): set on the new-tournament
//! form, changed on the overview until "Turnier abschließen", so the list computed from the
//! final standings is the one the organiser announced. Audited as `prizes_set` with the scheme
//! before and after.
//!
//! The scheme is checked here once more (the form words the refusals): what holds for any
//! field (`prizes::check`), and, once the field is entered, whether it can be paid from the
//! pot of this field (`prizes::prize_list`).

use super::Actor;
use super::closing::managed_locked;
use super::tournaments::{Status, audit, detail};
use crate::db::models::TournamentRow;
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::TournamentRefusal;
use crate::service::audit_detail::PrizesSet;
use crate::tournament::prizes::{self, PrizeRefusal, PrizeScheme};
use chrono::NaiveDateTime;

/// Whether `scheme` can be paid in a field of `entrants` (any scheme is, with no field yet,
/// as long as [`prizes::check`] passes).
pub fn payable(scheme: &PrizeScheme, entrants: usize) -> Result<(), PrizeRefusal> {
    prizes::check(scheme)?;
    if entrants == 0 {
        return Ok(());
    }
    prizes::prize_list(scheme, &prizes::field_of(entrants)).map(|_| ())
}

/// Stores `scheme` (`None`: no prize list) as the tournament's prize scheme. Refused once the
/// tournament is finished, and for a scheme its field cannot pay.
pub fn set(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    scheme: Option<PrizeScheme>,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let row = managed_locked(conn, actor, slug)?;
        let id = row.id();
        let d = detail(conn, row)?;
        if d.tournament.status == Status::Finished {
            return Err(TournamentRefusal::PrizesFinished.into());
        }
        if let Some(s) = &scheme {
            payable(s, d.file().entrants().len())
                .map_err(|why| AppError::from(prize_refusal(why)))?;
        }
        let mut settings = d.tournament.settings.clone().unwrap_or_default();
        let before = settings.prizes.take();
        if before == scheme {
            return Ok(());
        }
        settings.prizes.clone_from(&scheme);
        let text = serde_json::to_string(&settings)
            .map_err(|e| AppError::Internal(format!("settings: {e}")))?;
        TournamentRow::set_settings(conn, id, &text)?;
        let detail = PrizesSet {
            after: scheme,
            before,
        };
        audit(conn, id, actor, now, detail.into())
    })
}

/// A scheme's refusal as the service's (its amounts as facts).
fn prize_refusal(why: PrizeRefusal) -> TournamentRefusal {
    match why {
        PrizeRefusal::SharesOverWhole(basis_points) => {
            TournamentRefusal::SharesOverWhole { basis_points }
        }
        PrizeRefusal::OverThePot { paid, pot } => TournamentRefusal::OverThePot { paid, pot },
        PrizeRefusal::DeductionOverFees { deduction, fees } => {
            TournamentRefusal::DeductionOverFees { deduction, fees }
        }
        PrizeRefusal::PaidPercent(percent) => TournamentRefusal::PaidPercent { percent },
    }
}
