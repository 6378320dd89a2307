//! What every game shares: the two sides, per-side numbers, rule errors with their stable
//! codes (contract section 9) and messages in German and English.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side of a partnership game (contract 3: `A` and `B`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// 0 for A, 1 for B: the side's column on a score sheet or slot in an array.
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// One value per side, written `{"A": .., "B": ..}`; a side left out of the input is the default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pair<T> {
    #[serde(rename = "A", default)]
    pub a: T,
    #[serde(rename = "B", default)]
    pub b: T,
}

impl<T> Pair<T> {
    pub fn new(a: T, b: T) -> Self {
        Pair { a, b }
    }

    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}

/// The language of the rule messages. German first: the players' language.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    De,
    En,
}

impl Lang {
    /// Reads a language tag such as `de`, `en-GB` or an `Accept-Language` header value;
    /// the first supported language wins, German when none is.
    pub fn from_tag(tag: &str) -> Lang {
        for part in tag.split(',') {
            let code = part
                .split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            if code.starts_with("de") {
                return Lang::De;
            }
            if code.starts_with("en") {
                return Lang::En;
            }
        }
        Lang::De
    }
}

/// A message in both languages, built where the rule is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub de: String,
    pub en: String,
}

impl Text {
    pub fn new(de: impl Into<String>, en: impl Into<String>) -> Self {
        Text {
            de: de.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::De => &self.de,
            Lang::En => &self.en,
        }
    }
}

/// The stable codes of broken rules (contract section 9). The list in `docs/reference/rules.md`
/// says which rule each code stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    NotYourTurn,
    FigureClosed,
    BetOpen,
    NoOpenBet,
    GestrichenCannotBet,
    BetWouldReachTarget,
    GespanntCannotBet,
    SpielOpen,
    DealIncomplete,
    InvalidShow,
    PointsOutOfRange,
    DecisionRequired,
    CardPointsInvalid,
    MeldsInvalid,
    TricksInvalid,
    TieNeedsCut,
    GameOver,
    // Codes kartl adds where the contract names none; docs/reference/rules.md lists every code.
    /// Watten: an event after the deal was decided.
    DealOver,
    /// Watten: `play` where no side has a decision to make.
    NoDecision,
    /// Watten: `farbe` where the rule is off or the bet is not the deal's first.
    FarbeNotAllowed,
    /// Watten: `machine` without the option, or not as the deal's first event.
    MachineNotAllowed,
    /// Watten: a bet of 4 without the option, after the first bet, or not 4 behind.
    FourNotAllowed,
    /// Figure games: a second trump event, or acorns named trumps in Eichelperlaggen.
    InvalidTrump,
    /// Figure games: a decider event where the decider rule (contract 5.4) does not apply.
    DeciderNotDue,
    /// Gaigel: `overgaigel` names a side whose count is below 101 (docs/rules/gaigel.md).
    OvergaigelInvalid,
    /// Gaigel: endings that exclude each other (a lost Dissle, five of a suit, five Sevens,
    /// Aus, übergaigeln), or five Sevens by a side other than the one on Sevens.
    EndingInvalid,
    /// Watten, three players: a rule whose reading depends on which team player's score
    /// counts, where the two stand differently and the text does not say (docs/rules/watten.md).
    ThreePlayersAmbiguous,
    /// Card-level deal (Streitfall): the deal as dealt breaks a rule (seats, dealer, the
    /// hands, the pack, a card too often, the trump as announced or turned, a draw).
    CardsInvalid,
    /// Card-level deal: a seat plays (or, in the figure games, shows) a card it does not hold.
    CardNotHeld,
    /// Watten card-level deal: the trump duty ("Trumpf oder Kritisch"; Tyrolean: a trump led).
    MustPlayTrump,
    /// Watten card-level deal: a bet in the last trick without the suit led, a trump or a
    /// Schlag, where bluffing is not played (option `farbe` off).
    LastTrickBet,
    /// Watten card-level deal: the holder of the machine did not declare it at the start.
    MachineNotDeclared,
    /// Gaigel card-level deal: the first trick's opening (Ge-Elfen, Höher hat, Zweite Alte,
    /// five trumps) broken, or a trump played to the first trick by a hand not all trumps.
    FirstTrickInvalid,
    /// Card-level deal: a card that breaks the duty to follow suit or trump (figure games), or,
    /// in Gaigel once the talon is empty, to follow, trump or beat where the hand could.
    MustFollow,
    /// Gaigel card-level deal: a meld without a trick, without the King and Ober in hand, or
    /// with a card already used in a meld of that suit.
    MeldNotAllowed,
    /// Card-level deal: an exchange for the turned card the text does not allow (figure games:
    /// a turned-up Perlagg); Gaigel: the Seven of trumps exchanged without a trick, without the
    /// Seven, after the turned card is gone or taken, or against the other's priority.
    ExchangeNotAllowed,
    /// Gaigel card-level deal: a side with 101 or more plays a card to the next trick
    /// instead of calling "Aus!" (übergaigeln).
    Overgaigeln,
    /// Gaigel card-level deal: "Aus!" called below 101 (untergaigeln).
    Untergaigeln,
    /// Card-level deals (figure games): a card played by a seat whose turn it is not, or after the play stopped (the Spiel decided).
    PlayOutOfTurn,
    /// Card-level deals (figure games): a baptism on a natural card, naming a card outside the pack, or a Perlagg baptised off the suit led while the seat holds a natural card of it.
    BaptismInvalid,
    /// Card-level deals (figure games): a bet on the Spiel in the fifth trick at two tricks each by a seat whose last card is not of the suit led, a trump (or a Perlagg).
    FifthTrickBet,
    /// Card-level deals (figure games): the other side takes its turn to show (or bets) while the showing side still has a figure to concede, contest or bet.
    ShowOutOfTurn,
    /// Card-level deals (figure games): the Spiel winners improve a figure they left standing at the end of an earlier turn to show.
    StandingImproved,
    /// Card-level deals (Perlaggen): a card recorded as taken by the cutter at the cut that is
    /// not a permanent Perlagg of the variant.
    CutNotPerlagg,
}

