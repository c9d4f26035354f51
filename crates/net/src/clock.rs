//! A network game's clock, kept by whoever owns the game (the host, the
//! lobby server's room), never trusted from a peer: each side's time
//! left, the side to move's running down from when its turn began, the
//! increment added when a turn ends. The peers are told where it stands
//! after every change and count down between messages only for show.

use std::time::Duration;

use tokio::time::Instant;

use crate::event::ClockAfter;
use crate::protocol::{Message, Side};
use tabletop_engine::Player;
use tabletop_engine::time_control::{TimeControl, clock_face};

/// More time than a player can have left (a day's game and a week of
/// increments), so that no file can make a deadline overflow.
const MOST_LEFT: Duration = Duration::from_secs(8 * 24 * 60 * 60);

/// The clock of one game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub control: TimeControl,
    /// The first and the second player's time left, as of `since`.
    left: [Duration; 2],
    /// The side whose time runs, and since when.
    running: Option<(Player, Instant)>,
}

impl Clock {
    /// A clock not started yet, each side with the whole time.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base(); 2],
            running: None,
        }
    }

    /// A clock with these times left (a game loaded back), not running;
    /// a time longer than any game gets is cut to that.
    pub fn resumed(control: TimeControl, left: [Duration; 2]) -> Clock {
        Clock {
            control,
            left: left.map(|left| left.min(MOST_LEFT)),
            running: None,
        }
    }

    /// The clock an entry of a game's log kept, `ago` before `now`: the
    /// running side's time counts from then.
    pub fn restored(control: TimeControl, after: ClockAfter, ago: Duration, now: Instant) -> Clock {
        let left = after
            .left_ms
            .map(|ms| Duration::from_millis(ms).min(MOST_LEFT));
        let since = now.checked_sub(ago).unwrap_or(now);
        Clock {
            control,
            left,
            running: after.running.map(|side| (Player::from(side), since)),
        }
    }

    /// The clock as an entry of a game's log keeps it, at `now`.
    pub fn after(&self, now: Instant) -> ClockAfter {
        ClockAfter {
            left_ms: self.left(now).map(|left| left.as_millis() as u64),
            running: self.running.map(|(side, _)| Side::from(side)),
        }
    }

    /// Each side's time left at `now`.
    pub fn left(&self, now: Instant) -> [Duration; 2] {
        let mut left = self.left;
        if let Some((side, since)) = self.running {
            let spent = now.saturating_duration_since(since);
            left[side.index()] = left[side.index()].saturating_sub(spent);
        }
        left
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Starts (or goes on with) `to_move`'s time at `now`; the side whose
    /// turn just ended is charged and, if it is the other side, given
    /// the increment.
    pub fn turn(&mut self, to_move: Player, now: Instant) {
        self.left = self.left(now);
        if let Some((side, _)) = self.running
            && side != to_move
        {
            self.left[side.index()] += self.control.increment();
        }
        self.running = Some((to_move, now));
    }

    /// Hands the clock to `to_move` at `now` after a move was taken back:
    /// the side whose time ran is charged, with no increment (its turn
    /// did not end with a move).
    pub fn taken_back(&mut self, to_move: Player, now: Instant) {
        self.left = self.left(now);
        self.running = Some((to_move, now));
    }

    /// Stops the clock at `now` (the game is over or paused).
    pub fn stop(&mut self, now: Instant) {
        self.left = self.left(now);
        self.running = None;
    }

    /// When the running side's time runs out, and who that is.
    pub fn deadline(&self) -> Option<(Player, Instant)> {
        let (side, since) = self.running?;
        Some((side, since + self.left[side.index()]))
    }

    /// The clock as the peers are told it.
    pub fn message(&self, now: Instant) -> Message {
        let left = self.left(now).map(|left| left.as_millis() as u64);
        Message::Clock {
            left_ms: left,
            running: self.running.map(|(side, _)| Side::from(side)),
        }
    }
}

/// Each side's time left, as a line: `Clock: X 4:59 · O 5:00`.
pub fn clock_line(symbols: [char; 2], left: [Duration; 2]) -> String {
    format!(
        "Clock: {} {} · {} {}",
        symbols[0],
        clock_face(left[0]),
        symbols[1],
        clock_face(left[1])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_to_move_runs_down_and_gains_the_increment_when_its_turn_ends() {
        let control =
            TimeControl::new(Duration::from_secs(60), Duration::from_secs(2)).expect("a clock");
        let mut clock = Clock::new(control);
        let start = Instant::now();
        assert_eq!(clock.deadline(), None, "not started");
        clock.turn(Player::First, start);
        let later = start + Duration::from_secs(10);
        assert_eq!(clock.left(later)[0], Duration::from_secs(50));
        assert_eq!(
            clock.deadline(),
            Some((Player::First, start + Duration::from_secs(60)))
        );
        clock.turn(Player::Second, later);
        assert_eq!(
            clock.left(later),
            [Duration::from_secs(52), Duration::from_secs(60)]
        );
        // A second stone of the same turn gains nothing.
        clock.turn(Player::Second, later + Duration::from_secs(1));
        assert_eq!(
            clock.left(later + Duration::from_secs(1))[1],
            Duration::from_secs(59)
        );
        // A move taken back hands the clock over with nothing added.
        clock.taken_back(Player::First, later + Duration::from_secs(2));
        assert_eq!(
            clock.left(later + Duration::from_secs(2)),
            [Duration::from_secs(52), Duration::from_secs(58)]
        );
        // X moves at once: two seconds more.
        clock.turn(Player::Second, later + Duration::from_secs(2));
        clock.stop(later + Duration::from_secs(100));
        assert_eq!(
            clock.left(later + Duration::from_secs(500))[1],
            Duration::ZERO
        );
        assert_eq!(clock.deadline(), None);
        assert_eq!(
            clock.message(later),
            Message::Clock {
                left_ms: [54_000, 0],
                running: None
            }
        );
    }
}
