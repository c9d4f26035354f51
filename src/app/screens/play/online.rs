//! A network game on the game screen: the other side's moves come from
//! the [`Session`] (polled in `tick`, like the computer's search) and are
//! checked by the engine before they are played; the moves, offers, chat
//! and resignation made here are sent to it.

use std::time::Instant;

use super::Play;
use super::peer::{Connection, HeardClock, Peer};
use crate::app::games::GameUi;
use crate::net::offer::{answer_text, withdraw_text};
use crate::net::protocol::{Proposal, sanitise};
use crate::net::session::News;
use tabletop_engine::line::Line;
use tabletop_engine::record::Adjudged;
use tabletop_engine::{Outcome, Player};

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
        for news in heard {
            let connection = self.heard(news);
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

    /// Takes one piece of news; how the connection stands after it, if
    /// that changed.
    fn heard(&mut self, news: News) -> Option<Connection> {
        let local = self.peer.as_ref().and_then(|peer| peer.local);
        match news {
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
            News::OutOfTime(side) => self.adjudge_heard(Adjudged::OutOfTime(side)),
            News::Abandoned(side) => self.adjudge_heard(Adjudged::Abandoned(side)),
            News::Refused { mv, reason } => self.move_refused(&mv, &reason),
            News::Resigned(side) if local == Some(side) => {
                Some(Connection::Lost("the host resigned for us".to_string()))
            }
            News::Resigned(side) => {
                if !self.ended() {
                    self.resigned = Some(side);
                }
                None
            }
            News::Ended { result, reason } => Some(self.ended_by_host(&result, &reason)),
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
        }
    }

    /// The host ended the game with `result`: as the game here ended, or
    /// abandoned for `reason`.
    /// The host ended the game as `adjudged` says (the clock, a claim).
    fn adjudge_heard(&mut self, adjudged: Adjudged) -> Option<Connection> {
        if !self.ended() {
            self.adjudged = Some(adjudged);
            self.message = Some(adjudged.text::<G>());
        }
        None
    }

    /// The server could not keep this side's last move, `mv`: it is
    /// taken back, and this side is to move again.
    fn move_refused(&mut self, mv: &str, reason: &str) -> Option<Connection> {
        let local = self.peer.as_ref()?.local?;
        let last = self.line.moves().last().map(|last| last.to_string());
        if last.as_deref() != Some(mv) || !self.line.take_back(local) {
            return Some(Connection::Lost(
                "the host refused a move that was not made".to_string(),
            ));
        }
        self.animation = None;
        self.message = Some(format!(
            "The server could not keep your move {mv}: {reason}."
        ));
        None
    }

    fn ended_by_host(&self, result: &str, reason: &str) -> Connection {
        let ours = self.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => G::symbol(player).to_string(),
            Outcome::Draw => "draw".to_string(),
        });
        match ours.as_deref() == Some(result) {
            true => Connection::Ended,
            false => Connection::Lost(format!("the game was abandoned: {reason}")),
        }
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
            // Declining one's own offer withdraws it.
            None if !accept && !ended && peer.own_offer().is_some() => peer.withdraw(),
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
        let withdrawn = peer.pending.is_some_and(|(offerer, _)| offerer == by);
        peer.pending = None;
        peer.asked = false;
        if peer.local == Some(by) {
            peer.answering = false;
        }
        let text = match withdrawn {
            true => withdraw_text(peer.who(by), what),
            false => answer_text(peer.who(by), what, accept),
        };
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
