//! A player's figures in words, by game (`tournament::player_figures` counts them from the
//! referee's reports): each line one message of `player.ftl`, with plural forms.

use crate::rules::Game;
use crate::tournament::player_figures::Figures;
use crate::web::i18n::Locale;

fn n(v: u32) -> String {
    v.to_string()
}

/// The lines a player of `game` reads about `f`; none while no table was played.
pub fn lines(l: Locale, game: Game, f: &Figures) -> Vec<String> {
    if f.tables == 0 {
        return Vec::new();
    }
    let games = l.t_with(
        "player-games",
        &[("won", n(f.games_won)), ("lost", n(f.games_lost))],
    );
    match game {
        Game::Watten => vec![
            games,
            l.t_with(
                "player-bummerl",
                &[("won", n(f.bummerl_won)), ("lost", n(f.bummerl_lost))],
            ),
            l.t_with(
                "player-schneider",
                &[("won", n(f.schneider_won)), ("lost", n(f.schneider_lost))],
            ),
        ],
        Game::Gaigel => {
            let mut out = vec![l.t_with(
                "player-gaigel-won",
                &[("won", n(f.games_won)), ("double", n(f.doubles_won))],
            )];
            if f.deals_played > 0 {
                out.push(l.t_with(
                    "player-game-points",
                    &[
                        ("points", n(f.game_points)),
                        ("deals", n(f.deals_played)),
                        ("average", per_deal(l, f.game_points, f.deals_played)),
                    ],
                ));
            }
            out
        }
        Game::Giltspiel | Game::Perlaggen => vec![
            games,
            l.t_with(
                "player-figures",
                &[("spiel", n(f.spiele)), ("gleich", n(f.gleich))],
            ),
        ],
    }
}

/// Points per deal to two places, rounded half up, in the language's decimal mark
/// ("4,67"); worked out in whole hundredths, no floating point.
pub fn per_deal(l: Locale, points: u32, deals: u32) -> String {
    let hundredths = (u64::from(points) * 200 + u64::from(deals)) / (2 * u64::from(deals.max(1)));
    let mark = match l {
        Locale::De => ',',
        Locale::En => '.',
    };
    format!("{}{mark}{:02}", hundredths / 100, hundredths % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_per_deal_round_half_up_in_the_language_s_decimal_mark() {
        assert_eq!(per_deal(Locale::De, 14, 3), "4,67");
        assert_eq!(per_deal(Locale::En, 9, 3), "3.00");
        assert_eq!(per_deal(Locale::De, 1, 8), "0,13");
        assert_eq!(per_deal(Locale::De, 0, 0), "0,00");
    }
}
