//! The time a controller gives the engine: GTP's `time_settings` (main
//! time, then byo-yomi periods of so many seconds for so many moves) and
//! `time_left`, turned into the time one move may take. With no time
//! given, or no limit, every level keeps its own time a move.

use std::time::Duration;

use tabletop_engine::Player;

/// A main time is spread as if this many moves were still to come, so it
/// is never used up however long the game goes on.
const MOVES_AHEAD: u32 = 25;
/// Kept back from every move for the controller's and the pipes' delays.
const MARGIN: Duration = Duration::from_millis(100);
/// The least time a move is given, even when there is less.
const LEAST: Duration = Duration::from_millis(20);
/// More seconds than any controller means: larger figures are refused.
const MOST_SECONDS: f64 = 1e7;

/// What the controller has said about time, and what is left of ours.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GtpClock {
    /// `None`: no limit (never told, or told there is none).
    limits: Option<Limits>,
    /// Each side's time left in its current period, and the moves it is
    /// for (0 in the main time).
    left: [Period; 2],
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Limits {
    main: Duration,
    byo_yomi: Duration,
    stones: u32,
}

impl Limits {
    /// A fresh byo-yomi period.
    fn byo_yomi_period(&self) -> Period {
        Period {
            time: self.byo_yomi,
            stones: self.stones,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Period {
    time: Duration,
    stones: u32,
}

impl GtpClock {
    /// `time_settings MAIN BYO_YOMI STONES` (seconds, seconds, moves). A
    /// byo-yomi time with no stones means no limit, as GTP says; so does
    /// no time at all.
    pub fn set(&mut self, args: &[&str]) -> Result<(), String> {
        let [main, byo_yomi, stones] = args else {
            return Err("time_settings needs main time, byo-yomi time and stones".to_string());
        };
        let (main, byo_yomi) = (seconds(main)?, seconds(byo_yomi)?);
        let stones = count(stones)?;
        let unlimited = (stones == 0 && !byo_yomi.is_zero()) || (main + byo_yomi).is_zero();
        let limits = Limits {
            main,
            byo_yomi,
            stones,
        };
        self.limits = (!unlimited).then_some(limits);
        let start = if main.is_zero() {
            limits.byo_yomi_period()
        } else {
            Period {
                time: main,
                stones: 0,
            }
        };
        self.left = [start; 2];
        Ok(())
    }

    /// `time_left COLOR TIME STONES`: the time `player` has left in the
    /// period, and its moves (0 in the main time).
    pub fn left(&mut self, player: Player, time: &str, stones: &str) -> Result<(), String> {
        self.left[player.index()] = Period {
            time: seconds(time)?,
            stones: count(stones)?,
        };
        Ok(())
    }

    /// The time `player`'s next move may take: `own` (the level's own
    /// time a move) as the longest for a level that keeps to it, else what
    /// the clock allows.
    pub fn budget(&self, player: Player, own: Duration, keeps_to_own: bool) -> Duration {
        let Some(limits) = self.limits else {
            return own;
        };
        let Period { time, stones } = self.left[player.index()];
        let allowed = if stones > 0 {
            time / stones
        } else {
            // In the main time, the byo-yomi to come is safe to count on.
            let after = match limits.stones {
                0 => Duration::ZERO,
                n => limits.byo_yomi / n,
            };
            time / MOVES_AHEAD + after
        };
        let allowed = (allowed.mul_f64(0.9).saturating_sub(MARGIN)).max(LEAST);
        if keeps_to_own {
            allowed.min(own)
        } else {
            allowed
        }
    }

    /// Counts `taken` against `player`'s time left, for controllers that
    /// do not say it with `time_left` before each move.
    pub fn spent(&mut self, player: Player, taken: Duration) {
        let Some(limits) = self.limits else {
            return;
        };
        let left = &mut self.left[player.index()];
        // The main time or the period used up, or the period's last move
        // made: a fresh byo-yomi period.
        if left.time <= taken || left.stones == 1 {
            *left = limits.byo_yomi_period();
        } else {
            left.time -= taken;
            // 0 in the main time, which counts no moves.
            left.stones = left.stones.saturating_sub(1);
        }
    }
}

fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MOST_SECONDS).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("{text:?} is not a number of seconds")),
    }
}

