//! A cup of the harness club's tournaments, stored through kartl's service layer (the
//! functions the organiser's and the secretary's forms call, here as the command line): the
//! cup created for the first account (the administrator the setup page made), the club made a
//! member, every tournament proposed and accepted. Shared by `benches/sunday` (a cup among the
//! Sunday's pages) and `benches/load.rs` (the cup page bench).

use super::setup;
use diesel::prelude::*;
use kartl::db::schema::users;
use kartl::rules::Game;
use kartl::service::Actor;
use kartl::service::cups::{self, CupSpec};
use kartl::tournament::cup::{CupRules, CupTiebreak, PlacePoints};

/// Stores the cup `name` of the `game` tournaments `slugs` (all of the harness's club);
/// returns the cup's slug. Best 20 of the evenings count, two evenings to be ranked.
pub fn make(database: &str, name: &str, game: Game, slugs: &[String]) -> String {
    let url = kartl::db::DbUrl::parse(database).expect("database URL");
    let mut conn = kartl::db::open_one(&url).expect("open the database");
    let actor = Actor::command_line();
    let now = chrono::Utc::now().naive_utc();
    let organiser: i32 = users::table
        .select(users::id)
        .order(users::id)
        .first(&mut conn)
        .expect("an account (the setup page's administrator)");
    let club = kartl::service::import::club_named(&mut conn, setup::CLUB, now).unwrap();
    let spec = CupSpec {
        name: name.into(),
        game,
        rules: CupRules {
            points: PlacePoints::Table(vec![25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
            best_of: Some(20),
            min_evenings: 2,
            tiebreaks: vec![CupTiebreak::BetterPlaces, CupTiebreak::MoreEvenings],
        },
    };
    let cup = cups::create(&mut conn, &actor, now, organiser, &spec).expect("create the cup");
    cups::add_club(&mut conn, &actor, &cup, club)
        .unwrap()
        .expect("the club a member");
    for slug in slugs {
        cups::evenings::propose(&mut conn, &actor, now, &cup, slug)
            .unwrap()
            .expect("propose the evening");
        cups::evenings::decide(&mut conn, &actor, now, &cup, slug, true)
            .unwrap()
            .expect("accept the evening");
    }
    cup
}
