//! PDF reports on A4 with the bundled DejaVu Sans: the final report (title, date, place,
//! rules line, winners, standings with the tie-break columns, every round's tables with each
//! seat's result in that round) and a seating plan of one round. Long tables continue on the
//! next page under a repeated header.

use super::pdf_layout::{Align, Col, Layout, MARGIN, WIDTH, heading, table};
use super::{ReportData, RoundResult};

pub use super::pdf_layout::PdfError;

/// At most this many winners' lines.
const WINNERS: usize = 10;

/// Columns: a narrow number (rank or table), a name, then `numbers` right-aligned columns.
fn columns(numbers: usize) -> Vec<Col> {
    let num_w = 90.0;
    let right = WIDTH - MARGIN;
    let name_x = MARGIN + 50.0;
    let name_w = right - numbers as f32 * num_w - name_x - 8.0;
    let mut cols = vec![
        Col {
            x: MARGIN,
            width: 40.0,
            align: Align::Right,
        },
        Col {
            x: name_x,
            width: name_w,
            align: Align::Left,
        },
    ];
    for i in 0..numbers {
        cols.push(Col {
            x: right - (numbers - i) as f32 * num_w,
            width: num_w,
            align: Align::Right,
        });
    }
    cols
}

fn title_block(out: &mut Layout, data: &ReportData, subtitle: Option<&str>) {
    let l = data.labels();
    out.line(20.0, true, &data.title);
    if let Some(s) = subtitle {
        out.line(14.0, true, s);
    }
    let mut when = format!("{}: {}", l.date, data.date);
    if !data.place.is_empty() {
        when.push_str(&format!("   {}: {}", l.place, data.place));
    }
    out.line(10.0, false, &when);
    out.line(10.0, false, &format!("{}: {}", l.rules, data.rules));
    out.line(10.0, false, &data.order);
    out.gap(6.0);
    if let Some(url) = &data.public_url {
        public_address(out, l.public_address, url);
    }
}

/// The public pages' address with its QR code, so a guest follows the results on a phone.
fn public_address(out: &mut Layout, label: &str, url: &str) {
    const QR: f32 = 86.0;
    out.need(QR + 6.0);
    let top = out.y();
    // A QR code that cannot be made (an address far too long) leaves the address in words.
    let drawn = out.qr(MARGIN - 8.0, top, QR, url).is_ok();
    let x = if drawn { MARGIN + QR } else { MARGIN };
    out.text_at(x, top + 36.0, 10.0, true, label);
    let shown = super::pdf_layout::fit(url, WIDTH - MARGIN - x, 10.0, false);
    out.text_at(x, top + 52.0, 10.0, false, &shown);
    out.down_to(top + if drawn { QR } else { 60.0 });
}

fn round_name(data: &ReportData, r: &RoundResult) -> String {
    let l = data.labels();
    if r.knockout {
        format!("{} {} ({})", l.round, r.number, l.knockout)
    } else {
        format!("{} {}", l.round, r.number)
    }
}

/// The final report.
pub fn report(data: &ReportData) -> Result<Vec<u8>, PdfError> {
    let l = data.labels();
    let mut out = Layout::new(&format!("{} · {}", data.title, data.date), l.page);
    title_block(&mut out, data, None);

    if !data.winners.is_empty() {
        heading(&mut out, l.winners);
        // Shared ranks can make the list long: the standings below have everyone.
        for w in data.winners.iter().take(WINNERS) {
            out.line(
                11.0,
                w.rank == 1,
                &format!("{}. {} ({} {})", w.rank, w.name, w.points, l.points),
            );
        }
        if data.winners.len() > WINNERS {
            out.line(11.0, false, "…");
        }
    }

    heading(&mut out, &data.standings_title);
    let cols = columns(1 + data.columns.len());
    let rows: Vec<Vec<String>> = data
        .standings
        .iter()
        .map(|s| {
            let mut r = vec![format!("{}.", s.rank), s.name.clone(), s.points.to_string()];
            r.extend(s.tiebreaks.iter().map(i64::to_string));
            r
        })
        .collect();
    table(&mut out, &cols, &data.header, &rows);
    super::pdf_prizes::section(&mut out, data);

    let mut header = vec![
        l.table.to_string(),
        l.name.to_string(),
        l.points.to_string(),
    ];
    header.extend(data.columns.iter().cloned());
    for r in &data.rounds {
        heading(
            &mut out,
            &format!("{} – {}", l.results, round_name(data, r)),
        );
        let mut rows = Vec::new();
        for t in &r.tables {
            for (i, s) in t.seats.iter().enumerate() {
                let mut row = vec![
                    if i == 0 {
                        t.number.to_string()
                    } else {
                        String::new()
                    },
                    s.name.clone(),
                    s.points.map(|p| p.to_string()).unwrap_or_default(),
                ];
                row.extend(s.tiebreaks.iter().map(i64::to_string));
                rows.push(row);
            }
        }
        for b in &r.byes {
            rows.push(vec![String::new(), format!("{b} ({})", l.byes)]);
        }
        table(&mut out, &cols, &header, &rows);
    }

    if !data.broken.is_empty() {
        heading(&mut out, l.broken);
        for b in &data.broken {
            out.line(10.0, false, b);
        }
    }
    out.finish()
}

/// The seating plan of round `round` (numbered from 1): every table with its seats in order,
/// then the byes. `None` when there is no such round.
pub fn seating(data: &ReportData, round: usize) -> Option<Result<Vec<u8>, PdfError>> {
    let r = data.rounds.iter().find(|r| r.number == round)?;
    let l = data.labels();
    let name = round_name(data, r);
    let mut out = Layout::new(
        &format!("{} · {} · {}", data.title, l.seating, name),
        l.page,
    );
    title_block(&mut out, data, Some(&format!("{} – {}", l.seating, name)));
    let seats = r.tables.iter().map(|t| t.seats.len()).max().unwrap_or(0);
    for t in &r.tables {
        out.need(16.0 * (seats as f32 + 1.5));
        out.line(12.0, true, &format!("{} {}", l.table, t.number));
        for (i, s) in t.seats.iter().enumerate() {
            out.line(11.0, false, &format!("    {}. {}", i + 1, s.name));
        }
        out.gap(4.0);
    }
    if !r.byes.is_empty() {
        heading(&mut out, l.byes);
        for b in &r.byes {
            out.line(11.0, false, b);
        }
    }
    Some(out.finish())
}
