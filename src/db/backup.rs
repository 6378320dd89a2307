//! `kartl backup PATH`: a consistent copy of the database while the service keeps running.
//!
//! SQLite: `VACUUM INTO` a temporary file beside PATH. It reads inside one transaction, so the
//! copy is a snapshot of one moment even while scorers write (WAL lets them go on meanwhile);
//! the copy is synced to disk and only then put in place, so PATH is never half written.
//! PostgreSQL: `pg_dump --format=custom` (the password goes through `PGPASSWORD`, not the
//! command line, where other users could read it); without `pg_dump` on the PATH kartl says
//! so and names the command to run. Restoring is described in docs/reference/operations.md.
//!
//! An existing PATH is refused unless `force` is set: a backup must not silently replace an
//! older one that may be the only good copy.

use super::DbUrl;
use diesel::RunQueryDsl;
use std::path::{Path, PathBuf};

/// Writes the backup of `url` to `target`; returns what was done, for the operator.
pub fn backup(url: &DbUrl, target: &Path, force: bool) -> Result<String, String> {
    if target.exists() && !force {
        return Err(format!(
            "{} exists already; choose another path or pass --force to replace it",
            target.display()
        ));
    }
    let partial = partial_path(target)?;
    let _ = std::fs::remove_file(&partial);
    let result = match url {
        DbUrl::Sqlite(path) => sqlite(url, path, &partial),
        DbUrl::Postgres(raw) => postgres(raw, &partial),
    }
    .and_then(|()| sync(&partial))
    .and_then(|()| put_in_place(&partial, target, force));
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result.map(|()| format!("backup of {url} written to {}", target.display()))
}

/// A hidden file in the target's directory (the same file system, so the rename is atomic).
fn partial_path(target: &Path) -> Result<PathBuf, String> {
    let name = target
        .file_name()
        .ok_or_else(|| format!("{} is not a file path", target.display()))?
        .to_string_lossy();
    Ok(target.with_file_name(format!(".{name}.partial-{}", std::process::id())))
}

fn sqlite(url: &DbUrl, path: &Path, partial: &Path) -> Result<(), String> {
    if !path.is_file() {
        return Err(format!("{} is not an SQLite database file", path.display()));
    }
    let mut conn = super::open_one(url).map_err(|e| e.to_string())?;
    let quoted = partial.to_string_lossy().replace('\'', "''");
    diesel::sql_query(format!("VACUUM INTO '{quoted}'"))
        .execute(&mut conn)
        .map_err(|e| format!("VACUUM INTO failed: {e}"))?;
    Ok(())
}

fn postgres(raw: &str, partial: &Path) -> Result<(), String> {
    let mut url = url::Url::parse(raw).map_err(|e| format!("bad PostgreSQL URL: {e}"))?;
    let password = url.password().map(str::to_string);
    let _ = url.set_password(None);
    let mut command = std::process::Command::new("pg_dump");
    command
        .arg("--format=custom")
        .arg("--no-owner")
        .arg(format!("--file={}", partial.display()))
        .arg(format!("--dbname={url}"));
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let status = command.status().map_err(|e| {
        format!(
            "cannot run pg_dump ({e}); install the PostgreSQL client tools, or run \
             `pg_dump --format=custom --no-owner --file=PATH DATABASE_URL` yourself"
        )
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("pg_dump failed ({status})"))
    }
}

fn sync(partial: &Path) -> Result<(), String> {
    std::fs::File::open(partial)
        .and_then(|f| f.sync_all())
        .map_err(|e| format!("cannot sync {}: {e}", partial.display()))
}

/// Moves the finished copy to `target`. Without `force` a hard link, which fails rather than
/// replace a file that appeared in the meantime.
fn put_in_place(partial: &Path, target: &Path, force: bool) -> Result<(), String> {
    let moved = if force {
        std::fs::rename(partial, target)
    } else {
        std::fs::hard_link(partial, target).and_then(|()| std::fs::remove_file(partial))
    };
    moved.map_err(|e| format!("cannot write {}: {e}", target.display()))
}
