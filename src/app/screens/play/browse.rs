//! Looking back through the positions of a game under way, a turn at a
//! time, without changing it.

use super::Play;
use crate::app::games::GameUi;

/// A step through the positions of a game under way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Browse {
    /// One turn back, starting to browse if the player was not.
    Back,
    /// One turn on; past the last, back to the game.
    Forward,
    First,
    /// The position now, still browsing.
    Last,
    /// Back to the game.
    Leave,
}

impl<G: GameUi> Play<G> {
    /// Whether the player is looking back through the game.
    pub fn is_browsing(&self) -> bool {
        self.browsing.is_some()
    }

    pub(super) fn browse(&mut self, step: Browse) {
        self.input = None;
        let now = self.line.numbered();
        self.browsing = match (step, self.browsing) {
            (Browse::Back, None) if now == 0 => {
                self.message = Some("No move to look back at yet".to_string());
                None
            }
            (Browse::Back, None) => Some(now - 1),
            (Browse::Back, Some(turn)) => Some(turn.saturating_sub(1)),
            (Browse::Forward, Some(turn)) if turn + 1 < now => Some(turn + 1),
            (Browse::First, _) => Some(0),
            (Browse::Last, _) => Some(now),
            (Browse::Forward | Browse::Leave, _) => None,
        };
    }
}
