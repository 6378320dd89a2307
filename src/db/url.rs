//! Which database a URL names, and how to print it without its password.

use std::fmt;
use std::path::PathBuf;

/// A database location, chosen by the URL's scheme: `postgres://` or `postgresql://` selects
/// PostgreSQL; `sqlite://PATH` or a plain path selects an SQLite file.
#[derive(Clone, PartialEq, Eq)]
pub enum DbUrl {
    Postgres(String),
    Sqlite(PathBuf),
}

impl DbUrl {
    pub fn parse(raw: &str) -> Result<DbUrl, String> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err("the database URL is empty".into());
        }
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            url::Url::parse(raw)
                .map_err(|e| format!("the database URL {} is not a valid URL: {e}", redact(raw)))?;
            return Ok(DbUrl::Postgres(raw.to_string()));
        }
        if let Some(path) = raw.strip_prefix("sqlite://") {
            return Ok(DbUrl::Sqlite(PathBuf::from(path)));
        }
        if let Some((scheme, _)) = raw.split_once("://") {
            return Err(format!(
                "the database URL {} has the scheme {scheme}: use postgres:// or an SQLite file path",
                redact(raw)
            ));
        }
        Ok(DbUrl::Sqlite(PathBuf::from(raw)))
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, DbUrl::Postgres(_))
    }
}

/// The URL as it may be shown and logged: the password replaced by `***`.
impl fmt::Display for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbUrl::Postgres(url) => f.write_str(&redact(url)),
            DbUrl::Sqlite(path) => write!(f, "sqlite://{}", path.display()),
        }
    }
}

/// Never prints the password, even by accident in a `{:?}`.
impl fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DbUrl({self})")
    }
}

/// Replaces the password of a URL (also a `password=` query parameter) with `***`.
pub fn redact(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut url) => {
            if url.password().is_some() {
                // Only fails for URLs that cannot have a password, and this one has one.
                let _ = url.set_password(Some("***"));
            }
            if url.query_pairs().any(|(k, _)| k == "password") {
                let pairs: Vec<(String, String)> = url
                    .query_pairs()
                    .map(|(k, v)| {
                        let v = if k == "password" {
                            "***".into()
                        } else {
                            v.into_owned()
                        };
                        (k.into_owned(), v)
                    })
                    .collect();
                url.query_pairs_mut().clear().extend_pairs(pairs);
            }
            url.to_string()
        }
        // Not parseable: cut everything between "://" and "@", where a password would be.
        Err(_) => match (raw.find("://"), raw.rfind('@')) {
            (Some(start), Some(at)) if at > start => {
                format!("{}***{}", &raw[..start + 3], &raw[at..])
            }
            _ => raw.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postgres_url_is_shown_without_its_password() {
        let url = DbUrl::parse("postgres://kartl:s3cret@db.example:5432/kartl").unwrap();
        assert!(url.is_postgres());
        assert_eq!(
            url.to_string(),
            "postgres://kartl:***@db.example:5432/kartl"
        );
        assert!(!format!("{url:?}").contains("s3cret"));
        assert!(!redact("postgres://h/db?password=s3cret").contains("s3cret"));
    }

    #[test]
    fn a_plain_path_or_sqlite_url_selects_sqlite() {
        assert_eq!(
            DbUrl::parse("kartl.db").unwrap(),
            DbUrl::Sqlite("kartl.db".into())
        );
        assert_eq!(
            DbUrl::parse("sqlite:///tmp/k.db").unwrap(),
            DbUrl::Sqlite("/tmp/k.db".into())
        );
        assert!(DbUrl::parse("mysql://x/y").is_err());
    }
}
