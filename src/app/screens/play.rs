//! The Gekitai game screen: the board, the reserves, whose turn it is, the
//! move history, the address line, a status line and the main keys.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::action::Direction;
use crate::app::animation::Slides;
use crate::app::session::Session;
use crate::app::theme::Theme;
use crate::app::widgets::board::BoxedBoard;
use crate::app::widgets::history::{Entry, History};
use crate::app::widgets::reserve::Reserves;
use crate::engine::cell::LetterNumber;
use crate::engine::gekitai::{Gekitai, GekitaiEffect, Place};
use crate::engine::{Cell, Game, Outcome, Player};

/// The narrowest side panel that still reads well.
const PANEL_MIN: u16 = 30;

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

pub struct GekitaiPlay {
    session: Session<Gekitai>,
    cursor: Cell,
    /// The address being typed, when the address line is open.
    address: Option<String>,
    message: Option<String>,
    /// The pushes of the last move while they slide, and when they began.
    slides: Option<(Slides, Instant)>,
    /// The player asked to leave this game once already.
    leaving: bool,
    animate: bool,
}

impl GekitaiPlay {
    pub fn new(game: Gekitai, animate: bool) -> GekitaiPlay {
        let middle = game.side() / 2;
        GekitaiPlay {
            session: Session::new(game),
            cursor: Cell::new(middle.saturating_sub(1), middle.saturating_sub(1))
                .unwrap_or_else(|| unreachable!("boards are at most 26 wide")),
            address: None,
            message: None,
            slides: None,
            leaving: false,
            animate,
        }
    }

    pub fn game(&self) -> &Gekitai {
        self.session.game()
    }

    pub fn is_typing(&self) -> bool {
        self.address.is_some()
    }

    /// Width and height the screen needs.
    pub fn needs(&self) -> (u16, u16) {
        let (board_w, board_h) = BoxedBoard::size(self.game().side());
        (board_w + 2 + PANEL_MIN, 1 + board_h.max(10) + 3)
    }

