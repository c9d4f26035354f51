//! Who plays each side: a person, or the computer at some level.

use std::fmt;
use std::str::FromStr;

use crate::ai::{Level, LevelError};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Seat {
    #[default]
    Human,
    Computer(Level),
}

impl Seat {
    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer(_))
    }
}

impl FromStr for Seat {
    type Err = String;

    /// `human`, `ai` (level 3), `ai:5` (also `computer`, `computer:5`).
    fn from_str(text: &str) -> Result<Seat, String> {
        let text = text.trim().to_ascii_lowercase();
        let (kind, level) = match text.split_once(':') {
            Some((kind, level)) => (kind, Some(level)),
            None => (text.as_str(), None),
        };
        match (kind, level) {
            ("human", None) => Ok(Seat::Human),
            ("ai" | "computer", None) => Ok(Seat::Computer(Level::DEFAULT)),
            ("ai" | "computer", Some(level)) => level
                .parse()
                .map(Seat::Computer)
                .map_err(|e: LevelError| e.to_string()),
            _ => Err(format!(
                "a player is human, ai or ai:LEVEL with LEVEL 1 to 5 (got {text:?})"
            )),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => write!(f, "ai:{level}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_and_write_the_same() {
        for text in ["human", "ai:1", "ai:3", "ai:5"] {
            let seat: Seat = text.parse().expect("valid");
            assert_eq!(seat.to_string(), text);
        }
        assert_eq!("ai".parse(), Ok(Seat::Computer(Level::DEFAULT)));
        assert_eq!(
            "Computer:2".parse::<Seat>().map(|s| s.to_string()),
            Ok("ai:2".to_string())
        );
        for bad in ["ai:0", "ai:6", "robot", "human:3", "ai:x", ""] {
            assert!(bad.parse::<Seat>().is_err(), "{bad}");
        }
    }
}
