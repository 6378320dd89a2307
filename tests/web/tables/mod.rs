//! The secretary's side of table scoring over HTTP: the round's overview, a table's
//! page with entry and confirmation, corrections with a reason, the audit pages, strangers,
//! and two secretaries racing corrections of one deal.

use crate::common::fixture::Spec;
use crate::common::{Browser, TestApp, between, csrf_in};
use crate::score::{Checked, field, unescape};
use kartl::clock::Clock;
use kartl::db::models::{AuditEventRow, DealVersionRow, TableId, TournamentRow};
use kartl::service::scoring::Confirmation;
use kartl::service::{Actor, tournaments};
use reqwest::StatusCode;

mod audit;
mod closed_cards;
mod concurrent;
mod confirm_all;
mod correct_pad;
mod corrections;
mod deal_notes;
mod entry;
mod figures;
mod many;
mod overview;
mod quick_decides;
mod streitfall;
mod streitfall_games;
mod void;

/// A Watten tournament of the test club (four teams, round 1 drawn, table cards issued) and
/// its secretary Sepp, logged in.
pub struct Desk {
    pub app: TestApp,
    pub admin: Browser,
    pub sepp: Browser,
    pub slug: String,
    /// Round 1's tables: (id, scorer link secret).
    pub tables: Vec<(TableId, String)>,
}

pub async fn desk(backend: &crate::common::Backend, confirmation: Confirmation) -> Desk {
    let app = TestApp::spawn(backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    let built = app
        .build(Spec {
            club: "SK Testverein".into(),
            name: "Wattkönig".into(),
            players: (0..8).map(|i| format!("Spieler {i}")).collect(),
            confirmation,
            ..Spec::new(kartl::rules::Game::Watten)
        })
        .await;
    Desk {
        app,
        admin,
        sepp,
        tables: built.tables_with_tokens(),
        slug: built.slug,
    }
}

/// Table `t` of round 1.
pub fn table_path(slug: &str, t: i32) -> String {
    format!("/t/{slug}/rounds/1/tables/{t}")
}

/// Posts a check form from `page` to `action` and returns the answer.
pub async fn check_at(
    b: &Browser,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> crate::common::Reply {
    b.submit(page, action, fields).await
}

/// The save form's fields of a preview.
pub fn preview(body: &str) -> Checked {
    Checked {
        deal: field(body, "deal"),
        based_on: field(body, "based_on"),
        key: field(body, "key"),
    }
}

/// The secretary checks a quick Watten deal at table `t` and gets the preview.
pub async fn desk_check_quick(b: &Browser, slug: &str, t: i32, winner: &str, pts: &str) -> Checked {
    let page = table_path(slug, t);
    let res = check_at(
        b,
        &page,
        &format!("{page}/check"),
        &[("mode", "quick"), ("winner", winner), ("points", pts)],
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    preview(&res.body)
}

/// Posts a save of `c` at table `t` (a new deal).
pub async fn desk_save(b: &Browser, slug: &str, t: i32, c: &Checked) -> crate::common::Reply {
    let page = table_path(slug, t);
    let csrf = csrf_in(&b.get(&page).await.body).unwrap();
    b.post(
        &format!("{page}/save"),
        &[
            ("csrf", &csrf),
            ("deal", &c.deal),
            ("based_on", &c.based_on),
            ("key", &c.key),
        ],
    )
    .await
}

/// Posts a correction of deal `no` (from 1) at table `t` with this CSRF token.
#[allow(clippy::too_many_arguments)]
pub async fn post_correction(
    b: &Browser,
    csrf: &str,
    slug: &str,
    t: i32,
    no: i32,
    deal: &str,
    version: i32,
    reason: &str,
    key: &str,
) -> crate::common::Reply {
    let version = version.to_string();
    b.post(
        &format!("{}/deals/{no}/save", table_path(slug, t)),
        &[
            ("csrf", csrf),
            ("deal", deal),
            ("based_on", &version),
            ("key", key),
            ("reason", reason),
        ],
    )
    .await
}

/// A CSRF token of `b`'s session (from its table page).
pub async fn csrf_of(b: &Browser, slug: &str) -> String {
    csrf_in(&b.get(&table_path(slug, 1)).await.body).unwrap()
}

/// A fresh submission key as the forms carry (64 hex digits).
pub fn key() -> String {
    kartl::auth::tokens::random_token().unwrap()
}

/// A secretary of another club (Vroni), logged in.
pub async fn stranger(app: &TestApp, admin: &Browser) -> Browser {
    let res = admin
        .submit("/admin", "/admin/clubs", &[("name", "Zweiter Verein")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let page = admin.get("/admin").await;
    let club = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| o.contains("Zweiter Verein"))
        .and_then(|o| o.split('"').next())
        .unwrap()
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "Vroni"), ("club", &club)],
        )
        .await;
    let code = crate::common::reset_code_in(&res.body);
    let password = "Vronis geheimes Passwort";
    let vroni = app.browser();
    vroni.redeem("Vroni", &code, password).await;
    assert_eq!(
        vroni.login("Vroni", password).await.status,
        StatusCode::SEE_OTHER
    );
    vroni
}

/// Every audit event of the tournament.
pub async fn audit_events(app: &TestApp, slug: &str) -> Vec<AuditEventRow> {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            let t = TournamentRow::by_slug(conn, &slug)?.unwrap();
            Ok(AuditEventRow::of(conn, t.id())?)
        })
        .await
        .unwrap()
}

/// The versions of deal `deal_no` of a table, by version.
pub async fn deal_rows(app: &TestApp, table: TableId, deal_no: i32) -> Vec<DealVersionRow> {
    crate::score::versions(app, table)
        .await
        .into_iter()
        .filter(|v| v.deal_no == deal_no)
        .collect()
}

/// The text of the element with this id (`id="NAME">text<`).
pub fn by_id(body: &str, id: &str) -> Option<String> {
    between(body, &format!("id=\"{id}\">"), "<").map(|s| unescape(&s))
}
