//! A tournament as a club sets it up: the administrator (setup page) creates the club and a
//! secretary, who sets a password with the reset code and logs in; the tournament with its
//! teams and round 1 is stored through kartl's service layer (the same functions the pages
//! call: no draw form to scrape); then the secretary sets the confirmation rule and issues the
//! table cards over HTTP, and the harness reads the scorer links off that answer, as a printer
//! would.

use super::fixture::{self, Spec};
use super::http::{self, between, submit};
use kartl::db::DbUrl;
use kartl::rules::Game;
use kartl::service::scoring::Confirmation;
use reqwest::StatusCode;

pub const CLUB: &str = "SK Harness";
pub const SECRETARY: &str = "Schreiberin";
pub const PASSWORD: &str = "ein langes Harness-Passwort";

/// One tournament's round 1: its slug and the scorer link secret of each table, in table order.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub slug: String,
    pub tokens: Vec<String>,
}

/// The secretary's logged-in client (the administrator and the club created first).
pub async fn secretary(base: &str) -> reqwest::Client {
    let admin = http::client(std::time::Duration::from_secs(60), true);
    let fields = [
        ("name", "Admin"),
        ("password", PASSWORD),
        ("password2", PASSWORD),
    ];
    let (status, body) = submit(&admin, base, "/setup", "/setup", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "setup: {body}");
    let (status, _) = submit(&admin, base, "/admin", "/admin/clubs", &[("name", CLUB)]).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "create the club");
    let (_, page) = http::get(&admin, &format!("{base}/admin")).await;
    let club = between(&page, "<option value=\"", "\"").expect("the club in the form");
    let fields = [("name", SECRETARY), ("club", club.as_str())];
    let (status, body) = submit(&admin, base, "/admin", "/admin/secretaries", &fields).await;
    assert_eq!(status, StatusCode::OK, "create the secretary: {body}");
    let code = between(&body, "id=\"reset-code\">", "<").expect("a reset code");
    let secretary = http::client(std::time::Duration::from_secs(60), true);
    let fields = [
        ("name", SECRETARY),
        ("code", code.as_str()),
        ("password", PASSWORD),
        ("password2", PASSWORD),
    ];
    let (status, body) = submit(&secretary, base, "/reset", "/reset", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "redeem the code: {body}");
    let fields = [("name", SECRETARY), ("password", PASSWORD)];
    let (status, body) = submit(&secretary, base, "/login", "/login", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "log in: {body}");
    secretary
}

/// A Watten tournament of the club with `tables` tables in round 1 (two teams of two a
/// table), target `target`, stored directly in the database.
pub fn store_tournament(database: &str, name: &str, tables: usize, target: u32) -> String {
    let url = DbUrl::parse(database).expect("database URL");
    let mut conn = kartl::db::open_one(&url).expect("open the database");
    let now = chrono::Utc::now().naive_utc();
    let spec = Spec {
        target: Some(target),
        players: (0..tables * 4).map(|i| format!("P{i}")).collect(),
        seed: Some(7),
        cards: false,
        club: CLUB.into(),
        name: name.into(),
        ..Spec::new(Game::Watten)
    };
    fixture::build(&mut conn, now, &spec)
        .expect("store the tournament")
        .slug
}

/// The secretary sets the confirmation rule and issues round 1's table cards; returns the
/// scorer link secrets in the order the cards show them.
pub async fn issue_cards(
    secretary: &reqwest::Client,
    base: &str,
    slug: &str,
    confirmation: Confirmation,
) -> Vec<String> {
    let cards = format!("/t/{slug}/rounds/1/cards");
    let fields = [("confirmation", confirmation.as_str()), ("round", "1")];
    let action = format!("/t/{slug}/confirmation");
    let (status, body) = submit(secretary, base, &cards, &action, &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "confirmation rule: {body}");
    let (status, body) = submit(secretary, base, &cards, &cards, &[]).await;
    assert_eq!(status, StatusCode::OK, "issue the cards: {body}");
    scorer_tokens(&body)
}

/// Every distinct `/s/{64 hex}` secret on a page, in order.
pub fn scorer_tokens(html: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, _) in html.match_indices("/s/") {
        let rest = &html[i + 3..];
        let token: String = rest.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
        if token.len() == 64 && !out.contains(&token) {
            out.push(token);
        }
    }
    out
}

/// `count` tournaments of `tables` tables each, cards issued, confirmation rule `none`
/// (a scorer's save counts at once, as the tables benchmark measures it) unless told otherwise.
pub async fn tournaments(
    base: &str,
    database: &str,
    count: usize,
    tables: usize,
    target: u32,
    confirmation: Confirmation,
) -> Vec<Tournament> {
    let secretary = secretary(base).await;
    let mut out = Vec::new();
    for n in 0..count {
        let database = database.to_string();
        let slug = tokio::task::spawn_blocking(move || {
            store_tournament(&database, &format!("Harness {n}"), tables, target)
        })
        .await
        .expect("setup thread");
        let tokens = issue_cards(&secretary, base, &slug, confirmation).await;
        assert_eq!(tokens.len(), tables, "one link per table");
        out.push(Tournament { slug, tokens });
    }
    out
}
