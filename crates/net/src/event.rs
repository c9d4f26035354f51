//! What happens in a game, as its owner decides it and a lobby server's
//! database keeps it: one entry of a game's log, numbered in order. The
//! one-game host applies each at once; the lobby server commits each to
//! its database first, then applies it, and every server following the
//! game applies the same entries in the same order.

use serde::{Deserialize, Serialize};

use crate::protocol::{Proposal, Side};

/// One thing that happened in a game.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Happened {
    /// A player took their seat (the first time, or back); `server` is
    /// the server its connection is on. With `both_here`, the other seat
    /// has its player too (or the computer): a clock not running starts.
    Seated {
        side: Side,
        name: String,
        #[serde(default)]
        server: String,
        #[serde(default)]
        both_here: bool,
    },
    /// A seated player's connection ended.
    Away {
        side: Side,
    },
    Moved {
        side: Side,
        #[serde(rename = "move")]
        mv: String,
    },
    Resigned {
        side: Side,
    },
    /// A draw offer or an undo request.
    Offered {
        side: Side,
        what: Proposal,
    },
    /// The answer to the other side's offer.
    Answered {
        side: Side,
        what: Proposal,
        accept: bool,
    },
    Chat {
        side: Side,
        text: String,
    },
    /// `side` ran out of time.
    OutOfTime {
        side: Side,
    },
    /// `side` claimed the win against its absent opponent.
    Claimed {
        side: Side,
    },
    /// An open game nobody joined, whose creator had left, was ended.
    Expired,
}

/// Where a game's clock stands after an entry.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClockAfter {
    /// Each side's time left, in milliseconds, at the entry's time.
    pub left_ms: [u64; 2],
    /// The side whose time runs from then on, if it runs.
    pub running: Option<Side>,
}

/// An entry of a game's log.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct Logged {
    /// Its place in the game's log, from 1; the database lets only one
    /// entry have each number.
    pub seq: u64,
    /// When it happened, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    pub happened: Happened,
    /// The clock after it, in a game played on one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockAfter>,
}

impl Logged {
    /// The entry as the database keeps it.
    pub fn to_json(&self) -> String {
        // Strings, numbers and enums of them always serialise.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An entry the database kept; why not, for one that is not.
    pub fn from_json(text: &str) -> Result<Logged, String> {
        serde_json::from_str(text)
            .map_err(|error| format!("a log entry that does not read: {error}"))
    }
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_it_was_written() {
        let entry = Logged {
            seq: 3,
            at_ms: 1_700_000_000_000,
            happened: Happened::Moved {
                side: Side::Second,
                mv: "C3".into(),
            },
            clock: Some(ClockAfter {
                left_ms: [1, 2],
                running: Some(Side::First),
            }),
        };
        let text = entry.to_json();
        assert!(text.contains("\"kind\":\"moved\""), "{text}");
        assert_eq!(Logged::from_json(&text), Ok(entry));
        assert!(Logged::from_json("{}").is_err());
    }
}
