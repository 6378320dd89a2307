//! The player's page of a person who plays for two clubs (issue 28: "one player's page shows
//! both evenings"): once the cup's organiser linked Anna Huber of WC Kramsach to Anna Huber of
//! SK Söll, her Söll page lists her Kramsach evenings too, each as its own club allows it: a
//! visitor sees the public ones only, the Kramsach secretary also Kramsach's private one, and
//! a Kramsach record set to hidden adds nothing for anyone but its club.

use super::{act, club, create_cup, evening, organiser, player_id, secretary, store};
use crate::both_backends;
use crate::common::TestApp;
use crate::common::{Backend, Browser};
use reqwest::StatusCode;

both_backends!(a_linked_player_s_page_lists_the_other_club_s_evenings_as_that_club_allows);

/// A one-table evening of Anna and three others of the club.
fn anna_evening(name: &str, others: [&str; 3]) -> serde_json::Value {
    evening(
        name,
        &[["Anna Huber", others[0]], [others[1], others[2]]],
        &[vec![(0, 1, "A")]],
    )
}

async fn page(who: &Browser, id: i32) -> String {
    let res = who.get(&format!("/spieler/{id}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    res.body
}

async fn a_linked_player_s_page_lists_the_other_club_s_evenings_as_that_club_allows(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let soell = club(&admin, "SK Söll").await;
    let kramsach = club(&admin, "WC Kramsach").await;
    let sepp = secretary(&app, &admin, &soell, "Sepp").await;
    let kathi = secretary(&app, &admin, &kramsach, "Kathi").await;
    let olga = organiser(&app, &admin, "Olga").await;
    let a = store(
        &app,
        "SK Söll",
        "2026-01-10",
        &anna_evening(
            "Söller Watten",
            ["Bert Maier", "Clara Egger", "Dieter Moser"],
        ),
    )
    .await;
    let b = store(
        &app,
        "WC Kramsach",
        "2026-02-10",
        &anna_evening(
            "Kramsacher Watten",
            ["Franz Berger", "Gerda Ranft", "Hans Hauser"],
        ),
    )
    .await;
    let c = store(
        &app,
        "WC Kramsach",
        "2026-03-10",
        &anna_evening(
            "Vereinsabend Kramsach",
            ["Franz Berger", "Gerda Ranft", "Hans Hauser"],
        ),
    )
    .await;
    let res = kathi
        .submit(
            &format!("/t/{c}"),
            &format!("/t/{c}/public"),
            &[("public", "off")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let anna_s = player_id(&app, "SK Söll", &a, "Anna Huber").await;
    let anna_k = player_id(&app, "WC Kramsach", &b, "Anna Huber").await;
    assert_eq!(
        player_id(&app, "WC Kramsach", &c, "Anna Huber").await,
        anna_k
    );
    let visitor = app.browser();

    // Two rows of two clubs: each page its own club's evening only.
    let before = page(&visitor, anna_s).await;
    assert!(before.contains("Söller Watten") && !before.contains("Kramsacher Watten"));

    let fields = [
        ("name", "Watt-Cup Unterland 2026"),
        ("game", "watten"),
        ("points_kind", "table"),
        ("points", "25-20"),
        ("min_evenings", "1"),
    ];
    let cup = create_cup(&olga, &fields).await;
    for id in [&soell, &kramsach] {
        assert_eq!(
            act(&olga, &cup, "clubs", &[("club", id)]).await,
            StatusCode::SEE_OTHER
        );
    }
    for (who, t) in [(&sepp, &a), (&kathi, &b)] {
        let proposed = act(who, &cup, "evenings", &[("tournament", t)]).await;
        assert_eq!(proposed, StatusCode::SEE_OTHER);
        let decision = [("tournament", t.as_str()), ("decision", "accept")];
        assert_eq!(
            act(&olga, &cup, "decide", &decision).await,
            StatusCode::SEE_OTHER
        );
    }
    let link = [
        ("player", anna_k.to_string()),
        ("person", anna_s.to_string()),
    ];
    let link: Vec<(&str, &str)> = link.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(
        act(&olga, &cup, "links", &link).await,
        StatusCode::SEE_OTHER
    );

    // Linked: the public evenings of both clubs on either row's page; the private one only
    // for its club's secretary.
    for id in [anna_s, anna_k] {
        let shown = page(&visitor, id).await;
        assert!(shown.contains("Söller Watten"), "{id}: {shown}");
        assert!(shown.contains("Kramsacher Watten"), "{id}: {shown}");
        assert!(!shown.contains("Vereinsabend Kramsach"), "{id}: {shown}");
    }
    let for_sepp = page(&sepp, anna_s).await;
    assert!(for_sepp.contains("Kramsacher Watten") && !for_sepp.contains("Vereinsabend"));
    let for_kathi = page(&kathi, anna_s).await;
    assert!(for_kathi.contains("Vereinsabend Kramsach"), "{for_kathi}");

    // Kramsach's row hidden: its evenings leave the Söll page for everyone but Kramsach.
    let res = kathi
        .submit(
            &format!("/spieler/{anna_k}"),
            &format!("/spieler/{anna_k}/consent"),
            &[("consent", "hidden")],
        )
        .await;
    assert!(res.status.is_redirection(), "{}: {}", res.status, res.body);
    for who in [&visitor, &sepp] {
        let shown = page(who, anna_s).await;
        assert!(
            shown.contains("Söller Watten") && !shown.contains("Kramsacher"),
            "{shown}"
        );
    }
    assert!(page(&kathi, anna_s).await.contains("Kramsacher Watten"));
}
