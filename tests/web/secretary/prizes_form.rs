//! The prize scheme's forms: fixed amounts on the overview paying the pot with its rest, and
//! what the pot cannot pay refused in German words with the fields kept as typed; amounts on
//! the new-tournament form read the same with a comma or a full stop. The list itself:
//! `prizes.rs`.

use super::prizes::{prize_section, set_prizes};
use super::{create, stored};
use crate::both_backends;
use crate::common::TestApp;
use crate::common::fixture::Spec;
use crate::exports::download;
use kartl::rules::{Game, Lang};
use kartl::service::{Actor, tournaments};
use kartl::tournament::euro;
use kartl::tournament::prizes::Amount;
use reqwest::StatusCode;

both_backends!(
    fixed_amounts_pay_the_pot_and_what_it_cannot_pay_is_refused_in_words,
    the_new_tournament_form_reads_amounts_with_a_comma_or_a_full_stop,
);

async fn fixed_amounts_pay_the_pot_and_what_it_cannot_pay_is_refused_in_words(
    backend: crate::common::Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    // Four teams at 10 € make a pot of 40 €.
    let slug = app
        .build(Spec {
            cards: false,
            ..Spec::new(Game::Watten)
        })
        .await
        .slug;

    // No scheme, no prize list: its exports do not exist.
    for path in ["prizes.csv", "prizes.json"] {
        let none = download(&admin, &format!("/t/{slug}/{path}")).await;
        assert_eq!(none.status, StatusCode::NOT_FOUND, "{path}");
    }

    let over = set_prizes(
        &admin,
        &slug,
        &[("prize_fee", "10"), ("prize_money", "60 %\n50 %")],
    )
    .await;
    assert_eq!(over.status, StatusCode::BAD_REQUEST);
    assert!(
        over.body
            .contains("Die Anteile am Topf ergeben mehr als 100 %."),
        "{}",
        over.body
    );
    // The form is open and its fields keep what was typed.
    assert!(over.body.contains("<details class=\"prize-edit\" open>"));
    assert!(
        over.body.contains(">60 %\n50 %</textarea>"),
        "{}",
        over.body
    );

    let fixed = [("prize_fee", "10,00"), ("prize_money", "30,00\n20.00")];
    let over_pot = set_prizes(&admin, &slug, &fixed).await;
    assert_eq!(over_pot.status, StatusCode::BAD_REQUEST);
    assert!(
        over_pot
            .body
            .contains("Die Preise (50,00 €) übersteigen den Topf (40,00 €)."),
        "{}",
        over_pot.body
    );
    let ambiguous = set_prizes(&admin, &slug, &[("prize_fee", "1.250")]).await;
    assert_eq!(ambiguous.status, StatusCode::BAD_REQUEST);
    assert!(
        ambiguous.body.contains("Das Startgeld ist kein Betrag"),
        "{}",
        ambiguous.body
    );
    let slug_ = slug.clone();
    let audit = |app: &TestApp| {
        let (db, slug) = (app.state.db.clone(), slug_.clone());
        async move {
            db.run(move |conn| tournaments::audit_log(conn, &Actor::command_line(), &slug))
                .await
                .unwrap()
                .into_iter()
                .filter(|e| e.action == "prizes_set")
                .count()
        }
    };
    assert_eq!(audit(&app).await, 0, "nothing refused is stored");

    let fitting = [
        ("prize_fee", "10.00"),
        ("prize_money", "25,00\n10"),
        ("prize_goods", "\nWein"),
    ];
    let saved = set_prizes(&admin, &slug, &fitting).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    assert_eq!(audit(&app).await, 1);
    let page = admin.get(&format!("/t/{slug}")).await;
    let list = prize_section(&page.body);
    assert!(
        list.contains("Topf: 40,00 €") && !list.contains("Abzug"),
        "{list}"
    );
    assert!(list.contains("25,00 €") && list.contains("10,00 €") && list.contains("Wein"));
    assert!(list.contains("Rest im Topf: 5,00 €"), "{list}");
    // The form shows the stored scheme in German spelling.
    assert!(
        page.body.contains(">25,00\n10,00</textarea>"),
        "{}",
        page.body
    );
    let d = stored(&app, &slug).await;
    let scheme = d.tournament.settings.unwrap().prizes.unwrap();
    assert_eq!(scheme.money, [Amount::Cents(2_500), Amount::Cents(1_000)]);
    assert_eq!(scheme.goods, ["", "Wein"]);
}

async fn the_new_tournament_form_reads_amounts_with_a_comma_or_a_full_stop(
    backend: crate::common::Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let _ = admin
        .submit("/admin", "/admin/clubs", &[("name", "SK Testverein")])
        .await;
    let club = stored_club(&app).await;
    // Printed amounts read back as the same cents, in either spelling (the property itself is
    // `tournament::euro`'s unit test; here through the form and the database).
    for cents in [1, 5, 1_250, 2_000, 99_999_999] {
        for lang in [Lang::De, Lang::En] {
            let typed = euro::plain(cents, lang);
            let slug = create(
                &admin,
                &[
                    ("club", &club),
                    ("name", "Preiswatten"),
                    ("date", "2026-11-28"),
                    ("game", "watten"),
                    ("prize_fee", &typed),
                    ("prize_money", "100 %"),
                ],
            )
            .await;
            let scheme = stored(&app, &slug)
                .await
                .tournament
                .settings
                .unwrap()
                .prizes;
            assert_eq!(scheme.map(|s| s.entry_fee), Some(cents), "{typed}");
        }
    }
    let refused = admin
        .submit(
            "/tournaments/new",
            "/tournaments/new",
            &[
                ("club", &club),
                ("name", "Preiswatten"),
                ("date", "2026-11-28"),
                ("game", "watten"),
                ("prize_fee", "20"),
                ("prize_money", "70 %\n40 %"),
            ],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .body
            .contains("Die Anteile am Topf ergeben mehr als 100 %."),
        "{}",
        refused.body
    );
    // Without a scheme, no prize list.
    let plain = create(
        &admin,
        &[
            ("club", &club),
            ("name", "Vereinsabend"),
            ("date", "2026-11-28"),
            ("game", "watten"),
        ],
    )
    .await;
    assert_eq!(
        stored(&app, &plain)
            .await
            .tournament
            .settings
            .and_then(|s| s.prizes),
        None
    );
}

/// The id of the club the administrator made.
async fn stored_club(app: &TestApp) -> String {
    app.state
        .db
        .run(|conn| Ok(kartl::db::models::Club::all(conn)?))
        .await
        .unwrap()
        .first()
        .map(|c| c.id.to_string())
        .expect("a club")
}
