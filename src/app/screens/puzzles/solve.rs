//! Solving one puzzle: the board as in a game (cursor, typed cells, the
//! mouse), the player's moves checked on a thread of their own against
//! the forced win ([`tabletop_core::puzzles::judge`]), the computer answering with
//! its most stubborn defence, and the puzzle solved when the win is on
//! the board.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line as TextLine, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::keys;
use crate::app::action::{Action, Direction};
use crate::app::games::{BoardView, GameUi, last_turn, typed_move};
use crate::app::keys::{Mode, Typing};
use crate::app::screens::analysis;
use crate::app::screens::layout::{fits, needs};
use crate::app::screens::play::view::{Areas, areas};
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::spinner;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::app::widgets::typed_line::TypedLine;
use crate::games::Interactive;
use tabletop_core::counted::counted_as;
use tabletop_core::puzzles::judge::{Judged, answer, judge};
use tabletop_core::puzzles::{Puzzle, proof};
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::{Cell, Outcome, Player};

/// Lines above and below the board: the title, the address line, the
/// status line and the footer.
pub const AROUND: u16 = 4;

/// The least time the computer's answer takes to appear, so the player
/// sees their own move first.
const ANSWER_DELAY: Duration = Duration::from_millis(300);

/// How a try at the puzzle stands.
#[derive(Clone, Debug, PartialEq)]
pub enum State {
    /// The player is to find a move.
    Playing,
    /// The move is being checked, and answered.
    Checking,
    Solved,
    /// The win slipped; the move that kept it, when one is known.
    Failed(Option<String>),
}

/// What the checking thread found.
enum Found<M> {
    /// The move keeps the win: the computer's answers (none when the
    /// move won).
    Keeps(Vec<M>),
    /// The move lets the win slip; a move that would have kept it.
    Slips(Option<M>),
}

/// What the puzzles screen asks of a puzzle being solved, whatever the
/// game, besides what every screen does: how the try stands.
pub trait SolveScreen: Screen {
    fn state(&self) -> &State;
}

pub struct Solve<G: GameUi> {
    /// From the puzzle's position.
    line: Line<G>,
    start: G,
    /// The game up to the puzzle's position.
    record: Record<G>,
    attacker: Player,
    plies: u32,
    /// The known winning line.
    known: Vec<G::Move>,
    /// How the puzzle came about, for the panel.
    source: String,
    cursor: Cell,
    input: Option<String>,
    state: State,
    message: Option<String>,
    work: Option<Work<G::Move>>,
}

/// The checking thread.
struct Work<M> {
    stop: Arc<AtomicBool>,
    found: Receiver<Option<Found<M>>>,
    started: Instant,
    elapsed: Duration,
}

impl<G: GameUi> Solve<G> {
    pub fn new(puzzle: &Puzzle, record: &Record<G>) -> Solve<G> {
        let start = record.end();
        let known = puzzle.line_of::<G>();
        let middle = (start.side() - 1) / 2;
        let cursor =
            Cell::new(middle, middle).unwrap_or_else(|| unreachable!("boards are at most 26 wide"));
        Solve {
            line: Line::new(start.clone()),
            start,
            record: record.clone(),
            attacker: puzzle.attacker,
            plies: puzzle.plies,
            known,
            source: puzzle.source.to_string(),
            cursor,
            input: None,
            state: State::Playing,
            message: None,
            work: None,
        }
    }

    fn game(&self) -> &G {
        self.line.game()
    }

    /// Plies played since the puzzle's position.
    fn used(&self) -> u32 {
        self.line.played().len() as u32
    }

