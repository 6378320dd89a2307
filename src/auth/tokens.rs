//! Random secrets: session tokens, CSRF tokens and reset codes, and how they are stored
//! (only a SHA-256 digest, so a copy of the database hands out nothing).

use crate::error::AppError;
use sha2::{Digest, Sha256};

/// 32 random bytes as 64 hex digits.
pub fn random_token() -> Result<String, AppError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    Ok(hex(&bytes))
}

/// SHA-256 of a secret, as 64 hex digits: what the database keeps.
pub fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    out
}

/// Compares two secrets in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Letters and digits nobody misreads when a code is read out over the phone (no I, O, 0, 1).
const CODE_ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A one-time reset code: 12 symbols of 5 bits (60 bits), shown as `ABCD-EFGH-JKLM`.
pub fn reset_code() -> Result<String, AppError> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    let mut code = String::with_capacity(14);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            code.push('-');
        }
        code.push(char::from(CODE_ALPHABET[usize::from(b & 31)]));
    }
    Ok(code)
}

/// A typed-in code in the form it was hashed in: upper case, without spaces or dashes.
pub fn normalise_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_as_digests() {
        let a = random_token().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, random_token().unwrap());
        assert_eq!(digest(&a).len(), 64);
        assert!(same(&a, &a.clone()) && !same(&a, &random_token().unwrap()));
    }

    #[test]
    fn reset_codes_read_well_and_survive_retyping() {
        let code = reset_code().unwrap();
        assert_eq!(code.len(), 14);
        assert_eq!(
            normalise_code(&code.to_lowercase().replace('-', " ")),
            code.replace('-', "")
        );
    }
}
