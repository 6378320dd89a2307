//! The declared access policy: every route of the app, one line each, with the rule that
//! decides who may use it. [`expected`] spells each rule out for the eight principals and the
//! owned or foreign object (`subjects.rs`); `tests/web/access.rs` compares it with what the
//! app answers.
//!
//! Adding a route to the app: add its line here (the test fails, naming the route, until it
//! is). The method and the path pattern must be written exactly as in the `.route(...)` call.

use super::subjects::{Object, Outcome, Principal};
use reqwest::Method;

/// The rules, from open to closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Everybody, logged in or not.
    Anyone,
    /// `/setup` once the administrator exists: everybody is sent to the login page.
    SetupOver,
    /// Any logged-in account; visitors go to the login page.
    Account,
    /// The administrator only; secretaries 403, visitors to the login page.
    Admin,
    /// The administrator and the secretaries of the object's club. Another club's secretary
    /// gets 404 for a private tournament (its existence is not revealed) or a season, 403 for
    /// a public tournament. Visitors go to the login page.
    Manage,
    /// Working papers of the exports (`web::exports::load` with `Audience::Managers`): as
    /// `Manage`, except that a private tournament is 404 for visitors too (the exports look
    /// the tournament up for the visitor first, and a private one does not exist for them).
    Papers,
    /// Read-only API: a public tournament for everybody; a private one for the administrator
    /// and its club's secretaries, 404 for everyone else.
    View,
    /// Creating a cup: organisers and the administrator; secretaries 403, visitors to the
    /// login page.
    CupCreate,
    /// A cup's working page: its organiser, the administrator and the secretaries of its
    /// member clubs; anyone else logged in 404 (the cup is not revealed), visitors to login.
    CupView,
    /// Running a cup (rules, clubs, decisions, links): its organiser and the administrator;
    /// a member club's secretary 403 (they see the cup), anyone else as `CupView`.
    CupRun,
    /// Proposing an evening: the member clubs' secretaries and the administrator; the cup's
    /// organiser 403 (proposing is the clubs' part), anyone else as `CupView`.
    CupPropose,
    /// A player's page (`service::player`): a player of a public tournament who allows a page
    /// for everybody; otherwise the administrator and the secretaries of the player's club,
    /// 404 for everyone else (the player is not confirmed to exist).
    PlayerPage,
    /// A player's privacy (`service::consent::managed_player`): the administrator and the
    /// secretaries of the player's club; another club's secretary 404, visitors the login page.
    ManagePlayer,
    /// A scorer link is a bearer key: whoever holds a table's link is its scorer (a link names
    /// one table only); a link no table has is 404. A scorer of table 2 reaches table 1 only
    /// by guessing its 256-bit link, which the forged link stands for.
    Link,
}

/// When an allowed request may run, for the requests that change what later ones see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    Any,
    /// Clears the prize scheme (the policy's empty form means "no prize list"): after the
    /// prize list's exports, which answer 404 without one.
    ChangesPrizes,
    /// Replaces or closes the scorer links: after every other allowed request.
    ChangesLinks,
    /// Takes back round 1 with its tables (`undraw`): after every other request on them.
    RemovesRound,
    /// Ends another account's sessions (a reset code): after that account's requests.
    EndsOthersSessions,
    /// Ends the asker's own session: last of all.
    EndsSession,
}

pub struct Route {
    pub method: Method,
    pub path: &'static str,
    pub rule: Rule,
    pub phase: Phase,
}

const fn r(method: Method, path: &'static str, rule: Rule) -> Route {
    Route {
        method,
        path,
        rule,
        phase: Phase::Any,
    }
}

const fn late(method: Method, path: &'static str, rule: Rule, phase: Phase) -> Route {
    Route {
        method,
        path,
        rule,
        phase,
    }
}

const GET: Method = Method::GET;
const POST: Method = Method::POST;

