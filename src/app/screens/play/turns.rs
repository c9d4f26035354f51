//! How a move is played on the game screen: checked by the engine, with
//! the moves it forces, animated, saved, and the next side asked for its
//! move; and when a person may not move.

use std::time::Instant;

use ratatui::layout::Rect;

use super::Play;
use crate::app::action::{Action, Direction};
use crate::app::games::GameUi;
use crate::net::session::Request;
use tabletop_core::seat::Seat;

impl<G: GameUi> Play<G> {
    /// Plays `mv` and the moves it forces, and starts its animation; false
    /// (with a message that says why) when the move could not be played.
    pub(super) fn play(&mut self, mv: G::Move) -> bool {
        if self.ended() {
            let board = self.board();
            self.message = Some(format!(
                "The game is over: {} for a new game, {} to undo",
                board.key_for(Action::NewGame),
                board.key_for(Action::Undo)
            ));
            return false;
        }
        let mover = self.game().to_move();
        let before = self.line.played().len();
        let pondered = self.ponder.take();
        match self.line.play(mv) {
            Ok(effect) => {
                let animation = G::animation(&mv, effect, mover);
                if self.animate {
                    self.animation = animation.map(|a| (a, Instant::now()));
                }
            }
            Err(illegal) => {
                self.message = Some(format!("Invalid move: {illegal}"));
                return false;
            }
        }
        if let Some(forced) = self.line.played()[before + 1..].last() {
            self.message = Some(G::forced_notice(&forced.mv, forced.mover));
        }
        self.autosave();
        self.hint = None;
        if self.ended() {
            // The engines have nothing left to do.
            self.engines = [None, None];
        }
        // The search of a right guess goes on as the computer's turn.
        if let Some(pondered) = pondered
            && !self.ended()
            && let Seat::Computer(level) = self.seats[self.game().to_move().index()]
        {
            self.thinking = pondered.hit(before, &mv, Instant::now(), level.budget());
        }
        self.think();
        true
    }

    /// A person's move: refused while the computer has the turn; false
    /// when it was not played.
    pub(super) fn play_by_hand(&mut self, mv: G::Move) -> bool {
        if let Some(why) = self.not_your_turn() {
            self.message = Some(why);
            return false;
        }
        // A search on the person's time is kept: it may be the answer.
        let ponder = self.ponder.take();
        self.stop_thinking();
        self.ponder = ponder;
        let played = self.play(mv);
        // The cursor is where the player placed; the other side's moves
        // leave it there.
        if played && let Some(cell) = G::placed(&mv) {
            self.cursor = cell;
        }
        if played && let Some(peer) = &mut self.peer {
            let mover = self.line.played().iter().rev().find(|p| !p.is_forced());
            if let Some(mover) = mover.map(|p| p.mover) {
                peer.moved(mover);
            }
            peer.send(Request::Move(mv.to_string()));
        }
        played
    }

    /// Why the person here may not place a piece now, if they may not:
    /// the computer's turn, or in a network game the other side's, or no
    /// game to play (watching, the other player gone or not there yet).
    pub(super) fn not_your_turn(&self) -> Option<String> {
        if self.computer_to_move() && !self.ended() {
            let who = match &self.seats[self.game().to_move().index()] {
                Seat::Engine(outside) => outside.name(),
                _ => "the computer".to_string(),
            };
            return Some(format!("It is {who}'s turn"));
        }
        let peer = self.peer.as_ref().filter(|_| !self.ended())?;
        let why = if peer.local.is_none() {
            "You are watching this game".to_string()
        } else if !peer.is_connected() {
            "The other player is gone".to_string()
        } else if peer.waiting {
            "Waiting for the other player".to_string()
        } else if peer.answering {
            "Waiting for the host to take the move back".to_string()
        } else if self.remote_to_move() {
            format!("It is {}'s turn", peer.opponent(self.game().to_move()))
        } else if peer.asked {
            "Waiting for the answer to your offer".to_string()
        } else {
            return None;
        };
        Some(why)
    }

    /// The cursor cell played, or (a click) the cell clicked at `column`,
    /// `row` of a screen of size `area`.
    pub(super) fn click(&mut self, area: Rect, column: u16, row: u16) {
        if self.browsing.is_some() {
            return;
        }
        let board = super::view::areas(self.game(), area).board;
        if let Some(cell) = self.game().cell_at(board, column, row) {
            self.input = None;
            self.cursor = cell;
            self.play_by_hand(G::place(cell));
        }
    }

    /// Moves the cursor a step (closing the line typed).
    pub(super) fn step(&mut self, direction: Direction) {
        self.input = None;
        let (rows, cols) = direction.offset();
        self.cursor = self.game().step_cursor(self.cursor, rows, cols);
    }
}
