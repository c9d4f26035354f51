//! Drawing the list of puzzles: the title (one game's, or all), lines
//! about files that gave none, and a row a puzzle: its number, its game,
//! who wins within how many plies, solved or failed, where it came from
//! and the start of its id, so that no two rows read alike.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::Puzzles;
use crate::app::fit::{cut, message};
use crate::app::screens::Screen;
use crate::app::theme::Theme;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use tabletop_core::puzzles::Puzzle;
use tabletop_core::puzzles::progress::Mark;

/// The parts of the list's screen: the title, the notices, the heading,
/// the rows and the keys.
fn parts(area: Rect, notices: u16) -> [Rect; 5] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(notices),
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// A puzzle's row: `  12  Gekitai   X in 5   solved  built-in  3f0c1a`.
fn row(number: usize, puzzle: &Puzzle, mark: &str) -> String {
    let kind = puzzle.kind();
    let wins = format!("{} in {}", kind.symbol(puzzle.attacker), puzzle.plies);
    // The id's hash, after the game's name.
    let id = puzzle.id.rsplit('-').next().unwrap_or_default();
    let short: String = id.chars().take(6).collect();
    format!(
        "{number:>4}  {:<9} {wins:<7} {mark:<6}  {}  {short}",
        kind.title(),
        puzzle.source
    )
}

impl Puzzles {
    /// The notices shown over the list: the message, then the newest.
    fn shown_notices(&self) -> Vec<&String> {
        self.message
            .iter()
            .chain(self.notices.iter().rev())
            .take(3)
            .collect()
    }

    /// How many rows of the list a terminal `area` shows: a page.
    pub(super) fn page(&self, area: Rect) -> usize {
        let notices = self.shown_notices().len() as u16;
        usize::from(parts(area, notices)[3].height).max(1)
    }

    /// The title: which puzzles, and how many are solved.
    fn title(&self) -> String {
        let listed = self.listed();
        let solved = listed
            .iter()
            .filter(|&&i| self.progress.mark(&self.puzzles[i].id) == Some(Mark::Solved))
            .count();
        let which = match self.only {
            Some(kind) => format!("{} only · ", kind.title()),
            None => String::new(),
        };
        format!("puzzles · {which}{solved} of {} solved", listed.len())
    }

    /// Draws the list.
    pub(super) fn render_list(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let notices = self.shown_notices();
        let [title, notice_area, header, list, footer] = parts(area, notices.len() as u16);
        TitleBar {
            heading: "tabletop",
            about: &self.title(),
            fit: Fit::Leading,
            theme,
        }
        .render(title, buf);
        let width = usize::from(area.width);
        let notice_lines: Vec<Line> = notices
            .into_iter()
            .map(|n| Line::styled(message(n, width), theme.message()))
            .collect();
        Paragraph::new(notice_lines).render(notice_area, buf);
        let heading = match self.puzzles.is_empty() {
            true => "No puzzles: review a game (tabletop review FILE) to find its missed wins",
            false => "     #  game      wins    mark    from",
        };
        Line::styled(cut(heading, width), theme.dim()).render(header, buf);
        self.render_rows(list, buf, theme);
        Footer {
            items: self.footer(),
            theme,
        }
        .render(footer, buf);
    }

    /// The rows listed that fit in `area`, the chosen one kept in view.
    fn render_rows(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let listed = self.listed();
        let rows = usize::from(area.height).max(1);
        let at = listed.iter().position(|&i| i == self.selected).unwrap_or(0);
        let top = (at + 1).saturating_sub(rows);
        for (shown, &i) in listed.iter().enumerate().skip(top).take(rows) {
            let puzzle = &self.puzzles[i];
            let mark = match self.progress.mark(&puzzle.id) {
                Some(Mark::Solved) => "solved",
                Some(Mark::Failed) => "failed",
                None => "",
            };
            let chosen = i == self.selected;
            let text = format!(
                "{}{}",
                if chosen { '>' } else { ' ' },
                row(i + 1, puzzle, mark)
            );
            let style = match chosen {
                true => theme.cursor(),
                false => Style::default(),
            };
            let line = Rect::new(area.x, area.y + (shown - top) as u16, area.width, 1);
            Line::styled(cut(&text, usize::from(area.width)), style).render(line, buf);
        }
    }
}
