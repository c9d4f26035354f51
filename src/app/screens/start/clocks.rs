//! The start screen's Clock line: no clock, or one of a few time controls
//! players know (bullet to classical), minutes plus seconds a move. A
//! clock given on the command line that is not among them is shown as it
//! is, and steps to the nearest.

use tabletop_engine::time_control::{TimeControl, clock_face};

/// The time controls offered, in minutes and seconds a move, shortest
/// first.
const OFFERED: [(u64, u64); 6] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// The time controls offered, as clocks.
fn offered() -> Vec<Option<TimeControl>> {
    let mut all = vec![None];
    all.extend(OFFERED.iter().map(|&(minutes, seconds)| {
        let base = std::time::Duration::from_secs(minutes * 60);
        TimeControl::new(base, std::time::Duration::from_secs(seconds)).ok()
    }));
    all
}

/// The clock `by` steps from `clock` (round from the last to none).
pub fn step(clock: Option<TimeControl>, by: isize) -> Option<TimeControl> {
    let all = offered();
    let n = all.len();
    let next = match all.iter().position(|offered| *offered == clock) {
        Some(at) => (at + n).saturating_add_signed(by) % n,
        // Not offered: it stands just before the first longer one.
        None => {
            let longer = all
                .iter()
                .position(|o| o.zip(clock).is_some_and(|(o, c)| o.base() >= c.base()))
                .unwrap_or(n);
            let from = if by > 0 { longer + n - 1 } else { longer + n };
            from.saturating_add_signed(by) % n
        }
    };
    all[next]
}

/// `Off`, `5:00 + 3 s a move`.
pub fn name(clock: Option<TimeControl>) -> String {
    match clock {
        None => "Off".to_string(),
        Some(clock) => format!(
            "{} + {} s a move",
            clock_face(clock.base()),
            clock.increment().as_secs_f64()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clocks_offered_go_round_and_a_clock_given_is_shown_as_it_is() {
        let mut clock = None;
        let mut names = Vec::new();
        for _ in 0..7 {
            clock = step(clock, 1);
            names.push(name(clock));
        }
        assert_eq!(
            names,
            [
                "1:00 + 0 s a move",
                "3:00 + 2 s a move",
                "5:00 + 3 s a move",
                "10:00 + 5 s a move",
                "15:00 + 10 s a move",
                "30:00 + 20 s a move",
                "Off"
            ]
        );
        assert_eq!(
            step(None, -1).map(|c| c.to_string()),
            Some("30+20".to_string())
        );
        let given: TimeControl = "4+1.5".parse().expect("a clock");
        assert_eq!(name(Some(given)), "4:00 + 1.5 s a move");
        assert_eq!(
            step(Some(given), 1).map(|c| c.to_string()),
            Some("5+3".to_string())
        );
        assert_eq!(
            step(Some(given), -1).map(|c| c.to_string()),
            Some("3+2".to_string())
        );
    }
}
