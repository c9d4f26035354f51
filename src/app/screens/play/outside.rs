//! An outside GTP engine playing a seat of the game screen: the engine is
//! driven by [`Opponent`] on a thread of its own, so the screen never
//! waits for it, and answers come back through a channel. Dropping the
//! seat ends the engine at once (its whole process group), whatever it is
//! doing; the thread then takes it down and waits for it, leaving no
//! zombie.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::Play;
use crate::app::action::Replacement;
use crate::app::games::GameUi;
use tabletop_ai::Level;
use tabletop_core::config::engines::{self, DEFAULT_PATIENCE};
use tabletop_core::gtp::client::Stopper;
use tabletop_core::gtp::opponent::{Choice, Opponent};
use tabletop_core::seat::{Outside, Seat};
use tabletop_engine::{Described, Player};

/// A question for the engine's thread: its move after these moves.
struct Question<G: Described> {
    start: G,
    moves: Vec<G::Move>,
}

/// What the engine's thread says.
enum Said<M> {
    /// How long the engine may think before it counts as slow (known once
    /// its settings are read).
    Patience(Duration),
    Answer(Result<Choice<M>, String>),
}

/// What the engine came to, as seen by the screen.
pub enum Heard<M> {
    /// Nothing new.
    Nothing,
    Chose(Choice<M>),
    /// It failed ([`EngineSeat::failure`] says why): it is not asked
    /// again.
    Failed,
}

/// An engine playing one seat.
pub struct EngineSeat<G: Described> {
    name: String,
    stopper: Stopper,
    questions: Sender<Question<G>>,
    said: Receiver<Said<G::Move>>,
    /// When the question under way was asked.
    asked: Option<Instant>,
    /// How long it has been thinking, as of the last look.
    elapsed: Duration,
    patience: Duration,
    /// Why it failed, once it has.
    failure: Option<String>,
}

impl<G: Described + Send + 'static> EngineSeat<G>
where
    G::Move: Send,
{
    /// Starts the thread for the engine `outside` names; the engine itself
    /// starts when first asked.
    pub fn start(outside: &Outside) -> EngineSeat<G> {
        let stopper = Stopper::default();
        let (questions, asked) = mpsc::channel::<Question<G>>();
        let (tell, said) = mpsc::channel();
        let (outside_owned, leash) = (outside.clone(), stopper.clone());
        thread::spawn(move || {
            let engine = match engines::resolve(&outside_owned) {
                Ok(engine) => engine,
                Err(why) => {
                    // Every question gets the same answer.
                    while asked.recv().is_ok() {
                        let _ = tell.send(Said::Answer(Err(why.clone())));
                    }
                    return;
                }
            };
            let _ = tell.send(Said::Patience(engine.patience));
            let mut opponent = Opponent::<G>::new(engine, leash);
            while let Ok(question) = asked.recv() {
                // The screen waits as long as the player likes; it says
                // when the engine is slow. A day is as good as forever.
                let forever = Duration::from_secs(24 * 60 * 60);
                let answer = opponent.choose(&question.start, &question.moves, forever);
                if tell.send(Said::Answer(answer)).is_err() {
                    return;
                }
            }
            // The opponent goes here: its engine is ended and waited for.
        });
        EngineSeat {
            name: outside.name(),
            stopper,
            questions,
            said,
            asked: None,
            elapsed: Duration::ZERO,
            patience: DEFAULT_PATIENCE,
            failure: None,
        }
    }

    /// Asks for the engine's move after `moves` from `start`, unless it is
    /// thinking already or has failed.
    pub fn ask(&mut self, start: &G, moves: Vec<G::Move>) {
        if self.asked.is_some() || self.failure.is_some() {
            return;
        }
        let question = Question {
            start: start.clone(),
            moves,
        };
        if self.questions.send(question).is_ok() {
            self.asked = Some(Instant::now());
            self.elapsed = Duration::ZERO;
        } else {
            self.failure = Some(format!("{} stopped", self.name));
        }
    }

    /// Looks for the engine's answer at `now`.
    pub fn poll(&mut self, now: Instant) -> Heard<G::Move> {
        if let Some(asked) = self.asked {
            self.elapsed = now.saturating_duration_since(asked);
        }
        loop {
            match self.said.try_recv() {
                Ok(Said::Patience(patience)) => self.patience = patience,
                Ok(Said::Answer(answer)) => {
                    self.asked = None;
                    return match answer {
                        Ok(choice) => Heard::Chose(choice),
                        Err(why) => {
                            self.failure = Some(why);
                            Heard::Failed
                        }
                    };
                }
                Err(TryRecvError::Empty) => return Heard::Nothing,
                Err(TryRecvError::Disconnected) => {
                    if self.asked.take().is_none() {
                        return Heard::Nothing;
                    }
                    self.failure = Some(format!("{} stopped", self.name));
                    return Heard::Failed;
                }
            }
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn is_thinking(&self) -> bool {
        self.asked.is_some()
    }

    /// How long it has been thinking, as of the last [`EngineSeat::poll`].
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Whether it has been thinking longer than its patience.
    pub fn is_slow(&self) -> bool {
        self.asked.is_some() && self.elapsed > self.patience
    }

    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }
}

impl<G: Described> Drop for EngineSeat<G> {
    fn drop(&mut self) {
        self.stopper.stop();
    }
}

impl<G: GameUi> Play<G> {
    /// Takes an outside engine's answer when it has one.
    pub(super) fn collect_engines(&mut self, now: Instant) {
        for player in Player::BOTH {
            let Some(engine) = &mut self.engines[player.index()] else {
                continue;
            };
            match engine.poll(now) {
                Heard::Nothing => {}
                Heard::Chose(_) if self.game().to_move() != player || self.ended() => {}
                Heard::Chose(Choice::Play(mv)) => {
                    self.play(mv);
                }
                Heard::Chose(Choice::Resign) => {
                    self.resigned = Some(player);
                    self.engines = [None, None];
                    self.autosave();
                }
                // Said on the status line until the seat is handed over.
                Heard::Failed => {}
            }
        }
    }

    /// The engine whose turn it is, if one plays the side to move.
    pub(super) fn engine_to_move(&self) -> Option<&EngineSeat<G>> {
        self.engines[self.game().to_move().index()]
            .as_ref()
            .filter(|_| matches!(self.seats[self.game().to_move().index()], Seat::Engine(_)))
    }

    /// Hands the seat of the outside engine to move to the player, to
    /// tabletop's computer, or ends the game as the engine's forfeit.
    pub(super) fn replace_engine(&mut self, by: Replacement) {
        let player = self.game().to_move();
        let side = player.index();
        let Seat::Engine(outside) = &self.seats[side] else {
            self.message = Some("No outside engine has the move".to_string());
            return;
        };
        if self.ended() || self.peer.is_some() {
            return;
        }
        let name = outside.name();
        self.engines[side] = None;
        let symbol = G::symbol(player);
        self.message = Some(match by {
            Replacement::Person => {
                self.seats[side] = Seat::Human;
                format!("You play Player {symbol} in place of {name}")
            }
            Replacement::Computer => {
                self.seats[side] = Seat::Computer(Level::DEFAULT);
                format!("tabletop's computer plays Player {symbol} in place of {name}")
            }
            Replacement::Forfeit => {
                self.resigned = Some(player);
                self.engines = [None, None];
                format!("{name} forfeits the game")
            }
        });
        self.autosave();
        self.think();
    }
}
