//! A Gaigel match (two teams of two, three strokes) to its stroke result on a phone: card
//! points, melds, tricks and Aus per deal, an untergaigeln, a rule break shown beside its
//! field, each deal confirmed by the other side; the stored deals, the referee's verdict on
//! them and the standings agree.

use crate::driver::Session;
use crate::setup::{Spec, app, referee, standings, tournament, versions};
use crate::table::{open, preview, save_and_confirm, score_now, side_names};
use kartl::rules::Game;
use kartl::tournament::file::Variant;
use serde_json::{Value, json};

/// One deal as typed: (points, melds, tricks) of A and B, and who called Aus.
struct Typed {
    a: (&'static str, &'static str, &'static str),
    b: (&'static str, &'static str, &'static str),
    out: &'static str,
}

async fn type_deal(s: &Session, d: &Typed) {
    for (side, (points, melds, tricks)) in [("A", d.a), ("B", d.b)] {
        s.fill(&format!("input[name=points_{side}]"), points).await;
        s.fill(&format!("input[name=melds_{side}]"), melds).await;
        s.fill(&format!("input[name=tricks_{side}]"), tricks).await;
    }
    s.select("select[name=out]", d.out).await;
    s.tap(".score-gaigel button[type=submit]").await;
}

#[tokio::test]
async fn a_gaigel_match_to_its_stroke_result() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Gaigel);
    spec.variant = Some(Variant::Four);
    spec.options = Some(serde_json::from_value(json!({"strokes": 3})).unwrap());
    let t = tournament(&app, spec).await;
    open(&s, &app.base, &t.links[0]).await;

    // A rule break: card points for a side without a trick.
    let broken = Typed {
        a: ("1", "", "0"),
        b: ("87", "", "4"),
        out: "B",
    };
    type_deal(&s, &broken).await;
    let beside = s.wait_for("#score-error-at").await;
    let message = s.text(&beside).await;
    assert!(message.contains("keinen Stich"), "{message}");
    // Beside the card points: the message follows the side's card-points field.
    let placed = s
        .execute(
            "var m = document.getElementById('score-error-at');
             var p = m.previousElementSibling;
             return p && p.querySelector('input') ? p.querySelector('input').name : '';",
            json!([]),
        )
        .await;
    assert_eq!(placed, json!("points_A"));
    let field = s.find("input[name=points_B]").await;
    assert_eq!(
        s.property(&field, "value").await,
        json!("87"),
        "the entry is kept"
    );
    assert!(
        versions(&app, t.tables[0]).await.is_empty(),
        "nothing stored"
    );

    let deals = [
        // A goes out with 150: a single game; B marks a stroke.
        Typed {
            a: ("110", "40", "6"),
            b: ("100", "", "5"),
            out: "A",
        },
        // A calls Aus at 60 (untergaigeln): B wins double; A marks two, the pool is empty.
        Typed {
            a: ("60", "", "4"),
            b: ("90", "", "5"),
            out: "A",
        },
        // B goes out and erases its last stroke: the match is B's.
        Typed {
            a: ("100", "", "5"),
            b: ("105", "20", "6"),
            out: "B",
        },
    ];
    let expected_words = ["A gewinnt", "B gewinnt doppelt", "B gewinnt"];
    let mut record: Vec<Value> = Vec::new();
    for (i, d) in deals.iter().enumerate() {
        type_deal(&s, d).await;
        let words = preview(&s).await;
        assert!(
            words.starts_with(expected_words[i]),
            "deal {}: {words}",
            i + 1
        );
        save_and_confirm(&s, i + 1).await;
        let melds =
            |m: &str| -> Vec<i64> { m.split_whitespace().map(|x| x.parse().unwrap()).collect() };
        record.push(json!({
            "points": {"A": d.a.0.parse::<i64>().unwrap(), "B": d.b.0.parse::<i64>().unwrap()},
            "melds": {"A": melds(d.a.1), "B": melds(d.b.1)},
            "tricks": {"A": d.a.2.parse::<i64>().unwrap(), "B": d.b.2.parse::<i64>().unwrap()},
            "out": d.out,
        }));
    }
    let stored: Vec<Value> = versions(&app, t.tables[0])
        .await
        .iter()
        .filter(|v| v.status.as_str() == "confirmed")
        .map(|v| serde_json::from_str(&v.record).unwrap())
        .collect();
    assert_eq!(stored, record, "the pages stored the deals as typed");
    let verdict = referee(&json!({"game": "gaigel", "variant": "four",
                                  "options": {"strokes": 3}, "deals": record}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    // The match is B's: A still holds its two strokes, B cleared its line.
    assert_eq!(verdict["tally"]["winner"], json!("B"), "{verdict}");
    let tally = &verdict["tally"];
    assert_eq!(
        score_now(&s).await,
        format!("{}:{}", tally["A"], tally["B"])
    );
    // Standings count the games won at the table, as the referee decided them.
    let won = |side: &str| {
        verdict["deals"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["winner"] == json!(side))
            .count()
    };
    let names = side_names(&s).await;
    let rows = standings(&app, &t.slug).await;
    for (side, name) in ["A", "B"].into_iter().zip(&names) {
        let row = rows
            .iter()
            .find(|r| {
                r["name"]
                    .as_str()
                    .is_some_and(|n| name == n || name.starts_with(&format!("{n} (")))
            })
            .unwrap_or_else(|| panic!("{name} not in {rows:?}"));
        assert_eq!(row["points"], json!(won(side)), "{side}: {rows:?}");
    }
    assert_eq!(rows[0]["points"], json!(2), "B's team leads: {rows:?}");
    s.quit().await;
}
