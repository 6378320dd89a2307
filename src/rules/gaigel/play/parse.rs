//! Reading a card-level Gaigel deal (`{"cards": {...}}`, docs/rules/gaigel.md "Card-level
//! deals (Streitfall)") into a [`Setup`]: the seats and their sides, the dealer, the hands,
//! the turned trump card, the talon if given, and the actions. What is not well-formed is
//! [`Malformed`] naming the field (contract 2.1); a card the Gaigel pack lacks is a rule
//! error (`cards_invalid`), kept in [`Setup::fault`].

use serde::Deserialize;
use serde_json::value::RawValue;

use super::super::super::common::{ErrorCode, RuleError};
use super::super::super::record::{Malformed, parse_part};
use super::super::input::{SideName, Variant, side_index};
use super::cards::{Card, CardReader, CardText, Suit};

/// How Vorhand opens the first trick (002 "First Trick"; 003 "Playing").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opening {
    /// A non-trump Ace face up: Vorhand wins the trick.
    GeElfen,
    /// Tauchen: a card face down, not a trump or an Ace, "Höher hat".
    HoeherHat,
    /// A non-trump Ace face down: the same Ace played by another wins, else Vorhand.
    ZweiteAlte,
    /// Vorhand holds five trumps and leads one face up.
    FuenfTrumpf,
}

impl Opening {
    pub const ALL: [Opening; 4] = [
        Opening::GeElfen,
        Opening::HoeherHat,
        Opening::ZweiteAlte,
        Opening::FuenfTrumpf,
    ];

    /// The value as records write it.
    pub fn code(self) -> &'static str {
        match self {
            Opening::GeElfen => "ge_elfen",
            Opening::HoeherHat => "hoeher_hat",
            Opening::ZweiteAlte => "zweite_alte",
            Opening::FuenfTrumpf => "fuenf_trumpf",
        }
    }

    /// The name players use (the same in both languages: a game term).
    pub fn name(self) -> &'static str {
        match self {
            Opening::GeElfen => "Ge-Elfen",
            Opening::HoeherHat => "Höher hat (Tauchen)",
            Opening::ZweiteAlte => "Zweite Alte",
            Opening::FuenfTrumpf => "Fünf Trümpfe",
        }
    }
}

/// One action's verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Open(Opening),
    Card(Card),
    Draw(Card),
    Meld(Suit),
    Exchange,
    Out,
    /// The seat shows five Sevens (option `sevens`; 002 "Five Sevens").
    FiveSevens,
    /// The seat announces auf Dissle or auf Siebener with four Sevens (option `sevens`
    /// `auf_dissle` or `auf_siebener`).
    Dissle,
    /// The seat shows five cards of one suit (option `auf_farbe`; 002 "Five of a Suit").
    Farbe,
    /// The seat accuses the other side of übergaigeln (option `overgaigel: "on_accusation"`;
    /// 002 "End of the Play": "If the opponents notice this and correctly accuse them").
    Accuse,
}

/// One action: a seat and its verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Action {
    pub seat: usize,
    pub verb: Verb,
}

/// A card-level deal, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Each seat's side (0.. in the order `A`, `B` or `P1` ..), in playing order.
    pub seats: Vec<usize>,
    pub dealer: usize,
    pub hands: Vec<Vec<Card>>,
    /// The card turned face up under the talon: its suit is trumps.
    pub trump: Card,
    /// The talon in drawing order, without the turned card; `None`: the draws are actions.
    pub talon: Option<Vec<Card>>,
    pub actions: Vec<Action>,
    /// Each side's place in the cut (0 best), for tied counts in `three` (the fact-level
    /// deal's `cut`: the cards cannot decide it).
    pub cut: [Option<usize>; 3],
    /// A card the Gaigel pack lacks, or a card more than twice: the deal has no result.
    pub fault: Option<RuleError>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCardDeal<'a> {
    #[serde(borrow)]
    cards: &'a RawValue,
}

