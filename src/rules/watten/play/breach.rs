//! An illegal action: the rule it breaks in the text's words, and what follows.
//!
//! What follows (kartl's reading, docs/rules/watten.md "Card-level deals"): the Watten text
//! prescribes one remedy, for a bet in the last trick without the right card: "the
//! opponents of the betting side score the current value of the game". kartl applies it to
//! every illegal action: the offender's opponents score the value the deal stands at. Two
//! exceptions follow the text directly: an action after the deal was decided changes
//! nothing, and a machine not declared scores as declared ("the player's team simply scores
//! two points without play").

use super::engine::Play;
use super::setup::{Setup, listed};
use super::words;
use crate::rules::common::{ErrorCode, Lang, Side, Text};
use crate::rules::figures::cards::Card;
use crate::rules::watten::deal::Event;
use crate::rules::watten::messages;
use crate::rules::watten::ruleset::Family;

/// An illegal action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    pub code: ErrorCode,
    /// The rule broken, in the text's words.
    pub rule: Text,
    /// What the text then prescribes.
    pub then: Text,
    /// The deal's result after the breach: (scorer, points).
    pub outcome: (Side, u32),
}

/// The offender's opponents score the current value of the game.
fn against(setup: &Setup, play: &Play, offender: Side, code: ErrorCode, rule: Text) -> Breach {
    let (o, n) = (setup.table.name(offender.other()), play.fact.stake);
    Breach {
        code,
        rule,
        then: Text::new(
            format!("{o} bekommt den jetzigen Wert des Spiels: {n} Punkte."),
            format!("{o} scores the current value of the game: {n} points."),
        ),
        outcome: (offender.other(), n),
    }
}

/// A rule of the fact-level engine (betting, answers, gestrichen, deal over).
pub fn fact(setup: &Setup, play: &Play, code: ErrorCode, event: Event) -> Breach {
    let rule = messages::explain(code, event, &setup.table, &play.fact).text;
    match play.outcome() {
        Some((scorer, points)) => Breach {
            code,
            rule,
            then: Text::new(
                "Das Spiel bleibt, wie es entschieden war.",
                "The deal stands as it was decided.",
            ),
            outcome: (scorer, points),
        },
        None => against(setup, play, event.side(), code, rule),
    }
}

pub fn not_your_turn(setup: &Setup, play: &Play, seat: usize) -> Breach {
    let s = setup.side(seat);
    let (who, next) = (|l| setup.who(l, seat), |l| setup.who(l, play.to_act));
    let rule = Text::new(
        format!(
            "{} ist nicht am Zug, sondern {}: Vorhand spielt zum ersten Stich aus, wer den Stich macht, spielt zum nächsten aus, reihum.",
            who(Lang::De),
            next(Lang::De)
        ),
        format!(
            "{} is not to play but {}: \"Forehand ... leads to the first trick\", \"The winner of a trick leads to the next\", and the others follow in turn.",
            who(Lang::En),
            next(Lang::En)
        ),
    );
    against(setup, play, s, ErrorCode::NotYourTurn, rule)
}

pub fn card_not_held(setup: &Setup, play: &Play, seat: usize, card: Card) -> Breach {
    let s = setup.side(seat);
    let rule = Text::new(
        format!(
            "{} hat {} nicht in der Hand (nicht ausgeteilt oder schon gespielt).",
            setup.who(Lang::De, seat),
            words::card(card)
        ),
        format!(
            "{} does not hold {} (not dealt, or already played).",
            setup.who(Lang::En, seat),
            words::card(card)
        ),
    );
    against(setup, play, s, ErrorCode::CardNotHeld, rule)
}

