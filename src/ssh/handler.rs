//! One SSH connection: who it is (a guest, or a player known by a public
//! key), the one session it may open with a terminal, and everything else
//! refused — commands, subsystems (scp, sftp), forwarding of ports,
//! sockets, agents and X11, and every variable but TERM, LANG and
//! NO_COLOR.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::time::Duration;

use russh::keys::HashAlg;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Pty};

use super::addresses::Counted;
use super::budget::Budget;
use super::identity::identify;
use super::output::Screen;
use super::session::{self, Input, Visit};
use crate::app::door::Door;
use crate::app::looks::{KeepLooks, Looks};
use crate::app::screens::history::{self, RatedHistory};
use crate::app::screens::keeping::{KeepGame, KeptGames};
use crate::app::screens::puzzles::kept::{KeepMark, KeptProgress};
use crate::net::pass::Passes;
use crate::net::store::Store;
use crate::net::store::kept_games::KeptGame;
use tabletop_core::puzzles::progress::{Mark, Progress};

/// Input pieces waiting for the app, at most: past it a flood is dropped.
const INPUT_QUEUED: usize = 256;
/// The variables a client may set.
const VARIABLES: [&str; 3] = ["TERM", "LANG", "NO_COLOR"];

/// What every connection shares.
pub struct Shared {
    /// The address of this server's lobby.
    pub lobby: String,
    pub idle: Duration,
    /// Where the players are kept.
    pub store: Store,
    /// The lobby's passes, one issued for each player's session.
    pub passes: Passes,
}

pub struct Visitor {
    shared: Arc<Shared>,
    peer: Option<SocketAddr>,
    /// Counts this connection against its address while it lasts.
    _counted: Counted,
    user: String,
    /// The public key's fingerprint, for a player who showed one.
    key: Option<String>,
    channel: Option<ChannelId>,
    /// The terminal asked for: columns and rows.
    pty: Option<(u16, u16)>,
    vars: Vec<(String, String)>,
    input: Option<SyncSender<Input>>,
    /// A shell was asked for: one app a connection, however its input
    /// ended (a second shell would start a fresh app, and a fresh pass).
    started: bool,
    /// The input waiting for the app, which must stay within its budget.
    budget: Budget,
}

impl Visitor {
    pub fn new(shared: Arc<Shared>, peer: Option<SocketAddr>, counted: Counted) -> Visitor {
        Visitor {
            shared,
            peer,
            _counted: counted,
            user: String::new(),
            key: None,
            channel: None,
            pty: None,
            vars: Vec::new(),
            input: None,
            started: false,
            budget: Budget::default(),
        }
    }

