//! A game at home on a clock (`--clock 5+3`, or the start screen's Clock):
//! the side to move's time runs, a move ends its turn (and earns the
//! increment), an undo hands the time back to the side to move without
//! one, a flag that falls loses the game. The clock stops while the game
//! is paused, left or quit, and the autosave keeps each side's time, so a
//! resumed game goes on with it. The time is read from the screen's
//! [`TimeSource`], which a test moves on by hand. A network game's clock
//! is the host's ([`super::peer`]), not this one.

use std::time::Duration;

use super::Play;
use crate::app::games::GameUi;
use tabletop_core::clock::{Clock, TimeSource};
use tabletop_engine::record::Adjudged;
use tabletop_engine::time_control::{TimeControl, clock_face};

impl<G: GameUi> Play<G> {
    /// Plays the game on `control`'s clock (none: no clock), each side
    /// with the whole time.
    pub fn with_clock(mut self, control: Option<TimeControl>) -> Play<G> {
        self.clock = control.map(Clock::new);
        self
    }

    /// Reads the time from `time`, and starts the clock (if the game has
    /// one and is not over).
    pub fn timed(mut self, time: TimeSource) -> Play<G> {
        self.time = time;
        self.run_clock();
        self
    }

    /// A clock resumed from a record: `control` with the time `left`
    /// (each side's whole time if the record did not keep it).
    pub(super) fn resume_clock(&mut self, control: TimeControl, left: Option<[Duration; 2]>) {
        let left = left.unwrap_or([control.base(); 2]);
        self.clock = Some(Clock::resumed(control, left));
    }

    /// The clock after the position changed by a move (or a redo): the
    /// side to move's time runs, or it stops at the end.
    pub(super) fn clock_moved(&mut self) {
        let now = self.time.now();
        let (over, to_move, paused) = (self.ended(), self.game().to_move(), self.paused);
        if let Some(clock) = &mut self.clock {
            match over || paused {
                true => clock.stop(now),
                false => clock.turn(to_move, now),
            }
        }
    }

    /// The clock after a move was taken back: the side to move's time
    /// runs, with no increment for the side whose time ran.
    pub(super) fn clock_taken_back(&mut self) {
        let now = self.time.now();
        let (over, to_move) = (self.ended(), self.game().to_move());
        if let Some(clock) = &mut self.clock {
            match over || self.paused {
                true => clock.stop(now),
                false => clock.taken_back(to_move, now),
            }
        }
    }

    /// Starts the side to move's time, if the clock is stopped and the
    /// game goes on.
    pub(super) fn run_clock(&mut self) {
        let now = self.time.now();
        let going = !self.ended() && !self.paused;
        let to_move = self.game().to_move();
        if let Some(clock) = self
            .clock
            .as_mut()
            .filter(|c| c.running().is_none() && going)
        {
            clock.turn(to_move, now);
        }
    }

    /// Stops the clock (the game paused, left or quit), keeping each
    /// side's time.
    pub(super) fn stop_clock(&mut self) {
        let now = self.time.now();
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
    }

    /// Ends the game if the side to move has run out of time: it loses,
    /// and the computer stops thinking. Whether it did.
    pub(super) fn flag(&mut self) -> bool {
        let now = self.time.now();
        let fallen = self.clock.as_ref().and_then(|clock| clock.fallen(now));
        let Some(loser) = fallen.filter(|_| !self.ended()) else {
            return false;
        };
        self.stop_thinking();
        self.engines = [None, None];
        self.hint = None;
        self.adjudged = Some(Adjudged::OutOfTime(loser));
        self.stop_clock();
        self.autosave();
        true
    }

    /// Each side's time left now, if the game is on a clock of its own.
    pub(super) fn clock_left(&self) -> Option<[Duration; 2]> {
        Some(self.clock.as_ref()?.left(self.time.now()))
    }

    /// What the clock shows now: each side's face, whose time runs, and
    /// the time control.
    pub(super) fn clock_shown(&self) -> Option<ClockShown> {
        let clock = self.clock.as_ref()?;
        Some(ClockShown {
            faces: clock.left(self.time.now()).map(clock_face),
            running: clock.running(),
            control: Some(clock.control),
        })
    }

    /// Whether the clock's faces changed since they were last looked at.
    pub(super) fn clock_face_turned(&mut self) -> bool {
        let faces = self.clock_shown().map(|shown| shown.faces);
        let turned = faces != self.clock_faces;
        self.clock_faces = faces;
        turned
    }
}

/// A clock as the panel shows it.
pub struct ClockShown {
    pub faces: [String; 2],
    pub running: Option<tabletop_engine::Player>,
    /// The time control, when it is known.
    pub control: Option<TimeControl>,
}
