//! The puzzles screen: the list ([`list`]: each puzzle's number, game,
//! who wins within how many plies, solved or not, where it came from),
//! one game's at a time if the player likes, and Enter to solve the one
//! chosen ([`solve`]), by the [`keys`] of each. What was solved or failed
//! is remembered ([`tabletop_core::puzzles::progress`]), where [`kept`]
//! says.

pub mod kept;
pub mod keys;
mod list;
pub mod solve;

use std::path::PathBuf;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::Action;
use crate::app::keys::Mode;
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::games;
use crate::games::{GameKind, Interactive, WithRecord};
use kept::{Keeper, KeptProgress};
use solve::{Solve, SolveScreen, State};
use tabletop_core::puzzles::Puzzle;
use tabletop_core::puzzles::progress::{Mark, Progress};
use tabletop_engine::record::Record;

pub struct Puzzles {
    puzzles: Vec<Puzzle>,
    /// The one game whose puzzles are listed, if the list is filtered.
    only: Option<GameKind>,
    /// The puzzle chosen, by its place in `puzzles`.
    selected: usize,
    progress: Progress,
    /// Where progress is kept.
    keeper: Keeper,
    /// Lines about what could not be read.
    notices: Vec<String>,
    /// A line for the player over the list, until the next key.
    message: Option<String>,
    solving: Option<Box<dyn SolveScreen>>,
    /// The puzzle being solved, and whether its result was kept.
    current: usize,
    recorded: bool,
}

/// The solving screen for a puzzle.
struct Open<'a>(&'a Puzzle);

impl WithRecord for Open<'_> {
    type Output = Box<dyn SolveScreen>;
    fn run<G: Interactive>(self, record: Record<G>) -> Box<dyn SolveScreen> {
        Box::new(Solve::new(self.0, &record))
    }
}

impl Puzzles {
    /// The smallest terminal the list fits in.
    pub const NEEDS: (u16, u16) = (40, 8);

    /// The list of `puzzles`, with the progress kept at `progress_path`
    /// and `notices` to show above it.
    pub fn new(
        puzzles: Vec<Puzzle>,
        progress_path: Option<PathBuf>,
        mut notices: Vec<String>,
    ) -> Puzzles {
        let (progress, keeper) = Keeper::file(progress_path, &mut notices);
        Puzzles::listing(puzzles, progress, keeper, notices)
    }

    /// The list of `puzzles`, with the progress `kept` reads and keeps
    /// (the SSH door's, for a player with a key).
    pub fn kept(puzzles: Vec<Puzzle>, kept: &KeptProgress, mut notices: Vec<String>) -> Puzzles {
        let (progress, keeper) = Keeper::elsewhere(kept, &mut notices);
        Puzzles::listing(puzzles, progress, keeper, notices)
    }

    fn listing(
        puzzles: Vec<Puzzle>,
        progress: Progress,
        keeper: Keeper,
        notices: Vec<String>,
    ) -> Puzzles {
        Puzzles {
            puzzles,
            only: None,
            selected: 0,
            progress,
            keeper,
            notices,
            message: None,
            solving: None,
            current: 0,
            recorded: false,
        }
    }

    fn open(&mut self, index: usize) {
        let Some(puzzle) = self.puzzles.get(index) else {
            return;
        };
        self.solving = Some(games::with_record(puzzle.record.clone(), Open(puzzle)));
        self.current = index;
        self.recorded = false;
    }

    /// Keeps the result of the puzzle being solved, once it has one.
    fn record_result(&mut self) {
        let Some(solving) = &self.solving else {
            return;
        };
        let mark = match solving.state() {
            State::Solved => Mark::Solved,
            State::Failed(_) => Mark::Failed,
            State::Playing | State::Checking => {
                self.recorded = false;
                return;
            }
        };
        if self.recorded {
            return;
        }
        self.recorded = true;
        let Some(puzzle) = self.puzzles.get(self.current) else {
            return;
        };
        self.progress.set(&puzzle.id, mark);
        if let Err(error) = self.keeper.keep(&self.progress, &puzzle.id) {
            self.notices = vec![format!("Progress was not kept: {error}")];
        }
    }

    /// The puzzles listed (all, or one game's), by their place in
    /// `puzzles`.
    fn listed(&self) -> Vec<usize> {
        (0..self.puzzles.len())
            .filter(|&i| self.only.is_none_or(|kind| self.puzzles[i].kind() == kind))
            .collect()
    }

