//! A cup's standings as downloads: CSV, XLSX and PDF, all drawn from one [`CupReport`], so they
//! cannot disagree. Each says which evenings counted and which were struck by the cup's
//! best-of rule: a struck evening's points stand in brackets (CSV, PDF) or struck through
//! (XLSX), and a legend line says so. Pure, like the tournament reports: the words come in
//! with the report (from the Fluent catalogue), the bytes go out.

use super::csv::{BOM, Delimiter, neutralise};
use super::pdf_layout::{Align, Col, Layout, MARGIN, PdfError, WIDTH, text_width};
use crate::text::xml_safe;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// The words a cup report prints (the caller's language).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CupLabels {
    pub rank: String,
    pub name: String,
    pub points: String,
    /// The heading of the evenings' column in the PDF ("Abende").
    pub evenings: String,
    /// "(16) = Streichergebnis: zählt nicht (beste 4 Abende)".
    pub legend: String,
    /// Said of a player below the minimum of evenings, in place of a rank.
    pub unranked: String,
    pub page: String,
    /// The sheet's name in the workbook ("Cupwertung").
    pub sheet: String,
}

/// One evening of a player's line: the cup points and whether they count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub place: u32,
    pub points: u32,
    pub counted: bool,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CupReportRow {
    /// `None`: fewer evenings than the cup requires.
    pub rank: Option<u32>,
    pub id: String,
    pub name: String,
    pub points: u32,
    /// One per evening of [`CupReport::evenings`]; `None`: not there that evening.
    pub cells: Vec<Option<Cell>>,
}

/// Everything a cup download shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CupReport {
    pub title: String,
    /// The cup's rules in words, one line each.
    pub rules: Vec<String>,
    /// The counted evenings' headings ("Wattturnier Söll, 21.11.2026"), in the cup's order.
    pub evenings: Vec<String>,
    pub rows: Vec<CupReportRow>,
    pub labels: CupLabels,
}

impl CupReport {
    fn header(&self) -> Vec<String> {
        let l = &self.labels;
        let mut h = vec![
            l.rank.clone(),
            "ID".into(),
            l.name.clone(),
            l.points.clone(),
        ];
        h.extend(self.evenings.iter().cloned());
        h
    }

    fn rank(&self, r: &CupReportRow) -> String {
        r.rank
            .map_or_else(|| self.labels.unranked.clone(), |n| n.to_string())
    }
}

/// A cell as text: the points, in brackets when struck.
fn cell_text(c: &Cell) -> String {
    if c.counted {
        c.points.to_string()
    } else {
        format!("({})", c.points)
    }
}

