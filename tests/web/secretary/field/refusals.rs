//! Changes to the field that are refused, in plain German words, leaving everything as it was.

use super::*;

both_backends!(changes_to_the_field_are_refused_in_plain_words_and_change_nothing);

async fn changes_to_the_field_are_refused_in_plain_words_and_change_nothing(
    backend: crate::common::Backend,
) {
    let (app, sepp, slug) = six_teams(&backend).await;
    let before = stored(&app, &slug).await;
    // Round 1 is drawn: nobody can be marked absent in it any more.
    let (status, body) = post(
        &sepp,
        &slug,
        "absent",
        &[("entrant", "t1"), ("round", "1"), ("absent", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Runde 1 ist schon ausgelost"), "{body}");
    let (status, body) = post(&sepp, &slug, "withdraw", &[("entrant", "t9")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("Diese Anmeldung gibt es in diesem Turnier nicht"),
        "{body}"
    );
    // Another team's name (case aside) is taken.
    let other = before.teams[1].name.to_uppercase();
    let (status, body) = post(
        &sepp,
        &slug,
        "edit",
        &[
            ("entrant", "t1"),
            ("name", &other),
            ("member1", "A"),
            ("member2", "B"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body.contains("Diesen Namen hat schon eine andere Anmeldung"),
        "{body}"
    );
    let (status, body) = post(
        &sepp,
        &slug,
        "edit",
        &[
            ("entrant", "t1"),
            ("name", " "),
            ("member1", "A"),
            ("member2", "B"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(stored(&app, &slug).await, before);
    // Withdrawn once; twice is refused, and so is an absence after it.
    let (status, _) = post(&sepp, &slug, "withdraw", &[("entrant", "t1")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = post(&sepp, &slug, "withdraw", &[("entrant", "t1")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Schon zurückgezogen (ab Runde 2)"), "{body}");
    let (status, body) = post(
        &sepp,
        &slug,
        "absent",
        &[("entrant", "t1"), ("round", "3"), ("absent", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Zurückgezogen ab Runde 2"), "{body}");
    // An absence is taken back; taking it back twice is refused.
    let fields = [("entrant", "t2"), ("round", "2"), ("absent", "1")];
    assert_eq!(
        post(&sepp, &slug, "absent", &fields).await.0,
        StatusCode::OK
    );
    let back = [("entrant", "t2"), ("round", "2"), ("absent", "0")];
    let (status, body) = post(&sepp, &slug, "absent", &back).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("in Runde 2 doch dabei"), "{body}");
    let (status, body) = post(&sepp, &slug, "absent", &back).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("keine Abwesenheit gemeldet"), "{body}");
    let marks = stored(&app, &slug).await.marks.0;
    assert_eq!(marks.len(), 1, "{marks:?}");
    assert_eq!(marks[0].kind, MarkKind::Withdrawn);
}
