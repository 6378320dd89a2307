//! The scorer's pad as JSON: `POST /s/{token}/pad` answers the next allowed taps
//! of a deal, the deal so far in plain sentences and, once whole, the contract deal with a
//! preview; `GET /s/{token}/pad/vocabulary` lists every tap the table could ever use (for
//! entering deals offline). It writes nothing, so it takes no CSRF token; the link's secret
//! is the key, with the same 404 and 410 as the scorer's page.

use super::pad_words::{game_end, score_after, score_at, writes};
use crate::rules::match_record::Deal;
use crate::rules::pad::count;
use crate::rules::pad::{Choice, Msg, Pad};
use crate::rules::{Record, Report};
use crate::service::scoring::limit::Limit;
use crate::service::scoring::links::{self, ScorerTable};
use crate::service::scoring::pad::{self as service, PadAnswer};
use crate::web::AppError;
use crate::web::ErrorBody;
use crate::web::i18n::Locale;
use crate::web::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The largest pad request body.
pub const PAD_LIMIT: usize = 64 * 1024;

/// The request: the codes tapped so far, and the language of the words.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PadRequest {
    #[serde(default)]
    actions: Vec<String>,
    #[serde(default)]
    lang: Option<String>,
}

fn error(status: StatusCode, message: impl Into<String>) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(ErrorBody::new(&message.into()))
}

/// The table behind a link, or the JSON 404/410.
async fn open(
    state: &web::Data<AppState>,
    locale: Locale,
    token: String,
) -> Result<Result<ScorerTable, HttpResponse>, AppError> {
    let st = state
        .db
        .run(move |conn| links::resolve(conn, &token))
        .await?;
    Ok(match st {
        None => Err(error(StatusCode::NOT_FOUND, locale.t("score-link-unknown"))),
        Some(st) if !st.open => Err(error(StatusCode::GONE, locale.t("score-link-closed"))),
        Some(st) => Ok(st),
    })
}

/// Reads the request body: the codes and the answer's language, or the 400 message's id.
fn read(body: &[u8], cookie: Locale) -> Result<(PadRequest, Locale), &'static str> {
    if body.len() > PAD_LIMIT {
        return Err("padr-too-large");
    }
    let request: PadRequest = serde_json::from_slice(body).map_err(|_| "padr-not-json")?;
    let locale = match request.lang.as_deref() {
        None => cookie,
        Some(tag) => Locale::parse(tag).ok_or("padr-bad-lang")?,
    };
    Ok((request, locale))
}

/// `POST /s/{token}/pad`. The link is answered first (404/410 whatever the body says, as the
/// scorer's save), then a body that is no request (400); one database turn for all of it.
pub async fn pad(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let cookie = Locale::of(&req);
    let parsed = read(&body, cookie);
    let locale = parsed.as_ref().map_or(cookie, |(_, l)| *l);
    let token = token.into_inner();
    let lang = locale.rules_lang();
    let answer = state
        .db
        .run(move |conn| {
            let Some(st) = links::resolve(conn, &token)? else {
                return Ok(Err(StatusCode::NOT_FOUND));
            };
            if !st.open {
                return Ok(Err(StatusCode::GONE));
            }
            Ok(Ok(match parsed {
                Ok((request, _)) => Ok(service::answer(conn, &st, &request.actions, lang)?),
                Err(id) => Err(id),
            }))
        })
        .await?;
    Ok(match answer {
        Ok(Ok(answer)) => HttpResponse::Ok()
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(body_of(locale, &answer)),
        Ok(Err(id)) => error(StatusCode::BAD_REQUEST, locale.t(id)),
        Err(StatusCode::GONE) => error(StatusCode::GONE, locale.t("score-link-closed")),
        Err(status) => error(status, locale.t("score-link-unknown")),
    })
}

/// `GET /s/{token}/pad/vocabulary`.
pub async fn vocabulary(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let locale = Locale::of(&req);
    let st = match open(&state, locale, token.into_inner()).await? {
        Ok(st) => st,
        Err(refusal) => return Ok(refusal),
    };
    let choices = service::vocabulary(&st)?;
    let words = Words::new(locale, st.seats.len());
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(Vocabulary {
            actions: words.buttons(&choices),
        }))
}

/// `GET /s/{token}/stamp`: the tournament's change stamp (the one the public pages poll), so
/// every phone at the table learns of a deal stored or confirmed elsewhere within seconds.
pub async fn stamp(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let locale = Locale::of(&req);
    let st = match open(&state, locale, token.into_inner()).await? {
        Ok(st) => st,
        Err(refusal) => return Ok(refusal),
    };
    let id = st.tournament.id;
    let stamp = state
        .db
        .run(move |conn| crate::service::public::stamp_of(conn, id))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(Stamp {
            stamp: stamp.etag(""),
        }))
}

