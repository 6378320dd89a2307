//! The prize list of the report PDF: the fees and the pot, then each winner (before the end:
//! each paid place) with money and goods, ties marked as shared, and the rest of the pot.

use super::ReportData;
use super::pdf_layout::{Align, Col, Layout, MARGIN, WIDTH};
use super::prizes::{Prizes, refusal_text};
use crate::tournament::euro;

/// Rank, name, money (right-aligned), goods.
fn columns() -> Vec<Col> {
    let right = WIDTH - MARGIN;
    let goods_w = 150.0;
    let money_w = 80.0;
    let goods_x = right - goods_w;
    let money_x = goods_x - 8.0 - money_w;
    let name_x = MARGIN + 50.0;
    vec![
        Col {
            x: MARGIN,
            width: 40.0,
            align: Align::Right,
        },
        Col {
            x: name_x,
            width: money_x - name_x - 8.0,
            align: Align::Left,
        },
        Col {
            x: money_x,
            width: money_w,
            align: Align::Right,
        },
        Col {
            x: goods_x,
            width: goods_w,
            align: Align::Left,
        },
    ]
}

/// The section, if the tournament has a prize scheme.
pub(super) fn section(out: &mut Layout, data: &ReportData) {
    let Some(prizes) = &data.prizes else {
        return;
    };
    let l = data.labels();
    let lang = data.lang;
    super::pdf_layout::heading(out, l.prizes);
    out.line(10.0, false, &prizes.pot_line(lang));
    if let Some(why) = &prizes.refused {
        out.line(10.0, true, &refusal_text(why, lang));
        return;
    }
    if !prizes.finished {
        out.line(10.0, false, l.prizes_preview);
    }
    let header = [l.rank, l.name, l.prize, l.goods].map(String::from);
    super::pdf_layout::table(out, &columns(), &header, &rows(prizes, data));
    out.gap(4.0);
    out.line(10.0, false, &prizes.rest_line(lang));
}

fn rows(prizes: &Prizes, data: &ReportData) -> Vec<Vec<String>> {
    let l = data.labels();
    prizes
        .lines
        .iter()
        .map(|p| {
            let name = if p.shared {
                format!("{} ({})", p.name, l.shared)
            } else {
                p.name.clone()
            };
            let money = if p.cents > 0 {
                euro::euros(p.cents, data.lang)
            } else {
                String::new()
            };
            vec![format!("{}.", p.rank), name, money, p.goods.clone()]
        })
        .collect()
}
