//! A network game's clock, kept by whoever owns the game (the host, the
//! lobby server's room), never trusted from a peer. It is the clock of
//! games at home (`tabletop_core::clock`, one set of rules for both) over
//! tokio's time; this file adds how it is written in a game's log and
//! told to the peers, who count down between messages only for show.

use std::time::Duration;

use tokio::time::Instant;

use crate::event::ClockAfter;
use crate::protocol::{Message, Side};
use tabletop_core::clock::Moment;
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

pub use tabletop_core::clock::clock_line;

/// The clock of one network game.
pub type Clock = tabletop_core::clock::Clock<Instant>;

/// The clock an entry of a game's log kept, `ago` before `now`: the
/// running side's time counts from then.
pub fn restored(control: TimeControl, after: ClockAfter, ago: Duration, now: Instant) -> Clock {
    let left = after.left_ms.map(Duration::from_millis);
    let mut clock = Clock::resumed(control, left);
    if let Some(side) = after.running {
        let since = now.checked_sub(ago).unwrap_or(now);
        clock.turn(Player::from(side), since);
    }
    clock
}

/// The clock as an entry of a game's log keeps it, at `now`.
pub fn after(clock: &Clock, now: Instant) -> ClockAfter {
    ClockAfter {
        left_ms: millis(clock, now),
        running: clock.running().map(Side::from),
    }
}

/// The clock as the peers are told it, at `now`.
pub fn message(clock: &Clock, now: Instant) -> Message {
    Message::Clock {
        left_ms: millis(clock, now),
        running: clock.running().map(Side::from),
    }
}

fn millis<T: Moment>(clock: &tabletop_core::clock::Clock<T>, now: T) -> [u64; 2] {
    clock
        .left(now)
        .map(|left| u64::try_from(left.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn a_clock_goes_through_the_log_and_the_wire_as_it_stands() {
        let control = TimeControl::new(seconds(60), seconds(2)).expect("a clock");
        let start = Instant::now();
        let mut clock = Clock::new(control);
        clock.turn(Player::First, start);
        clock.turn(Player::Second, start + seconds(10));
        let now = start + seconds(15);
        let kept = after(&clock, now);
        assert_eq!(kept.left_ms, [52_000, 55_000]);
        assert_eq!(kept.running, Some(Side::from(Player::Second)));
        // Read back 3 s later, the running side has lost those 3 s too.
        let back = restored(control, kept, seconds(3), now + seconds(3));
        assert_eq!(back.left(now + seconds(3)), [seconds(52), seconds(52)]);
        // It falls when the 55 s it had when the entry was made are gone.
        assert_eq!(back.deadline(), Some((Player::Second, now + seconds(55))));
        let mut stopped = back.clone();
        stopped.stop(now + seconds(3));
        assert_eq!(
            message(&stopped, now + seconds(100)),
            Message::Clock {
                left_ms: [52_000, 52_000],
                running: None
            }
        );
    }
}
