//! Slugs: the name in lowercase ASCII (umlauts transliterated), other characters as `-`,
//! then the year when the date is known. A tournament's and a season's slug always end in a
//! random suffix ([`unguessable`]), so a slug says nothing about other clubs' tournaments or
//! seasons of the same name (a season used to take `-2` when another club had one).

/// The slug's stem for a name and an optional year.
pub fn stem(name: &str, year: Option<i32>) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        let piece = match c {
            'ä' => "ae",
            'ö' => "oe",
            'ü' => "ue",
            'ß' => "ss",
            'à' | 'á' | 'â' => "a",
            'è' | 'é' | 'ê' => "e",
            'ì' | 'í' | 'î' => "i",
            'ò' | 'ó' | 'ô' => "o",
            'ù' | 'ú' | 'û' => "u",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        out.push_str(piece);
    }
    let mut parts: Vec<&str> = out.split('-').filter(|p| !p.is_empty()).collect();
    let year = year.map(|y| y.to_string());
    if let Some(y) = &year
        && parts.last() != Some(&y.as_str())
    {
        parts.push(y);
    }
    let joined = parts.join("-");
    let mut stem: String = joined.chars().take(60).collect();
    while stem.ends_with('-') {
        stem.pop();
    }
    if stem.is_empty() {
        "turnier".into()
    } else {
        stem
    }
}

/// Letters and digits for a slug's suffix (no `l`, `o`, `0`, `1`: read out over the phone).
const SUFFIX_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
const SUFFIX_LEN: usize = 6;

/// `stem-` and six random symbols (30 bits), drawn again in the unlikely case `taken` says
/// so. Whether the bare stem, or any other club's tournament of the same name, exists makes
/// no difference to the answer: a secretary learns nothing from the slug.
pub fn unguessable<E>(
    stem: &str,
    mut taken: impl FnMut(&str) -> Result<bool, E>,
) -> Result<String, crate::error::AppError>
where
    crate::error::AppError: From<E>,
{
    loop {
        let mut bytes = [0u8; SUFFIX_LEN];
        getrandom::fill(&mut bytes)
            .map_err(|e| crate::error::AppError::Internal(format!("no randomness: {e}")))?;
        let suffix: String = bytes
            .iter()
            .map(|b| char::from(SUFFIX_ALPHABET[usize::from(b & 31)]))
            .collect();
        let candidate = format!("{stem}-{suffix}");
        if !taken(&candidate)? {
            return Ok(candidate);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn umlauts_are_transliterated_and_the_year_is_added() {
        assert_eq!(
            stem("Gaigelturnier SKV Rutesheim", Some(2026)),
            "gaigelturnier-skv-rutesheim-2026"
        );
        assert_eq!(stem("Wattkönig Süß!", None), "wattkoenig-suess");
        assert_eq!(stem("Turnier 2026", Some(2026)), "turnier-2026");
        assert_eq!(stem("  ---  ", None), "turnier");
    }

    #[test]
    fn a_tournament_slug_ends_in_a_random_suffix_whatever_exists() {
        let free =
            unguessable::<crate::error::AppError>("wattturnier-2026", |_| Ok(false)).unwrap();
        let (stem, suffix) = free.rsplit_once('-').unwrap();
        assert_eq!(stem, "wattturnier-2026");
        assert_eq!(suffix.len(), SUFFIX_LEN);
        assert!(
            suffix.bytes().all(|b| SUFFIX_ALPHABET.contains(&b)),
            "{suffix}"
        );
        let mut asked = Vec::new();
        let retried = unguessable::<crate::error::AppError>("x", |s| {
            asked.push(s.to_string());
            Ok(asked.len() < 3)
        })
        .unwrap();
        assert_eq!(asked.len(), 3, "drawn again while taken");
        assert_eq!(retried, asked[2]);
        assert!(
            !asked.contains(&"x".to_string()),
            "the bare stem is never asked about"
        );
    }
}
