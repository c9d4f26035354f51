//! The puzzles screen: the list (game, where the puzzle came from, solved
//! or not, plies), and Enter to solve the one chosen ([`solve`]), by the
//! [`keys`] of each. What was solved or failed is remembered
//! ([`tabletop_core::puzzles::progress`]).

pub mod keys;
pub mod solve;

use std::path::PathBuf;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::app::action::Action;
use crate::app::fit::shorten;
use crate::app::keys::Mode;
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::games;
use crate::games::{Interactive, WithRecord};
use solve::{Solve, SolveScreen, State};
use tabletop_core::puzzles::Puzzle;
use tabletop_core::puzzles::progress::{self, Mark, Progress};
use tabletop_engine::record::Record;

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

    fn open(&mut self, index: usize) {
        let Some(puzzle) = self.puzzles.get(index) else {
            return;
        };
        self.solving = Some(games::with_record(puzzle.record.clone(), Open(puzzle)));
        self.current = index;
        self.recorded = false;
    }

    /// Draws the list.
    fn render_list(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
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
        TitleBar {
            heading: "tabletop",
            about: &format!("puzzles · {solved} of {} solved", self.puzzles.len()),
            fit: Fit::Leading,
            theme,
        }
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
        Footer {
            items: self.footer(),
            theme,
        }
        .render(footer, buf);
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

    /// What the list does with `action`.
    fn update_list(&mut self, action: Action) -> Transition {
        let last = self.puzzles.len().saturating_sub(1);
        match action {
            Action::UP => self.selected = self.selected.saturating_sub(1),
            Action::DOWN => self.selected = (self.selected + 1).min(last),
            Action::First => self.selected = 0,
            Action::Last => self.selected = last,
            Action::Confirm => self.open(self.selected),
            Action::Cancel => return Transition::Back,
            _ => {}
        }
        Transition::Stay
    }
}

impl Screen for Puzzles {
    fn mode(&self) -> Mode {
        match &self.solving {
            Some(solving) => solving.mode(),
            None => Mode::of(&keys::LIST),
        }
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        let Some(solving) = &mut self.solving else {
            return self.update_list(action);
        };
        let over = matches!(solving.state(), State::Solved | State::Failed(_));
        match action {
            Action::NewGame if over || self.puzzles.len() > 1 => {
                solving.stop();
                let next = (self.current + 1) % self.puzzles.len().max(1);
                self.selected = next;
                self.open(next);
            }
            _ => {
                if let Transition::Back = solving.update(action, context) {
                    solving.stop();
                    self.solving = None;
                }
                // A try again: its result is to be kept afresh.
                if action == Action::Review {
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

    /// The puzzles have no status line: their notices are about files.
    fn tell(&mut self, _message: String) {}

    fn stop(&mut self) {
        if let Some(solving) = &mut self.solving {
            solving.stop();
        }
    }
}
