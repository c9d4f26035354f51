//! The game screen, the same for every game: its state and what each
//! action does to it. The computer's search runs in [`computer`], outside
//! engines in [`outside`], saving is in [`saving`], and drawing in
//! [`view`].

mod computer;
mod outside;
pub mod peer;
mod ponder;
mod saving;
pub mod view;

use std::path::PathBuf;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::{Action, Direction, Replacement, Typing, key_for};
use crate::app::animation::Animation;
use crate::app::evaluation::Evaluation;
use crate::app::games::{GameUi, typed_move};
use crate::app::screens::replay::{Replay, ReplayScreen};
use crate::app::theme::Theme;
use crate::net::protocol::Proposal;
use crate::net::session::Request;
use computer::{Answer, Thinking};
use outside::{EngineSeat, Heard};
use peer::Peer;
use ponder::Ponder;
use tabletop_ai::{History, Level};
use tabletop_core::files;
use tabletop_core::gtp::opponent::Choice;
use tabletop_core::review::statement;
use tabletop_core::seat::Seat;
use tabletop_engine::line::{Line, Played};
use tabletop_engine::quote::quote;
use tabletop_engine::record::{Adjudged, Record, settled_outcome};
use tabletop_engine::{Cell, Outcome, Player};

/// What the app asks of the game screen, whatever the game.
pub trait PlayScreen {
    /// The lowercase letters that type on this board now.
    fn typing(&self) -> Typing;
    /// Whether `action` means anything in this game now (pause only when
    /// the computer plays both sides, resign only for a person at the
    /// board, neither once the game is over), for the help and the footer.
    fn offers(&self, action: Action) -> bool;
    fn is_over(&self) -> bool;
    fn is_typing(&self) -> bool;
    /// The smallest terminal the screen fits in.
    fn needs(&self, area: Rect) -> (u16, u16);
    /// Whether the screen fits in `area`.
    fn fits(&self, area: Rect) -> bool;
    fn clear_message(&mut self);
    /// Shows `message` on the status line.
    fn tell(&mut self, message: String);
    /// True on the second request in a row to leave this game; the first
    /// asks for that confirmation.
    fn confirm_leaving(&mut self) -> bool;
    /// Cancels the requests to leave or to resign that `action` does not
    /// confirm.
    fn stay(&mut self, action: Action);
    fn step(&mut self, direction: Direction);
    /// Enter or Space: play the typed address, or the cursor cell.
    fn confirm(&mut self);
    fn type_char(&mut self, c: char);
    fn open_address(&mut self);
    /// Opens the save prompt with a new file in the data folder.
    fn open_save(&mut self);
    /// Opens the chat line, in a network game one plays.
    fn open_chat(&mut self);
    /// Offers the other player a draw, in a network game one plays.
    fn offer_draw(&mut self);
    /// Accepts or declines the other player's offer, in a network game.
    fn answer(&mut self, accept: bool);
    fn erase(&mut self);
    /// Esc: closes the address line; false when there was none.
    fn cancel(&mut self) -> bool;
    /// A click at a screen position of a screen of size `area`.
    fn click(&mut self, area: Rect, column: u16, row: u16);
    fn undo(&mut self);
    fn redo(&mut self);
    /// Asks the computer which move it would play for the person to move.
    fn hint(&mut self);
    /// Holds or resumes computer-against-computer play.
    fn toggle_pause(&mut self);
    /// The finished game in the replay viewer, reviewed there in the
    /// background; first saved in the games folder (unless the player
    /// saved it already), where the review is kept.
    fn review(&mut self) -> Box<dyn ReplayScreen>;
    /// Shows or hides the evaluation bar (a game between people).
    fn toggle_evaluation(&mut self);
    /// Points the evaluation bar, if it is shown, at the position shown.
    fn evaluate_shown(&mut self);
    /// Gives the game up for the person at the board, on the second
    /// request in a row; the first asks for that confirmation.
    fn resign(&mut self);
    /// Whether the player is looking back through the game.
    fn is_browsing(&self) -> bool;
    /// A step through the positions of the game so far.
    fn browse(&mut self, step: Browse);
    /// Stops any search under way (the app is closing this screen).
    fn stop(&mut self);
    fn is_animating(&self) -> bool;
    /// Moves the animation on to `now`; ends it when it is done. Whether
    /// anything shown changed.
    fn tick(&mut self, now: Instant) -> bool;
    /// Hands the seat of the outside engine to move to the player, to
    /// tabletop's computer, or ends the game as the engine's forfeit.
    fn replace_engine(&mut self, by: Replacement);
    fn finish_animation(&mut self);
    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme);
}