    /// Tells the client why, and ends the channel.
    fn refuse(
        &self,
        channel: ChannelId,
        why: &str,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        tracing::info!(peer = ?self.peer, why, "ssh refused");
        // The request is taken (a refused one makes the client hang up
        // before it reads why), nothing runs, and the channel ends at once
        // with the reason on standard error and a failing status.
        session.channel_success(channel)?;
        session.extended_data(channel, 1, format!("tabletop: {why}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }

    /// Starts the app in the session's terminal.
    async fn start(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        let Some((columns, rows)) = self.pty else {
            return self.refuse(
                channel,
                "the game needs a terminal: connect with ssh -t",
                session,
            );
        };
        let identity = match identify(&self.shared.store, &self.user, self.key.as_deref()).await {
            Ok(identity) => identity,
            Err(why) => return self.refuse(channel, &why, session),
        };
        // A player's games in the lobby are theirs by this pass, good
        // while the session lasts.
        let pass = match &self.key {
            Some(key) => match self.shared.passes.issue(key) {
                Ok(pass) => Some(pass),
                Err(why) => return self.refuse(channel, &why, session),
            },
            None => None,
        };
        session.channel_success(channel)?;
        let (tell, input) = sync_channel(INPUT_QUEUED);
        self.input = Some(tell);
        let (screen, sending) = Screen::open(session.handle(), channel);
        tokio::spawn(sending);
        let visit = Visit {
            door: Door {
                lobby: self.shared.lobby.clone(),
                name: identity.name,
                pass: pass.as_ref().map(|pass| pass.code().to_string()),
                history: self.key.clone().map(|key| history(&self.shared.store, key)),
                progress: self
                    .key
                    .clone()
                    .map(|key| progress(&self.shared.store, key)),
                games: self.key.clone().map(|key| games(&self.shared.store, key)),
                looks: match &self.key {
                    Some(key) => Some(looks(&self.shared.store, key.clone()).await),
                    None => None,
                },
                greeting: Some(identity.greeting),
            },
            columns,
            rows,
            vars: std::mem::take(&mut self.vars),
            idle: self.shared.idle,
            budget: self.budget.clone(),
        };
        tracing::info!(peer = ?self.peer, name = %visit.door.name, key = ?self.key, "ssh session");
        std::thread::spawn(move || {
            if let Err(why) = session::run(visit, input, screen) {
                tracing::info!("ssh session ended: {why}");
            }
            drop(pass);
        });
        Ok(())
    }
}

/// How the app reads the rated games of the player of `key`: on the
/// session's own thread, waiting for the server's runtime to read them.
fn history(store: &Store, key: String) -> RatedHistory {
    let store = store.clone();
    let runtime = tokio::runtime::Handle::current();
    RatedHistory(Arc::new(move || {
        runtime.block_on(store.history(&key, history::MOST))
    }))
}

/// How the app reads and keeps the puzzle progress of the player of
/// `key`: on the session's own thread, waiting for the server's runtime.
/// A mark the app does not know (written by a later version) is left out.
fn progress(store: &Store, key: String) -> KeptProgress {
    let runtime = tokio::runtime::Handle::current();
    let (reader, reading, read_key) = (store.clone(), runtime.clone(), key.clone());
    let read = Arc::new(move || {
        let marks = reading.block_on(reader.puzzle_marks(&read_key))?;
        let mut progress = Progress::default();
        for (puzzle, word) in marks {
            if let Some(mark) = Mark::from_word(&word) {
                progress.set(&puzzle, mark);
            }
        }
        Ok(progress)
    });
    let store = store.clone();
    let keep: KeepMark = Arc::new(move |puzzle: &str, mark: Mark| {
        runtime.block_on(store.keep_puzzle_mark(&key, puzzle, mark.word()))
    });
    KeptProgress { read, keep }
}

/// How the app keeps and reads the finished games of the player of
/// `key`: on the session's own thread, waiting for the server's runtime.
fn games(store: &Store, key: String) -> KeptGames {
    let runtime = tokio::runtime::Handle::current();
    let (reader, reading, read_key) = (store.clone(), runtime.clone(), key.clone());
    let list = Arc::new(move || reading.block_on(reader.kept_games(&read_key)));
    let store = store.clone();
    let keep: KeepGame =
        Arc::new(move |game: &KeptGame| runtime.block_on(store.keep_game(&key, game)));
    KeptGames { keep, list }
}

/// The look the player of `key` chose last time, and how the app keeps
/// a new choice (on the session's own thread, waiting for the server's
/// runtime to write it).
async fn looks(store: &Store, key: String) -> (Option<Looks>, KeepLooks) {
    let chosen = match store.looks(&key).await {
        Ok(chosen) => chosen.map(|(theme, pieces)| Looks { theme, pieces }),
        Err(why) => {
            tracing::warn!(%why, "cannot read a player's look");
            None
        }
    };
    let store = store.clone();
    let runtime = tokio::runtime::Handle::current();
    let keep: KeepLooks = Arc::new(move |looks: &Looks| {
        let pieces = looks.pieces.as_deref();
        runtime.block_on(store.keep_looks(&key, &looks.theme, pieces))
    });
    (chosen, keep)
}

/// The largest terminal the app draws in, columns and rows: the app
/// keeps two frames of every cell, so a client claiming a window of
/// 65535 by 65535 would have the server allocate hundreds of gigabytes
/// (and abort, taking every session and the lobby with it). A window
/// larger than this is drawn in its top left corner.
const MOST_COLUMNS: u16 = 512;
const MOST_ROWS: u16 = 256;

/// A terminal's size as the app takes it: at least one cell, at most
/// [`MOST_COLUMNS`] by [`MOST_ROWS`].
fn size(columns: u32, rows: u32) -> (u16, u16) {
    let fit = |n: u32, most: u16| u16::try_from(n).unwrap_or(most).clamp(1, most);
    (fit(columns, MOST_COLUMNS), fit(rows, MOST_ROWS))
}

impl Handler for Visitor {
    type Error = russh::Error;

    /// Not a way in: it tells the client the ways there are.
    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        self.user = user.to_string();
        let methods: &[MethodKind] = &[MethodKind::PublicKey, MethodKind::KeyboardInteractive];
        Ok(Auth::Reject {
            proceed_with_methods: Some(MethodSet::from(methods)),
            partial_success: false,
        })
    }

    /// A player: the key is who they are.
    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.user = user.to_string();
        self.key = Some(key.public_key.fingerprint(HashAlg::Sha256).to_string());
        Ok(Auth::Accept)
    }

    /// A guest: no key, no password, nothing asked.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.user = user.to_string();
        Ok(Auth::Accept)
    }

    async fn auth_password(&mut self, user: &str, _password: &str) -> Result<Auth, Self::Error> {
        self.user = user.to_string();
        Ok(Auth::Accept)
    }

    /// One session a connection.
    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pty = Some(size(columns, rows));
        self.vars.retain(|(name, _)| name != "TERM");
        self.vars.push(("TERM".to_string(), term.to_string()));
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !VARIABLES.contains(&name) {
            return session.channel_failure(channel);
        }
        self.vars.retain(|(known, _)| known != name);
        self.vars.push((name.to_string(), value.to_string()));
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.started {
            return session.channel_failure(channel);
        }
        self.started = true;
        self.start(channel, session).await
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(
            channel,
            "this server runs only the game: connect without a command",
            session,
        )
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(
            channel,
            "this server runs only the game: no file transfer",
            session,
        )
    }

    /// Nothing of the client's reaches the server's side: no agent.
    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        tracing::info!(peer = ?self.peer, "ssh refused: agent forwarding");
        Ok(false)
    }

    /// Nor a port of the server's side forwarded to the client.
    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        tracing::info!(peer = ?self.peer, "ssh refused: port forwarding");
        Ok(false)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (columns, rows) = size(columns, rows);
        self.pty = Some((columns, rows));
        if let Some(input) = &self.input {
            let _ = input.try_send(Input::Resize(columns, rows));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(input) = &self.input else {
            return Ok(());
        };
        // Over its budget, the session ends: the app hears of it when its
        // input closes.
        if !self.budget.take(data.len()) {
            tracing::info!(peer = ?self.peer, "ssh session over its input budget");
            self.input = None;
            return Ok(());
        }
        match input.try_send(Input::Bytes(data.to_vec())) {
            Ok(()) => {}
            // A client typing faster than the app reads loses keys.
            Err(TrySendError::Full(_)) => self.budget.give(data.len()),
            Err(TrySendError::Disconnected(_)) => self.input = None,
        }
        Ok(())
    }

    /// The client closed its input: the app ends.
    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }
}
