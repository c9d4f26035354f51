//! A game at its table: the game as the engine has it, its clock, the
//! offer waiting for an answer, the players' names. What a player asks is
//! checked here into an entry of the game's log ([`Happened`]); an entry
//! is applied here, and says what everyone is to be told. A table holds
//! no connection, so it can be copied to see what an entry would do
//! before the entry is kept.

use std::time::Duration;

use tokio::time::Instant;

use crate::chat::{CHAT_LIMIT, ChatCount};
use crate::clock::{self, Clock, clock_line};
use crate::connection::kind;
use crate::event::{ClockAfter, Happened, Logged, now_ms};
use crate::offer::{TYPE_ANSWER, answer_text, lapse_text, offer_text, withdraw_text, word};
use crate::protocol::{MAX_CHAT, Message, Proposal, notice, sanitise};
use crate::seen::Seen;
use crate::state::GameState;
use tabletop_engine::record::{Adjudged, Record};
use tabletop_engine::time_control::TimeControl;
use tabletop_engine::{Described, Player};

/// What a player's message asks, once checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Checked {
    /// Something to happen: an entry for the log.
    Happens(Happened),
    /// Nothing happens; the player alone is told this (an offer while
    /// another waits, a line of chat beyond the bounds).
    Answered(String),
    /// The win against an absent opponent: the owner, who knows who is
    /// there, decides.
    Claim,
    /// Against the rules, and why: the player is refused and unseated.
    Refused(String),
}

/// What an entry applied tells whom.
#[derive(Clone, PartialEq, Debug)]
pub enum Told<M> {
    /// Every connection at the game but `except`'s (none: all of them).
    Relay {
        except: Option<Player>,
        message: Message,
    },
    /// `side`'s own connection alone.
    To { side: Player, message: Message },
    /// The terminal the game is shown on.
    Shown(Seen<M>),
}

/// A game at its table.
#[derive(Clone, Debug)]
pub struct Table<G: Described> {
    pub state: GameState<G>,
    pub clock: Option<Clock>,
    /// The offer waiting for an answer, and who made it.
    pending: Option<(Player, Proposal)>,
    /// The lines of chat said, for the bounds on them.
    chat: ChatCount,
    /// The first and the second player's names.
    pub names: [String; 2],
    /// The side played at the terminal the game is shown on (a host's),
    /// if any: it is told its own offers as "You offer".
    pub local: Option<Player>,
    /// The last entry applied, 0 before any.
    pub seq: u64,
}

impl<G: Described> Table<G> {
    /// The game a record holds, its clock not started.
    pub fn new(record: &Record<G>, local: Option<Player>) -> Result<Table<G>, String> {
        Ok(Table {
            state: GameState::of_record(record)?,
            clock: record.clock.map(Clock::new),
            pending: None,
            chat: ChatCount::default(),
            names: [String::new(), String::new()],
            local,
            seq: 0,
        })
    }

    /// The game's time control, if it has one.
    pub fn control(&self) -> Option<TimeControl> {
        self.clock.as_ref().map(|clock| clock.control)
    }

    /// The offer waiting for an answer, and who made it.
    pub fn pending(&self) -> Option<(Player, Proposal)> {
        self.pending
    }

    /// Whether `side` made the offer waiting: it moves again once the
    /// offer is answered, so that every screen takes back, or ends, the
    /// same game.
    pub fn is_waiting_on(&self, side: Player) -> bool {
        self.pending.is_some_and(|(offerer, _)| offerer == side)
    }

    /// What the offer waiting for `side`'s answer offers, if there is one.
    pub fn waiting_for(&self, side: Player) -> Option<Proposal> {
        self.pending
            .filter(|(offerer, _)| *offerer != side)
            .map(|(_, what)| what)
    }

