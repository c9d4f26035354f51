//! Drawing the start screen: the games' titles, a line for the game, each
//! setting and each player, the buttons, a notice, and the keys, in a box
//! in the middle; and which line a click is on, by the same geometry.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::{Row, StartMenu, describe};
use crate::app::fit::{self, wrapped};
use crate::app::keys::footer::fitted;
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
    /// Where the lines go: inside the box, or (in a small terminal) the
    /// whole of it.
    inner: Rect,
    /// Whether the box is drawn, with the games' titles and blank lines.
    boxed: bool,
    /// The first of the menu's rows shown (a small terminal scrolls
    /// them), and how many are.
    top: usize,
    shown: usize,
    /// The notice's lines, as they fit.
    notice: Vec<String>,
}

impl Placed {
    /// The line of the first row shown.
    fn first_line(&self) -> u16 {
        match self.boxed {
            true => self.inner.y + ABOVE,
            false => self.inner.y,
        }
    }
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
    /// The notice shown (a message; else how strong the computer on the
    /// line chosen is; else how to add an engine), and whether it is a
    /// message.
    fn shown_notice(&self) -> Option<(String, bool)> {
        match (&self.notice, self.level_said(), self.engine_hint()) {
            (Some(notice), _, _) => Some((notice.clone(), true)),
            (None, Some(said), _) => Some((said, false)),
            (None, None, Some(hint)) => Some((hint.to_string(), false)),
            (None, None, None) => None,
        }
    }

    /// Where the parts go in `area`: a box of the screen's size in the
    /// middle, taller for a long notice when the terminal has room; in a
    /// smaller terminal, the rows alone, as many as fit around the one
    /// chosen, and the keys.
    pub(super) fn placed(&self, area: Rect) -> Placed {
        let (width, height) = Self::NEEDS;
        if area.width < width || area.height < height {
            return self.placed_small(area);
        }
        let room = usize::from(width.saturating_sub(4));
        let rows = self.rows().len();
        let above = rows + usize::from(ABOVE);
        let wants = self
            .shown_notice()
            .map_or(0, |(notice, _)| wrapped(&notice, room, 4).len());
        let free = usize::from(height - 2).saturating_sub(above + 1);
        let grow = u16::try_from(wants.saturating_sub(free)).unwrap_or(0);
        let [frame] = Layout::horizontal([Constraint::Length(width)])
            .flex(Flex::Center)
            .areas(area);
        let [frame] = Layout::vertical([Constraint::Length(height + grow)])
            .flex(Flex::Center)
            .areas(frame);
        let inner = Block::bordered().inner(frame);
        let free = usize::from(inner.height).saturating_sub(above + 1);
        let notice = self
            .shown_notice()
            .map_or_else(Vec::new, |(notice, _)| wrapped(&notice, room, free.max(1)));
        Placed {
            inner,
            boxed: true,
            top: 0,
            shown: rows,
            notice,
        }
    }

    /// The parts in a terminal smaller than the box: no box, titles or
    /// blank lines; the notice on a line if one is left.
    fn placed_small(&self, area: Rect) -> Placed {
        let rows = self.rows().len();
        let room = usize::from(area.height.saturating_sub(1));
        let notice = match self.shown_notice() {
            Some((notice, _)) if room > rows => vec![fit::cut(&notice, usize::from(area.width))],
            _ => Vec::new(),
        };
        let shown = rows.min(room.saturating_sub(notice.len())).max(1);
        Placed {
            inner: area,
            boxed: false,
            top: (self.selected + 1).saturating_sub(shown),
            shown,
            notice,
        }
    }

    /// What is at `column`, `row` of a terminal `area`, if anything.
    pub(super) fn clicked(&self, area: Rect, column: u16, row: u16) -> Option<Clicked> {
        let placed = self.placed(area);
        let inner = placed.inner;
        if !inner.contains((column, row).into()) {
            return None;
        }
        let x = column - inner.x;
        if placed.boxed && row == inner.y + 1 {
            return self.games.title_at(inner.width, x).map(Clicked::Game);
        }
        let line = usize::from(row.checked_sub(placed.first_line())?);
        if line >= placed.shown {
            return None;
        }
        let at = placed.top + line;
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

    /// The menu's line for `row`, chosen or not, in `width` columns.
    fn line(&self, row: Row, chosen: bool, width: usize, theme: Theme) -> Line<'static> {
        let style = match chosen {
            true => theme.selected(),
            false => Default::default(),
        };
        let button = |text: String| Line::styled(fit::cut(&text, width), style).centered();
        match row {
            Row::Start => button("[ Start ]".to_string()),
            Row::Library => button("[ Saved games ]".to_string()),
            Row::Puzzles => button("[ Puzzles ]".to_string()),
            Row::Lobby => button("[ Lobby: play and watch people ]".to_string()),
            Row::History => button("[ Your games ]".to_string()),
            Row::Resume => button(format!(
                "[ Resume the unfinished game: {} ]",
                self.resume.as_ref().map(describe).unwrap_or_default()
            )),
            _ => {
                let room = width.saturating_sub(usize::from(VALUE_AT) + 4);
                let value = fit::cut(&self.value(row), room);
                let mut spans = vec![
                    Span::raw(format!("  {:<16}", self.label(row))),
                    Span::styled(format!("‹ {value} ›"), style),
                ];
                let left = room.saturating_sub(fit::width(&value) + 1);
                if let Some(like) = self.beside(row).filter(|like| fit::width(like) <= left) {
                    spans.push(Span::styled(format!(" {like}"), theme.dim()));
                }
                Line::from(spans)
            }
        }
    }

    pub(super) fn render_menu(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let placed = self.placed(area);
        let inner = placed.inner;
        let mut lines = Vec::new();
        if placed.boxed {
            let frame = Rect::new(inner.x - 1, inner.y - 1, inner.width + 2, inner.height + 2);
            Block::bordered()
                .title(Line::styled(" tabletop ", theme.title()).centered())
                .render(frame, buf);
            lines.extend([Line::raw(""), self.games.titles(theme), Line::raw("")]);
        }
        let rows = self.rows();
        for (i, &row) in rows.iter().enumerate().skip(placed.top).take(placed.shown) {
            lines.push(self.line(row, i == self.selected, usize::from(inner.width), theme));
        }
        let style = match self.shown_notice() {
            Some((_, true)) => theme.message(),
            _ => theme.dim(),
        };
        let free = usize::from(inner.height).saturating_sub(lines.len() + 1);
        let spare = free.saturating_sub(placed.notice.len());
        lines.extend((0..spare).map(|_| Line::raw("")));
        lines.extend(
            placed
                .notice
                .into_iter()
                .map(|line| Line::styled(line, style).centered()),
        );
        let keys = fitted(self.footer(), usize::from(inner.width));
        lines.push(centred_key_hints(&keys, theme));
        Paragraph::new(lines).render(inner, buf);
    }
}
