//! A joined network game for the full-screen app: the connection is
//! served on its own thread (the same tokio code as the plain mode), and
//! the game screen talks to it through channels, so the screen never
//! waits for the network. Every peer string is sanitised here, before
//! the screen sees it; moves are checked by the screen's engine.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use crate::client::{self, Link, Welcomed};
use crate::protocol::{MAX_CHAT, MAX_NAME, Message, Proposal, Role, Seats, sanitise};
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

/// What the connection tells the game screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum News {
    /// A move in the game's notation, unchecked: the screen's engine
    /// checks it.
    Move(String),
    /// A line of chat, sanitised.
    Chat {
        from: String,
        text: String,
    },
    Resigned(Player),
    /// The host ended the game: `result` as records write it, or
    /// `abandoned`, and why (sanitised).
    Ended {
        result: String,
        reason: String,
    },
    /// The connection is gone, and why (sanitised).
    Lost(String),
    /// `by` offers a draw or asks for an undo (this side's own offers
    /// too, once the host has them).
    Offered {
        by: Player,
        what: Proposal,
    },
    /// `by` accepted or declined the offer; accepted, the screen takes
    /// the move back or ends the game as a draw.
    Answered {
        by: Player,
        what: Proposal,
        accept: bool,
    },
    /// Each side's time left as the host counts it, and whose runs.
    Clock {
        left: [Duration; 2],
        running: Option<Player>,
    },
    /// This player ran out of time and lost.
    OutOfTime(Player),
    /// The opponent has been away longer than the server waits: this
    /// player may claim the win.
    Claimable,
    /// This player stayed away and the opponent claimed the win.
    Abandoned(Player),
    /// This side's own move could not be saved by the server and was
    /// not played: the screen takes it back, says why, and this side is
    /// to move again.
    Refused {
        mv: String,
        reason: String,
    },
    /// From the host to its own screen: the players' names now, whether
    /// the other seat is empty, and how the other player stands (all
    /// sanitised).
    Seats {
        names: [String; 2],
        waiting: bool,
        text: String,
    },
}

/// What the game screen asks the connection to send.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    /// A move played here, in the game's notation.
    Move(String),
    Chat(String),
    Resign(Player),
    Offer(Proposal),
    Answer(Proposal, bool),
    /// The win, against an opponent who has stayed away too long.
    Claim,
}

/// The game as the host's welcome gave it, names sanitised; the rest
/// is checked by the engine that plays it.
pub struct Start {
    pub game: String,
    pub settings: toml::Table,
    /// The side played here; none for a spectator.
    pub side: Option<Player>,
    pub names: [String; 2],
    pub moves: Vec<String>,
    /// The game's clock, if it has one.
    pub clock: Option<TimeControl>,
    /// The code this player comes back with, if the host gave one.
    pub rejoin: Option<String>,
}

/// How to come back to a game after a dropped connection or a server's
/// restart: where, with which code, as whom.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WayBack {
    pub address: String,
    /// The code to say hello with: a player's rejoin code when it has
    /// one, else the code it came in with.
    pub code: String,
    pub name: String,
    pub role: Role,
}

/// A connection being made again, in the background.
pub struct Reopening {
    answer: Receiver<Result<(Start, Session), String>>,
}

impl Reopening {
    /// Connects again the way `back` says, on a thread of its own.
    pub fn start(back: WayBack) -> Reopening {
        let (tell, answer) = mpsc::channel();
        std::thread::spawn(move || {
            let WayBack {
                address,
                code,
                name,
                role,
            } = back;
            let _ = tell.send(Session::open(address, code, name, role));
        });
        Reopening { answer }
    }

    /// The game welcomed again, or why not, once the host has answered.
    pub fn poll(&mut self) -> Option<Result<(Start, Session), String>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the network thread stopped".to_string())),
        }
    }
}

/// The connection serving a network game, seen from the game screen.
pub struct Session {
    news: Receiver<News>,
    requests: UnboundedSender<Request>,
    /// The connection is gone (or the host ended the game).
    closed: bool,
    /// How to come back, if this connection can be made again.
    way_back: Option<WayBack>,
    /// This is the host's own screen's connection: leaving ends the game
    /// for everyone.
    hosting: bool,
}

