//! The analysis board: any position of a game (a replay's, a finished
//! game's, a puzzle's, a look-back's), with moves played freely for both
//! sides. Every move played is kept in a tree of lines
//! ([`tabletop_core::variation`]): a different move where a line goes on
//! makes a variation, and the keys walk back and on along the line shown,
//! between the variations branching at a move and back to the main line.
//! The computer's chance and the line it expects are worked out for the
//! position shown at the level chosen ([`search`]), in the background;
//! the line to the position shown is saved in the saved games, or played
//! on against the computer ([`keeping`]). Its keys are in [`keys`], its
//! drawing in [`view`].

mod keeping;
pub mod keys;
pub mod search;
mod view;

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::{Action, Direction};
use crate::app::games::typed_move;
use crate::app::keys::{Mode, Typing};
use crate::app::screens::layout::{fits, needs};
use crate::app::screens::play::view::{Areas, areas};
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::games::{AnyRecord, Interactive, Setup, WithRecord, WithSetup, with_record, with_setup};
use search::{Polled, Seen, Watcher};
use tabletop_ai::{Budget, History, Level};
use tabletop_core::variation::{MOST_POSITIONS, Node, Variations};
use tabletop_engine::Cell;
use tabletop_engine::line::Line;
use tabletop_engine::quote::quote;
use tabletop_engine::record::Record;

/// Lines above and below the board: the title, the address line, the
/// status line and the footer.
const AROUND: u16 = 4;

pub struct Analysis<G: Interactive> {
    /// The game the board was opened on: its start, settings and players
    /// (a saved line keeps them).
    record: Record<G>,
    tree: Variations<G::Move>,
    /// The position shown.
    at: Node,
    /// The line from the start to the position shown.
    line: Line<G>,
    cursor: Cell,
    /// The cell being typed, while the line at the bottom is open.
    input: Option<String>,
    /// How hard the computer looks at each position.
    level: Level,
    /// Whether the evaluation bar and the best line are shown.
    watching: bool,
    watcher: Option<Watcher<G::Move>>,
    /// What the computer found in the position shown.
    seen: Option<Seen<G::Move>>,
    message: Option<String>,
}

/// The analysis board's budget at `level`: a review's for a position.
fn review_budget(level: Level) -> Budget {
    Budget::Time(level.budget() * 2)
}

impl<G: Interactive> Analysis<G> {
    /// The board on `record`, its moves the main line, showing the
    /// position after its first `shown` moves.
    pub fn new(record: Record<G>, shown: usize) -> Analysis<G> {
        let tree = Variations::with_main_line(record.moves.iter().copied());
        let mut at = Variations::<G::Move>::ROOT;
        for _ in 0..shown {
            match tree.next(at) {
                Some(next) => at = next,
                None => break,
            }
        }
        let start = record.start.clone();
        let middle = (start.side() - 1) / 2;
        let cursor =
            Cell::new(middle, middle).unwrap_or_else(|| unreachable!("boards are at most 26 wide"));
        let mut analysis = Analysis {
            line: Line::new(start),
            record,
            tree,
            at,
            cursor,
            input: None,
            level: Level::DEFAULT,
            watching: true,
            watcher: None,
            seen: None,
            message: None,
        };
        analysis.go(at);
        analysis
    }

    fn game(&self) -> &G {
        self.line.game()
    }

    /// The keys on the board, which messages name.
    fn board(&self) -> Mode {
        let game = self.game();
        let words: Vec<String> = G::WORD_MOVES
            .iter()
            .filter(|mv| game.check(**mv).is_ok())
            .map(ToString::to_string)
            .collect();
        Mode::on_board(
            &keys::ANALYSIS,
            Typing::of(game.side(), words.iter().map(String::as_str)),
        )
    }

    /// Shows the position `at`.
    fn go(&mut self, at: Node) {
        let moves = self.tree.moves_to(at);
        if let Ok(line) = Line::replay(self.record.start.clone(), moves) {
            self.at = at;
            self.line = line;
        }
        self.look();
    }

    /// Starts the computer looking at the position shown, abandoning any
    /// other.
    fn look(&mut self) {
        self.watcher = None;
        self.seen = None;
        if self.watching {
            let history = History::of(self.line.positions());
            let budget = review_budget(self.level);
            self.watcher = Some(Watcher::start(self.game(), history, self.level, budget));
        }
    }

    /// Plays `mv` for the side to move: along the line it is on, or as a
    /// new variation.
    fn play(&mut self, mv: G::Move) {
        self.message = None;
        if let Err(illegal) = self.line.clone().play(mv) {
            self.message = Some(format!("{mv}: {illegal}"));
            return;
        }
        let known = self.tree.next(self.at).is_some();
        let Ok(node) = self.tree.try_play(self.at, mv) else {
            self.message = Some(format!(
                "The board keeps no more than {MOST_POSITIONS} positions: no new one; \
                 the lines kept are all there"
            ));
            return;
        };
        let (index, count) = self.tree.branch(node);
        if known && index + 1 == count && count > 1 && self.tree.next(node).is_none() {
            self.message = Some(format!("A new variation ({count} of {count}) from here"));
        }
        self.go(node);
    }

    /// Enter: plays the cell typed, or the cursor cell.
    fn confirm(&mut self) {
        let Some(text) = self.input.take() else {
            self.play(G::place(self.cursor));
            return;
        };
        match typed_move::<G>(&text) {
            Some(mv) => self.play(mv),
            None => {
                let example = G::NOTATION.format(self.cursor);
                self.message = Some(format!(
                    "{} is not a cell name (like {example})",
                    quote(text.trim())
                ));
            }
        }
    }