    /// What `side`'s message asks, checked against the rules: a move on
    /// its turn and legal, an offer or answer that may be made now, a
    /// chat, its own resignation, a claim.
    pub fn check(&self, side: Player, message: Message) -> Checked {
        let refused = match message {
            Message::Move { .. } if self.is_waiting_on(side) => {
                "a move while one's own offer waits for an answer".to_string()
            }
            Message::Move { mv } => match self.state.checked(side, &mv) {
                Ok(mv) => {
                    let mv = mv.to_string();
                    return Checked::Happens(Happened::Moved {
                        side: side.into(),
                        mv,
                    });
                }
                Err(why) => why,
            },
            Message::Offer { what, .. } => return self.check_offer(side, what),
            Message::Answer { what, accept, .. } => match self.pending {
                // The other side's offer answered, or one's own withdrawn.
                Some((offerer, offered)) if (offerer != side || !accept) && offered == what => {
                    let side = side.into();
                    return Checked::Happens(Happened::Answered { side, what, accept });
                }
                _ => format!("an answer to no {} offer", word(what)),
            },
            Message::Chat { text, .. } => {
                if let Some(why) = self.chat.refusal(side, CHAT_LIMIT) {
                    return Checked::Answered(why);
                }
                let text = sanitise(&text, MAX_CHAT);
                return Checked::Happens(Happened::Chat {
                    side: side.into(),
                    text,
                });
            }
            Message::Resign { side: resigner } if Player::from(resigner) == side => {
                return Checked::Happens(Happened::Resigned { side: resigner });
            }
            Message::Claim => return Checked::Claim,
            other => format!("a {} message from a player", kind(&other)),
        };
        Checked::Refused(refused)
    }

    /// A draw offer or an undo request from `side`, checked.
    fn check_offer(&self, side: Player, what: Proposal) -> Checked {
        if self.state.is_over() {
            return Checked::Refused("an offer after the end of the game".to_string());
        }
        if what == Proposal::Undo && !self.state.has_moved(side) {
            let why = "an undo with no move of one's own to take back";
            return Checked::Refused(why.to_string());
        }
        if self.pending.is_some() {
            let text = "An offer is already waiting for an answer.";
            return Checked::Answered(text.to_string());
        }
        Checked::Happens(Happened::Offered {
            side: side.into(),
            what,
        })
    }

    /// `happened` as the next entry of the log, at `now`: the clock as it
    /// will stand after it, and the table as it will be once it is kept
    /// (this table is unchanged until then).
    pub fn stamp(
        &self,
        happened: Happened,
        now: Instant,
    ) -> (Logged, Table<G>, Vec<Told<G::Move>>) {
        let mut next = self.clone();
        let mut logged = Logged {
            seq: self.seq + 1,
            at_ms: now_ms(),
            happened,
            clock: None,
        };
        let told = next.take(&logged, Some(now));
        logged.clock = next.clock.as_ref().map(|clock| clock::after(clock, now));
        (logged, next, told)
    }

    /// Applies an entry kept in the log (by this owner or another),
    /// unless it was applied already: what everyone is to be told.
    pub fn apply(&mut self, logged: &Logged) -> Vec<Told<G::Move>> {
        if logged.seq <= self.seq {
            return Vec::new();
        }
        self.take(logged, None)
    }

    /// Applies `logged`: the clock worked out at `now` when this owner
    /// made the entry, or set as the entry says.
    fn take(&mut self, logged: &Logged, made_at: Option<Instant>) -> Vec<Told<G::Move>> {
        self.seq = logged.seq;
        let mut told = Vec::new();
        self.happen(&logged.happened, &mut told);
        let now = made_at.unwrap_or_else(Instant::now);
        // Every owner turns its clock alike, so all agree on whether
        // everyone is told; an entry made elsewhere then sets it.
        let tell = self.turn_clock(&logged.happened, now);
        if made_at.is_none() {
            self.set_clock(logged.clock, logged.at_ms, now);
        }
        if tell {
            self.tell_clock(now, &mut told);
        }
        told
    }

