//! Closing with care and finishing for real: closing a round whose tables
//! are not done warns by table number and asks again; a rounds tournament plans its rounds;
//! "Turnier abschließen" freezes the result, reopening needs a reason; every standings page
//! and export says "Zwischenstand nach Runde N" before and "Endstand" only after.

use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Backend, Browser, TestApp};
use crate::exports::{download, pdf_text};
use calamine::{Reader, Xlsx};
use kartl::rules::Game;
use kartl::service::deals::{DealInput, DealStatus};
use kartl::service::{Actor, ActorKind};
use kartl::tournament::format::Settings;
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(
    closing_a_round_with_tables_not_done_warns_by_number_and_asks_again,
    a_finished_tournament_is_frozen_says_endstand_and_reopens_with_a_reason,
    a_planned_round_count_is_shown_and_a_draw_past_it_is_refused,
);

/// A Watten game to 15 won by `winner` (the rules' target: 15 points).
pub fn game(winner: &str, loser: &str) -> Vec<Value> {
    [
        (winner, 3),
        (loser, 2),
        (winner, 4),
        (winner, 4),
        (winner, 4),
    ]
    .into_iter()
    .map(|(w, p)| json!({"winner": w, "points": p}))
    .collect()
}

/// Four Watten teams, round 1 drawn (two tables), public, run by the command line.
pub async fn watten(app: &TestApp, settings: Option<Settings>) -> fixture::Built {
    app.build(Spec {
        settings,
        ..Spec::new(Game::Watten)
    })
    .await
}

fn audit_actions(app: &TestApp, slug: &str) -> impl std::future::Future<Output = Vec<String>> {
    let (db, slug) = (app.state.db.clone(), slug.to_string());
    async move {
        db.run(move |conn| {
            kartl::service::tournaments::audit_log(conn, &Actor::command_line(), &slug)
        })
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect()
    }
}

async fn close(admin: &Browser, slug: &str, round: i32, anyway: bool) -> crate::common::Reply {
    let page = format!("/t/{slug}/rounds/{round}");
    let fields: &[(&str, &str)] = if anyway { &[("anyway", "yes")] } else { &[] };
    admin.submit(&page, &format!("{page}/close"), fields).await
}

async fn closing_a_round_with_tables_not_done_warns_by_number_and_asks_again(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let built = watten(&app, None).await;
    let slug = built.slug.clone();
    // Table 1 plays its game to the end; table 2 has one deal waiting for confirmation.
    app.seed_deals(built.tables[0], game("A", "B")).await;
    let pending = DealInput {
        status: DealStatus::Pending,
        ..fixture::deal(0, json!({"winner": "A", "points": 2}))
    };
    app.record_at(Actor::command_line(), (&slug, 1, 2), pending)
        .await;

    let warned = close(&admin, &slug, 1, false).await;
    assert_eq!(warned.status, StatusCode::CONFLICT, "{}", warned.body);
    let warning = crate::common::between(&warned.body, "id=\"close-warning\"", "</section>")
        .expect("the warning");
    assert!(
        warned
            .body
            .contains("class=\"warning\" id=\"close-warning\"")
    );
    assert!(
        warning.contains("Tische ohne fertiges Spiel: 2<"),
        "{warning}"
    );
    assert!(
        warning.contains("Tische mit unbestätigten Spielen: 2<"),
        "{warning}"
    );
    assert!(warning.contains("Trotzdem abschließen"), "{warning}");
    // Nothing closed yet: no audit event, the round still open.
    assert!(
        !audit_actions(&app, &slug)
            .await
            .contains(&"round_closed".to_string())
    );
    let page = admin.get(&format!("/t/{slug}/rounds/1")).await;
    assert!(
        page.body
            .contains(&format!("action=\"/t/{slug}/rounds/1/close\""))
    );

    let closed = close(&admin, &slug, 1, true).await;
    assert_eq!(closed.status, StatusCode::SEE_OTHER, "{}", closed.body);
    assert!(
        audit_actions(&app, &slug)
            .await
            .contains(&"round_closed".to_string())
    );
    let page = admin.get(&format!("/t/{slug}/rounds/1")).await;
    assert!(
        page.body
            .contains(&format!("action=\"/t/{slug}/rounds/1/reopen\""))
    );

    // Round 2 with every table's game over and confirmed closes at the first ask.
    let drawn = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(drawn.status, StatusCode::SEE_OTHER, "{}", drawn.body);
    for table in 1..=2 {
        for (no, deal) in game("B", "A").into_iter().enumerate() {
            app.record_at(
                Actor::command_line(),
                (&slug, 2, table),
                fixture::deal(no as i32, deal),
            )
            .await;
        }
    }
    let done = close(&admin, &slug, 2, false).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
}

