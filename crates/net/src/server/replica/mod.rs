//! A game's replica on this server: the room its connections are in, kept
//! in step with the game's log. What a player asks is checked by the
//! table, written to the log (the database decides its place: if another
//! server wrote that entry first, this one catches up and checks again),
//! and only then applied and relayed, the mover told it is kept. What
//! another server writes reaches this one ([`super::follow`]) and is
//! applied the same way. A write that fails refuses what was asked, and
//! says so to the players.

mod presence;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::{Instant, sleep_until};

use super::computer::{self, Found};
use super::shared::{Input, Shared};
use crate::connection::Event;
use crate::event::{Happened, Logged, now_ms};
use crate::protocol::{Message, Seats, notice};
use crate::room::MAX_SPECTATORS;
use crate::room::Room;
use crate::seen::Unseen;
use crate::store::RowChange;
use crate::store::writer::Job;
use crate::table::Checked;
use presence::Presence;
use tabletop_ai::Level;
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_engine::Player;
use tabletop_engine::record::{Record, read_settings};

/// Inputs waiting for one replica.
const QUEUE: usize = 256;

/// How long a replica nobody here is at lives on.
const IDLE: Duration = Duration::from_secs(5 * 60);

/// How often a replica looks again at who is alive, while a seat of its
/// game is held on another server.
const LOOK_AGAIN: Duration = Duration::from_secs(5);

/// Times one side may sit down at its game in [`RETURNS_WINDOW`]: each
/// time is written to the log and told to everyone at the game, so a
/// player coming back in a loop (by the rejoin code, as fast as it can
/// connect) would fill the database and flood the opponent's screen.
const RETURNS: u32 = 5;
const RETURNS_WINDOW: Duration = Duration::from_secs(10);

/// A side's sittings down in the window begun at its first.
#[derive(Default)]
struct Returns(Option<Instant>, u32);

impl Returns {
    /// Counts a sitting down at `now`; false once the window's are spent.
    fn allows(&mut self, now: Instant) -> bool {
        match self.0 {
            Some(began) if now.saturating_duration_since(began) < RETURNS_WINDOW => {
                self.1 = self.1.saturating_add(1);
                self.1 <= RETURNS
            }
            _ => {
                *self = Returns(Some(now), 1);
                true
            }
        }
    }
}

/// Starts the replica of the game `id`, from the database.
pub(super) async fn start(
    shared: Arc<Shared>,
    id: u64,
) -> Result<(mpsc::Sender<Input>, JoinHandle<()>), String> {
    let row = shared.store.game(id).await?.ok_or("no such game")?;
    if row.over {
        return Err("the game is over".to_string());
    }
    let log = shared.store.log(id, 0).await?;
    let kind: GameKind = row
        .game
        .parse()
        .map_err(|_| "a game this server does not know".to_string())?;
    let computer = row
        .computer
        .and_then(|(side, level)| Some((side, Level::new(level)?)));
    let seek = shared.store.is_seek(id).await?;
    kind.with(Spawn {
        shared,
        id,
        seek,
        settings: row.settings,
        clock: row.clock,
        computer,
        names: row.names,
        log,
    })
}

/// Starts a replica of whichever game.
struct Spawn {
    shared: Arc<Shared>,
    id: u64,
    seek: bool,
    settings: toml::Table,
    clock: Option<tabletop_engine::time_control::TimeControl>,
    computer: Option<(Player, Level)>,
    names: [String; 2],
    log: Vec<Logged>,
}

impl WithGame for Spawn {
    type Output = Result<(mpsc::Sender<Input>, JoinHandle<()>), String>;
    fn run<G: Playable>(self) -> Self::Output {
        let settings = read_settings::<G>(&self.settings).map_err(|e| e.reason)?;
        let mut record = Record::new(G::new(settings));
        record.clock = self.clock;
        let mut room = Room::new(&record, None, MAX_SPECTATORS)?;
        room.table.names = self.names;
        let mut replica = Replica {
            room,
            shared: self.shared,
            id: self.id,
            seek: self.seek,
            computer: self.computer,
            presence: Presence {
                computer: self.computer.map(|(side, _)| side),
                ..Presence::default()
            },
            searching: false,
            expired: false,
            empty_since: Instant::now(),
            answered_after: None,
            returns: Default::default(),
        };
        for logged in &self.log {
            replica.catch(logged);
        }
        replica.settle();
        let (inputs, queue) = mpsc::channel(QUEUE);
        Ok((inputs, tokio::spawn(replica.run(queue))))
    }
}