/// A card-level deal's `cards` as written, before it is checked.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCards<'a> {
    seats: Vec<SideName>,
    dealer: usize,
    #[serde(borrow)]
    hands: Vec<Vec<CardText<'a>>>,
    #[serde(borrow)]
    trump: CardText<'a>,
    #[serde(borrow, default)]
    talon: Option<Vec<CardText<'a>>>,
    #[serde(borrow, default)]
    actions: Vec<RawAction<'a>>,
    /// Three players' cut for tied counts, as in the fact-level deal (`cut`).
    #[serde(default)]
    cut: Option<Vec<SideName>>,
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction<'a> {
    seat: usize,
    #[serde(default)]
    open: Option<Opening>,
    #[serde(borrow, default)]
    card: Option<CardText<'a>>,
    #[serde(borrow, default)]
    draw: Option<CardText<'a>>,
    #[serde(default)]
    meld: Option<String>,
    #[serde(default)]
    exchange: Option<bool>,
    #[serde(default)]
    out: Option<bool>,
    #[serde(default)]
    five_sevens: Option<bool>,
    #[serde(default)]
    dissle: Option<bool>,
    #[serde(default)]
    farbe: Option<bool>,
    #[serde(default)]
    accuse: Option<bool>,
}

/// Whether a deal in the record is card-level: an object with the key `cards`.
fn is_card_deal(raw: &RawValue) -> bool {
    #[derive(Deserialize)]
    struct Probe<'a> {
        #[serde(borrow, default)]
        cards: Option<&'a RawValue>,
    }
    serde_json::from_str::<Probe>(raw.get()).is_ok_and(|p| p.cards.is_some())
}

/// The deal and its cards in one pass of plain serde (the fast path of [`form`], and of a
/// record whose deals are all card-level: [`card_deals`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardDeal<'a> {
    #[serde(borrow)]
    cards: RawCards<'a>,
}

/// The deals of a record, when plain serde reads them all as card-level deals: one pass over
/// their text instead of a split into raw parts and a read of each. `None` otherwise, and
/// [`form`] then sorts them one by one.
pub fn card_deals(deals: &RawValue) -> Option<Vec<RawCards<'_>>> {
    let deals: Vec<CardDeal> = serde_json::from_str(deals.get()).ok()?;
    Some(deals.into_iter().map(|d| d.cards).collect())
}

/// How a deal of the record is written. A card-level deal that plain serde reads is kept
/// read: a long deal's text is then scanned once, not again for its fields.
pub enum Form<'a> {
    /// Card-level: its cards read, or `None` when plain serde refused them.
    Cards(Option<RawCards<'a>>),
    Facts,
}

/// Sorts deal `raw` by its form (the key `cards` makes it card-level).
pub fn form(raw: &RawValue) -> Form<'_> {
    match serde_json::from_str::<CardDeal>(raw.get()) {
        Ok(deal) => Form::Cards(Some(deal.cards)),
        Err(_) if is_card_deal(raw) => Form::Cards(None),
        Err(_) => Form::Facts,
    }
}

/// The setup of card-level deal `i`, from its cards as plain serde read them (the fast path,
/// as the figure games and Watten read their deals) or, when it refused them (`None`), from
/// the path-tracking pass, which names the malformed field.
pub fn setup<'a>(
    variant: Variant,
    i: usize,
    raw: &'a RawValue,
    read: Option<RawCards<'a>>,
) -> Result<Setup, Malformed> {
    match read {
        Some(c) => setup_read(variant, i, c),
        None => setup_read(variant, i, tracked(i, raw)?),
    }
}

