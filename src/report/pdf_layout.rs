//! A tiny page layout for the PDF reports: text lines and rules are placed on A4 pages as
//! plain data first (breaking pages as the cursor runs out), then drawn with krilla in one
//! pass, so the page count is known for the footers. Coordinates are points from the top
//! left; the bundled DejaVu Sans draws every umlaut and `ß`.

use krilla::Document;
use krilla::geom::{PathBuilder, Point};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};

pub(crate) const WIDTH: f32 = 595.28;
pub(crate) const HEIGHT: f32 = 841.89;
pub(crate) const MARGIN: f32 = 50.0;
const BOTTOM: f32 = HEIGHT - 60.0;

static REGULAR: &[u8] = include_bytes!("../../static/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../static/fonts/DejaVuSans-Bold.ttf");

/// The PDF could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the bundled font cannot be read")]
    Font,
    #[error("the PDF cannot be written: {0}")]
    Write(String),
}

#[derive(Debug, Clone)]
enum Item {
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        text: String,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
    },
    /// A filled black rectangle (a QR code's dark module).
    Rect { x: f32, y: f32, w: f32, h: f32 },
}

/// Where a cell's text sits in its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Right,
}

/// A table column: its left edge, width and alignment.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Col {
    pub x: f32,
    pub width: f32,
    pub align: Align,
}

/// An estimate of a text's width in DejaVu Sans (digits are 0.636 em; others about 0.62 em).
pub(crate) fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let em: f32 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => 0.636,
            'i' | 'l' | 'j' | '.' | ',' | ':' | ' ' | '\'' | '|' | 'I' | 'f' | 't' => 0.32,
            'm' | 'w' | 'M' | 'W' => 0.9,
            _ => 0.62,
        })
        .sum();
    em * size * if bold { 1.12 } else { 1.0 }
}

/// `text` cut with `…` to fit `width`.
pub(crate) fn fit(text: &str, width: f32, size: f32, bold: bool) -> String {
    if text_width(text, size, bold) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        out.push(c);
        if text_width(&out, size, bold) + 0.62 * size > width {
            out.pop();
            break;
        }
    }
    out.push('…');
    out
}

/// Pages under construction.
pub(crate) struct Layout {
    pages: Vec<Vec<Item>>,
    pub y: f32,
    footer: String,
    page_word: String,
}

impl Layout {
    /// An empty document; `footer` is printed bottom left of every page with "Seite n / m".
    pub fn new(footer: &str, page_word: &str) -> Layout {
        Layout {
            pages: vec![Vec::new()],
            y: MARGIN,
            footer: footer.to_string(),
            page_word: page_word.to_string(),
        }
    }

    /// Starts a new page unless `height` more points fit on this one.
    pub fn need(&mut self, height: f32) -> bool {
        if self.y + height > BOTTOM {
            self.pages.push(Vec::new());
            self.y = MARGIN;
            true
        } else {
            false
        }
    }

    fn push(&mut self, item: Item) {
        if let Some(p) = self.pages.last_mut() {
            p.push(item);
        }
    }

    /// A text at `x` on the baseline `y`.
    pub fn text_at(&mut self, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        self.push(Item::Text {
            x,
            y,
            size,
            bold,
            text: text.to_string(),
        });
    }

    /// One line of text across the page, moving the cursor down.
    pub fn line(&mut self, size: f32, bold: bool, text: &str) {
        let h = size * 1.45;
        self.need(h);
        let t = fit(text, WIDTH - 2.0 * MARGIN, size, bold);
        self.text_at(MARGIN, self.y + size, size, bold, &t);
        self.y += h;
    }

    /// Vertical space.
    pub fn gap(&mut self, h: f32) {
        self.y += h;
    }

    /// A thin horizontal rule at the cursor.
    pub fn rule(&mut self, width: f32) {
        let y = self.y;
        self.line_between((MARGIN, y), (WIDTH - MARGIN, y), width);
    }