/// A game's replica.
pub(super) struct Replica<G: Playable> {
    room: Room<G>,
    shared: Arc<Shared>,
    id: u64,
    /// The game was made as a seek: it ends when its seeker leaves
    /// before anyone came.
    seek: bool,
    computer: Option<(Player, Level)>,
    presence: Presence,
    searching: bool,
    /// An open game nobody came to, ended.
    expired: bool,
    /// Since when no connection of this server is at the game.
    empty_since: Instant,
    /// The entry after which the computer last answered an offer (once
    /// an entry, should the database fail).
    answered_after: Option<u64>,
    /// Each side's sittings down lately.
    returns: [Returns; 2],
}

/// Why a replica stopped serving its game.
enum Served {
    /// The game is over (or expired): everyone here hears how it ended.
    Over,
    /// The server stops: what is in hand is finished first.
    Stopping,
    /// Nobody here has been at the game for a while.
    Idle,
}

/// What became of an entry written.
enum Committed {
    Kept,
    /// Another server wrote an entry of that number first; this replica
    /// has caught up.
    Overtaken,
}

impl<G: Playable> Replica<G> {
    /// A game loaded with nobody at it has its clock stopped where its
    /// log left it; it starts again when a player sits down.
    fn settle(&mut self) {
        let gone = |server: &str| self.shared.gone_since(server);
        let anyone = Player::BOTH
            .into_iter()
            .any(|side| self.presence.computer != Some(side) && self.presence.is_here(side, &gone));
        if !anyone {
            self.room.table.pause_clock(Instant::now());
        }
    }

    async fn run(mut self, mut inputs: mpsc::Receiver<Input>) {
        let served = self.serve(&mut inputs).await;
        // Nothing more comes to this replica: the server stops counting
        // it among its games before anyone hears how it ended, so no
        // entry of a game over (or left idle) stays behind. A connection
        // coming later starts a new replica, which finds the game over,
        // or takes it up again.
        inputs.close();
        self.shared.forget(self.id).await;
        match served {
            Served::Over => self.finish().await,
            Served::Stopping => self.stop(&mut inputs).await,
            Served::Idle => {}
        }
    }

