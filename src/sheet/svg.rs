//! A tiny SVG writer for the score sheets: every attribute value and text node is escaped,
//! so names typed by players (user input) always render as inert text, never as markup.
//! Element and attribute names come only from this module's callers in code.

use std::fmt;

/// A finished drawing: a standalone `<svg>` element, safe to embed in a page as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Svg(String);

impl Svg {
    /// The SVG text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The SVG text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Svg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Escapes text for an attribute value or a text node (`& < > " '`).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // What XML 1.0 forbids (control characters, U+FFFE, U+FFFF) is dropped: rows
            // stored before names were checked may hold it.
            c if !crate::text::xml_allows(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// A coordinate, written with at most one decimal.
pub fn n(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The font stack: the reader's system font, with common fallbacks that carry umlauts.
const FONTS: &str =
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif";

/// Collects the drawing's elements; [`Writer::finish`] wraps them in the `<svg>` root.
#[derive(Debug, Default)]
pub struct Writer {
    body: String,
}

impl Writer {
    pub fn new() -> Self {
        Writer::default()
    }

    fn tag(&mut self, name: &str, attrs: &[(&str, &str)]) {
        debug_assert!(name.bytes().all(|b| b.is_ascii_alphanumeric()));
        self.body.push('<');
        self.body.push_str(name);
        for (k, v) in attrs {
            debug_assert!(k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
            self.body.push(' ');
            self.body.push_str(k);
            self.body.push_str("=\"");
            self.body.push_str(&escape(v));
            self.body.push('"');
        }
    }

    /// Opens a container element such as `g`.
    pub fn open(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.tag(name, attrs);
        self.body.push_str(">\n");
    }

    /// Closes the element opened last with `name`.
    pub fn close(&mut self, name: &str) {
        self.body.push_str("</");
        self.body.push_str(name);
        self.body.push_str(">\n");
    }

    /// An element without children (`line`, `circle`, `rect`, `path`).
    pub fn empty(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.tag(name, attrs);
        self.body.push_str("/>\n");
    }

    /// A `text` element holding `content` as escaped text.
    pub fn text(&mut self, attrs: &[(&str, &str)], content: &str) {
        self.tag("text", attrs);
        self.body.push('>');
        self.body.push_str(&escape(content));
        self.body.push_str("</text>\n");
    }

    /// A line with a class (its look comes from presentation attributes set by the caller).
    /// The sheet's small grey caption in its top left corner (what the sheet is of).
    pub fn caption(&mut self, content: &str) {
        self.text(
            &[
                ("x", "8"),
                ("y", "18"),
                ("font-size", "11"),
                ("fill", "#555"),
            ],
            content,
        );
    }

    pub fn line(&mut self, class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64), width: f64) {
        self.empty(
            "line",
            &[
                ("class", class),
                ("x1", &n(x1)),
                ("y1", &n(y1)),
                ("x2", &n(x2)),
                ("y2", &n(y2)),
                ("stroke", "#000"),
                ("stroke-width", &n(width)),
                ("stroke-linecap", "round"),
            ],
        );
    }

    /// Wraps the body in the root element: white paper, black ink, scales to its container.
    pub fn finish(self, width: f64, height: f64, title: &str) -> Svg {
        let mut root = Writer::new();
        root.tag(
            "svg",
            &[
                ("xmlns", "http://www.w3.org/2000/svg"),
                ("viewBox", &format!("0 0 {} {}", n(width), n(height))),
                ("width", "100%"),
                ("role", "img"),
                ("font-family", FONTS),
                ("class", "score-sheet"),
            ],
        );
        root.body.push_str(">\n");
        root.tag("title", &[]);
        root.body.push('>');
        root.body.push_str(&escape(title));
        root.body.push_str("</title>\n");
        root.empty(
            "rect",
            &[
                ("class", "paper"),
                ("width", &n(width)),
                ("height", &n(height)),
                ("fill", "#fff"),
            ],
        );
        root.body.push_str(&self.body);
        root.close("svg");
        Svg(root.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_turns_markup_into_text() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn coordinates_keep_one_decimal() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(2.25), "2.3");
        assert_eq!(n(-0.5), "-0.5");
    }
}
