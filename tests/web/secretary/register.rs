//! The club's register end to end: adding people (namesakes kept apart by member number and
//! year of birth), picking them when entering a tournament (the record reused, a shared name
//! asked about), correcting a name once for every tournament, the list import's check before
//! storing (each match, new player and ambiguity with a choice), and another club's secretary,
//! who sees none of it.

use super::{create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use kartl::db::models::Club;
use kartl::db::models::register::RegisterRow;
use reqwest::StatusCode;

both_backends!(
    picking_from_the_register_reuses_the_record_and_asks_which_namesake,
    a_name_corrected_in_the_register_is_correct_in_every_tournament,
    the_list_import_shows_matches_new_players_and_namesakes_before_storing,
    another_clubs_secretary_sees_nothing_of_the_register,
);

/// The test club's register as stored.
pub async fn register(app: &TestApp) -> Vec<RegisterRow> {
    app.state
        .db
        .run(|conn| {
            let club = Club::all(conn)?
                .into_iter()
                .find(|c| c.name == "SK Testverein")
                .expect("the test club");
            Ok(RegisterRow::of_club(conn, club.id)?)
        })
        .await
        .unwrap()
}

/// The record of `name` (the one with `year` when given).
pub fn record(rows: &[RegisterRow], name: &str, year: Option<i32>) -> i32 {
    rows.iter()
        .find(|r| r.name == name && (year.is_none() || r.birth_year == year))
        .unwrap_or_else(|| panic!("{name} in the register: {rows:?}"))
        .id
}

/// Adds a person through the register's form.
pub async fn add(sepp: &Browser, name: &str, member_no: &str, year: &str) {
    let res = sepp
        .submit(
            "/register",
            "/register",
            &[
                ("name", name),
                ("member_no", member_no),
                ("birth_year", year),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

/// A Gaigel tournament of single players, made through the form.
pub async fn evening(sepp: &Browser, name: &str) -> String {
    create(
        sepp,
        &[
            ("name", name),
            ("date", "21.11.2026"),
            ("game", "gaigel"),
            ("variant", "three"),
            ("format", "sessions"),
            ("sessions", "3"),
            ("deals", "10"),
            ("fill", "byes"),
            ("sevens", "none"),
            ("draw", "random"),
        ],
    )
    .await
}

/// Enters one player through the entrants page's form.
pub async fn enter(sepp: &Browser, slug: &str, fields: &[(&str, &str)]) -> crate::common::Reply {
    sepp.submit(
        &format!("/t/{slug}/entrants"),
        &format!("/t/{slug}/players"),
        fields,
    )
    .await
}

/// Anna Huber twice (member 17; born 1970) and Bert Maier.
async fn three_people(sepp: &Browser) {
    add(sepp, "Anna Huber", "17", "").await;
    add(sepp, "Anna Huber", "", "1970").await;
    add(sepp, "Bert Maier", "", "").await;
}

async fn picking_from_the_register_reuses_the_record_and_asks_which_namesake(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    three_people(&sepp).await;
    let slug = evening(&sepp, "Preisgaigeln").await;

    // The type-ahead offers every record, namesakes with what tells them apart.
    let page = sepp.get(&format!("/t/{slug}/entrants")).await;
    for label in ["Anna Huber (Nr. 17)", "Anna Huber (Jg. 1970)", "Bert Maier"] {
        assert!(
            page.body.contains(&format!("<option value=\"{label}\">")),
            "{label}: {}",
            page.body
        );
    }

    // A name one record has picks it: no new record.
    let res = enter(&sepp, &slug, &[("name", "bert maier")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    // A shared name is asked about, nothing stored.
    let res = enter(&sepp, &slug, &[("name", "Anna Huber")]).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("heißen mehrere"), "{}", res.body);
    assert!(res.body.contains("Anna Huber (Jg. 1970)"), "{}", res.body);
    // The label picks the namesake; a new name adds a person; "new person" a third Anna.
    let res = enter(&sepp, &slug, &[("name", "Anna Huber (Jg. 1970)")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let res = enter(&sepp, &slug, &[("name", "Carla Gruber"), ("start_no", "7")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);

    let rows = register(&app).await;
    assert_eq!(rows.len(), 4, "only Carla is new: {rows:?}");
    let d = stored(&app, &slug).await;
    let ids: Vec<i32> = d.players.iter().map(|p| p.player_id).collect();
    assert_eq!(
        ids,
        [
            record(&rows, "Bert Maier", None),
            record(&rows, "Anna Huber", Some(1970)),
            record(&rows, "Carla Gruber", None),
        ]
    );
    // Entered under the register's name; the start number is the tournament's.
    assert_eq!(d.players[0].name, "Bert Maier");
    assert_eq!(d.players[1].name, "Anna Huber");
    assert_eq!(d.players[2].start_no, Some(7));
    // A record already in the field is not offered again, nor entered twice.
    let page = sepp.get(&format!("/t/{slug}/entrants")).await;
    assert!(!page.body.contains("<option value=\"Bert Maier\">"));
    assert!(page.body.contains("<option value=\"Anna Huber (Nr. 17)\">"));
    let res = enter(&sepp, &slug, &[("name", "Bert Maier")]).await;
    assert_ne!(res.status, StatusCode::OK);
    assert_eq!(stored(&app, &slug).await.players.len(), 3);

    // A second evening picks the same records: the register still holds four people.
    let second = evening(&sepp, "Preisgaigeln Dezember").await;
    let res = enter(&sepp, &second, &[("name", "Carla Gruber")]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(register(&app).await.len(), 4);
    let d = stored(&app, &second).await;
    assert_eq!(d.players[0].player_id, record(&rows, "Carla Gruber", None));
    assert_eq!(
        d.players[0].start_no, None,
        "the first evening's number stays there"
    );
}

async fn a_name_corrected_in_the_register_is_correct_in_every_tournament(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    add(&sepp, "Bert Maeir", "", "").await;
    let first = evening(&sepp, "Preisgaigeln").await;
    let second = evening(&sepp, "Preisgaigeln Dezember").await;
    for slug in [&first, &second] {
        let res = enter(&sepp, slug, &[("name", "Bert Maeir")]).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    }
    let bert = record(&register(&app).await, "Bert Maeir", None);

    // The record's page, then the correction with a member number and a year.
    let page = sepp.get(&format!("/register/{bert}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("2 Turniere"), "{}", page.body);
    let res = sepp
        .submit(
            &format!("/register/{bert}"),
            &format!("/register/{bert}"),
            &[
                ("name", "Bert Maier"),
                ("member_no", "A-4"),
                ("birth_year", "1961"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for slug in [&first, &second] {
        let d = stored(&app, slug).await;
        assert_eq!(d.players[0].name, "Bert Maier", "{slug}");
        let audit = sepp.get(&format!("/t/{slug}/audit")).await;
        assert!(
            audit.body.contains("Name im Spielerregister berichtigt"),
            "{}",
            audit.body
        );
    }
    let rows = register(&app).await;
    assert_eq!(rows[0].member_no.as_deref(), Some("A-4"));
    assert_eq!(rows[0].birth_year, Some(1961));
    // The search finds by member number and by year; a bad year is a clear refusal.
    let found = sepp.get("/register?q=a-4").await;
    assert!(found.body.contains("Bert Maier"), "{}", found.body);
    assert!(
        !sepp
            .get("/register?q=1962")
            .await
            .body
            .contains("Bert Maier")
    );
    let res = sepp
        .submit(
            &format!("/register/{bert}"),
            &format!("/register/{bert}"),
            &[("name", "Bert Maier"), ("birth_year", "19610")],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("Jahrgang „19610“"), "{}", res.body);
    // A name another player of one of the tournaments has is refused, nothing changed.
    let res = enter(&sepp, &second, &[("name", "Cilli Gruber")]).await;
    assert_eq!(res.status, StatusCode::OK);
    let res = sepp
        .submit(
            &format!("/register/{bert}"),
            &format!("/register/{bert}"),
            &[("name", "Cilli Gruber")],
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.body);
    assert_eq!(stored(&app, &first).await.players[0].name, "Bert Maier");
}

async fn the_list_import_shows_matches_new_players_and_namesakes_before_storing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    three_people(&sepp).await;
    let slug = evening(&sepp, "Preisgaigeln").await;
    let entrants = format!("/t/{slug}/entrants");
    let import = format!("/t/{slug}/import");
    let list = "Bert Maier\nAnna Huber\nCarla Gruber\n";

    // The check: Bert found, Anna asked about, Carla new; nothing stored yet.
    let res = sepp.submit(&entrants, &import, &[("list", list)]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let row = |body: &str, i: usize| {
        let start = body.find(&format!("id=\"preview-{i}\"")).expect("the row");
        body[start..start + body[start..].find("</tr>").unwrap()].to_string()
    };
    assert!(row(&res.body, 0).contains("gefunden"), "{}", res.body);
    assert!(row(&res.body, 1).contains("mehrere gleichnamig"));
    assert!(row(&res.body, 1).contains("Anna Huber (Nr. 17)"));
    assert!(row(&res.body, 2).contains("neu ins Register"));
    assert!(stored(&app, &slug).await.players.is_empty());

    // Storing without answering the ambiguity: refused, nothing stored.
    let unanswered = [("list", list), ("confirm", "1"), ("pick0", "")];
    let res = sepp.submit(&entrants, &import, &unanswered).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("fehlt die Wahl"), "{}", res.body);
    assert!(stored(&app, &slug).await.players.is_empty());

    // Answered: Bert and the Anna born 1970 reused, Carla added.
    let anna = record(&register(&app).await, "Anna Huber", Some(1970)).to_string();
    let answered = [
        ("list", list),
        ("confirm", "1"),
        ("pick0", ""),
        ("pick1", &anna),
    ];
    let res = sepp.submit(&entrants, &import, &answered).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let rows = register(&app).await;
    assert_eq!(rows.len(), 4);
    let ids: Vec<i32> = stored(&app, &slug)
        .await
        .players
        .iter()
        .map(|p| p.player_id)
        .collect();
    assert_eq!(
        ids,
        [
            record(&rows, "Bert Maier", None),
            record(&rows, "Anna Huber", Some(1970)),
            record(&rows, "Carla Gruber", None),
        ]
    );

    // "new person" for a found name adds a namesake.
    let second = evening(&sepp, "Preisgaigeln Dezember").await;
    let res = sepp
        .submit(
            &format!("/t/{second}/entrants"),
            &format!("/t/{second}/import"),
            &[
                ("list", "Carla Gruber\n"),
                ("confirm", "1"),
                ("pick0", "new"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let carlas = register(&app)
        .await
        .iter()
        .filter(|r| r.name == "Carla Gruber")
        .count();
    assert_eq!(carlas, 2);
}

async fn another_clubs_secretary_sees_nothing_of_the_register(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    add(&sepp, "Anna Huber", "17", "").await;
    let anna = record(&register(&app).await, "Anna Huber", None);
    let vroni = super::seasons::other_club_secretary(&app, &admin).await;

    let list = vroni.get("/register").await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(!list.body.contains("Anna Huber"), "{}", list.body);
    assert_eq!(
        vroni.get(&format!("/register/{anna}")).await.status,
        StatusCode::NOT_FOUND
    );
    let res = vroni
        .submit(
            "/register",
            &format!("/register/{anna}"),
            &[("name", "Anna Gehackt")],
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(register(&app).await[0].name, "Anna Huber");
    // The administrator chooses the club and sees its register.
    let clubs = admin.get("/register").await;
    assert!(clubs.body.contains("SK Testverein"), "{}", clubs.body);
    let page = admin.get(&format!("/register/{anna}")).await;
    assert_eq!(page.status, StatusCode::OK);
}
