//! Who gets into a hosted game: a connection's hello, within
//! [`HANDSHAKE_TIME`] and with one of the game's codes, compared in
//! constant time. What is refused here never reaches the game.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::time::timeout;

use crate::code::{Code, NOT_A_CODE};
use crate::codec;
use crate::connection::{
    self, Admission, Event, Keepalive, Peer, Rate, farewell, kind, next, refusal,
};
use crate::guard::Guard;
use crate::protocol::{Message, Role};
use tabletop_engine::Player;

/// How long a new connection has to send its hello.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// The codes that let a connection in.
pub struct Codes {
    pub join: Code,
    pub watch: Code,
    /// The host's own screen's, never printed.
    pub private: Option<Code>,
    /// The side the private code seats.
    pub host: Player,
}

impl Codes {
    /// New join and watch codes for a host playing `host`, its own screen
    /// let in with `private`, if it has one.
    pub fn new(host: Player, private: Option<Code>) -> Result<Codes, getrandom::Error> {
        Ok(Codes {
            join: Code::random()?,
            watch: Code::random()?,
            private,
            host,
        })
    }

    /// The seat `code` opens for `role` (none: to watch), if it opens one.
    /// Every code is compared, whatever the role, in constant time.
    fn opens(&self, code: &str, role: Role) -> Result<Option<Player>, String> {
        let joins = self.join.matches(code);
        let watches = self.watch.matches(code);
        let owns = self.private.is_some_and(|private| private.matches(code));
        match (role, joins, watches, owns) {
            (Role::Player, _, _, true) => Ok(Some(self.host)),
            (Role::Player, true, _, _) => Ok(Some(self.host.other())),
            (Role::Spectator, _, true, _) => Ok(None),
            _ => Err("wrong code".to_string()),
        }
    }
}

/// How a connection comes in: its number, its address, the codes and
/// the guard at the door.
pub struct Door {
    pub id: u64,
    pub address: IpAddr,
    pub codes: Arc<Codes>,
    pub guard: Guard,
}

impl Door {
    /// The seat `code` opens for `role` (none: to watch); an address that
    /// gave too many wrong codes waits before any code of its is looked
    /// at; what is not a code at all is no guess, and not counted.
    fn opens(&self, code: &str, role: Role) -> Result<Option<Player>, String> {
        if let Some(left) = self.guard.waiting(self.address) {
            return Err(Guard::slowed(left));
        }
        if code.parse::<Code>().is_err() {
            return Err(NOT_A_CODE.to_string());
        }
        let opened = self.codes.opens(code, role);
        if opened.is_err() {
            self.guard.wrong_code(self.address);
        }
        opened
    }
}

/// One connection: its hello, then its messages to the game and the
/// game's to it, until either side ends it.
pub async fn connection(stream: TcpStream, door: Door, events: mpsc::Sender<Event>) {
    let (read, write) = stream.into_split();
    let mut reader = codec::reader(read);
    let hello = match timeout(HANDSHAKE_TIME, next(&mut reader)).await {
        Err(_) => Err("no hello in time".to_string()),
        Ok(Ok(Some(Message::Hello {
            name, code, role, ..
        }))) => door.opens(&code, role).map(|seat| (seat, name)),
        Ok(Ok(Some(other))) => Err(format!("expected a hello, not a {} message", kind(&other))),
        Ok(Ok(None)) => return,
        Ok(Err(error)) => Err(error.to_string()),
    };
    let (seat, name) = match hello {
        Ok(hello) => hello,
        Err(reason) => return farewell(reader, write, &refusal(&reason)).await,
    };
    let peer = Peer {
        reader,
        write,
        rate: Rate::new(),
        keepalive: Keepalive::default(),
    };
    let admission = Admission {
        id: door.id,
        address: door.address,
        seat,
        name,
        rejoin: None,
    };
    connection::admit(peer, admission, events).await;
}
