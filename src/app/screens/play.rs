//! The game screen, the same for every game: the board, whose turn it is,
//! the game's own panel (reserves, disc counts, ...), the move history, the
//! address line, a status line and the main keys.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::ai::{self, Level};
use crate::app::action::{Direction, command_label};
use crate::app::animation::Animation;
use crate::app::games::{BoardView, GameUi};
use crate::app::screens::board_and_panel;
use crate::app::session::Session;
use crate::app::theme::Theme;
use crate::app::widgets::history::{Entry, History};
use crate::app::widgets::keys::key_hints;
use crate::engine::record::Record;
use crate::engine::{Cell, Player};
use crate::files;
use crate::seat::Seat;

/// The frames of the thinking spinner.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// The narrowest side panel that still reads well.
const PANEL_MIN: u16 = 30;

/// What the app asks of the game screen, whatever the game.
pub trait PlayScreen {
    fn columns(&self) -> usize;
    fn is_over(&self) -> bool;
    fn is_typing(&self) -> bool;
    /// Width and height the screen needs.
    fn needs(&self) -> (u16, u16);
    fn clear_message(&mut self);
    /// True on the second request in a row to leave this game; the first
    /// asks for that confirmation.
    fn confirm_leaving(&mut self) -> bool;
    /// Any other action cancels a request to leave.
    fn stay(&mut self);
    fn step(&mut self, direction: Direction);
    /// Enter or Space: play the typed address, or the cursor cell.
    fn confirm(&mut self);
    fn type_char(&mut self, c: char);
    fn open_address(&mut self);
    /// Opens the save prompt with a new file in the data folder.
    fn open_save(&mut self);
    fn erase(&mut self);
    /// Esc: closes the address line; false when there was none.
    fn cancel(&mut self) -> bool;
    /// A click at a screen position of a screen of size `area`.
    fn click(&mut self, area: Rect, column: u16, row: u16);
    fn undo(&mut self);
    fn redo(&mut self);
    /// Asks the computer which move it would play for the person to move.
    fn hint(&mut self);
    /// Holds or resumes computer-against-computer play.
    fn toggle_pause(&mut self);
    /// Stops any search under way (the app is closing this screen).
    fn stop(&mut self);
    fn is_animating(&self) -> bool;
    /// Moves the animation on to `now`; ends it when it is done.
    fn tick(&mut self, now: Instant);
    fn finish_animation(&mut self);
    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme);
}

/// The parts of the screen, worked out from its size alone, so that mouse
/// clicks are mapped with the same geometry that drawing used.
struct Areas {
    title: Rect,
    board: Rect,
    panel: Rect,
    address: Rect,
    status: Rect,
    footer: Rect,
}

/// What the input line at the bottom is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Prompt {
    /// A cell address (or a word move such as `swap`).
    Address,
    /// The file to save the game to.
    SavePath,
}

/// A search running on its own thread.
struct Thinking<M> {
    stop: Arc<AtomicBool>,
    answer: Receiver<Option<M>>,
    /// How long it has been thinking, as of the last tick.
    elapsed: Duration,
    started: Instant,
    /// A hint for a person, not a move to play.
    hint: bool,
}

pub struct Play<G: GameUi> {
    session: Session<G>,
    /// Who plays each side.
    seats: [Seat; 2],
    thinking: Option<Thinking<G::Move>>,
    /// Computer-against-computer play held by the player.
    paused: bool,
    /// The cell the last hint suggests.
    hint: Option<Cell>,
    seed: u64,
    cursor: Cell,
    /// The input line, when it is open, and what it is for.
    input: Option<(Prompt, String)>,
    /// Where the game is saved after every move, if anywhere.
    autosave: Option<PathBuf>,
    message: Option<String>,
    /// The animation of the last move, and when it began.
    animation: Option<(Animation, Instant)>,
    /// The player asked to leave this game once already.
    leaving: bool,
    animate: bool,
}

