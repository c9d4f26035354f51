//! The messages two tabletops exchange, one JSON object a line (see
//! `docs/protocol.md`): their types, and each one as its line. Reading
//! lines with a hard limit on their length is [`crate::codec`]'s.

use std::fmt;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncWrite, AsyncWriteExt};

use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

/// Every string a peer sends is made safe with this before it is shown.
pub use crate::sanitise::sanitise;

/// The version of the protocol this tabletop speaks; a peer speaking
/// another is refused at its hello, by name of both versions.
pub const PROTOCOL_VERSION: u32 = 4;

/// The longest line either side accepts, its newline included: room for a
/// welcome listing every move of a long game on a 26x26 board.
pub const MAX_LINE: usize = 64 * 1024;

/// The longest player name kept, in characters.
pub const MAX_NAME: usize = 32;

/// The longest chat message kept, in characters.
pub const MAX_CHAT: usize = 300;

/// How a connection takes part: playing a side, or only watching.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    Spectator,
}

/// A side of the game on the wire: `first` moves first.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    First,
    Second,
}

impl From<Player> for Side {
    fn from(player: Player) -> Side {
        match player {
            Player::First => Side::First,
            Player::Second => Side::Second,
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::First => Player::First,
            Side::Second => Player::Second,
        }
    }
}

/// What a player may offer the other, who accepts or declines.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Proposal {
    /// End the game as a draw.
    Draw,
    /// Take back the offerer's last move (and the reply after it).
    Undo,
}

/// Who sits at a hosted game, as its host's own screen is told.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct Seats {
    /// The first and the second player's names.
    pub names: [String; 2],
    /// The other player's seat is empty (not joined yet, or gone).
    pub waiting: bool,
}