impl Session {
    /// Connects to `address` and says hello with `code` as `name`, on a
    /// thread of its own that then serves the connection until either
    /// side closes it (dropping the session closes it). Waits for the
    /// welcome: the game as it stands, or why there is none.
    pub fn open(
        address: String,
        code: String,
        name: String,
        role: Role,
    ) -> Result<(Start, Session), String> {
        let mut back = WayBack {
            address: address.clone(),
            code: code.clone(),
            name: name.clone(),
            role,
        };
        let begun =
            Session::begin(
                move || async move { client::connect(&address, &code, &name, role).await },
            );
        let (start, mut session) = begun?;
        if let Some(rejoin) = &start.rejoin {
            back.code = rejoin.clone();
        }
        session.way_back = Some(back);
        Ok((start, session))
    }

    /// This session as the host's own screen's (leaving it ends the
    /// game for everyone).
    pub fn hosting(mut self) -> Session {
        self.hosting = true;
        self
    }

    /// Whether this is the host's own screen's session.
    pub fn is_hosting(&self) -> bool {
        self.hosting
    }

    /// How to come back to this game, if it can be.
    pub fn way_back(&self) -> Option<&WayBack> {
        self.way_back.as_ref()
    }

    /// This session, which can be made again the way `back` says.
    pub fn with_way_back(mut self, back: WayBack) -> Session {
        self.way_back = Some(back);
        self
    }

    /// Like [`Session::open`], the connection made and welcomed by
    /// `welcome` (a lobby's create or enter, say), run on the session's
    /// own thread: the socket lives and dies with that thread's runtime.
    pub fn begin<F, W>(welcome: F) -> Result<(Start, Session), String>
    where
        F: FnOnce() -> W + Send + 'static,
        W: Future<Output = Result<Welcomed, String>>,
    {
        let (tell, news) = mpsc::channel();
        let (requests, asked) = unbounded_channel();
        let (ready, welcomed) = mpsc::channel();
        std::thread::spawn(move || {
            let runtime = match crate::runtime() {
                Ok(runtime) => runtime,
                Err(error) => {
                    let _ = ready.send(Err(format!("no network thread: {error}")));
                    return;
                }
            };
            runtime.block_on(async move {
                match welcome().await {
                    Err(why) => {
                        let _ = ready.send(Err(why));
                    }
                    Ok(welcomed) => {
                        let Welcomed {
                            link,
                            game,
                            settings,
                            side,
                            names,
                            moves,
                            clock,
                            rejoin,
                        } = welcomed;
                        let start = Start {
                            game,
                            settings,
                            side,
                            names,
                            moves,
                            clock,
                            rejoin,
                        };
                        if ready.send(Ok(start)).is_ok() {
                            relay(link, asked, tell).await;
                        }
                    }
                }
            });
        });
        let start = welcomed
            .recv()
            .unwrap_or_else(|_| Err("the network thread stopped".to_string()))?;
        let session = Session {
            news,
            requests,
            closed: false,
            way_back: None,
            hosting: false,
        };
        Ok((start, session))
    }

    /// The next piece of news, if one has come.
    pub fn heard(&mut self) -> Option<News> {
        if self.closed {
            return None;
        }
        match self.news.try_recv() {
            Ok(news) => {
                self.closed = matches!(news, News::Lost(_) | News::Ended { .. });
                Some(news)
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.closed = true;
                Some(News::Lost("the connection closed".to_string()))
            }
        }
    }

    /// Sends `request` to the host; false once the connection is gone.
    pub fn send(&self, request: Request) -> bool {
        !self.closed && self.requests.send(request).is_ok()
    }
}

/// The connection's loop: requests out, news in, until either ends.
async fn relay(mut link: Link, mut asked: UnboundedReceiver<Request>, tell: Sender<News>) {
    loop {
        tokio::select! {
            request = asked.recv() => {
                // The screen is gone: closing the connection is all.
                let Some(request) = request else { return };
                let message = match request {
                    Request::Move(mv) => Message::Move { mv },
                    Request::Chat(text) => Message::Chat { from: String::new(), text },
                    Request::Resign(side) => Message::Resign { side: side.into() },
                    Request::Offer(what) => Message::Offer { what, side: None },
                    Request::Answer(what, accept) => Message::Answer { what, accept, side: None },
                    Request::Claim => Message::Claim,
                };
                if let Err(error) = link.write(&message).await {
                    let _ = tell.send(News::Lost(format!("the connection broke: {error}")));
                    return;
                }
            }
            incoming = link.next() => {
                let (news, last) = match incoming {
                    Ok(Some(Message::Ping)) => {
                        if let Err(error) = link.write(&Message::Pong).await {
                            let _ = tell.send(News::Lost(format!("the connection broke: {error}")));
                            return;
                        }
                        continue;
                    }
                    Ok(Some(message)) => match heard(message, link.peer()) {
                        Some(heard) => heard,
                        None => continue,
                    },
                    Ok(None) => (News::Lost(format!("the {} closed the connection", link.peer())), true),
                    Err(why) => (News::Lost(why), true),
                };
                if tell.send(news).is_err() || last {
                    return;
                }
            }
        }
    }
}

