//! The checks of a tournament file (contract section 8) beyond its types: the format against
//! the game, every reference to a player or team, and each round's seating, each problem
//! naming its path (`rounds[1].tables[0].seats[2]`), in file order.

use super::file::{Round, Table, TournamentFile};
pub use super::file_words::{FileCheck, Placed};
use super::format::{DrawMethod, Fill, Format};
use crate::rules::gaigel::Variant as Gaigel;
use crate::rules::{Game, Malformed, Variant};
use std::collections::{BTreeMap, BTreeSet};

/// The problems found so far, in file order.
#[derive(Default)]
struct Problems(Vec<(String, FileCheck)>);

impl Problems {
    fn bad(&mut self, path: impl Into<String>, check: FileCheck) {
        self.0.push((path.into(), check));
    }
}

/// The ids a seat may name: players or teams.
struct Entrants<'a> {
    ids: &'a BTreeSet<&'a str>,
    teams: bool,
}

impl Entrants<'_> {
    /// The problem of an id that names none of them.
    fn unknown(&self, id: &str) -> FileCheck {
        let id = id.to_string();
        if self.teams {
            FileCheck::UnknownTeam { id }
        } else {
            FileCheck::UnknownPlayer { id }
        }
    }
}

impl TournamentFile {
    /// Every broken reference in the file, in file order, in the referee's words.
    pub fn problems(&self) -> Vec<Malformed> {
        self.checks()
            .into_iter()
            .map(|(path, check)| Malformed::new(path, check.to_string()))
            .collect()
    }

    /// The same problems as data: each with its path, for a page to word.
    pub fn checks(&self) -> Vec<(String, FileCheck)> {
        let mut out = Problems::default();
        self.format_problems(&mut out);
        let players = self.player_problems(&mut out);
        let teams = self.team_problems(&mut out, &players);
        let entrants = if self.individual() {
            Entrants {
                ids: &players,
                teams: false,
            }
        } else {
            Entrants {
                ids: &teams,
                teams: true,
            }
        };
        let settings = self.settings();
        let counted = self.rounds.iter().filter(|r| !r.knockout).count();
        if self.format == Format::Sessions && counted > settings.sessions as usize {
            out.bad(
                "rounds",
                FileCheck::Sessions {
                    sessions: settings.sessions,
                    rounds: counted,
                },
            );
        }
        for (r, round) in self.rounds.iter().enumerate() {
            self.round_problems(&mut out, r, round, &entrants);
        }
        self.header_problems(&mut out, &entrants);
        out.0
    }

    /// The variant, format, options and settings against each other.
    fn format_problems(&self, out: &mut Problems) {
        let variant = self.variant();
        if variant.game() != self.game {
            out.bad(
                "variant",
                FileCheck::NotAVariantOf {
                    variant: variant.as_str().to_string(),
                    game: self.game.as_str().to_string(),
                },
            );
        }
        let settings = self.settings();
        let three_watten = self.three_player_watten();
        let sessions = self.format == Format::Sessions;
        if sessions && variant != Variant::Gaigel(Gaigel::Three) && !three_watten {
            out.bad("format", FileCheck::SessionsNeedThree);
        }
        // Options the record's types do not read are the referee's to refuse (each table's
        // record names the part): these checks read only options that read.
        let options = self.typed_options().ok().map(Option::unwrap_or_default);
        let options = options.as_ref();
        if self.game == Game::Perlaggen && options.is_some_and(|o| o.players == Some(3)) {
            out.bad("options.players", FileCheck::ThreePerlaggen);
        }
        if three_watten && settings.fill == Fill::FourTables {
            out.bad("settings.fill", FileCheck::ThreeWattenSeatsThree);
        }
        let scoring = options.map(|o| o.scoring.as_deref());
        if sessions && !three_watten && scoring.is_some_and(|s| s != Some("rutesheim")) {
            out.bad("options.scoring", FileCheck::SessionsScoring);
        }
        if sessions && settings.draw == DrawMethod::Wattkoenig {
            out.bad("settings.draw", FileCheck::WattkoenigTwoSides);
        }
        if self.format == Format::Rounds && self.sides() != 2 {
            out.bad("format", FileCheck::RoundsSeatTwo);
        }
        self.tiebreak_problems(out);
        if let Some(Err(why)) = self.settings().prizes.as_ref().map(super::prizes::check) {
            out.bad("settings.prizes", FileCheck::Prizes(why.to_string()));
        }
    }

    /// `settings.tiebreaks`: only what the game and format offer, each once.
    fn tiebreak_problems(&self, out: &mut Problems) {
        let settings = self.settings();
        let Some(list) = settings.tiebreaks.as_ref() else {
            return;
        };
        if let Err((i, why)) = super::tiebreak::check(self.kind(), list) {
            out.bad(format!("settings.tiebreaks[{i}]"), FileCheck::Tiebreak(why));
        }
    }