/// Every message of the protocol; `type` names it on the wire.
#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// The first line a client sends: who it is and which code it holds.
    Hello {
        version: u32,
        name: String,
        code: String,
        role: Role,
    },
    /// The host's answer to an accepted hello: the game as it stands.
    Welcome {
        version: u32,
        /// The game's name, as on the command line (`gekitai`).
        game: String,
        /// Every setting of the game, as records write them.
        settings: toml::Table,
        /// The side the client plays; none for a spectator.
        side: Option<Side>,
        /// The names of the first and the second player.
        names: [String; 2],
        /// The moves so far, in the game's own notation.
        moves: Vec<String>,
        /// On a lobby server, the code this player rejoins with after a
        /// dropped connection (given once, when first seated).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rejoin: Option<String>,
        /// The game's clock, if it has one; a `clock` message follows
        /// with the time each side has left.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<TimeControl>,
    },
    /// A move in the game's own notation, by the side to move.
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    /// A line of chat; the host fills in `from`.
    Chat {
        #[serde(default)]
        from: String,
        text: String,
    },
    /// `side` gives the game up.
    Resign { side: Side },
    /// The game is over: `result` as records write it (the winner's
    /// symbol, or `draw`), or `abandoned` when a player left.
    End { result: String, reason: String },
    /// A player offers a draw or asks for an undo; the host relays it to
    /// everyone (the offerer too) with `side` filled in.
    Offer {
        what: Proposal,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    /// The other player accepts or declines the offer waiting; the host
    /// relays it to everyone (the answerer too) with `side` filled in,
    /// after taking the move back or ending the game as a draw.
    Answer {
        what: Proposal,
        accept: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    /// Host to everyone: the time each side has left (first, second) in
    /// milliseconds, and whose clock runs (none before the game starts
    /// and after it ends).
    Clock {
        left_ms: [u64; 2],
        running: Option<Side>,
    },
    /// Host to everyone: `side` ran out of time and lost; an `end`
    /// follows.
    OutOfTime { side: Side },
    /// Why the sender is closing the connection.
    Error { reason: String },
    /// News for a player or spectator (the opponent left, came back, may
    /// be claimed against); shown as it is, sanitised.
    Notice {
        text: String,
        /// Whether the receiver may now `claim` the win (its opponent has
        /// been away longer than the server waits).
        #[serde(default)]
        claimable: bool,
        /// From a one-game host to its own screen: both players' names
        /// now, and whether the other seat is empty; `text` then says how
        /// the other player stands (waiting, connected, gone).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seats: Option<Seats>,
    },
    /// A player asks for the win against an opponent who has not come
    /// back within the server's reconnect timeout.
    Claim,
    /// Client to lobby server: which games there are.
    List,
    /// Lobby server to client: the open games and the games in progress.
    Games {
        open: Vec<Listing>,
        playing: Vec<Listing>,
    },
    /// Client to lobby server: a new game, the sender seated at `side`;
    /// with `against_computer`, the server plays the other side at that
    /// level (1 to 5).
    Create {
        name: String,
        game: String,
        settings: toml::Table,
        side: Side,
        #[serde(default)]
        against_computer: Option<u8>,
        /// A clock for the game, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<TimeControl>,
        /// A pass from a front end beside the server that stands for
        /// the creator's key (see [`crate::pass`]): the game is then
        /// rated if its other player has one too.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pass: Option<String>,
        /// A seek: the creator (a player with a pass) waits for another
        /// player whose rating at the game is within this many points of
        /// theirs; a seek waiting that suits both is joined instead of a
        /// game made (its `created` then has no codes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seek: Option<u32>,
    },
    /// Lobby server to the creator: the game's codes, then its welcome.
    Created {
        id: u64,
        join: String,
        watch: String,
        rejoin: String,
    },
    /// Client to lobby server: take the open seat of the listed game `id`
    /// (role `player`) or watch it (role `spectator`).
    Enter {
        name: String,
        id: u64,
        role: Role,
        /// The player's pass, as in `create`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pass: Option<String>,
    },
    /// Host to the mover: its move is saved (on a lobby server, committed
    /// to the database) and relayed; sent for every move a player makes.
    Ack {
        #[serde(rename = "move")]
        mv: String,
    },
    /// Host to the mover: its move could not be saved, so it was not
    /// played; the mover is to move again.
    Refused {
        #[serde(rename = "move")]
        mv: String,
        reason: String,
    },
    /// Host to everyone: `side` stayed away and its opponent claimed the
    /// win; an `end` follows.
    Abandoned { side: Side },
    /// Either side: are you there? Answered with `pong` at once.
    Ping,
    /// The answer to a `ping`.
    Pong,
}

/// A game in the lobby's list: enough to choose one, no code.
#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
pub struct Listing {
    pub id: u64,
    pub game: String,
    pub settings: toml::Table,
    /// The players' names; an empty name is a seat still open.
    pub names: [String; 2],
    pub moves: usize,
    /// The game's clock, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
    /// Who sits at each seat besides their name, if the server says:
    /// none for an open seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings: Option<[Option<Standing>; 2]>,
    /// A seek's open seat: the ratings it waits for, lowest and highest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seek: Option<[u32; 2]>,
}

/// Who a listed player is: a guest (no key, so no rating), the server's
/// computer, or a player with a key and their rating at that game.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    Guest,
    Computer,
    Rated { rating: u32 },
}

/// Why a line from a peer is not a message this side accepts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ProtocolError {
    /// The line is longer than [`MAX_LINE`]; it was not read to its end.
    TooLong,
    /// Not UTF-8, not JSON, or not one of the messages.
    Malformed(String),
    /// A hello in another version of the protocol.
    Version(u32),
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::TooLong => write!(f, "a line longer than {MAX_LINE} bytes"),
            ProtocolError::Malformed(why) => write!(f, "a malformed message ({why})"),
            ProtocolError::Version(version) => write!(
                f,
                "protocol version {version} is not spoken here (this tabletop speaks version {PROTOCOL_VERSION})"
            ),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// A line of news for a player: a [`Message::Notice`] with no claim and
/// no seats.
pub fn notice(text: String) -> Message {
    Message::Notice {
        text,
        claimable: false,
        seats: None,
    }
}

/// The line that carries `message`, newline included.
pub fn encode(message: &Message) -> String {
    // Strings, numbers and tables of them always serialise.
    let mut line = serde_json::to_string(message).unwrap_or_default();
    line.push('\n');
    line
}