    /// The game, as its inputs come, until it is over, the server stops,
    /// or nobody here has been at it for a while.
    async fn serve(&mut self, inputs: &mut mpsc::Receiver<Input>) -> Served {
        let (found_in, mut found) = mpsc::channel::<Found>(1);
        while !self.room.table.state.is_over() && !self.expired {
            if let Some(what) = self.offer_for_computer() {
                self.answer_as_computer(what).await;
                continue;
            }
            self.think(&found_in);
            let deadline = self.room.deadline();
            let wake = self.wake();
            tokio::select! {
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.flag().await;
                }
                input = inputs.recv() => match input {
                    None | Some(Input::Stop) => return Served::Stopping,
                    Some(input) => self.input(input).await,
                },
                Some(found) = found.recv() => self.computer_moved(found).await,
                () = sleep_until(wake) => {
                    if self.room.is_empty() && self.empty_since.elapsed() >= IDLE {
                        return Served::Idle;
                    }
                    self.tell_gone();
                    self.tell_claimable();
                }
            }
        }
        Served::Over
    }

    /// When to look again: at the next claim to tell of, at the end of
    /// the idle time, or soon while a seat is held on another server.
    fn wake(&self) -> Instant {
        let mut wake = self.empty_since + IDLE;
        if !self.room.is_empty() {
            wake = Instant::now() + IDLE;
        }
        if let Some(claim) = self.claim_time() {
            wake = wake.min(claim);
        }
        let elsewhere = self
            .presence
            .held_on
            .iter()
            .flatten()
            .any(|server| *server != self.shared.server_id);
        if elsewhere {
            wake = wake.min(Instant::now() + LOOK_AGAIN);
        }
        wake
    }

    async fn input(&mut self, input: Input) {
        match input {
            Input::Connection(event) => self.event(event).await,
            Input::Logged(logged) => self.remote(logged).await,
            Input::Expire => {
                let expiry = self.shared.options.open_game_expiry;
                self.expire(expiry).await;
            }
            Input::CatchUp => {
                if let Err(why) = self.catch_up().await {
                    tracing::error!(game = self.id, %why, "cannot catch up");
                }
            }
            Input::Stop => {}
        }
        if !self.room.is_empty() {
            self.empty_since = Instant::now();
        }
    }

    /// What a connection did.
    async fn event(&mut self, event: Event) {
        match event {
            Event::Arrived {
                id,
                seat: Some(side),
                name,
                rejoin,
                outbox,
                ..
            } => self.arrived(id, side, name, rejoin, outbox).await,
            Event::Arrived {
                id,
                address,
                seat: None,
                outbox,
                ..
            } => self.room.watch(id, address, outbox),
            Event::Said(id, message) => self.said(id, message).await,
            Event::Left(id, why) => {
                if let Some(side) = self.room.left(id) {
                    tracing::info!(game = self.id, side = ?side, reason = %why, "a player left");
                    self.write_down(Happened::Away { side: side.into() }).await;
                    if self.seek {
                        self.expire(Duration::ZERO).await;
                    }
                }
            }
        }
    }

    /// A player takes `side`'s seat here, from any other connection that
    /// held it (the rejoin code is the player's).
    async fn arrived(
        &mut self,
        id: u64,
        side: Player,
        name: String,
        rejoin: Option<String>,
        outbox: mpsc::Sender<Message>,
    ) {
        if !self.returns[side.index()].allows(Instant::now()) {
            let why = "you came back too often: wait a few seconds, then come back with your code";
            let _ = outbox.try_send(crate::connection::refusal(why));
            return;
        }
        // The seat is kept before its player is welcomed: the welcome
        // names the player to everyone, and a server killed once it is
        // sent must still know who sits there. A seat that cannot be kept
        // is refused, and whoever held it keeps it.
        let seated = Happened::Seated {
            side: side.into(),
            name: name.clone(),
            server: self.shared.server_id.clone(),
            both_here: self.presence.has_opponent(side),
        };
        if let Err(why) = self.keep(seated).await {
            let back = match &rejoin {
                Some(code) => format!("come back with your code {code}"),
                None => "come back with your code".to_string(),
            };
            let why = format!("the server could not save your seat ({why}): {back}");
            let _ = outbox.try_send(crate::connection::refusal(&why));
            return;
        }
        if self.room.is_seated(side) {
            self.room
                .unseat(side, "you took this seat again from another connection");
        }
        if self.room.seat(side, id, name, outbox, rejoin).is_err() {
            // Gone before its welcome: the side is away again.
            self.write_down(Happened::Away { side: side.into() }).await;
        }
    }

    /// Writes an entry nobody asked for by a message (a seat taken or
    /// left), retrying if another server wrote first.
    async fn write_down(&mut self, happened: Happened) {
        let _ = self.keep(happened).await;
    }

    /// Writes an entry nobody asked for by a message, retrying if another
    /// server wrote first; why it could not be written.
    async fn keep(&mut self, happened: Happened) -> Result<(), String> {
        for _ in 0..3 {
            match self.commit(happened.clone()).await {
                Ok(Committed::Kept) => return Ok(()),
                Ok(Committed::Overtaken) => continue,
                Err(why) => {
                    tracing::error!(game = self.id, %why, "not saved");
                    return Err(why);
                }
            }
        }
        Err("other servers kept writing first".to_string())
    }

    /// A seated player's message: checked, written, applied; checked
    /// again if another server wrote first.
    async fn said(&mut self, id: u64, message: Message) {
        for _ in 0..3 {
            let Some((side, checked)) = self.room.check(id, message.clone()) else {
                return;
            };
            match checked {
                Checked::Happens(happened) => match self.commit(happened.clone()).await {
                    Ok(Committed::Kept) => return,
                    Ok(Committed::Overtaken) => continue,
                    Err(why) => return self.not_saved(side, &happened, &why),
                },
                Checked::Answered(text) => {
                    let _ = self.room.answer_alone(side, text, &mut Unseen);
                    return;
                }
                Checked::Claim => return self.claim(side).await,
                Checked::Refused(why) => {
                    tracing::info!(game = self.id, side = ?side, reason = %why, "refused a player");
                    self.room.refuse(side, &why);
                    self.write_down(Happened::Away { side: side.into() }).await;
                    return;
                }
            }
        }
    }

    /// Writes `happened` as the game's next entry, then applies it and
    /// tells everyone; the database's error if it could not be written.
    async fn commit(&mut self, happened: Happened) -> Result<Committed, String> {
        let (logged, next, told) = self.room.table.stamp(happened, Instant::now());
        let row = self.row_after(&next, &logged);
        let id = self.id;
        let entry = logged.clone();
        let kept = self
            .shared
            .store
            .write(|answer| Job::Append {
                id,
                logged: entry,
                row,
                answer,
            })
            .await?;
        if !kept {
            self.catch_up().await?;
            return Ok(Committed::Overtaken);
        }
        self.room.table = next;
        let _ = self.room.deliver(told, &mut Unseen);
        self.applied(&logged);
        Ok(Committed::Kept)
    }

    /// The game's row once `logged` is applied, as `next` has it.
    fn row_after(&self, next: &crate::table::Table<G>, logged: &Logged) -> RowChange {
        let gone = |server: &str| self.shared.gone_since(server);
        let presence = self.presence.after(&logged.happened, logged.at_ms);
        let over = match logged.happened {
            Happened::Expired => Some(("abandoned".to_string(), Some("expired".to_string()))),
            _ => next.state.ending(),
        };
        RowChange {
            moves: next.state.move_count() as u64,
            names: next.names.clone(),
            over,
            idle_since_ms: presence.idle_since(&gone),
        }
    }

    /// What `side` asked could not be written: the mover's move is
    /// refused, and both players hear why.
    fn not_saved(&mut self, side: Player, happened: &Happened, why: &str) {
        tracing::error!(game = self.id, side = ?side, %why, "not saved; refused");
        let name = self.room.names()[side.index()].clone();
        let what = match happened {
            Happened::Moved { mv, .. } => {
                let refused = Message::Refused {
                    mv: mv.clone(),
                    reason: why.to_string(),
                };
                self.room.tell(side, refused);
                format!("move {mv}")
            }
            _ => "last message".to_string(),
        };
        let text = format!("The server could not save {name}'s {what} ({why}); nothing changed.");
        self.room.relay(None, notice(text));
    }

    /// An entry another server wrote: applied in its turn, or the log
    /// read to catch up if entries are missing.
    async fn remote(&mut self, logged: Logged) {
        let next = self.room.table.seq + 1;
        if logged.seq < next {
            return;
        }
        if logged.seq > next {
            if let Err(why) = self.catch_up().await {
                tracing::error!(game = self.id, %why, "cannot catch up");
            }
            return;
        }
        self.catch(&logged);
    }

    /// Applies every entry of the log after the last one applied here.
    async fn catch_up(&mut self) -> Result<(), String> {
        for logged in self.shared.store.log(self.id, self.room.table.seq).await? {
            self.catch(&logged);
        }
        Ok(())
    }

    /// Applies an entry of the log, telling everyone here.
    fn catch(&mut self, logged: &Logged) {
        if logged.seq != self.room.table.seq + 1 {
            return;
        }
        let _ = self.room.apply(logged, &mut Unseen);
        self.applied(logged);
    }

    /// After an entry is applied: who sits where, and the news of it.
    fn applied(&mut self, logged: &Logged) {
        if matches!(logged.happened, Happened::Expired) {
            self.expired = true;
        }
        if let Happened::Seated { server, side, .. } = &logged.happened {
            let side = Player::from(*side);
            if *server != self.shared.server_id && self.room.is_seated(side) {
                self.room
                    .unseat(side, "you took this seat again from another connection");
            }
        }
        let Some(changed) = self.presence.take(&logged.happened, logged.at_ms) else {
            return;
        };
        self.shared.stale_listing();
        let side = changed.side;
        let name = self.room.names()[side.index()].clone();
        let text = match &logged.happened {
            Happened::Seated { .. } if changed.first => format!("{name} joined."),
            Happened::Seated { .. } => format!("{name} is back."),
            _ if !self.presence.ever[side.other().index()] => return,
            _ => format!("Waiting for {name} to reconnect..."),
        };
        // The seats too, so the opponent's and the spectators' screens
        // name who came; the game goes on, so no seat counts as empty.
        let seats = Some(Seats {
            names: self.room.names().clone(),
            waiting: false,
        });
        let claimable = false;
        self.room.relay(
            Some(side),
            Message::Notice {
                text,
                claimable,
                seats,
            },
        );
    }

    /// `side` claims the win against an absent opponent: granted once the
    /// opponent has been away longer than the reconnect timeout.
    async fn claim(&mut self, side: Player) {
        if self.claimable_against(side.other()) {
            for _ in 0..3 {
                match self.commit(Happened::Claimed { side: side.into() }).await {
                    Ok(Committed::Overtaken) => continue,
                    Ok(Committed::Kept) => return,
                    Err(why) => {
                        return self.not_saved(
                            side,
                            &Happened::Claimed { side: side.into() },
                            &why,
                        );
                    }
                }
            }
            return;
        }
        let text = "There is nothing to claim: your opponent is here or still may come back.";
        self.room.tell(side, notice(text.to_string()));
    }

    /// Whether `absent` has been away longer than the reconnect timeout.
    fn claimable_against(&self, absent: Player) -> bool {
        let gone = |server: &str| self.shared.gone_since(server);
        let timeout = self.shared.options.reconnect_timeout.as_millis() as u64;
        self.presence.ever[absent.index()]
            && self
                .presence
                .since_away(absent, &gone)
                .is_some_and(|since| since + timeout <= now_ms())
    }

    /// When the next claim becomes possible for a player here who has not
    /// been told yet.
    fn claim_time(&self) -> Option<Instant> {
        let gone = |server: &str| self.shared.gone_since(server);
        let timeout = self.shared.options.reconnect_timeout.as_millis() as u64;
        Player::BOTH
            .into_iter()
            .filter(|&side| self.room.is_seated(side) && !self.presence.told[side.index()])
            .filter(|&side| self.presence.ever[side.other().index()])
            .filter_map(|side| self.presence.since_away(side.other(), &gone))
            .map(|since| {
                let wait = (since + timeout).saturating_sub(now_ms());
                Instant::now() + Duration::from_millis(wait)
            })
            .min()
    }

    /// Tells everyone here of a player whose seat is held on a server
    /// that stopped saying it is alive (killed, or cut off from the
    /// database): nobody could write that the seat is empty, but it
    /// counts as empty, and the player is waited for as one who left.
    fn tell_gone(&mut self) {
        for side in Player::BOTH {
            let Some(server) = &self.presence.held_on[side.index()] else {
                continue;
            };
            if self.presence.told_gone[side.index()]
                || !self.presence.ever[side.other().index()]
                || self.shared.gone_since(server).is_none()
            {
                continue;
            }
            self.presence.told_gone[side.index()] = true;
            let name = &self.room.names()[side.index()];
            let notice = Message::Notice {
                text: format!("Waiting for {name} to reconnect..."),
                claimable: false,
                seats: Some(Seats {
                    names: self.room.names().clone(),
                    waiting: false,
                }),
            };
            self.room.relay(Some(side), notice);
        }
    }

    /// Tells each player here whose opponent has stayed away too long
    /// that they may claim.
    fn tell_claimable(&mut self) {
        for side in Player::BOTH {
            if self.room.is_seated(side)
                && !self.presence.told[side.index()]
                && self.claimable_against(side.other())
            {
                self.presence.told[side.index()] = true;
                let name = &self.room.names()[side.other().index()];
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

    /// The side to move is out of time: the game ends so.
    async fn flag(&mut self) {
        if let Some(loser) = self.room.table.flagged(Instant::now()) {
            self.write_down(Happened::OutOfTime { side: loser.into() })
                .await;
        }
    }

    /// An open game nobody came to: ended, if it still is one and nobody
    /// has been at it for `after` (a seat held on a server gone counts
    /// as empty since that server was last heard of).
    async fn expire(&mut self, after: Duration) {
        let gone = |server: &str| self.shared.gone_since(server);
        let open = Player::BOTH
            .into_iter()
            .any(|side| !self.presence.ever[side.index()] && self.presence.computer != Some(side));
        let after = after.as_millis() as u64;
        let idle = self
            .presence
            .idle_since(&gone)
            .is_some_and(|since| since.saturating_add(after) <= now_ms());
        if open && idle {
            tracing::info!(game = self.id, "an open game nobody came to ends");
            self.write_down(Happened::Expired).await;
        }
    }

    /// The server stops: what is in hand is done, then every connection
    /// here is told to come back later.
    async fn stop(&mut self, inputs: &mut mpsc::Receiver<Input>) {
        while let Ok(input) = inputs.try_recv() {
            if !matches!(input, Input::Stop) {
                self.input(input).await;
            }
        }
        let error = crate::connection::refusal("the server is stopping: come back with your code");
        self.room.relay(None, error);
    }

    /// The game is over: rated if it is to be, then everyone here hears
    /// how it ended.
    async fn finish(&mut self) {
        match self.shared.store.rate_ended(self.id, now_ms()).await {
            Ok(Some([first, second])) => tracing::info!(
                game = self.id,
                first = first.rating,
                second = second.rating,
                "rated"
            ),
            Ok(None) => {}
            Err(why) => tracing::error!(game = self.id, %why, "cannot rate"),
        }
        let end = match self.expired {
            true => Message::End {
                result: "abandoned".to_string(),
                reason: "nobody came to play".to_string(),
            },
            false => Message::End {
                result: self.room.table.state.result().unwrap_or_default(),
                reason: self.room.end_reason(),
            },
        };
        tracing::info!(game = self.id, result = ?self.room.table.state.result(), "game over");
        self.room.relay(None, end);
        self.shared.stale_listing();
    }

    /// The computer's side is to move: its search starts, if it is not
    /// running and no other server plays this game's human side.
    fn think(&mut self, found: &mpsc::Sender<Found>) {
        let Some((side, level)) = self.computer else {
            return;
        };
        let state = &self.room.table.state;
        let human_elsewhere = self.presence.held_on[side.other().index()]
            .as_ref()
            .is_some_and(|server| {
                *server != self.shared.server_id && self.shared.gone_since(server).is_none()
            });
        if self.searching || state.is_over() || state.to_move() != side || human_elsewhere {
            return;
        }
        self.searching = true;
        let seq = self.room.table.seq;
        computer::search(
            &self.shared.searches,
            state.game().clone(),
            level,
            seq,
            found.clone(),
        );
    }

    /// The computer found its move: played, unless the game moved on.
    async fn computer_moved(&mut self, found: Found) {
        self.searching = false;
        let Some((side, _)) = self.computer else {
            return;
        };
        if found.seq != self.room.table.seq {
            return;
        }
        if let Some(mv) = found.mv
            && self.room.table.state.checked(side, &mv).is_ok()
        {
            self.write_down(Happened::Moved {
                side: side.into(),
                mv,
            })
            .await;
        }
    }

    /// The player's offer the computer is to answer, if one waits.
    fn offer_for_computer(&self) -> Option<crate::protocol::Proposal> {
        let (side, _) = self.computer?;
        if self.answered_after == Some(self.room.table.seq) {
            return None;
        }
        self.room.table.waiting_for(side)
    }

    /// The computer answers the offer waiting at once, by its rule.
    async fn answer_as_computer(&mut self, what: crate::protocol::Proposal) {
        let Some((side, level)) = self.computer else {
            return;
        };
        self.answered_after = Some(self.room.table.seq);
        let accept = computer::accepts(self.room.table.state.game(), side, level, what);
        let answered = Happened::Answered {
            side: side.into(),
            what,
            accept,
        };
        self.write_down(answered).await;
    }
}
