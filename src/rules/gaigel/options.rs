//! The house rules of a Gaigel record (contract 3 `variant`, 7.3, 7.4 and 7.5; design habit
//! 3, house rules are data): the variant and the options `strokes`, `sevens`,
//! `three_player_strokes`, `scoring` and `auf_farbe` (rules 002 "Five of a Suit"), defaults
//! filled in. Options that do not fit the variant are malformed (contract 2.1). `sevens` takes
//! one value, so a rule set holds one Seven variant only (002 "Five Sevens": "it would make
//! little sense to have both options in the same game").

use super::super::record::Malformed;
use super::pack::PACK_CARDS;
use serde::Deserialize;

/// Who plays (contract 3): `four` is Kreuzgaigel, two teams of two (rules 002, "Players and
/// Cards"); `six` two teams of three (002, "Six Players"); `two` and `three` each for
/// themselves (003, "Gaigel zu dritt"; 002, "Three players").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    #[default]
    Four,
    Six,
    Two,
    Three,
}

impl Variant {
    /// Players at the table, which is also the number of cards in a trick.
    pub fn players(self) -> u32 {
        match self {
            Variant::Four => 4,
            Variant::Six => 6,
            Variant::Two => 2,
            Variant::Three => 3,
        }
    }

    /// Sides with a line of their own: `A`, `B`, or `P1` to `P3` in `three`.
    pub fn sides(self) -> usize {
        match self {
            Variant::Three => 3,
            _ => 2,
        }
    }

    /// Tricks in a deal played to the end: the 48 cards all get played, one per player and
    /// trick (four players 12, six 8, three 16, two 24; contract 3.3).
    pub fn tricks(self) -> u32 {
        PACK_CARDS / self.players()
    }
}

/// A side's name in messages: `A`, `B`, or `P1` to `P3` when `sides` is 3 (see
/// [`Variant::sides`]).
pub fn name(sides: usize, s: usize) -> &'static str {
    if sides == 3 {
        ["P1", "P2", "P3"][s]
    } else {
        ["A", "B"][s]
    }
}

/// The option `sevens` (contract 7.4; rules 002 "Five Sevens", 003 "Five 7s").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sevens {
    /// Five Sevens count for nothing.
    #[default]
    None,
    /// A player dealt five Sevens shows them and wins a single game; no card is played.
    FiveSevens,
    /// Auf Dissle: a player with four Sevens plays on and wins a single game on drawing the fifth
    /// (003 "Auf Dissle"); the fifth card keeps its power, but taking a trick loses at once.
    AufDissle,
    /// Auf Siebener: a player with four Sevens announces it and plays the fifth card to each
    /// trick with no trick-taking power, hoping to draw the fifth Seven (002 "Five Sevens";
    /// 003 "Five 7s": "on sevens").
    AufSiebener,
}

impl Sevens {
    /// Whether a player may play on Sevens (announce auf Dissle or auf Siebener).
    pub fn announced(self) -> bool {
        matches!(self, Sevens::AufDissle | Sevens::AufSiebener)
    }
}

/// The option `three_player_strokes` (contract 7.4): who marks when three play for themselves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreeStrokes {
    /// Only the player with the lowest count marks (rules 003, "End of the game").
    #[default]
    Loser,
    /// Both players who did not win mark (rules 002, "Three players").
    Both,
}

/// The option `scoring`: the stroke tally (7.3) or SKV Rutesheim game points (7.5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    #[default]
    Strokes,
    Rutesheim,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawOptions {
    strokes: Option<u32>,
    sevens: Option<Sevens>,
    three_player_strokes: Option<ThreeStrokes>,
    scoring: Option<Scoring>,
    auf_farbe: Option<bool>,
    overgaigel: Option<Overgaigel>,
    pair_card: Option<PairCard>,
    dissle_lost: Option<DissleLost>,
}

/// The option `dissle_lost`: what a Dissle lost by a trick costs (002 "his or her team has
/// immediately lost the game"; 003 "As soon as he has to make a trick, he has lost"): neither
/// text says single or double (docs/rules/gaigel.md section 10, reading 1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DissleLost {
    /// A single game: "lost", as any game (the reading before the option).
    #[default]
    Single,
    /// A double game (Gigackel), as for über- and untergaigeln, the other losses by a
    /// player's own act.
    Double,
}