/// The message a line (without its newline) carries. A hello of another
/// version is named as such, whatever else it holds.
pub fn decode(line: &[u8]) -> Result<Message, ProtocolError> {
    let text =
        std::str::from_utf8(line).map_err(|_| ProtocolError::Malformed("not UTF-8".into()))?;
    match serde_json::from_str::<Message>(text) {
        Ok(Message::Hello { version, .. }) if version != PROTOCOL_VERSION => {
            Err(ProtocolError::Version(version))
        }
        Ok(Message::Welcome { version, .. }) if version != PROTOCOL_VERSION => {
            Err(ProtocolError::Version(version))
        }
        Ok(message) => Ok(message),
        Err(error) => {
            /// Enough of a message to know its version.
            #[derive(Deserialize)]
            struct Versioned {
                version: u32,
            }
            match serde_json::from_str::<Versioned>(text) {
                Ok(Versioned { version }) if version != PROTOCOL_VERSION => {
                    Err(ProtocolError::Version(version))
                }
                _ => Err(malformed(&error)),
            }
        }
    }
}

/// Why a line is not a message, in words that quote none of it: a
/// peer's text never reaches an error message.
fn malformed(error: &serde_json::Error) -> ProtocolError {
    let why = match error.classify() {
        serde_json::error::Category::Data => "not a message of this protocol",
        _ => "not JSON",
    };
    ProtocolError::Malformed(format!("{why}, at character {}", error.column()))
}

