//! A game's time control: time for the whole game and an increment added
//! after each move, written `MINUTES+SECONDS` (`5+3`). Only the setting
//! lives here; keeping time is the host's business, never the engine's.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// The longest time a game may be given, and the largest increment.
const MAX_BASE: Duration = Duration::from_secs(24 * 60 * 60);
const MAX_INCREMENT: Duration = Duration::from_secs(60 * 60);

/// Time per game plus an increment per move, both in milliseconds as the
/// protocol carries them (a test may give a game a few hundred).
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// A time control, if both times are within bounds (some time for the
    /// game, at most a day; an increment of at most an hour).
    pub fn new(base: Duration, increment: Duration) -> Result<TimeControl, String> {
        if base.is_zero() || base > MAX_BASE {
            return Err("a clock's time per game is more than 0 and at most 1440 minutes".into());
        }
        if increment > MAX_INCREMENT {
            return Err("a clock's increment is at most 3600 seconds".into());
        }
        Ok(TimeControl {
            base_ms: base.as_millis() as u64,
            increment_ms: increment.as_millis() as u64,
        })
    }

    /// The same bounds, for a time control that came from elsewhere.
    pub fn checked(self) -> Result<TimeControl, String> {
        TimeControl::new(self.base(), self.increment())
    }

    pub fn base(self) -> Duration {
        Duration::from_millis(self.base_ms)
    }

    pub fn increment(self) -> Duration {
        Duration::from_millis(self.increment_ms)
    }
}

impl FromStr for TimeControl {
    type Err = String;

    /// `MINUTES+SECONDS`, either of them with a decimal part (`0.5+2`).
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let wrong = || format!("a clock is MINUTES+SECONDS, like 5+3 (not {text:?})");
        let (minutes, seconds) = text.trim().split_once('+').ok_or_else(wrong)?;
        let number = |text: &str| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n >= 0.0 && *n <= 1e6)
                .ok_or_else(wrong)
        };
        let (minutes, seconds) = (number(minutes)?, number(seconds)?);
        TimeControl::new(
            Duration::from_secs_f64(minutes * 60.0),
            Duration::from_secs_f64(seconds),
        )
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Thousandths as a decimal, without trailing zeros.
        fn decimal(thousandths: u64) -> String {
            let text = format!("{}.{:03}", thousandths / 1000, thousandths % 1000);
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
        // Minutes to the thousandth; a test's clock of a few hundred
        // milliseconds still reads back the same.
        let minutes = match self.base_ms.is_multiple_of(60) {
            true => decimal(self.base_ms / 60),
            false => format!("{}", self.base_ms as f64 / 60_000.0),
        };
        write!(f, "{minutes}+{}", decimal(self.increment_ms))
    }
}

/// A time left as a clock shows it: `4:59`, `0:07.3` under ten seconds.
pub fn clock_face(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let seconds = tenths / 10;
    match seconds < 10 {
        true => format!("0:{:02}.{}", seconds, tenths % 10),
        false if seconds >= 3600 => format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        ),
        false => format!("{}:{:02}", seconds / 60, seconds % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_reads_and_writes_minutes_plus_seconds() {
        let clock: TimeControl = "5+3".parse().expect("a clock");
        assert_eq!(clock.base(), Duration::from_secs(300));
        assert_eq!(clock.increment(), Duration::from_secs(3));
        assert_eq!(clock.to_string(), "5+3");
        let half: TimeControl = " 0.5 + 2.5 ".parse().expect("a clock");
        assert_eq!(half.to_string(), "0.5+2.5");
        let tiny = TimeControl::new(Duration::from_millis(300), Duration::ZERO).expect("tiny");
        assert_eq!(tiny.to_string().parse::<TimeControl>(), Ok(tiny));
        for bad in ["5", "+3", "0+3", "x+1", "5+-1", "2000+0", "5+4000", "nan+1"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clock_face_shows_tenths_when_time_is_short() {
        assert_eq!(clock_face(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_face(Duration::from_millis(7_350)), "0:07.3");
        assert_eq!(clock_face(Duration::from_secs(3_725)), "1:02:05");
    }
}
