//! A round: drawing it (the method the settings name, a fresh seed stored with it), its page
//! with the seating, swapping two seats before any deal is entered, closing it, and reopening
//! it with a reason (which the service writes to the audit log).

use crate::service::draws;
use crate::service::once::Once;
use crate::service::scoring::desk;
use crate::service::tournaments::{RoundView, TournamentDetail};
use crate::text::{Kind, Text};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::secretary::choices::Choice;
use crate::web::secretary::overview::{self, why_no_draw};
use crate::web::secretary::seating::{SeatingTable, entrant_name, seating};
use crate::web::secretary::{access, keyed};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

csrf_form!(SwapForm { a, b, key });
csrf_form!(ReopenForm { reason, key });
csrf_form!(CloseForm { anyway, key });
csrf_form!(DrawForm { key });

#[derive(Template)]
#[template(path = "tournament_round.html")]
struct RoundPage {
    page: Page,
    csrf: String,
    /// The submission key of this page's state forms (`keyed`).
    key: String,
    slug: String,
    name: String,
    number: i32,
    open: bool,
    /// No deal entered yet: seats may still be swapped.
    swappable: bool,
    seed: String,
    tables: Vec<SeatingTable>,
    byes: Vec<String>,
    /// Everyone in the round, for the two swap fields.
    entrants: Vec<Choice>,
    error: Option<String>,
    notice: Option<String>,
    /// The round can be taken back (the last round, nothing stored yet).
    undraw: Option<super::undraw::UndrawButton>,
    /// "Runde 2 von 4" when the rounds are planned.
    heading: String,
    /// The tournament is finished: nothing on the round changes.
    frozen: bool,
    /// Closing was asked while tables are not done: they, by number, and "Trotzdem abschließen".
    close_warning: Option<CloseWarning>,
    /// Each table's heading links to its page under this path (the round page had
    /// no way to a table); the printed seating plan has none.
    table_base: Option<String>,
}

/// The tables that keep a round from being done, each list as "2, 5".
pub struct CloseWarning {
    pub unfinished: String,
    pub unconfirmed: String,
    /// The tables whose deals wait, named, for "Alle bestätigen".
    pub waiting: Vec<String>,
}

/// Whether any deal of the round has been entered (in any state): then the seating stands.
pub fn started(r: &RoundView) -> bool {
    r.tables
        .iter()
        .any(|t| !t.versions.is_empty() || !t.deals.is_empty())
}

/// Shows the round page again with the reason a request was refused; nothing changed.
async fn refuse(
    ctx: Ctx,
    d: TournamentDetail,
    number: i32,
    error: String,
) -> Result<HttpResponse, AppError> {
    render(
        ctx,
        d,
        number,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some(error),
        None,
    )
    .await
}

async fn render(
    ctx: Ctx,
    d: TournamentDetail,
    number: i32,
    status: StatusCode,
    error: Option<String>,
    notice: Option<String>,
) -> Result<HttpResponse, AppError> {
    render_with(ctx, d, number, status, (error, notice), None).await
}

