//! Thinking on the person's time. While a person is to move against the
//! computer at its strongest level, the computer guesses the person's move
//! (a short search from their side) and searches its answer to it, again
//! and again with twice the time (its own time a move, then two, four and
//! eight times that), each search left to finish by itself. When the
//! person plays the move guessed, the computer answers with the longest
//! search finished, or waits for the one under way if it ends within the
//! computer's own time: never worse, never slower than a turn of its own.

use std::time::{Duration, Instant};

use super::Play;
use super::computer::{Answer, Thinking};
use crate::app::games::GameUi;
use crate::app::search_queue;
use tabletop_ai::{History, Level, Searchable};
use tabletop_core::seat::Seat;

/// How long the guess of the person's move may take.
pub const GUESS: Duration = Duration::from_millis(1000);
/// No search of an answer ends later than this after the guess (beyond
/// it, a core would be kept busy for little).
const LONGEST: Duration = Duration::from_secs(30);
/// The level that ponders, and whose searches these are.
pub const LEVEL: Level = Level::MAX;

pub struct Ponder<G: Searchable> {
    /// How many moves had been played: the guess is of the next one.
    at: usize,
    phase: Phase<G>,
}

enum Phase<G: Searchable> {
    Guessing(Thinking<G::Move>),
    Answering(Answering<G>),
    /// No guess, or no answer to search: nothing more until a move.
    Resting,
}

/// The searches of the answer to the guess.
struct Answering<G: Searchable> {
    guess: G::Move,
    /// The position after the guess, and the game's history to it.
    after: G,
    history: History,
    seed: u64,
    /// The answer of the longest search finished.
    found: Option<G::Move>,
    /// The search under way, and when it ends.
    running: Option<(Thinking<G::Move>, Instant)>,
    /// The time the next search is given.
    next: Duration,
    /// No search ends later.
    until: Instant,
}

