//! Tournament slugs: the name in lowercase ASCII (umlauts transliterated), other characters
//! as `-`, then the year when the date is known; `-2`, `-3`, ... on collision.

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

/// The first of `stem`, `stem-2`, `stem-3`, ... that `taken` says is free.
pub fn free<E>(stem: &str, mut taken: impl FnMut(&str) -> Result<bool, E>) -> Result<String, E> {
    if !taken(stem)? {
        return Ok(stem.to_string());
    }
    let mut n = 2u32;
    loop {
        let candidate = format!("{stem}-{n}");
        if !taken(&candidate)? {
            return Ok(candidate);
        }
        n += 1;
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
    fn collisions_get_a_number() {
        let taken = ["a", "a-2"];
        let free = free("a", |s| Ok::<_, ()>(taken.contains(&s))).unwrap();
        assert_eq!(free, "a-3");
    }
}
