//! The computer's moves and hints: a search on its own thread, reporting
//! back through a channel, so the screen never waits for it; started when
//! the computer has the move or a person asks for a hint, and held while
//! the player pauses a game the computer plays alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::Play;
use super::outside::EngineSeat;
use crate::app::games::GameUi;
use crate::app::search_queue::Ticket;
use tabletop_ai::{self as ai, History, Level, Searchable};
use tabletop_core::review::statement;
use tabletop_core::seat::Seat;

/// A search running on its own thread, stopped when dropped.
pub struct Thinking<M> {
    stop: Arc<AtomicBool>,
    answer: Receiver<Option<M>>,
    /// How long it has been thinking, as of the last look.
    elapsed: Duration,
    started: Instant,
    /// Begun on the person's time (see [`super::ponder`]).
    pub(super) pondered: bool,
    /// A hint for a person, not a move to play.
    hint: bool,
    /// Its place among the process's searches (see [`crate::app::search_queue`]).
    ticket: Arc<Ticket>,
}

/// What a search came to.
pub enum Answer<M> {
    /// Still thinking.
    Pending,
    /// The move to play, or to suggest when the search was for a hint;
    /// `None` when the search found nothing (the game is over).
    Done { mv: Option<M>, hint: bool },
}

impl<M: Send + 'static> Thinking<M> {
    /// Starts the search for `game`'s move at `level`, in its time.
    pub fn start<G>(game: G, history: History, level: Level, seed: u64, hint: bool) -> Thinking<M>
    where
        G: Searchable<Move = M>,
    {
        Thinking::search(game, history, level, level.budget(), seed, hint)
    }

    /// Starts the search for `game`'s move at `level`, taking `budget`.
    pub fn search<G>(
        game: G,
        history: History,
        level: Level,
        budget: Duration,
        seed: u64,
        hint: bool,
    ) -> Thinking<M>
    where
        G: Searchable<Move = M>,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let (tell, answer) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let ticket = Ticket::take();
        let place = Arc::clone(&ticket);
        thread::spawn(move || {
            // Dropped while in line: nobody wants the answer.
            if !place.wait(&flag) {
                return;
            }
            let mv = ai::choose(&game, &history, level, budget, seed, &flag);
            place.leave();
            // The screen may have moved on and stopped listening.
            let _ = tell.send(mv);
        });
        Thinking {
            stop,
            answer,
            elapsed: Duration::ZERO,
            started: Instant::now(),
            pondered: false,
            hint,
            ticket,
        }
    }

    /// The same search, begun on the person's time, as the computer's
    /// turn from `now`.
    pub fn take_over(mut self, now: Instant) -> Thinking<M> {
        self.started = now;
        self.elapsed = Duration::ZERO;
        self.pondered = true;
        self
    }

    /// A search already done, whose answer is `mv`.
    pub fn ready(mv: M) -> Thinking<M> {
        let (tell, answer) = mpsc::channel();
        let _ = tell.send(Some(mv));
        Thinking {
            stop: Arc::new(AtomicBool::new(false)),
            answer,
            elapsed: Duration::ZERO,
            started: Instant::now(),
            pondered: true,
            hint: false,
            ticket: Ticket::none(),
        }
    }

    pub fn is_hint(&self) -> bool {
        self.hint
    }

    /// Its place in the line of searches waiting for a core (1: next),
    /// or `None` once it runs.
    pub fn place(&self) -> Option<usize> {
        self.ticket.place()
    }

    /// How long it had been thinking at the last [`Thinking::poll`].
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Looks for the answer at `now`.
    pub fn poll(&mut self, now: Instant) -> Answer<M> {
        self.elapsed = now.saturating_duration_since(self.started);
        match self.answer.try_recv() {
            Ok(mv) => Answer::Done {
                mv,
                hint: self.hint,
            },
            Err(TryRecvError::Empty) => Answer::Pending,
            Err(TryRecvError::Disconnected) => Answer::Done {
                mv: None,
                hint: self.hint,
            },
        }
    }
}

impl<M> Drop for Thinking<M> {
    /// A search nobody will read stops, rather than use a core for
    /// nothing.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // A search still in line sees its flag and leaves.
        self.ticket.nudge();
    }
}

impl<G: GameUi> Play<G> {
    /// Starts the computer's search if it is the computer's turn.
    pub(super) fn think(&mut self) {
        if self.thinking.is_some() || self.paused || self.ended() {
            return;
        }
        let side = self.game().to_move().index();
        match &self.seats[side] {
            &Seat::Computer(level) => self.spawn_search(level, false),
            Seat::Engine(outside) => {
                // Every move, the forced ones too: the engine is told them all.
                let moves = self.line.played().iter().map(|played| played.mv).collect();
                let start = self.line.start();
                self.engines[side]
                    .get_or_insert_with(|| EngineSeat::start(outside))
                    .ask(start, moves);
            }
            Seat::Human => self.start_pondering(),
        }
    }

    pub(super) fn spawn_search(&mut self, level: Level, hint: bool) {
        self.seed = self.seed.wrapping_add(1);
        let history = History::of(self.line.positions());
        let game = self.game().clone();
        self.thinking = Some(Thinking::start(game, history, level, self.seed, hint));
    }

    /// Abandons a search under way; an engine thinking is ended, to be
    /// started afresh (and told the game) on its next turn.
    pub(super) fn stop_thinking(&mut self) {
        // Dropped, the search stops.
        self.thinking = None;
        self.ponder = None;
        for engine in &mut self.engines {
            if engine
                .as_ref()
                .is_some_and(|e| e.is_thinking() || e.failure().is_some())
            {
                *engine = None;
            }
        }
    }

    /// Takes the search's answer when it has one.
    pub(super) fn collect_thinking(&mut self, now: Instant) {
        let Some(thinking) = &mut self.thinking else {
            return;
        };
        let Answer::Done { mv, hint } = thinking.poll(now) else {
            return;
        };
        self.thinking = None;
        match (hint, mv) {
            (true, Some(mv)) => {
                self.hint = G::placed(&mv);
                let marked = if self.hint.is_some() {
                    " (marked ? on the board)"
                } else {
                    ""
                };
                let known = self.game().known_winner().map_or(String::new(), |winner| {
                    format!("; {}", statement::wins_with_best_play(G::symbol(winner)))
                });
                self.message = Some(format!("Hint: {mv}{marked}{known}"));
            }
            (false, Some(mv)) => {
                self.play(mv);
            }
            (_, None) => {}
        }
    }

    /// Asks the computer which move it would play for the person to move.
    pub(super) fn hint(&mut self) {
        if self.refused_online("hint") {
            return;
        }
        self.browsing = None;
        if self.ended() || self.computer_to_move() || self.thinking.is_some() {
            return;
        }
        // The hint has both cores.
        self.ponder = None;
        self.spawn_search(Level::MAX, true);
    }

    /// Holds or resumes computer-against-computer play.
    pub(super) fn toggle_pause(&mut self) {
        // Only a game the computer plays on its own has anything to hold.
        if self.ended() || !self.watching() {
            return;
        }
        self.paused = !self.paused;
        if self.paused {
            self.stop_thinking();
            self.stop_clock();
        } else {
            self.run_clock();
            self.think();
        }
    }
}