    fn areas(&self, area: Rect) -> Areas {
        let (board_w, _) = BoxedBoard::size(self.game().side());
        let [title, middle, address, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [board, _, panel] = Layout::horizontal([
            Constraint::Length(board_w),
            Constraint::Length(2),
            Constraint::Fill(1),
        ])
        .areas(middle);
        Areas {
            title,
            board,
            panel,
            address,
            status,
            footer,
        }
    }

    // ---- what the player does ----

    /// Clears the last message: every new action gets a fresh status line.
    pub fn clear_message(&mut self) {
        self.message = None;
    }

    /// True on the second request in a row to leave this game; the first
    /// asks for that confirmation.
    pub fn confirm_leaving(&mut self) -> bool {
        if self.leaving {
            return true;
        }
        self.leaving = true;
        self.message = Some("Press n again to leave this game for a new one".to_string());
        false
    }

    /// Any other action cancels a request to leave.
    pub fn stay(&mut self) {
        self.leaving = false;
    }

    pub fn step(&mut self, direction: Direction) {
        self.address = None;
        let side = self.game().side();
        let (row, col) = (self.cursor.row(), self.cursor.col());
        let (row, col) = match direction {
            Direction::Up => (row.saturating_sub(1), col),
            Direction::Down => ((row + 1).min(side - 1), col),
            Direction::Left => (row, col.saturating_sub(1)),
            Direction::Right => (row, (col + 1).min(side - 1)),
        };
        if let Some(cell) = Cell::new(row, col) {
            self.cursor = cell;
        }
    }

    /// Enter or Space: play the typed address, or the cursor cell.
    pub fn confirm(&mut self) {
        match self.address.take() {
            Some(text) => match LetterNumber::ONE_BASED.parse(&text) {
                Ok(cell) => {
                    self.play(cell);
                    if cell.is_on(self.game().side()) {
                        self.cursor = cell;
                    }
                }
                Err(_) => self.message = Some("Invalid move!".to_string()),
            },
            None => self.play(self.cursor),
        }
    }

    pub fn type_char(&mut self, c: char) {
        let text = self.address.get_or_insert_with(String::new);
        if text.len() < 8 && (c.is_ascii_alphanumeric() || c == ' ') {
            text.push(c);
        }
    }

    pub fn open_address(&mut self) {
        self.address.get_or_insert_with(String::new);
    }

    pub fn erase(&mut self) {
        if let Some(text) = &mut self.address {
            text.pop();
        }
    }

    /// Esc: closes the address line; false when there was none.
    pub fn cancel(&mut self) -> bool {
        self.address.take().is_some()
    }

    /// A click at a screen position of a screen of size `area`.
    pub fn click(&mut self, area: Rect, column: u16, row: u16) {
        let board = self.areas(area).board;
        if let Some(cell) = BoxedBoard::cell_at(board, self.game().side(), column, row) {
            self.address = None;
            self.cursor = cell;
            self.play(cell);
        }
    }

    fn play(&mut self, cell: Cell) {
        if self.game().is_over() {
            self.message = Some("The game is over: n for a new game, u to undo".to_string());
            return;
        }
        match self.session.play(Place(cell)) {
            Ok(effect) => {
                let pushes = effect.pushes.clone();
                if self.animate && !pushes.is_empty() {
                    self.slides = Some((Slides::new(cell, pushes), Instant::now()));
                }
            }
            Err(_) => self.message = Some("Invalid move!".to_string()),
        }
    }

    pub fn undo(&mut self) {
        self.slides = None;
        if !self.session.undo() {
            self.message = Some("Nothing to undo".to_string());
        }
    }

    pub fn redo(&mut self) {
        self.slides = None;
        if self.session.redo().is_none() {
            self.message = Some("Nothing to redo".to_string());
        }
    }

    // ---- animation ----

    pub fn is_animating(&self) -> bool {
        self.slides.is_some()
    }

    /// Moves the animation on to `now`; ends it when it is done.
    pub fn tick(&mut self, now: Instant) {
        if let Some((slides, started)) = &mut self.slides {
            slides.advance(now.saturating_duration_since(*started));
            if slides.is_done() {
                self.slides = None;
            }
        }
    }

    pub fn finish_animation(&mut self) {
        self.slides = None;
    }

    // ---- drawing ----

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let areas = self.areas(area);
        let game = self.game();
        let settings = game.settings();
        Line::from(vec![
            Span::styled(" tabletop ", theme.title()),
            Span::raw(format!(
                "· Gekitai {0}x{0} · {1} pieces each · {2} in a row wins",
                settings.size(),
                settings.pieces(),
                settings.line()
            )),
        ])
        .render(areas.title, buf);
        self.render_board(areas.board, buf, theme);
        self.render_panel(areas.panel, buf, theme);
        self.render_address(areas.address, buf, theme);
        self.render_status(areas.status, buf, theme);
        self.render_footer(areas.footer, buf, theme);
    }

    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let game = self.game();
        let side = game.side();
        let mut cells: Vec<Option<Player>> = Cell::all(side).map(|c| game.piece_at(c)).collect();
        let sliding = match &self.slides {
            Some((slides, _)) => {
                for cell in slides.landing() {
                    cells[cell.row() * side + cell.col()] = None;
                }
                slides.sliding()
            }
            None => Vec::new(),
        };
        let last = self.session.played().last();
        let winning = match last {
            Some((_, effect)) if self.slides.is_none() => effect.winning_line.as_slice(),
            _ => &[],
        };
        let addressed = self
            .address
            .as_deref()
            .and_then(|text| LetterNumber::ONE_BASED.parse(text).ok())
            .filter(|cell| cell.is_on(side));
        let board = BoxedBoard {
            side,
            cells,
            symbol: Gekitai::symbol,
            cursor: (!game.is_over()).then_some(self.cursor),
            addressed,
            winning,
            last_placed: last.map(|(Place(cell), _)| *cell),
            sliding: &sliding,
            theme,
        };
        (&board).render(area, buf);
    }

    fn render_panel(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let game = self.game();
        let mut counts = [game.reserve(Player::First), game.reserve(Player::Second)];
        if let Some((slides, _)) = &self.slides {
            for player in Player::BOTH {
                counts[player.index()] -= slides.falling_off(player);
            }
        }
        let reserves = Reserves {
            counts,
            symbol: Gekitai::symbol,
            theme,
        };
        let reserve_height = reserves.height(area.width);
        let [turn, _, reserve_area, _, heading, history_area] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(reserve_height),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(area);
        let turn_line = match game.outcome() {
            Some(outcome) => Line::styled(result_text(outcome), theme.message()),
            None => {
                let player = game.to_move();
                Line::from(vec![
                    Span::raw("Player "),
                    Span::styled(Gekitai::symbol(player).to_string(), theme.piece(player)),
                    Span::raw("'s turn"),
                ])
            }
        };
        turn_line.render(turn, buf);
        (&reserves).render(reserve_area, buf);
        Line::styled("Moves", theme.title()).render(heading, buf);
        let entries: Vec<Entry> = self
            .session
            .played()
            .iter()
            .enumerate()
            .map(|(i, (mv, effect))| Entry {
                player: if i % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                },
                text: describe(mv, effect),
            })
            .collect();
        let history = History {
            entries: &entries,
            symbol: Gekitai::symbol,
            theme,
        };
        (&history).render(history_area, buf);
    }

    fn render_address(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        if let Some(text) = &self.address {
            Line::from(vec![
                Span::styled("Cell: ", theme.key()),
                Span::raw(text.clone()),
                Span::styled("▏", theme.key()),
                Span::styled("   Enter plays, Esc cancels", theme.dim()),
            ])
            .render(area, buf);
        }
    }

    fn render_status(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let text = match (&self.message, self.game().outcome()) {
            (Some(message), _) => message.clone(),
            (None, Some(outcome)) => format!("{}  n: new game  q: quit", result_text(outcome)),
            (None, None) => String::new(),
        };
        Paragraph::new(Line::styled(text, theme.message())).render(area, buf);
    }

    fn render_footer(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let keys: &[(&str, &str)] = &[
            ("←↑→↓", "move"),
            ("Enter", "place"),
            ("c3", "type a cell"),
            ("u", "undo"),
            ("n", "new"),
            ("?", "help"),
            ("q", "quit"),
        ];
        let spans: Vec<Span> = keys
            .iter()
            .flat_map(|(key, does)| {
                [
                    Span::styled(*key, theme.key()),
                    Span::styled(format!(" {does}  "), theme.dim()),
                ]
            })
            .collect();
        Line::from(spans).render(area, buf);
    }
}

/// `Player X wins!`, `Player O wins!` or `Draw game!`.
pub fn result_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(player) => format!("Player {} wins!", Gekitai::symbol(player)),
        Outcome::Draw => "Draw game!".to_string(),
    }
}

/// A move for the history: `C3`, then what it pushed (`D4→E5`, `B2→off`).
fn describe(mv: &Place, effect: &GekitaiEffect) -> String {
    let mut text = mv.to_string();
    for push in &effect.pushes {
        let to = push
            .to
            .map_or_else(|| "off".to_string(), |cell| Place(cell).to_string());
        text += &format!(" {}→{}", Place(push.from), to);
    }
    text
}