impl<G: GameUi> Play<G> {
    pub fn new(game: G, animate: bool) -> Play<G> {
        let middle = (game.side() - 1) / 2;
        Play {
            session: Session::new(game),
            seats: [Seat::Human; 2],
            thinking: None,
            paused: false,
            hint: None,
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64),
            cursor: Cell::new(middle, middle)
                .unwrap_or_else(|| unreachable!("boards are at most 26 wide")),
            input: None,
            autosave: None,
            message: None,
            animation: None,
            leaving: false,
            animate,
        }
    }

    /// The game of `record`, continued from its last position.
    pub fn from_record(record: &Record<G>, animate: bool) -> Play<G> {
        let mut play = Play::new(record.start.clone(), animate);
        play.play_forced();
        for &mv in &record.moves {
            if play.session.play(mv).is_err() {
                break;
            }
            if let Some(cell) = G::placed(&mv) {
                play.cursor = cell;
            }
            play.play_forced();
        }
        play.message = None;
        play.seats = record
            .players
            .clone()
            .map(|name| name.parse().unwrap_or_default());
        play
    }

    /// A saved game continued, with the players it names.
    pub fn resume(record: &Record<G>, animate: bool, autosave: Option<PathBuf>) -> Play<G> {
        let play = Play::from_record(record, animate).autosave_to(autosave);
        let seats = play.seats;
        play.with_seats(seats)
    }

    /// Saves the game to `path` after every move from now on.
    pub fn autosave_to(mut self, path: Option<PathBuf>) -> Play<G> {
        self.autosave = path;
        self
    }

    /// Sets who plays each side; the computer starts thinking if it is
    /// its turn.
    pub fn with_seats(mut self, seats: [Seat; 2]) -> Play<G> {
        self.seats = seats;
        self.think();
        self
    }

    fn computer_to_move(&self) -> bool {
        self.seats[self.game().to_move().index()].is_computer()
    }

    /// Starts the computer's search if it is the computer's turn.
    fn think(&mut self) {
        if self.thinking.is_some() || self.paused || self.game().is_over() {
            return;
        }
        if let Seat::Computer(level) = self.seats[self.game().to_move().index()] {
            self.spawn_search(level, false);
        }
    }

    fn spawn_search(&mut self, level: Level, hint: bool) {
        let game = self.game().clone();
        let history = ai::History::of(self.session.positions());
        let stop = Arc::new(AtomicBool::new(false));
        let (tell, answer) = mpsc::channel();
        self.seed = self.seed.wrapping_add(1);
        let (seed, flag) = (self.seed, Arc::clone(&stop));
        thread::spawn(move || {
            let mv = ai::choose(&game, &history, level, level.budget(), seed, &flag);
            // The screen may have moved on and stopped listening.
            let _ = tell.send(mv);
        });
        self.thinking = Some(Thinking {
            stop,
            answer,
            elapsed: Duration::ZERO,
            started: Instant::now(),
            hint,
        });
    }

    /// Abandons a search under way.
    fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Takes the search's answer when it has one.
    fn collect_thinking(&mut self, now: Instant) {
        let Some(thinking) = &mut self.thinking else {
            return;
        };
        thinking.elapsed = now.saturating_duration_since(thinking.started);
        let answer = match thinking.answer.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => None,
        };
        let hint = thinking.hint;
        self.thinking = None;
        match (hint, answer) {
            (true, Some(mv)) => {
                self.hint = G::placed(&mv);
                self.message = Some(format!("Hint: {mv}"));
            }
            (false, Some(mv)) => self.play(mv),
            (_, None) => {}
        }
    }

    /// The game so far as a record.
    fn record(&self) -> Record<G> {
        let moves = self.session.played().iter().map(|(mv, _)| *mv);
        let mut record = Record::of_moves(self.session.start().clone(), moves);
        record.date = Some(files::timestamp(SystemTime::now()));
        record.players = self.seats.map(|seat| seat.to_string());
        record
    }

    /// Writes the autosave file; a failure is reported, never fatal.
    fn autosave(&mut self) {
        if let Some(path) = &self.autosave
            && let Err(error) = files::save(path, &self.record().to_toml())
        {
            self.message = Some(format!("Autosave failed: {error}"));
        }
    }

    fn address(&self) -> Option<&str> {
        match &self.input {
            Some((Prompt::Address, text)) => Some(text),
            _ => None,
        }
    }

    fn game(&self) -> &G {
        self.session.game()
    }

    fn areas(&self, area: Rect) -> Areas {
        let game = self.game();
        let (roomy_w, roomy_h) = game.roomy_board_size();
        let fits = area.width >= roomy_w + 2 + PANEL_MIN && area.height >= roomy_h + 4;
        let (board_w, _) = if fits {
            (roomy_w, roomy_h)
        } else {
            game.board_size()
        };
        let [title, middle, address, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let (board, panel) = board_and_panel(middle, board_w);
        Areas {
            title,
            board,
            panel,
            address,
            status,
            footer,
        }
    }

    /// Plays `mv`, starts its animation, then any move the game forces.
    fn play(&mut self, mv: G::Move) {
        if self.game().is_over() {
            self.message = Some("The game is over: n for a new game, u to undo".to_string());
            return;
        }
        let mover = self.game().to_move();
        match self.session.play(mv) {
            Ok(effect) => {
                let animation = G::animation(&mv, effect, mover);
                if self.animate {
                    self.animation = animation.map(|a| (a, Instant::now()));
                }
                if let Some(cell) = G::placed(&mv) {
                    self.cursor = cell;
                }
            }
            Err(_) => {
                self.message = Some("Invalid move!".to_string());
                return;
            }
        }
        self.play_forced();
        self.autosave();
        self.hint = None;
        self.think();
    }

    /// Takes back one move, and the forced moves (passes) around it; false
    /// when there is nothing to take back.
    fn take_back(&mut self) -> bool {
        if !self.session.undo() {
            return false;
        }
        while self.game().forced_move().is_some() && self.session.undo() {}
        true
    }

    /// A person's move: refused while the computer has the turn.
    fn play_by_hand(&mut self, mv: G::Move) {
        if self.computer_to_move() && !self.game().is_over() {
            self.message = Some("It is the computer's turn".to_string());
            return;
        }
        self.stop_thinking();
        self.play(mv);
    }

    fn play_forced(&mut self) {
        while let Some((mv, message)) = self.game().forced_move() {
            if self.session.play(mv).is_err() {
                break;
            }
            self.message = Some(message);
        }
    }

    /// The cells placed by the last turn: the last move and the moves just
    /// before it by the same player (Connect6's two stones).
    fn last_turn(&self) -> Vec<Cell> {
        let played = self.session.played();
        let Some(last_mover) = self.session.mover(played.len().wrapping_sub(1)) else {
            return Vec::new();
        };
        (0..played.len())
            .rev()
            .take_while(|&i| self.session.mover(i) == Some(last_mover))
            .filter_map(|i| G::placed(&played[i].0))
            .collect()
    }

    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let game = self.game();
        let last = self.last_turn();
        let winning = match self.session.played().last() {
            Some((_, effect)) if self.animation.is_none() && game.is_over() => {
                G::winning_cells(effect)
            }
            _ => &[],
        };
        let addressed = self
            .address()
            .and_then(G::parse_cell)
            .filter(|cell| cell.is_on(game.side()))
            .or(self.hint);
        let view = BoardView {
            cursor: (!game.is_over()).then_some(self.cursor),
            addressed,
            winning,
            last: &last,
            animation: self.animation.as_ref().map(|(a, _)| a),
            theme,
        };
        game.render_board(&view, area, buf);
    }

    fn render_panel(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let game = self.game();
        let mut lines = vec![match game.outcome() {
            Some(outcome) => Line::styled(G::result(outcome), theme.message()),
            None => {
                let player = game.to_move();
                Line::from(vec![
                    Span::raw("Player "),
                    Span::styled(G::symbol(player).to_string(), theme.piece(player)),
                    Span::raw("'s turn"),
                ])
            }
        }];
        if self.seats.iter().any(|seat| seat.is_computer()) {
            let seats: Vec<String> = Player::BOTH
                .iter()
                .map(|&p| match self.seats[p.index()] {
                    Seat::Human => format!("{} human", G::symbol(p)),
                    Seat::Computer(level) => format!("{} computer {level}", G::symbol(p)),
                })
                .collect();
            lines.push(Line::styled(seats.join(" · "), theme.dim()));
        }
        lines.extend(game.panel(self.animation.as_ref().map(|(a, _)| a), theme));
        lines.push(Line::raw(""));
        lines.push(Line::styled("Moves", theme.title()));
        // Each line wraps into as many rows as its width needs (with a
        // little slack for word wrapping).
        let room = usize::from(area.width.saturating_sub(4).max(1));
        let top_height = lines
            .iter()
            .map(|line| line.width().div_ceil(room).max(1))
            .sum::<usize>()
            .min(usize::from(area.height)) as u16;
        let top = Paragraph::new(lines).wrap(Wrap { trim: false });
        let [top_area, history_area] =
            Layout::vertical([Constraint::Length(top_height), Constraint::Fill(1)]).areas(area);
        top.render(top_area, buf);
        let entries: Vec<Entry> = self
            .session
            .played()
            .iter()
            .enumerate()
            .map(|(i, (mv, effect))| Entry {
                player: self.session.mover(i).unwrap_or(Player::First),
                text: G::describe(mv, effect),
            })
            .collect();
        let history = History {
            entries: &entries,
            symbol: G::symbol,
            theme,
        };
        (&history).render(history_area, buf);
    }

    fn render_footer(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut keys: Vec<(&str, &str)> =
            vec![("←↑→↓", "move"), ("Enter", "place"), ("c3", "type")];
        keys.extend_from_slice(self.game().extra_keys());
        let columns = self.game().side();
        if self.seats.iter().any(|seat| seat.is_computer()) {
            keys.push((command_label("h", "Ctrl-t", columns), "hint"));
        }
        if self.seats.iter().all(|seat| seat.is_computer()) {
            keys.push((command_label("p", "Ctrl-p", columns), "pause"));
        }
        keys.extend_from_slice(&[
            (command_label("u", "Ctrl-z", columns), "undo"),
            (command_label("n", "Ctrl-n", columns), "new"),
            ("?", "help"),
            (command_label("q", "Ctrl-q", columns), "quit"),
        ]);
        key_hints(&keys, theme).render(area, buf);
    }
}

