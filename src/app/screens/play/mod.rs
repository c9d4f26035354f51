//! The game screen, the same for every game: its state ([`Play`]), what
//! each key does to it ([`screen`], by its [`keys`]), how a move is played
//! ([`turns`]), the other commands ([`commands`]), the line typed at the
//! bottom ([`prompt`]), looking back ([`browse`]), and drawing ([`view`]).
//! The computer's search runs in [`computer`] (and on the person's time in
//! [`ponder`]), outside engines in [`outside`], a network game's other
//! side in [`peer`] and [`online`], and saving is in [`saving`].

mod browse;
mod clock;
mod commands;
mod computer;
pub mod keys;
mod online;
mod outside;
pub mod peer;
mod ponder;
mod prompt;
mod reconnect;
mod saving;
mod screen;
mod status;
mod turns;
pub mod view;

use std::path::PathBuf;
use std::time::Instant;

use crate::app::animation::Animation;
use crate::app::evaluation::Evaluation;
use crate::app::games::GameUi;
use crate::app::screens::{Context, Screen};
use crate::games::{AnyRecord, Interactive, Setup, WithRecord, WithSetup, with_record, with_setup};
use computer::Thinking;
use outside::EngineSeat;
use peer::Peer;
use ponder::Ponder;
use tabletop_core::clock::{Clock, TimeSource};
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::line::{Line, Played};
use tabletop_engine::record::{Adjudged, Record, settled_outcome};
use tabletop_engine::time_control::TimeControl;
use tabletop_engine::{Cell, Outcome, Player};

pub use browse::Browse;

/// What the input line at the bottom is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Prompt {
    /// A cell address (or a word move such as `swap`).
    Address,
    /// The file to save the game to.
    SavePath,
    /// A line of chat for the other player.
    Chat,
}

pub struct Play<G: GameUi> {
    line: Line<G>,
    /// Who plays each side.
    seats: [Seat; 2],
    /// The other side of a network game, which plays the seat not ours.
    peer: Option<Peer>,
    thinking: Option<Thinking<G::Move>>,
    /// The computer's search on the person's time.
    ponder: Option<Ponder<G>>,
    /// The outside engines playing seats, each started on its first turn.
    engines: [Option<EngineSeat<G>>; 2],
    /// Computer-against-computer play held by the player.
    paused: bool,
    /// The cell the last hint suggests.
    hint: Option<Cell>,
    seed: u64,
    cursor: Cell,
    /// The input line, when it is open, and what it is for.
    input: Option<(Prompt, String)>,
    /// `q` was pressed once on the host's screen with a player in the
    /// game: the next press quits.
    quitting: bool,
    /// The line holds a cell refused, shown selected: what is typed next
    /// replaces it.
    selected: bool,
    /// Where the game is saved after every move, if anywhere.
    autosave: Option<PathBuf>,
    /// What the autosave file holds, as this game last saw it.
    autosaved: saving::Autosaved,
    /// The saved games, where such an unfinished game is kept.
    saved_games: Option<PathBuf>,
    message: Option<String>,
    /// The animation of the last move, and when it began.
    animation: Option<(Animation, Instant)>,
    /// The player asked to leave this game once already.
    leaving: bool,
    /// The player asked to resign once already.
    resigning: bool,
    /// Who gave the game up, if anyone did.
    resigned: Option<Player>,
    /// How a network game was ended by its clock or an agreed draw.
    adjudged: Option<Adjudged>,
    /// The turn whose position is shown while looking back through the
    /// game; `None` when playing.
    browsing: Option<usize>,
    /// The evaluation bar, when the players asked for it.
    evaluation: Option<Evaluation>,
    /// The file the player last saved the game to.
    saved_to: Option<PathBuf>,
    /// The finished game as it was kept in the saved games, if it was.
    kept: Option<saving::Kept>,
    /// What `s` does here.
    saving: saving::Saving,
    /// The clock of a game at home played on one.
    clock: Option<Clock>,
    /// Where the clock reads the time.
    time: TimeSource,
    /// The clock's faces when last drawn.
    clock_faces: Option<[String; 2]>,
    animate: bool,
}

impl<G: GameUi> Play<G> {
    pub fn new(game: G, animate: bool) -> Play<G> {
        Play::on_line(Line::new(game), animate)
    }