/// The setup of card-level deal `i` from its cards as read.
pub fn setup_read(variant: Variant, i: usize, mut c: RawCards<'_>) -> Result<Setup, Malformed> {
    let at = At(i);
    let cut = match c.cut.take() {
        None => [None; 3],
        names => super::super::input::read_cut(variant, &format!("{at}.cut"), names)?,
    };
    let n = variant.players() as usize;
    let seats = read_seats(variant, at, &c)?;
    let mut cards = CardReader::default();
    let mut hands = Vec::with_capacity(n);
    for (s, h) in c.hands.iter().enumerate() {
        if h.len() != 5 {
            return Err(Malformed::new(
                format!("{at}.hands[{s}]"),
                "each player is dealt five cards",
            ));
        }
        let mut hand = Vec::with_capacity(5);
        for (k, x) in h.iter().enumerate() {
            hand.push(cards.read(&x.0, || format!("{at}.hands[{s}][{k}]"))?);
        }
        hands.push(hand);
    }
    let trump = cards.read(&c.trump.0, || format!("{at}.trump"))?;
    let talon = read_talon(at, n, &c, &mut cards)?;
    let mut actions = Vec::with_capacity(c.actions.len());
    for (k, a) in c.actions.iter().enumerate() {
        actions.push(action(at, k, n, a, &mut cards)?);
    }
    let mut setup = Setup {
        seats,
        dealer: c.dealer,
        hands,
        trump,
        talon,
        actions,
        cut,
        fault: cards.fault,
    };
    if setup.fault.is_none() {
        setup.fault = too_many_copies(&setup);
    }
    Ok(setup)
}

/// Where card-level deal `i` keeps its cards, `deals[i].cards`: written out only for an
/// error's path, so a well-formed deal allocates no path.
#[derive(Clone, Copy)]
struct At(usize);

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "deals[{}].cards", self.0)
    }
}

/// The path-tracking pass for a deal the fast path refused: the outer object first, then
/// its cards, so the error names the field as `deals[i].cards.hands[0]`.
fn tracked(i: usize, raw: &RawValue) -> Result<RawCards<'_>, Malformed> {
    let at = format!("deals[{i}]");
    let outer: RawCardDeal = parse_part(&at, raw)?;
    parse_part(&format!("{at}.cards"), outer.cards)
}

/// The seats, each side's index, partners opposite; the dealer last; a hand per seat.
fn read_seats(variant: Variant, at: At, c: &RawCards<'_>) -> Result<Vec<usize>, Malformed> {
    let n = variant.players() as usize;
    if c.seats.len() != n {
        return Err(Malformed::new(
            format!("{at}.seats"),
            format!("this variant has {n} players: give {n} seats in playing order"),
        ));
    }
    let mut seats = Vec::with_capacity(n);
    for (k, s) in c.seats.iter().enumerate() {
        let side = side_index(variant, *s).map_err(|s| {
            Malformed::new(
                format!("{at}.seats[{k}]"),
                format!("{s} is not a side of this variant"),
            )
        })?;
        seats.push(side);
    }
    check_seating(variant, &seats).map_err(|m| Malformed::new(format!("{at}.seats"), m))?;
    if c.dealer != n - 1 {
        return Err(Malformed::new(
            format!("{at}.dealer"),
            format!(
                "Vorhand (seat 0) sits at the dealer's right and the deal goes round counter-clockwise, so the dealer is the last seat, {}",
                n - 1
            ),
        ));
    }
    if c.hands.len() != n {
        return Err(Malformed::new(
            format!("{at}.hands"),
            format!("give one hand per seat ({n})"),
        ));
    }
    Ok(seats)
}

/// The talon if given: at most the cards left besides the hands and the turned card.
fn read_talon(
    at: At,
    n: usize,
    c: &RawCards<'_>,
    cards: &mut CardReader,
) -> Result<Option<Vec<Card>>, Malformed> {
    let talon_size = 48 - 5 * n - 1;
    match &c.talon {
        None => Ok(None),
        Some(t) if t.len() > talon_size => Err(Malformed::new(
            format!("{at}.talon"),
            format!("the talon holds {talon_size} cards besides the turned trump card"),
        )),
        Some(t) => Ok(Some(
            t.iter()
                .enumerate()
                .map(|(k, x)| cards.read(&x.0, || format!("{at}.talon[{k}]")))
                .collect::<Result<Vec<_>, _>>()?,
        )),
    }
}

