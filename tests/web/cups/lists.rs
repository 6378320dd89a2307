//! Who sees which cup in the list and on its working page: an organiser their own cups only,
//! a secretary the cups their club is a member of, the administrator every cup.

use super::{act, club, create_cup, organiser, secretary};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;

both_backends!(an_organiser_sees_only_their_cups_and_a_secretary_only_their_clubs);

async fn an_organiser_sees_only_their_cups_and_a_secretary_only_their_clubs(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let olga = organiser(&app, &admin, "Olga").await;
    let otto = organiser(&app, &admin, "Otto").await;
    let soell = club(&admin, "SK Söll").await;
    let sepp = secretary(&app, &admin, &soell, "Sepp").await;
    let kramsach = club(&admin, "WC Kramsach").await;
    let kathi = secretary(&app, &admin, &kramsach, "Kathi").await;
    let form = [
        ("name", "Olgas Watt-Cup"),
        ("game", "watten"),
        ("points_kind", "field"),
        ("min_evenings", "1"),
    ];
    let cup = create_cup(&olga, &form).await;
    assert_eq!(
        act(&olga, &cup, "clubs", &[("club", &soell)]).await,
        StatusCode::SEE_OTHER
    );
    let page = format!("/cups/{cup}");
    for (who, sees) in [
        (&olga, true),
        (&otto, false),
        (&sepp, true),
        (&kathi, false),
        (&admin, true),
    ] {
        let list = who.get("/cups").await;
        assert_eq!(list.status, StatusCode::OK);
        assert_eq!(list.body.contains("Olgas Watt-Cup"), sees, "{}", list.body);
        let status = who.get(&page).await.status;
        let expected = if sees {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        assert_eq!(status, expected);
    }
    // A secretary creates no cup; Otto cannot name Olga the organiser of his.
    let res = sepp.submit("/cups", "/cups", &form).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let olga_id = "2";
    let res = otto
        .submit(
            "/cups",
            "/cups",
            &[&form[..], &[("organiser", olga_id)]].concat(),
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let theirs = res.location().unwrap().to_string();
    assert_eq!(
        otto.get(&theirs).await.status,
        StatusCode::OK,
        "Otto's own cup"
    );
    assert!(!olga.get("/cups").await.body.contains(&theirs));
}
