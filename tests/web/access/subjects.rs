//! Who asks, on what, and what the app may answer: the eight principals, the objects a route's
//! placeholders are filled with (and which of them each path is tried with), and the outcomes
//! the policy (`policy.rs`) names.

/// Who asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Principal {
    Anonymous,
    /// Players have no accounts in kartl (users are administrators or secretaries): a player
    /// is an anonymous visitor who happens to be an entrant, and must get exactly what a
    /// visitor gets.
    Player,
    /// Holds the secret link of table 1 (and opened it): otherwise anonymous.
    ScorerTable1,
    /// Holds the secret link of table 2 (and opened it): otherwise anonymous.
    ScorerTable2,
    SecretaryClubA,
    SecretaryClubB,
    /// A cup organiser: runs cup A (clubs A and B are its members), not cup B.
    Organiser,
    Admin,
}

pub const PRINCIPALS: [Principal; 8] = [
    Principal::Anonymous,
    Principal::Player,
    Principal::ScorerTable1,
    Principal::ScorerTable2,
    Principal::SecretaryClubA,
    Principal::SecretaryClubB,
    Principal::Organiser,
    Principal::Admin,
];

impl Principal {
    pub fn logged_in(self) -> bool {
        matches!(
            self,
            Principal::SecretaryClubA
                | Principal::SecretaryClubB
                | Principal::Organiser
                | Principal::Admin
        )
    }
}

/// What a path's placeholder is filled with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Object {
    /// The path has no object.
    None,
    /// A private tournament of club A (round 1 drawn: tables 1 and 2).
    TournamentA,
    /// A public tournament of club B.
    TournamentB,
    SeasonA,
    SeasonB,
    /// Table 1's scorer link (tournament A, round 1).
    LinkTable1,
    LinkTable2,
    /// A link of the right shape that no table has.
    ForgedLink,
    /// A finished tournament in sessions of club A, private (imported: round 1's tables 1 and
    /// 2 hold deal 1), for the session sheets, the tables' pages and the corrections.
    SessionsA,
    /// The same for club B, public.
    SessionsB,
    /// The account of club A's secretary.
    UserA,
    UserB,
    /// A record of club A's register of players.
    PlayerA,
    PlayerB,
    /// The organiser's cup; clubs A and B are members.
    CupA,
    /// The administrator's cup; only club B is a member.
    CupB,
}

/// What the app answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The handler did its work (a page, a redirect elsewhere, or a validation refusal of the
    /// empty form: the request was let in).
    Allow,
    /// 303 to `/login`.
    Login,
    /// 403 (the object is visible, but not theirs to change).
    Forbidden,
    /// 404 (as if the object did not exist).
    NotFound,
}

/// The objects a path is tried with.
pub fn objects(path: &str) -> Vec<Object> {
    if path.starts_with("/cups/{slug}") || path.starts_with("/cup/") {
        vec![Object::CupA, Object::CupB]
    } else if path.starts_with("/c/") {
        // `{id}` here is the club of tournament A or B (World::fill).
        vec![Object::TournamentA, Object::TournamentB]
    } else if path.starts_with("/p/") && path.contains("/deals/") {
        // A deal's public page needs a counted deal: the stored tournaments have them.
        vec![Object::SessionsA, Object::SessionsB]
    } else if path.starts_with("/p/") {
        // `{id}` here is an entrant of the tournament (World::fill), not an account.
        vec![Object::TournamentA, Object::TournamentB]
    } else if path.contains("{player}") || path.starts_with("/spieler/") {
        vec![Object::PlayerA, Object::PlayerB]
    } else if path.contains("{token}") {
        vec![Object::LinkTable1, Object::LinkTable2, Object::ForgedLink]
    } else if path.contains("{id}") {
        vec![Object::UserA, Object::UserB]
    } else if path.starts_with("/seasons/{slug}") {
        vec![Object::SeasonA, Object::SeasonB]
    } else if path.contains("/tables") || path.ends_with("/sheets.pdf") {
        vec![Object::SessionsA, Object::SessionsB]
    } else if path.contains("{slug}") {
        vec![Object::TournamentA, Object::TournamentB]
    } else {
        vec![Object::None]
    }
}