async fn render_with(
    mut ctx: Ctx,
    d: TournamentDetail,
    number: i32,
    status: StatusCode,
    (error, notice): (Option<String>, Option<String>),
    close_warning: Option<CloseWarning>,
) -> Result<HttpResponse, AppError> {
    let l = ctx.locale;
    let r = d.round(number)?;
    let (tables, byes) = seating(l, &d, r);
    // Each entrant with where they sit now, so the secretary finds the right one quickly.
    let seated = r.tables.iter().flat_map(|t| {
        let at = l.t_with("swap-at-table", &[("table", t.number.to_string())]);
        t.seats.iter().map(move |id| (id, at.clone()))
    });
    let bye = l.t("seat-byes");
    let mut entrants: Vec<Choice> = seated
        .chain(r.byes.iter().map(|id| (id, bye.clone())))
        .map(|(id, at)| Choice {
            value: id.clone(),
            label: format!("{} – {at}", entrant_name(&d, id)),
            selected: false,
        })
        .collect();
    entrants.sort_by_key(|a| a.label.to_lowercase());
    let page = RoundPage {
        csrf: ctx.csrf_token().await?,
        key: keyed::form_key()?,
        page: ctx.page().await?,
        slug: d.tournament.slug.clone(),
        name: d.tournament.name.clone(),
        number,
        open: !r.closed,
        swappable: !r.closed && !started(r),
        seed: r.seed.map(|s| s.to_string()).unwrap_or_default(),
        tables,
        byes,
        entrants,
        error,
        notice,
        undraw: super::undraw::button(l, &d, number),
        heading: heading(l, &d, number),
        frozen: d.tournament.status == crate::service::tournaments::Status::Finished,
        close_warning,
        table_base: Some(format!("/t/{}/rounds/{number}/tables", d.tournament.slug)),
    };
    ctx.render(status, &page)
}

/// "Runde 2", or "Runde 2 von 4" when a plan names the rounds (knockout rounds: no plan).
fn heading(l: crate::web::i18n::Locale, d: &TournamentDetail, number: i32) -> String {
    let planned = d.tournament.settings.as_ref().and_then(|s| s.rounds);
    let knockout = d.rounds.iter().any(|r| r.number == number && r.knockout);
    match planned {
        Some(p) if !knockout => l.t_with(
            "round-of-planned",
            &[("round", number.to_string()), ("planned", p.to_string())],
        ),
        _ => format!("{} {number}", l.t("round-word")),
    }
}

pub async fn show(ctx: Ctx, path: web::Path<(String, i32)>) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (_, d) = access::managed(&ctx, &slug).await?;
    render(ctx, d, number, StatusCode::OK, None, None).await
}

/// Draws the next round and shows it.
pub async fn draw(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<DrawForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    // The same form again: the round it drew is open now, which would refuse it.
    if keyed::seen(&ctx, &d, &form.key, "draw").await? {
        return Ok(ctx.already_done(&format!("/t/{slug}")));
    }
    if let Some(why) = why_no_draw(ctx.locale, &d) {
        return overview::render(ctx, d, StatusCode::CONFLICT, Some(why)).await;
    }
    let drawn = keyed::run(&ctx, actor, &slug, (&form.key, "draw"), |c, a, now, s| {
        draws::draw_round(c, a, now, s, None)
    })
    .await?;
    Ok(match drawn {
        Once::Done(number) => ctx.redirect(&format!("/t/{slug}/rounds/{number}")),
        Once::Already => ctx.already_done(&format!("/t/{slug}")),
    })
}

/// Back to round `number`'s page: as the first time, or saying the form was done already.
fn back(ctx: Ctx, slug: &str, number: i32, done: Once<()>) -> HttpResponse {
    let to = format!("/t/{slug}/rounds/{number}");
    match done {
        Once::Done(()) => ctx.redirect(&to),
        Once::Already => ctx.already_done(&to),
    }
}

/// Swaps two entrants (two seats, or a seat and a bye) before the round starts.
pub async fn swap(
    path: web::Path<(String, i32)>,
    CsrfForm(ctx, form): CsrfForm<SwapForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (actor, d) = access::managed(&ctx, &slug).await?;
    // The same swap again would swap the two back.
    if keyed::seen(&ctx, &d, &form.key, "swap").await? {
        return Ok(back(ctx, &slug, number, Once::Already));
    }
    let r = d.round(number)?;
    let l = ctx.locale;
    let in_round = |id: &str| {
        r.byes.iter().any(|b| b == id) || r.tables.iter().any(|t| t.seats.iter().any(|s| s == id))
    };
    let error = if r.closed || started(r) {
        Some(l.t("swap-started"))
    } else if form.a == form.b || !in_round(&form.a) || !in_round(&form.b) {
        Some(l.t("swap-choose-two"))
    } else {
        None
    };
    if let Some(error) = error {
        return refuse(ctx, d, number, error).await;
    }
    let (a, b) = (form.a.clone(), form.b.clone());
    let swapped = keyed::run(
        &ctx,
        actor,
        &slug,
        (&form.key, "swap"),
        move |c, x, now, s| draws::swap_seats(c, x, now, s, number, &a, &b),
    )
    .await?;
    if swapped == Once::Already {
        return Ok(back(ctx, &slug, number, swapped));
    }
    let (_, d) = access::managed(&ctx, &slug).await?;
    let notice = Some(l.t("swap-done"));
    render(ctx, d, number, StatusCode::OK, None, notice).await
}

