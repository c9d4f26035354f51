//! A game room: one game, its two seats and its spectators, and the rules
//! of who may do what in it. The one-game host and every game on the
//! lobby server are rooms; they differ only in who fills the seats (the
//! host's terminal, a connection, the computer) and in what they do
//! around it (a terminal, saving, a lobby). A room holds the game as the
//! engine has it; what happens is told to a [`Witness`] (the host's
//! terminal, or no one).

use std::io;

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::clock::{Clock, clock_line};
use crate::offer::{TYPE_ANSWER, answer_text, offer_text, word};
use crate::protocol::{MAX_CHAT, MAX_LINE, Message, PROTOCOL_VERSION, Proposal, encode, sanitise};
use crate::seen::{Seen, Witness};
use crate::state::GameState;
use tabletop_engine::record::{Adjudged, Record, settings_table};
use tabletop_engine::{Described, Player};

/// A connection in a seat or watching.
struct Linked {
    id: u64,
    outbox: mpsc::Sender<Message>,
}

/// What a player's message did to the room.
pub enum Said {
    /// Nothing that needs keeping (a chat, a message from nobody seated).
    Nothing,
    /// A move or a resignation: the game changed.
    Changed,
    /// `side` asks for the win against an absent opponent; the owner
    /// decides.
    Claim(Player),
    /// The player at `side` broke a rule, was told why and unseated.
    Refused(Player, String),
}

/// A game with its seats and spectators.
pub struct Room<G: Described> {
    /// The game as the engine has it.
    pub state: GameState<G>,
    settings: toml::Table,
    /// The first and the second player's names.
    pub names: [String; 2],
    seats: [Option<Linked>; 2],
    spectators: Vec<Linked>,
    max_spectators: usize,
    /// The side played at the terminal the room is shown on (the host's),
    /// if any: it is told offers as "You offer".
    pub local: Option<Player>,
    /// The offer waiting for an answer, and who made it.
    pending: Option<(Player, Proposal)>,
    /// The game's clock, if it is played on one.
    pub clock: Option<Clock>,
}

impl<G: Described> Room<G> {
    /// A room for `record`'s game as it stands, `local` the side played on
    /// the terminal it is shown on (the host's), if any.
    pub fn new(
        record: &Record<G>,
        local: Option<Player>,
        max_spectators: usize,
    ) -> Result<Room<G>, String> {
        let settings = settings_table(&record.start.settings()).into_iter();
        let settings = settings.map(|(k, v)| (k.to_string(), v)).collect();
        Ok(Room {
            state: GameState::of_record(record)?,
            settings,
            names: [String::new(), String::new()],
            seats: [None, None],
            spectators: Vec::new(),
            max_spectators,
            local,
            pending: None,
            clock: record.clock.map(Clock::new),
        })
    }

    /// The game's settings as records and the protocol write them.
    pub fn settings(&self) -> &toml::Table {
        &self.settings
    }

    /// Whether a live connection holds `side`'s seat.
    pub fn is_seated(&self, side: Player) -> bool {
        self.seats[side.index()]
            .as_ref()
            .is_some_and(|linked| !linked.outbox.is_closed())
    }