/// Every route of the app (`src/web/`), in the order of its `configure` functions.
pub const ROUTES: &[Route] = &[
    r(GET, "/", Rule::Anyone),
    // A club's public page: its public tournaments and seasons, for everybody.
    r(GET, "/c/{id}", Rule::Anyone),
    r(GET, "/healthz", Rule::Anyone),
    r(GET, "/lang/{tag}", Rule::Anyone),
    r(GET, "/setup", Rule::SetupOver),
    r(POST, "/setup", Rule::SetupOver),
    r(GET, "/login", Rule::Anyone),
    r(POST, "/login", Rule::Anyone),
    late(POST, "/logout", Rule::Anyone, Phase::EndsSession),
    r(GET, "/account/password", Rule::Account),
    r(POST, "/account/password", Rule::Account),
    r(GET, "/reset", Rule::Anyone),
    r(POST, "/reset", Rule::Anyone),
    // The secretary's pages.
    // The club's register: a secretary's own club (another club's record is 404), the
    // administrator's chosen one; undoing a merge is the administrator's.
    r(GET, "/register", Rule::Account),
    r(POST, "/register", Rule::Account),
    r(POST, "/register/undo", Rule::Admin),
    r(GET, "/register/{player}", Rule::Manage),
    r(POST, "/register/{player}", Rule::Manage),
    r(POST, "/register/{player}/merge", Rule::Manage),
    // A season's public page: everybody once public (the seasons here are not), its
    // managers' preview before; the switch is the managers'.
    r(GET, "/seasons/{slug}/standings", Rule::View),
    r(POST, "/seasons/{slug}/public", Rule::Manage),
    r(GET, "/seasons", Rule::Account),
    r(POST, "/seasons", Rule::Account),
    r(GET, "/seasons/{slug}", Rule::Manage),
    r(POST, "/seasons/{slug}/add", Rule::Manage),
    r(POST, "/seasons/{slug}/remove", Rule::Manage),
    // Cups across clubs: the working pages (`service::cups` decides) and the public pages.
    r(GET, "/cups", Rule::Account),
    r(POST, "/cups", Rule::CupCreate),
    r(GET, "/cups/{slug}", Rule::CupView),
    r(POST, "/cups/{slug}/rules", Rule::CupRun),
    r(POST, "/cups/{slug}/clubs", Rule::CupRun),
    r(POST, "/cups/{slug}/evenings", Rule::CupPropose),
    r(POST, "/cups/{slug}/decide", Rule::CupRun),
    r(POST, "/cups/{slug}/links", Rule::CupRun),
    r(POST, "/cups/{slug}/unlink", Rule::CupRun),
    r(GET, "/cup/{slug}", Rule::Anyone),
    r(GET, "/cup/{slug}/live", Rule::Anyone),
    r(GET, "/cup/{slug}/projector", Rule::Anyone),
    r(GET, "/cup/{slug}/standings.pdf", Rule::Anyone),
    r(GET, "/cup/{slug}/standings.xlsx", Rule::Anyone),
    r(GET, "/cup/{slug}/standings.csv", Rule::Anyone),
    r(GET, "/cup/{slug}/standings.json", Rule::Anyone),
    r(GET, "/cup/{slug}/cup.json", Rule::Anyone),
    r(GET, "/tournaments", Rule::Account),
    r(GET, "/tournaments/new", Rule::Account),
    r(POST, "/tournaments/new", Rule::Account),
    r(GET, "/tournaments/import", Rule::Account),
    r(POST, "/tournaments/import", Rule::Account),
    r(GET, "/t/{slug}", Rule::Manage),
    r(GET, "/t/{slug}/entrants", Rule::Manage),
    r(POST, "/t/{slug}/players", Rule::Manage),
    r(POST, "/t/{slug}/teams", Rule::Manage),
    r(POST, "/t/{slug}/import", Rule::Manage),
    r(POST, "/t/{slug}/entrants/edit", Rule::Manage),
    r(POST, "/t/{slug}/entrants/withdraw", Rule::Manage),
    r(POST, "/t/{slug}/entrants/absent", Rule::Manage),
    r(POST, "/t/{slug}/rounds", Rule::Manage),
    r(POST, "/t/{slug}/finals", Rule::Manage),
    r(POST, "/t/{slug}/tiebreaks", Rule::Manage),
    late(POST, "/t/{slug}/prizes", Rule::Manage, Phase::ChangesPrizes),
    r(GET, "/t/{slug}/rounds/{n}", Rule::Manage),
    r(POST, "/t/{slug}/rounds/{n}/swap", Rule::Manage),
    late(
        POST,
        "/t/{slug}/rounds/{n}/close",
        Rule::Manage,
        Phase::ChangesLinks,
    ),
    late(
        POST,
        "/t/{slug}/rounds/{n}/reopen",
        Rule::Manage,
        Phase::ChangesLinks,
    ),
    late(
        POST,
        "/t/{slug}/rounds/{n}/undraw",
        Rule::Manage,
        Phase::RemovesRound,
    ),
    r(GET, "/t/{slug}/rounds/{n}/seating", Rule::Manage),
    r(GET, "/t/{slug}/rounds/{n}/seating.pdf", Rule::Manage),
    // The end of a tournament and its plan (finishing freezes every later write).
    late(POST, "/t/{slug}/finish", Rule::Manage, Phase::ChangesLinks),
    late(POST, "/t/{slug}/reopen", Rule::Manage, Phase::ChangesLinks),
    r(POST, "/t/{slug}/planned-rounds", Rule::Manage),
    // Confirms every waiting deal: after the requests that enter or confirm one.
    late(
        POST,
        "/t/{slug}/confirm-all",
        Rule::Manage,
        Phase::ChangesLinks,
    ),
    // The administration.
    r(GET, "/admin", Rule::Admin),
    r(POST, "/admin/clubs", Rule::Admin),
    r(POST, "/admin/secretaries", Rule::Admin),
    r(POST, "/admin/organisers", Rule::Admin),
    // A new reset code ends the account's sessions.
    late(
        POST,
        "/admin/users/{id}/reset-code",
        Rule::Admin,
        Phase::EndsOthersSessions,
    ),
    // The scorers and their table cards.
    r(GET, "/s/{token}", Rule::Link),
    r(POST, "/s/{token}/check", Rule::Link),
    r(POST, "/s/{token}/save", Rule::Link),
    r(POST, "/s/{token}/confirm", Rule::Link),
    r(POST, "/s/{token}/undo", Rule::Link),
    r(GET, "/s/{token}/figures", Rule::Link),
    // The scorer's pad: its answers and vocabulary by the link, its service
    // worker public (a script without data; the page it serves is the link's).
    r(POST, "/s/{token}/pad", Rule::Link),
    r(GET, "/s/{token}/pad/vocabulary", Rule::Link),
    // The table's change stamp every phone of the table polls.
    r(GET, "/s/{token}/stamp", Rule::Link),
    r(GET, "/s/sw.js", Rule::Anyone),
    r(GET, "/t/{slug}/rounds/{n}/cards", Rule::Manage),
    late(
        POST,
        "/t/{slug}/rounds/{n}/cards",
        Rule::Manage,
        Phase::ChangesLinks,
    ),
    r(POST, "/t/{slug}/confirmation", Rule::Manage),
    // Table cards as a PDF and one table's card re-issued (the others' links stay).
    late(
        POST,
        "/t/{slug}/rounds/{n}/cards.pdf",
        Rule::Manage,
        Phase::ChangesLinks,
    ),
    late(
        POST,
        "/t/{slug}/rounds/{n}/tables/{t}/card",
        Rule::Manage,
        Phase::ChangesLinks,
    ),
    // The JSON API.
    r(POST, "/api/v1/referee", Rule::Anyone),
    r(POST, "/api/v1/streitfall/table", Rule::Anyone),
    r(POST, "/api/v1/standings", Rule::Anyone),
    r(GET, "/streitfall", Rule::Anyone),
    r(GET, "/api/v1/tournaments/{slug}/standings", Rule::View),
    r(GET, "/api/v1/tournaments/{slug}/export.json", Rule::View),
    // The secretary's side of table scoring: the service's `managed` decides each.
    r(GET, "/t/{slug}/rounds/{n}/tables", Rule::Manage),
    r(GET, "/t/{slug}/audit", Rule::Manage),
    r(GET, "/t/{slug}/rounds/{n}/tables/{t}", Rule::Manage),
    r(POST, "/t/{slug}/rounds/{n}/tables/{t}/check", Rule::Manage),
    r(POST, "/t/{slug}/rounds/{n}/tables/{t}/save", Rule::Manage),
    r(
        POST,
        "/t/{slug}/rounds/{n}/tables/{t}/confirm",
        Rule::Manage,
    ),
    r(GET, "/t/{slug}/rounds/{n}/tables/{t}/audit", Rule::Manage),
    r(GET, "/t/{slug}/rounds/{n}/tables/{t}/figures", Rule::Manage),
    r(
        GET,
        "/t/{slug}/rounds/{n}/tables/{t}/deals/{d}/figures",
        Rule::Manage,
    ),
    r(
        GET,
        "/t/{slug}/rounds/{n}/tables/{t}/deals/{d}",
        Rule::Manage,
    ),
    r(
        GET,
        "/t/{slug}/rounds/{n}/tables/{t}/deals/{d}/streitfall",
        Rule::Manage,
    ),
    r(
        POST,
        "/t/{slug}/rounds/{n}/tables/{t}/deals/{d}/check",
        Rule::Manage,
    ),
    r(
        POST,
        "/t/{slug}/rounds/{n}/tables/{t}/deals/{d}/save",
        Rule::Manage,
    ),
    r(
        POST,
        "/t/{slug}/rounds/{n}/tables/{t}/deals/{d}/void",
        Rule::Manage,
    ),
    r(GET, "/t/{slug}/rounds/{n}/tables/{t}/correct", Rule::Manage),
    r(
        POST,
        "/t/{slug}/rounds/{n}/tables/{t}/correct",
        Rule::Manage,
    ),
    // The exports (`web::exports::load`): the results are the API's facts, so `View`; the
    // session sheets are working papers, so `Papers`; blank score pads hold no data.
    r(GET, "/t/{slug}/report", Rule::View),
    r(GET, "/t/{slug}/report.pdf", Rule::View),
    r(GET, "/t/{slug}/standings.csv", Rule::View),
    r(GET, "/t/{slug}/rounds.csv", Rule::View),
    r(GET, "/t/{slug}/results.xlsx", Rule::View),
    r(GET, "/t/{slug}/tournament.json", Rule::View),
    r(GET, "/t/{slug}/prizes.csv", Rule::View),
    r(GET, "/t/{slug}/prizes.json", Rule::View),
    r(GET, "/t/{slug}/rounds/{n}/sheets.pdf", Rule::Papers),
    r(GET, "/pads/{game}", Rule::Anyone),
    // The public pages (`service::public::stamp` through `seen`): a public tournament for
    // everybody; a private one only as its managers' preview, 404 for everyone else. The
    // organiser's switch is the managers'.
    r(GET, "/p/{slug}", Rule::View),
    r(GET, "/p/{slug}/live", Rule::View),
    r(GET, "/p/{slug}/projector", Rule::View),
    r(GET, "/p/{slug}/rounds/{n}", Rule::View),
    r(GET, "/p/{slug}/rounds/{n}/tables/{t}", Rule::View),
    r(
        GET,
        "/p/{slug}/rounds/{n}/tables/{t}/deals/{d}/streitfall",
        Rule::View,
    ),
    r(GET, "/p/{slug}/entrants/{id}", Rule::View),
    r(GET, "/p/{slug}/chart", Rule::View),
    r(GET, "/p/{slug}/chart.svg", Rule::View),
    r(POST, "/t/{slug}/public", Rule::Manage),
    // A player's page and the secretary's privacy actions for the player.
    r(GET, "/spieler/{id}", Rule::PlayerPage),
    r(POST, "/spieler/{id}/consent", Rule::ManagePlayer),
    r(GET, "/spieler/{id}/data.json", Rule::ManagePlayer),
    r(GET, "/spieler/{id}/erase", Rule::ManagePlayer),
    r(POST, "/spieler/{id}/erase", Rule::ManagePlayer),
    r(GET, "/static/{name}", Rule::Anyone),
];

