//! Reading a Hex pattern-weights file named on an example's command line
//! (the library itself reads no files).

use tabletop_ai::hex::patterns::Gammas;

/// The gammas in the file at `path`, or the message to show.
pub fn read_gammas(path: &str) -> Result<Gammas, String> {
    std::fs::read(path)
        .ok()
        .and_then(|bytes| Gammas::from_bytes(&bytes))
        .ok_or_else(|| format!("{path} is not a gammas file"))
}
