//! The world the access test runs in: an administrator, two clubs with a logged-in secretary
//! each, a private tournament of club A (round 1 drawn, scorer links for tables 1 and 2), a
//! public tournament of club B, a season per club, an imported tournament in sessions per club
//! (club A's private, club B's public), and the eight principals' browsers.

use super::subjects::{Object, Principal};
use crate::common::fixture::{self, Spec};
use crate::common::{Browser, TestApp, between, reset_code_in};
use kartl::clock::Clock;
use kartl::db::models::User;
use kartl::service::scoring::links;
use kartl::service::{Actor, seasons};
use kartl::tournament::scheme::SeasonCount;
use reqwest::StatusCode;

pub const CLUB_A: &str = "SK Testverein";
pub const CLUB_B: &str = "Zweiter Verein";

pub struct World {
    pub principals: Vec<(Principal, Browser)>,
    pub tournament_a: String,
    pub tournament_b: String,
    pub sessions_a: String,
    pub sessions_b: String,
    pub season_a: String,
    pub season_b: String,
    pub link1: String,
    pub link2: String,
    pub user_a: i32,
    pub user_b: i32,
    /// An entrant (the first seat of round 1's table 1) of tournament A and of B, for the
    /// public entrant pages.
    pub entrant_a: String,
    pub entrant_b: String,
    /// The clubs' ids, for their public pages (`/c/{id}`).
    pub club_a: i32,
    pub club_b: i32,
    /// A player of each club: of its register (`/register/{player}`) and its page
    /// (`/spieler/{id}`); A's plays in A's private tournament only, B's in B's public one.
    pub player_a: i32,
    pub player_b: i32,
    /// The organiser's cup (clubs A and B members) and the administrator's (club B).
    pub cup_a: String,
    pub cup_b: String,
}

impl World {
    pub fn browser(&self, who: Principal) -> &Browser {
        &self
            .principals
            .iter()
            .find(|(p, _)| *p == who)
            .expect("every principal has a browser")
            .1
    }

    /// The path with its placeholders filled for `object`.
    pub fn fill(&self, pattern: &str, object: Object) -> String {
        let value = match object {
            Object::None => "",
            Object::TournamentA => &self.tournament_a,
            Object::TournamentB => &self.tournament_b,
            Object::SessionsA => &self.sessions_a,
            Object::SessionsB => &self.sessions_b,
            Object::SeasonA => &self.season_a,
            Object::SeasonB => &self.season_b,
            Object::LinkTable1 => &self.link1,
            Object::LinkTable2 => &self.link2,
            Object::ForgedLink => {
                "0000000000000000000000000000000000000000000000000000000000000000"
            }
            Object::UserA => &self.user_a.to_string(),
            Object::UserB => &self.user_b.to_string(),
            Object::PlayerA => &self.player_a.to_string(),
            Object::PlayerB => &self.player_b.to_string(),
            Object::CupA => &self.cup_a,
            Object::CupB => &self.cup_b,
        };
        if pattern.starts_with("/c/") {
            // A club's public page: the club of the tournament.
            let club = match object {
                Object::TournamentA => self.club_a,
                _ => self.club_b,
            };
            return pattern.replace("{id}", &club.to_string());
        }
        if pattern.starts_with("/p/") {
            // The public pages' `{id}` is an entrant of the tournament, not an account.
            let entrant = match object {
                Object::TournamentA => &self.entrant_a,
                Object::TournamentB => &self.entrant_b,
                _ => value,
            };
            return pattern
                .replace("{slug}", value)
                .replace("{id}", entrant)
                .replace("{n}", "1")
                .replace("{t}", "1")
                .replace("{d}", "1");
        }
        pattern
            .replace("{slug}", value)
            .replace("{token}", value)
            .replace("{id}", value)
            .replace("{player}", value)
            .replace("{n}", "1")
            .replace("{t}", "1")
            .replace("{d}", "1")
            .replace("{game}", "gaigel")
            .replace("{tag}", "en")
            .replace("{name}", "kartl.css")
    }
}

/// A club made by the administrator, with a secretary who set a password and logged in.
async fn club_with_secretary(app: &TestApp, admin: &Browser, club: &str, name: &str) -> Browser {
    let _ = admin
        .submit("/admin", "/admin/clubs", &[("name", club)])
        .await;
    let page = admin.get("/admin").await;
    let id = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| between(o, ">", "<").as_deref() == Some(club))
        .and_then(|o| o.split('"').next())
        .unwrap_or_else(|| panic!("club {club} on the admin page"))
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", name), ("club", &id)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let password = format!("{name}s geheimes Passwort");
    let res = app
        .browser()
        .redeem(name, &reset_code_in(&res.body), &password)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let browser = app.browser();
    let res = browser.login(name, &password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    browser
}

