//! Two people of one name in one tournament (issue 28): the register keeps namesakes apart,
//! but a tournament's field cannot hold one name twice (its pages, standings and draws show
//! names; the unique index on the tournament and `name_key` guards it). Entering the second
//! is refused in words that say what to do (an addition such as "sen." or the year of birth,
//! in the register when the person is there), once under the rows; following that advice
//! enters them.

use super::register::{add, enter, evening, record, register};
use super::{secretary, stored};
use crate::both_backends;
use crate::common::Backend;
use crate::common::TestApp;
use reqwest::StatusCode;

both_backends!(
    the_second_of_two_namesakes_is_refused_with_what_to_do,
    a_list_naming_one_name_twice_is_refused_with_the_advice_once,
);

/// The advice's words (`import-namesakes`).
const ADVICE: &str = "Zwei verschiedene Personen gleichen Namens";

async fn the_second_of_two_namesakes_is_refused_with_what_to_do(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    add(&sepp, "Josef Huber", "", "1961").await;
    add(&sepp, "Josef Huber", "", "1994").await;
    let slug = evening(&sepp, "Preisgaigeln").await;
    let res = enter(&sepp, &slug, &[("name", "Josef Huber (Jg. 1961)")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);

    // The son, picked from the register: refused, nothing stored, the way out named.
    let res = enter(&sepp, &slug, &[("name", "Josef Huber (Jg. 1994)")]).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.body.contains("Dieser Name ist schon angemeldet."),
        "{}",
        res.body
    );
    assert!(res.body.contains(ADVICE), "{}", res.body);
    assert!(res.body.contains("„Josef Huber sen.“"), "{}", res.body);
    assert!(res.body.contains("Spielerregister"), "{}", res.body);
    // Typed as a new person of that name: the same.
    let res = enter(&sepp, &slug, &[("name", "Josef Huber"), ("new", "1")]).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains(ADVICE), "{}", res.body);
    assert_eq!(stored(&app, &slug).await.players.len(), 1);
    assert_eq!(register(&app).await.len(), 2, "no third Josef Huber");

    // The advice followed: the son's record named "Josef Huber jun." in the register, then
    // picked. Both are entered, each their own register record, told apart by name.
    let rows = register(&app).await;
    let son = record(&rows, "Josef Huber", Some(1994));
    let res = sepp
        .submit(
            &format!("/register/{son}"),
            &format!("/register/{son}"),
            &[("name", "Josef Huber jun."), ("birth_year", "1994")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let res = enter(&sepp, &slug, &[("name", "Josef Huber jun.")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert!(!res.body.contains(ADVICE));
    let d = stored(&app, &slug).await;
    let names: Vec<&str> = d.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Josef Huber", "Josef Huber jun."]);
    assert_eq!(d.players[1].player_id, son);
}

async fn a_list_naming_one_name_twice_is_refused_with_the_advice_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = evening(&sepp, "Preisgaigeln").await;
    let entrants = format!("/t/{slug}/entrants");
    let import = format!("/t/{slug}/import");
    let res = enter(&sepp, &slug, &[("name", "Anna Egger")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let list = "Josef Huber\nAnna Egger\nJosef Huber\nBert Maier\n";
    let res = sepp.submit(&entrants, &import, &[("list", list)]).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        res.body
            .contains("Zeile 2: Dieser Name ist schon angemeldet."),
        "{}",
        res.body
    );
    assert!(
        res.body.contains("Dieser Name steht schon in Zeile 1."),
        "{}",
        res.body
    );
    assert_eq!(res.body.matches(ADVICE).count(), 1, "{}", res.body);
    assert_eq!(stored(&app, &slug).await.players.len(), 1);
    // A list without a repeated name has no advice.
    let res = sepp
        .submit(
            &entrants,
            &import,
            &[("list", "Josef Huber\nJosef Huber sen.\n")],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert!(!res.body.contains(ADVICE));
    assert_eq!(stored(&app, &slug).await.players.len(), 3);
}