    fn step(&mut self, direction: Direction) {
        self.input = None;
        let (rows, cols) = direction.offset();
        self.cursor = self.game().step_cursor(self.cursor, rows, cols);
    }

    fn click(&mut self, area: Rect, column: u16, row: u16) {
        let board = self.areas(area).board;
        if let Some(cell) = self.game().cell_at(board, column, row) {
            self.cursor = cell;
            self.input = None;
            self.play(G::place(cell));
        }
    }

    fn areas(&self, area: Rect) -> Areas {
        areas(self.game(), area)
    }

    /// Walks the tree: to `to`, if there is anywhere to go.
    fn walk(&mut self, to: Option<Node>, nowhere: &str) {
        self.message = None;
        match to {
            Some(node) => self.go(node),
            None => self.message = Some(nowhere.to_string()),
        }
    }

    /// Applies a key that walks the tree.
    fn walk_by(&mut self, action: Action) {
        let at = self.at;
        match action {
            Action::Previous => self.walk(self.tree.parent(at), "This is the start"),
            Action::Next => self.walk(self.tree.next(at), "This is the end of the line"),
            Action::First => self.walk(Some(Variations::<G::Move>::ROOT), ""),
            Action::Last => self.walk(Some(self.tree.end(at)), ""),
            Action::PreviousVariation => {
                let to = self.tree.sibling(at, false);
                self.walk(to, "No variation before this one at this move");
            }
            Action::NextVariation => {
                let to = self.tree.sibling(at, true);
                self.walk(to, "No variation after this one at this move");
            }
            Action::MainLine => {
                let to = self.tree.main_line(at);
                self.walk(Some(to), "");
            }
            _ => {}
        }
    }

    /// The computer's level changed by `by`.
    fn change_level(&mut self, by: i8) {
        let level = self.level.get().saturating_add_signed(by);
        if let Some(level) = Level::new(level).filter(|_| level != self.level.get()) {
            self.level = level;
            self.watching = true;
            self.look();
        }
        self.message = Some(format!("The computer looks at level {}", self.level));
    }

    /// Takes the computer's answer, once it has one.
    fn collect(&mut self) {
        let Some(watcher) = &self.watcher else {
            return;
        };
        match watcher.poll() {
            Polled::Waiting => {}
            Polled::Found(seen) => {
                self.seen = Some(seen);
                self.watcher = None;
            }
            Polled::Gone => self.watcher = None,
        }
    }

    fn edit_input(&mut self, action: Action) {
        match action {
            Action::Type(c) => {
                let text = self.input.get_or_insert_with(String::new);
                if text.len() < 8 && (c.is_ascii_alphanumeric() || c == ' ') {
                    text.push(c);
                }
            }
            Action::OpenAddress => {
                self.input.get_or_insert_with(String::new);
            }
            Action::Erase => {
                if let Some(text) = &mut self.input {
                    text.pop();
                }
            }
            Action::Clear => {
                if let Some(text) = &mut self.input {
                    text.clear();
                }
            }
            _ => {}
        }
    }
}

/// The analysis board on `record`, showing the position after its first
/// `shown` moves.
pub fn board(record: AnyRecord, shown: usize) -> Box<dyn Screen> {
    struct Open(usize);
    impl WithRecord for Open {
        type Output = Box<dyn Screen>;
        fn run<G: Interactive>(self, record: Record<G>) -> Box<dyn Screen> {
            Box::new(Analysis::new(record, self.0))
        }
    }
    with_record(record, Open(shown))
}

/// The analysis board on an empty board of `setup`.
pub fn empty_board(setup: &Setup) -> Box<dyn Screen> {
    struct Empty;
    impl WithSetup for Empty {
        type Output = Box<dyn Screen>;
        fn run<G: Interactive>(self, settings: G::Settings) -> Box<dyn Screen> {
            Box::new(Analysis::new(Record::new(G::new(settings)), 0))
        }
    }
    with_setup(setup, Empty)
}

impl<G: Interactive> Screen for Analysis<G> {
    fn mode(&self) -> Mode {
        match self.input {
            Some(_) => Mode::of(&keys::TYPING),
            None => self.board(),
        }
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        match action {
            Action::Step(direction) => self.step(direction),
            Action::Confirm => self.confirm(),
            Action::Type(_) | Action::OpenAddress | Action::Erase | Action::Clear => {
                self.edit_input(action);
            }
            Action::Click { column, row } => self.click(context.area, column, row),
            Action::Previous
            | Action::Next
            | Action::First
            | Action::Last
            | Action::PreviousVariation
            | Action::NextVariation
            | Action::MainLine => self.walk_by(action),
            Action::Evaluate => {
                self.watching = !self.watching;
                self.look();
            }
            Action::Stronger => self.change_level(1),
            Action::Weaker => self.change_level(-1),
            Action::Save => self.save(context),
            Action::Continue => return self.play_on(),
            // Esc closes the cell line first, then the board.
            Action::Cancel if self.input.take().is_none() => return Transition::Back,
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        view::render(self, area, buf, theme);
    }

    fn fits(&self, area: Rect) -> bool {
        fits(self.game(), area, AROUND)
    }

    fn needs(&self, area: Rect) -> (u16, u16) {
        needs(self.game(), area, AROUND)
    }

    fn is_ticking(&self) -> bool {
        self.watcher.is_some()
    }

    fn tick(&mut self, _now: Instant, _context: &Context) -> Tick {
        self.collect();
        Tick::Changed
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    fn stop(&mut self) {
        self.watcher = None;
    }
}
