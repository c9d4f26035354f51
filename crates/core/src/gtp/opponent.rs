//! An outside GTP engine playing a seat of a game: told the game so far,
//! asked for its move. The engine is started when first asked, given the
//! board size and the player's setup commands, and kept in step with the
//! game lazily: moves it has not heard are played to it (the forced ones
//! as [`telling`](super::telling) says), moves taken back are undone with
//! `undo`, or, if it cannot undo, the game is replayed into a fresh engine.
//! Every answer is checked by the rules before it counts.

use std::time::Duration;

use super::answer::read_genmove;
use super::client::{GtpClient, Stopper};
use super::telling::{self, Heard, color};
use crate::config::engines::EngineSettings;
use tabletop_engine::{Described, Game, Player};

/// How long starting an engine and every command but `genmove` may take.
pub const SETUP_PATIENCE: Duration = Duration::from_secs(20);

pub use super::answer::Choice;

/// An engine at the board for game `G`.
pub struct Opponent<G: Game> {
    engine: EngineSettings,
    stopper: Stopper,
    client: Option<GtpClient>,
    /// The board size it was given.
    side: usize,
    /// The moves it has been told (its own included), in order, and
    /// whether it played each on its board.
    told: Vec<(G::Move, Heard)>,
    /// Whether it answered `undo` (unknown until first asked).
    undoes: bool,
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
        // The mover of each move and whether the game forced it, and the
        // position now.
        let mut game = start.clone();
        let mut movers = Vec::with_capacity(moves.len());
        for &mv in moves {
            movers.push((game.to_move(), game.forced_move() == Some(mv)));
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
        let choice =
            read_genmove(&game, &answer).map_err(|why| format!("{} {why}", self.engine.name))?;
        if let Choice::Play(mv) = choice {
            self.told.push((mv, Heard::Played));
        }
        Ok(choice)
    }

    /// Brings the engine to the position after `moves`, whose movers and
    /// whether the game forced them are `movers`: started if it is not
    /// running, moves taken back undone, the new ones told.
    fn catch_up(
        &mut self,
        start: &G,
        moves: &[G::Move],
        movers: &[(Player, bool)],
    ) -> Result<(), String> {
        if self.client.is_none() || self.side != start.side() {
            self.start_afresh(start)?;
        }
        let kept = self
            .told
            .iter()
            .zip(moves)
            .take_while(|((told, _), mv)| told == *mv)
            .count();
        if kept < self.told.len() {
            let undone = self.undoes && self.undo(self.told.len() - kept).is_ok();
            if !undone {
                self.undoes = false;
                self.start_afresh(start)?;
            }
        }
        let client = self.client.as_mut().ok_or("the engine is not running")?;
        for (&mv, &(mover, forced)) in moves.iter().zip(movers).skip(self.told.len()) {
            let heard = telling::tell::<G>(client, mover, &mv, forced, SETUP_PATIENCE)
                .map_err(|e| e.to_string())?;
            self.told.push((mv, heard));
        }
        Ok(())
    }

    /// Takes back the last `count` moves told, with a GTP `undo` for each
    /// the engine played on its board.
    fn undo(&mut self, count: usize) -> Result<(), String> {
        let client = self.client.as_mut().ok_or("the engine is not running")?;
        for _ in 0..count {
            if let Some((_, Heard::Played)) = self.told.last() {
                client
                    .send("undo", SETUP_PATIENCE)
                    .map_err(|e| e.to_string())?;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::notation::from_vertex;
    use tabletop_engine::reversi::{Reversi, ReversiMove};

    /// 56 moves of a Reversi game after which Black must pass.
    const BEFORE_A_PASS: &str = "e6 d6 c5 f6 d7 f4 e3 d2 f2 c8 g5 e2 c2 e1 g6 f5 d3 h5 d8 e8 f3 c1 e7 \
        g1 d1 c3 b1 c6 f1 a1 b2 c7 b7 a2 h4 b8 h6 f8 g4 h3 f7 c4 b5 g3 g2 a4 a5 a8 a7 h1 b4 a6 b3 a3 h2 b6";

    fn moves(text: &str) -> Vec<ReversiMove> {
        text.split_whitespace()
            .map(|vertex| from_vertex::<Reversi>(vertex).expect("a vertex"))
            .collect()
    }

    #[test]
    fn gtp_rhino_is_told_of_a_pass_it_keeps_itself_and_undoes_only_its_moves() {
        let log = std::env::temp_dir().join(format!("tabletop-rhino-{}", std::process::id()));
        let command = format!("tee -a '{}' | /usr/games/gtp-rhino -l 1", log.display());
        let mut rhino = Opponent::new(EngineSettings::of_command(&command), Stopper::default());
        let start = Reversi::default();
        let mut game = moves(BEFORE_A_PASS);
        // The game forces Black's pass; White moves.
        game.push(ReversiMove::Pass);
        let patience = Duration::from_secs(60);
        let Choice::Play(reply) = rhino.choose(&start, &game, patience).expect("a move") else {
            panic!("gtp-rhino resigned");
        };
        game.push(reply);
        // Back to before Black's h2, and another move there: gtp-rhino
        // heard h2, b6 and its reply, not the pass, so three undos.
        game.truncate(54);
        let mut before_h2 = start.clone();
        for &mv in &game {
            before_h2.play(mv).expect("a legal move");
        }
        let mut legal = Vec::new();
        before_h2.legal_moves(&mut legal);
        let h2 = moves("h2")[0];
        game.extend(legal.into_iter().find(|&mv| mv != h2));
        let answer = rhino.choose(&start, &game, patience);
        let told = std::fs::read_to_string(&log).unwrap_or_default();
        let _ = std::fs::remove_file(&log);
        assert!(matches!(answer, Ok(Choice::Play(_))), "{answer:?}\n{told}");
        assert!(told.contains("play b pass\n"), "{told}");
        assert_eq!(told.matches("undo").count(), 3, "{told}");
        assert_eq!(told.matches("boardsize").count(), 1, "{told}");
    }
}