impl<G: GameUi> PlayScreen for Play<G> {
    fn columns(&self) -> usize {
        self.game().side()
    }

    fn is_over(&self) -> bool {
        self.game().is_over()
    }

    fn is_typing(&self) -> bool {
        self.input.is_some()
    }

    fn needs(&self) -> (u16, u16) {
        let (board_w, board_h) = self.game().board_size();
        (board_w + 2 + PANEL_MIN, 1 + board_h.max(10) + 3)
    }

    fn clear_message(&mut self) {
        self.message = None;
    }

    fn confirm_leaving(&mut self) -> bool {
        if self.leaving {
            return true;
        }
        self.leaving = true;
        self.message = Some("Press n again to leave this game for a new one".to_string());
        false
    }

    fn stay(&mut self) {
        self.leaving = false;
    }

    fn step(&mut self, direction: Direction) {
        self.input = None;
        let (rows, cols) = match direction {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        };
        self.cursor = self.game().step_cursor(self.cursor, rows, cols);
    }

    fn confirm(&mut self) {
        let Some((prompt, text)) = self.input.take() else {
            self.play_by_hand(G::place(self.cursor));
            return;
        };
        if prompt == Prompt::SavePath {
            let path = PathBuf::from(text.trim());
            self.message = Some(match files::save(&path, &self.record().to_toml()) {
                Ok(()) => format!("Saved to {}", path.display()),
                Err(error) => format!("Not saved: {}: {error}", path.display()),
            });
            return;
        }
        let mv = self
            .game()
            .parse_word(&text)
            .or_else(|| G::parse_cell(&text).map(G::place));
        match mv {
            Some(mv) => self.play_by_hand(mv),
            None => self.message = Some("Invalid move!".to_string()),
        }
    }