    fn play_by_hand(&mut self, mv: G::Move) {
        if self.state != State::Playing || self.game().to_move() != self.attacker {
            return;
        }
        let before = self.game().clone();
        // The known line is followed as long as the game is on it.
        let on_line = self
            .line
            .played()
            .iter()
            .zip(&self.known)
            .all(|(played, known)| played.mv == *known);
        let next_known = self.known.get(self.used() as usize).copied();
        if let Err(why) = self.line.play(mv) {
            self.message = Some(format!("{mv}: {why}"));
            return;
        }
        let left = self.plies.saturating_sub(self.used() - 1);
        let attacker = self.attacker;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (tell, found) = mpsc::channel();
        thread::spawn(move || {
            let result = check(&before, mv, attacker, left, &flag, next_known, on_line);
            let _ = tell.send(result);
        });
        self.state = State::Checking;
        self.work = Some(Work {
            stop,
            found,
            started: Instant::now(),
            elapsed: Duration::ZERO,
        });
    }

    fn finish(&mut self, found: Found<G::Move>) {
        match found {
            Found::Slips(keeping) => {
                self.state = State::Failed(keeping.map(|mv| mv.to_string()));
            }
            Found::Keeps(answers) => {
                let mut answered = Vec::new();
                for mv in answers {
                    if self.line.play(mv).is_err() {
                        break;
                    }
                    answered.push(mv.to_string());
                }
                // Said, so the player sees what changed on the board.
                if !answered.is_empty() {
                    let defender = G::symbol(self.attacker.other());
                    self.message = Some(format!("{defender} answered {}", answered.join(" ")));
                }
                self.state = match self.game().outcome() {
                    Some(Outcome::Win(p)) if p == self.attacker => State::Solved,
                    Some(_) => State::Failed(None),
                    None => State::Playing,
                };
            }
        }
    }

    /// Laid out as the game screen is.
    fn areas(&self, area: Rect) -> Areas {
        areas(self.game(), area)
    }

    /// The status line.
    fn status(&self) -> String {
        match &self.state {
            State::Checking => {
                let elapsed = self.work.as_ref().map_or(Duration::ZERO, |w| w.elapsed);
                let frame = spinner::frame(elapsed);
                format!("{frame} The computer answers…")
            }
            State::Solved => {
                let keys = self.board();
                format!(
                    "Solved! {}: next puzzle, {}: the list",
                    keys.key_for(Action::NewGame),
                    keys.key_for(Action::Cancel)
                )
            }
            State::Failed(keeping) => {
                // Short, so the winning move shows in 60 columns; the
                // footer names the keys.
                let was = keeping
                    .as_ref()
                    .map_or(String::new(), |mv| format!(": {mv} wins"));
                let retry = self.board().key_for(Action::Undo);
                format!("That lets the win slip{was}. {retry} retries")
            }
            State::Playing => self.message.clone().unwrap_or_default(),
        }
    }
}

/// Whether `mv`, played in `before`, keeps `attacker`'s win within `left`
/// plies, and then the computer's answers up to the attacker's next turn;
/// `None` when stopped. `next_known` is the known line's move here, when
/// the game is still on it.
fn check<G: GameUi>(
    before: &G,
    mv: G::Move,
    attacker: Player,
    left: u32,
    stop: &AtomicBool,
    next_known: Option<G::Move>,
    on_line: bool,
) -> Option<Found<G::Move>> {
    let started = Instant::now();
    let found = match judge(before, mv, attacker, left, stop) {
        Judged::Stopped => return None,
        Judged::Slips => Found::Slips(winning_move(
            before, attacker, left, next_known, on_line, stop,
        )),
        Judged::Keeps => {
            let mut at = before.clone();
            at.play_unchecked(mv);
            let mut answers = Vec::new();
            let mut plies = left.saturating_sub(1);
            // Up to the attacker's next choice: the line plays the moves
            // the game forces (a pass) by itself.
            while !at.is_over() && (at.to_move() != attacker || at.forced_move().is_some()) {
                let reply = match at.forced_move() {
                    Some(forced) => forced,
                    None => {
                        let reply = answer(&at, attacker, plies, stop)?;
                        answers.push(reply);
                        reply
                    }
                };
                at.play_unchecked(reply);
                plies = plies.saturating_sub(1);
            }
            Found::Keeps(answers)
        }
    };
    // The answer does not appear before the player has seen their move.
    if let Some(rest) = ANSWER_DELAY.checked_sub(started.elapsed()) {
        thread::sleep(rest);
    }
    Some(found)
}