impl<G: Searchable> Ponder<G>
where
    G::Move: PartialEq,
{
    /// Pondering the position after `at` moves, beginning with `guess`,
    /// the search for the person's move.
    pub fn guessing(at: usize, guess: Thinking<G::Move>) -> Ponder<G> {
        Ponder {
            at,
            phase: Phase::Guessing(guess),
        }
    }

    /// Whether a search is under way.
    pub fn is_busy(&self) -> bool {
        match &self.phase {
            Phase::Guessing(_) => true,
            Phase::Answering(answering) => answering.running.is_some(),
            Phase::Resting => false,
        }
    }

    /// The guess of the person's move, once the search for it is done;
    /// the caller then gives [`Ponder::answer`] or [`Ponder::rest`].
    pub fn guessed(&mut self, now: Instant) -> Option<G::Move> {
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

    /// Goes on with the searches of the answer to `guess`, which leads to
    /// `after` (its history `history`).
    pub fn answer(&mut self, guess: G::Move, after: G, history: History, seed: u64, now: Instant) {
        self.phase = Phase::Answering(Answering {
            guess,
            after,
            history,
            seed,
            found: None,
            running: None,
            next: LEVEL.budget(),
            until: now + LONGEST,
        });
        self.advance(now);
    }

    /// Stops (the guess led nowhere to search).
    pub fn rest(&mut self) {
        self.phase = Phase::Resting;
    }

    /// Takes a finished search's answer, and starts the next search if it
    /// ends in time.
    pub fn advance(&mut self, now: Instant) {
        let Phase::Answering(answering) = &mut self.phase else {
            return;
        };
        if let Some((search, _)) = &mut answering.running {
            let Answer::Done { mv, .. } = search.poll(now) else {
                return;
            };
            answering.found = mv.or(answering.found);
            answering.running = None;
        }
        if now + answering.next <= answering.until {
            answering.seed = answering.seed.wrapping_add(1);
            let search = Thinking::search(
                answering.after.clone(),
                answering.history.clone(),
                LEVEL,
                answering.next,
                answering.seed,
                false,
            );
            answering.running = Some((search, now + answering.next));
            answering.next *= 2;
        }
    }

    /// The computer's answer to `mv`, played after `at` moves, if that is
    /// the move guessed: the search under way if it ends by `now + budget`,
    /// else the longest one finished. Any other search is dropped, and
    /// stops.
    pub fn hit(
        self,
        at: usize,
        mv: &G::Move,
        now: Instant,
        budget: Duration,
    ) -> Option<Thinking<G::Move>> {
        let Phase::Answering(answering) = self.phase else {
            return None;
        };
        if self.at != at || answering.guess != *mv {
            return None;
        }
        match (answering.running, answering.found) {
            (Some((search, ends)), _) if ends <= now + budget => Some(search.take_over(now)),
            (_, Some(found)) => Some(Thinking::ready(found)),
            (running, None) => running.map(|(search, _)| search.take_over(now)),
        }
    }
}

impl<G: GameUi> Play<G> {
    /// Starts guessing the person's move, to search the answer on their
    /// time, when the other side is the computer at its strongest.
    pub(super) fn start_pondering(&mut self) {
        let other = self.game().to_move().other().index();
        // A server's computer thinks only on its own turn.
        if self.ponder.is_some()
            || search_queue::is_limited()
            || self.peer.is_some()
            || self.seats[other] != Seat::Computer(LEVEL)
        {
            return;
        }
        self.seed = self.seed.wrapping_add(1);
        let guess = Thinking::search(
            self.game().clone(),
            History::of(self.line.positions()),
            LEVEL,
            GUESS,
            self.seed,
            false,
        );
        self.ponder = Some(Ponder::guessing(self.line.played().len(), guess));
    }

    /// Once the person's move is guessed, searches the computer's answer.
    pub(super) fn advance_pondering(&mut self, now: Instant) {
        let Some(ponder) = &mut self.ponder else {
            return;
        };
        ponder.advance(now);
        let Some(guess) = ponder.guessed(now) else {
            return;
        };
        let mut after = self.line.clone();
        // The answer is searched only where the computer has the move.
        let computer = after.play(guess).is_ok()
            && !after.game().is_over()
            && self.seats[after.game().to_move().index()] == Seat::Computer(LEVEL);
        if !computer {
            ponder.rest();
            return;
        }
        self.seed = self.seed.wrapping_add(1);
        let history = History::of(after.positions());
        ponder.answer(guess, after.game().clone(), history, self.seed, now);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::super::Play;
    use super::{Answer, Answering, History, Phase, Ponder, Thinking};
    use tabletop_ai::Level;
    use tabletop_core::seat::Seat;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::{Gekitai, GekitaiSettings};

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
            play.advance(Instant::now());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The person's move the computer guessed, once it searches its answer.
    fn guess(play: &mut Play<Gekitai>) -> <Gekitai as Game>::Move {
        tick_until(play, |play| {
            matches!(
                play.ponder.as_ref().map(|p| &p.phase),
                Some(Phase::Answering(_))
            )
        });
        match play.ponder.as_ref().map(|p| &p.phase) {
            Some(Phase::Answering(answering)) => answering.guess,
            _ => unreachable!("waited for it"),
        }
    }

    #[test]
    fn the_answer_to_a_right_guess_goes_on_as_the_computers_turn() {
        let mut play = against_the_computer();
        let guessed = guess(&mut play);
        assert!(play.play_by_hand(guessed));
        let thinking = play.thinking.as_ref().expect("the computer thinks");
        assert!(thinking.pondered, "the pondered search answers");
        assert!(play.ponder.is_none());
        tick_until(&mut play, |play| play.line.played().len() == 2);
        assert_eq!(play.game().to_move(), tabletop_engine::Player::First);
        // And it ponders the person's next move.
        assert!(play.ponder.as_ref().is_some_and(|p| p.at == 2));
        // An undo takes both moves back, and the pondering starts again.
        play.undo();
        assert!(play.ponder.as_ref().is_some_and(|p| p.at == 0));
    }

    #[test]
    fn a_right_guess_is_answered_by_the_longest_search_that_is_in_time() {
        let game = Gekitai::new(GekitaiSettings::default());
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let (guess, found, running) = (legal[0], legal[1], legal[2]);
        let budget = Duration::from_secs(2);
        let now = Instant::now();
        let pondering = |ends: Instant| Ponder::<Gekitai> {
            at: 0,
            phase: Phase::Answering(Answering {
                guess,
                after: game.clone(),
                history: History::default(),
                seed: 1,
                found: Some(found),
                running: Some((Thinking::ready(running), ends)),
                next: budget,
                until: now,
            }),
        };
        let answer = |ponder: Ponder<Gekitai>| {
            let mut thinking = ponder.hit(0, &guess, now, budget).expect("a hit");
            match thinking.poll(now) {
                Answer::Done { mv, .. } => mv,
                Answer::Pending => None,
            }
        };
        // The search under way ends within the computer's time: it answers.
        assert_eq!(answer(pondering(now + budget)), Some(running));
        // It would end later: the longest finished answers at once.
        assert_eq!(answer(pondering(now + budget * 2)), Some(found));
        // Another move, or the same move at another point, is no hit.
        assert!(pondering(now).hit(0, &found, now, budget).is_none());
        assert!(pondering(now).hit(1, &guess, now, budget).is_none());
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
        assert!(!thinking.pondered, "a search of its own");
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
