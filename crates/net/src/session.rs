//! A joined network game for the full-screen app: the connection is
//! served on its own thread (the same tokio code as the plain mode), and
//! the game screen talks to it through channels, so the screen never
//! waits for the network. Every peer string is sanitised here, before
//! the screen sees it; moves are checked by the screen's engine.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use crate::client::{self, Link, Welcomed};
use crate::protocol::{MAX_CHAT, MAX_NAME, Message, Proposal, Role, sanitise};
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
}

/// The connection serving a network game, seen from the game screen.
pub struct Session {
    news: Receiver<News>,
    requests: UnboundedSender<Request>,
    /// The connection is gone (or the host ended the game).
    closed: bool,
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
        Session::begin(move || async move { client::connect(&address, &code, &name, role).await })
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
                            ..
                        } = welcomed;
                        let start = Start {
                            game,
                            settings,
                            side,
                            names,
                            moves,
                            clock,
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
                    Ok(Some(message)) => heard(message),
                    Ok(None) => (News::Lost("the host closed the connection".to_string()), true),
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
/// the last.
fn heard(message: Message) -> (News, bool) {
    match message {
        Message::Move { mv } => (News::Move(mv), false),
        Message::Chat { from, text } => (
            News::Chat {
                from: sanitise(&from, MAX_NAME),
                text: sanitise(&text, MAX_CHAT),
            },
            false,
        ),
        Message::Resign { side } => (News::Resigned(side.into()), false),
        Message::Offer {
            what,
            side: Some(by),
        } => (
            News::Offered {
                by: by.into(),
                what,
            },
            false,
        ),
        Message::Answer {
            what,
            accept,
            side: Some(by),
        } => (
            News::Answered {
                by: by.into(),
                what,
                accept,
            },
            false,
        ),
        Message::Clock { left_ms, running } => (
            News::Clock {
                left: left_ms.map(Duration::from_millis),
                running: running.map(Into::into),
            },
            false,
        ),
        Message::OutOfTime { side } => (News::OutOfTime(side.into()), false),
        Message::Offer { side: None, .. } | Message::Answer { side: None, .. } => (
            News::Lost("the host sent an offer or answer from nobody".to_string()),
            true,
        ),
        Message::End { result, reason } => (
            News::Ended {
                result: sanitise(&result, 16),
                reason: sanitise(&reason, 200),
            },
            true,
        ),
        Message::Error { reason } => (
            News::Lost(format!("the host refused: {}", sanitise(&reason, 200))),
            true,
        ),
        Message::Hello { .. } | Message::Welcome { .. } => (
            News::Lost("the host sent a second handshake".to_string()),
            true,
        ),
        Message::Notice {
            text,
            seats: Some(seats),
            ..
        } => (
            News::Seats {
                names: seats.names.map(|name| sanitise(&name, MAX_NAME)),
                waiting: seats.waiting,
                text: sanitise(&text, MAX_CHAT),
            },
            false,
        ),
        Message::Notice {
            claimable: true, ..
        } => (News::Claimable, false),
        // The server's news (the opponent left, came back) reads as a
        // line of chat from it.
        Message::Notice { text, .. } => (
            News::Chat {
                from: "server".to_string(),
                text: sanitise(&text, MAX_CHAT),
            },
            false,
        ),
        Message::Claim
        | Message::List
        | Message::Games { .. }
        | Message::Create { .. }
        | Message::Created { .. }
        | Message::Enter { .. } => (
            News::Lost("the host sent a lobby message during the game".to_string()),
            true,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostile_chat_is_sanitised_before_the_screen_sees_it() {
        let (news, last) = heard(Message::Chat {
            from: "\u{1b}[31mbob".into(),
            text: "hi\u{1b}]0;pwned\u{7} there\u{1b}[2J".into(),
        });
        assert!(!last);
        assert_eq!(
            news,
            News::Chat {
                from: "bob".into(),
                text: "hi there".into()
            }
        );
        let (news, last) = heard(Message::Error {
            reason: "\u{1b}[2Jbye".into(),
        });
        assert!(last);
        assert_eq!(news, News::Lost("the host refused: bye".into()));
    }
}
