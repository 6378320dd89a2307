//! Languages: German by default, English on request. Texts live in Fluent catalogues
//! (`locales/de/*.ftl`, `locales/en/*.ftl`) embedded at build time; templates and handlers
//! ask for message ids, never hold words themselves.
//!
//! The language of a page: the `lang` cookie set by the switch in the page footer, else German.
//! The browser's `Accept-Language` is not asked: the players' language is German, and a phone
//! set to English at a Tyrolean card table should still show what the table speaks until its
//! user switches. (The JSON API has no switch and reads `Accept-Language`: `api.rs`.)

use actix_web::HttpRequest;
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};
use std::borrow::Cow;
use std::collections::HashMap;

static_loader! {
    // Immutable, compiled in: not app state, like a string table in the binary.
    static LOCALES = {
        locales: "./locales",
        fallback_language: "de",
        // Plain text in HTML attributes and titles: no Unicode isolation marks around values.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The name of the cookie the language switch sets.
pub const LANG_COOKIE: &str = "lang";

const DE: LanguageIdentifier = langid!("de");
const EN: LanguageIdentifier = langid!("en");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Locale {
    #[default]
    De,
    En,
}

impl Locale {
    pub fn parse(tag: &str) -> Option<Locale> {
        match tag {
            "de" => Some(Locale::De),
            "en" => Some(Locale::En),
            _ => None,
        }
    }

    pub fn of(req: &HttpRequest) -> Locale {
        req.cookie(LANG_COOKIE)
            .and_then(|c| Locale::parse(c.value()))
            .unwrap_or_default()
    }

    pub fn tag(self) -> &'static str {
        match self {
            Locale::De => "de",
            Locale::En => "en",
        }
    }

    /// The referee's language for rule messages.
    pub fn rules_lang(self) -> crate::rules::Lang {
        match self {
            Locale::De => crate::rules::Lang::De,
            Locale::En => crate::rules::Lang::En,
        }
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Locale::De => DE,
            Locale::En => EN,
        }
    }

    /// The message `key`; a missing message shows its key, which a test catches.
    pub fn t(self, key: &str) -> String {
        LOCALES.lookup(&self.id(), key)
    }

    /// The message `key` with its `{ $name }` placeholders filled. A value that is a whole
    /// number goes in as a Fluent number, so plural selectors (`[one] 1 Punkt *[other] …`)
    /// pick their variant; a string "1" would match no plural category and always fall to
    /// the default.
    pub fn t_with(self, key: &str, args: &[(&'static str, String)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(k, v)| (Cow::Borrowed(*k), fluent_value(v)))
            .collect();
        LOCALES.lookup_with_args(&self.id(), key, &args)
    }

    /// A catalogue message of the layers below (a refusal's, an error's) in this language.
    pub fn message(self, message: &crate::error::Message) -> String {
        if message.args.is_empty() {
            self.t(message.id)
        } else {
            self.t_with(message.id, &message.args)
        }
    }

    /// A service's refusal in this language.
    pub fn refusal(self, refusal: &crate::error::Refusal) -> String {
        self.message(&refusal.message())
    }
}

/// A whole number as written ("3", "-2"; not "007", "1e3" or "inf", which stay text) as a
/// Fluent number; anything else as text.
fn fluent_value(v: &str) -> FluentValue<'static> {
    let digits = v.strip_prefix('-').unwrap_or(v);
    let whole = !digits.is_empty()
        && digits.len() <= 15
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    match v.parse::<i64>() {
        Ok(n) if whole => FluentValue::from(n),
        _ => FluentValue::from(v.to_string()),
    }
}

impl From<crate::rules::Lang> for Locale {
    fn from(lang: crate::rules::Lang) -> Locale {
        match lang {
            crate::rules::Lang::De => Locale::De,
            crate::rules::Lang::En => Locale::En,
        }
    }
}

#[cfg(test)]
#[path = "i18n_plurals.rs"]
mod plurals;

#[cfg(test)]
mod tests {
    use super::*;

    /// The message ids a catalogue defines.
    fn catalogue_ids(lang: &str) -> Vec<String> {
        let dir = format!("{}/locales/{lang}", env!("CARGO_MANIFEST_DIR"));
        let mut ids = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            for line in text.lines() {
                if let Some((id, _)) = line.split_once(" =")
                    && !id.starts_with([' ', '#'])
                    && !id.is_empty()
                {
                    ids.push(id.trim().to_string());
                }
            }
        }
        ids.sort();
        ids
    }

    /// Every message of one catalogue exists in the other.
    #[test]
    fn both_catalogues_hold_the_same_messages() {
        assert_eq!(catalogue_ids("de"), catalogue_ids("en"));
        assert!(!catalogue_ids("de").is_empty());
    }

    /// Every message id the code and the templates ask for (`.t("id")`, `.t_with("id"`, and
    /// the `"error-..."` keys) exists in the catalogue.
    #[test]
    fn every_message_id_in_use_exists() {
        let root = env!("CARGO_MANIFEST_DIR");
        let known = catalogue_ids("de");
        let mut sources = Vec::new();
        let mut dirs: Vec<std::path::PathBuf> = ["src/web", "src/auth", "templates"]
            .iter()
            .map(|d| std::path::Path::new(root).join(d))
            .collect();
        // Subfolders too (`src/web/secretary/`, `src/web/score/`, `templates/score/`).
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    sources.push(std::fs::read_to_string(path).unwrap());
                }
            }
        }
        let mut checked = 0;
        for text in &sources {
            for opener in [".t(\"", ".t_with(\"", "\"error-"] {
                for (at, _) in text.match_indices(opener) {
                    let start = if opener.starts_with('"') {
                        at + 1
                    } else {
                        at + opener.len()
                    };
                    let Some(len) = text[start..].find('"') else {
                        continue;
                    };
                    let id = &text[start..start + len];
                    if !id.contains('-')
                        || id.ends_with('-')
                        || !id.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                    {
                        continue;
                    }
                    let id = id.to_string();
                    assert!(known.contains(&id), "no message {id}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "found only {checked} ids: the scan is broken");
    }

    /// Every refusal of the layers below (`error::refusal`, one sample of each variant) has
    /// its message in both catalogues, and each language words it whole: no id shown, no
    /// placeholder left open, the facts in the text, German apart from English.
    #[test]
    fn every_refusal_is_worded_in_both_catalogues() {
        let (de_ids, en_ids) = (catalogue_ids("de"), catalogue_ids("en"));
        let samples = crate::error::refusal::samples();
        assert!(samples.len() > 60, "only {} samples", samples.len());
        for refusal in &samples {
            let message = refusal.message();
            assert!(
                de_ids.iter().any(|i| i == message.id),
                "de: no {}",
                message.id
            );
            assert!(
                en_ids.iter().any(|i| i == message.id),
                "en: no {}",
                message.id
            );
            let de = Locale::De.refusal(refusal);
            let en = Locale::En.refusal(refusal);
            for text in [&de, &en] {
                assert!(
                    !text.contains('{') && !text.contains(message.id) && !text.is_empty(),
                    "{refusal:?}: {text}"
                );
                // `field` is worded by its own message; a rule's `code` is for the log only
                // (no page shows a code).
                let shown_args = message
                    .args
                    .iter()
                    .filter(|(n, _)| !matches!(*n, "field" | "code"));
                for (_, value) in shown_args {
                    let shown = value.trim_start_matches('0');
                    assert!(text.contains(shown), "{refusal:?}: {value} not in {text}");
                }
            }
            assert!(
                !de.contains("W-3") && !en.contains("W-3"),
                "{refusal:?}: a code shown"
            );
            assert_ne!(de, en, "{refusal:?}");
        }
    }

    /// Plural selectors pick by the number ("1 Punkte", "1 Stiche" were wrong), and
    /// text that only looks like a number stays as written.
    #[test]
    fn plural_selectors_pick_their_variant() {
        let fold =
            |n: &str| Locale::De.t_with("padr-w-fold", &[("side", "B".into()), ("n", n.into())]);
        assert_eq!(fold("1"), "B geht");
        assert_eq!(fold("2"), "B gehen");
        assert_eq!(fluent_value("007"), FluentValue::from("007"));
        assert_eq!(fluent_value("inf"), FluentValue::from("inf"));
        assert_eq!(fluent_value("-3"), FluentValue::from(-3));
    }

    #[test]
    fn german_is_the_default_and_english_is_there() {
        assert_eq!(Locale::default().t("nav-home"), "Start");
        assert_eq!(Locale::En.t("nav-home"), "Home");
        assert!(
            Locale::En
                .t_with("error-wait", &[("seconds", "30".into())])
                .contains("30")
        );
    }
}