/// Writes `message` as one line and sends it at once.
pub async fn send<W: AsyncWrite + Unpin>(out: &mut W, message: &Message) -> std::io::Result<()> {
    out.write_all(encode(message).as_bytes()).await?;
    out.flush().await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_message() -> Vec<Message> {
        let mut settings = toml::Table::new();
        settings.insert("size".into(), toml::Value::Integer(6));
        settings.insert("both_win".into(), toml::Value::String("mover".into()));
        vec![
            Message::Hello {
                version: PROTOCOL_VERSION,
                name: "ada".into(),
                code: "ABCD-EFGH".into(),
                role: Role::Player,
            },
            Message::Welcome {
                version: PROTOCOL_VERSION,
                game: "gekitai".into(),
                settings,
                side: Some(Side::Second),
                names: ["ada".into(), "bob".into()],
                moves: vec!["A1".into(), "C3".into()],
                rejoin: Some("7QKD-M2XA-0FJ9-RZ4C".into()),
                clock: Some(TimeControl {
                    base_ms: 300_000,
                    increment_ms: 3_000,
                }),
            },
            Message::Offer {
                what: Proposal::Draw,
                side: None,
            },
            Message::Offer {
                what: Proposal::Undo,
                side: Some(Side::Second),
            },
            Message::Answer {
                what: Proposal::Undo,
                accept: true,
                side: Some(Side::First),
            },
            Message::Answer {
                what: Proposal::Draw,
                accept: false,
                side: None,
            },
            Message::Clock {
                left_ms: [299_000, 7_300],
                running: Some(Side::First),
            },
            Message::Clock {
                left_ms: [0, 1],
                running: None,
            },
            Message::OutOfTime { side: Side::Second },
            Message::Move { mv: "D4".into() },
            Message::Chat {
                from: "ada".into(),
                text: "good luck".into(),
            },
            Message::Resign { side: Side::First },
            Message::End {
                result: "X".into(),
                reason: "rules".into(),
            },
            Message::Error {
                reason: "wrong code".into(),
            },
            Message::Notice {
                text: "waiting for bob to reconnect".into(),
                claimable: false,
                seats: None,
            },
            Message::Claim,
            Message::List,
            Message::Games {
                open: vec![Listing {
                    id: 3,
                    game: "hex".into(),
                    settings: toml::Table::new(),
                    names: ["ada".into(), String::new()],
                    moves: 0,
                    clock: None,
                    standings: Some([Some(Standing::Rated { rating: 1512 }), None]),
                    seek: Some([1312, 1712]),
                }],
                playing: Vec::new(),
            },
            Message::Create {
                name: "ada".into(),
                game: "hex".into(),
                settings: toml::Table::new(),
                side: Side::First,
                against_computer: Some(2),
                clock: Some(TimeControl {
                    base_ms: 300,
                    increment_ms: 0,
                }),
                pass: Some("7QKD-M2XA-0FJ9-RZ4C".into()),
                seek: Some(200),
            },
            Message::Created {
                id: 3,
                join: "A".into(),
                watch: "B".into(),
                rejoin: "C".into(),
            },
            Message::Enter {
                name: "bob".into(),
                id: 3,
                role: Role::Player,
                pass: None,
            },
            Message::Ack { mv: "C3".into() },
            Message::Refused {
                mv: "C3".into(),
                reason: "the disk is full".into(),
            },
            Message::Abandoned { side: Side::First },
            Message::Ping,
            Message::Pong,
        ]
    }

    #[test]
    fn every_message_round_trips_as_one_line() {
        for message in every_message() {
            let line = encode(&message);
            assert!(
                line.ends_with('\n') && line.matches('\n').count() == 1,
                "{line}"
            );
            assert_eq!(decode(line.trim_end().as_bytes()), Ok(message), "{line}");
        }
        let line = encode(&Message::Move { mv: "D4".into() });
        assert_eq!(line, "{\"type\":\"move\",\"move\":\"D4\"}\n");
        let offer = r#"{"type":"offer","what":"draw"}"#;
        assert_eq!(
            decode(offer.as_bytes()),
            Ok(Message::Offer {
                what: Proposal::Draw,
                side: None
            })
        );
        let answer = r#"{"type":"answer","what":"undo","accept":true,"side":"second"}"#;
        assert_eq!(
            encode(&decode(answer.as_bytes()).expect("an answer")),
            format!("{answer}\n")
        );
        for bad in [
            r#"{"type":"offer","what":"win"}"#,
            r#"{"type":"answer","what":"draw"}"#,
            r#"{"type":"clock","left_ms":[-1,2],"running":null}"#,
        ] {
            assert!(
                matches!(decode(bad.as_bytes()), Err(ProtocolError::Malformed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn another_protocol_version_is_refused_by_name() {
        for version in [0, PROTOCOL_VERSION + 1] {
            let line = format!(
                r#"{{"type":"hello","version":{version},"name":"x","code":"c","role":"player"}}"#
            );
            let error = decode(line.as_bytes()).unwrap_err();
            assert_eq!(error, ProtocolError::Version(version));
            assert!(error.to_string().contains("version 4"), "{error}");
            // A later version may add fields or change them: still named.
            let later = format!(r#"{{"type":"hello","version":{version},"extra":[1]}}"#);
            assert_eq!(
                decode(later.as_bytes()),
                Err(ProtocolError::Version(version))
            );
        }
    }

    #[test]
    fn a_refusal_quotes_nothing_a_peer_sent() {
        for hostile in [
            r#"{"type":"\u001b]0;PWNED\u0007\u001b[2J"}"#,
            r#"{"type":"offer","what":"\u001b[2Jwin"}"#,
            r#"{"type":"resign","side":"\u001b]0;x\u0007"}"#,
            r#"{"type":"clock","left_ms":[1,2],"running":"\u001b[31m"}"#,
            "{\"type\":\"move\",\"move\":\"\u{1b}[2J",
        ] {
            let error = decode(hostile.as_bytes()).unwrap_err().to_string();
            assert!(
                !error.contains('\u{1b}') && !error.contains("PWNED") && !error.contains("win"),
                "{error}"
            );
            assert!(error.starts_with("a malformed message"), "{error}");
        }
    }

    #[test]
    fn junk_is_malformed_not_a_panic() {
        for junk in [
            &b"\xff\xfe"[..],
            b"",
            b"{",
            b"[]",
            b"{\"type\":\"move\"}",
            b"null",
        ] {
            assert!(matches!(decode(junk), Err(ProtocolError::Malformed(_))));
        }
    }
}