    /// The game after `happened`, and what everyone hears of it.
    fn happen(&mut self, happened: &Happened, told: &mut Vec<Told<G::Move>>) {
        match happened {
            Happened::Moved { side, mv } => self.moved((*side).into(), mv, told),
            Happened::Resigned { side } => {
                let side = Player::from(*side);
                if self.state.resign(side) {
                    told.push(Told::Shown(Seen::Resigned(side)));
                }
                let message = Message::Resign { side: side.into() };
                told.push(Told::Relay {
                    except: Some(side),
                    message,
                });
            }
            Happened::Offered { side, what } => self.offered((*side).into(), *what, told),
            Happened::Answered { side, what, accept } => {
                self.answered((*side).into(), *what, *accept, told);
            }
            Happened::Chat { side, text } => {
                let side = Player::from(*side);
                self.chat.said(side);
                let (from, text) = (self.names[side.index()].clone(), text.clone());
                // The terminal's own words are on its screen already.
                if self.local != Some(side) {
                    told.push(Told::Shown(Seen::Chat {
                        from: from.clone(),
                        text: text.clone(),
                    }));
                }
                let message = Message::Chat { from, text };
                told.push(Told::Relay {
                    except: Some(side),
                    message,
                });
            }
            Happened::OutOfTime { side } => {
                self.adjudge(Adjudged::OutOfTime((*side).into()), told);
                let message = Message::OutOfTime { side: *side };
                told.push(Told::Relay {
                    except: None,
                    message,
                });
            }
            Happened::Claimed { side } => {
                let absent = Player::from(*side).other();
                self.adjudge(Adjudged::Abandoned(absent), told);
                let message = Message::Abandoned {
                    side: absent.into(),
                };
                told.push(Told::Relay {
                    except: None,
                    message,
                });
            }
            Happened::Seated { side, name, .. } => {
                self.names[Player::from(*side).index()] = name.clone();
            }
            Happened::Away { .. } | Happened::Expired => {}
        }
    }

    /// `side` played `mv` (checked when the entry was made).
    fn moved(&mut self, side: Player, mv: &str, told: &mut Vec<Told<G::Move>>) {
        let Ok(mv) = self.state.checked(side, mv) else {
            return;
        };
        self.state.play(mv);
        self.chat.moved();
        let typed_here = self.local == Some(side);
        told.push(Told::Shown(Seen::Moved { mv, typed_here }));
        let message = Message::Move { mv: mv.to_string() };
        told.push(Told::Relay {
            except: Some(side),
            message,
        });
        let message = Message::Ack { mv: mv.to_string() };
        told.push(Told::To { side, message });
        // A move declines the other side's offer, and everyone hears so.
        if let Some((offerer, what)) = self.pending.filter(|(offerer, _)| *offerer != side) {
            self.pending = None;
            let text = lapse_text(self.speaker(offerer), what, self.speaker(side));
            told.push(Told::Shown(Seen::Notice(text)));
            let names = [offerer, side].map(|player| self.names[player.index()].as_str());
            let text = lapse_text(Some(names[0]), what, Some(names[1]));
            told.push(Told::Relay {
                except: None,
                message: notice(text),
            });
        }
    }

    /// `side` offers a draw or asks for an undo: everyone is told (the
    /// offerer too).
    fn offered(&mut self, side: Player, what: Proposal, told: &mut Vec<Told<G::Move>>) {
        self.pending = Some((side, what));
        let answerable = self.local.is_some_and(|local| local != side);
        let text = offer_text(self.speaker(side), what, answerable.then_some(TYPE_ANSWER));
        told.push(Told::Shown(Seen::Notice(text)));
        let side = Some(side.into());
        let message = Message::Offer { what, side };
        told.push(Told::Relay {
            except: None,
            message,
        });
    }

    /// `side` accepts or declines the other side's offer: the draw ends
    /// the game, the undo takes the offerer's last move back, and
    /// everyone is told (the answerer too).
    fn answered(
        &mut self,
        side: Player,
        what: Proposal,
        accept: bool,
        told: &mut Vec<Told<G::Move>>,
    ) {
        let withdrawn = self.is_waiting_on(side);
        let offerer = side.other();
        self.pending = None;
        let text = match withdrawn {
            true => withdraw_text(self.speaker(side), what),
            false => answer_text(self.speaker(side), what, accept),
        };
        told.push(Told::Shown(Seen::Notice(text)));
        let message = Message::Answer {
            what,
            accept,
            side: Some(side.into()),
        };
        told.push(Told::Relay {
            except: None,
            message,
        });
        match (accept, what) {
            (false, _) => {}
            (true, Proposal::Draw) => self.adjudge(Adjudged::DrawAgreed, told),
            (true, Proposal::Undo) => {
                if self.state.take_back(offerer) {
                    told.push(Told::Shown(Seen::TakenBack(offerer)));
                }
            }
        }
    }