pub fn must_play_trump(setup: &Setup, play: &Play, seat: usize, card: Card) -> Breach {
    let s = setup.side(seat);
    let held = listed(play.hands[seat]).filter(|&c| setup.order.is_trump(c));
    let held = words::cards(held);
    let (who_de, who_en) = (setup.who(Lang::De, seat), setup.who(Lang::En, seat));
    let c = words::card(card);
    let rule = match setup.order.family {
        Family::Bavarian => Text::new(
            format!(
                "„Trumpf oder Kritisch“: Der Hauptschlag ist zum ersten Stich ausgespielt; wer einen Trumpf hat (einen Kritischen, einen Blinden oder eine Karte der Trumpffarbe), muss einen spielen, bis ein Kritischer den Hauptschlag sticht. {who_de} hat {held} und spielt {c}."
            ),
            format!(
                "\"Trumpf oder Kritisch\": the Hauptschlag was led to the first trick, so \"the other players are obliged to play a trump (i.e. a Kritsch, a Blinde or a card of the trump suit) if they have any\" until a Kritisch beats it. {who_en} holds {held} and played {c}."
            ),
        ),
        Family::Tyrolean => Text::new(
            format!(
                "Trumpf ist ausgespielt: wer einen Trumpf hat, muss Trumpf oder einen Linken spielen (stechen muss er nicht). {who_de} hat {held} und spielt {c}."
            ),
            format!(
                "A trump was led: \"any other players who hold a trump must play a either trump or a Linke. There is, however, no obligation to beat the led card.\" {who_en} holds {held} and played {c}."
            ),
        ),
    };
    against(setup, play, s, ErrorCode::MustPlayTrump, rule)
}

pub fn last_trick_bet(setup: &Setup, play: &Play, seat: usize, card: Card) -> Breach {
    let s = setup.side(seat);
    let c = words::card(card);
    let rule = Text::new(
        format!(
            "Letzter Stich, zwei Stiche je Partei und noch nicht geboten: bieten darf nur, wessen letzte Karte die ausgespielte Farbe hat, ein Trumpf oder ein Schlag ist; {} hat {c}.",
            setup.who(Lang::De, seat)
        ),
        format!(
            "Last trick, two tricks each, no bet yet: \"you are only allowed to do so if your last card is either the same suit as the card led to the trick, or is a trump or Schlag (left or right)\"; {} has {c}.",
            setup.who(Lang::En, seat)
        ),
    );
    against(setup, play, s, ErrorCode::LastTrickBet, rule)
}

pub fn farbe_not_last_trick(setup: &Setup, play: &Play, seat: usize) -> Breach {
    let rule = Text::new(
        "„Farbe“ antwortet nur auf das erste Gebot im letzten Stich, wenn jede Partei zwei Stiche hat und schon eine Karte zum letzten Stich liegt.",
        "\"Farbe\" answers only \"a first bet during the last trick\", at two tricks each, after the first card has been played to it.",
    );
    against(
        setup,
        play,
        setup.side(seat),
        ErrorCode::FarbeNotAllowed,
        rule,
    )
}

pub fn machine_not_held(setup: &Setup, play: &Play, seat: usize) -> Breach {
    let who = |l| setup.who(l, seat);
    let rule = Text::new(
        format!(
            "Die Maschine sind alle drei Kritischen in einer Hand, gleich zu Beginn angesagt; {} kann sie hier nicht ansagen.",
            who(Lang::De)
        ),
        format!(
            "The machine is \"all three Kritische\" in one hand, declared \"at the start\"; {} cannot declare it here.",
            who(Lang::En)
        ),
    );
    against(
        setup,
        play,
        setup.side(seat),
        ErrorCode::MachineNotAllowed,
        rule,
    )
}

pub fn machine_not_declared(setup: &Setup, holder: usize) -> Breach {
    let side = setup.side(holder);
    let who = |l| setup.who(l, holder);
    let s = setup.table.name(side);
    Breach {
        code: ErrorCode::MachineNotDeclared,
        rule: Text::new(
            format!(
                "{} hat die Maschine (alle drei Kritischen) und muss sie gleich zu Beginn ansagen.",
                who(Lang::De)
            ),
            format!(
                "{} holds the machine (all three Kritische): \"The holder of the machine is forced to declare it at the start\".",
                who(Lang::En)
            ),
        ),
        then: Text::new(
            format!("{s} bekommt 2 Punkte ohne Spiel, wie angesagt."),
            format!("\"the player's team simply scores two points without play\": {s} scores 2."),
        ),
        outcome: (side, 2),
    }
}