/// The standings as CSV: one row per player, one column per evening, then the legend.
pub fn csv(report: &CupReport, delimiter: Delimiter) -> Result<Vec<u8>, csv::Error> {
    let sep = match delimiter {
        Delimiter::Comma => b',',
        Delimiter::Semicolon => b';',
    };
    let mut w = csv::WriterBuilder::new()
        .delimiter(sep)
        .flexible(true)
        .from_writer(BOM.to_vec());
    w.write_record(report.header().iter().map(|h| neutralise(h)))?;
    for r in &report.rows {
        let mut row = vec![
            neutralise(&report.rank(r)),
            neutralise(&r.id),
            neutralise(&r.name),
            r.points.to_string(),
        ];
        row.extend(
            r.cells
                .iter()
                .map(|c| c.as_ref().map(cell_text).unwrap_or_default()),
        );
        w.write_record(&row)?;
    }
    w.write_record([""])?;
    w.write_record([neutralise(&report.labels.legend)])?;
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// The standings as a workbook: numbers are numbers, a struck evening's struck through.
pub fn xlsx(report: &CupReport) -> Result<Vec<u8>, XlsxError> {
    let bold = Format::new().set_bold();
    let struck = Format::new().set_font_strikethrough().set_italic();
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.set_name(super::xlsx::sheet_name(&report.labels.sheet))?;
    let header = report.header();
    for (c, h) in header.iter().enumerate() {
        ws.write_string_with_format(0, col(c), xml_safe(h), &bold)?;
        ws.set_column_width(col(c), if c == 2 { 32.0 } else { 14.0 })?;
    }
    ws.set_freeze_panes(1, 0)?;
    for (i, r) in report.rows.iter().enumerate() {
        let y = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if let Some(n) = r.rank {
            ws.write_number(y, 0, n)?;
        } else {
            ws.write_string(y, 0, xml_safe(&report.labels.unranked))?;
        }
        ws.write_string(y, 1, xml_safe(&r.id))?;
        ws.write_string(y, 2, xml_safe(&r.name))?;
        ws.write_number(y, 3, r.points)?;
        for (k, c) in r.cells.iter().enumerate() {
            if let Some(c) = c {
                if c.counted {
                    ws.write_number(y, col(4 + k), c.points)?;
                } else {
                    ws.write_number_with_format(y, col(4 + k), c.points, &struck)?;
                }
            }
        }
    }
    let below = u32::try_from(report.rows.len() + 2).unwrap_or(u32::MAX);
    ws.write_string(below, 0, xml_safe(&report.labels.legend))?;
    wb.save_to_buffer()
}

fn col(c: usize) -> u16 {
    u16::try_from(c).unwrap_or(u16::MAX)
}

const SIZE: f32 = 9.0;

/// The PDF's columns: rank, name, points, and the evenings (wide).
fn pdf_columns() -> Vec<Col> {
    let right = WIDTH - MARGIN;
    let c = |x: f32, width: f32, align| Col { x, width, align };
    vec![
        c(MARGIN, 34.0, Align::Right),
        c(MARGIN + 40.0, 150.0, Align::Left),
        c(MARGIN + 190.0, 46.0, Align::Right),
        c(MARGIN + 246.0, right - MARGIN - 246.0, Align::Left),
    ]
}

/// A player's evenings as `1: 25  2: 20  (3: 16)`, broken into lines that fit `width`.
fn evening_lines(r: &CupReportRow, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for (k, c) in r.cells.iter().enumerate() {
        let Some(c) = c else { continue };
        let token = if c.counted {
            format!("{}: {}", k + 1, c.points)
        } else {
            format!("({}: {})", k + 1, c.points)
        };
        match lines.last_mut() {
            Some(l) if text_width(&format!("{l}  {token}"), SIZE, false) <= width => {
                l.push_str("  ");
                l.push_str(&token);
            }
            _ => lines.push(token),
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The standings as a PDF: the cup's rules, the numbered evenings, the legend, the table.
pub fn pdf(report: &CupReport) -> Result<Vec<u8>, PdfError> {
    let l = &report.labels;
    let mut out = Layout::new(&report.title, &l.page);
    out.line(20.0, true, &report.title);
    for line in &report.rules {
        out.line(10.0, false, line);
    }
    out.gap(6.0);
    out.line(12.0, true, &l.evenings);
    for (k, e) in report.evenings.iter().enumerate() {
        out.line(9.0, false, &format!("{}: {e}", k + 1));
    }
    out.line(9.0, false, &l.legend);
    out.gap(8.0);
    let cols = pdf_columns();
    let header = vec![
        l.rank.clone(),
        l.name.clone(),
        l.points.clone(),
        l.evenings.clone(),
    ];
    out.need(SIZE * 1.55 * 4.0);
    out.row(&cols, &header, SIZE, true);
    let width = cols[3].width - 6.0;
    for r in &report.rows {
        for (i, evenings) in evening_lines(r, width).into_iter().enumerate() {
            let cells = if i == 0 {
                vec![
                    report.rank(r),
                    r.name.clone(),
                    r.points.to_string(),
                    evenings,
                ]
            } else {
                vec![String::new(), String::new(), String::new(), evenings]
            };
            if out.need(SIZE * 1.55) {
                out.row(&cols, &header, SIZE, true);
            }
            out.row(&cols, &cells, SIZE, false);
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> CupReport {
        let cell = |points, counted| {
            Some(Cell {
                place: 1,
                points,
                counted,
            })
        };
        CupReport {
            title: "Watt-Cup".into(),
            rules: vec!["Punkte 25-20-16".into()],
            evenings: vec!["Söll".into(), "Kramsach".into(), "=Angath".into()],
            rows: vec![
                CupReportRow {
                    rank: Some(1),
                    id: "3".into(),
                    name: "Anna Huber".into(),
                    points: 45,
                    cells: vec![cell(25, true), cell(20, true), cell(16, false)],
                },
                CupReportRow {
                    rank: None,
                    id: "4".into(),
                    name: "-Bert".into(),
                    points: 16,
                    cells: vec![None, None, cell(16, true)],
                },
            ],
            labels: CupLabels {
                rank: "Platz".into(),
                name: "Name".into(),
                points: "Punkte".into(),
                evenings: "Abende".into(),
                legend: "(16) = Streichergebnis".into(),
                unranked: "–".into(),
                page: "Seite".into(),
                sheet: "Cupwertung".into(),
            },
        }
    }

    #[test]
    fn the_csv_brackets_struck_evenings_and_neutralises_text_cells() {
        let bytes = csv(&report(), Delimiter::Semicolon).unwrap();
        let text = String::from_utf8(bytes[BOM.len()..].to_vec()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Platz;ID;Name;Punkte;Söll;Kramsach;'=Angath");
        assert_eq!(lines[1], "1;3;Anna Huber;45;25;20;(16)");
        assert_eq!(lines[2], "–;4;'-Bert;16;;;16");
        assert_eq!(lines[4], "(16) = Streichergebnis");
    }

    #[test]
    fn a_players_evenings_break_into_lines_that_fit() {
        let r = &report().rows[0];
        assert_eq!(evening_lines(r, 1000.0), vec!["1: 25  2: 20  (3: 16)"]);
        assert_eq!(evening_lines(r, 40.0), vec!["1: 25", "2: 20", "(3: 16)"]);
    }

    #[test]
    fn the_workbook_and_the_pdf_are_written() {
        let x = xlsx(&report()).unwrap();
        assert_eq!(&x[..2], b"PK");
        let p = pdf(&report()).unwrap();
        assert_eq!(&p[..5], b"%PDF-");
    }
}
