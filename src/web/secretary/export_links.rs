//! The overview's "Exports" section: the links to every export of a tournament (files, each
//! round's seating, cards and sheets, the blank pads), and what every export of a stage states
//! ([`stage_meta`]). The overview owns the section; the exports' handlers read the meta.

use crate::report::Meta;
use crate::rules::Game;
use crate::service::tournaments::{self, TournamentDetail};
use crate::tournament::format::Format;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::secretary::choices;
use crate::web::secretary::new_form::name_of;

/// What a report says of the tournament's stage ("Endstand" or "Zwischenstand nach Runde N")
/// and its public address (while its pages are public); the rest of the [`Meta`] is empty.
pub fn stage_meta(ctx: &Ctx, d: &TournamentDetail) -> Meta {
    let t = &d.tournament;
    Meta {
        finished: t.status == tournaments::Status::Finished,
        closed_rounds: d.rounds.iter().filter(|r| r.closed && !r.knockout).count(),
        public_url: t.public.then(|| format!("{}/p/{}", ctx.base, t.slug)),
        ..Meta::default()
    }
}

/// One link of the overview's exports section.
pub struct ExportLink {
    pub href: String,
    pub label: String,
}

/// The links of one round: seating plan (page, PDF), table cards, session sheets.
pub struct RoundExports {
    pub number: i32,
    pub links: Vec<ExportLink>,
}

/// What the overview's "Exports" section links.
pub struct ExportLinks {
    pub files: Vec<ExportLink>,
    pub rounds: Vec<RoundExports>,
    pub pads: Vec<ExportLink>,
}

fn link(href: String, label: String) -> ExportLink {
    ExportLink { href, label }
}

/// The overview's exports section for a tournament.
pub fn links(l: Locale, d: &TournamentDetail) -> ExportLinks {
    let t = &d.tournament;
    let base = format!("/t/{}", t.slug);
    let mut files = vec![
        link(format!("{base}/report"), l.t("exports-report-html")),
        link(format!("{base}/report.pdf"), l.t("exports-report-pdf")),
        link(
            format!("{base}/standings.csv"),
            l.t("exports-standings-csv"),
        ),
        link(
            format!("{base}/standings.csv?sep=semicolon"),
            l.t("exports-standings-csv-semicolon"),
        ),
        link(format!("{base}/rounds.csv"), l.t("exports-rounds-csv")),
        link(
            format!("{base}/rounds.csv?sep=semicolon"),
            l.t("exports-rounds-csv-semicolon"),
        ),
        link(format!("{base}/results.xlsx"), l.t("exports-xlsx")),
        link(format!("{base}/tournament.json"), l.t("exports-json")),
    ];
    if d.tournament
        .settings
        .as_ref()
        .is_some_and(|s| s.prizes.is_some())
    {
        files.extend([
            link(format!("{base}/prizes.csv"), l.t("exports-prizes-csv")),
            link(
                format!("{base}/prizes.csv?sep=semicolon"),
                l.t("exports-prizes-csv-semicolon"),
            ),
            link(format!("{base}/prizes.json"), l.t("exports-prizes-json")),
        ]);
    }
    let sessions = d.file().format == Format::Sessions;
    let rounds = d
        .rounds
        .iter()
        .map(|r| {
            let at = format!("{base}/rounds/{}", r.number);
            let mut links = vec![
                link(format!("{at}/seating"), l.t("exports-seating")),
                link(format!("{at}/seating.pdf"), l.t("exports-seating-pdf")),
                link(format!("{at}/cards"), l.t("exports-cards")),
            ];
            if sessions && !r.knockout {
                links.push(link(format!("{at}/sheets.pdf"), l.t("exports-sheets")));
            }
            RoundExports {
                number: r.number,
                links,
            }
        })
        .collect();
    ExportLinks {
        files,
        rounds,
        pads: pad_links(l, t.game),
    }
}

/// A pad link for each variant of `game`.
fn pad_links(l: Locale, game: Game) -> Vec<ExportLink> {
    let game_name = name_of(&game);
    choices::variants(l, game, "")
        .into_iter()
        .map(|c| ExportLink {
            href: format!("/pads/{game_name}?variant={}", c.value),
            label: l.t_with(
                "exports-pad",
                &[("game", choices::game_label(l, game)), ("variant", c.label)],
            ),
        })
        .collect()
}
