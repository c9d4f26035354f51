//! A line of play: a game from its start, move by move, with the moves the
//! game makes by itself ([`Game::forced_move`], Reversi's pass) played where
//! they fall. Records, the game screen, the replay viewer and GTP all replay
//! moves through here, so the forced-move rule and the numbering of moves
//! live in one place: forced moves are played but not numbered, and a
//! record leaves them out. Moves are numbered by turn: a player's moves
//! in a row (Connect6's two stones) share their turn's number.

use super::game::{Game, IllegalMove};
use super::player::Player;

/// One move of a line, as it was played.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub mv: G::Move,
    pub effect: G::Effect,
    pub mover: Player,
    /// The number of the turn the move was played in (from 1), or `None`
    /// for a move the game forced.
    pub number: Option<usize>,
}

impl<G: Game> Played<G> {
    pub fn is_forced(&self) -> bool {
        self.number.is_none()
    }
}

/// Plays the moves `game` forces from here, giving each to `each` with the
/// position after it.
pub fn play_forced<G: Game>(game: &mut G, mut each: impl FnMut(G::Move, G::Effect, &G)) {
    while let Some(mv) = game.forced_move() {
        match game.play(mv) {
            Ok(effect) => each(mv, effect, game),
            Err(_) => break,
        }
    }
}

/// Why a line of moves cannot be replayed: the move (counting from 1 among
/// the moves given) and the rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Refused {
    pub number: usize,
    pub illegal: IllegalMove,
}

/// A game as played: every position, every move, and the moves taken back
/// that can be played again.
#[derive(Clone, Debug)]
pub struct Line<G: Game> {
    /// `positions[i]` is the position after `i` moves; there is always one.
    positions: Vec<G>,
    played: Vec<Played<G>>,
    /// Moves taken back, the next one to redo last.
    undone: Vec<G::Move>,
}

impl<G: Game> Line<G> {
    /// A line starting at `start`, with any move it forces played.
    pub fn new(start: G) -> Line<G> {
        let mut line = Line {
            positions: vec![start],
            played: Vec::new(),
            undone: Vec::new(),
        };
        line.play_forced();
        line
    }

    /// The line of `moves` from `start`, refused at the first illegal one.
    pub fn replay(start: G, moves: impl IntoIterator<Item = G::Move>) -> Result<Line<G>, Refused> {
        let mut line = Line::new(start);
        for (i, mv) in moves.into_iter().enumerate() {
            line.play(mv).map_err(|illegal| Refused {
                number: i + 1,
                illegal,
            })?;
        }
        Ok(line)
    }

    /// The position the line started from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The position now.
    pub fn game(&self) -> &G {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a line has a position"))
    }

    /// Every position so far, the start first: `positions()[i + 1]` is the
    /// position after `played()[i]`.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Every move played so far, forced ones included.
    pub fn played(&self) -> &[Played<G>] {
        &self.played
    }

    /// The moves a record holds: those that were not forced.
    pub fn moves(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.played
            .iter()
            .filter(|played| !played.is_forced())
            .map(|played| played.mv)
    }

    /// How many turns were played: the last move's number.
    pub fn numbered(&self) -> usize {
        self.played.iter().rev().find_map(|p| p.number).unwrap_or(0)
    }

    /// How many of the played moves, forced ones included, belong to the
    /// turns up to `number` and the moves they forced.
    pub fn played_through(&self, number: usize) -> usize {
        self.played
            .iter()
            .position(|p| p.number.is_some_and(|n| n > number))
            .unwrap_or(self.played.len())
    }

    /// How many moves a record holds for the turns up to `number`.
    pub fn chosen_through(&self, number: usize) -> usize {
        self.played[..self.played_through(number)]
            .iter()
            .filter(|p| !p.is_forced())
            .count()
    }

    /// The position after the turn numbered `number` and the moves it
    /// forced (the start for 0, the end for numbers beyond it).
    pub fn after(&self, number: usize) -> &G {
        &self.positions[self.played_through(number)]
    }

