//! The puzzles screen: the list (game, where the puzzle came from, solved
//! or not, plies), and Enter to solve the one chosen ([`solve`]). What was
//! solved or failed is remembered ([`tabletop_core::puzzles::progress`]).

pub mod solve;

use std::path::PathBuf;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::action::{Action, Direction, Mode};
use crate::app::fit::shorten;
use crate::app::theme::Theme;
use crate::app::widgets::keys::key_hints;
use crate::games;
use crate::games::{Interactive, WithRecord};
use solve::{Solve, SolveScreen, State};
use tabletop_core::puzzles::Puzzle;
use tabletop_core::puzzles::progress::{self, Mark, Progress};
use tabletop_engine::record::Record;

/// What leaving the screen means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leave {
    Stay,
    /// Back to where the puzzles were opened from.
    Back,
}

pub struct Puzzles {
    puzzles: Vec<Puzzle>,
    selected: usize,
    progress: Progress,
    /// Where progress is kept; `None` in tests, or when the file there
    /// could not be read (it is then never written over).
    progress_path: Option<PathBuf>,
    /// Lines about what could not be read.
    notices: Vec<String>,
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
        let (progress, progress_path) = match progress_path {
            None => (Progress::default(), None),
            Some(path) => match progress::load(&path) {
                Ok(progress) => (progress, Some(path)),
                Err(why) => {
                    notices.push(format!("{why}; progress will not be kept"));
                    (Progress::default(), None)
                }
            },
        };
        Puzzles {
            puzzles,
            selected: 0,
            progress,
            progress_path,
            notices,
            solving: None,
            current: 0,
            recorded: false,
        }
    }

    /// What keys mean here.
    pub fn mode(&self) -> Mode {
        match &self.solving {
            Some(solving) if solving.is_typing() => Mode::Typing,
            Some(solving) => Mode::Board(solving.typing()),
            None => Mode::Library,
        }
    }

    pub fn fits(&self, area: Rect) -> bool {
        match &self.solving {
            Some(solving) => solving.fits(area),
            None => area.width >= Self::NEEDS.0 && area.height >= Self::NEEDS.1,
        }
    }

    pub fn needs(&self, area: Rect) -> (u16, u16) {
        match &self.solving {
            Some(solving) => solving.needs(area),
            None => Self::NEEDS,
        }
    }

    pub fn is_ticking(&self) -> bool {
        self.solving.as_ref().is_some_and(|s| s.is_ticking())
    }

    pub fn tick(&mut self, now: Instant) {
        if let Some(solving) = &mut self.solving {
            solving.tick(now);
        }
        self.record_result();
    }

    /// Stops any work under way (the app is closing the screen).
    pub fn stop(&mut self) {
        if let Some(solving) = &mut self.solving {
            solving.stop();
        }
    }

    /// Applies `action`, in a terminal of size `area`.
    pub fn update(&mut self, action: Action, area: Rect) -> Leave {
        let Some(solving) = &mut self.solving else {
            match action {
                Action::Step(Direction::Up) => self.selected = self.selected.saturating_sub(1),
                Action::Step(Direction::Down) => {
                    self.selected = (self.selected + 1).min(self.puzzles.len().saturating_sub(1));
                }
                Action::First => self.selected = 0,
                Action::Last => self.selected = self.puzzles.len().saturating_sub(1),
                Action::Confirm => self.open(self.selected),
                Action::Cancel => return Leave::Back,
                _ => {}
            }
            return Leave::Stay;
        };
        let over = matches!(solving.state(), State::Solved | State::Failed(_));
        match action {
            Action::Step(direction) => solving.step(direction),
            Action::Confirm => solving.confirm(),
            Action::Type(c) => solving.type_char(c),
            Action::OpenAddress => solving.type_char(' '),
            Action::Erase => solving.erase(),
            Action::Click { column, row } => solving.click(area, column, row),
            // `r` (Ctrl-r where r is a column): from the position again.
            Action::Review | Action::Redo => {
                solving.retry();
                self.recorded = false;
            }
            Action::NewGame if over || self.puzzles.len() > 1 => {
                solving.stop();
                let next = (self.current + 1) % self.puzzles.len().max(1);
                self.selected = next;
                self.open(next);
            }
            // Esc closes the address line first, then the puzzle.
            Action::Cancel if !solving.cancel() => {
                solving.stop();
                self.solving = None;
            }
            _ => {}
        }
        self.record_result();
        Leave::Stay
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
        if let Some(path) = &self.progress_path
            && let Err(error) = progress::save(path, &self.progress)
        {
            self.notices = vec![format!("Progress was not kept: {error}")];
        }
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        if let Some(solving) = &self.solving {
            solving.render(area, buf, theme);
            return;
        }
        let notices = self.notices.len().min(3) as u16;
        let [title, notice_area, header, list, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(notices),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let solved = self
            .puzzles
            .iter()
            .filter(|p| self.progress.mark(&p.id) == Some(Mark::Solved))
            .count();
        Line::from(vec![
            Span::styled(" tabletop ", theme.title()),
            Span::raw(format!(
                "· puzzles · {solved} of {} solved",
                self.puzzles.len()
            )),
        ])
        .render(title, buf);
        let width = usize::from(area.width);
        let notice_lines: Vec<Line> = self
            .notices
            .iter()
            .rev()
            .take(3)
            .map(|n| Line::styled(shorten(n, width), theme.message()))
            .collect();
        Paragraph::new(notice_lines).render(notice_area, buf);
        if self.puzzles.is_empty() {
            Line::raw("No puzzles: review a game (tabletop review FILE) to find its missed wins")
                .render(header, buf);
        } else {
            Line::styled(
                format!("  {:<9} {:<8} {:>5}  {}", "game", "", "plies", "from"),
                theme.dim(),
            )
            .render(header, buf);
        }
        let rows = usize::from(list.height);
        // The selected line is kept in view.
        let top = (self.selected + 1).saturating_sub(rows.max(1));
        for (i, puzzle) in self.puzzles.iter().enumerate().skip(top).take(rows) {
            let mark = match self.progress.mark(&puzzle.id) {
                Some(Mark::Solved) => "solved",
                Some(Mark::Failed) => "failed",
                None => "",
            };
            let text = format!(
                "{} {:<9} {:<8} {:>5}  {}",
                if i == self.selected { '>' } else { ' ' },
                puzzle.kind().title(),
                mark,
                puzzle.plies,
                puzzle.source
            );
            let style = if i == self.selected {
                theme.cursor()
            } else {
                ratatui::style::Style::default()
            };
            let row = Rect::new(list.x, list.y + (i - top) as u16, list.width, 1);
            Line::styled(shorten(&text, width), style).render(row, buf);
        }
        let keys = [
            ("↑↓", "choose"),
            ("Enter", "solve"),
            ("Esc", "back"),
            ("?", "help"),
        ];
        key_hints(&keys, theme).render(footer, buf);
    }
}

/// Every key of the puzzles screen, for the help.
pub const PUZZLE_KEYS: &[(&str, &str)] = &[
    ("↑ ↓  k j", "choose a puzzle (in the list)"),
    ("Enter", "solve it; on the board, place a piece"),
    (
        "← ↑ → ↓  c3  click",
        "on the board: move the cursor, type a cell, place",
    ),
    ("r  Ctrl-r", "try the puzzle again"),
    ("n", "the next puzzle"),
    ("Esc", "back to the list, then back"),
    ("?  F1", "this help; Esc closes it"),
    ("Ctrl-c", "quit"),
];