fn count(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| format!("{text:?} is not a number of stones"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN: Duration = Duration::from_millis(1900);

    fn clock(settings: &str) -> GtpClock {
        let mut clock = GtpClock::default();
        let args: Vec<&str> = settings.split_whitespace().collect();
        clock.set(&args).expect("good settings");
        clock
    }

    #[test]
    fn without_a_limit_each_level_keeps_its_own_time() {
        assert_eq!(GtpClock::default().budget(Player::First, OWN, false), OWN);
        // Byo-yomi time with no stones, or no time at all: no limit.
        assert_eq!(clock("0 5 0").budget(Player::First, OWN, false), OWN);
        assert_eq!(clock("0 0 0").budget(Player::First, OWN, true), OWN);
    }

    #[test]
    fn a_time_a_move_is_used_less_a_margin_and_a_gentle_level_keeps_to_its_own() {
        // Canadian byo-yomi of 10 s a move from the start.
        let ten = clock("0 10 1");
        assert_eq!(
            ten.budget(Player::First, OWN, false),
            Duration::from_millis(8_900)
        );
        assert_eq!(ten.budget(Player::First, OWN, true), OWN);
        // One second a move: less than the level's own.
        let one = clock("0 1 1");
        assert_eq!(
            one.budget(Player::First, OWN, false),
            Duration::from_millis(800)
        );
        assert_eq!(
            one.budget(Player::First, OWN, true),
            Duration::from_millis(800)
        );
    }

    #[test]
    fn a_main_time_is_spread_over_the_moves_to_come_and_never_used_up() {
        let mut clock = clock("250 0 0");
        let first = clock.budget(Player::First, OWN, false);
        assert_eq!(first, Duration::from_millis(8_900));
        let mut total = Duration::ZERO;
        for _ in 0..200 {
            let move_time = clock.budget(Player::First, OWN, false);
            assert!(move_time >= LEAST);
            total += move_time;
            clock.spent(Player::First, move_time);
        }
        assert!(total < Duration::from_secs(250), "{total:?}");
        assert!(clock.left[0].time > Duration::ZERO);
    }

    #[test]
    fn the_controllers_time_left_wins_and_periods_are_counted() {
        let mut clock = clock("60 30 5");
        clock.left(Player::Second, "12", "3").expect("good");
        assert_eq!(
            clock.budget(Player::Second, OWN, false),
            Duration::from_millis(3_500)
        );
        // The other side still has its main time (60 s / 25, and a byo-yomi
        // move to come).
        assert_eq!(
            clock.budget(Player::First, OWN, false),
            Duration::from_millis(7_460)
        );
        // Our own count: 5 moves in a period, then a fresh period.
        clock.set(&["0", "30", "5"]).expect("good");
        for _ in 0..5 {
            clock.spent(Player::First, Duration::from_secs(1));
        }
        assert_eq!(
            clock.left[0],
            Period {
                time: Duration::from_secs(30),
                stones: 5
            }
        );
        // The main time run out: byo-yomi.
        clock.set(&["10", "30", "5"]).expect("good");
        clock.spent(Player::First, Duration::from_secs(11));
        assert_eq!(clock.left[0].stones, 5);
    }

    #[test]
    fn bad_figures_are_refused_and_change_nothing() {
        let mut clock = clock("0 10 1");
        for bad in [
            &["1", "2"][..],
            &["-1", "0", "0"],
            &["1", "NaN", "0"],
            &["1", "1e300", "0"],
            &["1", "0", "-3"],
            &["1", "0", "2.5"],
        ] {
            assert!(clock.set(bad).is_err(), "{bad:?}");
        }
        assert!(clock.left(Player::First, "x", "0").is_err());
        assert_eq!(
            clock.budget(Player::First, OWN, false),
            Duration::from_millis(8_900)
        );
    }
}