    /// The number a move by `mover` takes now: the last move's when it
    /// goes on the same player's turn, the next one otherwise. A forced
    /// move in between (Reversi's pass) ends a turn.
    fn next_number(&self, mover: Player) -> usize {
        match self.played.last() {
            Some(Played {
                number: Some(number),
                mover: last,
                ..
            }) if *last == mover => *number,
            _ => self.numbered() + 1,
        }
    }

    /// Plays `mv`, then the moves it forces; a new move forgets the moves
    /// that were undone. Returns the effect of `mv`.
    pub fn play(&mut self, mv: G::Move) -> Result<&G::Effect, IllegalMove> {
        self.push(mv)?;
        self.undone.clear();
        let index = self.played.len() - 1;
        self.play_forced();
        Ok(&self.played[index].effect)
    }

    fn push(&mut self, mv: G::Move) -> Result<(), IllegalMove> {
        let mut next = self.game().clone();
        let mover = next.to_move();
        let effect = next.play(mv)?;
        let number = Some(self.next_number(mover));
        self.positions.push(next);
        self.played.push(Played {
            mv,
            effect,
            mover,
            number,
        });
        Ok(())
    }

    fn play_forced(&mut self) {
        let mut game = self.game().clone();
        play_forced(&mut game, |mv, effect, after| {
            self.played.push(Played {
                mv,
                effect,
                mover: self.positions[self.positions.len() - 1].to_move(),
                number: None,
            });
            self.positions.push(after.clone());
        });
    }

