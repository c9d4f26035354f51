//! The saved games: the records in a folder as a table (date, game,
//! players, result, moves, reviewed), sorted and filtered by game, from
//! which a game is replayed, continued or moved to the trash. The columns
//! that matter least go first when the terminal is narrow ([`view`]).

pub mod keys;
mod view;

use std::path::PathBuf;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::{Action, Direction};
use crate::app::keys::Mode;
use crate::app::screens::{Context, Screen, Transition, play, replay};
use crate::app::theme::Theme;
use crate::games::{AnyRecord, GameKind};
use tabletop_core::files::library::{Ending, Entry, Listing, list};
use tabletop_core::files::{self, TRASH};

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
    fn reload(&mut self) {
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
    fn chosen(&self) -> Option<&Entry> {
        let chosen = self.chosen.as_ref()?;
        self.listing
            .entries
            .iter()
            .find(|entry| &entry.path == chosen)
    }

    /// Up and down choose a game; left and right show another game's.
    fn step(&mut self, direction: Direction) {
        let here = self.position(&self.shown()).unwrap_or(0);
        match direction {
            Direction::Up => self.choose(here.saturating_sub(1)),
            Direction::Down => self.choose(here + 1),
            Direction::Left => self.filter(false),
            Direction::Right => self.filter(true),
        }
    }

    fn first(&mut self) {
        self.choose(0);
    }

    fn last(&mut self) {
        self.choose(usize::MAX);
    }

    /// The next way of sorting.
    fn sort(&mut self) {
        self.sort = self.sort.next();
    }

    /// Shows the next game's records (`forward`) or the one before's; all
    /// of them comes between the last game and the first.
    fn filter(&mut self, forward: bool) {
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
    fn say(&mut self, message: impl Into<String>) {
        self.message = Some(message.into());
    }

    /// `d`: asks to confirm moving the file chosen to the trash; asked
    /// already, moves it.
    fn delete(&mut self) {
        let Some((path, name)) = self
            .chosen()
            .map(|entry| (entry.path.clone(), entry.name()))
        else {
            self.say("There is no game to delete");
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
                self.say(format!("Moved {name} to {TRASH}/{put}"));
            }
            Err(error) => self.say(format!("Not moved: {error}")),
        }
    }

    /// Any other answer to the question: the file stays.
    fn keep(&mut self) {
        self.asking = false;
        let name = self.chosen().map(Entry::name).unwrap_or_default();
        self.say(format!("Kept {name}"));
    }

    /// The game chosen, read again from its file.
    fn record(&self) -> Result<AnyRecord, String> {
        let entry = self.chosen().ok_or("There is no game to open")?;
        if let Err(why) = &entry.read {
            return Err(format!("{} is not a game record: {why}", entry.name()));
        }
        files::load(&entry.path).map_err(|error| format!("{error:#}"))
    }

    /// The game chosen, if it can be continued: read again, and not over.
    fn unfinished(&self) -> Result<AnyRecord, String> {
        let record = self.record()?;
        if record.is_over() {
            let replay = Mode::of(&keys::LIBRARY).key_for(Action::Confirm);
            return Err(format!("That game is over: {replay} replays it"));
        }
        Ok(record)
    }
}

impl Library {
    /// The replay viewer on the game chosen (reviewing it there when
    /// `review`), this list kept behind it.
    fn replay(&mut self, review: bool, context: &Context) -> Transition {
        match self.record() {
            Ok(record) => {
                let path = self.chosen().map(|entry| entry.path.clone());
                Transition::Open(replay::viewer(record, path, review, context))
            }
            Err(why) => {
                self.say(why);
                Transition::Stay
            }
        }
    }

    /// The game screen on the unfinished game chosen.
    fn continue_chosen(&mut self, context: &Context) -> Transition {
        match self.unfinished() {
            Ok(record) => Transition::Switch(play::continued(record, context)),
            Err(why) => {
                self.say(why);
                Transition::Stay
            }
        }
    }
}

impl Screen for Library {
    fn mode(&self) -> Mode {
        match self.asking {
            true => Mode::of(&keys::ASKING),
            false => Mode::of(&keys::LIBRARY),
        }
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        if self.asking {
            // The answer to "move it to the trash?": any key but yes keeps
            // the file, and does nothing else.
            match action {
                Action::Yes => self.delete(),
                _ => self.keep(),
            }
            return Transition::Stay;
        }
        self.message = None;
        match action {
            Action::Step(direction) => self.step(direction),
            Action::First => self.first(),
            Action::Last => self.last(),
            Action::PageUp | Action::PageDown => {
                let page = self.page(context.area);
                let here = self.position(&self.shown()).unwrap_or(0);
                self.choose(match action {
                    Action::PageUp => here.saturating_sub(page),
                    _ => here + page,
                });
            }
            Action::Sort => self.sort(),
            Action::Filter => self.filter(true),
            Action::Delete => self.delete(),
            // `r` on a game not reviewed yet reviews it there.
            Action::Review => return self.replay(true, context),
            Action::Confirm => return self.replay(false, context),
            Action::Continue => return self.continue_chosen(context),
            // A click chooses a game; on the game chosen, replays it.
            Action::Click { row, .. } => match self.row_at(context.area, row) {
                Some(at) if self.position(&self.shown()) == Some(at) => {
                    return self.replay(false, context);
                }
                Some(at) => self.choose(at),
                None => {}
            },
            // Back to the start screen, or out of `tabletop library`.
            Action::Cancel => return Transition::Back,
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        self.render_view(area, buf, theme);
    }

    fn needs(&self, _area: Rect) -> (u16, u16) {
        Self::NEEDS
    }

    fn tell(&mut self, message: String) {
        self.say(message);
    }

    /// The game may have been reviewed (or deleted) meanwhile.
    fn back(&mut self, _context: &Context) {
        self.reload();
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
