//! The table's scorer pages under `/s/{token}`: the table with its score sheet, the
//! Watten entry forms, check → preview → save, and confirm or undo of a pending deal. The
//! link's secret is the only key: an unknown one is 404, one of a closed round 410, both as a
//! plain page that says nothing about the tournament. Table cards are in [`cards`].

pub mod card_print;
pub mod cards;
pub mod figures;
pub mod forms;
pub mod gaigel;
pub mod pad;
pub mod pad_page;
pub mod pad_words;
pub mod placing;
pub mod redact;
pub mod view;
pub mod watten;
pub mod words;

use crate::rules::Game;
use crate::service::scoring::entry::{self, Author, Change, Verdict};
use crate::service::scoring::links::{self, ScorerTable};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx};
use crate::web::entry::{self as entry_path, ChangeForm, SaveForm, Way};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use forms::{Entry, Preview};
use serde_json::Value;

/// The scorer's routes and the secretary's table cards.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/s/{token}", web::get().to(table))
        .route("/s/{token}/check", web::post().to(check))
        .route("/s/{token}/save", web::post().to(save))
        .route("/s/{token}/confirm", web::post().to(confirm))
        .route("/s/{token}/undo", web::post().to(undo))
        .route("/s/{token}/figures", web::get().to(figures::panel_fragment))
        .route("/s/{token}/pad", web::post().to(pad::pad))
        .route("/s/{token}/pad/vocabulary", web::get().to(pad::vocabulary))
        .route("/s/{token}/stamp", web::get().to(pad::stamp))
        .route("/t/{slug}/rounds/{n}/cards", web::get().to(cards::form))
        .route("/t/{slug}/rounds/{n}/cards", web::post().to(cards::issue))
        .route(
            "/t/{slug}/rounds/{n}/cards.pdf",
            web::post().to(card_print::all),
        )
        .route(
            "/t/{slug}/rounds/{n}/tables/{t}/card",
            web::post().to(card_print::one),
        )
        .route(
            "/t/{slug}/confirmation",
            web::post().to(cards::set_confirmation),
        );
}

/// The check form: every field by name (the Gaigel form's depend on the table's sides).
#[derive(Clone, serde::Deserialize)]
#[serde(transparent)]
pub struct CheckForm(gaigel::Fields);

impl crate::web::ctx::HasCsrf for CheckForm {
    fn csrf(&self) -> &str {
        self.0.get("csrf").map_or("", String::as_str)
    }
}

impl CheckForm {
    pub fn get(&self, name: &str) -> String {
        self.0.get(name).cloned().unwrap_or_default()
    }
}

/// Parses a check form of `game` (a table of `seats` sides) into a contract deal, with what
/// was typed to show again; a malformed form gives no deal and the message in the entry. The
/// scorer's page and the secretary's pages both parse here.
pub fn parse_check(
    locale: crate::web::i18n::Locale,
    game: Game,
    seats: usize,
    form: &CheckForm,
) -> (Entry, Option<Value>) {
    let mode = form.get("mode");
    let parsed = match (game, mode.as_str()) {
        (Game::Gaigel, _) => gaigel::deal(&form.0, &view::sides(seats)),
        (Game::Giltspiel | Game::Perlaggen, _) => figures::events(&form.get("events")),
        (Game::Watten, "events") => watten::with_alone(
            watten::events(&form.get("events")),
            &form.get("alone"),
            seats == 3,
        ),
        (Game::Watten, _) => watten::with_alone(
            watten::quick(&form.get("winner"), &form.get("points")),
            &form.get("alone"),
            seats == 3,
        ),
    };
    let mut entry = Entry {
        mode,
        points: form.get("points"),
        events: form.get("events"),
        fields: form.0.clone(),
        ..Entry::default()
    };
    match parsed {
        Ok(deal) => (entry, Some(deal)),
        Err(e) => {
            entry.error = Some(match e.line {
                Some(line) => locale.t_with(e.key, &[("line", line.to_string())]),
                None => locale.t(e.key),
            });
            entry.error_line = e.line.unwrap_or(0);
            if e.key == "score-err-points" {
                entry.error_field = "points".into();
            }
            entry.lines = placing::event_lines(&entry.events);
            (entry, None)
        }
    }
}

/// The table behind a link, or the plain 404/410 answer.
async fn open_table(ctx: &Ctx, token: String) -> Result<Result<ScorerTable, StatusCode>, AppError> {
    let st = ctx
        .state
        .db
        .run(move |conn| links::resolve(conn, &token))
        .await?;
    Ok(match st {
        None => Err(StatusCode::NOT_FOUND),
        Some(st) if !st.open => Err(StatusCode::GONE),
        Some(st) => Ok(st),
    })
}