    /// Moves the choice `by` puzzles down the list (up when negative),
    /// staying in it.
    fn choose_by(&mut self, by: isize) {
        let listed = self.listed();
        let here = listed.iter().position(|&i| i == self.selected).unwrap_or(0);
        let last = listed.len().saturating_sub(1) as isize;
        let to = (here as isize + by).clamp(0, last.max(0)) as usize;
        if let Some(&chosen) = listed.get(to) {
            self.selected = chosen;
        }
    }

    /// Lists the next game's puzzles (`forward`) or the one before's; all
    /// of them come between the last game and the first.
    fn filter(&mut self, forward: bool) {
        let choices: Vec<Option<GameKind>> = std::iter::once(None)
            .chain(GameKind::ALL.iter().copied().map(Some))
            .collect();
        let here = choices.iter().position(|&c| c == self.only).unwrap_or(0);
        let count = choices.len();
        let next = match forward {
            true => (here + 1) % count,
            false => (here + count - 1) % count,
        };
        self.only = choices[next];
        // The choice stays if it is still listed, else the first is.
        let listed = self.listed();
        if !listed.contains(&self.selected) {
            self.selected = listed.first().copied().unwrap_or(0);
        }
    }

    /// What the list does with `action`, in a terminal of size `area`.
    fn update_list(&mut self, action: Action, area: Rect) -> Transition {
        let page = self.page(area) as isize;
        match action {
            Action::UP => self.choose_by(-1),
            Action::DOWN => self.choose_by(1),
            Action::PageUp => self.choose_by(-page),
            Action::PageDown => self.choose_by(page),
            Action::First => self.choose_by(isize::MIN / 2),
            Action::Last => self.choose_by(isize::MAX / 2),
            Action::Filter | Action::RIGHT => self.filter(true),
            Action::LEFT => self.filter(false),
            Action::Confirm if !self.listed().is_empty() => self.open(self.selected),
            Action::Cancel => return Transition::Back,
            _ => {}
        }
        Transition::Stay
    }
}

impl Screen for Puzzles {
    fn offers(&self, action: Action) -> bool {
        self.solving
            .as_ref()
            .is_none_or(|solving| solving.offers(action))
    }

    fn mode(&self) -> Mode {
        match &self.solving {
            Some(solving) => solving.mode(),
            None => Mode::of(&keys::LIST),
        }
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        self.message = None;
        let many = self.listed().len() > 1;
        let Some(solving) = &mut self.solving else {
            return self.update_list(action, context.area);
        };
        let over = matches!(solving.state(), State::Solved | State::Failed(_));
        match action {
            Action::NewGame if over || many => {
                solving.stop();
                // The next of those listed, round again.
                let listed = self.listed();
                let here = listed.iter().position(|&i| i == self.current);
                let next = here.map_or(0, |at| (at + 1) % listed.len().max(1));
                if let Some(&next) = listed.get(next) {
                    self.selected = next;
                    self.open(next);
                }
            }
            _ => {
                match solving.update(action, context) {
                    Transition::Back => {
                        solving.stop();
                        self.solving = None;
                    }
                    Transition::Open(analysis) => {
                        self.record_result();
                        return Transition::Open(analysis);
                    }
                    _ => {}
                }
                // A try again: its result is to be kept afresh.
                if action == Action::Undo {
                    self.recorded = false;
                }
            }
        }
        self.record_result();
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        match &self.solving {
            Some(solving) => solving.render(area, buf, theme),
            None => self.render_list(area, buf, theme),
        }
    }

    fn fits(&self, area: Rect) -> bool {
        match &self.solving {
            Some(solving) => solving.fits(area),
            None => area.width >= Self::NEEDS.0 && area.height >= Self::NEEDS.1,
        }
    }

    fn needs(&self, area: Rect) -> (u16, u16) {
        match &self.solving {
            Some(solving) => solving.needs(area),
            None => Self::NEEDS,
        }
    }

    fn is_ticking(&self) -> bool {
        self.solving.as_ref().is_some_and(|s| s.is_ticking())
    }

    fn tick(&mut self, now: Instant, context: &Context) -> Tick {
        if let Some(solving) = &mut self.solving {
            solving.tick(now, context);
        }
        self.record_result();
        Tick::Changed
    }

    fn tell(&mut self, message: String) {
        match &mut self.solving {
            Some(solving) => solving.tell(message),
            None => self.message = Some(message),
        }
    }

    fn stop(&mut self) {
        if let Some(solving) = &mut self.solving {
            solving.stop();
        }
    }
}
