//! Who is at a game, as its log says: each side's seat is held by a
//! connection on some server, or empty since some time. A seat held on a
//! server that stopped saying it is alive counts as empty since it last
//! did. From this come the notices (joined, back, waiting), the claims
//! against an absent player, and when nobody is there at all.

use tabletop_engine::Player;

use crate::event::Happened;

/// The seats of a game.
#[derive(Clone, Debug, Default)]
pub(super) struct Presence {
    /// The server whose connection holds each side's seat, while held.
    pub held_on: [Option<String>; 2],
    /// Whether each side has ever sat down (it has a rejoin code).
    pub ever: [bool; 2],
    /// Since when each side's seat is empty, in milliseconds since the
    /// epoch, while it is.
    pub empty_since: [Option<u64>; 2],
    /// The side the server's computer plays, always there.
    pub computer: Option<Player>,
    /// Whether each side was told it may claim against the other.
    pub told: [bool; 2],
    /// Whether everyone was told that each side's seat is held on a
    /// server gone (since the side last sat down).
    pub told_gone: [bool; 2],
}

/// What a presence entry changed.
pub(super) struct Changed {
    pub side: Player,
    /// The side sat down for the first time.
    pub first: bool,
}

impl Presence {
    /// Takes in an entry of the log; what it changed of the seats.
    pub fn take(&mut self, happened: &Happened, at_ms: u64) -> Option<Changed> {
        match happened {
            Happened::Seated { side, server, .. } => {
                let side = Player::from(*side);
                let first = !self.ever[side.index()];
                self.ever[side.index()] = true;
                self.held_on[side.index()] = Some(server.clone());
                self.empty_since[side.index()] = None;
                self.told[side.other().index()] = false;
                self.told_gone[side.index()] = false;
                Some(Changed { side, first })
            }
            Happened::Away { side } => {
                let side = Player::from(*side);
                self.held_on[side.index()] = None;
                self.empty_since[side.index()] = Some(at_ms);
                Some(Changed { side, first: false })
            }
            _ => None,
        }
    }

    /// Whether `side` is at the game: the computer's side, or a seat held
    /// on a server alive (`gone_since` says since when a server is not).
    pub fn is_here(&self, side: Player, gone_since: &dyn Fn(&str) -> Option<u64>) -> bool {
        self.since_away(side, gone_since).is_none()
    }

    /// Since when `side` is away (milliseconds since the epoch), if it
    /// is: its seat empty, or held on a server gone.
    pub fn since_away(
        &self,
        side: Player,
        gone_since: &dyn Fn(&str) -> Option<u64>,
    ) -> Option<u64> {
        if self.computer == Some(side) {
            return None;
        }
        match &self.held_on[side.index()] {
            Some(server) => gone_since(server),
            None => Some(self.empty_since[side.index()].unwrap_or(0)),
        }
    }

    /// Whether `side`'s opponent is there for a game to go on: the
    /// computer, or a player who has sat down once.
    pub fn has_opponent(&self, side: Player) -> bool {
        self.computer == Some(side.other()) || self.ever[side.other().index()]
    }

    /// Since when nobody is at the game, if nobody is (the computer aside).
    pub fn idle_since(&self, gone_since: &dyn Fn(&str) -> Option<u64>) -> Option<u64> {
        Player::BOTH
            .into_iter()
            .filter(|&side| self.computer != Some(side))
            .map(|side| self.since_away(side, gone_since))
            .try_fold(0, |latest, away| Some(latest.max(away?)))
    }

    /// The seats as they will stand after `happened`.
    pub fn after(&self, happened: &Happened, at_ms: u64) -> Presence {
        let mut after = self.clone();
        after.take(happened, at_ms);
        after
    }
}