macro_rules! table_or_refusal {
    ($ctx:expr, $token:expr) => {
        match open_table(&$ctx, $token).await? {
            Ok(st) => st,
            Err(status) => return view::refusal($ctx, status),
        }
    };
}

async fn table(ctx: Ctx, token: web::Path<String>) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let way = Way::scorer(&token);
    let st = ctx
        .state
        .db
        .run(move |conn| links::resolve(conn, &token))
        .await?;
    match st {
        None => view::refusal(ctx, StatusCode::NOT_FOUND),
        // A closed round's link shows the table's result, still 410.
        Some(st) if !st.open => pad_page::closed(ctx, st).await,
        Some(st) => entry_path::render(ctx, st, way, Entry::default(), StatusCode::OK).await,
    }
}

async fn check(
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<CheckForm>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let st = table_or_refusal!(ctx, token.clone());
    let (entry, status) = check_entry(&ctx, &st, &form).await?;
    entry_path::render(ctx, st, Way::scorer(&token), entry, status).await
}

/// Parses a check form and referees its deal against the table's record: the entry to show
/// again (with the referee's message beside its field, or the preview to save) and the status
/// to answer with. The one path of the scorer's page and the secretary's table page.
pub async fn check_entry(
    ctx: &Ctx,
    st: &ScorerTable,
    form: &CheckForm,
) -> Result<(Entry, StatusCode), AppError> {
    let (mut entry, parsed) = parse_check(ctx.locale, st.tournament.game, st.seats.len(), form);
    let Some(deal) = parsed else {
        return Ok((entry, StatusCode::UNPROCESSABLE_ENTITY));
    };
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let (live, verdict) = ctx
        .state
        .db
        .run({
            let deal = deal.clone();
            move |conn| entry::check_next(conn, &st2, &deal, lang)
        })
        .await?;
    Ok(match verdict {
        Verdict::Broken {
            message,
            code,
            event,
        } => {
            entry.broken(st.tournament.game, message, code, event);
            (entry, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Verdict::Valid(report) => {
            let short = deal.get("winner").is_some() && deal.get("events").is_none();
            entry.preview = Some(Preview {
                words: view::deal_words(ctx.locale, &report, live),
                deal: deal.to_string(),
                based_on: live as i32,
                key: crate::auth::tokens::random_token()?,
                decides: short && entry::decides_from_nil(&report, live),
            });
            (entry, StatusCode::OK)
        }
    })
}

async fn save(
    req: actix_web::HttpRequest,
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<SaveForm>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    // The pad's queue asks for a JSON answer; a form post gets pages.
    let json = pad_page::wants_json(&req);
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let link = token.clone();
    // The audit log keeps where a deal came from (who, when, and from which IP).
    let ip = Some(crate::web::account::client_address(&req, &ctx));
    // The link and the save in one connection checkout, in the writer's next batch: answered
    // once that batch is committed (group commit, `db::writer`). The link is the lane: every
    // save of one table goes to the same writer thread. The save may run twice (the batch
    // again with savepoints when one of its saves failed), so it owns nothing it gives away.
    let outcome = ctx
        .state
        .db
        .write_batched(&token, move |conn| {
            // Parsed inside, answered after the link: an unknown link is 404 whatever the
            // form says.
            let parsed = entry_path::parse_save(&form.fields());
            entry_path::save_by_link(conn, &link, parsed, now, (ip.clone(), lang))
        })
        .await;
    let outcome = match outcome {
        Err(AppError::Refusal(_) | AppError::BadRequest(_)) if json => {
            return Ok(pad_page::save_json(
                ctx.locale,
                Err(StatusCode::BAD_REQUEST),
            ));
        }
        other => other?,
    };
    if json {
        return Ok(pad_page::save_json(ctx.locale, outcome.map(|(_, s)| s)));
    }
    let (st, saved) = match outcome {
        Ok(done) => done,
        Err(status) => return view::refusal(ctx, status),
    };
    entry_path::answer(ctx, st, Way::scorer(&token), saved).await
}

/// Confirm or undo from the scorer's phone: the link's own author.
async fn change(
    token: String,
    ctx: Ctx,
    form: ChangeForm,
    what: Change,
) -> Result<HttpResponse, AppError> {
    let st = table_or_refusal!(ctx, token.clone());
    let author = Author::scorer(&st);
    entry_path::change(ctx, st, author, Way::scorer(&token), form, what, None).await
}

async fn confirm(
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ChangeForm>,
) -> Result<HttpResponse, AppError> {
    change(token.into_inner(), ctx, form, Change::Confirm).await
}

async fn undo(
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ChangeForm>,
) -> Result<HttpResponse, AppError> {
    change(token.into_inner(), ctx, form, Change::Undo).await
}