/// A move of `before` that keeps the win: the known line's, while the game
/// follows it, else the first the proofs accept.
fn winning_move<G: GameUi>(
    before: &G,
    attacker: Player,
    left: u32,
    next_known: Option<G::Move>,
    on_line: bool,
    stop: &AtomicBool,
) -> Option<G::Move> {
    if on_line && next_known.is_some() {
        return next_known;
    }
    let mut moves = Vec::new();
    before.candidate_moves(&mut moves);
    moves.into_iter().take(12).find(|&mv| {
        let mut child = before.clone();
        child.play_unchecked(mv);
        proof::wins_within(&child, attacker, left.saturating_sub(1), &[], stop) == proof::Proof::Won
    })
}

impl<G: GameUi> Solve<G> {
    /// The keys on the board, which messages name.
    fn board(&self) -> Mode {
        Mode::on_board(&keys::BOARD, self.typing())
    }

    /// The lowercase letters that type on this board now.
    fn typing(&self) -> Typing {
        let game = self.game();
        let words: Vec<String> = G::WORD_MOVES
            .iter()
            .filter(|mv| game.check(**mv).is_ok())
            .map(ToString::to_string)
            .collect();
        Typing::of(game.side(), words.iter().map(String::as_str))
    }

    fn step(&mut self, direction: Direction) {
        self.input = None;
        let (rows, cols) = direction.offset();
        self.cursor = self.game().step_cursor(self.cursor, rows, cols);
    }

    /// Enter: plays the cell typed, or the cursor cell.
    fn confirm(&mut self) {
        self.message = None;
        let Some(text) = self.input.take() else {
            self.play_by_hand(G::place(self.cursor));
            return;
        };
        match typed_move::<G>(&text) {
            Some(mv) => self.play_by_hand(mv),
            None => {
                let example = G::NOTATION.format(self.cursor);
                self.message = Some(format!(
                    "{} is not a cell name (like {example})",
                    tabletop_engine::quote::quote(text.trim())
                ));
            }
        }
    }

    fn type_char(&mut self, c: char) {
        let text = self.input.get_or_insert_with(String::new);
        if text.len() < 8 && (c.is_ascii_alphanumeric() || c == ' ') {
            text.push(c);
        }
    }

    fn click(&mut self, area: Rect, column: u16, row: u16) {
        let board = self.areas(area).board;
        if let Some(cell) = self.game().cell_at(board, column, row) {
            self.cursor = cell;
            self.input = None;
            self.play_by_hand(G::place(cell));
        }
    }

    /// Back to the puzzle's position, to try again.
    fn retry(&mut self) {
        self.halt();
        self.line = Line::new(self.start.clone());
        self.state = State::Playing;
        self.message = None;
        self.input = None;
    }

    /// Stops the move being checked.
    fn halt(&mut self) {
        if let Some(work) = self.work.take() {
            work.stop.store(true, Ordering::Relaxed);
        }
        if self.state == State::Checking {
            self.state = State::Playing;
        }
    }

    /// Takes the checking thread's answer, once it has one.
    fn collect(&mut self, now: Instant) {
        let Some(work) = &mut self.work else {
            return;
        };
        work.elapsed = now.saturating_duration_since(work.started);
        match work.found.try_recv() {
            Err(TryRecvError::Empty) => {}
            Ok(Some(found)) => {
                self.work = None;
                self.finish(found);
            }
            Ok(None) | Err(TryRecvError::Disconnected) => {
                self.work = None;
                self.state = State::Playing;
            }
        }
    }

