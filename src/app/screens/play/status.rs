//! The game screen's status line: looking back, an outside engine's turn
//! (thinking, slow or stopped, and what the player may do about it), the
//! computer thinking, a message, the other player of a network game, the
//! result, or the pause.

use super::Play;
use crate::app::action::{Action, Replacement};
use crate::app::fit::{message, width};
use crate::app::games::GameUi;
use crate::app::keys::Mode;
use crate::app::widgets::spinner;

impl<G: GameUi> Play<G> {
    /// The status line now, in `room` columns.
    pub(super) fn status(&self, room: usize) -> String {
        message(&self.said(room), room)
    }

    /// What the status line says now, the least needed left out where
    /// `room` is short.
    fn said(&self, room: usize) -> String {
        if let Some(turn) = self.browsing.filter(|_| self.message.is_none()) {
            let keys = Mode::of(&super::keys::BROWSING);
            return format!(
                "Looking back: move {turn} of {}. {} {} step, {} returns to the game",
                self.line.numbered(),
                keys.key_for(Action::LEFT),
                keys.key_for(Action::RIGHT),
                keys.key_for(Action::Cancel)
            );
        }
        // A message (a save, a refused move) stays readable meanwhile.
        if let Some(busy) = self.engine_state().or_else(|| self.thinking_state()) {
            return match &self.message {
                Some(message) => format!("{message} · {busy}"),
                None => busy,
            };
        }
        if let Some(message) = &self.message {
            return message.clone();
        }
        self.quiet_state(room)
    }

    /// An outside engine's turn, if it has the move: thinking, slow, or
    /// stopped, and the keys that hand its seat over.
    fn engine_state(&self) -> Option<String> {
        let engine = self.engine_to_move().filter(|_| !self.ended())?;
        let player = G::symbol(self.game().to_move());
        let name = engine.name();
        let board = self.board();
        let options = || {
            format!(
                "{} you play · {} computer · {} end",
                board.key_for(Action::Replace(Replacement::Person)),
                board.key_for(Action::Replace(Replacement::Computer)),
                board.key_for(Action::Replace(Replacement::Forfeit))
            )
        };
        // Why it failed is in the panel, which has room for it.
        if engine.failure().is_some() {
            return Some(format!("{name} has stopped: {}", options()));
        }
        if !engine.is_thinking() {
            return None;
        }
        let elapsed = engine.elapsed();
        let frame = spinner::frame(elapsed);
        let seconds = elapsed.as_secs_f32();
        Some(if engine.is_slow() {
            format!("{frame} {name} is slow, {seconds:.0} s: {}", options())
        } else {
            format!("{frame} {name} ({player}) is thinking… {seconds:.1} s")
        })
    }

    /// The computer thinking of its move or of a hint, if it is.
    fn thinking_state(&self) -> Option<String> {
        let thinking = self.thinking.as_ref()?;
        let elapsed = thinking.elapsed();
        let frame = spinner::frame(elapsed);
        let seconds = elapsed.as_secs_f32();
        Some(if let Some(place) = thinking.place() {
            format!("{frame} Waiting for a free core on the server: {place} in line")
        } else if thinking.is_hint() {
            format!("{frame} Looking for a hint… {seconds:.1} s")
        } else {
            let player = G::symbol(self.game().to_move());
            format!("{frame} Computer {player} is thinking… {seconds:.1} s")
        })
    }

    /// How the game ended, in a line (`Player O resigned. Player X
    /// wins!`), once it has.
    pub(super) fn result_line(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let how = self
            .resigned
            .map(G::resignation_text)
            .or(self.adjudged.map(|adjudged| adjudged.text::<G>()))
            .map_or(String::new(), |text| text + " ");
        Some(format!("{how}{}", G::result_text(outcome)))
    }

    /// With no message: the other player of a network game, the result
    /// with the keys for what next (which go first when `room` is short:
    /// who won stays), or the pause.
    fn quiet_state(&self, room: usize) -> String {
        let board = self.board();
        if let Some(result) = self.result_line() {
            // A network game is left, not replaced.
            let next = match self.peer {
                Some(_) => "leave",
                None => "new game",
            };
            let keys = format!(
                "  {}: {next}  {}: quit",
                board.key_for(Action::NewGame),
                board.key_for(Action::Quit)
            );
            return match width(&result) + width(&keys) <= room {
                true => result + &keys,
                false => result,
            };
        }
        match &self.peer {
            Some(peer) if peer.is_connected() && peer.waiting => {
                peer.seats.clone().unwrap_or_default()
            }
            Some(peer) if self.remote_to_move() && peer.is_connected() => {
                format!("{} is thinking…", peer.opponent(self.game().to_move()))
            }
            _ if self.remote_to_move() => String::new(),
            _ if self.paused => format!("Paused: {} goes on", board.key_for(Action::Pause)),
            _ => String::new(),
        }
    }
}
