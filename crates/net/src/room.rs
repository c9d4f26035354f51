//! A game room: a game at its [`Table`], its two seats and its
//! spectators. The one-game host and every game on the lobby server are
//! rooms; they differ only in who fills the seats (the host's terminal, a
//! connection, the computer), in what they do around it (a terminal, a
//! database, a lobby), and in when an entry is applied: the host at once,
//! the server once its database has kept it. What happens is told to the
//! connections, and to a [`Witness`] (the host's terminal, or no one).

use std::io;
use std::net::IpAddr;

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::event::{Happened, Logged};
use crate::guard::counted_as;
use crate::protocol::{MAX_LINE, Message, PROTOCOL_VERSION, encode, notice};
use crate::seen::{Seen, Witness};
use crate::table::{Checked, Table, Told};
use tabletop_engine::record::{Record, settings_table};
use tabletop_engine::{Described, Player};

/// Spectators of one game at once, on the one-game host and on a lobby
/// server alike.
pub const MAX_SPECTATORS: usize = 32;

/// Spectators of one game from one address at once (an IPv6 address
/// counted as its /64, as for every limit: see [`counted_as`]): so that
/// a few addresses cannot take every seat in the gallery.
pub const SPECTATORS_PER_ADDRESS: usize = 4;

/// A connection in a seat or watching.
struct Linked {
    id: u64,
    outbox: mpsc::Sender<Message>,
}

/// A connection watching, and the address it counts as.
struct Spectator {
    linked: Linked,
    from: IpAddr,
}

