//! An outside GTP engine playing a seat of a game: told the game so far,
//! asked for its move. The engine is started when first asked, given the
//! board size and the player's setup commands, and kept in step with the
//! game lazily: moves it has not heard are played to it, moves taken back
//! are undone with `undo`, or, if it cannot undo, the game is replayed into
//! a fresh engine. Every answer is checked by the rules before it counts.

use std::time::Duration;

use super::client::{GtpClient, Stopper};
use super::notation::{from_vertex, to_vertex};
use crate::config::engines::EngineSettings;
use tabletop_engine::quote::quote_at_most;
use tabletop_engine::{Described, Game, Player};

/// How long starting an engine and every command but `genmove` may take.
pub const SETUP_PATIENCE: Duration = Duration::from_secs(20);

/// What the engine decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice<M> {
    Play(M),
    /// It answered `resign`.
    Resign,
}

/// An engine at the board for game `G`.
pub struct Opponent<G: Game> {
    engine: EngineSettings,
    stopper: Stopper,
    client: Option<GtpClient>,
    /// The board size it was given.
    side: usize,
    /// The moves it has heard (its own included), in order.
    told: Vec<G::Move>,
    /// Whether it answered `undo` (unknown until first asked).
    undoes: bool,
}

/// GTP's colour of `player`: black moves first.
pub fn color(player: Player) -> &'static str {
    match player {
        Player::First => "b",
        Player::Second => "w",
    }
}

impl<G: Described> Opponent<G> {
    /// The engine of `engine`, not started yet; `stopper` ends it from
    /// another thread.
    pub fn new(engine: EngineSettings, stopper: Stopper) -> Opponent<G> {
        Opponent {
            engine,
            stopper,
            client: None,
            side: 0,
            told: Vec::new(),
            undoes: true,
        }
    }

    pub fn name(&self) -> &str {
        &self.engine.name
    }

    pub fn patience(&self) -> Duration {
        self.engine.patience
    }

    /// The engine's move in the game from `start` through `moves` (every
    /// move, the forced ones too), waiting up to `patience` for it. An
    /// engine that fails is ended, to be started afresh if asked again.
    pub fn choose(
        &mut self,
        start: &G,
        moves: &[G::Move],
        patience: Duration,
    ) -> Result<Choice<G::Move>, String> {
        let chosen = self.try_choose(start, moves, patience);
        if chosen.is_err() {
            self.client = None;
        }
        // The client's messages quote what the engine sent.
        chosen
    }

    fn try_choose(
        &mut self,
        start: &G,
        moves: &[G::Move],
        patience: Duration,
    ) -> Result<Choice<G::Move>, String> {
        // The movers of the moves, and the position now.
        let mut game = start.clone();
        let mut movers = Vec::with_capacity(moves.len());
        for &mv in moves {
            movers.push(game.to_move());
            game.play(mv)
                .map_err(|e| format!("the game cannot be replayed: {e}"))?;
        }
        if game.is_over() {
            return Err("the game is over".to_string());
        }
        self.catch_up(start, moves, &movers)?;
        let client = self.client.as_mut().ok_or("the engine is not running")?;
        let mover = game.to_move();
        let answer = client
            .send(&format!("genmove {}", color(mover)), patience)
            .map_err(|e| e.to_string())?;
        let vertex = answer.trim();
        if vertex.eq_ignore_ascii_case("resign") {
            return Ok(Choice::Resign);
        }
        let name = &self.engine.name;
        let mv = from_vertex::<G>(vertex).ok_or_else(|| {
            format!(
                "{name} answered genmove with {}, not a move",
                quote_at_most(vertex, 40)
            )
        })?;
        game.check(mv).map_err(|e| {
            format!(
                "{name} played {}, which is illegal: {e}",
                quote_at_most(vertex, 40)
            )
        })?;
        self.told.push(mv);
        Ok(Choice::Play(mv))
    }

    /// Brings the engine to the position after `moves`: started if it is
    /// not running, moves taken back undone, the new ones played.
    fn catch_up(&mut self, start: &G, moves: &[G::Move], movers: &[Player]) -> Result<(), String> {
        if self.client.is_none() || self.side != start.side() {
            self.start_afresh(start)?;
        }
        let kept = self
            .told
            .iter()
            .zip(moves)
            .take_while(|(told, mv)| told == mv)
            .count();
        if kept < self.told.len() {
            let undone = self.undoes && self.undo(self.told.len() - kept).is_ok();
            if !undone {
                self.undoes = false;
                self.start_afresh(start)?;
            }
        }
        let client = self.client.as_mut().ok_or("the engine is not running")?;
        for (&mv, &mover) in moves.iter().zip(movers).skip(self.told.len()) {
            let command = format!("play {} {}", color(mover), to_vertex::<G>(&mv));
            client
                .send(&command, SETUP_PATIENCE)
                .map_err(|e| e.to_string())?;
            self.told.push(mv);
        }
        Ok(())
    }

    /// Takes back `count` moves with GTP `undo`.
    fn undo(&mut self, count: usize) -> Result<(), String> {
        let client = self.client.as_mut().ok_or("the engine is not running")?;
        for _ in 0..count {
            client
                .send("undo", SETUP_PATIENCE)
                .map_err(|e| e.to_string())?;
            self.told.pop();
        }
        Ok(())
    }

    /// A fresh engine, told the board size and the setup commands.
    fn start_afresh(&mut self, start: &G) -> Result<(), String> {
        self.client = None;
        self.told.clear();
        let mut client = GtpClient::spawn_with(
            &self.engine.command,
            &self.engine.name,
            self.stopper.clone(),
        )
        .map_err(|e| format!("{e:#}"))?;
        let side = start.side();
        for command in [format!("boardsize {side}"), "clear_board".to_string()]
            .iter()
            .chain(&self.engine.setup)
        {
            client
                .send(command, SETUP_PATIENCE)
                .map_err(|e| e.to_string())?;
        }
        self.side = side;
        self.client = Some(client);
        Ok(())
    }
}
