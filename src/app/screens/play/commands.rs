//! What a player may do on the game screen besides placing: take moves
//! back and play them again, resign, leave, review the finished game, and
//! show the evaluation bar.

use super::{Play, saving};
use crate::app::action::Action;
use crate::app::evaluation::Evaluation;
use crate::app::games::GameUi;
use crate::app::screens::Screen;
use crate::app::screens::replay::Replay;
use crate::games::Interactive;
use crate::net::protocol::Proposal;
use crate::net::session::Request;
use tabletop_ai::History;
use tabletop_core::files;
use tabletop_engine::Player;

impl<G: GameUi> Play<G> {
    /// Takes back the last move (and the computer's reply with it), or a
    /// resignation; in a network game, asks the other player to.
    pub(super) fn undo(&mut self) {
        if self.peer.is_some() {
            self.offer(Proposal::Undo);
            return;
        }
        // A flag that fell stays fallen: the time is gone.
        if self.adjudged.is_some() {
            self.message = Some(format!(
                "The game was lost on time: {} for a new game",
                self.board().key_for(Action::NewGame)
            ));
            return;
        }
        self.animation = None;
        self.browsing = None;
        self.stop_thinking();
        self.hint = None;
        // A resignation is taken back before any move.
        if let Some(resigner) = self.resigned.take() {
            self.message = Some(format!(
                "Player {} takes the resignation back",
                G::symbol(resigner)
            ));
            self.clock_taken_back();
            self.autosave();
            self.think();
            return;
        }
        let watching = self.watching();
        if !self.line.undo() {
            self.message = Some("Nothing to undo".to_string());
            return;
        }
        // Against the computer, its reply goes back with the player's move.
        while !watching && self.computer_to_move() && self.line.undo() {}
        if watching {
            self.paused = true;
        }
        self.clock_taken_back();
        self.autosave();
        self.think();
    }

    pub(super) fn redo(&mut self) {
        if self.refused_online("redo") {
            return;
        }
        self.animation = None;
        self.browsing = None;
        if self.resigned.is_some() || self.adjudged.is_some() {
            return;
        }
        self.stop_thinking();
        if self.line.redo().is_none() {
            self.message = Some("Nothing to redo".to_string());
            return;
        }
        self.clock_moved();
        self.autosave();
        self.think();
    }

    /// Who resigns now: the one person at the board, or the person to
    /// move when two play; nobody when the computer plays both sides.
    pub(super) fn resigner(&self) -> Option<Player> {
        if let Some(peer) = &self.peer {
            return peer.local;
        }
        let humans: Vec<Player> = Player::BOTH
            .into_iter()
            .filter(|p| !self.seats[p.index()].is_computer())
            .collect();
        match humans.as_slice() {
            [one] => Some(*one),
            [_, _] => Some(self.game().to_move()),
            _ => None,
        }
    }

    /// Gives the game up for the person at the board, on the second
    /// request in a row; the first asks for that confirmation.
    pub(super) fn resign(&mut self) {
        self.browsing = None;
        self.input = None;
        if self.ended() {
            return;
        }
        let Some(resigner) = self.resigner() else {
            self.message = Some("Only a person at the board can resign".to_string());
            return;
        };
        if !self.resigning {
            self.resigning = true;
            let again = self.board().key_for(Action::Resign);
            self.message = Some(format!(
                "Resign as Player {}? Press {again} again to resign",
                G::symbol(resigner)
            ));
            return;
        }
        self.resigning = false;
        self.stop_thinking();
        self.hint = None;
        self.resigned = Some(resigner);
        self.stop_clock();
        if let Some(peer) = &mut self.peer {
            peer.send(Request::Resign(resigner));
        }
        self.autosave();
    }

    /// True on the second request in a row to leave this game; the first
    /// asks for that confirmation.
    pub(super) fn confirm_leaving(&mut self) -> bool {
        // A network game is left (for the lobby, or the start screen): at
        // once by a spectator or once the connection is gone.
        let for_what = match &self.peer {
            Some(peer) if peer.local.is_none() || !peer.is_connected() => return true,
            Some(_) => "",
            None => " for a new one",
        };
        if self.leaving {
            return true;
        }
        self.leaving = true;
        let again = self.board().key_for(Action::NewGame);
        self.message = Some(format!("Press {again} again to leave this game{for_what}"));
        false
    }

    /// Whether the app may quit now: on the host's screen with a player
    /// in the game, only on a second press, since the game ends for them.
    pub(super) fn may_quit_hosting(&mut self) -> bool {
        let hosting = self
            .peer
            .as_ref()
            .is_some_and(|peer| peer.session.is_hosting() && !peer.waiting && peer.is_connected());
        if !hosting || self.ended() || self.quitting {
            return true;
        }
        self.quitting = true;
        let quit = self.board().key_for(crate::app::action::Action::Quit);
        self.message = Some(format!(
            "Quitting ends the game for the other player too: press {quit} again to quit"
        ));
        false
    }

    /// Shows or hides the evaluation bar (a game between people).
    pub(super) fn toggle_evaluation(&mut self) {
        if !self.ended() && self.refused_online("evaluation bar") {
            return;
        }
        if !self.offered(Action::Evaluate) {
            self.message = Some("The evaluation bar is for games between people".to_string());
            return;
        }
        self.evaluation = match self.evaluation {
            Some(_) => None,
            None => Some(Evaluation::default()),
        };
    }

    /// Points the evaluation bar, if it is shown, at the position shown.
    pub(super) fn evaluate_shown(&mut self) {
        let through = self.shown_played().len();
        let shown = self.shown().clone();
        if let Some(evaluation) = &mut self.evaluation {
            let positions = &self.line.positions()[..=through];
            evaluation.ask(&shown, || History::of(positions));
        }
    }
}

impl<G: Interactive> Play<G> {
    /// The finished game in the replay viewer, reviewed there in the
    /// background; first saved in the games folder (unless the player
    /// saved it already), where the review is kept.
    pub(super) fn review(&mut self) -> Replay<G> {
        let record = self.record();
        let text = record.to_toml();
        // The file the game is in already (saved there, or kept), else a
        // new one that nothing else, another tabletop saving that minute
        // included, can have taken.
        let known = self
            .saved_to
            .clone()
            .or_else(|| self.kept_in().map(std::path::Path::to_path_buf));
        let saved = match known {
            Some(path) => files::save(&path, &text).map(|()| path),
            None => {
                let folder = files::games_dir().unwrap_or_default();
                saving::save_in_new_file::<G>(&folder, &text)
            }
        };
        let mut replay = Replay::new(record, saved.as_ref().ok().cloned(), self.animate);
        replay.show_end();
        replay.start_review();
        if let Err(error) = saved {
            replay.tell(format!("Reviewing, but the game was not saved: {error}"));
        }
        replay
    }
}
