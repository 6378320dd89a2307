//! The new-tournament form offers the historical Perlagg sets of 1853 (Perlaggen text, last
//! section) and Gaigel's auf Siebener and auf Farbe (Gaigel text 002, "Five Sevens", "Five of
//! a Suit"): the secretary picks them by their German names, the tournament stores them, and
//! its tables are refereed under them.

use super::{create, secretary, stored, try_deal};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use reqwest::StatusCode;
use serde_json::json;

both_backends!(
    a_radetzky_tournament_referees_its_tables_with_the_heart_king_the_only_perlagg,
    a_gaigel_tournament_on_siebener_and_farbe_referees_its_tables_with_them,
);

/// Two teams and round 1 drawn: one table.
async fn two_teams_drawn(sepp: &Browser, slug: &str) {
    let list = "Spitzbuam;Anna;Bert\nGrasober;Cilli;Dora\n";
    let res = sepp
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/import"),
            &[("list", list)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn a_radetzky_tournament_referees_its_tables_with_the_heart_king_the_only_perlagg(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let form = sepp.get("/tournaments/new?game=perlaggen").await;
    for label in [
        "1853: Radetzky (Herz-König)",
        "1853: Schello bello (Schell-Siebener)",
        "1853: Trumpf-König, -Siebener, -Ober, -Unter",
        "1853: Radetzky und Trumpf-Siebener, -Ober, -Unter",
        "value=\"schello_bello_trumps\"",
    ] {
        assert!(form.body.contains(label), "{label}: {}", form.body);
    }
    let slug = create(
        &sepp,
        &[
            ("name", "Perlaggen wia 1853"),
            ("date", "2026-11-28"),
            ("game", "perlaggen"),
            ("variant", "radetzky"),
            ("target", "18"),
            ("scheme", "games"),
            ("draw", "random"),
        ],
    )
    .await;
    let t = stored(&app, &slug).await.tournament;
    assert_eq!(
        t.variant,
        kartl::rules::figures::cards::Variant::Radetzky.into()
    );
    assert!(t.options.is_none_or(|o| o == Default::default()));
    two_teams_drawn(&sepp, &slug).await;
    // Radetzky: the heart King is the one Perlagg (rules 001, last section); the bell Seven,
    // a Perlagg in the Innsbruck style, is a plain card here and takes no baptism.
    let show = |card: &str| {
        json!({"events": [{"trump": "L"}, {"tricks": "A"},
            {"show": {"gleich": {"A": ["EA", card]}, "hanger": "B"}}]})
    };
    let refused = try_deal(&app, &slug, (1, 1), 0, show("S7=LA")).await;
    let refused = refused.expect_err("the bell Seven is no Perlagg under Radetzky");
    assert!(refused.contains("invalid_show"), "{refused}");
    assert!(refused.contains("nur ein Perlagg"), "{refused}");
    try_deal(&app, &slug, (1, 1), 0, show("HK=LA"))
        .await
        .unwrap();
}

async fn a_gaigel_tournament_on_siebener_and_farbe_referees_its_tables_with_them(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let form = sepp.get("/tournaments/new?game=gaigel&variant=four").await;
    assert!(
        form.body.contains("value=\"auf_siebener\""),
        "{}",
        form.body
    );
    assert!(form.body.contains(">auf Siebener<"), "{}", form.body);
    assert!(form.body.contains("Fünf einer Farbe gewinnen (auf Farbe)"));
    let slug = create(
        &sepp,
        &[
            ("name", "Gaigeln auf Siebener"),
            ("date", "2026-11-28"),
            ("game", "gaigel"),
            ("variant", "four"),
            ("strokes", "10"),
            ("sevens", "auf_siebener"),
            ("auf_farbe", "on"),
            ("scheme", "games"),
            ("draw", "random"),
        ],
    )
    .await;
    let t = stored(&app, &slug).await.tournament;
    let options = serde_json::to_value(t.options.unwrap_or_default()).unwrap();
    assert_eq!(
        options,
        json!({"sevens": "auf_siebener", "auf_farbe": true})
    );
    two_teams_drawn(&sepp, &slug).await;
    // Auf Siebener the player's cards take no trick (rules 002, "Five Sevens"), so a Dissle
    // lost by a trick, which auf Dissle knows, is refused at this table.
    let lost = json!({"points": {"A": 14, "B": 30}, "melds": {"A": [], "B": []},
        "tricks": {"A": 1, "B": 2}, "dissle": "A", "dissle_trick": true});
    let refused = try_deal(&app, &slug, (1, 1), 0, lost).await;
    let refused = refused.expect_err("a lost Dissle auf Siebener");
    assert!(refused.contains("tricks_invalid"), "{refused}");
    // Five of one suit counts with auf Farbe (rules 002, "Five of a Suit").
    let farbe = json!({"points": {"A": 0, "B": 0}, "melds": {"A": [], "B": []},
        "tricks": {"A": 0, "B": 0}, "farbe": "A"});
    try_deal(&app, &slug, (1, 1), 0, farbe).await.unwrap();
    // Both Sevens rules at once cannot be asked for: the choice holds one.
    let res = sepp
        .submit(
            "/tournaments/new?game=gaigel&variant=four",
            "/tournaments/new",
            &[
                ("name", "Zwei Siebener"),
                ("date", "2026-11-28"),
                ("game", "gaigel"),
                ("variant", "four"),
                ("sevens", "auf_siebener,auf_dissle"),
                ("draw", "random"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
}
