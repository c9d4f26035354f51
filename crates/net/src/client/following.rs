//! A game followed from the host's messages, on the side of a player or a
//! spectator: the engine's position (every move the host relays checked
//! in turn), the offers waiting, and what the player here may do now.
//! Whoever shows it is told what happens through a [`Witness`].

use std::io;
use std::time::Duration;

use crate::clock::clock_line;
use crate::intent::Intent;
use crate::offer::{TYPE_ANSWER, answer_text, offer_text, withdraw_text};
use crate::protocol::{MAX_CHAT, MAX_NAME, Message, Proposal, sanitise};
use crate::seen::{Seen, Witness};
use crate::state::GameState;
use tabletop_engine::record::{Adjudged, read_settings};
use tabletop_engine::{Described, Player};

use super::link::Welcomed;

/// A welcomed game, as this side follows it.
pub struct Following<G: Described> {
    pub state: GameState<G>,
    /// The side played here; none for a spectator.
    pub side: Option<Player>,
    /// The players' names, sanitised.
    pub names: [String; 2],
    offers: Offers,
    /// The opponent has stayed away long enough to be claimed against.
    claimable: bool,
    /// What messages call the other end: `host`, or `server`.
    peer: &'static str,
}

/// What a message from the host did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Heard {
    /// The game goes on.
    Going,
    /// The host ended the game: at its result (true), or abandoned.
    Ended(bool),
}

impl<G: Described> Following<G> {
    /// The game `welcomed` describes, its settings and moves checked.
    pub fn new(welcomed: &Welcomed) -> Result<Following<G>, String> {
        let peer = welcomed.link.peer();
        let hosted = |why: String| format!("the {peer} sent {why}");
        let settings = read_settings::<G>(&welcomed.settings).map_err(|e| hosted(e.to_string()))?;
        let mut state = GameState::new(G::new(settings));
        state.catch_up(&welcomed.moves).map_err(hosted)?;
        Ok(Following {
            state,
            side: welcomed.side,
            names: welcomed.names.clone(),
            offers: Offers::default(),
            claimable: false,
            peer,
        })
    }

    /// Whether a move typed here can be played now: this side's turn,
    /// and no offer or accepted undo of this side's waiting.
    pub fn my_turn(&self) -> bool {
        self.local_turn() && !self.offers.holding()
    }

    /// Whether the game waits for this side's move.
    fn local_turn(&self) -> bool {
        !self.state.is_over() && self.side == Some(self.state.to_move())
    }

    fn show(&self, seen: &mut dyn Witness<G>, what: Seen<G::Move>) -> io::Result<()> {
        seen.see(&self.state, what)
    }

