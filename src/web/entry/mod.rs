//! One entry path for the scorer's link (`/s/{token}`) and the secretary's table page
//! (`/t/{slug}/rounds/{n}/tables/{t}`): the save form's parsing, the deal a save stores (typed
//! or tapped), the answer to a save and the conflict page are written once here. What differs
//! is a parameter: the author ([`entry::Author`]: a scorer's deal waits for its confirmation,
//! a secretary's counts at once) and the [`Way`] back. The table page itself is [`page`];
//! confirm and undo of a waiting deal are [`change`]. The entry forms and their check are
//! [`forms`] and [`check`]; the scorer's routes under `/s/{token}` are [`scorer`].

pub mod check;
pub mod forms;
pub mod page;
pub mod scorer;

pub use page::render;

use crate::rules::Game;
use crate::rules::match_record::{Deal, Written};
use crate::service::Write;
use crate::service::scoring::entry::{self, Change, Refusal, Saved};
use crate::service::scoring::links::{self, ScorerTable};
use crate::service::scoring::locked::{self, LockedTable};
use crate::web::AppError;
use crate::web::ctx::{Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::score::view::deal_text;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use forms::Entry;
use serde_json::Value;

csrf_form!(SaveForm {
    deal,
    based_on,
    key,
    actions,
    decides
});
csrf_form!(ChangeForm {
    deal_no,
    version,
    key
});

/// Where an entry page leads back to, and whose page it is.
#[derive(Debug, Clone)]
pub struct Way {
    /// The table's page: the scorer's `/s/{token}` or the secretary's table page.
    pub back: String,
    /// The secretary's pages show the account in the header; the scorer's link shows none.
    pub secretary: bool,
}

impl Way {
    pub fn scorer(token: &str) -> Way {
        Way {
            back: format!("/s/{token}"),
            secretary: false,
        }
    }

    pub fn secretary(table_href: &str) -> Way {
        Way {
            back: table_href.to_string(),
            secretary: true,
        }
    }
}

impl SaveForm {
    /// The form's fields for [`parse_save`].
    pub fn fields(&self) -> SaveFields<'_> {
        SaveFields {
            deal: &self.deal,
            based_on: &self.based_on,
            key: &self.key,
            actions: &self.actions,
            decides: &self.decides,
        }
    }
}

/// A save form's fields, as both entry pages post them.
pub struct SaveFields<'a> {
    pub deal: &'a str,
    pub based_on: &'a str,
    pub key: &'a str,
    /// The pad's taps (a JSON array of codes) in place of `deal`; empty: none.
    pub actions: &'a str,
    /// `yes`: the answer to "one deal decides the whole game from 0:0?".
    pub decides: &'a str,
}

/// What a save form asks to store: the deal, or the pad's taps that stand for it.
#[derive(Debug, Clone)]
pub struct SaveRequest {
    /// The deal's JSON object ([`deal_json`]); read as a deal of the table's game once the
    /// table is known.
    pub deal: Option<String>,
    pub actions: Vec<String>,
    pub based_on: i32,
    pub key: String,
    /// The scorer or secretary said yes to one deal deciding a whole game from 0:0.
    pub decides: bool,
}

/// Parses a save form; a malformed one is 400.
pub fn parse_save(f: &SaveFields<'_>) -> Result<SaveRequest, AppError> {
    let actions: Vec<String> = if f.actions.is_empty() {
        Vec::new()
    } else {
        serde_json::from_str(f.actions)
            .map_err(|_| AppError::BadRequest("actions: not a JSON list".into()))?
    };
    let deal = if f.deal.is_empty() && !actions.is_empty() {
        None
    } else {
        deal_json(f.deal).map_err(|_| AppError::BadRequest("deal: not JSON".into()))?
    };
    if (deal.is_none() && actions.is_empty()) || !links::well_formed(f.key) {
        return Err(AppError::BadRequest("deal or key missing".into()));
    }
    let based_on = f
        .based_on
        .parse()
        .map_err(|_| AppError::BadRequest("based_on".into()))?;
    Ok(SaveRequest {
        deal,
        actions,
        based_on,
        key: f.key.to_string(),
        decides: f.decides.trim() == "yes",
    })
}