pub async fn build(app: &TestApp) -> World {
    let admin = app.setup().await;
    let sepp = club_with_secretary(app, &admin, CLUB_A, "Sepp").await;
    let vroni = club_with_secretary(app, &admin, CLUB_B, "Vroni").await;
    let now = app.clock.now();
    let (
        (tournament_a, entrant_a, club_a, player_a),
        (tournament_b, entrant_b, club_b, player_b),
        season_a,
        season_b,
        links,
        user_a,
        user_b,
    ) = app
        .state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let mut make = |club: &str, name: &str, public: bool| {
                let spec = Spec {
                    club: club.into(),
                    name: name.into(),
                    public,
                    players: (0..8).map(|i| format!("{name} Spieler {i}")).collect(),
                    cards: false,
                    // A prize scheme, so the prize list's exports answer (404 without one).
                    settings: Some(kartl::tournament::format::Settings {
                        prizes: Some(kartl::tournament::prizes::PrizeScheme {
                            entry_fee: 1_000,
                            ..Default::default()
                        }),
                        ..Default::default()
                    }),
                    ..Spec::new(kartl::rules::Game::Watten)
                };
                let built = fixture::build(conn, now, &spec)?;
                let season = seasons::create(
                    conn,
                    &actor,
                    now,
                    built.club_id,
                    &format!("Saison {club}"),
                    SeasonCount::All,
                )?;
                let entrant = built.seats[0][0].clone();
                let player = kartl::service::tournaments::get(conn, Some(&actor), &built.slug)?
                    .players[0]
                    .player_id;
                Ok::<_, kartl::error::AppError>((
                    (built.slug, entrant, built.club_id, player),
                    season,
                ))
            };
            let ((a, entrant_a, club_a, player_a), season_a) =
                make(CLUB_A, "Vereinsmeisterschaft A", false)?;
            let ((b, entrant_b, club_b, player_b), season_b) = make(CLUB_B, "Preiswatten B", true)?;
            let cards = links::issue_cards(conn, &actor, now, &a, 1)?;
            let links: Vec<String> = cards.cards.into_iter().map(|c| c.token).collect();
            let user = |conn: &mut _, name| {
                User::by_name(conn, name).map(|u| u.map(|(u, _)| u.id.0).unwrap_or(0))
            };
            let (user_a, user_b) = (user(conn, "Sepp")?, user(conn, "Vroni")?);
            Ok((
                (a, entrant_a, club_a, player_a),
                (b, entrant_b, club_b, player_b),
                season_a,
                season_b,
                links,
                user_a,
                user_b,
            ))
        })
        .await
        .unwrap();
    assert_eq!(links.len(), 2, "round 1 of tournament A has two tables");
    let sessions_a = crate::exports::stored_tournament(app, CLUB_A, false).await;
    let sessions_b = crate::exports::stored_tournament(app, CLUB_B, true).await;
    let organiser = organiser(app, &admin).await;
    let cup_a = cup(&organiser, &[club_a, club_b]).await;
    let cup_b = cup(&admin, &[club_b]).await;
    let player = app.browser();
    let _ = player.get("/").await;
    let scorer1 = app.browser();
    let scorer2 = app.browser();
    assert_eq!(
        scorer1.get(&format!("/s/{}", links[0])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        scorer2.get(&format!("/s/{}", links[1])).await.status,
        StatusCode::OK
    );
    World {
        principals: vec![
            (Principal::Anonymous, app.browser()),
            (Principal::Player, player),
            (Principal::ScorerTable1, scorer1),
            (Principal::ScorerTable2, scorer2),
            (Principal::SecretaryClubA, sepp),
            (Principal::SecretaryClubB, vroni),
            (Principal::Organiser, organiser),
            (Principal::Admin, admin),
        ],
        tournament_a,
        tournament_b,
        sessions_a,
        sessions_b,
        season_a,
        season_b,
        link1: links[0].clone(),
        link2: links[1].clone(),
        user_a,
        user_b,
        entrant_a,
        entrant_b,
        club_a,
        club_b,
        player_a,
        player_b,
        cup_a,
        cup_b,
    }
}

/// A cup organiser who set a password and logged in.
async fn organiser(app: &TestApp, admin: &Browser) -> Browser {
    let res = admin
        .submit("/admin", "/admin/organisers", &[("name", "Olga")])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let password = "Olgas geheimes Passwort";
    let res = app
        .browser()
        .redeem("Olga", &reset_code_in(&res.body), password)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let browser = app.browser();
    let res = browser.login("Olga", password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    browser
}

/// A Watten cup made by `who` with the clubs `members`; its slug.
async fn cup(who: &Browser, members: &[i32]) -> String {
    let res = who
        .submit(
            "/cups",
            "/cups",
            &[
                ("name", "Watt-Cup"),
                ("game", "watten"),
                ("points_kind", "table"),
                ("points", "25-20-16"),
                ("min_evenings", "1"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let slug = res
        .location()
        .unwrap()
        .trim_start_matches("/cups/")
        .to_string();
    for club in members {
        let page = format!("/cups/{slug}");
        let res = who
            .submit(
                &page,
                &format!("{page}/clubs"),
                &[("club", &club.to_string())],
            )
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    }
    slug
}