/// The caption of the overall standings on a page.
fn stage(body: &str) -> &str {
    for want in ["Endstand", "Zwischenstand nach Runde 1", "Zwischenstand"] {
        if body.contains(&format!(">{want}<")) {
            return want;
        }
    }
    "none"
}

async fn a_finished_tournament_is_frozen_says_endstand_and_reopens_with_a_reason(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let built = watten(&app, None).await;
    let slug = built.slug.clone();
    app.seed_deals(built.tables[0], game("A", "B")).await;
    app.seed_deals(built.tables[1], game("B", "A")).await;
    let anonymous = app.browser();

    // Before any round is closed: "Zwischenstand", no winners, and no finishing while open.
    let report = anonymous.get(&format!("/t/{slug}/report")).await;
    assert_eq!(report.status, StatusCode::OK);
    assert!(report.body.contains(">Zwischenstand<"), "{}", report.body);
    assert!(!report.body.contains("Sieger") && !report.body.contains("Endstand"));
    let early = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/finish"), &[])
        .await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        early.body.contains("Erst Runde 1 abschließen"),
        "{}",
        early.body
    );

    assert_eq!(
        close(&admin, &slug, 1, false).await.status,
        StatusCode::SEE_OTHER
    );
    for path in [
        format!("/t/{slug}"),
        format!("/p/{slug}"),
        format!("/t/{slug}/report"),
    ] {
        let page = admin.get(&path).await;
        assert_eq!(stage(&page.body), "Zwischenstand nach Runde 1", "{path}");
    }
    let pdf = pdf_text(
        &download(&admin, &format!("/t/{slug}/report.pdf"))
            .await
            .bytes,
    );
    assert!(
        pdf.contains("Zwischenstand nach Runde 1") && !pdf.contains("Sieger"),
        "{pdf}"
    );

    // Every round closed: the finals may be drawn ...
    let overview = admin.get(&format!("/t/{slug}")).await;
    assert!(
        overview.body.contains("Finalrunde auslosen"),
        "{}",
        overview.body
    );
    let finished = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/finish"), &[])
        .await;
    assert_eq!(finished.status, StatusCode::SEE_OTHER, "{}", finished.body);
    // ... but not once the tournament is finished.
    let overview = admin.get(&format!("/t/{slug}")).await;
    assert!(
        !overview.body.contains("Finalrunde auslosen"),
        "{}",
        overview.body
    );
    for path in [
        format!("/t/{slug}"),
        format!("/p/{slug}"),
        format!("/p/{slug}/projector"),
        format!("/t/{slug}/report"),
    ] {
        let page = anonymous.get(&path).await;
        let page = if page.status == StatusCode::OK {
            page
        } else {
            admin.get(&path).await
        };
        assert_eq!(stage(&page.body), "Endstand", "{path}");
    }
    let report = admin.get(&format!("/t/{slug}/report")).await;
    assert!(report.body.contains("id=\"winners\""));
    let pdf = pdf_text(
        &download(&admin, &format!("/t/{slug}/report.pdf"))
            .await
            .bytes,
    );
    assert!(pdf.contains("Endstand") && pdf.contains("Sieger"), "{pdf}");
    let xlsx = download(&admin, &format!("/t/{slug}/results.xlsx")).await;
    let wb: Xlsx<_> = Xlsx::new(std::io::Cursor::new(xlsx.bytes)).unwrap();
    assert_eq!(wb.sheet_names()[0], "Endstand");

    // Frozen: no draw, no deal, no reopened round.
    let draw = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(draw.status, StatusCode::CONFLICT);
    let now = kartl::clock::Clock::now(&*app.clock);
    let s = slug.clone();
    let refused = app
        .state
        .db
        .run(move |conn| {
            let deal = fixture::deal(5, json!({"winner": "A", "points": 2}));
            let secretary = Actor {
                user_id: None,
                name: "Sepp".into(),
                kind: ActorKind::Admin,
            };
            let deal = DealInput {
                reason: Some("nachgetragen".into()),
                ..deal
            };
            fixture::record_at(conn, &secretary, now, (&s, 1, 1), &deal)
        })
        .await;
    let err = refused
        .expect_err("a finished tournament takes no deal")
        .to_string();
    assert!(err.contains("finished"), "{err}");
    let reopen_round = admin
        .submit(
            &format!("/t/{slug}/rounds/1"),
            &format!("/t/{slug}/rounds/1/reopen"),
            &[("reason", "Tippfehler")],
        )
        .await;
    assert_ne!(reopen_round.status, StatusCode::SEE_OTHER);
    let round = admin.get(&format!("/t/{slug}/rounds/1")).await;
    assert!(round.body.contains("id=\"round-frozen\""));
    assert!(!round.body.contains("/rounds/1/reopen\""));

    // Reopening needs a reason, and is audited with it.
    let bare = admin
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/reopen"),
            &[("reason", " ")],
        )
        .await;
    assert_eq!(bare.status, StatusCode::UNPROCESSABLE_ENTITY);
    let again = admin
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/reopen"),
            &[("reason", "Spiel 3 an Tisch 2 nachtragen")],
        )
        .await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    let actions = audit_actions(&app, &slug).await;
    assert!(actions.contains(&"tournament_finished".to_string()));
    assert!(actions.contains(&"tournament_reopened".to_string()));
    let page = admin.get(&format!("/t/{slug}")).await;
    assert_eq!(stage(&page.body), "Zwischenstand nach Runde 1");
}