    fn type_char(&mut self, c: char) {
        let (prompt, text) = self
            .input
            .get_or_insert_with(|| (Prompt::Address, String::new()));
        let fits = match prompt {
            Prompt::Address => text.len() < 8 && (c.is_ascii_alphanumeric() || c == ' '),
            Prompt::SavePath => text.len() < 4096 && !c.is_control(),
        };
        if fits {
            text.push(c);
        }
    }

    fn open_address(&mut self) {
        self.input
            .get_or_insert_with(|| (Prompt::Address, String::new()));
    }

    fn open_save(&mut self) {
        let path = files::default_save_path(G::NAME);
        self.input = Some((Prompt::SavePath, path.display().to_string()));
    }

    fn erase(&mut self) {
        if let Some((_, text)) = &mut self.input {
            text.pop();
        }
    }

    fn cancel(&mut self) -> bool {
        self.input.take().is_some()
    }

    fn click(&mut self, area: Rect, column: u16, row: u16) {
        let board = self.areas(area).board;
        if let Some(cell) = self.game().cell_at(board, column, row) {
            self.input = None;
            self.cursor = cell;
            self.play_by_hand(G::place(cell));
        }
    }

    fn undo(&mut self) {
        self.animation = None;
        self.stop_thinking();
        self.hint = None;
        let watching = self.seats.iter().all(|seat| seat.is_computer());
        if !self.take_back() {
            self.message = Some("Nothing to undo".to_string());
            return;
        }
        // Against the computer, its reply goes back with the player's move.
        while !watching && self.computer_to_move() && self.take_back() {}
        if watching {
            self.paused = true;
        }
        self.autosave();
        self.think();
    }