    /// The date (a real day, `YYYY-MM-DD`) and the marks (known entrants, rounds from 1).
    fn header_problems(&self, out: &mut Problems, entrants: &Entrants) {
        if let Some(date) = &self.date
            && chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err()
        {
            out.bad("date", FileCheck::NotADay { date: date.clone() });
        }
        for (i, m) in self.marks.iter().enumerate() {
            if !entrants.ids.contains(m.entrant.as_str()) {
                out.bad(format!("marks[{i}].entrant"), entrants.unknown(&m.entrant));
            }
            if m.round == 0 {
                out.bad(format!("marks[{i}].round"), FileCheck::RoundsFromOne);
            }
        }
    }

    /// Player ids: each given once and not empty. Returns the ids.
    fn player_problems(&self, out: &mut Problems) -> BTreeSet<&str> {
        let mut players = BTreeSet::new();
        for (i, p) in self.players.iter().enumerate() {
            if p.id.is_empty() || !players.insert(p.id.as_str()) {
                out.bad(
                    format!("players[{i}].id"),
                    FileCheck::IdTaken { id: p.id.clone() },
                );
            }
        }
        players
    }

    /// Team ids (apart from the players'), team sizes, and each player in one team at most.
    /// Returns the team ids.
    fn team_problems<'a>(
        &'a self,
        out: &mut Problems,
        players: &BTreeSet<&str>,
    ) -> BTreeSet<&'a str> {
        let variant = self.variant();
        let mut teams = BTreeSet::new();
        let mut team_of: BTreeMap<&str, &str> = BTreeMap::new();
        for (i, t) in self.teams.iter().enumerate() {
            if t.id.is_empty() || !teams.insert(t.id.as_str()) || players.contains(t.id.as_str()) {
                out.bad(
                    format!("teams[{i}].id"),
                    FileCheck::IdTaken { id: t.id.clone() },
                );
            }
            if !self.individual() && t.players.len() != variant.team_size() {
                out.bad(
                    format!("teams[{i}].players"),
                    FileCheck::TeamSize {
                        size: variant.team_size(),
                        got: t.players.len(),
                    },
                );
            }
            for (j, p) in t.players.iter().enumerate() {
                let path = format!("teams[{i}].players[{j}]");
                if !players.contains(p.as_str()) {
                    out.bad(path, FileCheck::UnknownPlayer { id: p.clone() });
                } else if let Some(other) = team_of.insert(p, &t.id) {
                    let (id, other) = (p.clone(), (*other).to_string());
                    out.bad(path, FileCheck::InTwoTeams { id, other });
                }
            }
        }
        teams
    }

    /// One round: each table's shape, and every entrant seated or given a bye once at most.
    fn round_problems(&self, out: &mut Problems, r: usize, round: &Round, entrants: &Entrants) {
        let mut placed: BTreeMap<&str, Placed> = BTreeMap::new();
        for (t, table) in round.tables.iter().enumerate() {
            let path = format!("rounds[{r}].tables[{t}]");
            self.table_shape(out, &path, round, table);
            for (s, id) in table.seats.iter().enumerate() {
                let where_ = format!("{path}.seats[{s}]");
                if !entrants.ids.contains(id.as_str()) {
                    out.bad(where_, entrants.unknown(id));
                } else if let Some(before) = placed.insert(id, Placed::Table(t)) {
                    let id = id.clone();
                    out.bad(where_, FileCheck::SeatedTwice { id, before });
                }
            }
            self.players_twice(out, &path, table);
        }
        for (b, id) in round.byes.iter().enumerate() {
            let where_ = format!("rounds[{r}].byes[{b}]");
            if !entrants.ids.contains(id.as_str()) {
                out.bad(where_, entrants.unknown(id));
            } else if let Some(before) = placed.insert(id, Placed::Bye) {
                let id = id.clone();
                out.bad(where_, FileCheck::ByeTwice { id, before });
            }
        }
    }

    /// One table: its number of seats, and its number of deals in a session.
    fn table_shape(&self, out: &mut Problems, path: &str, round: &Round, table: &Table) {
        let settings = self.settings();
        let four = self.format == Format::Sessions && settings.fill == Fill::FourTables;
        let n = table.seats.len();
        if n != self.sides() && !(four && n == 4) {
            out.bad(
                format!("{path}.seats"),
                FileCheck::Seats {
                    sides: self.sides(),
                    got: n,
                },
            );
        }
        if self.format == Format::Sessions && !round.knockout {
            let most = if n == 4 {
                settings.deals / 3 * 4
            } else {
                settings.deals
            };
            if table.deals.len() > most as usize {
                out.bad(
                    format!("{path}.deals"),
                    FileCheck::SessionDeals {
                        most,
                        got: table.deals.len(),
                    },
                );
            }
        }
    }

    /// No player sits at a table twice (in two of its teams).
    fn players_twice(&self, out: &mut Problems, path: &str, table: &Table) {
        if !self.individual() {
            let distinct: BTreeSet<&String> = table.seats.iter().collect();
            let mut at_table = BTreeSet::new();
            let members = self
                .teams
                .iter()
                .filter(|x| distinct.contains(&x.id))
                .flat_map(|x| &x.players);
            for p in members {
                if !at_table.insert(p) {
                    out.bad(
                        format!("{path}.seats"),
                        FileCheck::TwiceAtTable { id: p.clone() },
                    );
                }
            }
        }
    }
}