impl ErrorCode {
    /// The code as written in results, e.g. `"not_your_turn"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::FigureClosed => "figure_closed",
            ErrorCode::BetOpen => "bet_open",
            ErrorCode::NoOpenBet => "no_open_bet",
            ErrorCode::GestrichenCannotBet => "gestrichen_cannot_bet",
            ErrorCode::BetWouldReachTarget => "bet_would_reach_target",
            ErrorCode::GespanntCannotBet => "gespannt_cannot_bet",
            ErrorCode::SpielOpen => "spiel_open",
            ErrorCode::DealIncomplete => "deal_incomplete",
            ErrorCode::InvalidShow => "invalid_show",
            ErrorCode::PointsOutOfRange => "points_out_of_range",
            ErrorCode::DecisionRequired => "decision_required",
            ErrorCode::CardPointsInvalid => "card_points_invalid",
            ErrorCode::MeldsInvalid => "melds_invalid",
            ErrorCode::TricksInvalid => "tricks_invalid",
            ErrorCode::TieNeedsCut => "tie_needs_cut",
            ErrorCode::GameOver => "game_over",
            ErrorCode::DealOver => "deal_over",
            ErrorCode::NoDecision => "no_decision",
            ErrorCode::FarbeNotAllowed => "farbe_not_allowed",
            ErrorCode::MachineNotAllowed => "machine_not_allowed",
            ErrorCode::FourNotAllowed => "four_not_allowed",
            ErrorCode::InvalidTrump => "invalid_trump",
            ErrorCode::DeciderNotDue => "decider_not_due",
            ErrorCode::OvergaigelInvalid => "overgaigel_invalid",
            ErrorCode::EndingInvalid => "ending_invalid",
            ErrorCode::ThreePlayersAmbiguous => "three_players_ambiguous",
            ErrorCode::CardsInvalid => "cards_invalid",
            ErrorCode::CardNotHeld => "card_not_held",
            ErrorCode::MustPlayTrump => "must_play_trump",
            ErrorCode::LastTrickBet => "last_trick_bet",
            ErrorCode::MachineNotDeclared => "machine_not_declared",
            ErrorCode::FirstTrickInvalid => "first_trick_invalid",
            ErrorCode::MustFollow => "must_follow",
            ErrorCode::MeldNotAllowed => "meld_not_allowed",
            ErrorCode::ExchangeNotAllowed => "exchange_not_allowed",
            ErrorCode::Overgaigeln => "overgaigeln",
            ErrorCode::Untergaigeln => "untergaigeln",
            ErrorCode::PlayOutOfTurn => "play_out_of_turn",
            ErrorCode::BaptismInvalid => "baptism_invalid",
            ErrorCode::FifthTrickBet => "fifth_trick_bet",
            ErrorCode::ShowOutOfTurn => "show_out_of_turn",
            ErrorCode::StandingImproved => "standing_improved",
            ErrorCode::CutNotPerlagg => "cut_not_perlagg",
        }
    }
}

/// A broken rule as the engine finds it: the code and the message in both languages.
/// `apply` functions return it and leave their state untouched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    pub code: ErrorCode,
    pub text: Text,
}

impl RuleError {
    pub fn new(code: ErrorCode, de: impl Into<String>, en: impl Into<String>) -> Self {
        RuleError {
            code,
            text: Text::new(de, en),
        }
    }
}

/// A broken rule as the result reports it (contract 4: `errors`), indexes from 0;
/// `event` is `None` where the whole deal is meant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub deal: usize,
    pub event: Option<usize>,
    pub code: ErrorCode,
    pub message: String,
}

impl Violation {
    pub fn new(deal: usize, event: Option<usize>, error: RuleError, lang: Lang) -> Self {
        Violation {
            deal,
            event,
            code: error.code,
            message: error.text.get(lang).to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_codes_serialize_as_the_contract_writes_them() {
        for code in [
            ErrorCode::NotYourTurn,
            ErrorCode::BetWouldReachTarget,
            ErrorCode::GameOver,
        ] {
            assert_eq!(
                serde_json::to_value(code).unwrap(),
                serde_json::Value::String(code.as_str().into())
            );
        }
    }

    #[test]
    fn accept_language_picks_the_first_supported_language() {
        assert_eq!(Lang::from_tag("en-GB,en;q=0.9,de;q=0.8"), Lang::En);
        assert_eq!(Lang::from_tag("fr-FR, de-AT;q=0.5"), Lang::De);
        assert_eq!(Lang::from_tag("fr"), Lang::De);
    }

    #[test]
    fn a_pair_left_out_side_is_zero_and_unknown_sides_are_refused() {
        let p: Pair<u32> = serde_json::from_str(r#"{"B": 3}"#).unwrap();
        assert_eq!(p, Pair::new(0, 3));
        assert!(serde_json::from_str::<Pair<u32>>(r#"{"C": 3}"#).is_err());
    }
}