/// The cup rules: who runs the cup (the organiser for cup A, the administrator for both) and
/// which clubs are members (A and B of cup A, B of cup B).
fn cup_rule(rule: Rule, who: Principal, object: Object) -> Outcome {
    use Outcome::*;
    use Principal as P;
    let runs = who == P::Admin || (who == P::Organiser && object == Object::CupA);
    let member = match who {
        P::SecretaryClubA => object == Object::CupA,
        P::SecretaryClubB => true,
        _ => false,
    };
    match rule {
        _ if !who.logged_in() => Login,
        Rule::CupView if runs || member => Allow,
        Rule::CupRun if runs => Allow,
        Rule::CupRun if member => Forbidden,
        Rule::CupPropose if who == P::Admin || member => Allow,
        Rule::CupPropose if runs => Forbidden,
        _ => NotFound,
    }
}

/// The declared answer for one principal and object under a rule.
pub fn expected(rule: Rule, who: Principal, object: Object) -> Outcome {
    use Outcome::*;
    use Principal as P;
    let owner = match object {
        Object::TournamentA
        | Object::SessionsA
        | Object::SeasonA
        | Object::UserA
        | Object::PlayerA => Some(P::SecretaryClubA),
        Object::TournamentB
        | Object::SessionsB
        | Object::SeasonB
        | Object::UserB
        | Object::PlayerB => Some(P::SecretaryClubB),
        _ => None,
    };
    let public = matches!(object, Object::TournamentB | Object::SessionsB);
    match rule {
        Rule::Anyone => Allow,
        Rule::SetupOver => Login,
        Rule::Account => {
            if who.logged_in() {
                Allow
            } else {
                Login
            }
        }
        Rule::Admin => match who {
            P::Admin => Allow,
            P::SecretaryClubA | P::SecretaryClubB | P::Organiser => Forbidden,
            _ => Login,
        },
        Rule::CupCreate => match who {
            P::Admin | P::Organiser => Allow,
            P::SecretaryClubA | P::SecretaryClubB => Forbidden,
            _ => Login,
        },
        Rule::CupView | Rule::CupRun | Rule::CupPropose => cup_rule(rule, who, object),
        Rule::Manage => match who {
            _ if !who.logged_in() => Login,
            P::Admin => Allow,
            _ if Some(who) == owner => Allow,
            _ if public => Forbidden,
            _ => NotFound,
        },
        Rule::Papers => match who {
            _ if !who.logged_in() && !public => NotFound,
            _ => expected(Rule::Manage, who, object),
        },
        Rule::View => {
            if public || who == P::Admin || Some(who) == owner {
                Allow
            } else {
                NotFound
            }
        }
        Rule::PlayerPage => {
            if object == Object::PlayerB || who == P::Admin || Some(who) == owner {
                Allow
            } else {
                NotFound
            }
        }
        Rule::ManagePlayer => match who {
            _ if !who.logged_in() => Login,
            P::Admin => Allow,
            _ if Some(who) == owner => Allow,
            _ => NotFound,
        },
        Rule::Link => {
            if object == Object::ForgedLink {
                NotFound
            } else {
                Allow
            }
        }
    }
}
