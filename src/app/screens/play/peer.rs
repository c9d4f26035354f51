//! The other side of a network game, on the game screen: its moves come
//! from [`Session`] (polled in `tick`, like the computer's search) and are
//! checked by the engine before they are played; the moves, chat and
//! resignation made here are sent to it.

use crate::app::games::GameUi;
use crate::engine::line::Line;
use crate::engine::{Outcome, Player};
use crate::net::protocol::{MAX_CHAT, sanitise};
use crate::net::session::{News, Request, Session};

use super::Play;

/// How many chat lines the panel keeps.
const CHAT_LINES: usize = 4;

/// How the connection to the other side stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Connection {
    Connected,
    /// The game is over and the host closed the connection.
    Ended,
    /// Gone, and why.
    Lost(String),
}

/// A network game's other side.
pub struct Peer {
    session: Session,
    /// The side played here; none when watching.
    pub local: Option<Player>,
    /// The first and the second player's names, sanitised.
    pub names: [String; 2],
    pub connection: Connection,
    /// The last lines of chat, `name: text`, sanitised.
    pub chat: Vec<String>,
    /// On the host's own screen: how the other player stands (waiting,
    /// with how to join; connected; gone), as the host says.
    pub seats: Option<String>,
    /// The other player's seat is empty: nothing can be played yet.
    pub waiting: bool,
}

impl Peer {
    pub fn new(session: Session, local: Option<Player>, names: [String; 2]) -> Peer {
        Peer {
            session,
            local,
            names: names.map(|name| sanitise(&name, crate::net::protocol::MAX_NAME)),
            connection: Connection::Connected,
            chat: Vec::new(),
            seats: None,
            waiting: false,
        }
    }

    /// The other player's name (the one to move, when watching).
    pub fn opponent(&self, to_move: Player) -> &str {
        let side = self.local.map_or(to_move, Player::other);
        &self.names[side.index()]
    }

    pub fn is_connected(&self) -> bool {
        self.connection == Connection::Connected
    }

    fn said(&mut self, from: &str, text: &str) {
        self.chat.push(format!("{from}: {text}"));
        let extra = self.chat.len().saturating_sub(CHAT_LINES);
        self.chat.drain(..extra);
    }

    /// Sends `request`; a connection already gone is left as it stands.
    pub fn send(&mut self, request: Request) {
        if !self.session.send(request) && self.is_connected() {
            self.connection = Connection::Lost("the connection closed".to_string());
        }
    }

    /// Sends a line of chat typed here, and shows it.
    pub fn say(&mut self, text: &str) {
        let text = sanitise(text, MAX_CHAT);
        if text.is_empty() || self.local.is_none() {
            return;
        }
        self.send(Request::Chat(text.clone()));
        self.said("you", &text);
    }
}

impl<G: GameUi> Play<G> {
    /// A network game: `game` with the host's `moves` so far (each checked
    /// by the engine), the other side played over `peer`.
    pub fn networked(game: G, moves: &[String], peer: Peer, animate: bool) -> Result<Self, String> {
        let mut line = Line::new(game);
        for text in moves {
            let mv = parse::<G>(text)?;
            line.play(mv)
                .map_err(|illegal| format!("the host sent an illegal move: {illegal}"))?;
        }
        let mut play = Play::on_line(line, animate);
        play.peer = Some(peer);
        Ok(play)
    }

    /// Whether the move is the other side's (or anyone's, when watching).
    pub(super) fn remote_to_move(&self) -> bool {
        self.peer
            .as_ref()
            .is_some_and(|peer| peer.local != Some(self.game().to_move()))
    }

    /// Plays what the connection reported since the last look.
    pub(super) fn collect_news(&mut self) {
        let Some(peer) = self.peer.as_mut().filter(|peer| peer.is_connected()) else {
            return;
        };
        let heard: Vec<News> = std::iter::from_fn(|| peer.session.heard()).collect();
        let local = peer.local;
        for news in heard {
            let connection = match news {
                News::Move(text) => self.play_received(&text).err().map(Connection::Lost),
                News::Chat { from, text } => {
                    if let Some(peer) = &mut self.peer {
                        peer.said(&from, &text);
                    }
                    None
                }
                News::Resigned(side) if local == Some(side) => {
                    Some(Connection::Lost("the host resigned for us".to_string()))
                }
                News::Resigned(side) => {
                    if !self.ended() {
                        self.resigned = Some(side);
                    }
                    None
                }
                News::Ended { result, reason } => {
                    let ours = self.outcome().map(|outcome| match outcome {
                        Outcome::Win(player) => G::symbol(player).to_string(),
                        Outcome::Draw => "draw".to_string(),
                    });
                    Some(match ours == Some(result) {
                        true => Connection::Ended,
                        false => Connection::Lost(format!("the game was abandoned: {reason}")),
                    })
                }
                News::Seats {
                    names,
                    waiting,
                    text,
                } => {
                    if let Some(peer) = &mut self.peer {
                        peer.names = names;
                        peer.waiting = waiting;
                        peer.seats = Some(text);
                    }
                    None
                }
                News::Lost(_) if self.ended() => Some(Connection::Ended),
                News::Lost(why) => Some(Connection::Lost(why)),
            };
            if let (Some(connection), Some(peer)) = (connection, &mut self.peer) {
                let refused = matches!(connection, Connection::Lost(_));
                peer.connection = connection;
                // Nothing more is taken from a host that broke the rules.
                if refused {
                    break;
                }
            }
        }
    }

    /// The other side's move, if it is theirs to play and legal.
    fn play_received(&mut self, text: &str) -> Result<(), String> {
        if self.ended() {
            return Err("the host sent a move after the end".to_string());
        }
        if !self.remote_to_move() {
            return Err("the host sent a move out of turn".to_string());
        }
        let mv = parse::<G>(text)?;
        if let Err(illegal) = self.game().check(mv) {
            return Err(format!("the host sent an illegal move: {illegal}"));
        }
        self.play(mv);
        Ok(())
    }
}

/// A move the host sent, read in the game's notation.
fn parse<G: GameUi>(text: &str) -> Result<G::Move, String> {
    text.parse().map_err(|_| {
        format!(
            "the host sent {:?}, not a {} move",
            sanitise(text, 16),
            G::NAME
        )
    })
}