    /// Takes back the last move that was not forced, with the forced moves
    /// after it; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.played.iter().rposition(|p| !p.is_forced()) else {
            return false;
        };
        self.undone.push(self.played[last].mv);
        self.played.truncate(last);
        self.positions.truncate(last + 1);
        true
    }

    /// Takes back `by`'s last move and every move after it (the other
    /// side's reply, the forced moves): what a player asks for when asking
    /// to undo in a network game. False, with nothing taken back, when `by`
    /// has made no move.
    pub fn take_back(&mut self, by: Player) -> bool {
        if !self.played.iter().any(|p| !p.is_forced() && p.mover == by) {
            return false;
        }
        while let Some(last) = self.played.iter().rposition(|p| !p.is_forced()) {
            let mover = self.played[last].mover;
            self.undo();
            if mover == by {
                break;
            }
        }
        true
    }

    /// Plays the last move taken back again; its effect, if there was one.
    pub fn redo(&mut self) -> Option<&G::Effect> {
        let mv = self.undone.pop()?;
        let undone = std::mem::take(&mut self.undone);
        let index = self.played.len();
        let replayed = self.push(mv).is_ok();
        self.undone = undone;
        if !replayed {
            return None;
        }
        self.play_forced();
        Some(&self.played[index].effect)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gekitai::{Gekitai, Place};
    use crate::reversi::{Reversi, ReversiMove, ReversiSettings};
    use crate::settings::GameSettings;

    fn at(text: &str) -> Place {
        text.parse().expect("well formed")
    }

    #[test]
    fn undo_and_redo_walk_the_same_positions() {
        let mut line = Line::new(Gekitai::default());
        line.play(at("C3")).expect("legal");
        line.play(at("D4")).expect("legal");
        let after_two = line.game().clone();
        assert!(line.undo());
        assert!(line.undo());
        assert!(!line.undo());
        assert_eq!(line.game(), &Gekitai::default());
        line.redo().expect("a move to redo");
        line.redo().expect("a move to redo");
        assert!(line.redo().is_none());
        assert_eq!(line.game(), &after_two);
        assert_eq!(line.played().len(), 2);
    }

    #[test]
    fn taking_back_a_players_move_takes_the_reply_after_it_too() {
        let mut line = Line::new(Gekitai::default());
        assert!(!line.take_back(Player::First), "nothing to take back yet");
        line.play(at("C3")).expect("legal");
        assert!(!line.take_back(Player::Second), "O has not moved");
        line.play(at("D4")).expect("legal");
        let after_one = line.positions()[1].clone();
        // O's own last move alone.
        assert!(line.take_back(Player::Second));
        assert_eq!(line.game(), &after_one);
        line.play(at("D4")).expect("legal");
        // X's move, with O's reply.
        assert!(line.take_back(Player::First));
        assert_eq!(line.game(), &Gekitai::default());
        assert_eq!(line.played().len(), 0);
    }

    #[test]
    fn a_new_move_forgets_the_undone_ones_and_bad_moves_change_nothing() {
        let mut line = Line::new(Gekitai::default());
        line.play(at("C3")).expect("legal");
        assert!(line.play(at("C3")).is_err());
        assert_eq!(line.played().len(), 1);
        line.undo();
        line.play(at("A1")).expect("legal");
        assert!(line.redo().is_none());
    }

    /// A 4x4 Reversi game in which White must pass after Black's eleventh
    /// move (SPEC.md's pass transcript).
    fn with_a_pass() -> Line<Reversi> {
        let start = Reversi::new(ReversiSettings::from_values(&[4]).expect("valid"));
        let moves = "c4 b4 a4 d2 a1 a2 c1 d4 b1 a3 d1 d3"
            .split(' ')
            .map(|m| m.parse::<ReversiMove>().expect("well formed"));
        Line::replay(start, moves).expect("a legal game")
    }

    #[test]
    fn forced_moves_are_played_but_not_numbered() {
        let line = with_a_pass();
        let forced: Vec<&Played<Reversi>> =
            line.played().iter().filter(|p| p.is_forced()).collect();
        assert!(!forced.is_empty(), "the game has a pass");
        assert!(forced.iter().all(|p| p.mv == ReversiMove::Pass));
        assert_eq!(line.moves().count(), 12);
        assert_eq!(line.numbered(), 12);
        let numbers: Vec<usize> = line.played().iter().filter_map(|p| p.number).collect();
        assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
        assert!(line.game().is_over());
        assert_eq!(line.after(12), line.game());
        assert_eq!(line.after(0), line.start());
    }

    #[test]
    fn the_stones_of_a_connect6_turn_share_its_number() {
        use crate::connect6::{Connect6, Stone};
        let stones = ["J9", "H7", "I6", "K9", "K10", "A0"];
        let moves = stones.map(|s| s.parse::<Stone>().expect("well formed"));
        let line = Line::replay(Connect6::default(), moves).expect("legal");
        let numbers: Vec<Option<usize>> = line.played().iter().map(|p| p.number).collect();
        let turns = [1, 2, 2, 3, 3, 4].map(Some);
        assert_eq!(numbers, turns);
        assert_eq!(line.numbered(), 4);
        assert_eq!(line.chosen_through(2), 3);
        assert_eq!(line.after(1), &line.positions()[1]);
        assert_eq!(line.after(2), &line.positions()[3]);
    }

    #[test]
    fn a_move_after_a_pass_starts_a_new_turn() {
        let line = with_a_pass();
        let played = line.played();
        let pass = played.iter().position(|p| p.is_forced()).expect("a pass");
        let (before, after) = (&played[pass - 1], &played[pass + 1]);
        assert_eq!(before.mover, after.mover, "White moves on both sides of it");
        assert_eq!(after.number, before.number.map(|n| n + 1));
    }

    #[test]
    fn undo_takes_back_a_move_with_the_pass_it_forced() {
        let mut line = with_a_pass();
        let before: Vec<ReversiMove> = line.moves().collect();
        while line.undo() {}
        assert_eq!(line.played().len(), 0);
        while line.redo().is_some() {}
        assert_eq!(line.moves().collect::<Vec<_>>(), before);
        assert!(line.game().is_over());
    }

    #[test]
    fn replay_names_the_first_illegal_move() {
        let refused = Line::replay(Gekitai::default(), [at("A1"), at("D4"), at("A1")]);
        assert_eq!(
            refused.map(|_| ()),
            Err(Refused {
                number: 3,
                illegal: IllegalMove::Occupied
            })
        );
    }
}