    /// Ends the game as `adjudged` says, shown, unless it was over.
    fn adjudge(&mut self, adjudged: Adjudged, told: &mut Vec<Told<G::Move>>) {
        if self.state.adjudge(adjudged) {
            told.push(Told::Shown(Seen::Adjudged(adjudged)));
        }
    }

    /// A player's name as the terminal the game is shown on tells it;
    /// none for its own.
    fn speaker(&self, side: Player) -> Option<&str> {
        match self.local == Some(side) {
            true => None,
            false => Some(&self.names[side.index()]),
        }
    }

    /// The clock after `happened`, worked out at `now`: the side to move's
    /// time runs (once the clock has started), it starts when both
    /// players are there, and stops at the end; a move taken back gains
    /// no increment. Whether everyone is to hear where it stands.
    fn turn_clock(&mut self, happened: &Happened, now: Instant) -> bool {
        let (over, to_move) = (self.state.is_over(), self.state.to_move());
        let Some(clock) = &mut self.clock else {
            return false;
        };
        match happened {
            Happened::Moved { .. } | Happened::Answered { .. } | Happened::OutOfTime { .. } => {
                let taken_back = matches!(
                    happened,
                    Happened::Answered {
                        what: Proposal::Undo,
                        accept: true,
                        ..
                    }
                );
                match (over, clock.running().is_some(), taken_back) {
                    (true, _, _) => clock.stop(now),
                    (false, true, false) => clock.turn(to_move, now),
                    (false, true, true) => clock.taken_back(to_move, now),
                    (false, false, _) => return false,
                }
                true
            }
            Happened::Seated {
                both_here: true, ..
            } if clock.running().is_none() && !over => {
                clock.turn(to_move, now);
                true
            }
            _ => false,
        }
    }

    /// The clock as an entry made elsewhere says, its running side's time
    /// counted from the entry's time.
    fn set_clock(&mut self, after: Option<ClockAfter>, at_ms: u64, now: Instant) {
        let (Some(clock), Some(after)) = (&mut self.clock, after) else {
            return;
        };
        let ago = Duration::from_millis(now_ms().saturating_sub(at_ms));
        *clock = clock::restored(clock.control, after, ago, now);
    }

    /// Everyone hears where the clock stands, the terminal too.
    fn tell_clock(&self, now: Instant, told: &mut Vec<Told<G::Move>>) {
        let Some(clock) = &self.clock else {
            return;
        };
        told.push(Told::Relay {
            except: None,
            message: clock::message(clock, now),
        });
        if !self.state.is_over() {
            let symbols = Player::BOTH.map(G::symbol);
            let line = clock_line(symbols, clock.left(now));
            told.push(Told::Shown(Seen::Notice(line)));
        }
    }

    /// When the clock's running side runs out of time, if it runs.
    pub fn deadline(&self) -> Option<Instant> {
        let (_, at) = self.clock.as_ref()?.deadline()?;
        Some(at)
    }

    /// The side out of time now, if the game goes on and one is.
    pub fn flagged(&self, now: Instant) -> Option<Player> {
        let (loser, at) = self.clock.as_ref()?.deadline()?;
        (now >= at && !self.state.is_over()).then_some(loser)
    }

    /// Pauses the clock where it stands (a game loaded back with nobody
    /// there: it starts again when a player sits down).
    pub fn pause_clock(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
    }

    /// Why the game ended, for the `end` message: who resigned, or how
    /// the clock or the players ended it, in the words every screen
    /// uses for it (`Player O resigned`).
    pub fn end_reason(&self) -> String {
        let text = match (self.state.resigned(), self.state.adjudged()) {
            (Some(resigner), _) => G::resignation_text(resigner),
            (None, Some(adjudged)) => adjudged.text::<G>(),
            (None, None) => return "the game is over".to_string(),
        };
        text.trim_end_matches('.').to_string()
    }

    /// The game as a record, its clock included.
    pub fn record(&self) -> Record<G> {
        let mut record = self.state.record();
        record.clock = self.control();
        record
    }
}
