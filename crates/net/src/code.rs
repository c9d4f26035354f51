//! Join and watch codes: 80 random bits from the operating system, written
//! in Crockford's base 32 as four groups of four (`7QKD-M2XA-0FJ9-RZ4C`),
//! read back forgivingly (any case, dashes and spaces anywhere, `O` for
//! `0`, `I` and `L` for `1`) and compared in constant time.

use std::fmt;
use std::str::FromStr;

/// The code's bits: 80, beyond guessing over a network.
const BYTES: usize = 10;

/// Crockford's base 32: no `I`, `L`, `O` or `U` to misread.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The refusal of what does not read as a code at all: no guess at one,
/// so not counted among an address's wrong codes.
pub const NOT_A_CODE: &str =
    "that is not a code: a code is four groups of four letters and digits (7QKD-M2XA-0FJ9-RZ4C)";

/// A secret that lets its holder into a game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Code([u8; BYTES]);

impl Code {
    /// A new code from the operating system's random source.
    pub fn random() -> Result<Code, getrandom::Error> {
        let mut bytes = [0; BYTES];
        getrandom::fill(&mut bytes)?;
        Ok(Code(bytes))
    }

    /// Whether `given` is this code, taking as long whatever it is, so
    /// that the time of a refusal says nothing of how close a guess was.
    pub fn matches(&self, given: &str) -> bool {
        let other = given.parse::<Code>().unwrap_or(Code([0; BYTES]));
        let differ = self
            .0
            .iter()
            .zip(other.0)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        // A code that does not read is refused even if all-zero matched.
        std::hint::black_box(differ) == 0 && given.parse::<Code>().is_ok()
    }
}

impl Code {
    /// What a server keeps of a code instead of the code: its SHA-256
    /// digest, in hex, of its written form. A lookup by digest says
    /// nothing of near misses.
    pub fn digest(&self) -> String {
        use sha2::{Digest, Sha256};
        Sha256::digest(self.to_string().as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bits = self
            .0
            .iter()
            .fold(0u128, |acc, &b| acc << 8 | u128::from(b));
        let digits: Vec<char> = (0..16)
            .rev()
            .map(|i| char::from(ALPHABET[(bits >> (i * 5)) as usize & 31]))
            .collect();
        let groups: Vec<String> = digits.chunks(4).map(|g| g.iter().collect()).collect();
        f.write_str(&groups.join("-"))
    }
}

impl fmt::Debug for Code {
    /// Never printed in full by accident (logs, panics).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Code(..)")
    }
}

/// Text that is not a code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NotACode;

impl fmt::Display for NotACode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a code (16 letters and digits, such as 7QKD-M2XA-0FJ9-RZ4C)")
    }
}

impl std::error::Error for NotACode {}

impl FromStr for Code {
    type Err = NotACode;
    fn from_str(text: &str) -> Result<Code, NotACode> {
        let mut bits = 0u128;
        let mut count = 0;
        for c in text.chars().filter(|&c| c != '-' && c != ' ') {
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            let value = ALPHABET
                .iter()
                .position(|&a| char::from(a) == c)
                .ok_or(NotACode)?;
            count += 1;
            if count > 16 {
                return Err(NotACode);
            }
            bits = bits << 5 | value as u128;
        }
        if count != 16 {
            return Err(NotACode);
        }
        let mut bytes = [0; BYTES];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = (bits >> (8 * (BYTES - 1 - i))) as u8;
        }
        Ok(Code(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_forgivingly() {
        let code = Code::random().expect("the OS has randomness");
        let text = code.to_string();
        assert_eq!(text.len(), 19, "{text}");
        assert_eq!(text.parse(), Ok(code));
        assert!(code.matches(&text.to_lowercase().replace('-', " ")));
        assert!(code.matches(&text.replace('0', "o").replace('1', "l")));
        assert_eq!(format!("{code:?}"), "Code(..)");
    }

    #[test]
    fn other_codes_and_junk_do_not_match() {
        let code = Code::random().expect("the OS has randomness");
        let other = Code::random().expect("the OS has randomness");
        assert_ne!(code, other, "80 random bits do not repeat");
        assert!(!code.matches(&other.to_string()));
        let zero = Code([0; BYTES]);
        assert!(zero.matches("0000-0000-0000-0000"));
        for junk in [
            "",
            "0000",
            "0000-0000-0000-0000-0",
            "UUUU-0000-0000-0000",
            "é",
        ] {
            assert!(!zero.matches(junk), "{junk}");
        }
    }
}