/// A step through the positions of a game under way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Browse {
    /// One turn back, starting to browse if the player was not.
    Back,
    /// One turn on; past the last, back to the game.
    Forward,
    First,
    /// The position now, still browsing.
    Last,
    /// Back to the game.
    Leave,
}

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
    /// Where the game is saved after every move, if anywhere.
    autosave: Option<PathBuf>,
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
            autosave: None,
            message: None,
            animation: None,
            leaving: false,
            resigning: false,
            resigned: None,
            adjudged: None,
            browsing: None,
            evaluation: None,
            saved_to: None,
            animate,
        }
    }

    /// The game of `record`, continued from its last position by the
    /// players it names.
    pub fn from_record(record: &Record<G>, animate: bool) -> Play<G> {
        let mut play = Play::on_line(record.line(), animate);
        play.resigned = record.resigned;
        play.seats = record.players.clone().map(|name| Seat::of_record(&name));
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

    /// Who resigns now: the one person at the board, or the person to
    /// move when two play; nobody when the computer plays both sides.
    fn resigner(&self) -> Option<Player> {
        if let Some(peer) = &self.peer {
            return peer.local;
        }
        let humans: Vec<Player> = Player::BOTH
            .into_iter()
            .filter(|p| !self.seats[p.index()].is_computer())
            .collect();
        match humans.as_slice() {
            [one] => Some(*one),
            [_, _] => Some(self.game().to_move()),
            _ => None,
        }
    }

    fn computer_to_move(&self) -> bool {
        self.seats[self.game().to_move().index()].is_computer()
    }

    /// Starts the computer's search if it is the computer's turn.
    fn think(&mut self) {
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

    /// Starts guessing the person's move, to search the answer on their
    /// time, when the other side is the computer at its strongest.
    fn start_pondering(&mut self) {
        let other = self.game().to_move().other().index();
        if self.ponder.is_some()
            || self.peer.is_some()
            || self.seats[other] != Seat::Computer(ponder::LEVEL)
        {
            return;
        }
        self.seed = self.seed.wrapping_add(1);
        let guess = Thinking::search(
            self.game().clone(),
            History::of(self.line.positions()),
            ponder::LEVEL,
            ponder::GUESS,
            self.seed,
            false,
        );
        self.ponder = Some(Ponder::guessing(self.line.played().len(), guess));
    }

    /// Once the person's move is guessed, searches the computer's answer.
    fn advance_pondering(&mut self, now: Instant) {
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
            && self.seats[after.game().to_move().index()] == Seat::Computer(ponder::LEVEL);
        if !computer {
            ponder.rest();
            return;
        }
        self.seed = self.seed.wrapping_add(1);
        let history = History::of(after.positions());
        ponder.answer(guess, after.game().clone(), history, self.seed, now);
    }

    /// Takes an outside engine's answer when it has one.
    fn collect_engines(&mut self, now: Instant) {
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
    fn engine_to_move(&self) -> Option<&EngineSeat<G>> {
        self.engines[self.game().to_move().index()]
            .as_ref()
            .filter(|_| matches!(self.seats[self.game().to_move().index()], Seat::Engine(_)))
    }

    fn spawn_search(&mut self, level: Level, hint: bool) {
        self.seed = self.seed.wrapping_add(1);
        let history = History::of(self.line.positions());
        let game = self.game().clone();
        self.thinking = Some(Thinking::start(game, history, level, self.seed, hint));
    }

    /// Abandons a search under way; an engine thinking is ended, to be
    /// started afresh (and told the game) on its next turn.
    fn stop_thinking(&mut self) {
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
    fn collect_thinking(&mut self, now: Instant) {
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

    fn address(&self) -> Option<&str> {
        match &self.input {
            Some((Prompt::Address, text)) => Some(text),
            _ => None,
        }
    }

    /// Plays `mv` and the moves it forces, and starts its animation; false
    /// (with a message that says why) when the move could not be played.
    fn play(&mut self, mv: G::Move) -> bool {
        if self.ended() {
            let typing = self.typing();
            self.message = Some(format!(
                "The game is over: {} for a new game, {} to undo",
                key_for(Action::NewGame, typing),
                key_for(Action::Undo, typing)
            ));
            return false;
        }
        let mover = self.game().to_move();
        let before = self.line.played().len();
        let pondered = self.ponder.take();
        match self.line.play(mv) {
            Ok(effect) => {
                let animation = G::animation(&mv, effect, mover);
                if self.animate {
                    self.animation = animation.map(|a| (a, Instant::now()));
                }
                if let Some(cell) = G::placed(&mv) {
                    self.cursor = cell;
                }
            }
            Err(illegal) => {
                self.message = Some(format!("Invalid move: {illegal}"));
                return false;
            }
        }
        if let Some(forced) = self.line.played()[before + 1..].last() {
            self.message = Some(G::forced_notice(&forced.mv, forced.mover));
        }
        self.autosave();
        self.hint = None;
        if self.ended() {
            // The engines have nothing left to do.
            self.engines = [None, None];
        }
        // The search of a right guess goes on as the computer's turn.
        if let Some(pondered) = pondered
            && !self.ended()
            && let Seat::Computer(level) = self.seats[self.game().to_move().index()]
        {
            self.thinking = pondered.hit(before, &mv, Instant::now(), level.budget());
        }
        self.think();
        true
    }

    /// A person's move: refused while the computer has the turn; false
    /// when it was not played.
    fn play_by_hand(&mut self, mv: G::Move) -> bool {
        if let Some(why) = self.not_your_turn() {
            self.message = Some(why);
            return false;
        }
        // A search on the person's time is kept: it may be the answer.
        let ponder = self.ponder.take();
        self.stop_thinking();
        self.ponder = ponder;
        let played = self.play(mv);
        if played && let Some(peer) = &mut self.peer {
            let mover = self.line.played().iter().rev().find(|p| !p.is_forced());
            if let Some(mover) = mover.map(|p| p.mover) {
                peer.moved(mover);
            }
            peer.send(Request::Move(mv.to_string()));
        }
        played
    }

    /// Why the person here may not place a piece now, if they may not:
    /// the computer's turn, or in a network game the other side's, or no
    /// game to play (watching, the other player gone or not there yet).
    fn not_your_turn(&self) -> Option<String> {
        if self.computer_to_move() && !self.ended() {
            let who = match &self.seats[self.game().to_move().index()] {
                Seat::Engine(outside) => outside.name(),
                _ => "the computer".to_string(),
            };
            return Some(format!("It is {who}'s turn"));
        }
        let peer = self.peer.as_ref().filter(|_| !self.ended())?;
        let why = if peer.local.is_none() {
            "You are watching this game".to_string()
        } else if !peer.is_connected() {
            "The other player is gone".to_string()
        } else if peer.waiting {
            "Waiting for the other player".to_string()
        } else if peer.answering {
            "Waiting for the host to take the move back".to_string()
        } else if self.remote_to_move() {
            format!("It is {}'s turn", peer.opponent(self.game().to_move()))
        } else if peer.asked {
            "Waiting for the answer to your offer".to_string()
        } else {
            return None;
        };
        Some(why)
    }

    /// Whether the player here (in a network game) has made a move, one
    /// they could ask to take back.
    fn moved_here(&self) -> bool {
        let local = self.peer.as_ref().and_then(|peer| peer.local);
        self.line
            .played()
            .iter()
            .any(|p| !p.is_forced() && Some(p.mover) == local)
    }

    /// Offers the other player of a network game a draw or asks for an
    /// undo, if this side may; says why not otherwise.
    fn offer(&mut self, what: Proposal) {
        let mine = self.moved_here();
        let Some(peer) = &self.peer else { return };
        let refused = if self.ended() {
            Some("The game is over")
        } else if !peer.may_offer() {
            Some(match peer.local {
                None => "You are watching this game",
                Some(_) if !peer.is_connected() => "The other player is gone",
                Some(_) => "An offer is already waiting for an answer",
            })
        } else if what == Proposal::Undo && !mine {
            Some("You have no move to take back")
        } else {
            None
        };
        match (refused, &mut self.peer) {
            (Some(why), _) => self.message = Some(why.to_string()),
            (None, Some(peer)) => peer.offer(what),
            (None, None) => {}
        }
    }

    /// Refuses what a network game cannot do (undo, hint, ...): true,
    /// with a message, in a network game.
    fn refused_online(&mut self, what: &str) -> bool {
        if self.peer.is_some() {
            self.message = Some(format!("No {what} in a network game"));
        }
        self.peer.is_some()
    }
}

impl<G: GameUi> PlayScreen for Play<G> {
    fn typing(&self) -> Typing {
        let game = self.game();
        // Nothing is placed once the game is over, so letters are commands.
        if self.ended() {
            return Typing::of(0, []);
        }
        // The word moves a player may type now (`swap`, once it is open).
        let words: Vec<String> = G::WORD_MOVES
            .iter()
            .filter(|mv| game.check(**mv).is_ok() && game.forced_move().is_none())
            .map(ToString::to_string)
            .collect();
        Typing::of(game.side(), words.iter().map(String::as_str))
    }

    fn offers(&self, action: Action) -> bool {
        if let Some(peer) = &self.peer {
            return match action {
                Action::Undo => peer.may_offer() && self.moved_here() && !self.ended(),
                Action::OfferDraw => peer.may_offer() && !self.ended(),
                Action::Accept => {
                    (peer.offered_to_us().is_some() || peer.claimable) && !self.ended()
                }
                Action::Decline => peer.offered_to_us().is_some() && !self.ended(),
                Action::Redo | Action::Hint | Action::Pause | Action::Replace(_) => false,
                Action::Evaluate => self.ended(),
                Action::Chat => peer.local.is_some() && peer.is_connected(),
                Action::Resign => peer.local.is_some() && !self.ended(),
                Action::Review => self.ended(),
                _ => true,
            };
        }
        match action {
            Action::Chat | Action::OfferDraw | Action::Accept | Action::Decline => false,
            Action::Replace(_) => self.engine_to_move().is_some() && !self.ended(),
            Action::Pause => self.watching() && !self.ended(),
            Action::Resign => self.resigner().is_some() && !self.ended(),
            Action::Hint => !self.ended(),
            Action::Review => self.ended(),
            // Against the computer it would be a hint on every move.
            Action::Evaluate => self.seats.iter().all(|seat| !seat.is_computer()),
            _ => true,
        }
    }

    fn is_over(&self) -> bool {
        self.ended()
    }

    fn is_typing(&self) -> bool {
        self.input.is_some()
    }

    fn needs(&self, area: Rect) -> (u16, u16) {
        crate::app::screens::needs(self.game(), area, view::AROUND)
    }

    fn fits(&self, area: Rect) -> bool {
        crate::app::screens::fits(self.game(), area, view::AROUND)
    }

    fn clear_message(&mut self) {
        self.message = None;
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    fn confirm_leaving(&mut self) -> bool {
        // A network game is left (for the lobby, or the start screen): at
        // once by a spectator or once the connection is gone.
        let for_what = match &self.peer {
            Some(peer) if peer.local.is_none() || !peer.is_connected() => return true,
            Some(_) => "",
            None => " for a new one",
        };
        if self.leaving {
            return true;
        }
        self.leaving = true;
        let again = key_for(Action::NewGame, self.typing());
        self.message = Some(format!("Press {again} again to leave this game{for_what}"));
        false
    }

    fn stay(&mut self, action: Action) {
        self.leaving &= action == Action::NewGame;
        self.resigning &= action == Action::Resign;
    }

    fn resign(&mut self) {
        self.browsing = None;
        self.input = None;
        if self.ended() {
            return;
        }
        let Some(resigner) = self.resigner() else {
            self.message = Some("Only a person at the board can resign".to_string());
            return;
        };
        if !self.resigning {
            self.resigning = true;
            let again = key_for(Action::Resign, self.typing());
            self.message = Some(format!(
                "Resign as Player {}? Press {again} again to resign",
                G::symbol(resigner)
            ));
            return;
        }
        self.resigning = false;
        self.stop_thinking();
        self.hint = None;
        self.resigned = Some(resigner);
        if let Some(peer) = &mut self.peer {
            peer.send(Request::Resign(resigner));
        }
        self.autosave();
    }

    fn is_browsing(&self) -> bool {
        self.browsing.is_some()
    }

    fn browse(&mut self, step: Browse) {
        self.input = None;
        let now = self.line.numbered();
        self.browsing = match (step, self.browsing) {
            (Browse::Back, None) if now == 0 => {
                self.message = Some("No move to look back at yet".to_string());
                None
            }
            (Browse::Back, None) => Some(now - 1),
            (Browse::Back, Some(turn)) => Some(turn.saturating_sub(1)),
            (Browse::Forward, Some(turn)) if turn + 1 < now => Some(turn + 1),
            (Browse::First, _) => Some(0),
            (Browse::Last, _) => Some(now),
            (Browse::Forward | Browse::Leave, _) => None,
        };
    }

    fn step(&mut self, direction: Direction) {
        self.input = None;
        let (rows, cols) = direction.offset();
        self.cursor = self.game().step_cursor(self.cursor, rows, cols);
    }

    fn confirm(&mut self) {
        let Some((prompt, text)) = self.input.take() else {
            self.play_by_hand(G::place(self.cursor));
            return;
        };
        if prompt == Prompt::SavePath {
            self.save_to(PathBuf::from(text.trim()));
            return;
        }
        if prompt == Prompt::Chat {
            if let Some(peer) = &mut self.peer {
                peer.say(&text);
            }
            return;
        }
        let played = match typed_move::<G>(&text) {
            Some(mv) => self.play_by_hand(mv),
            None => {
                let example = G::NOTATION.format(self.cursor);
                self.message = Some(format!(
                    "Invalid move: {} is not a cell name (like {example})",
                    quote(text.trim())
                ));
                false
            }
        };
        // What was typed stays, to be corrected, unless no move could be
        // played now at all.
        if !played && self.not_your_turn().is_none() {
            self.input = Some((Prompt::Address, text));
        }
    }

    fn type_char(&mut self, c: char) {
        let (prompt, text) = self
            .input
            .get_or_insert_with(|| (Prompt::Address, String::new()));
        let fits = match prompt {
            Prompt::Address => text.len() < 8 && (c.is_ascii_alphanumeric() || c == ' '),
            Prompt::SavePath => text.len() < 4096 && !c.is_control(),
            Prompt::Chat => {
                text.chars().count() < crate::net::protocol::MAX_CHAT && !c.is_control()
            }
        };
        if fits {
            text.push(c);
        }
    }

    fn open_address(&mut self) {
        self.input
            .get_or_insert_with(|| (Prompt::Address, String::new()));
    }

    fn open_chat(&mut self) {
        if self.offers(Action::Chat) {
            self.input = Some((Prompt::Chat, String::new()));
        } else if self.peer.is_some() {
            self.message = Some("Nobody to chat with".to_string());
        }
    }

    fn offer_draw(&mut self) {
        self.offer(Proposal::Draw);
    }

    fn answer(&mut self, accept: bool) {
        let ended = self.ended();
        let Some(peer) = self.peer.as_mut() else {
            return;
        };
        match peer.offered_to_us() {
            Some(what) if !ended => peer.answer(what, accept),
            None if accept && peer.claimable && !ended => {
                peer.claim();
                self.message = Some("You claim the win".to_string());
            }
            _ => self.message = Some("There is no offer to answer".to_string()),
        }
    }

    fn open_save(&mut self) {
        let path = saving::new_save_path::<G>();
        self.input = Some((Prompt::SavePath, path.display().to_string()));
    }

    fn erase(&mut self) {
        if let Some((_, text)) = &mut self.input {
            text.pop();
        }
    }

    fn cancel(&mut self) -> bool {
        self.input.take().is_some()
    }

    fn click(&mut self, area: Rect, column: u16, row: u16) {
        if self.is_browsing() {
            return;
        }
        let board = view::areas(self.game(), area).board;
        if let Some(cell) = self.game().cell_at(board, column, row) {
            self.input = None;
            self.cursor = cell;
            self.play_by_hand(G::place(cell));
        }
    }

    fn undo(&mut self) {
        if self.peer.is_some() {
            self.offer(Proposal::Undo);
            return;
        }
        self.animation = None;
        self.browsing = None;
        self.stop_thinking();
        self.hint = None;
        // A resignation is taken back before any move.
        if let Some(resigner) = self.resigned.take() {
            self.message = Some(format!(
                "Player {} takes the resignation back",
                G::symbol(resigner)
            ));
            self.autosave();
            self.think();
            return;
        }
        let watching = self.watching();
        if !self.line.undo() {
            self.message = Some("Nothing to undo".to_string());
            return;
        }
        // Against the computer, its reply goes back with the player's move.
        while !watching && self.computer_to_move() && self.line.undo() {}
        if watching {
            self.paused = true;
        }
        self.autosave();
        self.think();
    }

    fn redo(&mut self) {
        if self.refused_online("redo") {
            return;
        }
        self.animation = None;
        self.browsing = None;
        if self.resigned.is_some() {
            return;
        }
        self.stop_thinking();
        if self.line.redo().is_none() {
            self.message = Some("Nothing to redo".to_string());
            return;
        }
        self.autosave();
        self.think();
    }

    fn hint(&mut self) {
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

    fn toggle_pause(&mut self) {
        // Only a game the computer plays on its own has anything to hold.
        if self.ended() || !self.watching() {
            return;
        }
        self.paused = !self.paused;
        if self.paused {
            self.stop_thinking();
        } else {
            self.think();
        }
    }

    fn review(&mut self) -> Box<dyn ReplayScreen> {
        let record = self.record();
        let path = self
            .saved_to
            .clone()
            .unwrap_or_else(saving::new_save_path::<G>);
        let saved = files::save(&path, &record.to_toml());
        let mut replay = Replay::new(record, saved.is_ok().then_some(path), self.animate);
        replay.last();
        replay.review();
        if let Err(error) = saved {
            replay.tell(format!("Reviewing, but the game was not saved: {error}"));
        }
        Box::new(replay)
    }

    fn toggle_evaluation(&mut self) {
        if !self.ended() && self.refused_online("evaluation bar") {
            return;
        }
        if !self.offers(Action::Evaluate) {
            self.message = Some("The evaluation bar is for games between people".to_string());
            return;
        }
        self.evaluation = match self.evaluation {
            Some(_) => None,
            None => Some(Evaluation::default()),
        };
    }

    fn evaluate_shown(&mut self) {
        let through = self.shown_played().len();
        let shown = self.shown().clone();
        if let Some(evaluation) = &mut self.evaluation {
            let positions = &self.line.positions()[..=through];
            evaluation.ask(&shown, || History::of(positions));
        }
    }

    fn is_animating(&self) -> bool {
        self.animation.is_some()
            || self.thinking.is_some()
            || self.ponder.as_ref().is_some_and(Ponder::is_busy)
            || self.engines.iter().flatten().any(EngineSeat::is_thinking)
            || self.peer.as_ref().is_some_and(Peer::is_connected)
            || self.evaluation.as_ref().is_some_and(Evaluation::is_pending)
    }

    fn tick(&mut self, now: Instant) -> bool {
        let moving = self.animation.is_some()
            || self.thinking.is_some()
            || self.evaluation.as_ref().is_some_and(Evaluation::is_pending);
        self.collect_thinking(now);
        // Nothing to draw: the search on the person's time is not shown.
        self.advance_pondering(now);
        // An outside engine's spinner turns, and its failure may come.
        let engine = self.engine_to_move().is_some() && !self.ended();
        self.collect_engines(now);
        let heard = self.collect_news();
        let clock_turned = self
            .peer
            .as_mut()
            .is_some_and(|peer| peer.clock_turned(now));
        if let Some(evaluation) = &mut self.evaluation {
            evaluation.poll();
        }
        if let Some((animation, started)) = &mut self.animation {
            animation.advance(now.saturating_duration_since(*started));
            if animation.is_done() {
                self.animation = None;
            }
        }
        moving || engine || heard || clock_turned
    }

    fn finish_animation(&mut self) {
        self.animation = None;
    }

    fn replace_engine(&mut self, by: Replacement) {
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

    fn stop(&mut self) {
        self.stop_thinking();
        self.engines = [None, None];
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        view::render(self, area, buf, theme);
    }
}
