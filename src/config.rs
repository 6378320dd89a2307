//! Typed settings: defaults, then the environment and the command line (clap reads both),
//! validated once at start so a bad value fails with one clear line.

use crate::db::DbUrl;
use std::net::SocketAddr;
use std::time::Duration;

/// Whether the service is reached over HTTPS. kartl itself speaks plain HTTP; TLS ends at a
/// reverse proxy in front of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Https {
    /// Plain HTTP (a laptop at the club, local tests): cookies without `Secure`.
    #[default]
    Off,
    /// Always behind HTTPS: `Secure`, `__Host-` cookies and HSTS on every response.
    On,
    /// Trust the proxy's `X-Forwarded-Proto` and `X-Forwarded-For` per request. Only when
    /// nothing but the proxy can reach kartl, since any client could send these headers.
    Proxy,
}

/// Everything the service needs to start.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Where to listen; port 0 picks a free port (tests).
    pub bind: SocketAddr,
    pub database: DbUrl,
    pub https: Https,
    /// How long a request waits for a pooled connection before it fails (and `/healthz`
    /// reports 503).
    pub db_timeout: Duration,
    /// actix worker threads; `None`: one per core.
    pub workers: Option<usize>,
    /// How long the anonymous request that starts a public page's refresh waits for it
    /// before it is answered from the page kept (the refresh goes on; `web::public::cache`).
    pub refresh_wait: Duration,
    /// The time zone the pages show times in (the audit log, last entries); stored times
    /// stay UTC.
    pub time_zone: chrono_tz::Tz,
}

/// How long the request that starts a public page's refresh waits for it, unless configured
/// otherwise: a quiet refresh ends well within it (see `web::public::cache`).
pub const REFRESH_WAIT: Duration = Duration::from_millis(25);

/// The time zone unless configured otherwise (`--time-zone`, `KARTL_TIME_ZONE`).
pub const DEFAULT_TIME_ZONE: &str = "Europe/Vienna";

/// An IANA time zone name (`Europe/Vienna`, `Europe/Berlin`, `UTC`).
pub fn parse_time_zone(raw: &str) -> Result<chrono_tz::Tz, String> {
    raw.trim().parse::<chrono_tz::Tz>().map_err(|_| {
        format!(
            "unknown time zone {:?} (an IANA name such as Europe/Vienna)",
            raw.trim()
        )
    })
}

impl Settings {
    /// Validates raw values (from clap: flags, else `KARTL_BIND` / `DATABASE_URL` / ...,
    /// else the defaults).
    pub fn new(bind: &str, database: &str, https: Https) -> Result<Settings, String> {
        let bind = parse_bind(bind)?;
        let database = DbUrl::parse(database)?;
        Ok(Settings {
            bind,
            database,
            https,
            db_timeout: Duration::from_secs(5),
            workers: None,
            refresh_wait: REFRESH_WAIT,
            time_zone: chrono_tz::Europe::Vienna,
        })
    }

    /// The settings with the time zone named by `raw` (see [`parse_time_zone`]).
    pub fn with_time_zone(mut self, raw: &str) -> Result<Settings, String> {
        self.time_zone = parse_time_zone(raw)?;
        Ok(self)
    }
}

fn parse_bind(raw: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let raw = raw.trim();
    if let Ok(addr) = raw.parse::<SocketAddr>() {
        return Ok(addr);
    }
    // A host name such as `localhost:8080`.
    raw.to_socket_addrs()
        .ok()
        .and_then(|mut addrs| addrs.next())
        .ok_or_else(|| format!("cannot listen on {raw:?}: give an address such as 127.0.0.1:8080"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bad_values() {
        let s = Settings::new("127.0.0.1:8080", "kartl.db", Https::Off).unwrap();
        assert_eq!(s.bind.port(), 8080);
        assert!(!s.database.is_postgres());
        assert!(Settings::new("nonsense", "kartl.db", Https::Off).is_err());
        assert!(Settings::new("127.0.0.1:8080", "", Https::Off).is_err());
        assert_eq!(s.time_zone, chrono_tz::Europe::Vienna);
        assert!(s.clone().with_time_zone("Mars/Olympus").is_err());
        let berlin = s.with_time_zone("Europe/Berlin").map(|s| s.time_zone);
        assert_eq!(berlin, Ok(chrono_tz::Europe::Berlin));
    }
}