/// The option `pair_card`: whether a card of a melded pair must go to the next trick (003
/// "Melding": "one of the two cards in the pair is played to the next trick"; 002 does not say
/// it; docs/rules/gaigel.md 12.4). Only card-level deals can see it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairCard {
    /// 002: the pair's cards are played when the player likes (the reading before the option).
    #[default]
    Free,
    /// 003: the melder's next card is a King or Ober of the pair, where the duty to follow
    /// lets it be played.
    NextTrick,
}

/// The option `overgaigel`: when a card-level deal's übergaigeln is caught (002 "End of the
/// Play": "If the opponents notice this and correctly accuse them of it, the overgaiglers lose
/// a double game"; docs/rules/gaigel.md 12.4). Fact-level deals write `overgaigel` only when
/// it was caught, so the option changes nothing there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Overgaigel {
    /// The table caught it at once: the first card played on with 101 ends the deal (the
    /// reading before the option; old records keep their result).
    #[default]
    AtOnce,
    /// Only an opponent's accusation (`accuse`) catches it; unnoticed, play goes on.
    OnAccusation,
}

/// The house rules of one record: the variant and its options, defaults filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub variant: Variant,
    pub scoring: Scoring,
    /// Strokes in the pool (`options.strokes`, default 10; 5 for a short game).
    pub strokes: u32,
    pub sevens: Sevens,
    pub three_player_strokes: ThreeStrokes,
    /// Auf Farbe (002 "Five of a Suit"): five cards of one suit win a single game.
    pub auf_farbe: bool,
    /// When übergaigeln is caught at card level (`options.overgaigel`).
    pub overgaigel: Overgaigel,
    /// Whether a card of a melded pair goes to the next trick (`options.pair_card`).
    pub pair_card: PairCard,
    /// What a Dissle lost by a trick costs (`options.dissle_lost`).
    pub dissle_lost: DissleLost,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            variant: Variant::Four,
            scoring: Scoring::Strokes,
            strokes: 10,
            sevens: Sevens::None,
            three_player_strokes: ThreeStrokes::Loser,
            auf_farbe: false,
            overgaigel: Overgaigel::AtOnce,
            pair_card: PairCard::Free,
            dissle_lost: DissleLost::Single,
        }
    }
}

pub(super) fn rules_from(variant: Variant, o: RawOptions) -> Result<Rules, Malformed> {
    let scoring = o.scoring.unwrap_or_default();
    if scoring == Scoring::Rutesheim {
        if variant != Variant::Three {
            return Err(Malformed::new(
                "options.scoring",
                "rutesheim scoring is for variant three (three players, each for themselves)",
            ));
        }
        if o.strokes.is_some() || o.three_player_strokes.is_some() {
            let field = if o.strokes.is_some() {
                "options.strokes"
            } else {
                "options.three_player_strokes"
            };
            return Err(Malformed::new(
                field,
                "rutesheim scoring keeps no stroke tally: game points are counted instead",
            ));
        }
    }
    if o.three_player_strokes.is_some() && variant != Variant::Three {
        return Err(Malformed::new(
            "options.three_player_strokes",
            "only variant three has three players' lines",
        ));
    }
    let strokes = o.strokes.unwrap_or(10);
    if strokes == 0 {
        return Err(Malformed::new(
            "options.strokes",
            "the pool must hold at least 1 stroke",
        ));
    }
    Ok(Rules {
        variant,
        scoring,
        strokes,
        sevens: o.sevens.unwrap_or_default(),
        three_player_strokes: o.three_player_strokes.unwrap_or_default(),
        auf_farbe: o.auf_farbe.unwrap_or(false),
        overgaigel: o.overgaigel.unwrap_or_default(),
        pair_card: o.pair_card.unwrap_or_default(),
        dissle_lost: o.dissle_lost.unwrap_or_default(),
    })
}
