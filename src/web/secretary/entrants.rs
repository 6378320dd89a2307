//! `/t/{slug}/entrants`: the field. Players (Gaigel `two`, `three`) or teams are added one by
//! one with a form, or as a list pasted or read from a CSV file (the file is read into the
//! text box by `static/kartl.js`, so everything is one plain form). A list with any bad row is
//! shown again with every bad row named by its line; nothing is stored until all are good.

use crate::service::registration::{self, NewEntry, NewTeamEntry};
use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::registration::{
    Existing, PlayerRow, Problem, TeamRow, one_player, one_team, players, shown_name, teams,
};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::entrants_pick::{
    Batch, ListForm, Preview, chosen, datalist, pick_one, picks, preview, register_of,
};
use crate::web::secretary::field_lines::{self, EntrantLine};
use crate::web::secretary::list_words::namesake_advice;
pub use crate::web::secretary::list_words::{problem_words, row_words};
use crate::web::secretary::register_pick::Pick;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

// `new`: the typed name is a new person even if the register has one of that name.
csrf_form!(PlayerForm {
    name,
    club,
    start_no,
    new
});
csrf_form!(TeamForm {
    name,
    member1,
    member2,
    member3,
    new1,
    new2,
    new3
});

#[derive(Template)]
#[template(path = "tournament_entrants.html")]
struct EntrantsPage {
    page: Page,
    csrf: String,
    slug: String,
    name: String,
    /// Teams (partnership games) rather than players.
    team_game: bool,
    team_size: usize,
    /// Entrants can still be added (before the first draw, or late until the end).
    open: bool,
    /// A round is drawn: new entrants are late entries, drawn from `next_round` on.
    late: bool,
    /// The tournament is finished: the field changes no more (names may still be fixed).
    finished: bool,
    /// The round the next draw makes.
    next_round: u32,
    /// "Nachgemeldete werden ab Runde 3 ausgelost."
    late_hint: String,
    lines: Vec<EntrantLine>,
    /// "12 registered".
    count: String,
    errors: Vec<String>,
    /// A refused list: how many rows are bad and that nothing was stored.
    summary: Option<String>,
    /// The list as submitted, shown again when refused.
    list: String,
    notice: Option<String>,
    /// The register's records not entered yet, for the type-ahead (`<datalist>`).
    datalist: Vec<String>,
    /// A list checked against the register, waiting for the choices.
    preview: Option<Preview>,
}

fn is_team_game(d: &TournamentDetail) -> bool {
    !d.tournament.individual()
}

/// What the field already holds, for the checks of new entries.
fn existing(d: &TournamentDetail) -> Existing {
    let mut e = Existing::default();
    for p in &d.players {
        if let Some(n) = p.start_no.and_then(|n| u32::try_from(n).ok()) {
            e.start_numbers.insert(n);
        }
        e.members.insert(Existing::key(&p.name));
    }
    if is_team_game(d) {
        e.names = d.teams.iter().map(|t| Existing::key(&t.name)).collect();
    } else {
        e.names = d.players.iter().map(|p| Existing::key(&p.name)).collect();
    }
    e
}

/// What the page says back after a form: errors, a refused list, or a notice.
#[derive(Default)]
pub(crate) struct Said {
    errors: Vec<String>,
    summary: Option<String>,
    list: String,
    notice: Option<String>,
    preview: Option<Preview>,
}

impl Said {
    pub(crate) fn errors(errors: Vec<String>) -> Said {
        Said {
            errors,
            ..Said::default()
        }
    }

    pub(crate) fn notice(notice: String) -> Said {
        Said {
            notice: Some(notice),
            ..Said::default()
        }
    }
}

