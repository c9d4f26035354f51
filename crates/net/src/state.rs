//! A network game as the engine has it, on whichever side of a
//! connection: its line of moves from the start (with the moves the game
//! makes by itself), a resignation, an adjudged end; every move checked
//! by the engine whoever sent it.

use tabletop_engine::line::{Line, play_forced};
use tabletop_engine::record::{Adjudged, Record, settled_outcome};
use tabletop_engine::{Described, Game, Outcome, Player};

use crate::sanitise::sanitise;

/// A game under way, from its start. (Positions and moves only, not a
/// [`Line`] with its moves' effects, so that it can be sent between
/// threads.)
#[derive(Clone, Debug)]
pub struct GameState<G: Game> {
    start: G,
    /// The position now, the moves it forces played.
    game: G,
    /// The moves played, without the ones the game made by itself.
    moves: Vec<G::Move>,
    resigned: Option<Player>,
    adjudged: Option<Adjudged>,
}

impl<G: Described> GameState<G> {
    /// The game from `start`, no move made.
    pub fn new(start: G) -> GameState<G> {
        let mut game = start.clone();
        play_forced(&mut game, |_, _, _| {});
        GameState {
            start,
            game,
            moves: Vec::new(),
            resigned: None,
            adjudged: None,
        }
    }

    /// The game a record holds, as it stands at its end.
    pub fn of_record(record: &Record<G>) -> Result<GameState<G>, String> {
        let mut state = GameState::new(record.start.clone());
        for (i, &mv) in record.moves.iter().enumerate() {
            if !state.play(mv) {
                return Err(format!("move {} is illegal", i + 1));
            }
        }
        state.resigned = record.resigned;
        state.adjudged = record.adjudged;
        Ok(state)
    }

    /// The game as a line of play, to look back through.
    fn line(&self) -> Line<G> {
        let mut line = Line::new(self.start.clone());
        for &mv in &self.moves {
            let _ = line.play(mv);
        }
        line
    }

    /// Plays the moves of a welcome, each checked; the first that does
    /// not read or is illegal is named.
    pub fn catch_up(&mut self, moves: &[String]) -> Result<(), String> {
        for text in moves {
            let mv = self.checked(self.to_move(), text)?;
            self.play(mv);
        }
        Ok(())
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The position now.
    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn to_move(&self) -> Player {
        self.game().to_move()
    }

    /// How the game ended, by its rules, a resignation, the clock or an
    /// agreed draw.
    pub fn outcome(&self) -> Option<Outcome> {
        settled_outcome(self.game(), self.resigned, self.adjudged)
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// How the game was adjudged, if it was.
    pub fn adjudged(&self) -> Option<Adjudged> {
        self.adjudged
    }

    /// `X` or `draw`, as records and the protocol write a result.
    pub fn result(&self) -> Option<String> {
        self.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => G::symbol(player).to_string(),
            Outcome::Draw => "draw".to_string(),
        })
    }

    /// The move `text` by `by`, if it is `by`'s turn and the move reads
    /// and is legal; otherwise why not, in words that quote no more of
    /// `text` than a move's length, made safe to print.
    pub fn checked(&self, by: Player, text: &str) -> Result<G::Move, String> {
        if self.is_over() {
            return Err("a move after the end of the game".to_string());
        }
        if by != self.to_move() {
            return Err("a move out of turn".to_string());
        }
        let shown = sanitise(text, 16);
        let mv: G::Move = text
            .parse()
            .map_err(|_| format!("{shown:?} is not a {} move", G::NAME))?;
        self.game()
            .check(mv)
            .map_err(|illegal| format!("{shown:?} is illegal: {illegal}"))?;
        Ok(mv)
    }

    /// Plays `mv`, which [`GameState::checked`] allowed (or a move the
    /// engine chose), then the moves it forces; false, with nothing
    /// changed, if it is illegal after all.
    pub fn play(&mut self, mv: G::Move) -> bool {
        if self.is_over() || self.game.play(mv).is_err() {
            return false;
        }
        play_forced(&mut self.game, |_, _, _| {});
        self.moves.push(mv);
        true
    }

    /// `resigner` gives the game up; false if it was already over.
    pub fn resign(&mut self, resigner: Player) -> bool {
        if self.is_over() {
            return false;
        }
        self.resigned = Some(resigner);
        true
    }

    /// The game ends as `adjudged` says (the clock, an agreed draw);
    /// false if it was already over.
    pub fn adjudge(&mut self, adjudged: Adjudged) -> bool {
        if self.is_over() {
            return false;
        }
        self.adjudged = Some(adjudged);
        true
    }

    /// The result and how the game ended (as records write `ended`),
    /// once it is over.
    pub fn ending(&self) -> Option<(String, Option<String>)> {
        let ended = match (self.resigned, self.adjudged) {
            (Some(_), _) => Some("resignation"),
            (None, Some(Adjudged::OutOfTime(_))) => Some("time"),
            (None, Some(Adjudged::DrawAgreed)) => Some("agreement"),
            (None, Some(Adjudged::Abandoned(_))) => Some("abandoned"),
            (None, None) => None,
        };
        Some((self.result()?, ended.map(String::from)))
    }

    /// Whether `side` has made a move (one it could ask to take back).
    pub fn has_moved(&self, side: Player) -> bool {
        self.line()
            .played()
            .iter()
            .any(|played| !played.is_forced() && played.mover == side)
    }

    /// Takes back `by`'s last move and every move after it; false, with
    /// nothing changed, when `by` has made none or the game is over.
    pub fn take_back(&mut self, by: Player) -> bool {
        let mut line = self.line();
        if self.is_over() || !line.take_back(by) {
            return false;
        }
        self.game = line.game().clone();
        self.moves = line.moves().collect();
        true
    }

    /// The moves so far, without the ones the game made by itself.
    pub fn moves(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.moves.iter().copied()
    }

    /// The moves so far in the game's notation, for a welcome.
    pub fn moves_text(&self) -> Vec<String> {
        self.moves().map(|mv| mv.to_string()).collect()
    }

    /// How many moves a record of the game holds.
    pub fn move_count(&self) -> usize {
        self.moves().count()
    }

    /// The game as a record, to be saved like any other.
    pub fn record(&self) -> Record<G> {
        let mut record = Record::new(self.start.clone());
        record.moves = self.moves.clone();
        record.resigned = self.resigned;
        record.adjudged = self.adjudged;
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::gekitai::Gekitai;

    #[test]
    fn moves_are_checked_in_turn_and_taken_back_by_the_side_that_asks() {
        let mut state = GameState::new(Gekitai::default());
        assert_eq!(
            state.checked(Player::Second, "A1"),
            Err("a move out of turn".to_string())
        );
        assert_eq!(
            state.checked(Player::First, "\u{1b}[2Jzz"),
            Err("\"zz\" is not a gekitai move".to_string())
        );
        state
            .catch_up(&["A1".to_string(), "A6".to_string()])
            .expect("legal");
        assert!(state.checked(Player::First, "A1").is_err(), "taken");
        assert!(state.has_moved(Player::Second));
        assert!(state.take_back(Player::First));
        assert_eq!(state.moves_text(), Vec::<String>::new());
        assert!(!state.has_moved(Player::First));
        assert!(state.resign(Player::Second));
        assert_eq!(state.result().as_deref(), Some("X"));
        assert!(!state.adjudge(Adjudged::DrawAgreed), "already over");
        assert_eq!(state.record().resigned, Some(Player::Second));
    }
}