/// Partners sit opposite: with teams the seats alternate A, B, A, B (002 "Players and
/// Cards"; "Six Players": "each player sitting between two opponents"); in `three` each
/// player sits once.
fn check_seating(variant: Variant, seats: &[usize]) -> Result<(), String> {
    let ok = match variant {
        Variant::Three => {
            let mut s = seats.to_vec();
            s.sort_unstable();
            s == [0, 1, 2]
        }
        _ => seats.windows(2).all(|w| w[0] != w[1]) && seats.first() != seats.last(),
    };
    if ok {
        Ok(())
    } else if variant == Variant::Three {
        Err("P1, P2 and P3 each sit once".into())
    } else {
        Err("partners sit opposite: the seats alternate between A and B".into())
    }
}

/// Action `k` of the deal whose cards are at `at`.
fn action(
    at: At,
    k: usize,
    n: usize,
    a: &RawAction<'_>,
    cards: &mut CardReader,
) -> Result<Action, Malformed> {
    let here = || format!("{at}.actions[{k}]");
    if a.seat >= n {
        return Err(Malformed::new(
            format!("{}.seat", here()),
            format!("there are {n} seats, numbered from 0"),
        ));
    }
    let flags = [
        (a.exchange, Verb::Exchange, "exchange"),
        (a.out, Verb::Out, "out"),
        (a.five_sevens, Verb::FiveSevens, "five_sevens"),
        (a.dissle, Verb::Dissle, "dissle"),
        (a.farbe, Verb::Farbe, "farbe"),
        (a.accuse, Verb::Accuse, "accuse"),
    ];
    let given = [
        a.open.is_some(),
        a.card.is_some(),
        a.draw.is_some(),
        a.meld.is_some(),
    ]
    .into_iter()
    .chain(flags.iter().map(|f| f.0.is_some()));
    if given.filter(|v| *v).count() != 1 {
        return Err(Malformed::new(
            here(),
            "an action has a seat and exactly one of open, card, draw, meld, exchange, out, five_sevens, dissle, farbe, accuse",
        ));
    }
    let verb = if let Some(o) = a.open {
        Verb::Open(o)
    } else if let Some(c) = &a.card {
        Verb::Card(cards.read(&c.0, || format!("{}.card", here()))?)
    } else if let Some(c) = &a.draw {
        Verb::Draw(cards.read(&c.0, || format!("{}.draw", here()))?)
    } else if let Some(m) = &a.meld {
        Verb::Meld(Suit::parse(m).ok_or_else(|| {
            Malformed::new(
                format!("{}.meld", here()),
                "a meld names its suit: E, L, H or S",
            )
        })?)
    } else {
        match flags.iter().find(|f| f.0.is_some()) {
            Some((Some(true), verb, _)) => *verb,
            found => {
                let key = found.map_or("out", |f| f.2);
                return Err(Malformed::new(
                    format!("{}.{key}", here()),
                    "this verb takes the value true",
                ));
            }
        }
    };
    Ok(Action { seat: a.seat, verb })
}

/// Each card exists twice: the hands, the turned card and the talon may not hold a third.
fn too_many_copies(s: &Setup) -> Option<RuleError> {
    let mut copies = [0u8; 24];
    let all = s
        .hands
        .iter()
        .flatten()
        .chain(std::iter::once(&s.trump))
        .chain(s.talon.iter().flatten());
    for c in all {
        let k = super::cards::index(*c);
        copies[k] += 1;
        if copies[k] > 2 {
            let name = c.code();
            return Some(RuleError::new(
                ErrorCode::CardsInvalid,
                format!(
                    "{name} kommt öfter als zweimal vor: im Gaigel-Blatt gibt es jede Karte zweimal."
                ),
                format!("{name} appears more than twice: the Gaigel pack holds each card twice."),
            ));
        }
    }
    None
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
