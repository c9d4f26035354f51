//! PLACEHOLDER while the real search is built on the `ai` branch: random
//! legal moves, but a win in one is always taken. Replaced on merge.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::engine::connect6::Connect6;
use crate::engine::gekitai::Gekitai;
use crate::engine::hex::Hex;
use crate::engine::reversi::Reversi;
use crate::engine::{Game, Outcome, Rng};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level(u8);

impl Level {
    pub const DEFAULT: Level = Level(3);
    /// The level hints are given at.
    pub const HINT: Level = Level(4);
    pub fn new(n: u8) -> Option<Level> {
        (1..=5).contains(&n).then_some(Level(n))
    }
    pub fn get(self) -> u8 {
        self.0
    }
    pub fn budget(self) -> Duration {
        Duration::from_millis(100 * u64::from(self.0))
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        s.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("a level is 1 to 5 (got {s:?})"))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

pub trait Searchable: Game {}
impl Searchable for Gekitai {}
impl Searchable for Connect6 {}
impl Searchable for Hex {}
impl Searchable for Reversi {}

pub fn choose<G: Searchable>(
    game: &G,
    _level: Level,
    _budget: Duration,
    seed: u64,
    _stop: &AtomicBool,
) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mover = game.to_move();
    let wins = moves.iter().copied().find(|&mv| {
        let mut next = game.clone();
        next.play_unchecked(mv);
        next.outcome() == Some(Outcome::Win(mover))
    });
    wins.or_else(|| game.random_move(&mut Rng::new(seed ^ game.plies() as u64)))
}
