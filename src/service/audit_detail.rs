//! The detail of every audit event, typed per kind: one struct per kind of event, and
//! [`AuditDetail`] holding any of them. A writer builds the kind's struct; the event's kind
//! (the row's `action`) comes from the variant, so a kind and its detail cannot disagree.
//!
//! The JSON text is the one the service wrote before the details were typed, byte for byte:
//! an object of the struct's fields with its keys sorted (as serde_json writes an object
//! built at run time), every key present except the few marked as left out when empty.
//! [`AuditDetail::read`] takes a stored row back by its kind; a detail that does not read
//! (an unknown kind, or a shape an older version wrote) is `None`, and the log words it
//! from its stored text instead (`service::scoring::audit::Detail::Unread`).

use crate::db::models::rounds::EventDetail;
use crate::tournament::prizes::PrizeScheme;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// `tournament_created`: a tournament made by hand, under its slug.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentCreated {
    pub slug: String,
}

/// `tournament_imported`: a tournament read from a tournament file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentImported {
    /// The round left open (from 1), if any (`null` when none).
    pub open_round: Option<usize>,
    pub rounds: usize,
    pub slug: String,
    /// Where the file came from (`DealSource`'s word: `import`, `demo`).
    pub source: String,
    /// The tournament's status after the import.
    pub status: String,
}

/// `tournament_finished`, after `rounds` rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFinished {
    pub rounds: usize,
}

/// `tournament_reopened`, with the secretary's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentReopened {
    pub reason: String,
}

/// `round_drawn`: round `round` (from 1) drawn with `seed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundDrawn {
    pub round: i32,
    pub seed: u64,
}

/// `round_undrawn`: the last round's draw taken back (a knockout round has no seed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundUndrawn {
    pub round: i32,
    pub seed: Option<u64>,
    pub tables: usize,
}

/// `round_closed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundClosed {
    pub round: i32,
}

/// `round_reopened`, with the secretary's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundReopened {
    pub reason: String,
    pub round: i32,
}

/// `rounds_planned`: the planned number of rounds changed (`null`: no plan).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundsPlanned {
    pub after: Option<u32>,
    pub before: Option<u32>,
}

/// `finals_drawn`: the knockout round `round`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalsDrawn {
    pub knockout: bool,
    pub round: i32,
}

/// `seats_swapped`: two entrants (ids) of round `round` changed places.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatsSwapped {
    pub round: i32,
    pub swapped: [String; 2],
}

/// `player_added`: entrant `entrant` (`p3`) named `name`; `register`: the register's row
/// it was entered from, when a list named one (left out otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerAdded {
    pub entrant: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub register: Option<i32>,
}

/// `team_added`: team `entrant` (`t2`) of the players `players` (their entrant ids).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamAdded {
    pub entrant: String,
    pub name: String,
    pub players: Vec<String>,
}

/// `entrant_edited`: renamed from `before` to `after`; a team's players' names before and
/// after (left out for a player entrant).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantEdited {
    pub after: String,
    pub before: String,
    pub entrant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players_after: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players_before: Option<Vec<String>>,
}

/// `entrant_withdrawn` from round `round` on (`after`: the last round it played).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantWithdrawn {
    pub after: u32,
    pub entrant: String,
    pub name: String,
    pub round: u32,
}

/// `entrant_absent`: marked absent in round `round`, or the mark taken back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantAbsent {
    pub absent: bool,
    pub entrant: String,
    pub name: String,
    pub round: u32,
}

/// `entrant_late`: entered after the draw, drawn from round `round` on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantLate {
    pub entrant: String,
    pub name: String,
    pub round: u32,
}

/// `visibility`: the public pages switched on or off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Visibility {
    pub public: bool,
}

/// `confirmation`: who confirms a scorer's deal now (`Confirmation`'s word).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfirmationSet {
    pub confirmation: String,
}

/// `scorer_links`: new table cards for the `tables` tables of round `round`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScorerLinks {
    pub round: i32,
    pub tables: usize,
}

