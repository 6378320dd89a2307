//! The service areas' refusals (`kartl::error::refusal`) reach the visitor in their language:
//! with German chosen, each refusal reachable over HTTP answers with the German catalogue's
//! words (`locales/de/refusal.ftl` and the `roster-`, `undraw-` messages), never the English
//! ones and no English word of the English catalogue (issue 30: "a test switches the language
//! to German and drives each refusal, failing on English text"). Most refusals are checked by
//! the pages before the service is asked and worded there; those here are the ones the
//! service words (the finals), and those the pages word from the same typed refusal (the
//! field, taking a round back).

use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Backend, Browser, TestApp};
use crate::german::{offences, words};
use crate::secretary::secretary;
use kartl::error::Refusal;
use kartl::error::refusal::{FieldRefusal, FinalsRefusal, UndrawRefusal};
use kartl::web::i18n::Locale;
use reqwest::StatusCode;

both_backends!(every_refusal_reachable_over_http_is_worded_in_german);

/// What a page shows of a text: askama escapes these.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

/// The answer holds the refusal's German words, not its English ones, and those words hold
/// no English word.
fn says_in_german(body: &str, refusal: &Refusal) {
    let de = Locale::De.refusal(refusal);
    let en = Locale::En.refusal(refusal);
    assert_ne!(de, en);
    assert!(
        body.contains(&escaped(&de)),
        "{refusal:?}: no {de:?} in {body}"
    );
    assert!(!body.contains(&escaped(&en)), "{refusal:?}: English {en:?}");
    let bad = words::forbidden(&[]);
    assert_eq!(
        offences(&de, &bad),
        Vec::<String>::new(),
        "{refusal:?}: {de}"
    );
}

async fn submit(b: &Browser, page: &str, action: &str, fields: &[(&str, &str)]) -> (u16, String) {
    let res = b.submit(page, action, fields).await;
    (res.status.as_u16(), res.body)
}

async fn every_refusal_reachable_over_http_is_worded_in_german(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    // German chosen explicitly (as the header's switch does), not merely the default.
    let chosen = sepp.get("/lang/de?next=/").await;
    assert!(chosen.status.is_redirection() || chosen.status == StatusCode::OK);
    let slug = app
        .build(Spec {
            club: "SK Testverein".into(),
            players: fixture::numbered(12),
            ..Spec::new(kartl::rules::Game::Watten)
        })
        .await
        .slug;
    let overview = format!("/t/{slug}");
    let field = format!("/t/{slug}/entrants");

    // The finals: a size the finals do not take, and a stage while round 1 is open.
    let finals = format!("/t/{slug}/finals");
    let (status, body) = submit(&sepp, &overview, &finals, &[("n", "3"), ("key", "f1")]).await;
    assert_eq!(status, 422, "{body}");
    says_in_german(&body, &Refusal::Finals(FinalsRefusal::Size { n: 3 }));
    let (status, body) = submit(&sepp, &overview, &finals, &[("n", ""), ("key", "f2")]).await;
    assert_eq!(status, 422, "{body}");
    says_in_german(&body, &Refusal::Finals(FinalsRefusal::RoundOpen));

    // Taking back a round that is not the last drawn.
    let undraw = format!("/t/{slug}/rounds/2/undraw");
    let (status, body) = submit(&sepp, &overview, &undraw, &[("key", "u1")]).await;
    assert_eq!(status, 409, "{body}");
    says_in_german(&body, &Refusal::Undraw(UndrawRefusal::NotLast));

    // The field: an unknown entrant, an absence in a round drawn already, a withdrawal twice.
    let withdraw = format!("/t/{slug}/entrants/withdraw");
    let (status, body) = submit(&sepp, &field, &withdraw, &[("entrant", "t9")]).await;
    assert_eq!(status, 400, "{body}");
    says_in_german(&body, &Refusal::Field(FieldRefusal::Unknown));
    let absent = format!("/t/{slug}/entrants/absent");
    let fields = [("entrant", "t1"), ("round", "1"), ("absent", "1")];
    let (status, body) = submit(&sepp, &field, &absent, &fields).await;
    assert_eq!(status, 400, "{body}");
    says_in_german(
        &body,
        &Refusal::Field(FieldRefusal::RoundDrawn { round: 1, next: 2 }),
    );
    let (status, _) = submit(&sepp, &field, &withdraw, &[("entrant", "t1")]).await;
    assert_eq!(status, 200);
    let (status, body) = submit(&sepp, &field, &withdraw, &[("entrant", "t1")]).await;
    assert_eq!(status, 400, "{body}");
    says_in_german(&body, &Refusal::Field(FieldRefusal::AlreadyWithdrawn(2)));
}