/// What a player's message did to the room, at a host that applies it
/// at once.
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
    pub table: Table<G>,
    settings: toml::Table,
    seats: [Option<Linked>; 2],
    spectators: Vec<Spectator>,
    max_spectators: usize,
    /// Players' connections unseated for not keeping up with what they
    /// were sent, and their sides: when such a connection ends, its
    /// side has left (see [`Room::left`]).
    dropped: Vec<(u64, Player)>,
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
            table: Table::new(record, local)?,
            settings,
            seats: [None, None],
            spectators: Vec::new(),
            max_spectators,
            dropped: Vec::new(),
        })
    }

    /// The game's settings as records and the protocol write them.
    pub fn settings(&self) -> &toml::Table {
        &self.settings
    }

    /// The players' names.
    pub fn names(&self) -> &[String; 2] {
        &self.table.names
    }

    /// Whether a live connection holds `side`'s seat.
    pub fn is_seated(&self, side: Player) -> bool {
        self.seats[side.index()]
            .as_ref()
            .is_some_and(|linked| !linked.outbox.is_closed())
    }

    /// Whether any connection is in the room, seated or watching.
    pub fn is_empty(&self) -> bool {
        !Player::BOTH.iter().any(|&side| self.is_seated(side))
            && self
                .spectators
                .iter()
                .all(|spectator| spectator.linked.outbox.is_closed())
    }

    /// Seats the connection `id` at `side` as `name` and welcomes it,
    /// telling it `rejoin` (its code to come back with) if there is one.
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
        self.table.names[side.index()] = name;
        let welcome = self.welcome(Some(side), rejoin);
        outbox.try_send(welcome).map_err(|_| "gone")?;
        self.catch_up(&outbox);
        self.seats[side.index()] = Some(Linked { id, outbox });
        Ok(())
    }

    /// Takes `side`'s seat from the connection holding it, telling it why.
    pub fn unseat(&mut self, side: Player, why: &str) {
        if let Some(linked) = self.seats[side.index()].take() {
            let _ = linked.outbox.try_send(refusal(why));
        }
    }

    /// Lets the connection `id` from `address` watch, if there is room
    /// for it, and for one more from its address.
    pub fn watch(&mut self, id: u64, address: IpAddr, outbox: mpsc::Sender<Message>) {
        self.spectators
            .retain(|spectator| !spectator.linked.outbox.is_closed());
        let from = counted_as(address);
        let full = self.spectators.len() >= self.max_spectators;
        let alike = self.spectators.iter().filter(|s| s.from == from).count();
        if full || alike >= SPECTATORS_PER_ADDRESS {
            let why = match full {
                true => "the game has all the spectators it takes",
                false => "too many spectators from your address",
            };
            let _ = outbox.try_send(refusal(why));
            return;
        }
        if outbox.try_send(self.welcome(None, None)).is_ok() {
            self.catch_up(&outbox);
            let linked = Linked { id, outbox };
            self.spectators.push(Spectator { linked, from });
        }
    }

    /// After a welcome: where the clock stands, and the offer waiting.
    fn catch_up(&self, outbox: &mpsc::Sender<Message>) {
        if let Some(clock) = &self.table.clock {
            let _ = outbox.try_send(crate::clock::message(clock, Instant::now()));
        }
        if let Some((side, what)) = self.table.pending() {
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
            names: self.table.names.clone(),
            moves: self.table.state.moves_text(),
            rejoin,
            clock: self.table.control(),
        };
        match encode(&message).len() <= MAX_LINE {
            true => message,
            false => refusal("the game is too long to send"),
        }
    }

    /// The side the connection `id` is seated at.
    pub fn side_of(&self, id: u64) -> Option<Player> {
        Player::BOTH.into_iter().find(|side| {
            self.seats[side.index()]
                .as_ref()
                .is_some_and(|l| l.id == id)
        })
    }

    /// What the message of the connection `id` asks, checked, and the
    /// side it is seated at; none from a connection not seated.
    pub fn check(&self, id: u64, message: Message) -> Option<(Player, Checked)> {
        let side = self.side_of(id)?;
        Some((side, self.table.check(side, message)))
    }

    /// Refuses `side`'s message: told why, and unseated. The game is
    /// unchanged.
    pub fn refuse(&mut self, side: Player, why: &str) {
        self.tell(side, refusal(&format!("refused: {why}")));
        self.seats[side.index()] = None;
    }

    /// Applies a message from the connection `id` at once (the one-game
    /// host keeps no log), checked: a move on its turn and legal, an
    /// offer or an answer, a chat, its own resignation, a claim. Anything
    /// else unseats it with an error; the game is then unchanged.
    pub fn said(
        &mut self,
        id: u64,
        message: Message,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<Said> {
        let Some((side, checked)) = self.check(id, message) else {
            return Ok(Said::Nothing);
        };
        match checked {
            Checked::Happens(happened) => {
                let changes = !matches!(happened, Happened::Chat { .. } | Happened::Offered { .. });
                self.happen(happened, seen)?;
                Ok(if changes {
                    Said::Changed
                } else {
                    Said::Nothing
                })
            }
            Checked::Answered(text) => {
                self.answer_alone(side, text, seen)?;
                Ok(Said::Nothing)
            }
            Checked::Claim => Ok(Said::Claim(side)),
            Checked::Refused(why) => {
                self.refuse(side, &why);
                Ok(Said::Refused(side, why))
            }
        }
    }

    /// Tells `side` alone (and the terminal, if it is this side's) a line
    /// of news.
    pub fn answer_alone(
        &mut self,
        side: Player,
        text: String,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<()> {
        if self.table.local == Some(side) {
            seen.see(&self.table.state, Seen::Notice(text.clone()))?;
        }
        self.tell(side, notice(text));
        Ok(())
    }

    /// Makes `happened` happen now, told to everyone (the one-game host,
    /// which keeps no log).
    pub fn happen(&mut self, happened: Happened, seen: &mut dyn Witness<G>) -> io::Result<()> {
        let (_, next, told) = self.table.stamp(happened, Instant::now());
        self.table = next;
        self.deliver(told, seen)
    }

    /// Applies an entry of the game's log, told to everyone here.
    pub fn apply(&mut self, logged: &Logged, seen: &mut dyn Witness<G>) -> io::Result<()> {
        let told = self.table.apply(logged);
        self.deliver(told, seen)
    }

    /// Delivers what an entry applied tells.
    pub fn deliver(
        &mut self,
        told: Vec<Told<G::Move>>,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<()> {
        for told in told {
            match told {
                Told::Relay { except, message } => self.relay(except, message),
                Told::To { side, message } => self.tell(side, message),
                Told::Shown(what) => seen.see(&self.table.state, what)?,
            }
        }
        Ok(())
    }

    /// Forgets the connection `id`; the side whose seat it held, if any
    /// (and nobody holds it since): a connection unseated for not
    /// keeping up held it until it ended, so that its player is away
    /// from then, as one whose connection broke.
    pub fn left(&mut self, id: u64) -> Option<Player> {
        self.spectators
            .retain(|spectator| spectator.linked.id != id);
        if let Some(at) = self.dropped.iter().position(|&(dropped, _)| dropped == id) {
            let (_, side) = self.dropped.swap_remove(at);
            return self.seats[side.index()].is_none().then_some(side);
        }
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
            && let Some(linked) = seat.take()
        {
            self.dropped.push((linked.id, side));
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
            .retain(|spectator| spectator.linked.outbox.try_send(message.clone()).is_ok());
    }

    /// The side out of time, ended as such now, if one is: true if the
    /// game ended.
    pub fn flag(&mut self, seen: &mut dyn Witness<G>) -> io::Result<bool> {
        match self.table.flagged(Instant::now()) {
            Some(loser) => {
                let side = loser.into();
                self.happen(Happened::OutOfTime { side }, seen)?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// The game as a record, its clock included.
    pub fn record(&self) -> Record<G> {
        self.table.record()
    }

    /// Why the game ended, for the `end` message.
    pub fn end_reason(&self) -> String {
        self.table.end_reason()
    }

    /// When the clock's running side runs out of time, if it runs.
    pub fn deadline(&self) -> Option<Instant> {
        self.table.deadline()
    }
}

fn refusal(reason: &str) -> Message {
    crate::connection::refusal(reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::gekitai::Gekitai;

    #[test]
    fn one_address_takes_only_a_few_seats_in_the_gallery_an_ipv6_one_with_its_network() {
        let mut room = Room::new(&Record::new(Gekitai::default()), None, 32).expect("a room");
        let at = |text: &str| -> IpAddr { text.parse().expect("an address") };
        let mut watch = |id: u64, address: &str| {
            let (outbox, mut inbox) = mpsc::channel(8);
            room.watch(id, at(address), outbox);
            let answer = inbox.try_recv().expect("an answer");
            (answer, inbox)
        };
        let mut watching = Vec::new();
        for id in 0..SPECTATORS_PER_ADDRESS as u64 {
            let (answer, inbox) = watch(id, &format!("2001:db8:1:2::{id}"));
            assert!(matches!(answer, Message::Welcome { .. }), "{answer:?}");
            watching.push(inbox);
        }
        let (answer, _) = watch(90, "2001:db8:1:2:ffff::1");
        assert_eq!(answer, refusal("too many spectators from your address"));
        let (answer, _kept) = watch(91, "2001:db8:1:3::1");
        assert!(matches!(answer, Message::Welcome { .. }), "another /64");
        // One that leaves makes room for another from its address.
        drop(watching.pop());
        let (answer, _kept) = watch(92, "2001:db8:1:2::99");
        assert!(matches!(answer, Message::Welcome { .. }), "{answer:?}");
    }

    #[test]
    fn a_player_unseated_for_not_keeping_up_has_left_once_its_connection_ends() {
        let mut room = Room::new(&Record::new(Gekitai::default()), None, 4).expect("a room");
        // Room for the welcome alone: the next message finds it full.
        let (outbox, mut inbox) = mpsc::channel(1);
        room.seat(Player::Second, 7, "bob".into(), outbox, None)
            .expect("seated");
        room.tell(Player::Second, notice("one too many".into()));
        assert!(!room.is_seated(Player::Second));
        assert!(matches!(inbox.try_recv(), Ok(Message::Welcome { .. })));
        // Its connection, once it has sent what it held, ends: the
        // player is away, as the owner must write down.
        assert_eq!(room.left(7), Some(Player::Second));
        assert_eq!(room.left(7), None, "told once");
        // One that came back meanwhile keeps the seat.
        let (outbox, _kept) = mpsc::channel(1);
        room.seat(Player::Second, 8, "bob".into(), outbox, None)
            .expect("seated");
        room.tell(Player::Second, notice("one too many".into()));
        let (outbox, _inbox) = mpsc::channel(4);
        room.seat(Player::Second, 9, "bob".into(), outbox, None)
            .expect("seated again");
        assert_eq!(room.left(8), None);
        assert!(room.is_seated(Player::Second));
    }
}
