//! A client speaking the protocol by hand over a raw socket, as a hostile
//! or a scripted peer would.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a read waits before the test is failed.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct Client {
    pub stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Client {
    pub fn connect(address: &str) -> Client {
        let stream = TcpStream::connect(address).expect("the server accepts");
        stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
        let reader = BufReader::new(stream.try_clone().expect("a clone"));
        Client { stream, reader }
    }

    pub fn send(&mut self, message: Value) {
        let line = format!("{message}\n");
        self.stream.write_all(line.as_bytes()).expect("sending");
    }

    pub fn raw(&mut self, bytes: &[u8]) {
        let _ = self.stream.write_all(bytes);
    }

    /// The next message, `null` if the connection closed. A `ping` is
    /// answered and passed over.
    pub fn next(&mut self) -> Value {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            let mut line = String::new();
            let message = match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => Value::Null,
                Ok(_) => {
                    serde_json::from_str(&line).unwrap_or_else(|_| panic!("not JSON: {line:?}"))
                }
            };
            if message["type"] != "ping" {
                return message;
            }
            self.raw(b"{\"type\":\"pong\"}\n");
        }
        Value::Null
    }

    /// Reads until a message of `kind`, returning it.
    pub fn expect(&mut self, kind: &str) -> Value {
        let start = Instant::now();
        loop {
            let message = self.next();
            assert!(!message.is_null(), "closed while waiting for {kind}");
            if message["type"] == kind {
                return message;
            }
            assert!(start.elapsed() < PATIENCE, "no {kind}");
        }
    }

    /// Reads until a notice whose text holds `text`, returning it.
    pub fn notice(&mut self, text: &str) -> Value {
        loop {
            let notice = self.expect("notice");
            if notice["text"].as_str().unwrap_or("").contains(text) {
                return notice;
            }
        }
    }
}

/// X: A1, C3, C3 (a line of three); O: A6, D4.
pub const GAME: [&str; 5] = ["A1", "A6", "C3", "D4", "C3"];

/// A game of Gekitai made in the lobby by `name`, seated first: its
/// creator's connection and the `created` message.
pub fn create(address: &str, name: &str) -> (Client, Value) {
    let mut creator = Client::connect(address);
    creator
        .send(json!({"type":"create","name":name,"game":"gekitai","settings":{},"side":"first"}));
    let created = creator.expect("created");
    let welcome = creator.expect("welcome");
    assert_eq!(welcome["side"], "first");
    (creator, created)
}

pub fn hello(address: &str, code: &Value, role: &str) -> (Client, Value) {
    let mut client = Client::connect(address);
    client.send(json!({"type":"hello","version":tabletop::net::protocol::PROTOCOL_VERSION,"name":"bob","code":code,"role":role}));
    let welcome = client.expect("welcome");
    (client, welcome)
}

/// Plays `GAME[from..to]`, each move by its side, and checks the other
/// side hears it.
pub fn play(players: &mut [Client; 2], from: usize, to: usize) {
    for (i, mv) in GAME.iter().enumerate().take(to).skip(from) {
        let (mover, other) = match i % 2 {
            0 => (0, 1),
            _ => (1, 0),
        };
        players[mover].send(json!({"type":"move","move":mv}));
        // Kept before anyone sees it: the mover is told so.
        assert_eq!(players[mover].expect("ack")["move"], *mv);
        assert_eq!(players[other].expect("move")["move"], *mv);
    }
}

/// The next message that is not a clock's (which comes after every move
/// of a clocked game) or a notice.
pub fn news(client: &mut Client) -> Value {
    loop {
        let message = client.next();
        if !matches!(message["type"].as_str(), Some("clock" | "notice")) {
            return message;
        }
    }
}
