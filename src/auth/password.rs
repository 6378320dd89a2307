//! Password hashing: argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane).
//! Hashing takes tens of milliseconds, so callers run it through [`crate::blocking`].

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};

/// Shortest password accepted: 12 characters.
pub const MIN_LEN: usize = 12;
/// Longest accepted, so nobody makes the server hash megabytes.
pub const MAX_LEN: usize = 1000;

/// The stored hash of an account that has no password yet (a new secretary, before the reset
/// code is used): no password verifies against it.
pub const UNUSABLE: &str = "!";

pub struct Hasher {
    argon2: Argon2<'static>,
    /// At most this many hashes at once: each takes 19 MiB, and a burst of logins must not
    /// take the machine's memory with it.
    permits: Permits,
    /// Verified against when the account does not exist (or has no password), so an unknown
    /// name costs the same time as a known one.
    dummy: String,
    /// How many argon2 computations this hasher has done since it was made (the dummy's own
    /// excluded): the login tests prove with it that a throttled guess costs no hash.
    computed: AtomicU64,
}

impl Hasher {
    pub fn new() -> Result<Hasher, String> {
        let params = Params::new(19 * 1024, 2, 1, None).map_err(|e| e.to_string())?;
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let dummy = argon2
            .hash_password(b"kartl: no such account")
            .map_err(|e| e.to_string())?
            .to_string();
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Ok(Hasher {
            argon2,
            dummy,
            permits: Permits::new(cores * 2),
            computed: AtomicU64::new(0),
        })
    }

    /// The number of hashes computed so far (by [`Hasher::hash`] and [`Hasher::verify`]).
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    pub fn hash(&self, password: &str) -> Result<String, String> {
        let _permit = self.permits.acquire();
        self.computed.fetch_add(1, Ordering::Relaxed);
        self.argon2
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    }

    /// Checks `password` against `stored` (`None`: no such account), always doing one full
    /// argon2 computation.
    pub fn verify(&self, password: &str, stored: Option<&str>) -> bool {
        let (phc, real) = match stored {
            Some(h) if h != UNUSABLE => (h, true),
            _ => (self.dummy.as_str(), false),
        };
        let Ok(parsed) = PasswordHash::new(phc) else {
            return false;
        };
        let _permit = self.permits.acquire();
        self.computed.fetch_add(1, Ordering::Relaxed);
        self.argon2
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
            && real
    }
}

/// A counting semaphore for the blocking threads that hash.
struct Permits {
    free: Mutex<usize>,
    returned: Condvar,
}

struct Permit<'a>(&'a Permits);

impl Permits {
    fn new(count: usize) -> Permits {
        Permits {
            free: Mutex::new(count.max(1)),
            returned: Condvar::new(),
        }
    }

    fn acquire(&self) -> Permit<'_> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.returned.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        Permit(self)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.returned.notify_one();
    }
}

/// Why a new password is refused (a message key of the catalogues).
pub fn check_new(password: &str, repeated: &str) -> Result<(), &'static str> {
    let len = password.chars().count();
    if len < MIN_LEN {
        return Err("error-password-short");
    }
    if password.len() > MAX_LEN {
        return Err("error-password-long");
    }
    if password != repeated {
        return Err("error-password-mismatch");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let h = Hasher::new().unwrap();
        let stored = h.hash("correct horse battery").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(h.verify("correct horse battery", Some(&stored)));
        assert!(!h.verify("wrong horse battery", Some(&stored)));
        assert!(!h.verify("kartl: no such account", None));
        assert!(!h.verify("", Some(UNUSABLE)));
        assert_eq!(h.computed(), 5, "one hash and four verifications");
    }

    #[test]
    fn new_passwords_need_twelve_characters_typed_twice() {
        assert_eq!(check_new("short", "short"), Err("error-password-short"));
        assert_eq!(
            check_new("twelve chars", "twelve charz"),
            Err("error-password-mismatch")
        );
        assert_eq!(check_new("zwölf Zeichen", "zwölf Zeichen"), Ok(()));
    }
}
