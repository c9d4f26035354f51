//! The plain mode on a clock (`--clock 5+3`): the clock's line before
//! each prompt, the side to move's time running while it thinks or types,
//! and a move that comes after its side's flag fell ends the game as lost
//! on time instead of being played. The time is read from a
//! [`TimeSource`], which a test moves on by hand.

use std::io::{self, Write};
use std::time::Duration;

use tabletop_core::clock::{Clock, TimeSource, clock_line};
use tabletop_engine::{Described, Player};

/// A game's clock and where it reads the time.
pub struct PlainClock {
    pub clock: Clock,
    pub time: TimeSource,
}

impl PlainClock {
    /// Starts `to_move`'s time, if the game goes on.
    pub fn start(&mut self, to_move: Player, over: bool) {
        if !over {
            self.clock.turn(to_move, self.time.now());
        }
    }

    /// Prints each side's time left: `Clock: X 4:59 · O 5:00`.
    pub fn show<G: Described>(&self, out: &mut dyn Write) -> io::Result<()> {
        let left = self.clock.left(self.time.now());
        writeln!(out, "{}", clock_line(Player::BOTH.map(G::symbol), left))
    }

    /// The side whose flag has fallen, if one has.
    pub fn fallen(&self) -> Option<Player> {
        self.clock.fallen(self.time.now())
    }

    /// After a move: the side to move's time runs, or the clock stops at
    /// the end.
    pub fn moved(&mut self, to_move: Player, over: bool) {
        let now = self.time.now();
        match over {
            true => self.clock.stop(now),
            false => self.clock.turn(to_move, now),
        }
    }

    /// Each side's time left, the clock stopped (the input ended).
    pub fn stopped(&mut self) -> [Duration; 2] {
        let now = self.time.now();
        self.clock.stop(now);
        self.clock.left(now)
    }
}
