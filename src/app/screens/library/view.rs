//! Drawing the saved games: the folder, what is listed and how, the table
//! (the richest set of columns that fits), the file chosen, a status line
//! and the keys. Drawing changes nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Cell, Paragraph, Row, StatefulWidget, Table, TableState, Widget, Wrap};

use super::{Library, keys};
use crate::app::action::Action;
use crate::app::fit::{self, leading, shorten};
use crate::app::keys::Mode;
use crate::app::paths;
use crate::app::screens::Screen;
use crate::app::theme::Theme;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::games::GameKind;
use tabletop_core::counted::counted;
use tabletop_core::files::library::{Ending, Entry};
use tabletop_core::files::{self, TRASH};
use tabletop_core::seat::Seat;

/// A column of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    /// The date, with the time when `true`.
    Date(bool),
    Game,
    Players,
    Result,
    Moves,
    Reviewed,
}

/// The columns shown, the richest set that fits first.
const COLUMN_SETS: &[&[Column]] = {
    use Column::*;
    &[
        &[Date(true), Game, Players, Result, Moves, Reviewed],
        &[Date(false), Game, Players, Result, Moves, Reviewed],
        &[Date(true), Game, Players, Result, Moves],
        &[Date(false), Game, Players, Result, Moves],
        &[Date(true), Game, Result, Moves],
        &[Date(false), Game, Result, Moves],
        &[Date(false), Game, Result],
        &[Game, Result],
        &[Game],
    ]
};

/// The most a players' cell takes.
const PLAYERS_MOST: usize = 24;
/// What marks the chosen line (as well as its style).
const MARK: &str = "> ";

/// The parts of the screen, top to bottom: the title, what is listed,
/// the table, the file chosen, the status line and the keys.
fn parts(area: Rect) -> [Rect; 6] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

impl Library {
    /// The first of `shown` in a table drawn in `table`: the choice stays
    /// in the middle of the rows shown as it moves (worked out here, so
    /// drawing keeps no state).
    fn offset(&self, shown: &[&Entry], table: Rect) -> usize {
        let height = usize::from(table.height.saturating_sub(1)).max(1);
        let most = shown.len().saturating_sub(height);
        self.position(shown)
            .map_or(0, |s| s.saturating_sub(height / 2).min(most))
    }

    /// How many games the table shows in a terminal `area`: a page.
    pub(super) fn page(&self, area: Rect) -> usize {
        usize::from(parts(area)[2].height.saturating_sub(1)).max(1)
    }

    /// The place in the list shown of the game on screen row `row` of a
    /// terminal `area`, if one is there.
    pub(super) fn row_at(&self, area: Rect, row: u16) -> Option<usize> {
        let table = parts(area)[2];
        let shown = self.shown();
        // The table's first row is its header.
        let at = usize::from(row.checked_sub(table.y + 1)?);
        let at = at + self.offset(&shown, table);
        (row < table.y + table.height && at < shown.len()).then_some(at)
    }

    pub(super) fn render_view(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [title, about, table, detail, status, footer] = parts(area);
        let width = usize::from(area.width);
        let folder = self
            .folder
            .as_ref()
            .map_or_else(String::new, |f| paths::shown(f));
        TitleBar {
            heading: "tabletop saved games",
            about: &folder,
            fit: Fit::Tail,
            theme,
        }
        .render(title, buf);

        let shown = self.shown();
        let which = match self.only {
            Some(kind) => format!("{} only", kind.title()),
            None => "All games".to_string(),
        };
        let files = self.listing.entries.len();
        let count = match self.only {
            Some(_) => format!("{} of {}", shown.len(), counted(files, "file")),
            None => counted(files, "file"),
        };
        let about_line = format!(" {which} · {} · {count}", self.sort.said());
        Line::raw(shorten(&about_line, width)).render(about, buf);

        if shown.is_empty() {
            self.render_empty(table, buf, theme);
        } else {
            self.render_table(&shown, table, buf, theme);
        }

        if let Some(entry) = self.chosen() {
            let name = format!(" {}", entry.name());
            let text = match &entry.read {
                Ok(_) if self.also.contains(&entry.path) => {
                    shorten(&format!("{name} (the game saved after every move)"), width)
                }
                Ok(_) => shorten(&name, width),
                Err(why) => {
                    let room = width.saturating_sub(fit::width(&name) + 2);
                    format!("{name}: {}", leading(why, room))
                }
            };
            let style = match entry.read {
                Ok(_) => theme.dim(),
                Err(_) => theme.message(),
            };
            Line::styled(text, style).render(detail, buf);
        }
        let question = self.question(width.saturating_sub(1));
        let note = question
            .as_deref()
            .or(self.message.as_deref())
            .or(self.listing.error.as_deref())
            .or(self.listing.left_out.as_deref());
        if let Some(note) = note {
            let text = format!(" {note}");
            Line::styled(fit::message(&text, width), theme.message()).render(status, buf);
        }
        Footer {
            items: self.footer(),
            theme,
        }
        .render(footer, buf);
    }