    /// Does what the player here asks: the message to send the host, if
    /// any; what cannot be done now is shown refused instead.
    pub fn typed(
        &mut self,
        intent: Intent<G::Move>,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<Option<Message>> {
        let Some(side) = self.side else {
            return Ok(None);
        };
        let refused = match intent {
            Intent::Move(mv) => match self.state.checked(side, &mv.to_string()) {
                Ok(mv) => {
                    self.state.play(mv);
                    self.show(
                        seen,
                        Seen::Moved {
                            mv,
                            typed_here: true,
                        },
                    )?;
                    self.offers.moved(side);
                    return Ok(Some(Message::Move { mv: mv.to_string() }));
                }
                Err(why) => why,
            },
            Intent::Chat(text) => {
                let text = sanitise(&text, MAX_CHAT);
                let from = String::new();
                return Ok(Some(Message::Chat { from, text }));
            }
            Intent::Resign => {
                if self.state.resign(side) {
                    self.show(seen, Seen::Resigned(side))?;
                }
                return Ok(Some(Message::Resign { side: side.into() }));
            }
            Intent::Claim if self.claimable => return Ok(Some(Message::Claim)),
            Intent::Claim => "There is nothing to claim.".to_string(),
            Intent::Offer(_) if self.offers.pending.is_some() => {
                "An offer is already waiting for an answer.".to_string()
            }
            Intent::Offer(Proposal::Undo) if !self.state.has_moved(side) => {
                "You have no move to take back.".to_string()
            }
            Intent::Offer(what) => {
                self.offers.asked = true;
                return Ok(Some(Message::Offer { what, side: None }));
            }
            Intent::Answer(accept) => match self.offers.answer(side, accept) {
                Some(message) => return Ok(Some(message)),
                None => "There is no offer to answer.".to_string(),
            },
            Intent::Unreadable(why) if self.local_turn() => why,
            Intent::Unreadable(_) if self.claimable => {
                "It is not your turn: type claim to win, or wait.".to_string()
            }
            Intent::Unreadable(_) => "It is not your turn.".to_string(),
        };
        self.show(seen, Seen::Refused(refused))?;
        Ok(None)
    }

    /// The connection closed: fine once the game is over.
    pub fn closed(&self) -> Result<Heard, String> {
        match self.state.is_over() {
            true => Ok(Heard::Ended(true)),
            false => Err(format!("the {} closed the connection", self.peer)),
        }
    }

    /// Applies a message from the host, checked; why not, if the host
    /// broke the rules (the game is then over here).
    pub fn heard(&mut self, message: Message, seen: &mut dyn Witness<G>) -> Result<Heard, String> {
        let io = |error: io::Error| error.to_string();
        let peer = self.peer;
        let hosted = |why: String| format!("the {peer} sent {why}");
        match message {
            Message::Move { mv } => {
                // The host moves for its side; a spectator sees both.
                let by = match self.side {
                    Some(side) => side.other(),
                    None => self.state.to_move(),
                };
                let mv = self.state.checked(by, &mv).map_err(hosted)?;
                self.state.play(mv);
                self.show(
                    seen,
                    Seen::Moved {
                        mv,
                        typed_here: false,
                    },
                )
                .map_err(io)?;
                self.offers.moved(by);
            }
            Message::Chat { from, text } => {
                self.show(seen, Seen::Chat { from, text }).map_err(io)?;
            }
            Message::Resign { side: resigner } => {
                let resigner = Player::from(resigner);
                if Some(resigner) == self.side {
                    return Err(format!("the {peer} resigned for us"));
                }
                if self.state.resign(resigner) {
                    self.show(seen, Seen::Resigned(resigner)).map_err(io)?;
                }
            }
            Message::Offer {
                what,
                side: Some(offerer),
            } => {
                self.offered(offerer.into(), what, seen).map_err(io)?;
            }
            Message::Answer {
                what,
                accept,
                side: Some(answerer),
            } => {
                self.answered(answerer.into(), what, accept, seen)?;
            }
            Message::Clock { left_ms, .. } if !self.state.is_over() => {
                let left = left_ms.map(Duration::from_millis);
                let symbols = Player::BOTH.map(G::symbol);
                self.show(seen, Seen::Notice(clock_line(symbols, left)))
                    .map_err(io)?;
            }
            Message::Clock { .. } => {}
            Message::OutOfTime { side: loser } => {
                self.adjudged(Adjudged::OutOfTime(loser.into()), seen)
                    .map_err(io)?;
            }
            Message::Abandoned { side: loser } => {
                self.adjudged(Adjudged::Abandoned(loser.into()), seen)
                    .map_err(io)?;
            }
            Message::Ack { .. } | Message::Pong => {}
            Message::Refused { mv, reason } => self.refused(&mv, &reason, seen)?,
            Message::End { result, reason } => return self.ended(&result, &reason, seen),
            Message::Error { reason } => {
                return Err(format!("the {peer} refused: {}", sanitise(&reason, 200)));
            }
            Message::Notice {
                text,
                claimable,
                seats,
            } => {
                // Who sits where: a name first heard here (who took the
                // open seat) names them in what follows.
                if let Some(seats) = seats {
                    self.names = seats.names.map(|name| sanitise(&name, MAX_NAME));
                }
                self.claimable = claimable;
                let text = sanitise(&text, MAX_CHAT);
                self.show(seen, Seen::Notice(text)).map_err(io)?;
            }
            other => {
                let kind = crate::connection::kind(&other);
                return Err(format!("the {peer} sent a {kind} message during the game"));
            }
        }
        Ok(Heard::Going)
    }

    /// The game ended as `adjudged` says, told, unless it was over.
    fn adjudged(&mut self, adjudged: Adjudged, seen: &mut dyn Witness<G>) -> io::Result<()> {
        match self.state.adjudge(adjudged) {
            true => self.show(seen, Seen::Adjudged(adjudged)),
            false => Ok(()),
        }
    }

    /// This side's last move, `mv`, was not saved by the host: it is
    /// taken back here, and why is told.
    fn refused(&mut self, mv: &str, reason: &str, seen: &mut dyn Witness<G>) -> Result<(), String> {
        let io = |error: io::Error| error.to_string();
        let Some(side) = self.side else {
            return Err(format!(
                "the {} refused a move a spectator never made",
                self.peer
            ));
        };
        let last = self.state.moves().last().map(|last| last.to_string());
        if last.as_deref() != Some(mv) || !self.state.take_back(side) {
            return Err(format!(
                "the {} refused a move that was not made",
                self.peer
            ));
        }
        self.show(seen, Seen::TakenBack(side)).map_err(io)?;
        let text = format!(
            "The server could not keep your move {}: {}.",
            sanitise(mv, 16),
            sanitise(reason, 200)
        );
        self.show(seen, Seen::Notice(text)).map_err(io)
    }

    /// The host's `end`: the game's result as it stands here, or its
    /// abandonment, told.
    fn ended(
        &mut self,
        result: &str,
        reason: &str,
        seen: &mut dyn Witness<G>,
    ) -> Result<Heard, String> {
        if self.state.result().as_deref() == Some(result) {
            return Ok(Heard::Ended(true));
        }
        let reason = sanitise(reason, 200);
        self.show(seen, Seen::Abandoned(reason))
            .map_err(|e| e.to_string())?;
        Ok(Heard::Ended(false))
    }

    /// `offerer`'s offer, as the host relays it.
    fn offered(
        &mut self,
        offerer: Player,
        what: Proposal,
        seen: &mut dyn Witness<G>,
    ) -> io::Result<()> {
        self.offers.pending = Some((offerer, what));
        // The other side's offer came first: ours was not taken.
        self.offers.asked &= Some(offerer) == self.side;
        let who = (Some(offerer) != self.side).then(|| self.names[offerer.index()].as_str());
        let answerable = self.side.is_some_and(|side| side != offerer);
        let text = offer_text(who, what, answerable.then_some(TYPE_ANSWER));
        self.show(seen, Seen::Notice(text))
    }

    /// `answerer`'s answer, as the host relays it, acted on.
    fn answered(
        &mut self,
        answerer: Player,
        what: Proposal,
        accept: bool,
        seen: &mut dyn Witness<G>,
    ) -> Result<(), String> {
        let io = |error: io::Error| error.to_string();
        let withdrawn = self
            .offers
            .pending
            .is_some_and(|(offerer, _)| offerer == answerer);
        self.offers.pending = None;
        self.offers.asked = false;
        if Some(answerer) == self.side {
            self.offers.answering = false;
        }
        let who = (Some(answerer) != self.side).then(|| self.names[answerer.index()].as_str());
        let text = match withdrawn {
            true => withdraw_text(who, what),
            false => answer_text(who, what, accept),
        };
        self.show(seen, Seen::Notice(text)).map_err(io)?;
        match (accept, what) {
            (false, _) => {}
            (true, Proposal::Draw) => {
                if self.state.adjudge(Adjudged::DrawAgreed) {
                    self.show(seen, Seen::Adjudged(Adjudged::DrawAgreed))
                        .map_err(io)?;
                }
            }
            (true, Proposal::Undo) => {
                let by = answerer.other();
                if !self.state.take_back(by) {
                    return Err(format!(
                        "the {} took back a move that was not there",
                        self.peer
                    ));
                }
                self.show(seen, Seen::TakenBack(by)).map_err(io)?;
            }
        }
        Ok(())
    }
}

/// Offers as a client knows them, from the host's word alone.
#[derive(Default)]
struct Offers {
    /// The offer waiting for an answer, and who made it.
    pending: Option<(Player, Proposal)>,
    /// An undo accepted here, not yet taken back by the host: no move
    /// is played meanwhile.
    answering: bool,
    /// An offer made here and not answered yet: no move is played
    /// meanwhile (the host would refuse it).
    asked: bool,
}

impl Offers {
    /// A move by `by` declines the other side's offer.
    fn moved(&mut self, by: Player) {
        if self.pending.is_some_and(|(offerer, _)| offerer != by) {
            self.pending = None;
            self.asked = false;
        }
    }

    /// The answer `side` gives to the other side's offer waiting, if
    /// there is one.
    fn answer(&mut self, side: Player, accept: bool) -> Option<Message> {
        let (offerer, what) = self.pending?;
        // One's own offer can only be withdrawn; it waits until the host
        // says it is.
        match (offerer == side, accept) {
            (true, true) => return None,
            (true, false) => {}
            (false, _) => self.pending = None,
        }
        // Nothing is played until the host has taken the move back.
        self.answering = accept && what == Proposal::Undo;
        Some(Message::Answer {
            what,
            accept,
            side: None,
        })
    }

    /// Whether moves typed here wait: for the host to take a move back,
    /// or for the answer to this side's offer.
    fn holding(&self) -> bool {
        self.answering || self.asked
    }
}