/// `link_reissued`: a new scorer link for one table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkReissued {
    pub round: i32,
    pub table: i32,
}

/// `tiebreaks_set`: the tie-break columns (their keys) before and now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TiebreaksSet {
    pub before: Vec<String>,
    pub tiebreaks: Vec<String>,
}

/// `prizes_set`: the prize scheme before and now (`null`: none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizesSet {
    pub after: Option<PrizeScheme>,
    pub before: Option<PrizeScheme>,
}

/// `deal_voided`: deal `deal` (from 1) of a table removed; `moved` later deals moved up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealVoided {
    pub deal: i32,
    pub moved: usize,
    pub reason: String,
    pub round: i32,
    pub table: i32,
}

/// `deals_corrected`: the deals `deals` (from 1) of a table corrected in one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealsCorrected {
    pub deals: Vec<i32>,
    pub reason: String,
    pub round: i32,
    pub table: i32,
}

/// `deal_version`: a deal's new version (`deal` counted from 0 here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealVersion {
    pub deal: i32,
    pub source: String,
    pub status: String,
    pub version: i32,
}

/// `register_renamed`: a register's name corrected (`player`: the register's row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterRenamed {
    pub after: String,
    pub before: String,
    pub player: i32,
}

/// `players_merged`: register row `merged` merged into `kept` (merge `merge`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersMerged {
    pub kept: i32,
    pub kept_name: String,
    pub merge: i32,
    pub merged: i32,
    pub merged_name: String,
}

/// `players_merge_undone`: merge `merge` taken back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersMergeUndone {
    pub kept: i32,
    pub merge: i32,
    pub merged: i32,
}

/// `player_consent`: what the player allows the public to see now (`Consent`'s word).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerConsent {
    pub consent: String,
    pub entrant: String,
    pub player: i32,
}

/// `player_erased`: the player's name replaced by `name` for good.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerErased {
    pub entrant: String,
    pub name: String,
    pub player: i32,
}

/// An audit event's detail, any kind; written as the struct alone, not tagged with its kind
/// (the kind is the row's `action`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AuditDetail {
    TournamentCreated(TournamentCreated),
    TournamentImported(TournamentImported),
    TournamentFinished(TournamentFinished),
    TournamentReopened(TournamentReopened),
    RoundDrawn(RoundDrawn),
    RoundUndrawn(RoundUndrawn),
    RoundClosed(RoundClosed),
    RoundReopened(RoundReopened),
    RoundsPlanned(RoundsPlanned),
    FinalsDrawn(FinalsDrawn),
    SeatsSwapped(SeatsSwapped),
    PlayerAdded(PlayerAdded),
    TeamAdded(TeamAdded),
    EntrantEdited(EntrantEdited),
    EntrantWithdrawn(EntrantWithdrawn),
    EntrantAbsent(EntrantAbsent),
    EntrantLate(EntrantLate),
    Visibility(Visibility),
    ConfirmationSet(ConfirmationSet),
    ScorerLinks(ScorerLinks),
    LinkReissued(LinkReissued),
    TiebreaksSet(TiebreaksSet),
    PrizesSet(PrizesSet),
    DealVoided(DealVoided),
    DealsCorrected(DealsCorrected),
    DealVersion(DealVersion),
    RegisterRenamed(RegisterRenamed),
    PlayersMerged(PlayersMerged),
    PlayersMergeUndone(PlayersMergeUndone),
    PlayerConsent(PlayerConsent),
    PlayerErased(PlayerErased),
}

/// How a kind's stored detail is read.
type Reader = fn(&str) -> Option<AuditDetail>;

/// Each variant with the kind the row's `action` holds: the one list both [`KINDS`] (reading a
/// row) and [`AuditDetail::kind`] (writing one) come from, so the two cannot disagree.
macro_rules! kinds {
    ($($variant:ident => $kind:literal),* $(,)?) => {
        /// Every kind with its detail's reading.
        const KINDS: &[(&str, Reader)] = &[$(($kind, |s| parse(s).map(AuditDetail::$variant))),*];

        impl AuditDetail {
            /// The event's kind, as the row's `action` holds it.
            pub fn kind(&self) -> &'static str {
                match self {
                    $(AuditDetail::$variant(_) => $kind,)*
                }
            }
        }
    };
}

