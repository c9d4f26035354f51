//! A game's clock at home (the full-screen app and the plain mode): each
//! side's time left, the side to move's running down from when its turn
//! began, the increment added when a turn ends, and who ran out. It reads
//! no clock of its own: every method is told the time (`now`), by the
//! app's [`TimeSource`], so that a test drives it with time it makes up.
//! The network's rooms use this same clock over tokio's time
//! (`tabletop_net::clock`).

use std::fmt;
use std::ops::{Add, Sub};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tabletop_engine::Player;
use tabletop_engine::time_control::{TimeControl, clock_face};

/// More time than a player can have left (a day's game and a week of
/// increments), so that no file can make a deadline overflow.
const MOST_LEFT: Duration = Duration::from_secs(8 * 24 * 60 * 60);

/// A point in time a clock can be told: the system's `Instant`, or in a
/// test a `Duration` since a made-up start.
pub trait Moment: Copy + Ord + Add<Duration, Output = Self> + Sub<Output = Duration> {
    /// The time from `earlier` to `self`, none if `earlier` is later.
    fn since(self, earlier: Self) -> Duration {
        match self > earlier {
            true => self - earlier,
            false => Duration::ZERO,
        }
    }
}

impl<T: Copy + Ord + Add<Duration, Output = T> + Sub<Output = Duration>> Moment for T {}

/// The clock of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock<T: Moment = Instant> {
    pub control: TimeControl,
    /// The first and the second player's time left, as of `running`'s
    /// start.
    left: [Duration; 2],
    /// The side whose time runs, and since when.
    running: Option<(Player, T)>,
}

impl<T: Moment> Clock<T> {
    /// A clock not started yet, each side with the whole time.
    pub fn new(control: TimeControl) -> Clock<T> {
        Clock {
            control,
            left: [control.base(); 2],
            running: None,
        }
    }

    /// A clock with these times left (a game loaded back), not running;
    /// a time longer than any game gets is cut to that.
    pub fn resumed(control: TimeControl, left: [Duration; 2]) -> Clock<T> {
        Clock {
            control,
            left: left.map(|left| left.min(MOST_LEFT)),
            running: None,
        }
    }

    /// Each side's time left at `now`.
    pub fn left(&self, now: T) -> [Duration; 2] {
        let mut left = self.left;
        if let Some((side, since)) = self.running {
            left[side.index()] = left[side.index()].saturating_sub(now.since(since));
        }
        left
    }

    /// The side whose time runs, if the clock runs.
    pub fn running(&self) -> Option<Player> {
        self.running.map(|(side, _)| side)
    }

    /// Starts (or goes on with) `to_move`'s time at `now`; the side whose
    /// turn just ended is charged and, if it is the other side, given
    /// the increment.
    pub fn turn(&mut self, to_move: Player, now: T) {
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
    pub fn taken_back(&mut self, to_move: Player, now: T) {
        self.left = self.left(now);
        self.running = Some((to_move, now));
    }

    /// Stops the clock at `now` (the game is over or paused).
    pub fn stop(&mut self, now: T) {
        self.left = self.left(now);
        self.running = None;
    }

    /// The side that has run out of time at `now`, if one has: its flag
    /// fell, and it loses.
    pub fn fallen(&self, now: T) -> Option<Player> {
        let side = self.running()?;
        self.left(now)[side.index()].is_zero().then_some(side)
    }

    /// When the running side's time runs out, and who that is.
    pub fn deadline(&self) -> Option<(Player, T)> {
        let (side, since) = self.running?;
        Some((side, since + self.left[side.index()]))
    }

    /// How long until the running side's flag falls, from `now`.
    pub fn until_fall(&self, now: T) -> Option<Duration> {
        let side = self.running()?;
        Some(self.left(now)[side.index()])
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

/// Where a front end reads the time: the system's clock, or one a test
/// sets and moves on by hand (a value handed to the screen or the plain
/// mode, never a global).
#[derive(Clone, Default)]
pub enum TimeSource {
    #[default]
    System,
    /// Made-up time: it stands still until moved on.
    Fake(Arc<Mutex<Instant>>),
}

impl TimeSource {
    /// Made-up time, starting at some instant.
    pub fn fake() -> TimeSource {
        TimeSource::Fake(Arc::new(Mutex::new(Instant::now())))
    }

    /// The time now.
    pub fn now(&self) -> Instant {
        match self {
            TimeSource::System => Instant::now(),
            TimeSource::Fake(now) => *now.lock().unwrap_or_else(|p| p.into_inner()),
        }
    }

    /// Moves made-up time on by `by` (the system's own cannot be moved).
    pub fn advance(&self, by: Duration) {
        if let TimeSource::Fake(now) = self {
            let mut now = now.lock().unwrap_or_else(|p| p.into_inner());
            *now += by;
        }
    }
}

impl fmt::Debug for TimeSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSource::System => f.write_str("TimeSource::System"),
            TimeSource::Fake(_) => f.write_str("TimeSource::Fake"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn the_side_to_move_runs_down_gains_its_increment_and_its_flag_falls() {
        let control = TimeControl::new(seconds(60), seconds(2)).expect("a clock");
        // Made-up time: seconds since a start of the test's own.
        let mut clock: Clock<Duration> = Clock::new(control);
        assert_eq!(clock.running(), None);
        clock.turn(Player::First, seconds(0));
        assert_eq!(clock.left(seconds(10)), [seconds(50), seconds(60)]);
        clock.turn(Player::Second, seconds(10));
        assert_eq!(clock.left(seconds(10)), [seconds(52), seconds(60)]);
        // A second stone of the same turn gains nothing.
        clock.turn(Player::Second, seconds(11));
        assert_eq!(clock.left(seconds(11))[1], seconds(59));
        // A move taken back hands the clock over with nothing added.
        clock.taken_back(Player::First, seconds(12));
        assert_eq!(clock.left(seconds(12)), [seconds(52), seconds(58)]);
        assert_eq!(clock.fallen(seconds(63)), None);
        assert_eq!(clock.deadline(), Some((Player::First, seconds(64))));
        assert_eq!(clock.until_fall(seconds(63)), Some(seconds(1)));
        assert_eq!(clock.fallen(seconds(64)), Some(Player::First));
        assert_eq!(clock.left(seconds(100))[0], Duration::ZERO);
        // Stopped (the game left), it keeps its times.
        clock.stop(seconds(13));
        assert_eq!(clock.left(seconds(500)), [seconds(51), seconds(58)]);
        assert_eq!(clock.fallen(seconds(500)), None);
        assert_eq!(clock.deadline(), None);
    }

    #[test]
    fn a_clock_resumed_keeps_its_times_within_bounds() {
        let control = TimeControl::new(seconds(300), seconds(3)).expect("a clock");
        let clock: Clock<Duration> = Clock::resumed(control, [seconds(12), seconds(u64::MAX / 2)]);
        assert_eq!(clock.left(seconds(0)), [seconds(12), MOST_LEFT]);
        assert_eq!(
            clock_line(['X', 'O'], clock.left(seconds(0)))[..13],
            *"Clock: X 0:12"
        );
    }

    #[test]
    fn made_up_time_stands_still_until_moved_on() {
        let time = TimeSource::fake();
        let start = time.now();
        assert_eq!(time.now(), start);
        time.advance(seconds(90));
        assert_eq!(time.now() - start, seconds(90));
    }
}
