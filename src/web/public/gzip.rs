//! The public pages' gzip copies: a page rendered for anonymous visitors is kept
//! per change stamp together with its gzip copy, compressed once when the page is rendered and
//! then served to every visitor whose browser accepts gzip until the stamp moves. The cup page
//! of 40 evenings is 342 kB plain; serving it is bound by copying bytes to the socket, and a
//! phone with one bar of signal waits for every one of them. See `docs/reference/public.md`
//! ("Compression").
//!
//! The gzip copy is a representation of its own: its strong ETag is the plain one with `-gz`
//! inside the quotes ([`gzip_etag`]), and every shared answer says `Vary: Accept-Encoding`.

use actix_web::HttpRequest;
use actix_web::http::header;
use actix_web::web::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;

/// Pages shorter than this are served plain: their gzip copy would save a few hundred bytes,
/// less than a packet, and cost the header and a copy in the cache.
pub const MIN_BYTES: usize = 1024;

/// The compression level. Measured on the cup page (40 evenings × 200 players, 342 kB) and a
/// 200-team standings page, release build: see `docs/reference/public.md` ("Compression").
/// Level 6 (zlib's default) compresses almost as well as 9 in a fraction of its time; the
/// page is compressed once per stamp and served thousands of times, so the few extra
/// milliseconds over level 1 buy a smaller copy for every one of them.
pub const LEVEL: u32 = 6;

/// A page as it is kept and served: the plain bytes and, for a page of at least
/// [`MIN_BYTES`], its gzip copy.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub plain: Bytes,
    pub gzip: Option<Bytes>,
}

impl Rendered {
    /// The page with its gzip copy made now (once per stamp: the caller keeps it).
    pub fn compressed(plain: Bytes) -> Rendered {
        let gzip = (plain.len() >= MIN_BYTES)
            .then(|| compress(&plain))
            .flatten();
        Rendered { plain, gzip }
    }

    /// The page without a gzip copy (a logged-in visitor's, rendered for them alone).
    pub fn plain(plain: Bytes) -> Rendered {
        Rendered { plain, gzip: None }
    }

