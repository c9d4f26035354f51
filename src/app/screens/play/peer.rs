//! The other side of a network game, on the game screen: its moves come
//! from [`Session`] (polled in `tick`, like the computer's search) and are
//! checked by the engine before they are played; the moves, chat and
//! resignation made here are sent to it.

use std::time::{Duration, Instant};

use crate::app::action::Action;
use crate::app::games::GameUi;
use crate::app::keys::Mode;
use crate::net::offer::{answer_text, offer_text};
use crate::net::protocol::{MAX_CHAT, Proposal, sanitise};
use crate::net::session::{News, Request, Session};
use tabletop_engine::line::Line;
use tabletop_engine::record::Adjudged;
use tabletop_engine::time_control::{TimeControl, clock_face};
use tabletop_engine::{Outcome, Player};

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
    left: [Duration; 2],
    running: Option<Player>,
    heard: Instant,
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

    /// Answers the offer waiting; an undo accepted holds moves back
    /// until the host has taken it back.
    pub fn answer(&mut self, what: Proposal, accept: bool) {
        self.pending = None;
        self.answering = accept && what == Proposal::Undo;
        self.send(Request::Answer(what, accept));
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
        Some(offer_text(
            self.who(by),
            what,
            answerable.then_some(keys.as_str()),
        ))
    }

    /// The name to tell `side` by: none for this side's own.
    fn who(&self, side: Player) -> Option<&str> {
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

    /// Plays what the connection reported since the last look; whether
    /// anything was.
    pub(super) fn collect_news(&mut self) -> bool {
        let Some(peer) = self.peer.as_mut().filter(|peer| peer.is_connected()) else {
            return false;
        };
        let heard: Vec<News> = std::iter::from_fn(|| peer.session.heard()).collect();
        let any = !heard.is_empty();
        let local = peer.local;
        for news in heard {
            let connection = match news {
                News::Move(text) => {
                    let mover = self.game().to_move();
                    if let Some(peer) = &mut self.peer {
                        peer.moved(mover);
                    }
                    self.play_received(&text).err().map(Connection::Lost)
                }
                News::Chat { from, text } => {
                    if let Some(peer) = &mut self.peer {
                        peer.said(&from, &text);
                    }
                    None
                }
                News::Offered { by, what } => {
                    self.heard_offer(by, what);
                    None
                }
                News::Answered { by, what, accept } => self.answered(by, what, accept),
                News::Clock { left, running } => {
                    if let Some(peer) = &mut self.peer {
                        let heard = Instant::now();
                        peer.clock = Some(HeardClock {
                            left,
                            running,
                            heard,
                        });
                    }
                    None
                }
                News::Claimable => {
                    let ended = self.ended();
                    if let Some(peer) = &mut self.peer {
                        peer.claimable = !ended;
                    }
                    None
                }
                News::OutOfTime(side) => {
                    if !self.ended() {
                        self.adjudged = Some(Adjudged::OutOfTime(side));
                        self.message = Some(Adjudged::OutOfTime(side).text::<G>());
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
                        // The opponent is back, or news of them came.
                        peer.claimable = false;
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
        any
    }

    /// The host tells of an offer (this side's own too).
    fn heard_offer(&mut self, by: Player, what: Proposal) {
        let board = self.board();
        let Some(peer) = &mut self.peer else { return };
        peer.pending = Some((by, what));
        // The other side's offer came first: ours was not taken.
        peer.asked &= peer.local == Some(by);
        self.message = peer.offer_line(board);
    }

    /// Whether the player here (in a network game) has made a move, one
    /// they could ask to take back.
    pub(super) fn moved_here(&self) -> bool {
        let local = self.peer.as_ref().and_then(|peer| peer.local);
        self.line
            .played()
            .iter()
            .any(|p| !p.is_forced() && Some(p.mover) == local)
    }

    /// Offers the other player of a network game a draw or asks for an
    /// undo, if this side may; says why not otherwise.
    pub(super) fn offer(&mut self, what: Proposal) {
        let mine = self.moved_here();
        let Some(peer) = &self.peer else { return };
        let refused = if self.ended() {
            Some("The game is over")
        } else if !peer.may_offer() {
            Some(match peer.local {
                None => "You are watching this game",
                Some(_) if !peer.is_connected() => "The other player is gone",
                Some(_) => "An offer is already waiting for an answer",
            })
        } else if what == Proposal::Undo && !mine {
            Some("You have no move to take back")
        } else {
            None
        };
        match (refused, &mut self.peer) {
            (Some(why), _) => self.message = Some(why.to_string()),
            (None, Some(peer)) => peer.offer(what),
            (None, None) => {}
        }
    }

    /// Accepts or declines the other player's offer, in a network game
    /// (or claims the win when the other player stays away).
    pub(super) fn answer(&mut self, accept: bool) {
        let ended = self.ended();
        let Some(peer) = self.peer.as_mut() else {
            return;
        };
        match peer.offered_to_us() {
            Some(what) if !ended => peer.answer(what, accept),
            None if accept && peer.claimable && !ended => {
                peer.claim();
                self.message = Some("You claim the win".to_string());
            }
            _ => self.message = Some("There is no offer to answer".to_string()),
        }
    }

    /// Refuses what a network game cannot do (undo, hint, ...): true,
    /// with a message, in a network game.
    pub(super) fn refused_online(&mut self, what: &str) -> bool {
        if self.peer.is_some() {
            self.message = Some(format!("No {what} in a network game"));
        }
        self.peer.is_some()
    }

    /// The host tells of an answer: an accepted undo takes the offerer's
    /// last move back (with the reply after it), an accepted draw ends
    /// the game. A connection to drop, if the host took back a move that
    /// is not there.
    fn answered(&mut self, by: Player, what: Proposal, accept: bool) -> Option<Connection> {
        let peer = self.peer.as_mut()?;
        peer.pending = None;
        peer.asked = false;
        if peer.local == Some(by) {
            peer.answering = false;
        }
        let text = answer_text(peer.who(by), what, accept);
        self.message = Some(text);
        match (accept, what) {
            (false, _) => None,
            (true, Proposal::Draw) => {
                if !self.ended() {
                    self.adjudged = Some(Adjudged::DrawAgreed);
                }
                None
            }
            (true, Proposal::Undo) => {
                self.animation = None;
                self.browsing = None;
                self.hint = None;
                match !self.ended() && self.line.take_back(by.other()) {
                    true => None,
                    false => Some(Connection::Lost(
                        "the host took back a move that was not there".to_string(),
                    )),
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
