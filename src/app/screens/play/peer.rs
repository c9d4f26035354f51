//! The other side of a network game, as the game screen keeps it: the
//! session to the host, who plays which side, the connection, the offer
//! waiting, the clock as the host last told it, and the chat. What the
//! game screen does with its news is in [`super::online`].

use std::time::{Duration, Instant};

use crate::app::action::Action;
use crate::app::keys::Mode;
use crate::net::offer::offer_text;
use crate::net::protocol::{MAX_CHAT, Proposal, sanitise};
use crate::net::session::{Reopening, Request, Session};
use tabletop_engine::Player;
use tabletop_engine::time_control::{TimeControl, clock_face};

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
    pub(super) session: Session,
    /// The side played here; none when watching.
    pub local: Option<Player>,
    /// The first and the second player's names, sanitised.
    pub names: [String; 2],
    pub connection: Connection,
    /// The last lines of chat, `name: text`, sanitised.
    pub chat: Vec<String>,
    /// The connection being made again, after it was lost.
    pub reopening: Option<Reopening>,
    /// On the host's own screen: how the other player stands (waiting,
    /// with how to join; connected; gone), as the host says.
    pub seats: Option<String>,
    /// The other player's seat is empty: nothing can be played yet.
    pub waiting: bool,
    /// The offer waiting for an answer, and who made it, as the host
    /// last said.
    pub pending: Option<(Player, Proposal)>,
    /// An undo accepted here that the host has not taken back yet: no
    /// move is played meanwhile.
    pub answering: bool,
    /// An offer made here, not answered yet: no move is played
    /// meanwhile (the host would refuse it).
    pub asked: bool,
    /// The game's clock, if it has one.
    pub control: Option<TimeControl>,
    /// The clock as the host last told it, and when that was heard.
    pub clock: Option<HeardClock>,
    /// The clock's faces when last drawn.
    faces: Option<[String; 2]>,
    /// The opponent has stayed away longer than the server waits: the
    /// win may be claimed (Accept's key).
    pub claimable: bool,
}

/// The clock as the host last told it.
#[derive(Clone, Copy, Debug)]
pub struct HeardClock {
    pub(super) left: [Duration; 2],
    pub(super) running: Option<Player>,
    pub(super) heard: Instant,
}

impl HeardClock {
    /// Each side's time left at `now`, the running side's counted down
    /// since the host told it (for show: the host keeps the time).
    pub fn left(&self, now: Instant) -> [Duration; 2] {
        let mut left = self.left;
        if let Some(side) = self.running {
            let spent = now.saturating_duration_since(self.heard);
            left[side.index()] = left[side.index()].saturating_sub(spent);
        }
        left
    }

    pub fn running(&self) -> Option<Player> {
        self.running
    }

    /// The clock faces at `now`, as shown (they change a few times a
    /// second at most).
    pub fn faces(&self, now: Instant) -> [String; 2] {
        self.left(now).map(clock_face)
    }
}

impl Peer {
    pub fn new(session: Session, local: Option<Player>, names: [String; 2]) -> Peer {
        Peer {
            session,
            local,
            names: names.map(|name| sanitise(&name, crate::net::protocol::MAX_NAME)),
            connection: Connection::Connected,
            chat: Vec::new(),
            reopening: None,
            seats: None,
            waiting: false,
            pending: None,
            answering: false,
            asked: false,
            control: None,
            clock: None,
            faces: None,
            claimable: false,
        }
    }

    /// The same, for a game on `control`'s clock.
    pub fn with_clock(mut self, control: Option<TimeControl>) -> Peer {
        self.control = control;
        self
    }

    /// Whether this side may offer a draw or ask for an undo now.
    pub fn may_offer(&self) -> bool {
        self.local.is_some() && self.is_connected() && !self.waiting && self.pending.is_none()
    }

    /// What the other side offers this one, waiting for an answer.
    pub fn offered_to_us(&self) -> Option<Proposal> {
        match (self.pending, self.local) {
            (Some((by, what)), Some(local)) if by != local => Some(what),
            _ => None,
        }
    }

    /// What this side offered, waiting for the other's answer.
    pub fn own_offer(&self) -> Option<Proposal> {
        match (self.pending, self.local) {
            (Some((by, what)), Some(local)) if by == local => Some(what),
            _ => None,
        }
    }

    /// Answers the offer waiting; an undo accepted holds moves back
    /// until the host has taken it back.
    pub fn answer(&mut self, what: Proposal, accept: bool) {
        self.pending = None;
        self.answering = accept && what == Proposal::Undo;
        self.send(Request::Answer(what, accept));
    }

    /// Withdraws this side's own offer; it waits until the host says it
    /// is withdrawn.
    pub fn withdraw(&mut self) {
        if let Some(what) = self.own_offer() {
            self.send(Request::Answer(what, false));
        }
    }

    /// A move by `by` declines the other side's offer.
    pub fn moved(&mut self, by: Player) {
        if self.pending.is_some_and(|(offerer, _)| offerer != by) {
            self.pending = None;
            self.asked = false;
        }
    }

    /// Sends this side's offer; no move is played until it is answered.
    pub fn offer(&mut self, what: Proposal) {
        self.asked = true;
        self.send(Request::Offer(what));
    }

    /// Whether the clock's faces changed since the last look (they are
    /// drawn to the second, the tenth under ten seconds).
    pub fn clock_turned(&mut self, now: Instant) -> bool {
        let faces = self.clock.map(|clock| clock.faces(now));
        let turned = faces != self.faces;
        self.faces = faces;
        turned
    }

    /// Claims the win against an opponent who has stayed away.
    pub fn claim(&mut self) {
        self.claimable = false;
        self.send(Request::Claim);
    }

    /// The offer waiting, as told here: with the keys that answer it
    /// when it is this side's to answer; or the win to claim.
    pub fn offer_line(&self, board: Mode) -> Option<String> {
        if self.claimable && self.pending.is_none() {
            let side = self.local?.other();
            return Some(format!(
                "{} has not come back: {} claims the win, or keep waiting.",
                self.names[side.index()],
                board.key_for(Action::Accept)
            ));
        }
        let (by, what) = self.pending?;
        let keys = format!(
            "{} accepts, {} declines",
            board.key_for(Action::Accept),
            board.key_for(Action::Decline)
        );
        let answerable = self.local.is_some_and(|local| local != by);
        let withdraw = format!("{} withdraws", board.key_for(Action::Decline));
        let keys = match (answerable, self.local == Some(by)) {
            (true, _) => Some(keys.as_str()),
            (false, true) => Some(withdraw.as_str()),
            (false, false) => None,
        };
        Some(offer_text(self.who(by), what, keys))
    }

    /// The name to tell `side` by: none for this side's own.
    pub(super) fn who(&self, side: Player) -> Option<&str> {
        (self.local != Some(side)).then(|| self.names[side.index()].as_str())
    }

    /// The other player's name (the one to move, when watching).
    pub fn opponent(&self, to_move: Player) -> &str {
        let side = self.local.map_or(to_move, Player::other);
        &self.names[side.index()]
    }

    pub fn is_connected(&self) -> bool {
        self.connection == Connection::Connected
    }

    pub(super) fn said(&mut self, from: &str, text: &str) {
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
