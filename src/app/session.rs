//! A game being played in the app: its positions move by move, so undo and
//! redo are exact, and the moves with what each did, for the history.

use crate::engine::{Game, IllegalMove};

pub struct Session<G: Game> {
    /// `positions[i]` is the position after `i` moves; there is always one.
    positions: Vec<G>,
    played: Vec<(G::Move, G::Effect)>,
    /// Moves taken back, the next one to redo last.
    undone: Vec<G::Move>,
}

impl<G: Game> Session<G> {
    pub fn new(start: G) -> Self {
        Session {
            positions: vec![start],
            played: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The position the session started from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The position now.
    pub fn game(&self) -> &G {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a session has a position"))
    }

    /// Every position of the game so far, the first to the current one.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The position before the last move, if there was one.
    pub fn previous(&self) -> Option<&G> {
        self.positions
            .len()
            .checked_sub(2)
            .map(|i| &self.positions[i])
    }

    /// Who played move `index` (counting from 0), if it was played.
    pub fn mover(&self, index: usize) -> Option<crate::engine::Player> {
        (index < self.played.len()).then(|| self.positions[index].to_move())
    }

    /// Every move played so far, with its effect.
    pub fn played(&self) -> &[(G::Move, G::Effect)] {
        &self.played
    }

    /// Plays `mv`; a new move forgets the moves that were undone.
    pub fn play(&mut self, mv: G::Move) -> Result<&G::Effect, IllegalMove> {
        let mut next = self.game().clone();
        let effect = next.play(mv)?;
        self.positions.push(next);
        self.played.push((mv, effect));
        self.undone.clear();
        Ok(&self.played[self.played.len() - 1].1)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some((mv, _)) => {
                self.positions.pop();
                self.undone.push(mv);
                true
            }
            None => false,
        }
    }

    /// Plays the last undone move again; its effect, when there was one.
    pub fn redo(&mut self) -> Option<&G::Effect> {
        let mv = self.undone.pop()?;
        let undone = std::mem::take(&mut self.undone);
        let replayed = self.play(mv).is_ok();
        self.undone = undone;
        if replayed {
            self.played.last().map(|(_, effect)| effect)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gekitai::{Gekitai, Place};

    fn at(text: &str) -> Place {
        text.parse().expect("well formed")
    }

    #[test]
    fn undo_and_redo_walk_the_same_positions() {
        let mut session = Session::new(Gekitai::default());
        session.play(at("C3")).expect("legal");
        session.play(at("D4")).expect("legal");
        let after_two = session.game().clone();
        assert!(session.undo());
        assert!(session.undo());
        assert!(!session.undo());
        assert_eq!(session.game(), &Gekitai::default());
        session.redo().expect("a move to redo");
        session.redo().expect("a move to redo");
        assert!(session.redo().is_none());
        assert_eq!(session.game(), &after_two);
        assert_eq!(session.played().len(), 2);
    }

    #[test]
    fn a_new_move_forgets_the_undone_ones_and_bad_moves_change_nothing() {
        let mut session = Session::new(Gekitai::default());
        session.play(at("C3")).expect("legal");
        assert!(session.play(at("C3")).is_err());
        assert_eq!(session.played().len(), 1);
        session.undo();
        session.play(at("A1")).expect("legal");
        assert!(session.redo().is_none());
    }
}
