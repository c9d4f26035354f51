//! How strong a computer player is, as the start screen shows it where a
//! level is chosen: a short phrase beside the level, and the whole figure
//! (with its Elo and what the scale's 0 is) while that line is chosen.
//! The figures live in `tabletop_ai::strength`.

use tabletop_ai::strength::{described, strength};
use tabletop_core::seat::Seat;

use crate::games::GameKind;

/// What `seat` plays `kind` like ("about gtp-rhino level 3"), if it is
/// the computer and the level was measured at that game.
pub(super) fn beside(kind: GameKind, seat: &Seat) -> Option<&'static str> {
    match seat {
        Seat::Computer(level) => strength(kind.name(), *level).map(|found| found.like),
        _ => None,
    }
}

/// The whole figure for `seat` at `kind`, what it plays like first so
/// that a narrow terminal shows that much: "Computer 4: about gtp-rhino
/// level 3, Elo 0 ± 90 at Reversi (0: gtp-rhino level 3)".
pub(super) fn said(kind: GameKind, seat: &Seat) -> Option<String> {
    let Seat::Computer(level) = seat else {
        return None;
    };
    described(kind.name(), kind.title(), *level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_ai::Level;

    #[test]
    fn every_level_of_every_game_says_how_strong_it_is() {
        for &kind in GameKind::ALL {
            for n in 1..=5 {
                let seat = Seat::Computer(Level::new(n).expect("a level"));
                let like = beside(kind, &seat).unwrap_or_else(|| panic!("{kind} {n}"));
                let whole = said(kind, &seat).expect("the whole figure");
                assert!(whole.contains(like) && whole.contains("Elo"), "{whole}");
            }
            assert_eq!(beside(kind, &Seat::Human), None);
            assert_eq!(said(kind, &Seat::Human), None);
        }
    }
}
