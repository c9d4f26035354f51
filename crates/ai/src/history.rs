//! The positions a game has already been through, as the search remembers
//! them: in a game whose positions can come round again (Gekitai), the
//! computer's own move back to one of them counts as a draw (unless it
//! leads to a forced win), so that a player ahead makes progress instead of
//! going round in circles.

use super::Searchable;

/// Hashes of earlier positions of the game, sorted for lookup.
#[derive(Clone, Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
}

impl History {
    /// The history of a game that went through `positions` (the current
    /// one may be among them). Empty for games that never repeat.
    pub fn of<'a, G: Searchable>(positions: impl IntoIterator<Item = &'a G>) -> History {
        if !G::CAN_REPEAT {
            return History::default();
        }
        let mut hashes: Vec<u64> = positions.into_iter().map(G::position_hash).collect();
        hashes.sort_unstable();
        hashes.dedup();
        History { hashes }
    }

    /// Adds `position`, the game's newest (for games that never repeat,
    /// nothing).
    pub fn record<G: Searchable>(&mut self, position: &G) {
        if G::CAN_REPEAT {
            let hash = position.position_hash();
            if let Err(at) = self.hashes.binary_search(&hash) {
                self.hashes.insert(at, hash);
            }
        }
    }

    /// Whether a position with this hash came earlier in the game.
    pub fn contains(&self, hash: u64) -> bool {
        self.hashes.binary_search(&hash).is_ok()
    }
}