/// The offline vocabulary: every button the table could ever show.
#[derive(Serialize)]
struct Vocabulary<'a> {
    actions: Vec<Button<'a>>,
}

/// The tournament's change stamp.
#[derive(Serialize)]
struct Stamp {
    stamp: String,
}

fn say(locale: Locale, msg: &Msg) -> String {
    locale.t_with(msg.id, &msg.args)
}

/// The words of one answer: in its language and, at a table of three, with its players as
/// the card's letters (`super::view::lettered`). Every text goes through [`Words::text`] once
/// it is whole; the taps' codes, the buttons' groups (fixed words) and the contract deal keep
/// the record's names.
#[derive(Clone, Copy)]
struct Words {
    locale: Locale,
    letters: bool,
}

impl Words {
    fn new(locale: Locale, sides: usize) -> Words {
        Words {
            locale,
            letters: sides == 3,
        }
    }

    fn text(self, text: String) -> String {
        if self.letters {
            super::view::lettered(&text)
        } else {
            text
        }
    }

    fn say(self, msg: &Msg) -> String {
        self.text(say(self.locale, msg))
    }

    fn buttons(self, choices: &[Choice]) -> Vec<Button<'_>> {
        choices
            .iter()
            .map(|c| Button {
                code: &c.code,
                group: c.group,
                label: self.say(&c.label),
                place: c.place.as_ref().map(|p| PlaceBody {
                    col: p.col,
                    row: p.row,
                    short: self.text(p.short.clone()),
                }),
                primary: c.primary,
            })
            .collect()
    }
}

/// One button as the page reads it; `place` only for a card's button. The fields of every
/// part of the answer are declared in sorted order, the order the answer has always been
/// written in (a `serde_json::Value` object's).
#[derive(Serialize)]
struct Button<'a> {
    code: &'a str,
    group: &'static str,
    label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<PlaceBody>,
    primary: bool,
}

/// A card's place in the grid (`crate::rules::pad::cards::Place`, its word in the answer's
/// letters).
#[derive(Serialize)]
struct PlaceBody {
    col: usize,
    row: usize,
    short: String,
}

/// Why the taps make no deal that keeps the rules.
#[derive(Serialize)]
struct ProblemBody<'a> {
    at: usize,
    code: &'a str,
    message: String,
}

/// The table before the deal.
#[derive(Serialize)]
struct StateBody {
    deal_no: usize,
    notices: Vec<String>,
    over: bool,
    over_text: Option<String>,
    score: String,
}

/// The answer's JSON (the interface agreed with the page).
#[derive(Serialize)]
pub struct PadBody<'a> {
    actions: Vec<Button<'a>>,
    complete: bool,
    deal: Option<&'a Deal>,
    headings: BTreeMap<&'static str, String>,
    hint: Option<String>,
    preview: Option<String>,
    problem: Option<ProblemBody<'a>>,
    state: StateBody,
    transcript: Vec<String>,
}

/// The answer's body.
pub fn body_of(locale: Locale, answer: &PadAnswer) -> PadBody<'_> {
    let words = Words::new(locale, answer.sides);
    let pad = &answer.pad;
    let mut transcript: Vec<String> = pad.transcript.iter().map(|m| say(locale, m)).collect();
    let (deal, preview) = match &pad.complete {
        Some((deal, report)) => {
            let index = answer.deal_no;
            if let (Some(last), Some(writes)) =
                (transcript.last_mut(), writes(locale, report, index))
            {
                // "A macht den Stich: A schreibt 3"; a sentence with a colon of its own
                // ("Hanger: steht") takes a dash.
                let sep = if last.contains(':') { " – " } else { ": " };
                *last = format!("{last}{sep}{writes}");
            }
            let mut preview = super::words::deal_words(locale, report, index);
            if let Some(end) = game_end(locale, report, index) {
                preview = format!("{preview} – {end}");
            }
            (Some(deal), Some(words.text(preview)))
        }
        None => (None, None),
    };
    PadBody {
        actions: words.buttons(&pad.actions),
        complete: pad.complete.is_some(),
        deal,
        headings: pad
            .headings
            .iter()
            .map(|(group, m)| (*group, words.say(m)))
            .collect(),
        hint: pad.hint.clone().map(|h| words.text(h)),
        preview,
        problem: pad.problem.as_ref().map(|p| ProblemBody {
            at: p.at,
            code: &p.code,
            message: words.text(p.message.clone()),
        }),
        state: state(words, answer),
        transcript: transcript.into_iter().map(|t| words.text(t)).collect(),
    }
}

