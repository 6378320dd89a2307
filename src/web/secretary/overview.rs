//! `/t/{slug}`: a tournament at a glance for its secretary: the rules in words, the field,
//! the rounds with their status and links, the button for the next draw, and the standings
//! overall and per round with their tie-break columns (computed by the referee from the
//! confirmed deals, never typed).

use crate::service::tournaments::{self, Status, TournamentDetail};
use crate::tournament::evaluate::BrokenTable;
use crate::tournament::format::Format;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::choices::draw_label;
use crate::web::secretary::list::{date_words, status_words};
use crate::web::secretary::standings_view::{self, StandingsTable};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

/// One round in the list.
pub struct RoundLine {
    pub number: i32,
    pub href: String,
    pub open: bool,
    pub status: String,
    pub tables: usize,
    /// Deals recorded so far (confirmed, counting).
    pub deals: usize,
}

#[derive(Template)]
#[template(path = "tournament_overview.html")]
struct OverviewPage {
    page: Page,
    csrf: String,
    /// The submission key of this page's state forms (`keyed`).
    key: String,
    slug: String,
    name: String,
    date: String,
    place: String,
    status: String,
    status_class: &'static str,
    /// Whether the public pages (`/p/{slug}`) are on.
    public: bool,
    rules: String,
    draw: String,
    entrants: usize,
    team_game: bool,
    rounds: Vec<RoundLine>,
    /// Why the next round cannot be drawn now; `None`: the button is shown.
    no_draw: Option<String>,
    overall: Option<StandingsTable>,
    per_round: Vec<StandingsTable>,
    /// Tables whose record breaks a rule ("Runde 2, Tisch 3").
    broken: Vec<String>,
    /// Knockout finals: the form to draw them, the next stage's button, the bracket.
    finals: Option<super::finals_view::FinalsView>,
    /// The order of the standings and the form to change it.
    tiebreaks: super::tiebreaks_view::TiebreakView,
    /// The "Exports" section's links.
    exports: super::export_links::ExportLinks,
    /// "Turnier abschließen", reopening, the planned rounds.
    finish: super::finish_view::FinishView,
    /// The prize list (the pot before the end); `None` without a prize scheme.
    prizes: Option<super::prizes_view::PrizeView>,
    /// The prize scheme's form; `None` once finished.
    prize_text: Option<super::prize_form::PrizeText>,
    /// The form shows a refused scheme as typed: open it.
    prize_open: bool,
    error: Option<String>,
}

/// Why no round can be drawn now, in words; `None` when one can.
pub fn why_no_draw(l: Locale, d: &TournamentDetail) -> Option<String> {
    let file = d.file();
    // Those drawn next time (`tournament::field`: not withdrawn, absent or entered later).
    let all: Vec<String> = file.entrants().into_iter().map(|e| e.0).collect();
    let entrants = d.marks.present(&all, d.rounds.len() as u32 + 1).len();
    let needed = if file.format == Format::Sessions {
        3
    } else {
        2
    };
    if d.tournament.status == Status::Finished {
        Some(l.t("draw-finished"))
    } else if d.rounds.iter().any(|r| !r.closed) {
        Some(l.t("draw-close-first"))
    } else if d.rounds.iter().any(|r| r.knockout) {
        Some(l.t("draw-finals-begun"))
    } else if let Some(planned) = crate::service::closing::past_plan(
        d.tournament.settings.as_ref(),
        d.rounds.iter().filter(|r| !r.knockout).count() as u32 + 1,
    ) {
        Some(l.t_with("draw-past-plan", &[("planned", planned.to_string())]))
    } else if entrants < needed {
        Some(l.t_with("draw-too-few", &[("needed", needed.to_string())]))
    } else if file.format == Format::Sessions
        && d.rounds.iter().filter(|r| !r.knockout).count() >= file.settings().sessions as usize
    {
        Some(l.t("draw-all-sessions"))
    } else {
        None
    }
}

