//! Table cards as a PDF: two cards to an A4 page, each with the tournament, round and table,
//! the seats, the table's secret scorer link with its QR code and a few words on how to use
//! it. The links exist only in the answer that issued them (the database keeps digests), so
//! the PDF is made there and then, never stored.

use super::labels::Labels;
use super::pdf_layout::{HEIGHT, Layout, MARGIN, PdfError, WIDTH, fit};
use crate::rules::Lang;

/// One card to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPrint {
    pub table: i32,
    /// Per side: the entrant's name (a team with its players).
    pub seats: Vec<String>,
    /// The table's scorer link (`https://host/s/<secret>`).
    pub link: String,
}

/// Each card's height: two to a page.
const CARD: f32 = (HEIGHT - 2.0 * MARGIN - 40.0) / 2.0;
const QR: f32 = 170.0;

fn steps(lang: Lang) -> (&'static str, [&'static str; 3]) {
    match lang {
        Lang::De => (
            "So wird geschrieben",
            [
                "1. QR-Code mit dem Handy scannen (oder den Link eintippen).",
                "2. Nach jedem Spiel eintragen und speichern.",
                "3. Die andere Seite bestätigt; die Karte bleibt am Tisch.",
            ],
        ),
        Lang::En => (
            "How to score",
            [
                "1. Scan the QR code with a phone (or type the link).",
                "2. Enter and save each deal after it is played.",
                "3. The other side confirms; the card stays at the table.",
            ],
        ),
    }
}

/// The cards of round `round` of `tournament`.
pub fn table_cards(
    tournament: &str,
    round: i32,
    cards: &[CardPrint],
    lang: Lang,
) -> Result<Vec<u8>, PdfError> {
    let l = Labels::new(lang);
    let (how, lines) = steps(lang);
    let mut out = Layout::new(&format!("{tournament} · {} {round}", l.round), l.page);
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            out.need(CARD);
        }
        let top = out.y();
        let text_w = WIDTH - 2.0 * MARGIN - QR;
        out.text_at(
            MARGIN,
            top + 18.0,
            16.0,
            true,
            &fit(tournament, text_w, 16.0, true),
        );
        let place = format!("{} {round} · {} {}", l.round, l.table, c.table);
        out.text_at(MARGIN, top + 46.0, 22.0, true, &place);
        let mut y = top + 76.0;
        for (side, name) in super::sides::letters(c.seats.len()).iter().zip(&c.seats) {
            let seat = fit(&format!("{side}: {name}"), text_w - 10.0, 11.0, false);
            out.text_at(MARGIN, y, 11.0, false, &seat);
            y += 16.0;
        }
        out.qr(WIDTH - MARGIN - QR, top, QR, &c.link)?;
        let mut y = (y + 6.0).max(top + QR + 8.0);
        out.text_at(MARGIN, y, 11.0, true, how);
        for line in lines {
            y += 15.0;
            out.text_at(MARGIN, y, 10.0, false, line);
        }
        y += 20.0;
        let link = fit(&c.link, WIDTH - 2.0 * MARGIN, 8.0, false);
        out.text_at(MARGIN, y, 8.0, false, &link);
        out.down_to(top + CARD - 12.0);
        out.rule(0.4);
        out.gap(12.0);
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_carries_its_table_and_link_and_two_fit_a_page() {
        let cards: Vec<CardPrint> = (1..=3)
            .map(|t| CardPrint {
                table: t,
                seats: vec![format!("Team {t}a"), format!("Team {t}b")],
                link: format!("https://kartl.example/s/{t:064}"),
            })
            .collect();
        let pdf = table_cards("Herbstwatten", 2, &cards, Lang::De).unwrap();
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        assert_eq!(doc.get_pages().len(), 2, "three cards take two pages");
        let text = doc.extract_text(&[1, 2]).unwrap();
        for t in 1..=3 {
            assert!(text.contains(&format!("Runde 2 · Tisch {t}")), "{text}");
            assert!(text.contains(&format!("{t:064}")), "{text}");
        }
        assert!(text.contains("QR-Code mit dem Handy scannen"), "{text}");
    }
}
