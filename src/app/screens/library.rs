//! The saved games: the records in a folder as a table (date, game,
//! players, result, moves, reviewed), sorted and filtered by game, from
//! which a game is replayed, continued or moved to the trash. The columns
//! that matter least go first when the terminal is narrow.

use std::path::PathBuf;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Paragraph, Row, StatefulWidget, Table, TableState, Widget, Wrap};

use crate::app::action::Direction;
use crate::app::fit::{counted, leading, shorten, tail};
use crate::app::theme::Theme;
use crate::games::{AnyRecord, GameKind};
use tabletop_core::files::library::{Ending, Entry, Listing, list};
use tabletop_core::files::{self, TRASH};
use tabletop_core::seat::Seat;

/// How the list is sorted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sort {
    /// The newest first.
    Date,
    /// By game, in the order of the list of games, then the newest first.
    Game,
    /// Unfinished games first (they can be continued), then wins,
    /// resignations and draws.
    Result,
    /// The longest games first.
    Moves,
}

impl Sort {
    const ALL: [Sort; 4] = [Sort::Date, Sort::Game, Sort::Result, Sort::Moves];

    fn next(self) -> Sort {
        let index = Sort::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Sort::ALL[(index + 1) % Sort::ALL.len()]
    }

    fn said(self) -> &'static str {
        match self {
            Sort::Date => "newest first",
            Sort::Game => "by game",
            Sort::Result => "by result",
            Sort::Moves => "longest first",
        }
    }
}

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

/// The saved games screen.
pub struct Library {
    /// The folder listed; `None` when the system has no data folder.
    folder: Option<PathBuf>,
    /// Files listed with the folder's (the autosave).
    also: Vec<PathBuf>,
    listing: Listing,
    sort: Sort,
    /// The one game shown, if the list is filtered.
    only: Option<GameKind>,
    /// The file chosen.
    chosen: Option<PathBuf>,
    /// The player pressed `d` on the file chosen, and is asked to confirm.
    asking: bool,
    message: Option<String>,
}

impl Library {
    /// The smallest terminal the screen works in.
    pub const NEEDS: (u16, u16) = (30, 8);

    /// The records in `folder` (none if there is no folder), and the
    /// files `also`.
    pub fn open(folder: Option<PathBuf>, also: Vec<PathBuf>) -> Library {
        let mut library = Library {
            folder,
            also,
            listing: Listing::default(),
            sort: Sort::Date,
            only: None,
            chosen: None,
            asking: false,
            message: None,
        };
        library.reload();
        library
    }

    /// Reads the folder again, keeping the file chosen if it is still there.
    pub fn reload(&mut self) {
        self.listing = match &self.folder {
            Some(folder) => list(folder, &self.also),
            None => Listing::default(),
        };
        self.keep_choice();
    }

    /// The entries shown, filtered and sorted.
    fn shown(&self) -> Vec<&Entry> {
        let mut shown: Vec<&Entry> = self
            .listing
            .entries
            .iter()
            .filter(|entry| match (self.only, &entry.read) {
                (None, _) => true,
                (Some(kind), Ok(summary)) => summary.kind == kind,
                (Some(_), Err(_)) => false,
            })
            .collect();
        // Unreadable files last, by name; the rest as asked, then newest
        // first, then by name so that the order is always the same.
        shown.sort_by(|a, b| {
            let (a_read, b_read) = (a.read.as_ref().ok(), b.read.as_ref().ok());
            let asked = match (a_read, b_read) {
                (Some(x), Some(y)) => match self.sort {
                    Sort::Date => std::cmp::Ordering::Equal,
                    Sort::Game => game_rank(x.kind).cmp(&game_rank(y.kind)),
                    Sort::Result => ending_rank(x.ending).cmp(&ending_rank(y.ending)),
                    Sort::Moves => y.turns.cmp(&x.turns),
                },
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => return a.path.cmp(&b.path),
            };
            asked
                .then_with(|| b.date.cmp(&a.date))
                .then_with(|| a.path.cmp(&b.path))
        });
        shown
    }