pub async fn render(
    ctx: Ctx,
    d: TournamentDetail,
    status: StatusCode,
    error: Option<String>,
) -> Result<HttpResponse, AppError> {
    render_with(ctx, d, status, error, None).await
}

/// [`render`], the prize form showing `typed` (what was refused) instead of the stored scheme.
pub async fn render_with(
    mut ctx: Ctx,
    d: TournamentDetail,
    status: StatusCode,
    error: Option<String>,
    typed: Option<super::prize_form::PrizeText>,
) -> Result<HttpResponse, AppError> {
    let l = ctx.locale;
    let file = d.file();
    // Refereeing every table of a large tournament is real work: off the actix workers.
    let lang = l.rules_lang();
    let whole = file.clone();
    let eval = crate::blocking(move || tournaments::evaluate_file(&whole, lang)).await??;
    let t = &d.tournament;
    let (status_text, status_class) = status_words(l, t.status);
    let rounds = round_lines(l, &d);
    // Before the first deal every line would read 0: the table says "no results" instead.
    let any_deal = rounds.iter().any(|r| r.deals > 0);
    let notes = super::field_lines::notes(l, &d);
    let overall = (any_deal && !eval.standings.standings.is_empty())
        .then(|| standings_view::table(l, super::stage::caption(l, &d), &eval.standings.standings))
        .map(|t| t.noted(&notes));
    let counted: Vec<i32> = d
        .rounds
        .iter()
        .filter(|r| !r.knockout)
        .map(|r| r.number)
        .collect();
    let per_round = eval
        .standings
        .rounds
        .iter()
        .zip(&counted)
        .filter(|(rows, _)| any_deal && !rows.is_empty())
        .map(|(rows, n)| {
            let caption = l.t_with("standings-round", &[("round", n.to_string())]);
            standings_view::table(l, caption, rows).noted(&notes)
        })
        .collect();
    let broken = eval.broken.iter().map(|b| broken_words(l, b)).collect();
    let finished = t.status == Status::Finished;
    let page = OverviewPage {
        csrf: ctx.csrf_token().await?,
        key: super::keyed::form_key()?,
        page: ctx.page().await?,
        slug: t.slug.clone(),
        name: t.name.clone(),
        date: date_words(t.date),
        place: t.place.clone().unwrap_or_default(),
        status: status_text,
        status_class,
        public: t.public,
        rules: crate::report::rules_line(&file, l.rules_lang()),
        draw: draw_label(l, file.settings().draw),
        entrants: file.entrants().len(),
        team_game: !t.individual(),
        no_draw: why_no_draw(l, &d),
        rounds,
        overall,
        per_round,
        broken,
        finals: super::finals_view::view(l, &d),
        tiebreaks: super::tiebreaks_view::view(l, &d),
        exports: super::export_links::links(l, &d),
        finish: super::finish_view::view(l, &d),
        prizes: super::prizes_view::view(l, &file, &eval.standings.standings, finished),
        prize_open: typed.is_some(),
        prize_text: super::prizes_view::form(l, &d, typed),
        error,
    };
    ctx.render(status, &page)
}

/// One line per round: its link, whether it is open, its tables and deals.
fn round_lines(l: Locale, d: &TournamentDetail) -> Vec<RoundLine> {
    d.rounds
        .iter()
        .map(|r| RoundLine {
            number: r.number,
            href: format!("/t/{}/rounds/{}", d.tournament.slug, r.number),
            open: !r.closed,
            status: l.t(if r.closed {
                "round-closed"
            } else {
                "round-open"
            }),
            tables: r.tables.len(),
            deals: r.tables.iter().map(|x| x.deals.len()).sum(),
        })
        .collect()
}

/// A table whose record breaks a rule, in words ("Runde 2, Tisch 3").
fn broken_words(l: Locale, b: &BrokenTable) -> String {
    l.t_with(
        "standings-broken",
        &[
            ("round", (b.round + 1).to_string()),
            ("table", (b.table + 1).to_string()),
        ],
    )
}

pub async fn show(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (_, d) = access::managed(&ctx, &slug).await?;
    render(ctx, d, StatusCode::OK, None).await
}