    fn on_line(line: Line<G>, animate: bool) -> Play<G> {
        let middle = (line.game().side() - 1) / 2;
        let cursor = line
            .played()
            .iter()
            .rev()
            .find_map(|played| G::placed(&played.mv))
            .or(Cell::new(middle, middle))
            .unwrap_or_else(|| unreachable!("boards are at most 26 wide"));
        Play {
            line,
            seats: [Seat::Human, Seat::Human],
            peer: None,
            thinking: None,
            ponder: None,
            engines: [None, None],
            paused: false,
            hint: None,
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64),
            cursor,
            input: None,
            quitting: false,
            selected: false,
            autosave: None,
            autosaved: saving::Autosaved::Unseen,
            saved_games: None,
            message: None,
            animation: None,
            leaving: false,
            resigning: false,
            resigned: None,
            adjudged: None,
            browsing: None,
            evaluation: None,
            saved_to: None,
            kept: None,
            saving: saving::Saving::default(),
            clock: None,
            time: TimeSource::System,
            clock_faces: None,
            animate,
        }
    }

    /// The game of `record`, continued from its last position by the
    /// players it names.
    pub fn from_record(record: &Record<G>, animate: bool) -> Play<G> {
        let mut play = Play::on_line(record.line(), animate);
        play.resigned = record.resigned;
        play.adjudged = record.adjudged;
        play.seats = record.players.clone().map(|name| Seat::of_record(&name));
        if let Some(control) = record.clock {
            play.resume_clock(control, record.clock_left);
        }
        play.loaded_finished();
        play
    }

    /// A saved game continued, with the players it names.
    pub fn resume(record: &Record<G>, animate: bool, autosave: Option<PathBuf>) -> Play<G> {
        let play = Play::from_record(record, animate).autosave_to(autosave);
        let seats = play.seats.clone();
        play.with_seats(seats)
    }

    /// Saves the game to `path` after every move from now on.
    pub fn autosave_to(mut self, path: Option<PathBuf>) -> Play<G> {
        self.autosave = path;
        self
    }

    /// Sets who plays each side; the computer starts thinking if it is
    /// its turn.
    pub fn with_seats(mut self, seats: [Seat; 2]) -> Play<G> {
        self.seats = seats;
        self.think();
        self
    }

    fn game(&self) -> &G {
        self.line.game()
    }

    /// How the game ended, by its rules, a resignation, or (a network
    /// game) the clock or an agreed draw.
    fn outcome(&self) -> Option<Outcome> {
        settled_outcome(self.game(), self.resigned, self.adjudged)
    }

    fn ended(&self) -> bool {
        self.outcome().is_some()
    }

    /// The position on the board: the one looked back at, or the game's.
    fn shown(&self) -> &G {
        match self.browsing {
            Some(turn) => self.line.after(turn),
            None => self.game(),
        }
    }

    /// The moves that led to the position on the board.
    fn shown_played(&self) -> &[Played<G>] {
        let played = self.line.played();
        match self.browsing {
            Some(turn) => &played[..self.line.played_through(turn)],
            None => played,
        }
    }

    /// Whether the computer plays both sides (the person only watches).
    fn watching(&self) -> bool {
        self.seats.iter().all(|seat| seat.is_computer())
    }

    fn computer_to_move(&self) -> bool {
        self.seats[self.game().to_move().index()].is_computer()
    }
}

/// The game screen for a new game of `setup`, played by `seats`, on
/// `clock` if it is given.
pub fn new_game(
    setup: &Setup,
    seats: [Seat; 2],
    clock: Option<TimeControl>,
    context: &Context,
) -> Box<dyn Screen> {
    struct New<'a>(&'a Context, [Seat; 2], Option<TimeControl>);
    impl WithSetup for New<'_> {
        type Output = Box<dyn Screen>;
        fn run<G: Interactive>(self, settings: G::Settings) -> Box<dyn Screen> {
            let New(context, seats, clock) = self;
            let play = Play::new(G::new(settings), context.animate)
                .autosave_to(context.autosave.clone())
                .with_clock(clock)
                .timed(context.time.clone());
            Box::new(play.with_seats(seats))
        }
    }
    with_setup(setup, New(context, seats, clock))
}

/// The game screen for `record`, continued from its last position by the
/// players it names.
pub fn continued(record: AnyRecord, context: &Context) -> Box<dyn Screen> {
    struct Continue<'a>(&'a Context, Option<String>);
    impl WithRecord for Continue<'_> {
        type Output = Box<dyn Screen>;
        fn run<G: Interactive>(self, record: Record<G>) -> Box<dyn Screen> {
            let Continue(context, ours) = self;
            let mut play = Play::resume(&record, context.animate, context.autosave.clone());
            if let Some(text) = ours {
                play.autosaved = saving::Autosaved::Holds(Some(text));
            }
            Box::new(play.timed(context.time.clone()))
        }
    }
    // The game the autosave holds, resumed: the autosave is its own, as
    // long as it holds what it holds now.
    let ours = context.autosave.as_deref().and_then(|path| {
        let text = files::read_text(path).ok()?;
        files::parse(&text)
            .is_ok_and(|saved| saved == record)
            .then_some(text)
    });
    with_record(record, Continue(context, ours))
}