    /// Where the file chosen is in the list shown.
    fn position(&self, shown: &[&Entry]) -> Option<usize> {
        let chosen = self.chosen.as_ref()?;
        shown.iter().position(|entry| &entry.path == chosen)
    }

    /// Keeps the choice on a file shown: the one chosen, or the first.
    fn keep_choice(&mut self) {
        let shown = self.shown();
        let chosen = match self.position(&shown) {
            Some(_) => self.chosen.clone(),
            None => shown.first().map(|entry| entry.path.clone()),
        };
        self.chosen = chosen;
    }

    fn choose(&mut self, index: usize) {
        let shown = self.shown();
        let chosen = shown
            .get(index.min(shown.len().saturating_sub(1)))
            .map(|entry| entry.path.clone());
        self.chosen = chosen;
    }

    /// The entry chosen.
    pub fn chosen(&self) -> Option<&Entry> {
        let chosen = self.chosen.as_ref()?;
        self.listing
            .entries
            .iter()
            .find(|entry| &entry.path == chosen)
    }

    /// Up and down choose a game; left and right show another game's.
    pub fn step(&mut self, direction: Direction) {
        let here = self.position(&self.shown()).unwrap_or(0);
        match direction {
            Direction::Up => self.choose(here.saturating_sub(1)),
            Direction::Down => self.choose(here + 1),
            Direction::Left => self.filter(false),
            Direction::Right => self.filter(true),
        }
    }

    pub fn first(&mut self) {
        self.choose(0);
    }

    pub fn last(&mut self) {
        self.choose(usize::MAX);
    }

    /// The next way of sorting.
    pub fn sort(&mut self) {
        self.sort = self.sort.next();
    }

    /// Shows the next game's records (`forward`) or the one before's; all
    /// of them comes between the last game and the first.
    pub fn filter(&mut self, forward: bool) {
        let choices: Vec<Option<GameKind>> = std::iter::once(None)
            .chain(GameKind::ALL.iter().copied().map(Some))
            .collect();
        let here = choices.iter().position(|&c| c == self.only).unwrap_or(0);
        let count = choices.len();
        let next = if forward {
            (here + 1) % count
        } else {
            (here + count - 1) % count
        };
        self.only = choices[next];
        self.keep_choice();
    }

    /// Shows `message` on the status line until the next key.
    pub fn tell(&mut self, message: impl Into<String>) {
        self.message = Some(message.into());
    }

    pub fn clear_message(&mut self) {
        self.message = None;
    }

    /// Whether the player is asked to confirm moving a file to the trash.
    pub fn is_asking(&self) -> bool {
        self.asking
    }

    /// `d`: asks to confirm moving the file chosen to the trash; asked
    /// already, moves it.
    pub fn delete(&mut self) {
        let Some((path, name)) = self
            .chosen()
            .map(|entry| (entry.path.clone(), entry.name()))
        else {
            self.tell("There is no game to delete");
            return;
        };
        if !self.asking {
            self.asking = true;
            return;
        }
        self.asking = false;
        let here = self.position(&self.shown()).unwrap_or(0);
        match files::move_to_trash(&path) {
            Ok(moved) => {
                let put = moved
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                self.listing.entries.retain(|entry| entry.path != path);
                self.choose(here);
                self.tell(format!("Moved {name} to {TRASH}/{put}"));
            }
            Err(error) => self.tell(format!("Not moved: {error}")),
        }
    }

    /// Any other answer to the question: the file stays.
    pub fn keep(&mut self) {
        self.asking = false;
        let name = self.chosen().map(Entry::name).unwrap_or_default();
        self.tell(format!("Kept {name}"));
    }

    /// The game chosen, read again from its file.
    pub fn record(&self) -> Result<AnyRecord, String> {
        let entry = self.chosen().ok_or("There is no game to open")?;
        if let Err(why) = &entry.read {
            return Err(format!("{} is not a game record: {why}", entry.name()));
        }
        files::load(&entry.path).map_err(|error| format!("{error:#}"))
    }