    /// Bytes it takes in memory: both copies count against the cache's budget.
    pub fn len(&self) -> usize {
        self.plain.len() + self.gzip.as_ref().map_or(0, Bytes::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `plain` gzip-compressed at [`LEVEL`]; `None` if compressing failed (it writes to memory,
/// so it does not) or did not make the page smaller (then the plain page is served).
pub fn compress(plain: &[u8]) -> Option<Bytes> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(plain.len() / 4), Compression::new(LEVEL));
    encoder.write_all(plain).ok()?;
    let gzip = encoder.finish().ok()?;
    (gzip.len() < plain.len()).then(|| Bytes::from(gzip))
}

/// The ETag of the gzip copy: the plain page's with `-gz` inside the quotes, so the two
/// representations' strong ETags differ (RFC 9110, 8.8.3).
pub fn gzip_etag(etag: &str) -> String {
    match etag.strip_suffix('"') {
        Some(open) => format!("{open}-gz\""),
        None => format!("{etag}-gz"),
    }
}

/// Whether the request's `Accept-Encoding` headers allow gzip.
pub fn accepts_gzip(req: &HttpRequest) -> bool {
    let values: Vec<&str> = req
        .headers()
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .collect();
    allows_gzip(&values.join(","))
}

/// Whether an `Accept-Encoding` value allows gzip (RFC 9110, 12.5.3): `gzip` (or its alias
/// `x-gzip`) with a weight above zero, or, when gzip is not named, `*` with a weight above
/// zero. `gzip;q=0` is a refusal even beside `*`. Names and `q` are case-insensitive; an entry
/// whose weight does not parse is ignored. No header, or an empty one, means no compression.
pub fn allows_gzip(value: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for entry in value.split(',') {
        let mut parts = entry.split(';').map(str::trim);
        let coding = parts.next().unwrap_or_default().to_ascii_lowercase();
        let Some(weight) = weight(parts) else {
            continue;
        };
        match coding.as_str() {
            "gzip" | "x-gzip" => named = Some(named.map_or(weight, |w: f32| w.max(weight))),
            "*" => any = Some(weight),
            _ => {}
        }
    }
    named.or(any).is_some_and(|w| w > 0.0)
}

/// The `q` parameter among an entry's parameters (1 when absent); `None` when it is not a
/// weight (RFC 9110, 12.4.2: 0 to 1, at most three decimals).
fn weight<'a>(params: impl Iterator<Item = &'a str>) -> Option<f32> {
    let mut weight = 1.0;
    for param in params {
        let Some((name, value)) = param.split_once('=') else {
            continue;
        };
        if name.trim().eq_ignore_ascii_case("q") {
            let value = value.trim();
            let well_formed = value
                .split_once('.')
                .map_or(value.len() == 1, |(whole, decimals)| {
                    whole.len() == 1 && decimals.len() <= 3
                })
                && value.chars().all(|c| c.is_ascii_digit() || c == '.');
            weight = value.parse().ok().filter(|_| well_formed)?;
            if weight > 1.0 {
                return None;
            }
        }
    }
    Some(weight)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn browsers_accept_gzip() {
        assert!(allows_gzip("gzip, deflate, br"));
        assert!(allows_gzip("gzip, deflate, br, zstd"));
        assert!(allows_gzip("br;q=1.0, gzip;q=0.8, *;q=0.1"));
        assert!(allows_gzip("GZIP"));
        assert!(allows_gzip("x-gzip"));
        assert!(allows_gzip("deflate,gzip;q=0.001"));
    }

    #[test]
    fn a_weight_of_zero_refuses_gzip() {
        assert!(!allows_gzip("gzip;q=0"));
        assert!(!allows_gzip("gzip; q=0.000, deflate"));
        assert!(!allows_gzip("gzip;Q=0.0"));
        // Named with zero, the star does not bring it back.
        assert!(!allows_gzip("*, gzip;q=0"));
        assert!(!allows_gzip("gzip;q=0, *;q=1"));
    }

    #[test]
    fn the_star_counts_for_gzip_when_gzip_is_not_named() {
        assert!(allows_gzip("*"));
        assert!(allows_gzip("br, *;q=0.5"));
        assert!(!allows_gzip("*;q=0"));
        assert!(!allows_gzip("br, *;q=0"));
        // Named with a weight, the star's zero does not take it away.
        assert!(allows_gzip("gzip;q=0.5, *;q=0"));
    }

    #[test]
    fn no_gzip_without_it_in_the_header() {
        assert!(!allows_gzip(""));
        assert!(!allows_gzip("identity"));
        assert!(!allows_gzip("deflate, br"));
        assert!(!allows_gzip("gzipped"));
    }

    #[test]
    fn an_entry_with_a_broken_weight_is_ignored() {
        assert!(!allows_gzip("gzip;q=abc"));
        assert!(!allows_gzip("gzip;q=2"));
        assert!(!allows_gzip("gzip;q=0.0001"));
        assert!(!allows_gzip("gzip;q=-1"));
        assert!(allows_gzip("gzip;q=abc, *"));
        // Other parameters do not matter.
        assert!(allows_gzip("gzip;level=9"));
    }

    #[test]
    fn the_gzip_etag_has_its_suffix_inside_the_quotes() {
        assert_eq!(gzip_etag("\"1-5-10-de\""), "\"1-5-10-de-gz\"");
    }

    #[test]
    fn the_gzip_copy_decodes_to_the_page_and_small_pages_have_none() {
        let page: String = (0..400)
            .map(|i| format!("<tr><td>Watterin Nr. {i}</td><td>{}</td></tr>\n", i * 7))
            .collect();
        let kept = Rendered::compressed(Bytes::from(page.clone()));
        let gzip = kept.gzip.clone().expect("a gzip copy");
        assert!(
            gzip.len() * 4 < page.len(),
            "{} of {}",
            gzip.len(),
            page.len()
        );
        let mut decoded = String::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_string(&mut decoded)
            .expect("gzip");
        assert_eq!(decoded, page);
        assert_eq!(kept.len(), page.len() + gzip.len());
        let small = Rendered::compressed(Bytes::from_static(b"<p>klein</p>"));
        assert!(small.gzip.is_none());
    }
}