/// A deal's JSON as a form sends it, where its bytes enter: `Ok(None)` when it is JSON but
/// not an object (no deal), `Err` when it is not JSON. The object comes back written the way
/// kartl writes JSON (keys sorted, compact; a key written twice counts once, the last): a
/// deal that reads is read from it as from the form's value, and one that does not keeps the
/// bytes its refusal has always been worded from (the record as written, contract 2.1).
pub fn deal_json(text: &str) -> serde_json::Result<Option<String>> {
    let deal: Value = serde_json::from_str(text)?;
    Ok(deal.is_object().then(|| deal.to_string()))
}

/// Stores a save request for `author` (inside the caller's connection): the pad's taps become
/// the contract deal first (an unknown tap is refused as a broken deal, nothing stored).
pub fn store(
    conn: &mut crate::db::DbConn,
    st: &ScorerTable,
    w: Write<'_, entry::Author>,
    req: &SaveRequest,
) -> Result<Saved, AppError> {
    let lang = w.lang;
    let deal = match deal_of(st, req, lang)? {
        Ok(deal) => deal,
        Err(refused) => return Ok(refused),
    };
    let (based_on, key, ask) = (req.based_on, &req.key, asks_first(req, &deal));
    let saved = entry::save(conn, st, w, (&deal, ask), based_on, key)?;
    Ok(worded(saved, lang))
}

/// A scorer's save as the writer's batch runs it (`Db::write_batched`, in the save's one
/// savepoint): the table's lock and rows found by the link `token`, then the save. `Err` of
/// the inner result: the link is unknown (404) or its round closed (410).
pub fn save_by_link(
    conn: &mut crate::db::DbConn,
    token: &str,
    parsed: Result<SaveRequest, AppError>,
    now: chrono::NaiveDateTime,
    (ip, lang): (Option<String>, crate::rules::Lang),
) -> Result<Result<(ScorerTable, Saved), StatusCode>, AppError> {
    let held = match locked::resolve_locked(conn, token)? {
        None => return Ok(Err(StatusCode::NOT_FOUND)),
        Some(held) if !held.st.open => return Ok(Err(StatusCode::GONE)),
        Some(held) => held,
    };
    let request = parsed?;
    let author = entry::Author::scorer(&held.st);
    let w = Write {
        by: &author,
        at: now,
        ip: ip.as_deref(),
        lang,
    };
    let saved = store_locked(conn, &held, w, &request)?;
    Ok(Ok((held.st, saved)))
}

/// [`store`] in the writer's batch, the table read under its lock already
/// ([`locked::resolve_locked`]).
pub fn store_locked(
    conn: &mut crate::db::DbConn,
    held: &LockedTable,
    w: Write<'_, entry::Author>,
    req: &SaveRequest,
) -> Result<Saved, AppError> {
    let lang = w.lang;
    let deal = match deal_of(&held.st, req, lang)? {
        Ok(deal) => deal,
        Err(refused) => return Ok(refused),
    };
    let (based_on, key, ask) = (req.based_on, &req.key, asks_first(req, &deal));
    let deal = (&deal, ask);
    let saved = entry::save_locked(conn, held, w, deal, based_on, key)?;
    Ok(worded(saved, lang))
}

/// The question for a deal that would decide the game from 0:0 without the scorer's "Ja"
/// (nothing was stored), in the page's words.
fn worded(saved: Saved, lang: crate::rules::Lang) -> Saved {
    match saved {
        Saved::Broken {
            code: Refusal::DecidesFromNil,
            ..
        } => Saved::Broken {
            message: crate::web::i18n::Locale::from(lang).t("score-decides-ask"),
            code: Refusal::DecidesFromNil,
        },
        other => other,
    }
}

/// The deal a save request stores: the typed one, or the one the pad's taps make (`Err`: the
/// refusal of an unknown tap).
fn deal_of(
    st: &ScorerTable,
    req: &SaveRequest,
    lang: crate::rules::Lang,
) -> Result<Result<Written, Saved>, AppError> {
    Ok(match &req.deal {
        // Typed, or as written when it does not read (refused in the referee's words).
        Some(deal) => Ok(Written::read(st.tournament.game, deal)),
        None => crate::service::scoring::pad::deal_of(st, &req.actions, lang)?
            .map(Written::Deal)
            .map_err(|message| Saved::Broken {
                message,
                code: Refusal::UnknownAction,
            }),
    })
}