    fn redo(&mut self) {
        self.animation = None;
        self.stop_thinking();
        if self.session.redo().is_none() {
            self.message = Some("Nothing to redo".to_string());
            return;
        }
        while self.game().forced_move().is_some() && self.session.redo().is_some() {}
        self.autosave();
        self.think();
    }

    fn hint(&mut self) {
        if self.game().is_over() || self.computer_to_move() || self.thinking.is_some() {
            return;
        }
        self.spawn_search(Level::MAX, true);
    }

    fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        if self.paused {
            self.stop_thinking();
            self.message = Some("Paused: p goes on".to_string());
        } else {
            self.think();
        }
    }

    fn is_animating(&self) -> bool {
        self.animation.is_some() || self.thinking.is_some()
    }

    fn tick(&mut self, now: Instant) {
        self.collect_thinking(now);
        if let Some((animation, started)) = &mut self.animation {
            animation.advance(now.saturating_duration_since(*started));
            if animation.is_done() {
                self.animation = None;
            }
        }
    }

    fn finish_animation(&mut self) {
        self.animation = None;
    }

    fn stop(&mut self) {
        self.stop_thinking();
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let areas = self.areas(area);
        Line::from(vec![
            Span::styled(" tabletop ", theme.title()),
            Span::raw(format!("· {}", self.game().title())),
        ])
        .render(areas.title, buf);
        self.render_board(areas.board, buf, theme);
        self.render_panel(areas.panel, buf, theme);
        if let Some((prompt, text)) = &self.input {
            let (label, hint) = match prompt {
                Prompt::Address => ("Cell: ", "   Enter plays, Esc cancels"),
                Prompt::SavePath => ("Save to: ", "   Enter saves, Esc cancels"),
            };
            // A long path shows its end, where the cursor is.
            let room =
                usize::from(areas.address.width).saturating_sub(label.len() + hint.len() + 1);
            let shown: String = text
                .chars()
                .rev()
                .take(room)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            Line::from(vec![
                Span::styled(label, theme.key()),
                Span::raw(shown),
                Span::styled("▏", theme.key()),
                Span::styled(hint, theme.dim()),
            ])
            .render(areas.address, buf);
        }
        let status = match (&self.message, self.game().outcome()) {
            _ if self.thinking.as_ref().is_some_and(|t| !t.hint) => {
                let elapsed = self.thinking.as_ref().map_or(Duration::ZERO, |t| t.elapsed);
                let frame = SPINNER[(elapsed.as_millis() / 100) as usize % SPINNER.len()];
                let player = G::symbol(self.game().to_move());
                format!(
                    "{frame} Computer {player} is thinking… {:.1} s",
                    elapsed.as_secs_f32()
                )
            }
            (Some(message), _) => message.clone(),
            (None, Some(outcome)) => {
                let columns = self.game().side();
                format!(
                    "{}  {}: new game  {}: quit",
                    G::result(outcome),
                    command_label("n", "Ctrl-n", columns),
                    command_label("q", "Ctrl-q", columns)
                )
            }
            (None, None) => String::new(),
        };
        Paragraph::new(Line::styled(status, theme.message())).render(areas.status, buf);
        self.render_footer(areas.footer, buf, theme);
    }
}