/// The table before the deal: its score, notices, and whether it takes more deals.
fn state(words: Words, answer: &PadAnswer) -> StateBody {
    let locale = words.locale;
    let pad: &Pad = &answer.pad;
    let deals = answer.deal_no;
    let ended = deals
        .checked_sub(1)
        .and_then(|last| game_end(locale, &pad.before, last));
    let mut notices: Vec<String> = pad.notices.iter().map(|m| say(locale, m)).collect();
    let over_text = answer
        .limit
        .map(|l| over_words(locale, l, ended.clone(), answer.unconfirmed));
    // A game whose deals wait for a confirmation is entered, not over: it counts only once
    // confirmed, so the pad says so (and keeps its score) instead of "Partie beendet".
    let waiting = answer.limit.is_none() && ended.is_some() && answer.unconfirmed > 0;
    if waiting {
        let n = answer.unconfirmed;
        let args = [("count", n.to_string()), ("n", count(n).to_string())];
        notices.insert(0, locale.t_with("pad-game-waiting", &args));
    } else if answer.limit.is_none()
        && let Some(end) = ended
    {
        notices.insert(0, format!("{end} – {}", locale.t("padr-new-game")));
    }
    let hold = answer.limit.is_some() || waiting;
    let score = pad
        .score
        .clone()
        .unwrap_or_else(|| standing(&pad.before, &answer.record, deals, answer.sides, hold));
    StateBody {
        deal_no: deals,
        notices: notices.into_iter().map(|n| words.text(n)).collect(),
        over: answer.limit.is_some(),
        over_text: over_text.map(|t| words.text(t)),
        score: words.text(score),
    }
}

/// Why the table takes no more deals, as one sentence or more, each ending in a full stop
/// (the page adds "An diesem Tisch wird nichts mehr eingetragen."): the game's end, or, while
/// deals that fill the limit wait for a confirmation, that they wait (they count only once
/// confirmed: the table is not over for the results yet).
pub fn over_words(
    locale: Locale,
    limit: Limit,
    ended: Option<String>,
    unconfirmed: usize,
) -> String {
    let text = if unconfirmed > 0 {
        locale.t_with(
            "pad-over-waiting",
            &[
                ("count", unconfirmed.to_string()),
                ("n", count(unconfirmed).to_string()),
            ],
        )
    } else {
        ended.unwrap_or_else(|| limit.message(locale.rules_lang()))
    };
    if text.ends_with(['.', '!', '?']) {
        text
    } else {
        format!("{text}.")
    }
}

/// The score before the next deal: the last deal's, 0 for each side after a finished game
/// (unless the table is `over`: then the final score stays), the record's `start` before the
/// first deal.
fn standing(before: &Report, record: &Record, deals: usize, sides: usize, over: bool) -> String {
    let score = match deals.checked_sub(1) {
        Some(last) if over => score_at(before, last),
        Some(last) => score_after(before, last),
        None => record.start.as_ref().map(|start| {
            let each: Vec<String> = start.values().map(u32::to_string).collect();
            each.join(":")
        }),
    };
    score
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| vec!["0"; sides.max(2)].join(":"))
}

#[cfg(test)]
mod tests {
    use crate::web::i18n::Locale;

    /// Every message id the pad's rules and this module name (`"padr-..."`, not written as
    /// `.t("…")`, so the general scan misses them) has words in both languages.
    #[test]
    fn every_pad_message_has_words_in_both_languages() {
        let root = env!("CARGO_MANIFEST_DIR");
        let mut ids = Vec::new();
        for path in [
            "src/rules/pad/mod.rs",
            "src/rules/pad/watten.rs",
            "src/rules/pad/figures/mod.rs",
            "src/rules/pad/gaigel.rs",
            "src/web/score/pad.rs",
        ] {
            let text = std::fs::read_to_string(format!("{root}/{path}")).unwrap();
            for part in text.split("\"padr-").skip(1) {
                let id: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if !id.is_empty() && part[id.len()..].starts_with('"') {
                    ids.push(format!("padr-{id}"));
                }
            }
        }
        assert!(ids.len() > 40, "{ids:?}");
        for id in ids {
            for locale in [Locale::De, Locale::En] {
                assert_ne!(locale.t(&id), id, "{id} in {}", locale.tag());
            }
        }
    }
}
