//! Drawing the start screen: the games' titles, a line for the game, each
//! setting and each player, the buttons, a notice, and the keys, in a box
//! in the middle; and which line a click is on, by the same geometry.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::{Row, StartMenu, describe};
use crate::app::fit::{self, wrapped};
use crate::app::screens::Screen;
use crate::app::theme::Theme;
use crate::app::widgets::keys::centred_key_hints;
use crate::games::GameKind;

/// Lines of the box before the menu's rows: a blank, the titles, a blank.
const ABOVE: u16 = 3;
/// Where a value's `‹` is on its line.
const VALUE_AT: u16 = 18;

/// Where the start screen's parts are in a terminal.
pub(super) struct Placed {
    /// Inside the box.
    inner: Rect,
    /// The notice's lines, as they fit.
    notice: Vec<String>,
}

/// What a click is on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Clicked {
    /// A game's title.
    Game(GameKind),
    /// A line of the menu; with the step its `‹` or `›` asks for.
    Row(usize, Option<isize>),
}

impl StartMenu {
    /// The notice shown (a message, or how to add an engine), and whether
    /// it is a message.
    fn shown_notice(&self) -> Option<(&str, bool)> {
        match (&self.notice, self.engine_hint()) {
            (Some(notice), _) => Some((notice.as_str(), true)),
            (None, Some(hint)) => Some((hint, false)),
            (None, None) => None,
        }
    }

    /// Where the parts go in `area`: a box of the screen's size in the
    /// middle, taller for a long notice when the terminal has room.
    pub(super) fn placed(&self, area: Rect) -> Placed {
        let (width, height) = Self::NEEDS;
        let room = usize::from(width.saturating_sub(4));
        let rows = self.rows().len() + usize::from(ABOVE);
        let wants = self
            .shown_notice()
            .map_or(0, |(notice, _)| wrapped(notice, room, 4).len());
        let free = usize::from(height - 2).saturating_sub(rows + 1);
        let grow = u16::try_from(wants.saturating_sub(free)).unwrap_or(0);
        let [frame] = Layout::horizontal([Constraint::Length(width)])
            .flex(Flex::Center)
            .areas(area);
        let [frame] = Layout::vertical([Constraint::Length(height + grow)])
            .flex(Flex::Center)
            .areas(frame);
        let inner = Block::bordered().inner(frame);
        let free = usize::from(inner.height).saturating_sub(rows + 1);
        let notice = self
            .shown_notice()
            .map_or_else(Vec::new, |(notice, _)| wrapped(notice, room, free.max(1)));
        Placed { inner, notice }
    }

    /// What is at `column`, `row` of a terminal `area`, if anything.
    pub(super) fn clicked(&self, area: Rect, column: u16, row: u16) -> Option<Clicked> {
        let Placed { inner, .. } = self.placed(area);
        if !inner.contains((column, row).into()) {
            return None;
        }
        let (x, y) = (column - inner.x, row - inner.y);
        if y == 1 {
            return self.games.title_at(inner.width, x).map(Clicked::Game);
        }
        let at = usize::from(y.checked_sub(ABOVE)?);
        let shown = *self.rows().get(at)?;
        let step = match shown {
            Row::Game | Row::Setting(_) | Row::Seat(_) => {
                let value = fit::width(&self.value(shown)) as u16;
                match x {
                    _ if x == VALUE_AT => Some(-1),
                    _ if x == VALUE_AT + value + 3 => Some(1),
                    _ => None,
                }
            }
            _ => None,
        };
        Some(Clicked::Row(at, step))
    }

    /// The menu's line for `row`, chosen or not.
    fn line(&self, row: Row, chosen: bool, theme: Theme) -> Line<'static> {
        let style = match chosen {
            true => theme.selected(),
            false => Default::default(),
        };
        let button = |text: String| Line::styled(text, style).centered();
        match row {
            Row::Start => button("[ Start ]".to_string()),
            Row::Library => button("[ Saved games ]".to_string()),
            Row::Puzzles => button("[ Puzzles ]".to_string()),
            Row::Resume => button(format!(
                "[ Resume the unfinished game: {} ]",
                self.resume.as_ref().map(describe).unwrap_or_default()
            )),
            _ => Line::from(vec![
                Span::raw(format!("  {:<16}", self.label(row))),
                Span::styled(format!("‹ {} ›", self.value(row)), style),
            ]),
        }
    }

    pub(super) fn render_menu(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let Placed { inner, notice } = self.placed(area);
        let frame = Rect::new(inner.x - 1, inner.y - 1, inner.width + 2, inner.height + 2);
        Block::bordered()
            .title(Line::styled(" tabletop ", theme.title()).centered())
            .render(frame, buf);
        let mut lines = vec![Line::raw(""), self.games.titles(theme), Line::raw("")];
        for (i, &row) in self.rows().iter().enumerate() {
            lines.push(self.line(row, i == self.selected, theme));
        }
        let style = match self.shown_notice() {
            Some((_, true)) => theme.message(),
            _ => theme.dim(),
        };
        let free = usize::from(inner.height).saturating_sub(lines.len() + 1);
        let spare = free.saturating_sub(notice.len());
        lines.extend((0..spare).map(|_| Line::raw("")));
        lines.extend(
            notice
                .into_iter()
                .map(|line| Line::styled(line, style).centered()),
        );
        lines.push(centred_key_hints(&self.footer(), theme));
        Paragraph::new(lines).render(inner, buf);
    }
}
