//! Thinking on the person's time. While a person is to move against the
//! computer at its strongest level, the computer guesses the person's move
//! (a short search from their side) and starts on its answer to it. When
//! the guess was right, that search goes on as the computer's turn, which
//! then still takes its full time: the time the person took is a gift.

use std::time::{Duration, Instant};

use super::computer::{Answer, Thinking};

/// How long the guess of the person's move may take.
pub const GUESS: Duration = Duration::from_millis(1000);
/// The longest the answer to a guess is searched before the person moves
/// (beyond it, a core would be kept busy for little).
pub const LONGEST: Duration = Duration::from_secs(30);

pub struct Ponder<M> {
    /// How many moves had been played: the guess is of the next one.
    at: usize,
    phase: Phase<M>,
}

enum Phase<M> {
    Guessing(Thinking<M>),
    Answering {
        guess: M,
        answer: Thinking<M>,
    },
    /// No guess, or no answer to search: nothing more until a move.
    Resting,
}

impl<M: Send + PartialEq + 'static> Ponder<M> {
    /// Pondering the position after `at` moves, beginning with `guess`,
    /// the search for the person's move.
    pub fn guessing(at: usize, guess: Thinking<M>) -> Ponder<M> {
        Ponder {
            at,
            phase: Phase::Guessing(guess),
        }
    }

    /// Whether a search is under way.
    pub fn is_busy(&self) -> bool {
        !matches!(self.phase, Phase::Resting)
    }

    /// The guess of the person's move, once the search for it is done;
    /// the caller then gives [`Ponder::answer`] or [`Ponder::rest`].
    pub fn guessed(&mut self, now: Instant) -> Option<M> {
        let Phase::Guessing(guess) = &mut self.phase else {
            return None;
        };
        match guess.poll(now) {
            Answer::Pending => None,
            Answer::Done { mv, .. } => {
                self.phase = Phase::Resting;
                mv
            }
        }
    }

    /// Goes on with `answer`, the search of the reply to `guess`.
    pub fn answer(&mut self, guess: M, answer: Thinking<M>) {
        self.phase = Phase::Answering { guess, answer };
    }

    /// Stops (the guess led nowhere to search).
    pub fn rest(&mut self) {
        self.phase = Phase::Resting;
    }

    /// The search of the answer to `mv`, played after `at` moves, if that
    /// is the move guessed; it answers by `now + budget`. Any other
    /// search is dropped, and stops.
    pub fn hit(self, at: usize, mv: &M, now: Instant, budget: Duration) -> Option<Thinking<M>> {
        match self.phase {
            Phase::Answering { guess, answer } if self.at == at && guess == *mv => {
                Some(answer.take_over(now, budget))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::super::{Play, PlayScreen};
    use super::Phase;
    use crate::ai::Level;
    use crate::engine::Game;
    use crate::engine::gekitai::{Gekitai, GekitaiSettings};
    use crate::seat::Seat;

    /// A person (X) against the computer at its strongest (O).
    fn against_the_computer() -> Play<Gekitai> {
        Play::new(Gekitai::new(GekitaiSettings::default()), false)
            .with_seats([Seat::Human, Seat::Computer(Level::MAX)])
    }

    /// Ticks until `done`, or fails after a generous wait (the searches
    /// run on their own threads).
    fn tick_until(play: &mut Play<Gekitai>, done: impl Fn(&Play<Gekitai>) -> bool) {
        let give_up = Instant::now() + Duration::from_secs(120);
        while !done(play) {
            assert!(Instant::now() < give_up, "gave up waiting");
            play.tick(Instant::now());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The person's move the computer guessed, once it searches its answer.
    fn guess(play: &mut Play<Gekitai>) -> <Gekitai as Game>::Move {
        tick_until(play, |play| {
            matches!(
                play.ponder.as_ref().map(|p| &p.phase),
                Some(Phase::Answering { .. })
            )
        });
        match play.ponder.as_ref().map(|p| &p.phase) {
            Some(Phase::Answering { guess, .. }) => *guess,
            _ => unreachable!("waited for it"),
        }
    }

    #[test]
    fn the_answer_to_a_right_guess_goes_on_as_the_computers_turn() {
        let mut play = against_the_computer();
        let guessed = guess(&mut play);
        assert!(play.play_by_hand(guessed));
        let thinking = play.thinking.as_ref().expect("the computer thinks");
        assert!(thinking.stop_at.is_some(), "the pondered search goes on");
        assert!(play.ponder.is_none());
        tick_until(&mut play, |play| play.line.played().len() == 2);
        assert_eq!(play.game().to_move(), crate::engine::Player::First);
        // And it ponders the person's next move.
        assert!(play.ponder.as_ref().is_some_and(|p| p.at == 2));
        // An undo takes both moves back, and the pondering starts again.
        play.undo();
        assert!(play.ponder.as_ref().is_some_and(|p| p.at == 0));
    }

    #[test]
    fn another_move_than_the_guess_gets_a_fresh_search() {
        let mut play = against_the_computer();
        let guessed = guess(&mut play);
        let mut legal = Vec::new();
        play.game().legal_moves(&mut legal);
        let other = legal.into_iter().find(|mv| *mv != guessed).expect("moves");
        assert!(play.play_by_hand(other));
        let thinking = play.thinking.as_ref().expect("the computer thinks");
        assert!(thinking.stop_at.is_none(), "a search of its own");
        assert!(play.ponder.is_none());
    }

    #[test]
    fn a_hint_stops_the_pondering_and_lower_levels_never_ponder() {
        let mut play = against_the_computer();
        assert!(play.ponder.is_some());
        play.hint();
        assert!(play.ponder.is_none(), "the hint has the cores");
        let mut gentle = Play::new(Gekitai::new(GekitaiSettings::default()), false)
            .with_seats([Seat::Human, Seat::Computer(Level::new(4).expect("a level"))]);
        assert!(gentle.ponder.is_none());
        assert!(gentle.play_by_hand("c3".parse().expect("a move")));
        tick_until(&mut gentle, |play| play.line.played().len() == 2);
        assert!(gentle.ponder.is_none());
    }
}
