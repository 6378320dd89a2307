//! The database of one harness run: an SQLite file in a temp dir, or a fresh PostgreSQL
//! database on the server `KARTL_TEST_POSTGRES_URL` names (dropped afterwards).

use diesel::{Connection, PgConnection, RunQueryDsl};
use kartl::db::{DbConn, DbUrl};

pub const POSTGRES_ENV: &str = "KARTL_TEST_POSTGRES_URL";

/// The PostgreSQL server to create databases on, if one is configured.
pub fn postgres_server() -> Option<String> {
    std::env::var(POSTGRES_ENV)
        .ok()
        .filter(|u| !u.is_empty())
        .map(super::absent::without_tls)
}

pub struct HarnessDb {
    pub url: String,
    dir: Option<tempfile::TempDir>,
    postgres: Option<(String, String)>,
}

impl HarnessDb {
    /// An SQLite file in a new temp dir (the dir also holds the fsync probe of the bench).
    pub fn sqlite() -> HarnessDb {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = dir.path().join("kartl.db").display().to_string();
        HarnessDb {
            url,
            dir: Some(dir),
            postgres: None,
        }
    }

    /// A new database on `server`.
    pub fn postgres(server: &str) -> HarnessDb {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("random");
        let name = format!("kartl_harness_{}", u64::from_le_bytes(bytes));
        let mut conn = PgConnection::establish(server)
            .unwrap_or_else(|e| panic!("{POSTGRES_ENV}: cannot connect: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .expect("create database");
        let mut url = url::Url::parse(server).expect("postgres URL");
        url.set_path(&name);
        HarnessDb {
            url: url.to_string(),
            dir: None,
            postgres: Some((server.to_string(), name)),
        }
    }

    pub fn is_sqlite(&self) -> bool {
        self.dir.is_some()
    }

    /// The directory of the SQLite file.
    pub fn dir(&self) -> Option<&std::path::Path> {
        self.dir.as_ref().map(|d| d.path())
    }

    /// One connection of kartl's own kind (migrations applied, SQLite's pragmas set).
    pub fn connect(&self) -> DbConn {
        let url = DbUrl::parse(&self.url).expect("database URL");
        kartl::db::open_one(&url).expect("open the database")
    }
}

impl Drop for HarnessDb {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.postgres
            && let Ok(mut conn) = PgConnection::establish(server)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut conn);
        }
    }
}
