//! What the app asks of every screen: what its keys mean now, what an
//! action does to it (and where the app goes next), and how it is drawn.
//! The app only routes input to the screen shown and switches screens as
//! the screen says.

use std::path::PathBuf;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::Action;
use crate::app::keys::Mode;
use crate::app::keys::footer::Item;
use crate::app::keys::help::KeyHelp;
use crate::app::screens::keeping::Keep;
use crate::app::theme::Theme;
use tabletop_core::clock::TimeSource;
use tabletop_core::games::AnyRecord;

/// What every screen may know of the app it runs in.
#[derive(Clone, Debug)]
pub struct Context {
    /// The terminal's size, which clicks are mapped with.
    pub area: Rect,
    /// Whether pieces slide.
    pub animate: bool,
    /// Where a game is saved after every move (none in tests).
    pub autosave: Option<PathBuf>,
    /// Where every finished game is kept.
    pub keep: Keep,
    /// The saved games' folder, where the analysis board saves a line
    /// (none in tests or at the SSH door).
    pub library: Option<PathBuf>,
    /// Where clocks read the time (made-up time in tests).
    pub time: TimeSource,
    /// The app runs for a visitor of the server's SSH door: nothing is
    /// read from or written to files.
    pub door: bool,
}

/// Where the app goes after an action.
pub enum Transition {
    /// It stays on this screen.
    Stay,
    /// It quits.
    Quit,
    /// Back to the screen this one was opened from (none: it quits).
    Back,
    /// Home: the start screen, or the lobby a game was entered from.
    Home,
    /// To `screen`, this one kept behind it to come back to.
    Open(Box<dyn Screen>),
    /// To `screen`, in place of this one.
    Switch(Box<dyn Screen>),
    /// To the game of a record, continued from its last position by the
    /// players it names, in place of this one (how the replay viewer
    /// plays on: the app makes the game screen, which itself opens the
    /// replay viewer for a review).
    Continue(Box<AnyRecord>),
}

/// What a tick of the clock did to a screen.
pub enum Tick {
    /// Nothing shown changed.
    Same,
    /// Something shown changed.
    Changed,
    /// The app goes somewhere else.
    Go(Transition),
}

pub trait Screen {
    /// What the keys mean now.
    fn mode(&self) -> Mode;

    /// Whether the help and the footer name `action` now (pause only
    /// when the computer plays both sides, ...).
    fn offers(&self, _action: Action) -> bool {
        true
    }

    /// Whether the footer names `action` now, where it has less room than
    /// the help.
    fn in_footer(&self, action: Action) -> bool {
        self.offers(action)
    }

    /// The help's lines now.
    fn help(&self) -> Vec<KeyHelp> {
        self.mode().help(|action| self.offers(action))
    }

    /// The footer's items now.
    fn footer(&self) -> Vec<Item> {
        self.mode().footer(|action| self.in_footer(action))
    }

    /// Applies `action`; where the app goes next.
    fn update(&mut self, action: Action, context: &Context) -> Transition;

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme);

    /// Whether the screen fits in `area`.
    fn fits(&self, area: Rect) -> bool {
        let (width, height) = self.needs(area);
        area.width >= width && area.height >= height
    }

    /// The terminal the screen needs, the way closest to `area`.
    fn needs(&self, area: Rect) -> (u16, u16);

    /// Whether the loop must wake up without input (pieces slide, the
    /// computer thinks, news may come).
    fn is_ticking(&self) -> bool {
        false
    }

    /// Moves things on to `now`.
    fn tick(&mut self, _now: Instant, _context: &Context) -> Tick {
        Tick::Same
    }

    /// Whether the app may quit now. A screen where quitting would end
    /// something for others (the host's game with a player in it) says so
    /// and answers false the first time; the next press quits.
    fn may_quit(&mut self) -> bool {
        true
    }

    /// Shows `message` on the screen's status line.
    fn tell(&mut self, message: String);

    /// Stops any work under way: the screen is closed.
    fn stop(&mut self) {}

    /// The screen is shown again in `context`, the one in front of it
    /// closed.
    fn back(&mut self, _context: &Context) {}

    /// The app shows the screen for the first time, running in `context`
    /// (a game learns there what saving means).
    fn shown_in(&mut self, _context: &Context) {}

    /// Whether the screen is a home (the start screen, a lobby), which
    /// the too-small notice offers no way back from.
    fn is_home(&self) -> bool {
        false
    }
}
