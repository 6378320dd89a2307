//! A Watten game to the target on a phone: the first deal by event buttons, the rest by quick
//! entry (stepper and winner button), each confirmed by the other side's tap; the score shown
//! and the standings agree with the referee on the same record.

use crate::driver::Session;
use crate::setup::{Spec, app, referee, standings, tournament, versions};
use crate::table::{open, preview, save_and_confirm, score_now, side_names};
use kartl::rules::Game;
use serde_json::{Value, json};

#[tokio::test]
async fn a_watten_game_to_the_target() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Watten)).await;
    open(&s, &app.base, &t.links[0]).await;
    let names = side_names(&s).await;

    // Deal 1 by events: A bets, B sees, A takes the tricks.
    for ev in ["bet A", "see B", "tricks A"] {
        s.tap(&format!("button.ev[data-event='{ev}']")).await;
    }
    let typed = s.find("#score-events-text").await;
    assert_eq!(s.property(&typed, "value").await, "bet A\nsee B\ntricks A");
    s.tap(".score-events button[type=submit]").await;
    assert_eq!(preview(&s).await, "A schreibt 3, Stand 3:0");
    save_and_confirm(&s, 1).await;
    assert_eq!(score_now(&s).await, "3:0");

    // The rest by quick entry: the stepper from 2, then the winner's button.
    let quick = [("B", 2), ("A", 4), ("A", 4), ("A", 4)];
    let mut deals: Vec<Value> =
        vec![json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]})];
    for (i, (winner, points)) in quick.into_iter().enumerate() {
        for _ in 2..points {
            s.tap("button.step[data-step='1']").await;
        }
        s.tap(&format!("button.winner[value='{winner}']")).await;
        let words = preview(&s).await;
        assert!(
            words.starts_with(&format!("{winner} schreibt {points}")),
            "{words}"
        );
        save_and_confirm(&s, i + 2).await;
        deals.push(json!({"winner": winner, "points": points}));
    }

    // The referee on the same record: the game went to A at 15:2.
    let verdict = referee(&json!({"game": "watten", "deals": deals}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    let last = &verdict["deals"][4]["score"];
    let expected = format!("{}:{}", last["A"], last["B"]);
    assert_eq!(expected, "15:2");
    assert_eq!(score_now(&s).await, expected);
    assert_eq!(verdict["games"][0]["winner"], json!("A"), "{verdict}");
    let stored = versions(&app, t.tables[0]).await;
    assert_eq!(
        stored.len(),
        10,
        "five deals, each saved and confirmed once"
    );
    // Standings: side A's team has won one game, side B's none.
    let rows = standings(&app, &t.slug).await;
    let points_of = |name: &str| {
        rows.iter()
            // The page adds the players: "Team (Spieler 1, Spieler 2)".
            .find(|r| {
                r["name"]
                    .as_str()
                    .is_some_and(|n| name == n || name.starts_with(&format!("{n} (")))
            })
            .unwrap_or_else(|| panic!("{name} not in {rows:?}"))["points"]
            .clone()
    };
    assert_eq!(points_of(&names[0]), json!(1));
    assert_eq!(points_of(&names[1]), json!(0));
    s.quit().await;
}