/// Whether the save asks first if its one deal decides the game from 0:0: a quick entry
/// (a winner and points, no events) the scorer has not confirmed with "Ja".
fn asks_first(req: &SaveRequest, deal: &Written) -> bool {
    !req.decides && deal.deal().is_some_and(Deal::names_winner)
}

#[derive(Template)]
#[template(path = "entry/conflict.html")]
struct ConflictPage {
    page: Page,
    title: String,
    text: String,
    way: Way,
    back_label: String,
    stored: String,
    stored_version: i32,
    attempted: String,
}

/// 409: another save got there first (a new deal), or the deal changed since the form was
/// drawn (a correction, `stored_version` > 0); both are shown, nothing was overwritten.
pub async fn conflict(
    mut ctx: Ctx,
    way: Way,
    game: Game,
    stored: Option<Written>,
    stored_version: i32,
    attempted: Option<Written>,
) -> Result<HttpResponse, AppError> {
    let page = if way.secretary {
        ctx.page().await?
    } else {
        Page::anonymous(ctx.locale, &ctx.path)
    };
    let (title, text, back) = if way.secretary {
        ("tables-conflict", "tables-conflict-text", "tables-back")
    } else {
        ("score-conflict", "score-conflict-text", "score-back")
    };
    let template = ConflictPage {
        title: ctx.locale.t(title),
        text: ctx.locale.t(text),
        back_label: ctx.locale.t(back),
        page,
        way,
        stored: stored.map_or_else(|| "–".into(), |d| deal_text(game, &d)),
        stored_version,
        attempted: attempted.map_or_else(|| "–".into(), |d| deal_text(game, &d)),
    };
    ctx.render(StatusCode::CONFLICT, &template)
}

/// The page's answer to a stored save: back to the table (the same for the first save and
/// every retry of it), the conflict page, or the table with the referee's message (422).
pub async fn answer(
    ctx: Ctx,
    st: ScorerTable,
    way: Way,
    saved: Saved,
) -> Result<HttpResponse, AppError> {
    match saved {
        Saved::New { .. } | Saved::Seen { .. } => Ok(ctx.redirect(&way.back)),
        Saved::Stale { stored, attempted } => {
            let stored = stored.map(|d| Written::Deal(*d));
            conflict(ctx, way, st.tournament.game, stored, 0, Some(*attempted)).await
        }
        Saved::Broken { message, .. } => {
            let entry = Entry {
                error: Some(message),
                ..Entry::default()
            };
            render(ctx, st, way, entry, StatusCode::UNPROCESSABLE_ENTITY).await
        }
    }
}

/// Confirm or undo of a waiting deal by `author` at the version the page showed, then back to
/// the table: one implementation for the scorer's link and the secretary's table page (the
/// service decides who may do what; a stale tap is 409).
pub async fn change(
    ctx: Ctx,
    st: ScorerTable,
    author: entry::Author,
    way: Way,
    form: ChangeForm,
    what: Change,
    ip: Option<String>,
) -> Result<HttpResponse, AppError> {
    let deal_no: i32 = form
        .deal_no
        .parse()
        .map_err(|_| AppError::BadRequest("deal_no".into()))?;
    let version: i32 = form
        .version
        .parse()
        .map_err(|_| AppError::BadRequest("version".into()))?;
    // A form without its own submission key is told from its repeats by what it changes.
    let key = Some(form.key).filter(|k| links::well_formed(k));
    let now = ctx.state.clock.now();
    let at = (deal_no, version);
    let lang = ctx.locale.rules_lang();
    ctx.state
        .db
        .run(move |conn| {
            let w = Write {
                by: &author,
                at: now,
                ip: ip.as_deref(),
                lang,
            };
            entry::change(conn, &st, w, at, what, key)
        })
        .await?;
    Ok(ctx.redirect(&way.back))
}