    /// Draws the board: the cursor while the player is to move, the cell
    /// typed, the last turn and a winning line.
    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let game = self.game();
        let played = self.line.played();
        let last = last_turn(played);
        let winning = match played.last() {
            Some(last) if game.is_over() => G::winning_cells(&last.effect),
            _ => &[],
        };
        let playing = self.state == State::Playing;
        let addressed = self
            .input
            .as_deref()
            .and_then(typed_move::<G>)
            .and_then(|mv| G::placed(&mv))
            .filter(|cell| cell.is_on(game.side()));
        let view = BoardView {
            cursor: playing.then_some(self.cursor),
            addressed,
            hint: None,
            winning,
            last: &last,
            animation: None,
            settled: false,
            theme,
        };
        game.render_board(&view, area, buf);
    }

    /// The panel: what to find, the plies left, where the puzzle came
    /// from, and the game's own lines.
    fn panel(&self, theme: Theme) -> Vec<TextLine<'static>> {
        let symbol = G::symbol(self.attacker);
        let left = self.plies.saturating_sub(self.used());
        let mut lines = vec![
            TextLine::from(vec![
                Span::raw("Find the winning move for "),
                Span::styled(symbol.to_string(), theme.piece(self.attacker)),
            ]),
            TextLine::raw(format!("(win within {})", plies(self.plies))),
            TextLine::styled(format!("{} left", plies(left)), theme.dim()),
            TextLine::styled(self.source.clone(), theme.dim()),
            TextLine::raw(""),
        ];
        lines.extend(self.game().panel(None, theme));
        lines
    }
}

impl<G: Interactive> SolveScreen for Solve<G> {
    fn state(&self) -> &State {
        &self.state
    }
}

impl<G: Interactive> Screen for Solve<G> {
    /// The analysis board once the puzzle is solved or missed.
    fn offers(&self, action: Action) -> bool {
        action != Action::Analyse || matches!(self.state, State::Solved | State::Failed(_))
    }

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
            Action::Type(c) => self.type_char(c),
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
            Action::Click { column, row } => self.click(context.area, column, row),
            // From the puzzle's position again.
            Action::Undo => self.retry(),
            Action::Analyse if self.offers(action) => {
                // The game that led to the puzzle, then the moves tried.
                let mut record = self.record.clone();
                record.moves.extend(self.line.moves());
                let shown = record.moves.len();
                return Transition::Open(analysis::board(G::any_record(record), shown));
            }
            // Esc closes the address line first, then the puzzle.
            Action::Cancel if self.input.take().is_none() => return Transition::Back,
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let Areas {
            title,
            board,
            panel,
            address,
            status,
            footer,
        } = self.areas(area);
        TitleBar {
            heading: "tabletop",
            about: &format!("puzzle · {}", self.game().title()),
            fit: Fit::Leading,
            theme,
        }
        .render(title, buf);
        self.render_board(board, buf, theme);
        Paragraph::new(self.panel(theme))
            .wrap(Wrap { trim: false })
            .render(panel, buf);
        if let Some(text) = &self.input {
            let line = TypedLine {
                label: "Cell: ",
                does: "plays",
                text,
                selected: false,
                mode: self.mode(),
                theme,
            };
            (&line).render(address, buf);
        }
        let said = crate::app::fit::message(&self.status(), usize::from(status.width));
        Paragraph::new(TextLine::styled(said, theme.message())).render(status, buf);
        Footer {
            items: self.footer(),
            theme,
        }
        .render(footer, buf);
    }

    fn fits(&self, area: Rect) -> bool {
        fits(self.game(), area, AROUND)
    }

    fn needs(&self, area: Rect) -> (u16, u16) {
        needs(self.game(), area, AROUND)
    }

    fn is_ticking(&self) -> bool {
        self.work.is_some()
    }

    fn tick(&mut self, now: Instant, _context: &Context) -> Tick {
        self.collect(now);
        Tick::Changed
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    fn stop(&mut self) {
        self.halt();
    }
}

/// `1 ply`, `5 plies`.
fn plies(n: u32) -> String {
    counted_as(n as usize, "ply", "plies")
}