kinds! {
    TournamentCreated => "tournament_created",
    TournamentImported => "tournament_imported",
    TournamentFinished => "tournament_finished",
    TournamentReopened => "tournament_reopened",
    RoundDrawn => "round_drawn",
    RoundUndrawn => "round_undrawn",
    RoundClosed => "round_closed",
    RoundReopened => "round_reopened",
    RoundsPlanned => "rounds_planned",
    FinalsDrawn => "finals_drawn",
    SeatsSwapped => "seats_swapped",
    PlayerAdded => "player_added",
    TeamAdded => "team_added",
    EntrantEdited => "entrant_edited",
    EntrantWithdrawn => "entrant_withdrawn",
    EntrantAbsent => "entrant_absent",
    EntrantLate => "entrant_late",
    Visibility => "visibility",
    ConfirmationSet => "confirmation",
    ScorerLinks => "scorer_links",
    LinkReissued => "link_reissued",
    TiebreaksSet => "tiebreaks_set",
    PrizesSet => "prizes_set",
    DealVoided => "deal_voided",
    DealsCorrected => "deals_corrected",
    DealVersion => "deal_version",
    RegisterRenamed => "register_renamed",
    PlayersMerged => "players_merged",
    PlayersMergeUndone => "players_merge_undone",
    PlayerConsent => "player_consent",
    PlayerErased => "player_erased",
}

fn parse<T: DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_str(text).ok()
}

impl AuditDetail {
    /// The detail stored under `kind`, typed; `None` for a kind this version does not write
    /// or a detail of another shape.
    pub fn read(kind: &str, text: &str) -> Option<AuditDetail> {
        let (_, read) = KINDS.iter().find(|(k, _)| *k == kind)?;
        read(text)
    }

    /// The reason the event keeps in its detail (reopening, voiding, correcting).
    pub fn reason(&self) -> Option<&str> {
        match self {
            AuditDetail::TournamentReopened(d) => Some(d.reason.as_str()),
            AuditDetail::RoundReopened(d) => Some(d.reason.as_str()),
            AuditDetail::DealVoided(d) => Some(d.reason.as_str()),
            AuditDetail::DealsCorrected(d) => Some(d.reason.as_str()),
            _ => None,
        }
        .filter(|r| !r.is_empty())
    }
}

impl EventDetail for AuditDetail {
    fn kind(&self) -> &'static str {
        AuditDetail::kind(self)
    }

    /// Through serde_json's own tree, which keeps an object's keys sorted at every depth
    /// (the prize scheme inside `prizes_set` too), as the detail was always written.
    fn json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_value(self).map(|v| v.to_string())
    }
}

macro_rules! into_detail {
    ($($kind:ident),* $(,)?) => {
        $(impl From<$kind> for AuditDetail {
            fn from(d: $kind) -> Self {
                AuditDetail::$kind(d)
            }
        })*
    };
}