    /// Seats the connection `id` at `side` and welcomes it, telling it
    /// `rejoin` (its code to come back with) if there is one.
    pub fn seat(
        &mut self,
        side: Player,
        id: u64,
        name: String,
        outbox: mpsc::Sender<Message>,
        rejoin: Option<String>,
    ) -> Result<(), &'static str> {
        if self.is_seated(side) {
            let _ = outbox.try_send(refusal("the game already has its player"));
            return Err("taken");
        }
        self.names[side.index()] = name;
        let welcome = self.welcome(Some(side), rejoin);
        outbox.try_send(welcome).map_err(|_| "gone")?;
        self.catch_up(&outbox);
        self.seats[side.index()] = Some(Linked { id, outbox });
        Ok(())
    }

    /// Lets the connection `id` watch, if there is room.
    pub fn watch(&mut self, id: u64, outbox: mpsc::Sender<Message>) {
        self.spectators.retain(|linked| !linked.outbox.is_closed());
        if self.spectators.len() >= self.max_spectators {
            let _ = outbox.try_send(refusal("the game has all the spectators it takes"));
            return;
        }
        if outbox.try_send(self.welcome(None, None)).is_ok() {
            self.catch_up(&outbox);
            self.spectators.push(Linked { id, outbox });
        }
    }

    /// After a welcome: where the clock stands, and the offer waiting.
    fn catch_up(&self, outbox: &mpsc::Sender<Message>) {
        if let Some(clock) = &self.clock {
            let _ = outbox.try_send(clock.message(Instant::now()));
        }
        if let Some((side, what)) = self.pending {
            let side = Some(side.into());
            let _ = outbox.try_send(Message::Offer { what, side });
        }
    }

    /// The welcome for a newcomer: the game as it stands.
    fn welcome(&self, side: Option<Player>, rejoin: Option<String>) -> Message {
        let message = Message::Welcome {
            version: PROTOCOL_VERSION,
            game: G::NAME.to_string(),
            settings: self.settings.clone(),
            side: side.map(Into::into),
            names: self.names.clone(),
            moves: self.state.moves_text(),
            rejoin,
            clock: self.clock.as_ref().map(|clock| clock.control),
        };
        match encode(&message).len() <= MAX_LINE {
            true => message,
            false => refusal("the game is too long to send"),
        }
    }

    /// The side the connection `id` is seated at.
    fn side_of(&self, id: u64) -> Option<Player> {
        Player::BOTH.into_iter().find(|side| {
            self.seats[side.index()]
                .as_ref()
                .is_some_and(|l| l.id == id)
        })
    }

    /// Tells `seen` what happened, with the game as it now stands.
    fn show(&self, seen: &mut dyn Witness<G>, what: Seen<G::Move>) -> io::Result<()> {
        seen.see(&self.state, what)
    }

    /// Applies a message from the connection `id`, checked: a move on its
    /// turn and legal, a chat, its own resignation, a claim. Anything else
    /// unseats it with an error; the game is then unchanged.
    pub fn said(
        &mut self,
        id: u64,
        message: Message,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<Said> {
        let Some(side) = self.side_of(id) else {
            return Ok(Said::Nothing);
        };
        let name = self.names[side.index()].clone();
        let refused = match message {
            Message::Move { .. } if self.is_waiting_on(side) => {
                "a move while one's own offer waits for an answer".to_string()
            }
            Message::Move { mv } => match self.state.checked(side, &mv) {
                Ok(mv) => {
                    self.play(side, mv, false, seen)?;
                    return Ok(Said::Changed);
                }
                Err(why) => why,
            },
            Message::Offer { what, .. } => match self.offer(side, what, seen)? {
                Ok(()) => return Ok(Said::Nothing),
                Err(why) => why,
            },
            Message::Answer { what, accept, .. } => match self.answer(side, what, accept, seen)? {
                Ok(()) => return Ok(Said::Changed),
                Err(why) => why,
            },
            Message::Chat { text, .. } => {
                let text = sanitise(&text, MAX_CHAT);
                let (from, said) = (name.clone(), text.clone());
                self.show(seen, Seen::Chat { from, text: said })?;
                self.relay(Some(side), Message::Chat { from: name, text });
                return Ok(Said::Nothing);
            }
            Message::Resign { side: resigner } if Player::from(resigner) == side => {
                self.resign(side, seen)?;
                return Ok(Said::Changed);
            }
            Message::Claim => return Ok(Said::Claim(side)),
            other => format!(
                "a {} message from a player",
                crate::connection::kind(&other)
            ),
        };
        self.tell(side, refusal(&format!("refused: {refused}")));
        self.seats[side.index()] = None;
        Ok(Said::Refused(side, refused))
    }

    /// Forgets the connection `id`; the side whose seat it held, if any.
    pub fn left(&mut self, id: u64) -> Option<Player> {
        self.spectators.retain(|linked| linked.id != id);
        let side = self.side_of(id)?;
        self.seats[side.index()] = None;
        Some(side)
    }

    /// Sends `message` to the player at `side`, if seated; one who does
    /// not keep up is unseated.
    pub fn tell(&mut self, side: Player, message: Message) {
        let seat = &mut self.seats[side.index()];
        if let Some(linked) = seat
            && linked.outbox.try_send(message).is_err()
        {
            *seat = None;
        }
    }

    /// Sends what `from` did (none: the room itself) to everyone else:
    /// the other player and every spectator.
    pub fn relay(&mut self, from: Option<Player>, message: Message) {
        for side in Player::BOTH {
            if Some(side) != from {
                self.tell(side, message.clone());
            }
        }
        self.spectators
            .retain(|linked| linked.outbox.try_send(message.clone()).is_ok());
    }

    /// Plays a move made outside any connection (the computer's), relays it.
    pub fn play_own(
        &mut self,
        side: Player,
        mv: &str,
        seen: &mut dyn Witness<G>,
    ) -> Result<(), String> {
        let mv = self.state.checked(side, mv)?;
        self.play(side, mv, false, seen).map_err(|e| e.to_string())
    }

    /// Plays a move typed at this terminal by `side` (read as legal by
    /// it), relays it; refused if it is not `side`'s turn or not legal.
    pub fn play_typed(
        &mut self,
        side: Player,
        mv: G::Move,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<Result<(), String>> {
        if let Err(why) = self.state.checked(side, &mv.to_string()) {
            return Ok(Err(why));
        }
        self.play(side, mv, true, seen).map(Ok)
    }

    /// Plays `side`'s checked move, shows and relays it, and turns the
    /// clock.
    fn play(
        &mut self,
        side: Player,
        mv: G::Move,
        typed_here: bool,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<()> {
        self.state.play(mv);
        self.show(seen, Seen::Moved { mv, typed_here })?;
        self.relay(Some(side), Message::Move { mv: mv.to_string() });
        self.moved(side, seen)
    }

    /// `side` gives the game up: shown and relayed, unless it was over.
    pub fn resign(&mut self, side: Player, seen: &mut dyn Witness<G>) -> io::Result<()> {
        if self.state.resign(side) {
            self.show(seen, Seen::Resigned(side))?;
        }
        self.relay(Some(side), Message::Resign { side: side.into() });
        Ok(())
    }

    /// After a move by `by` (relayed already): an offer of the other
    /// side's is declined by it, and the clock turns.
    fn moved(&mut self, by: Player, seen: &mut dyn Witness<G>) -> io::Result<()> {
        if self.pending.is_some_and(|(offerer, _)| offerer != by) {
            self.pending = None;
        }
        self.turn_clock(false, seen)
    }

    /// The clock after the position changed: the side to move's time
    /// runs (once the clock has started), or it stops at the end; then
    /// everyone is told. A move `taken_back` gains no increment.
    fn turn_clock(&mut self, taken_back: bool, seen: &mut dyn Witness<G>) -> io::Result<()> {
        let now = Instant::now();
        let over = self.state.is_over();
        let to_move = self.state.to_move();
        let Some(clock) = &mut self.clock else {
            return Ok(());
        };
        match (over, clock.is_running(), taken_back) {
            (true, _, _) => clock.stop(now),
            (false, true, false) => clock.turn(to_move, now),
            (false, true, true) => clock.taken_back(to_move, now),
            (false, false, _) => return Ok(()),
        }
        self.told_clock(now, seen)
    }

    /// Everyone hears where the clock stands, this terminal too.
    fn told_clock(&mut self, now: Instant, seen: &mut dyn Witness<G>) -> io::Result<()> {
        let Some(clock) = &self.clock else {
            return Ok(());
        };
        let (told, left) = (clock.message(now), clock.left(now));
        self.relay(None, told);
        if !self.state.is_over() {
            let symbols = Player::BOTH.map(G::symbol);
            self.show(seen, Seen::Notice(clock_line(symbols, left)))?;
        }
        Ok(())
    }

    /// Starts the clock, if there is one and it is not running: both
    /// players are there.
    pub fn start_clock(&mut self, seen: &mut dyn Witness<G>) -> io::Result<()> {
        let now = Instant::now();
        let to_move = self.state.to_move();
        match &mut self.clock {
            Some(clock) if !clock.is_running() && !self.state.is_over() => {
                clock.turn(to_move, now);
                self.told_clock(now, seen)
            }
            _ => Ok(()),
        }
    }

    /// When the clock's running side runs out of time, if it runs.
    pub fn deadline(&self) -> Option<Instant> {
        let (_, at) = self.clock.as_ref()?.deadline()?;
        Some(at)
    }

    /// Ends the game if the side to move is out of time; true if it did.
    pub fn flag(&mut self, seen: &mut dyn Witness<G>) -> io::Result<bool> {
        let Some((loser, at)) = self.clock.as_ref().and_then(Clock::deadline) else {
            return Ok(false);
        };
        if Instant::now() < at || self.state.is_over() {
            return Ok(false);
        }
        self.adjudge(Adjudged::OutOfTime(loser), seen)?;
        self.relay(None, Message::OutOfTime { side: loser.into() });
        self.turn_clock(false, seen)?;
        Ok(true)
    }

    /// Ends the game as `adjudged` says, shown, unless it was over.
    fn adjudge(&mut self, adjudged: Adjudged, seen: &mut dyn Witness<G>) -> io::Result<()> {
        match self.state.adjudge(adjudged) {
            true => self.show(seen, Seen::Adjudged(adjudged)),
            false => Ok(()),
        }
    }

    /// Why the game ended, for the `end` message.
    pub fn end_reason(&self) -> String {
        match self.state.adjudged() {
            Some(adjudged) => {
                let text = adjudged.text::<G>();
                text.trim_end_matches('.').to_string()
            }
            None => "the game is over".to_string(),
        }
    }

    /// The game as a record, its clock included.
    pub fn record(&self) -> Record<G> {
        let mut record = self.state.record();
        record.clock = self.clock.as_ref().map(|clock| clock.control);
        record
    }

    /// `side` offers a draw or asks for an undo: everyone is told (the
    /// offerer too). `Ok(Err(why))` for an offer that breaks the rules;
    /// a second offer while one waits is only answered with a notice
    /// (two offers can cross).
    pub fn offer(
        &mut self,
        side: Player,
        what: Proposal,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<Result<(), String>> {
        if self.state.is_over() {
            return Ok(Err("an offer after the end of the game".to_string()));
        }
        if what == Proposal::Undo && !self.state.has_moved(side) {
            return Ok(Err(
                "an undo with no move of one's own to take back".to_string()
            ));
        }
        if self.pending.is_some() {
            let text = "An offer is already waiting for an answer.".to_string();
            if self.local == Some(side) {
                self.show(seen, Seen::Notice(text.clone()))?;
            }
            self.tell(side, notice(text));
            return Ok(Ok(()));
        }
        self.pending = Some((side, what));
        let answerable = self.local.is_some_and(|local| local != side);
        let text = offer_text(self.speaker(side), what, answerable.then_some(TYPE_ANSWER));
        self.show(seen, Seen::Notice(text))?;
        self.relay(
            None,
            Message::Offer {
                what,
                side: Some(side.into()),
            },
        );
        Ok(Ok(()))
    }

    /// `side` accepts or declines the other side's offer: the draw ends
    /// the game, the undo takes the offerer's last move back, and
    /// everyone is told (the answerer too). `Ok(Err(why))` for an answer
    /// to no offer.
    pub fn answer(
        &mut self,
        side: Player,
        what: Proposal,
        accept: bool,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<Result<(), String>> {
        let offerer = match self.pending {
            Some((offerer, offered)) if offerer != side && offered == what => offerer,
            _ => return Ok(Err(format!("an answer to no {} offer", word(what)))),
        };
        self.pending = None;
        let text = answer_text(self.speaker(side), what, accept);
        self.show(seen, Seen::Notice(text))?;
        self.relay(
            None,
            Message::Answer {
                what,
                accept,
                side: Some(side.into()),
            },
        );
        match (accept, what) {
            (false, _) => {}
            (true, Proposal::Draw) => self.adjudge(Adjudged::DrawAgreed, seen)?,
            (true, Proposal::Undo) => {
                if self.state.take_back(offerer) {
                    self.show(seen, Seen::TakenBack(offerer))?;
                }
            }
        }
        self.turn_clock(accept && what == Proposal::Undo, seen)?;
        Ok(Ok(()))
    }

    /// Whether `side` made the offer waiting: it moves again once the
    /// offer is answered, so that every screen takes back, or ends, the
    /// same game.
    pub fn is_waiting_on(&self, side: Player) -> bool {
        self.pending.is_some_and(|(offerer, _)| offerer == side)
    }

    /// What the offer waiting for `side`'s answer offers, if there is one.
    pub fn waiting_for(&self, side: Player) -> Option<Proposal> {
        self.pending
            .filter(|(offerer, _)| *offerer != side)
            .map(|(_, what)| what)
    }

    /// A player's name as this terminal tells it; none for its own.
    fn speaker(&self, side: Player) -> Option<&str> {
        match self.local == Some(side) {
            true => None,
            false => Some(&self.names[side.index()]),
        }
    }
}

/// A line of news for a player.
fn notice(text: String) -> Message {
    Message::Notice {
        text,
        claimable: false,
        seats: None,
    }
}

fn refusal(reason: &str) -> Message {
    crate::connection::refusal(reason)
}
