//! One room of the server, on its own task to the end of its game: seats
//! and spectators come and go, every move is checked, relayed and saved,
//! the computer plays its side, an absent player can be claimed against
//! after the reconnect timeout.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until};

use super::files::{ROOM_FILE, RoomFile, room_json};
use super::lobby::{Access, Shared, listing, new_code};
use crate::connection::{Event, refusal};
use crate::protocol::{Message, Seats};
use crate::room::{Room, Said};
use crate::seen::Unseen;
use tabletop_ai::{self as ai, History, Level};
use tabletop_core::files as writing;
use tabletop_core::games::Playable;
use tabletop_engine::Player;

/// A room and its own state around its game.
pub(super) struct RoomTask<G: Playable> {
    room: Room<G>,
    shared: Arc<Shared>,
    id: u64,
    file: RoomFile,
    /// When each side's player left, while they are away.
    away: [Option<Instant>; 2],
    /// Whether the other side was told it may claim.
    told: [bool; 2],
    computer: Option<(Player, Level)>,
    searching: bool,
}

/// Runs the room `id` to the end of its game.
pub(super) async fn room_task<G: Playable>(
    shared: Arc<Shared>,
    id: u64,
    room: Room<G>,
    file: RoomFile,
    events: mpsc::Receiver<Event>,
) {
    let computer = file
        .computer
        .and_then(|(side, level)| Some((Player::from(side), Level::new(level)?)));
    let mut task = RoomTask {
        room,
        shared,
        id,
        file,
        away: [None, None],
        told: [false, false],
        computer,
        searching: false,
    };
    // A game loaded back has both its players away until they rejoin.
    for side in Player::BOTH {
        if task.file.rejoin[side.index()].is_some() && task.computer.map(|c| c.0) != Some(side) {
            task.away[side.index()] = Some(Instant::now());
        }
    }
    if task.run(events).await {
        task.finish();
    }
}