    /// A straight line.
    pub fn line_between(&mut self, from: (f32, f32), to: (f32, f32), width: f32) {
        self.push(Item::Line { from, to, width });
    }

    /// The QR code of `text` as a `size`-point square with its top left at (`x`, `y`), drawn
    /// from filled squares (one per dark module, a quiet zone of 4 modules inside `size`).
    pub fn qr(&mut self, x: f32, y: f32, size: f32, text: &str) -> Result<(), PdfError> {
        let code = qrcode::QrCode::new(text.as_bytes())
            .map_err(|e| PdfError::Write(format!("qr code: {e}")))?;
        let n = code.width();
        let module = size / (n + 8) as f32;
        for (i, c) in code.to_colors().iter().enumerate() {
            if *c == qrcode::Color::Dark {
                let (col, row) = ((i % n) as f32, (i / n) as f32);
                self.push(Item::Rect {
                    x: x + (col + 4.0) * module,
                    y: y + (row + 4.0) * module,
                    w: module,
                    h: module,
                });
            }
        }
        Ok(())
    }

    /// The cursor's height on the page.
    pub fn y(&self) -> f32 {
        self.y
    }

    /// Moves the cursor down to `y` (never up).
    pub fn down_to(&mut self, y: f32) {
        self.y = self.y.max(y);
    }

    /// An empty grid at the cursor for writing by hand: a bold header row with `labels`, then
    /// `rows` ruled rows of `row_h` points (the last labelled `last` when given), keeping
    /// together on one page.
    pub fn grid(&mut self, labels: &[String], rows: usize, row_h: f32, last: Option<&str>) {
        let head = 20.0;
        self.need(head + rows as f32 * row_h + 4.0);
        let (left, right, top) = (MARGIN, WIDTH - MARGIN, self.y);
        let first = if last.is_some() { 70.0 } else { 30.0 };
        let w = (right - left - first) / labels.len().max(1) as f32;
        let bottom = top + head + rows as f32 * row_h;
        for (i, label) in labels.iter().enumerate() {
            let x = left + first + i as f32 * w;
            let t = fit(label, w - 8.0, 10.0, true);
            self.text_at(x + 4.0, top + 14.0, 10.0, true, &t);
        }
        for r in 0..=rows + 1 {
            let y = if r == 0 {
                top
            } else {
                top + head + (r - 1) as f32 * row_h
            };
            let width = if r == 1 || r == rows + 1 { 1.0 } else { 0.4 };
            self.line_between((left, y), (right, y), width);
        }
        for r in 0..rows {
            let y = top + head + (r + 1) as f32 * row_h - 5.0;
            let label = match last {
                Some(l) if r + 1 == rows => l.to_string(),
                _ => (r + 1).to_string(),
            };
            self.text_at(left + 4.0, y, 8.0, false, &label);
        }
        for i in 0..=labels.len() {
            let x = left + first + i as f32 * w;
            self.line_between((x, top), (x, bottom), 0.6);
        }
        self.line_between((left, top), (left, bottom), 0.6);
        self.y = bottom + 4.0;
    }

    /// One table row; `header` rows are bold and underlined, and a header cell too wide for
    /// its column breaks after a space or hyphen onto a second line. Returns whether a page
    /// began.
    pub fn row(&mut self, cols: &[Col], cells: &[String], size: f32, header: bool) -> bool {
        // A gap of 6 points keeps neighbouring columns apart.
        let lines: Vec<Vec<String>> = cols
            .iter()
            .zip(cells)
            .map(|(c, text)| {
                let w = c.width - 6.0;
                match text.char_indices().find(|(_, ch)| *ch == ' ' || *ch == '-') {
                    Some((i, ch)) if header && text_width(text, size, true) > w => {
                        let cut = if ch == '-' { i + 1 } else { i };
                        vec![
                            fit(&text[..cut], w, size, true),
                            fit(text[cut..].trim_start(), w, size, true),
                        ]
                    }
                    _ => vec![fit(text, w, size, header)],
                }
            })
            .collect();
        let n = lines.iter().map(Vec::len).max().unwrap_or(1);
        let h = size * 1.55 + (n - 1) as f32 * size * 1.2;
        let broke = self.need(h);
        for (c, cell) in cols.iter().zip(&lines) {
            for (k, t) in cell.iter().enumerate() {
                let base = self.y + size + (n - cell.len() + k) as f32 * size * 1.2;
                let x = match c.align {
                    Align::Left => c.x,
                    Align::Right => c.x + c.width - text_width(t, size, header),
                };
                self.text_at(x, base, size, header, t);
            }
        }
        self.y += h;
        if header {
            self.rule(0.6);
            self.y += 2.0;
        }
        broke
    }

