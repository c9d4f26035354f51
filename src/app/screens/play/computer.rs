//! The computer's moves and hints: a search on its own thread, reporting
//! back through a channel, so the screen never waits for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use tabletop_ai::{self as ai, History, Level, Searchable};

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
        thread::spawn(move || {
            let mv = ai::choose(&game, &history, level, budget, seed, &flag);
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
        }
    }

    pub fn is_hint(&self) -> bool {
        self.hint
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
    }
}