into_detail!(
    TournamentCreated,
    TournamentImported,
    TournamentFinished,
    TournamentReopened,
    RoundDrawn,
    RoundUndrawn,
    RoundClosed,
    RoundReopened,
    RoundsPlanned,
    FinalsDrawn,
    SeatsSwapped,
    PlayerAdded,
    TeamAdded,
    EntrantEdited,
    EntrantWithdrawn,
    EntrantAbsent,
    EntrantLate,
    Visibility,
    ConfirmationSet,
    ScorerLinks,
    LinkReissued,
    TiebreaksSet,
    PrizesSet,
    DealVoided,
    DealsCorrected,
    DealVersion,
    RegisterRenamed,
    PlayersMerged,
    PlayersMergeUndone,
    PlayerConsent,
    PlayerErased
);

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::tournament::prizes::Amount;
    use serde_json::json;

    fn s(text: &str) -> String {
        text.to_string()
    }

    fn scheme() -> PrizeScheme {
        PrizeScheme {
            entry_fee: 1000,
            deduction: Some(Amount::Cents(500)),
            paid_percent: Some(30),
            money: vec![Amount::Cents(4000), Amount::Cents(2000)],
            goods: vec![s("Speckplatte")],
        }
    }

    /// One detail of every kind (and of each optional key present and absent) as its writer
    /// builds it, beside the `json!` the writer used before the details were typed.
    pub(crate) fn samples() -> Vec<(AuditDetail, serde_json::Value)> {
        [
            tournament_samples(),
            round_samples(),
            entrant_samples_a(),
            entrant_samples_b(),
            table_samples(),
            register_samples(),
        ]
        .concat()
    }

    fn tournament_samples() -> Vec<(AuditDetail, serde_json::Value)> {
        let (slug, open) = ("herbst-2026", Some(2usize));
        vec![
            (
                TournamentCreated { slug: s(slug) }.into(),
                json!({"slug": slug}),
            ),
            (
                TournamentImported {
                    open_round: open,
                    rounds: 2,
                    slug: s(slug),
                    source: s("import"),
                    status: s("running"),
                }
                .into(),
                json!({"slug": slug, "source": "import", "status": "running",
                    "rounds": 2, "open_round": open}),
            ),
            (
                TournamentImported {
                    open_round: None,
                    rounds: 3,
                    slug: s(slug),
                    source: s("demo"),
                    status: s("finished"),
                }
                .into(),
                json!({"slug": slug, "source": "demo", "status": "finished",
                    "rounds": 3, "open_round": None::<usize>}),
            ),
            (
                TournamentFinished { rounds: 4 }.into(),
                json!({ "rounds": 4 }),
            ),
            (
                TournamentReopened {
                    reason: s("Tisch 3 falsch"),
                }
                .into(),
                json!({ "reason": "Tisch 3 falsch" }),
            ),
            (
                RoundDrawn {
                    round: 2,
                    seed: u64::MAX,
                }
                .into(),
                json!({"round": 2, "seed": u64::MAX}),
            ),
        ]
    }

    fn round_samples() -> Vec<(AuditDetail, serde_json::Value)> {
        vec![
            (
                RoundUndrawn {
                    round: 3,
                    seed: Some(42),
                    tables: 6,
                }
                .into(),
                json!({"round": 3, "seed": Some(42u64), "tables": 6}),
            ),
            (
                RoundUndrawn {
                    round: 5,
                    seed: None,
                    tables: 2,
                }
                .into(),
                json!({"round": 5, "seed": None::<u64>, "tables": 2}),
            ),
            (RoundClosed { round: 1 }.into(), json!({"round": 1})),
            (
                RoundReopened {
                    reason: s("Nachtrag"),
                    round: 1,
                }
                .into(),
                json!({"round": 1, "reason": "Nachtrag"}),
            ),
            (
                RoundsPlanned {
                    after: Some(5),
                    before: None,
                }
                .into(),
                json!({ "before": None::<u32>, "after": Some(5u32) }),
            ),
            (
                FinalsDrawn {
                    knockout: true,
                    round: 6,
                }
                .into(),
                json!({"round": 6, "knockout": true}),
            ),
            (
                SeatsSwapped {
                    round: 2,
                    swapped: [s("t1"), s("t4")],
                }
                .into(),
                json!({"round": 2, "swapped": ["t1", "t4"]}),
            ),
        ]
    }

    fn entrant_samples_a() -> Vec<(AuditDetail, serde_json::Value)> {
        let (p, t) = ("p3", "t2");
        let team = vec![s("p1"), s("p2")];
        vec![
            (
                PlayerAdded {
                    entrant: s(p),
                    name: s("Anna Huber"),
                    register: None,
                }
                .into(),
                json!({"entrant": p, "name": "Anna Huber"}),
            ),
            (
                PlayerAdded {
                    entrant: s(p),
                    name: s("Anna Huber"),
                    register: Some(17),
                }
                .into(),
                json!({"entrant": p, "name": "Anna Huber", "register": 17}),
            ),
            (
                TeamAdded {
                    entrant: s(t),
                    name: s("Die Roten"),
                    players: team.clone(),
                }
                .into(),
                json!({"entrant": t, "name": "Die Roten", "players": team}),
            ),
            (
                EntrantEdited {
                    after: s("Max Mustermann"),
                    before: s("Max Muster"),
                    entrant: s(p),
                    players_after: None,
                    players_before: None,
                }
                .into(),
                json!({"entrant": p, "before": "Max Muster", "after": "Max Mustermann"}),
            ),
            (
                EntrantEdited {
                    after: s("Blau"),
                    before: s("Rot"),
                    entrant: s(t),
                    players_after: Some(vec![s("A"), s("C")]),
                    players_before: Some(vec![s("A"), s("B")]),
                }
                .into(),
                json!({"entrant": t, "before": "Rot", "after": "Blau",
                    "players_before": ["A", "B"], "players_after": ["A", "C"]}),
            ),
        ]
    }

    fn entrant_samples_b() -> Vec<(AuditDetail, serde_json::Value)> {
        let (p, t) = ("p3", "t2");
        vec![
            (
                EntrantWithdrawn {
                    after: 2,
                    entrant: s(p),
                    name: s("Sepp"),
                    round: 3,
                }
                .into(),
                json!({"entrant": p, "name": "Sepp", "round": 3u32, "after": 2u32}),
            ),
            (
                EntrantAbsent {
                    absent: false,
                    entrant: s(t),
                    name: s("Blau"),
                    round: 4,
                }
                .into(),
                json!({"entrant": t, "name": "Blau", "round": 4u32, "absent": false}),
            ),
            (
                EntrantLate {
                    entrant: s(p),
                    name: s("Vroni"),
                    round: 2,
                }
                .into(),
                json!({"entrant": p, "name": "Vroni", "round": 2u32}),
            ),
            (
                PlayerConsent {
                    consent: s("initials"),
                    entrant: s(p),
                    player: 12,
                }
                .into(),
                json!({"player": 12, "entrant": p, "consent": "initials"}),
            ),
            (
                PlayerErased {
                    entrant: s(p),
                    name: s("Spieler 12"),
                    player: 12,
                }
                .into(),
                json!({"player": 12, "entrant": p, "name": "Spieler 12"}),
            ),
        ]
    }

    fn table_samples() -> Vec<(AuditDetail, serde_json::Value)> {
        let (before, now) = (vec!["points", "wins"], vec!["lot"]);
        vec![
            (Visibility { public: true }.into(), json!({"public": true})),
            (
                ConfirmationSet {
                    confirmation: s("other_side"),
                }
                .into(),
                json!({"confirmation": "other_side"}),
            ),
            (
                ScorerLinks {
                    round: 1,
                    tables: 12,
                }
                .into(),
                json!({"round": 1, "tables": 12usize}),
            ),
            (
                LinkReissued { round: 1, table: 4 }.into(),
                json!({"round": 1, "table": 4}),
            ),
            (
                TiebreaksSet {
                    before: before.iter().map(|k| s(k)).collect(),
                    tiebreaks: now.iter().map(|k| s(k)).collect(),
                }
                .into(),
                json!({"before": before, "tiebreaks": now}),
            ),
            (
                PrizesSet {
                    after: Some(scheme()),
                    before: None,
                }
                .into(),
                json!({ "before": None::<PrizeScheme>, "after": Some(scheme()) }),
            ),
        ]
    }

    fn register_samples() -> Vec<(AuditDetail, serde_json::Value)> {
        vec![
            (
                DealVoided {
                    deal: 3,
                    moved: 2,
                    reason: s("nie gespielt"),
                    round: 1,
                    table: 2,
                }
                .into(),
                json!({"round": 1, "table": 2, "deal": 3, "moved": 2usize,
                    "reason": "nie gespielt"}),
            ),
            (
                DealsCorrected {
                    deals: vec![2, 5],
                    reason: s("Zettel"),
                    round: 2,
                    table: 1,
                }
                .into(),
                json!({"round": 2, "table": 1, "deals": [2, 5], "reason": "Zettel"}),
            ),
            (
                DealVersion {
                    deal: 0,
                    source: s("scorer"),
                    status: s("pending"),
                    version: 1,
                }
                .into(),
                json!({"deal": 0, "version": 1, "status": "pending", "source": "scorer"}),
            ),
            (
                RegisterRenamed {
                    after: s("Anna Huber"),
                    before: s("Ana Huber"),
                    player: 9,
                }
                .into(),
                json!({"player": 9, "before": "Ana Huber", "after": "Anna Huber"}),
            ),
            (
                PlayersMerged {
                    kept: 4,
                    kept_name: s("Anna Huber"),
                    merge: 1,
                    merged: 9,
                    merged_name: s("Ana Huber"),
                }
                .into(),
                json!({"merge": 1, "kept": 4, "kept_name": "Anna Huber",
                    "merged": 9, "merged_name": "Ana Huber"}),
            ),
            (
                PlayersMergeUndone {
                    kept: 4,
                    merge: 1,
                    merged: 9,
                }
                .into(),
                json!({"merge": 1, "kept": 4, "merged": 9}),
            ),
        ]
    }

    /// The bytes of every kind are the bytes its `json!` wrote: keys sorted at every depth,
    /// `null` for an empty optional, an optional key present exactly when it was.
    #[test]
    fn every_kind_writes_the_bytes_it_wrote_before() {
        for (detail, before) in samples() {
            assert_eq!(
                detail.json().unwrap(),
                before.to_string(),
                "{}",
                detail.kind()
            );
        }
    }

    /// A stored row reads back as its kind's detail, equal to the one written.
    #[test]
    fn every_stored_detail_reads_back_as_its_kind() {
        for (detail, stored) in samples() {
            let read = AuditDetail::read(detail.kind(), &stored.to_string());
            assert_eq!(read.as_ref(), Some(&detail), "{stored}");
        }
    }

    /// Every kind has a sample, and the reading table and `kind` name the same kinds.
    #[test]
    fn every_kind_is_sampled_and_read_by_its_own_name() {
        let sampled: std::collections::BTreeSet<&str> =
            samples().iter().map(|(d, _)| d.kind()).collect();
        let listed: std::collections::BTreeSet<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        assert_eq!(sampled, listed);
        assert_eq!(KINDS.len(), listed.len());
        for (detail, stored) in samples() {
            let read = AuditDetail::read(detail.kind(), &stored.to_string()).unwrap();
            assert_eq!(read.kind(), detail.kind());
        }
    }

    /// Another shape, another kind's detail or an unknown kind does not read: the log words
    /// such a row from its text.
    #[test]
    fn a_detail_of_another_shape_does_not_read() {
        assert_eq!(AuditDetail::read("round_drawn", r#"{"round":1}"#), None);
        assert_eq!(
            AuditDetail::read("round_closed", r#"{"round":1,"zzz":2}"#),
            None
        );
        assert_eq!(AuditDetail::read("round_closed", r#"{"slug":"x"}"#), None);
        assert_eq!(AuditDetail::read("moon_landed", r#"{"round":1}"#), None);
        assert_eq!(AuditDetail::read("round_closed", "not json"), None);
    }

    #[test]
    fn the_reason_is_read_where_the_kind_keeps_one() {
        let reopened: AuditDetail = RoundReopened {
            reason: s("Nachtrag"),
            round: 1,
        }
        .into();
        assert_eq!(reopened.reason(), Some("Nachtrag"));
        let closed: AuditDetail = RoundClosed { round: 1 }.into();
        assert_eq!(closed.reason(), None);
    }
}