    /// The question asked before a file goes to the trash, in at most
    /// `width` characters if it can be.
    fn question(&self, width: usize) -> Option<String> {
        if !self.asking {
            return None;
        }
        let name = self.chosen().map(Entry::name).unwrap_or_default();
        let keys = Mode::of(&keys::ASKING);
        let yes = keys::ASKING
            .bindings()
            .find(|binding| binding.does(Action::Yes))
            .map(|binding| {
                let named: Vec<String> =
                    keys.working(binding).map(|(key, _)| key.short()).collect();
                named.join(" or ")
            })
            .unwrap_or_default();
        let forms = [
            format!("Move {name} to {TRASH}/? {yes}: yes, any other key: no"),
            format!("Move {name} to {TRASH}/? {yes}: yes"),
            format!("Move to {TRASH}/? {yes}: yes, other keys: no"),
        ];
        let fits = forms.iter().find(|form| fit::width(form) <= width);
        Some(fits.unwrap_or(&forms[2]).clone())
    }

    /// What an empty list says: where games are saved, and how.
    fn render_empty(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![Line::raw("")];
        match (&self.folder, self.only) {
            (_, Some(kind)) if !self.listing.entries.is_empty() => {
                let keys = Mode::of(&keys::LIBRARY);
                lines.push(Line::raw(format!(
                    "No {} games here: {} or {} shows the next game.",
                    kind.title(),
                    keys.key_for(Action::Filter),
                    keys.key_for(Action::RIGHT)
                )));
            }
            (Some(folder), _) => {
                lines.push(Line::raw(format!(
                    "No saved games in {} yet.",
                    paths::shown(folder)
                )));
                let saved = files::games_dir();
                match saved {
                    Some(games) if games != *folder => lines.push(Line::raw(format!(
                        "Games are saved in {}: press s during a game to save it.",
                        paths::shown(&games)
                    ))),
                    _ => lines.push(Line::raw(
                        "Press s during a game to save it here (the save prompt suggests this folder).",
                    )),
                }
            }
            (None, _) => {
                lines.push(Line::raw("This system has no data folder for saved games."));
                lines.push(Line::raw(
                    "Save a game with s during play, then open its folder with tabletop library DIR.",
                ));
            }
        }
        Paragraph::new(lines)
            .style(theme.dim())
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }

    fn render_table(&self, shown: &[&Entry], area: Rect, buf: &mut Buffer, theme: Theme) {
        let players: Vec<String> = shown.iter().map(|entry| players_text(entry)).collect();
        let players_width = players
            .iter()
            .map(|p| fit::width(p))
            .max()
            .unwrap_or(0)
            .clamp("Players".len(), PLAYERS_MOST);
        // Names longer than the column say they were cut.
        let players: Vec<String> = players.iter().map(|p| fit::cut(p, players_width)).collect();
        let room = usize::from(area.width).saturating_sub(MARK.len());
        let columns = COLUMN_SETS
            .iter()
            .copied()
            .find(|set| {
                let widths: usize = set.iter().map(|&c| column_width(c, players_width)).sum();
                widths + set.len().saturating_sub(1) <= room
            })
            .unwrap_or(&[Column::Game]);
        let header = Row::new(columns.iter().map(|&c| column_title(c))).style(theme.title());
        let rows = shown.iter().zip(&players).map(|(entry, players)| {
            let cells = columns
                .iter()
                .map(|&column| Cell::from(cell_text(entry, column, players)));
            let row = Row::new(cells);
            match entry.read {
                Ok(_) => row,
                Err(_) => row.style(theme.dim()),
            }
        });
        let widths = columns
            .iter()
            .map(|&c| Constraint::Length(column_width(c, players_width) as u16));
        let table = Table::new(rows, widths)
            .header(header)
            .row_highlight_style(theme.selected())
            .highlight_symbol(MARK);
        let selected = self.position(shown);
        let offset = self.offset(shown, area);
        let mut state = TableState::new()
            .with_offset(offset)
            .with_selected(selected);
        StatefulWidget::render(table, area, buf, &mut state);
    }
}