    /// Draws every page with krilla.
    pub fn finish(self) -> Result<Vec<u8>, PdfError> {
        let regular = Font::new(REGULAR.into(), 0).ok_or(PdfError::Font)?;
        let bold = Font::new(BOLD.into(), 0).ok_or(PdfError::Font)?;
        let settings = PageSettings::from_wh(WIDTH, HEIGHT).ok_or(PdfError::Font)?;
        let mut doc = Document::new();
        let total = self.pages.len();
        for (n, items) in self.pages.iter().enumerate() {
            let mut page = doc.start_page_with(settings.clone());
            let mut s = page.surface();
            let footer = format!("{} · {} {} / {}", self.footer, self.page_word, n + 1, total);
            let footer = fit(&footer, WIDTH - 2.0 * MARGIN, 8.0, false);
            let extra = Item::Text {
                x: MARGIN,
                y: HEIGHT - 35.0,
                size: 8.0,
                bold: false,
                text: footer,
            };
            for item in items.iter().chain(std::iter::once(&extra)) {
                match item {
                    Item::Text {
                        x,
                        y,
                        size,
                        bold: b,
                        text,
                    } => {
                        s.set_stroke(None);
                        s.set_fill(Some(Fill::default()));
                        let font = if *b { bold.clone() } else { regular.clone() };
                        s.draw_text(
                            Point::from_xy(*x, *y),
                            font,
                            *size,
                            text,
                            false,
                            TextDirection::Auto,
                        );
                    }
                    Item::Line { from, to, width } => {
                        let mut pb = PathBuilder::new();
                        pb.move_to(from.0, from.1);
                        pb.line_to(to.0, to.1);
                        if let Some(path) = pb.finish() {
                            s.set_fill(None);
                            s.set_stroke(Some(Stroke {
                                width: *width,
                                ..Stroke::default()
                            }));
                            s.draw_path(&path);
                        }
                    }
                    Item::Rect { x, y, w, h } => {
                        // A hair wider, so neighbouring modules leave no seam.
                        let mut pb = PathBuilder::new();
                        if let Some(rect) =
                            krilla::geom::Rect::from_xywh(*x, *y, w + 0.05, h + 0.05)
                        {
                            pb.push_rect(rect);
                        }
                        if let Some(path) = pb.finish() {
                            s.set_stroke(None);
                            s.set_fill(Some(Fill::default()));
                            s.draw_path(&path);
                        }
                    }
                }
            }
            s.finish();
            page.finish();
        }
        doc.finish().map_err(|e| PdfError::Write(format!("{e:?}")))
    }
}

/// The body text's size of the reports' tables.
pub(super) const SIZE: f32 = 9.0;

/// Rows under a header that repeats at the top of every page the table runs onto.
pub(super) fn table(out: &mut Layout, cols: &[Col], header: &[String], rows: &[Vec<String>]) {
    out.need(SIZE * 1.55 * 4.0);
    out.row(cols, header, SIZE, true);
    for r in rows {
        if out.need(SIZE * 1.55) {
            out.row(cols, header, SIZE, true);
        }
        out.row(cols, r, SIZE, false);
    }
}

pub(super) fn heading(out: &mut Layout, text: &str) {
    out.need(60.0);
    out.gap(10.0);
    out.line(13.0, true, text);
    out.gap(2.0);
}
