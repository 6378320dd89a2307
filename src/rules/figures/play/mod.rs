//! Card-level deals of the figure games (Streitfall): a deal recorded card by card, ruled
//! action by action, its facts derived and refereed by the fact-level engine, so the deal
//! scores exactly as its facts would (docs/rules/figures.md, "Card-level deals
//! (Streitfall)"; docs/rules/streitfall.md).

pub mod blank;
pub mod decider;
pub mod engine;
pub mod exchange;
pub mod naming;
pub mod offers;
#[cfg(test)]
mod offers_tests;
pub mod setup;
pub mod showing;
pub mod table;
pub mod tricks;

use super::record::card_deal::CardDeal;
use super::state::Ctx;
use crate::rules::common::Lang;
use crate::rules::ruling::Ruling;
pub use engine::Play;
pub use table::table;

/// What the text prescribes after an illegal action in a figure game: the texts name no
/// penalty for a wrong card or a bet out of turn, so kartl scores nothing of the deal until
/// it is put right (docs/rules/figures.md).
pub fn then(lang: Lang) -> String {
    match lang {
        Lang::De => "Die Regeltexte nennen dafür keine Strafe: das Geben wird nicht gewertet, bis die Spieler die Handlung zurücknehmen und regelgerecht weiterspielen.".into(),
        Lang::En => "The rules texts name no penalty for it: the deal is not scored until the players take the action back and play on by the rules.".into(),
    }
}

/// Plays a card-level deal through and derives its last facts (the show, failed shows).
pub fn referee_deal(ctx: Ctx, deal: &CardDeal) -> Play {
    let mut play = Play::run(ctx, deal);
    if play.broken.is_none()
        && let Err(e) = play.finish()
    {
        play.broken = Some((None, e));
    }
    play
}

/// A ruling per action up to the first illegal one.
pub fn rulings(play: &Play, lang: Lang) -> Vec<Ruling> {
    let mut out: Vec<Ruling> = (0..play.legal).map(Ruling::legal).collect();
    if let Some((Some(i), e)) = &play.broken {
        out.push(Ruling::illegal(
            *i,
            e.code,
            e.text.get(lang).to_string(),
            then(lang),
        ));
    }
    out
}