impl<G: Playable> RoomTask<G> {
    /// The game to its end (true), or until the server lets the room go.
    async fn run(&mut self, mut events: mpsc::Receiver<Event>) -> bool {
        let (moves_in, mut moves) = mpsc::channel::<Option<String>>(1);
        while !self.room.state.is_over() {
            if let Some((side, level)) = self.computer
                && self.room.state.to_move() == side
                && !self.searching
            {
                self.searching = true;
                let game = self.room.state.game().clone();
                search(&self.shared, game, level, moves_in.clone());
            }
            let claim_at = self.claim_time();
            let deadline = self.room.deadline();
            tokio::select! {
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    if let Ok(true) = self.room.flag(&mut Unseen) {
                        self.keep().await;
                    }
                }
                event = events.recv() => match event {
                    None => return false,
                    Some(event) => self.event(event).await,
                },
                Some(found) = moves.recv() => {
                    self.searching = false;
                    if let Some((side, _)) = self.computer
                        && let Some(mv) = found
                        && self.room.play_own(side, &mv, &mut Unseen).is_ok()
                    {
                        self.keep().await;
                    }
                }
                () = sleep_until(claim_at.unwrap_or_else(Instant::now)), if claim_at.is_some() => {
                    self.tell_claimable();
                }
            }
        }
        true
    }

    /// What a connection did.
    async fn event(&mut self, event: Event) {
        match event {
            Event::Arrived {
                id,
                seat: Some(side),
                name,
                outbox,
            } => self.arrived(id, side, name, outbox),
            Event::Arrived {
                id,
                seat: None,
                outbox,
                ..
            } => self.room.watch(id, outbox),
            Event::Said(id, message) => match self.room.said(id, message, &mut Unseen) {
                Ok(Said::Changed) => self.keep().await,
                Ok(Said::Claim(side)) => self.claim(side).await,
                Ok(Said::Refused(side, _)) => self.gone(side),
                Ok(Said::Nothing) | Err(_) => {}
            },
            Event::Left(id, _) => {
                if let Some(side) = self.room.left(id) {
                    self.gone(side);
                }
            }
        }
    }

    /// A player takes `side`'s seat: the first time with a new rejoin
    /// code, then back with it.
    fn arrived(&mut self, id: u64, side: Player, name: String, outbox: mpsc::Sender<Message>) {
        let rejoin = match self.file.rejoin[side.index()] {
            Some(_) => None,
            None => match new_code() {
                Ok((code, digest)) => {
                    self.file.rejoin[side.index()] = Some(digest.clone());
                    self.file.join = None;
                    let opens = (self.id, Access::Rejoin(side));
                    self.shared.lobby().codes.insert(digest, opens);
                    Some(code)
                }
                Err(_) => {
                    let _ = outbox.try_send(refusal("the server cannot make a code"));
                    return;
                }
            },
        };
        let first = rejoin.is_some();
        if self
            .room
            .seat(side, id, name.clone(), outbox, rejoin)
            .is_err()
        {
            return;
        }
        self.file.names = self.room.names.clone();
        let back = self.away[side.index()].take().is_some();
        self.told[side.other().index()] = false;
        let text = match (first, back) {
            (true, _) => format!("{name} joined."),
            _ => format!("{name} is back."),
        };
        // The seats too, so the opponent's and the spectators' screens
        // name who came.
        let seats = Some(Seats {
            names: self.room.names.clone(),
            waiting: false,
        });
        let notice = Message::Notice {
            text,
            claimable: false,
            seats,
        };
        self.room.relay(Some(side), notice);
        let opponent = self.computer.is_some() || self.file.rejoin[side.other().index()].is_some();
        if opponent {
            let _ = self.room.start_clock(&mut Unseen);
        }
        self.keep_file();
        self.list();
    }

    /// `side` claims the win against an absent opponent: granted once the
    /// opponent has been away longer than the reconnect timeout.
    async fn claim(&mut self, side: Player) {
        let other = side.other();
        let timeout = self.shared.options.reconnect_timeout;
        let claimable = self.away[other.index()].is_some_and(|away| away.elapsed() >= timeout);
        if claimable && !self.room.is_seated(other) {
            self.room.state.resign(other);
            self.room
                .relay(None, Message::Resign { side: other.into() });
            self.keep().await;
        } else {
            let text = "There is nothing to claim: your opponent is here or still may come back."
                .to_string();
            let notice = Message::Notice {
                text,
                claimable: false,
                seats: None,
            };
            self.room.tell(side, notice);
        }
    }

    /// Tells each player whose opponent has stayed away too long that
    /// they may claim.
    fn tell_claimable(&mut self) {
        for side in Player::BOTH {
            if self.away[side.other().index()].is_some() && !self.told[side.index()] {
                self.told[side.index()] = true;
                let name = &self.room.names[side.other().index()];
                let text = format!("{name} has not come back: type claim to win, or keep waiting.");
                let notice = Message::Notice {
                    text,
                    claimable: true,
                    seats: None,
                };
                self.room.tell(side, notice);
            }
        }
    }

    /// When the next claim becomes possible, if a player is away and
    /// their opponent has not been told yet.
    fn claim_time(&self) -> Option<Instant> {
        Player::BOTH
            .into_iter()
            .filter(|&side| !self.told[side.other().index()] && self.room.is_seated(side.other()))
            .filter_map(|side| self.away[side.index()])
            .map(|away| away + self.shared.options.reconnect_timeout)
            .min()
    }

    /// Everyone hears how the game ended; the record stays, the room
    /// file and the room go.
    fn finish(&mut self) {
        let end = Message::End {
            result: self.room.state.result().unwrap_or_default(),
            reason: self.room.end_reason(),
        };
        self.room.relay(None, end);
        let _ = std::fs::remove_file(self.path("room.json"));
        let mut lobby = self.shared.lobby();
        lobby.rooms.remove(&self.id);
        lobby.codes.retain(|_, (room, _)| *room != self.id);
    }

    fn path(&self, extension: &str) -> PathBuf {
        self.shared
            .options
            .data
            .join(format!("{}.{extension}", self.id))
    }

    /// The player at `side` is away: the opponent hears it.
    fn gone(&mut self, side: Player) {
        if self.file.rejoin[side.other().index()].is_none() {
            return;
        }
        self.away[side.index()] = Some(Instant::now());
        let name = &self.room.names[side.index()];
        let text = format!("Waiting for {name} to reconnect...");
        // Said where the panel says how the opponent stands; the game
        // goes on meanwhile, so the seat does not count as empty.
        let seats = Some(Seats {
            names: self.room.names.clone(),
            waiting: false,
        });
        let notice = Message::Notice {
            text,
            claimable: false,
            seats,
        };
        self.room.relay(Some(side), notice);
    }

    /// Updates the lobby's line for the room.
    fn list(&self) {
        let mut lobby = self.shared.lobby();
        if let Some(entry) = lobby.rooms.get_mut(&self.id) {
            entry.listing = listing(self.id, &self.room, entry.open);
        }
    }

    /// The game as a record; the computer's side as records name it, the
    /// players' names only in the room file.
    fn record_text(&self) -> String {
        let mut record = self.room.record();
        if let Some((side, level)) = self.computer {
            record.players[side.index()] = format!("ai:{}", level.get());
        }
        record.to_toml()
    }

    fn keep_file(&self) {
        let _ = writing::save_as(&self.path("room.json"), &room_json(&self.file), &ROOM_FILE);
    }

    /// Saves the game after a change, off the room's thread.
    async fn keep(&mut self) {
        self.list();
        // The time left goes with the game, so a restart loses none.
        if let Some(clock) = &self.room.clock {
            let left = clock.left(Instant::now());
            self.file.left_ms = Some(left.map(|left| left.as_millis() as u64));
            self.keep_file();
        }
        let (path, text) = (self.path("toml"), self.record_text());
        let saved = tokio::task::spawn_blocking(move || writing::save(&path, &text)).await;
        if let Ok(Err(error)) = saved {
            eprintln!("game {}: not saved: {error}", self.id);
        }
    }
}

/// Finds the computer's move on a blocking thread, a few at once.
fn search<G: Playable>(
    shared: &Shared,
    game: G,
    level: Level,
    found: mpsc::Sender<Option<String>>,
) {
    let searches = shared.searches.clone();
    tokio::spawn(async move {
        let Ok(_permit) = searches.acquire_owned().await else {
            return;
        };
        let seed = getrandom::u64().unwrap_or(7);
        let chosen = tokio::task::spawn_blocking(move || {
            let stop = AtomicBool::new(false);
            ai::choose(
                &game,
                &History::default(),
                level,
                level.budget(),
                seed,
                &stop,
            )
            .map(|mv| mv.to_string())
        })
        .await
        .ok()
        .flatten();
        let _ = found.send(chosen).await;
    });
}
