//! A game room: one game, its two seats and its spectators, and the rules
//! of who may do what in it. The one-game host and every game on the
//! lobby server are rooms; they differ only in who fills the seats (the
//! host's terminal, a connection, the computer) and in what they do
//! around it (a terminal, saving, a lobby).

use std::io::{self, Write};

use tokio::sync::mpsc;

use super::protocol::{MAX_CHAT, MAX_LINE, Message, PROTOCOL_VERSION, encode, sanitise};
use super::table::Table;
use crate::engine::Player;
use crate::engine::record::{Record, settings_table};
use crate::games::Playable;
use crate::plain::{PlainGame, Style};

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
pub struct Room<G: Playable> {
    pub table: Table<<G as PlainGame>::Console>,
    settings: toml::Table,
    /// The first and the second player's names.
    pub names: [String; 2],
    seats: [Option<Linked>; 2],
    spectators: Vec<Linked>,
    max_spectators: usize,
}

impl<G: Playable> Room<G> {
    /// A room for `record`'s game as it stands, `local` the side played on
    /// this terminal (the host's), if any.
    pub fn new(
        record: &Record<G>,
        style: Style,
        local: Option<Player>,
        max_spectators: usize,
    ) -> Result<Room<G>, String> {
        let settings = settings_table(&record.start.settings()).into_iter();
        let settings = settings.map(|(k, v)| (k.to_string(), v)).collect();
        let mut table = Table::new(G::console(record.start.clone(), style), local);
        let moves: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
        table.catch_up(&moves)?;
        if let Some(resigner) = record.resigned {
            table
                .resign(resigner, &mut io::sink())
                .map_err(|e| e.to_string())?;
        }
        Ok(Room {
            table,
            settings,
            names: [String::new(), String::new()],
            seats: [None, None],
            spectators: Vec::new(),
            max_spectators,
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
            self.spectators.push(Linked { id, outbox });
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
            moves: self.table.moves_text(),
            rejoin,
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

    /// Applies a message from the connection `id`, checked: a move on its
    /// turn and legal, a chat, its own resignation, a claim. Anything else
    /// unseats it with an error; the game is then unchanged.
    pub fn said(&mut self, id: u64, message: Message, out: &mut dyn Write) -> io::Result<Said> {
        let Some(side) = self.side_of(id) else {
            return Ok(Said::Nothing);
        };
        let name = self.names[side.index()].clone();
        let refused = match message {
            Message::Move { mv } => match self.table.play_received(side, &mv, out) {
                Ok(mv) => {
                    self.relay(Some(side), Message::Move { mv: mv.to_string() });
                    return Ok(Said::Changed);
                }
                Err(why) => why,
            },
            Message::Chat { text, .. } => {
                let text = sanitise(&text, MAX_CHAT);
                self.table.chat(&name, &text, out)?;
                self.relay(Some(side), Message::Chat { from: name, text });
                return Ok(Said::Nothing);
            }
            Message::Resign { side: resigner } if Player::from(resigner) == side => {
                self.table.resign(side, out)?;
                self.relay(Some(side), Message::Resign { side: resigner });
                return Ok(Said::Changed);
            }
            Message::Claim => return Ok(Said::Claim(side)),
            other => format!(
                "a {} message from a player",
                super::connection::kind(&other)
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
    pub fn play_own(&mut self, side: Player, mv: &str, out: &mut dyn Write) -> Result<(), String> {
        let mv = self.table.play_received(side, mv, out)?;
        self.relay(Some(side), Message::Move { mv: mv.to_string() });
        Ok(())
    }
}

fn refusal(reason: &str) -> Message {
    super::connection::refusal(reason)
}
