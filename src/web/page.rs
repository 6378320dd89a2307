//! What the layout (`templates/_layout.html`) needs on every page.

use crate::web::i18n::Locale;

pub struct Page {
    pub locale: Locale,
    /// The logged-in user's name.
    pub user: Option<String>,
    pub is_admin: bool,
    /// The session's CSRF token, for the logout button (empty when nobody is logged in).
    pub csrf: String,
    /// This page's path, for the language switch to come back to.
    pub path: String,
    /// A form sent again was done already: the page says so above its content.
    pub already: bool,
}

impl Page {
    pub fn anonymous(locale: Locale, path: &str) -> Page {
        Page {
            locale,
            user: None,
            is_admin: false,
            csrf: String::new(),
            path: path.to_string(),
            already: false,
        }
    }

    /// A message of the catalogue in the page's language.
    pub fn t(&self, key: &str) -> String {
        self.locale.t(key)
    }

    pub fn lang(&self) -> &'static str {
        self.locale.tag()
    }

    /// The language switch's link to `tag`, coming back to this page.
    pub fn switch_href(&self, tag: &str) -> String {
        let next: String = url::form_urlencoded::byte_serialize(self.path.as_bytes()).collect();
        format!("/lang/{tag}?next={next}")
    }
}