pub(crate) async fn render(
    mut ctx: Ctx,
    d: TournamentDetail,
    status: StatusCode,
    said: Said,
) -> Result<HttpResponse, AppError> {
    let team_game = is_team_game(&d);
    let register = register_of(&ctx, &d).await?;
    let datalist = datalist(ctx.locale, &register, &d);
    let lines = field_lines::lines(ctx.locale, &d);
    let l = ctx.locale;
    let count = l.t_with("entrants-count", &[("count", lines.len().to_string())]);
    let page = EntrantsPage {
        count,
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        slug: d.tournament.slug.clone(),
        name: d.tournament.name.clone(),
        team_game,
        team_size: d.tournament.variant.team_size(),
        open: d.tournament.status == Status::Setup || field_lines::late_entries(&d),
        late: field_lines::late_entries(&d),
        finished: d.tournament.status == Status::Finished,
        next_round: crate::service::field::next_round_number(&d),
        late_hint: l.t_with(
            "roster-late-hint",
            &[(
                "round",
                crate::service::field::next_round_number(&d).to_string(),
            )],
        ),
        lines,
        errors: said.errors,
        summary: said.summary,
        list: said.list,
        notice: said.notice,
        datalist,
        preview: said.preview,
    };
    ctx.render(status, &page)
}

pub async fn show(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (_, d) = access::managed(&ctx, &slug).await?;
    render(ctx, d, StatusCode::OK, Said::default()).await
}

fn entry(p: &PlayerRow) -> NewEntry {
    NewEntry {
        name: shown_name(&p.name, &p.club),
        start_no: p.start_no.and_then(|n| i32::try_from(n).ok()),
        register: None,
    }
}

fn team_entry(t: &TeamRow) -> NewTeamEntry {
    NewTeamEntry {
        name: t.name.clone(),
        members: t
            .members
            .iter()
            .map(|m| NewEntry {
                name: m.clone(),
                start_no: None,
                register: None,
            })
            .collect(),
    }
}

/// Stores the batch and shows the field with a notice of how many were added.
async fn store(
    ctx: Ctx,
    d: TournamentDetail,
    actor: crate::service::Actor,
    batch: Batch,
    // The list as typed, shown again if the write is refused.
    list: String,
) -> Result<HttpResponse, AppError> {
    if d.tournament.status != Status::Setup && !field_lines::late_entries(&d) {
        let error = vec![ctx.locale.t("error-field-fixed")];
        return render(ctx, d, StatusCode::CONFLICT, Said::errors(error)).await;
    }
    let now = ctx.state.clock.now();
    let slug = d.tournament.slug.clone();
    let added = ctx
        .state
        .db
        .run(move |conn| match batch {
            Batch::Players(p) => registration::add_players(conn, &actor, now, &slug, &p),
            Batch::Teams(t) => registration::add_teams(conn, &actor, now, &slug, &t),
        })
        .await;
    let (_, d) = access::managed(&ctx, &d.tournament.slug).await?;
    let added = match added {
        Ok(ids) => ids.len(),
        // Another request registered one of these names between the page's check and this
        // write: nothing of this batch was stored.
        Err(AppError::Conflict) => {
            let said = Said {
                errors: vec![ctx.locale.t("error-entrant-race")],
                list,
                ..Said::default()
            };
            return render(ctx, d, StatusCode::CONFLICT, said).await;
        }
        Err(e) => return Err(e),
    };
    let said = Said {
        notice: Some(
            ctx.locale
                .t_with("notice-added", &[("count", added.to_string())]),
        ),
        ..Said::default()
    };
    render(ctx, d, StatusCode::OK, said).await
}

/// Shows the entrants page again with every problem of a form named; nothing was stored.
async fn refuse(
    ctx: Ctx,
    d: TournamentDetail,
    problems: &[Problem],
) -> Result<HttpResponse, AppError> {
    let l = ctx.locale;
    let mut errors: Vec<String> = problems.iter().map(|p| problem_words(l, p)).collect();
    errors.extend(namesake_advice(l, problems.iter()));
    render(
        ctx,
        d,
        StatusCode::UNPROCESSABLE_ENTITY,
        Said::errors(errors),
    )
    .await
}