async fn a_planned_round_count_is_shown_and_a_draw_past_it_is_refused(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let plan = Settings {
        rounds: Some(1),
        ..Settings::default()
    };
    let built = watten(&app, Some(plan)).await;
    let slug = built.slug.clone();
    let round = admin.get(&format!("/t/{slug}/rounds/1")).await;
    assert!(round.body.contains("Runde 1 von 1"), "{}", round.body);
    assert_eq!(
        close(&admin, &slug, 1, true).await.status,
        StatusCode::SEE_OTHER
    );

    let overview = admin.get(&format!("/t/{slug}")).await;
    assert!(overview.body.contains("Die geplante Runde ist ausgelost"));
    let refused = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);

    // The plan cannot fall below the rounds drawn; raised, the next draw goes through.
    let below = admin
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/planned-rounds"),
            &[("planned", "0")],
        )
        .await;
    assert_eq!(below.status, StatusCode::UNPROCESSABLE_ENTITY);
    let raised = admin
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/planned-rounds"),
            &[("planned", "3")],
        )
        .await;
    assert_eq!(raised.status, StatusCode::SEE_OTHER, "{}", raised.body);
    assert!(
        audit_actions(&app, &slug)
            .await
            .contains(&"rounds_planned".to_string())
    );
    let overview = admin.get(&format!("/t/{slug}")).await;
    assert!(
        overview.body.contains("Geplant: 3 Runden, ausgelost: 1."),
        "{}",
        overview.body
    );
    let drawn = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(drawn.status, StatusCode::SEE_OTHER, "{}", drawn.body);
    let round = admin.get(&format!("/t/{slug}/rounds/2")).await;
    assert!(round.body.contains("Runde 2 von 3"));
}