/// `human`, `computer 3`, `random`, an engine's name: how a record's
/// player is shown.
fn player_text(name: &str) -> String {
    match name.parse::<Seat>() {
        Ok(seat) => seat.label(),
        Err(_) if name == "random" => "random".to_string(),
        Err(_) => "?".to_string(),
    }
}

/// `human – computer 3`.
fn players_text(entry: &Entry) -> String {
    match &entry.read {
        Ok(summary) => format!(
            "{} – {}",
            player_text(&summary.players[0]),
            player_text(&summary.players[1])
        ),
        Err(_) => String::new(),
    }
}

/// `X won`, `draw`, `unfinished`, `O resigned`.
pub fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Unfinished => "unfinished".to_string(),
        Ending::Won(symbol) => format!("{symbol} won"),
        Ending::Resigned(symbol) => format!("{symbol} resigned"),
        Ending::Draw => "draw".to_string(),
    }
}

fn column_title(column: Column) -> &'static str {
    match column {
        Column::Date(_) => "Date",
        Column::Game => "Game",
        Column::Players => "Players",
        Column::Result => "Result",
        Column::Moves => "Moves",
        Column::Reviewed => "Reviewed",
    }
}

/// How wide a column is drawn.
fn column_width(column: Column, players: usize) -> usize {
    match column {
        Column::Date(true) => 16,
        Column::Date(false) => 10,
        Column::Game => GameKind::ALL
            .iter()
            .map(|kind| fit::width(kind.title()))
            .max()
            .unwrap_or(4)
            .max(4),
        Column::Players => players,
        Column::Result => "unreadable".len(),
        Column::Moves => "Moves".len(),
        Column::Reviewed => "Reviewed".len(),
    }
}

fn cell_text(entry: &Entry, column: Column, players: &str) -> String {
    let summary = entry.read.as_ref().ok();
    match column {
        Column::Date(true) => entry.date.clone(),
        Column::Date(false) => entry.date.chars().take(10).collect(),
        Column::Game => summary.map_or("?".to_string(), |s| s.kind.title().to_string()),
        Column::Players => players.to_string(),
        Column::Result => summary.map_or("unreadable".to_string(), |s| ending_text(s.ending)),
        Column::Moves => summary.map_or(String::new(), |s| format!("{:>5}", s.turns)),
        Column::Reviewed => match summary {
            Some(s) if s.reviewed => "yes".to_string(),
            Some(_) => "no".to_string(),
            None => String::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_named_as_people_read_them() {
        assert_eq!(player_text("human"), "human");
        assert_eq!(player_text("ai:3"), "computer 3");
        assert_eq!(player_text("random"), "random");
        assert_eq!(player_text("gtp:katago --x"), "katago");
    }

    #[test]
    fn the_richest_columns_that_fit_are_chosen() {
        let fits = |room: usize| {
            COLUMN_SETS
                .iter()
                .copied()
                .find(|set| {
                    let widths: usize = set.iter().map(|&c| column_width(c, 18)).sum();
                    widths + set.len() - 1 <= room
                })
                .unwrap_or(&[Column::Game])
        };
        assert_eq!(fits(78).len(), 6);
        assert!(!fits(58).contains(&Column::Reviewed));
        assert!(fits(58).contains(&Column::Players));
        assert_eq!(
            fits(38),
            &[
                Column::Date(false),
                Column::Game,
                Column::Result,
                Column::Moves
            ]
        );
    }
}