pub async fn close(
    path: web::Path<(String, i32)>,
    CsrfForm(ctx, form): CsrfForm<CloseForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let r = d.round(number)?;
    // Closed already (the same form again, or a second device): as the first time.
    if r.closed || keyed::seen(&ctx, &d, &form.key, "close").await? {
        return Ok(back(ctx, &slug, number, Once::Already));
    }
    // Asked once more while a table is not done, unless the form says "Trotzdem abschließen".
    if !r.closed && form.anyway.trim() != "yes" {
        let lang = ctx.locale.rules_lang();
        let (who, target) = (actor.clone(), slug.clone());
        let tables = ctx
            .state
            .db
            .run(move |conn| desk::round_tables(conn, &who, &target, number, lang))
            .await?;
        if let Some(mut warning) = close_warning(&tables.tables) {
            use crate::service::scoring::confirm_all::waiting;
            let waiting = waiting(&d, Some(number));
            warning.waiting = super::confirm_all::lines(ctx.locale, &d, &waiting, false);
            let ok = (None, None);
            return render_with(ctx, d, number, StatusCode::CONFLICT, ok, Some(warning)).await;
        }
    }
    let done = keyed::run(
        &ctx,
        actor,
        &slug,
        (&form.key, "close"),
        move |c, a, now, s| draws::close_round(c, a, now, s, number),
    )
    .await?;
    Ok(back(ctx, &slug, number, done))
}

/// The tables not done: no finished game (no deal, or the game still on), and tables with a
/// deal waiting for confirmation. `None` when every table is done.
fn close_warning(tables: &[desk::TableSummary]) -> Option<CloseWarning> {
    let list = |keep: &dyn Fn(&desk::TableSummary) -> bool| {
        let numbers: Vec<String> = tables
            .iter()
            .filter(|t| keep(t))
            .map(|t| t.number.to_string())
            .collect();
        numbers.join(", ")
    };
    let unfinished = list(&|t| !t.finished);
    let unconfirmed = list(&|t| t.pending > 0);
    (!unfinished.is_empty() || !unconfirmed.is_empty()).then_some(CloseWarning {
        unfinished,
        unconfirmed,
        waiting: Vec::new(),
    })
}

/// Reopens a closed round; the reason is required and goes to the audit log.
pub async fn reopen(
    path: web::Path<(String, i32)>,
    CsrfForm(ctx, form): CsrfForm<ReopenForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (actor, d) = access::managed(&ctx, &slug).await?;
    if keyed::seen(&ctx, &d, &form.key, "reopen-round").await? {
        return Ok(back(ctx, &slug, number, Once::Already));
    }
    let r = d.round(number)?;
    let reason = form.reason.trim().to_string();
    let l = ctx.locale;
    let error = if !r.closed {
        Some(l.t("reopen-not-closed"))
    } else if Text::parse(&reason, Kind::Reason).is_err() {
        Some(l.t("reopen-reason-needed"))
    } else {
        None
    };
    if let Some(error) = error {
        return refuse(ctx, d, number, error).await;
    }
    let action = (form.key.as_str(), "reopen-round");
    let done = keyed::run(&ctx, actor, &slug, action, move |c, a, now, s| {
        draws::reopen_round(c, a, now, s, number, &reason)
    })
    .await?;
    Ok(back(ctx, &slug, number, done))
}
