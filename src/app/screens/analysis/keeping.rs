//! What the analysis board makes of the line to the position shown: a
//! record saved in the saved games (a new file, never over another), or a
//! game played on from there against the computer at the board's level,
//! the player taking the side to move.

use std::time::SystemTime;

use super::Analysis;
use crate::app::paths;
use crate::app::screens::{Context, Transition};
use crate::games::Interactive;
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::Player;
use tabletop_engine::record::Record;

impl<G: Interactive> Analysis<G> {
    /// The record of the line to the position shown: the game's start,
    /// settings and players, these moves, nothing of how the game it
    /// came from ended.
    pub(super) fn line_record(&self) -> Record<G> {
        let mut record = Record::new(self.record.start.clone());
        record.moves = self.tree.moves_to(self.at);
        record.players = self.record.players.clone();
        record.date = Some(files::timestamp(SystemTime::now()));
        record
    }

    /// Saves the line to the position shown in the saved games.
    pub(super) fn save(&mut self, context: &Context) {
        let Some(folder) = &context.library else {
            self.message = Some("There is no folder of saved games here".to_string());
            return;
        };
        let record = self.line_record();
        let stamp = record.date.clone().unwrap_or_default();
        let moves = record.moves.len();
        self.message = Some(
            match files::kept::keep_new(folder, G::NAME, &stamp, &record.to_toml()) {
                Ok(path) => format!("The line ({moves} moves) saved as {}", paths::shown(&path)),
                Err(error) => format!("The line was not saved: {error}"),
            },
        );
    }

    /// A game from the position shown: the player to move against the
    /// computer at the board's level.
    pub(super) fn play_on(&mut self) -> Transition {
        if self.game().is_over() {
            self.message = Some("The game is over here: there is nothing to play on".to_string());
            return Transition::Stay;
        }
        let mut record = self.line_record();
        let human = Seat::Human.to_string();
        let computer = Seat::Computer(self.level).to_string();
        record.players = match self.game().to_move() {
            Player::First => [human, computer],
            Player::Second => [computer, human],
        };
        Transition::Continue(Box::new(G::any_record(record)))
    }
}
