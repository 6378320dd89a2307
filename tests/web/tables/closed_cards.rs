//! Table cards of a closed round: a German page that says the round is closed and what to do
//! instead, never the bare reason in English; and an error page keeps the logged-in header.

use super::*;
use crate::both_backends;
use crate::common::Backend;

both_backends!(table_cards_of_a_closed_round_say_so_in_german_under_the_logged_in_header);

async fn table_cards_of_a_closed_round_say_so_in_german_under_the_logged_in_header(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let round = format!("/t/{}/rounds/1", d.slug);
    let res = d
        .sepp
        .submit(&round, &format!("{round}/close"), &[("anyway", "yes")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);

    let cards = format!("{round}/cards");
    let page = d.sepp.get(&cards).await;
    assert_eq!(page.status, StatusCode::OK);
    let note = by_id(&page.body, "cards-closed").expect("the closed note");
    assert!(note.contains("Diese Runde ist abgeschlossen"), "{note}");
    assert!(note.contains("wieder"), "says what to do: {note}");
    assert!(!page.body.contains("Tischkarten ausgeben</button>"));

    // A stale form from before the close is refused in German, under Sepp's header.
    for action in [cards.clone(), format!("{cards}.pdf")] {
        let res = d.sepp.submit(&round, &action, &[]).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{action}");
        assert!(
            res.body.contains("Diese Runde ist abgeschlossen"),
            "{}",
            res.body
        );
        assert!(!res.body.contains("the round is closed"), "{}", res.body);
        assert!(
            res.body.contains(">Sepp</a>"),
            "the logged-in header: {}",
            res.body
        );
        assert!(!res.body.contains(">Anmelden</a>"), "{}", res.body);
    }
}