/// The news a message from the host brings, sanitised, and whether it is
/// the last; none for a message that brings none (an acknowledgement).
fn heard(message: Message, peer: &str) -> Option<(News, bool)> {
    let going = |news| Some((news, false));
    match message {
        Message::Move { mv } => going(News::Move(mv)),
        Message::Chat { from, text } => going(News::Chat {
            from: sanitise(&from, MAX_NAME),
            text: sanitise(&text, MAX_CHAT),
        }),
        Message::Resign { side } => going(News::Resigned(side.into())),
        Message::Offer {
            what,
            side: Some(by),
        } => going(News::Offered {
            by: by.into(),
            what,
        }),
        Message::Answer {
            what,
            accept,
            side: Some(by),
        } => going(News::Answered {
            by: by.into(),
            what,
            accept,
        }),
        Message::Clock { left_ms, running } => going(News::Clock {
            left: left_ms.map(Duration::from_millis),
            running: running.map(Into::into),
        }),
        Message::OutOfTime { side } => going(News::OutOfTime(side.into())),
        Message::Abandoned { side } => going(News::Abandoned(side.into())),
        Message::Refused { mv, reason } => going(News::Refused {
            mv: sanitise(&mv, 16),
            reason: sanitise(&reason, 200),
        }),
        Message::Ack { .. } | Message::Ping | Message::Pong => None,
        Message::Notice {
            text,
            seats,
            claimable,
        } => going(noticed(text, seats, claimable)),
        other => Some(last(other, peer)),
    }
}

/// The news a notice brings: how the seats stand (the host's own
/// screen), that the opponent may be claimed against, or a line from the
/// server.
fn noticed(text: String, seats: Option<Seats>, claimable: bool) -> News {
    match (seats, claimable) {
        (Some(seats), _) => News::Seats {
            names: seats.names.map(|name| sanitise(&name, MAX_NAME)),
            waiting: seats.waiting,
            text: sanitise(&text, MAX_CHAT),
        },
        (None, true) => News::Claimable,
        // The server's news (the opponent left, came back) reads as a
        // line of chat from it.
        (None, false) => News::Chat {
            from: "server".to_string(),
            text: sanitise(&text, MAX_CHAT),
        },
    }
}

/// The news of a message that ends the connection.
fn last(message: Message, peer: &str) -> (News, bool) {
    let news = match message {
        Message::End { result, reason } => News::Ended {
            result: sanitise(&result, 16),
            reason: sanitise(&reason, 200),
        },
        Message::Error { reason } => {
            News::Lost(format!("the {peer} refused: {}", sanitise(&reason, 200)))
        }
        Message::Offer { side: None, .. } | Message::Answer { side: None, .. } => {
            News::Lost(format!("the {peer} sent an offer or answer from nobody"))
        }
        Message::Hello { .. } | Message::Welcome { .. } => {
            News::Lost(format!("the {peer} sent a second handshake"))
        }
        _ => News::Lost(format!("the {peer} sent a lobby message during the game")),
    };
    (news, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostile_chat_is_sanitised_before_the_screen_sees_it() {
        let (news, last) = heard(
            Message::Chat {
                from: "\u{1b}[31mbob".into(),
                text: "hi\u{1b}]0;pwned\u{7} there\u{1b}[2J".into(),
            },
            "host",
        )
        .expect("news");
        assert!(!last);
        assert_eq!(
            news,
            News::Chat {
                from: "bob".into(),
                text: "hi there".into()
            }
        );
        let (news, last) = heard(
            Message::Error {
                reason: "\u{1b}[2Jbye".into(),
            },
            "host",
        )
        .expect("news");
        assert!(last);
        assert_eq!(news, News::Lost("the host refused: bye".into()));
    }
}