pub async fn add_player(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let register = register_of(&ctx, &d).await?;
    let typed = shown_name(&form.name, &form.club);
    let (name, club, picked) = match pick_one(ctx.locale, &register, &typed, !form.new.is_empty()) {
        // A picked record is entered under its register name, club included.
        Ok((name, Some(id))) => (name, String::new(), Some(id)),
        Ok((_, None)) => (form.name.clone(), form.club.clone(), None),
        Err(ask) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return render(ctx, d, status, Said::errors(vec![ask])).await;
        }
    };
    match one_player(&name, &club, &form.start_no, &existing(&d)) {
        Ok(p) => {
            let mut e = entry(&p);
            e.register = picked;
            store(ctx, d, actor, Batch::Players(vec![e]), String::new()).await
        }
        Err(problems) => refuse(ctx, d, &problems).await,
    }
}

pub async fn add_team(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<TeamForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let size = d.tournament.variant.team_size();
    let register = register_of(&ctx, &d).await?;
    let l = ctx.locale;
    let mut members = Vec::new();
    let mut picked = Vec::new();
    let typed = [&form.member1, &form.member2, &form.member3];
    let new = [&form.new1, &form.new2, &form.new3];
    for (member, new) in typed.into_iter().zip(new).take(size) {
        match pick_one(l, &register, member, !new.is_empty()) {
            Ok((name, id)) => {
                members.push(name);
                picked.push(id);
            }
            Err(ask) => {
                let status = StatusCode::UNPROCESSABLE_ENTITY;
                return render(ctx, d, status, Said::errors(vec![ask])).await;
            }
        }
    }
    let members: Vec<&str> = members.iter().map(String::as_str).collect();
    match one_team(&form.name, &members, size, &existing(&d)) {
        Ok(t) => {
            let mut batch = Batch::Teams(vec![team_entry(&t)]);
            batch.apply(&picked);
            store(ctx, d, actor, batch, String::new()).await
        }
        Err(problems) => refuse(ctx, d, &problems).await,
    }
}

/// A list of players or teams: all rows good, or nothing stored and every bad row named.
/// Good rows whose names the register knows are shown with the choices first.
pub async fn import(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ListForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let have = existing(&d);
    let batch = if is_team_game(&d) {
        teams(&form.list, d.tournament.variant.team_size(), &have).map(|mut rows| {
            // Teams take their places in start-number order where the list gives them.
            rows.sort_by_key(|t| t.start_no.unwrap_or(u32::MAX));
            Batch::Teams(rows.iter().map(team_entry).collect())
        })
    } else {
        players(&form.list, &have).map(|rows| Batch::Players(rows.iter().map(entry).collect()))
    };
    let mut batch = match batch {
        Ok(batch) => batch,
        Err(bad) => {
            let l = ctx.locale;
            let lines: std::collections::BTreeSet<u64> = bad.iter().map(|e| e.line).collect();
            let said = Said {
                errors: bad
                    .iter()
                    .map(|e| row_words(l, e))
                    .chain(namesake_advice(l, bad.iter().map(|e| &e.problem)))
                    .collect(),
                summary: Some(l.t_with("import-refused", &[("count", lines.len().to_string())])),
                list: form.list,
                ..Said::default()
            };
            return render(ctx, d, StatusCode::UNPROCESSABLE_ENTITY, said).await;
        }
    };
    let register = register_of(&ctx, &d).await?;
    let l = ctx.locale;
    let names = batch.names();
    let picks = picks(l, &register, &names);
    let all_new = picks.iter().all(|p| *p == Pick::New);
    if form.confirm != "1" && !all_new {
        let said = Said {
            preview: Some(preview(l, &register, &names, &picks, form.list)),
            ..Said::default()
        };
        return render(ctx, d, StatusCode::OK, said).await;
    }
    match chosen(&register, &picks, &form.picks) {
        Ok(chosen) => {
            batch.apply(&chosen);
            store(ctx, d, actor, batch, form.list).await
        }
        Err(missing) => {
            let said = Said {
                errors: vec![l.t_with(
                    "entrants-preview-missing",
                    &[("count", missing.to_string())],
                )],
                preview: Some(preview(l, &register, &names, &picks, form.list)),
                ..Said::default()
            };
            render(ctx, d, StatusCode::UNPROCESSABLE_ENTITY, said).await
        }
    }
}
