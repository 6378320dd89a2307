//! What the referee answers about a card-level deal (docs/rules/streitfall.md), in one shape
//! whatever the game: the rulings on each action, the table as it stands, the next legal
//! actions and exchanges, and the blank table before the first card. Each family's engine
//! builds these; `streit` hands a record to the right family.

use serde::Serialize;

use super::common::ErrorCode;

/// What the referee says about one action of a card-level deal. The rulings run in the
/// order of the actions and stop at the first illegal one: the text's remedy decides the
/// deal from there, so later actions are not ruled on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ruling {
    /// The action's position in the deal's `actions`, from 0.
    pub action: usize,
    /// Whether the action keeps the rules.
    pub legal: bool,
    /// The rule broken; only when not legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<ErrorCode>,
    /// The rule in the rules text's words; only when not legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// What the text prescribes after this breach (the penalty, who scores); only when not
    /// legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<String>,
}

impl Ruling {
    /// A legal action.
    pub fn legal(action: usize) -> Self {
        Ruling {
            action,
            legal: true,
            code: None,
            rule: None,
            then: None,
        }
    }

    /// An illegal action: the rule it breaks and what follows.
    pub fn illegal(action: usize, code: ErrorCode, rule: String, then: String) -> Self {
        Ruling {
            action,
            legal: false,
            code: Some(code),
            rule: Some(rule),
            then: Some(then),
        }
    }
}

/// The rulings of one card-level deal of a record: `deal` indexes the record's `deals`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealRulings {
    pub deal: usize,
    pub rulings: Vec<Ruling>,
}

/// How the table looks after the actions recorded so far, as the rules texts describe a
/// table (each player's row of cards), for the Streitfall page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    /// The seats in playing order (the first is the one who leads the first trick).
    pub seats: Vec<Seat>,
    /// Every card of the variant's pack, canonical, in the pack's order: what the page's
    /// card picker offers when the hands are entered.
    pub pack: Vec<String>,
    /// The trump as the players would say it ("Herz", "Schlag Ober, Farbe Herz"), once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    /// The tricks played or begun, in order.
    pub tricks: Vec<Trick>,
    /// What may legally come next; empty once the deal is over or an action was illegal.
    pub next: Vec<Choice>,
    /// The exchanges the referee accepts now (figure games: a turned-up Perlagg for a
    /// natural trump, Eichelperlaggen's upgrade and acorn exchanges), each to append to the
    /// deal's `exchange` list; only before the first action, and left out when there is none
    /// (Watten and Gaigel never have one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exchanges: Vec<Offer>,
    /// A ruling per recorded action (see [`Ruling`]).
    pub rulings: Vec<Ruling>,
    /// Whether the deal is decided (played out, or ended by an illegal action's remedy).
    pub finished: bool,
    /// The outcome in words, one line each ("A gewinnt das Spiel, 2 Punkte"), once finished.
    pub outcome: Vec<String>,
}

/// One seat at the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Seat {
    /// The seat's side or player (`A`, `B`, `P1` ...).
    pub side: String,
    /// Whether this seat dealt.
    pub dealer: bool,
    /// The cards the seat still holds, canonical.
    pub hand: Vec<String>,
    /// Whether the next action is this seat's.
    pub to_act: bool,
    /// Cards the seat put face up besides its row of played cards (the figure games'
    /// show), canonical with any baptism.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<String>,
}

/// One trick: the cards in the order played, and who took it once it is complete.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trick {
    pub cards: Vec<Played>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
}

/// A card played by a seat (index into [`Table::seats`]), with a wild card's baptism.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Played {
    pub seat: usize,
    pub card: String,
}

/// One legal next action: a label in the page's language and the action object to append
/// to the deal's `actions` exactly as the record would hold it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The seat whose action it is, if it is one seat's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// "Herz Ass spielen", "Gleich bieten".
    pub label: String,
    /// The action as the record holds it, e.g. `{"card": "HA", "seat": 2}`.
    pub action: Action,
}

/// One action of a card-level deal as the record holds it (a deal's `actions`,
/// docs/rules/*.md "Card-level deals"): the seat and the one thing it does, in the words of
/// its game. The referee offers it to be appended as it stands. Fields are declared
/// alphabetically, the order kartl writes keys.
///
/// One shape for the three families, because the engines that offer these actions sit
/// below the record's types (`match_record` reads the variants the engines define), so the
/// families' own action types there cannot be named here.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Action {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuse: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bet: Option<Bet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dissle: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub farbe: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub five_sevens: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub give_up: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub good: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hold: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meld: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raise: Option<&'static str>,
    pub seat: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub see: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show: Option<Vec<String>>,
}

impl Action {
    /// The action of `seat` with nothing done yet (set the one thing it does).
    pub fn of(seat: usize) -> Action {
        Action {
            seat,
            ..Action::default()
        }
    }
}

/// A bet as a card-level action writes it: Watten's `true` or the stake it goes to (`4`), a
/// figure game's figure (`"gleich"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Bet {
    Yes(bool),
    To(u32),
    Figure(&'static str),
}

/// One exchange the referee would accept now: a label in the page's language and the
/// exchange object to append to the deal's `exchange` list exactly as the record holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Offer {
    /// The seat that exchanges.
    pub seat: usize,
    /// "Platz 4 tauscht Herz Acht gegen Herz König (aufgeschlagen)".
    pub label: String,
    /// The exchange as the record holds it, e.g. `{"card": "H8", "seat": 3}`.
    pub exchange: Exchange,
}

/// One exchange as a figure game's card-level deal holds it: `seat` lays `card` and takes
/// `take` (the turned card when left out). Fields in the order kartl writes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exchange {
    pub card: String,
    pub seat: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub take: Option<String>,
}

/// What the Streitfall page needs before the first card is entered, from the record's frame
/// (game, variant, options; `deals` may be empty): the seats, the pack the card picker
/// offers, and the family's trump fields. `Err` when the referee refuses the frame for
/// card-level deals (the page shows its message).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Blank {
    /// Each seat's side in playing order; the last seat deals.
    pub seats: Vec<String>,
    /// Every card of the pack as `[code, German name]`, in the pack's order; a card the pack
    /// holds twice (Gaigel) is listed twice.
    pub pack: Vec<(String, String)>,
    /// The deal's field naming the turned card, whose suit is trumps (figure games
    /// `turned`, Gaigel `trump`); none in Watten, whose trump fields are [`Blank::schlag`]
    /// and [`Blank::suits`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turned: Option<&'static str>,
    /// Watten: the ranks the variant allows as Schlag, `[code, German name]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub schlag: Vec<(String, String)>,
    /// Watten: the suits the dealer may announce, `[code, German name]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suits: Vec<(String, String)>,
    /// Bavarian Watten: the Kritische that may be taken at the cut (the deal's `cut`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cut: Vec<(String, String)>,
}

/// Sides alternating `A`, `B` for `n` seats in playing order ("partners sitting opposite").
pub fn alternating(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| if i % 2 == 0 { "A" } else { "B" }.to_string())
        .collect()
}
