//! The "Preisliste" of a tournament's page: the pot while the tournament runs (with what each
//! paid place would win in this field), the list of the final standings after "Turnier
//! abschließen", and, for its managers until then, the form that changes the scheme
//! (`POST /t/{slug}/prizes`, stored by `service::prizes::set`, audited `prizes_set`).
//!
//! The list is `report::prizes::build` of the standings the page shows, so the page, the
//! report and the exports cannot disagree, and the names are those of the standings' rows.

use crate::report::prizes::{PrizeLine, Prizes};
use crate::report::{Standing, standing};
use crate::service::prizes;
use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::euro;
use crate::tournament::file::TournamentFile;
use crate::tournament::standings::Row;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::prize_form::{PrizeText, refusal_words};
use crate::web::secretary::{access, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// One line as the page shows it.
pub struct PrizeRow {
    pub rank: u32,
    /// Empty before the end (the line is a place then).
    pub name: String,
    pub money: String,
    pub goods: String,
    pub shared: bool,
}

/// The section's facts in words.
pub struct PrizeView {
    /// Whether the lines are the final ones.
    pub finished: bool,
    /// "Startgelder: 6 Anmeldungen × 20,00 € = 120,00 €", the deduction, the pot.
    pub pot: Vec<String>,
    pub rows: Vec<PrizeRow>,
    pub rest: String,
    /// Why this scheme cannot be paid in this field.
    pub refused: Option<String>,
}

fn row(l: Locale, p: &PrizeLine) -> PrizeRow {
    let lang = l.rules_lang();
    PrizeRow {
        rank: p.rank,
        name: p.name.clone(),
        money: if p.cents > 0 {
            euro::euros(p.cents, lang)
        } else {
            String::new()
        },
        goods: p.goods.clone(),
        shared: p.shared,
    }
}

/// The prize list of `file` in words, from `rows`, the standings the page shows; `None`
/// without a prize scheme.
pub fn view(l: Locale, file: &TournamentFile, rows: &[Row], finished: bool) -> Option<PrizeView> {
    let standings: Vec<Standing> = rows.iter().map(standing).collect();
    crate::report::prizes::build(file, &standings, finished).map(|p| words(l, &p))
}

/// A computed prize list in words (the printable report has it from its `ReportData`).
pub fn words(l: Locale, p: &Prizes) -> PrizeView {
    let lang = l.rules_lang();
    let money = |cents: u64| euro::euros(cents, lang);
    let mut pot = vec![l.t_with(
        "prize-fees",
        &[
            ("entrants", p.entrants.to_string()),
            ("fee", money(p.entry_fee)),
            ("fees", money(p.fees)),
        ],
    )];
    if p.refused.is_none() {
        if p.deduction > 0 {
            pot.push(l.t_with("prize-deducted", &[("deduction", money(p.deduction))]));
        }
        pot.push(l.t_with("prize-pot", &[("pot", money(p.pot))]));
    }
    PrizeView {
        finished: p.finished,
        pot,
        rows: p.lines.iter().map(|line| row(l, line)).collect(),
        rest: l.t_with("prize-rest", &[("rest", money(p.rest))]),
        refused: p
            .refused
            .as_ref()
            .map(|why| l.t_with("prize-cannot-pay", &[("reason", refusal_words(l, why))])),
    }
}

/// The overview's form: the stored scheme as fields, or what was typed when it was refused;
/// `None` once the tournament is finished.
pub fn form(l: Locale, d: &TournamentDetail, typed: Option<PrizeText>) -> Option<PrizeText> {
    (d.tournament.status != Status::Finished).then(|| {
        typed.unwrap_or_else(|| {
            let scheme = d
                .tournament
                .settings
                .as_ref()
                .and_then(|s| s.prizes.as_ref());
            PrizeText::of(scheme, l.rules_lang())
        })
    })
}

csrf_form!(PrizeForm {
    prize_fee,
    prize_deduction,
    prize_paid,
    prize_money,
    prize_goods,
});

impl PrizeForm {
    fn text(&self) -> PrizeText {
        PrizeText {
            fee: self.prize_fee.clone(),
            deduction: self.prize_deduction.clone(),
            paid: self.prize_paid.clone(),
            money: self.prize_money.clone(),
            goods: self.prize_goods.clone(),
        }
    }
}

/// The scheme typed, checked against this tournament's field, or the refusal in words.
fn checked(
    l: Locale,
    d: &TournamentDetail,
    text: &PrizeText,
) -> Result<Option<crate::tournament::prizes::PrizeScheme>, String> {
    if d.tournament.status == Status::Finished {
        return Err(l.t("prize-finished"));
    }
    let scheme = text
        .scheme()
        .map_err(|wrong| wrong.iter().map(|id| l.t(id)).collect::<Vec<_>>().join(" "))?;
    if let Some(s) = &scheme {
        prizes::payable(s, d.file().entrants().len()).map_err(|why| refusal_words(l, &why))?;
    }
    Ok(scheme)
}

/// Stores the scheme and shows the overview again; refused: the overview with the reason and
/// the fields as typed (400).
pub async fn set(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<PrizeForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let text = form.text();
    let scheme = match checked(l, &d, &text) {
        Ok(scheme) => scheme,
        Err(why) => {
            let message = l.t_with("prize-refused", &[("reason", why)]);
            return overview::render_with(
                ctx,
                d,
                StatusCode::BAD_REQUEST,
                Some(message),
                Some(text),
            )
            .await;
        }
    };
    let now = ctx.state.clock.now();
    let s = slug.to_string();
    ctx.state
        .db
        .run(move |conn| prizes::set(conn, &actor, now, &s, scheme))
        .await?;
    Ok(ctx.redirect(&format!("{}#prizes", access::href(&slug))))
}