    /// The game chosen, if it can be continued: read again, and not over.
    pub fn unfinished(&self) -> Result<AnyRecord, String> {
        let record = self.record()?;
        if record.is_over() {
            return Err("That game is over: Enter replays it".to_string());
        }
        Ok(record)
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [title, about, table, detail, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let width = usize::from(area.width);
        let heading = " tabletop saved games ";
        let folder = self
            .folder
            .as_ref()
            .map_or_else(String::new, |f| f.display().to_string());
        let room = width.saturating_sub(heading.chars().count() + 3);
        Line::from(vec![
            Span::styled(heading, theme.title()),
            Span::raw(format!("· {}", tail(&folder, room))),
        ])
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
                    let room = width.saturating_sub(name.chars().count() + 2);
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
            Line::styled(shorten(&text, width), theme.message()).render(status, buf);
        }
        render_footer(footer, buf, theme);
    }

    /// The question asked before a file goes to the trash, in at most
    /// `width` characters if it can be.
    fn question(&self, width: usize) -> Option<String> {
        if !self.asking {
            return None;
        }
        let name = self.chosen().map(Entry::name).unwrap_or_default();
        let forms = [
            format!("Move {name} to {TRASH}/? d or y: yes, any other key: no"),
            format!("Move {name} to {TRASH}/? d or y: yes"),
            format!("Move to {TRASH}/? d or y: yes, other keys: no"),
        ];
        let fits = forms.iter().find(|form| form.chars().count() <= width);
        Some(fits.unwrap_or(&forms[2]).clone())
    }

    /// What an empty list says: where games are saved, and how.
    fn render_empty(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![Line::raw("")];
        match (&self.folder, self.only) {
            (_, Some(kind)) if !self.listing.entries.is_empty() => {
                lines.push(Line::raw(format!(
                    "No {} games here: f or → shows the next game.",
                    kind.title()
                )));
            }
            (Some(folder), _) => {
                lines.push(Line::raw(format!(
                    "No saved games in {} yet.",
                    folder.display()
                )));
                let saved = files::games_dir();
                match saved {
                    Some(games) if games != *folder => lines.push(Line::raw(format!(
                        "Games are saved in {}: press s during a game to save it.",
                        games.display()
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
            .map(|p| p.chars().count())
            .max()
            .unwrap_or(0)
            .clamp("Players".len(), PLAYERS_MOST);
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
        // The choice stays in the middle of the rows shown as it moves;
        // the offset is worked out here, so drawing keeps no state.
        let selected = self.position(shown);
        let height = usize::from(area.height.saturating_sub(1)).max(1);
        let most = shown.len().saturating_sub(height);
        let offset = selected.map_or(0, |s| s.saturating_sub(height / 2).min(most));
        let mut state = TableState::new()
            .with_offset(offset)
            .with_selected(selected);
        StatefulWidget::render(table, area, buf, &mut state);
    }
}

/// Where a game comes in the list of games.
fn game_rank(kind: GameKind) -> usize {
    GameKind::ALL
        .iter()
        .position(|&k| k == kind)
        .unwrap_or(usize::MAX)
}

/// Unfinished first, then wins, resignations and draws.
fn ending_rank(ending: Ending) -> u8 {
    match ending {
        Ending::Unfinished => 0,
        Ending::Won(_) => 1,
        Ending::Resigned(_) => 2,
        Ending::Draw => 3,
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
            .map(|kind| kind.title().chars().count())
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

/// The keys, as many as fit, the most needed first.
fn render_footer(area: Rect, buf: &mut Buffer, theme: Theme) {
    let keys = [
        ("Enter", "replay"),
        ("c", "continue"),
        ("d", "delete"),
        ("s", "sort"),
        ("f", "filter"),
        ("r", "review"),
        ("?", "help"),
        ("q", "back"),
    ];
    // Help and back always; the others while they fit, in order.
    let width = |(key, does): &(&str, &str)| key.chars().count() + does.chars().count() + 3;
    let always = width(&keys[6]) + width(&keys[7]);
    let mut room = usize::from(area.width).saturating_sub(always);
    let mut shown: Vec<(&str, &str)> = Vec::new();
    for key in &keys[..6] {
        if width(key) > room {
            break;
        }
        room -= width(key);
        shown.push(*key);
    }
    shown.extend_from_slice(&keys[6..]);
    crate::app::widgets::keys::key_hints(&shown, theme).render(area, buf);
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
