//! The puzzles built into tabletop, for players with no saved games: one
//! set per game in `assets/puzzles/<game>.toml`, carried by the binary.
//! `examples/make_puzzles.rs` writes them and `tests/puzzles.rs` proves
//! every one with the exact solvers.

use super::text::read_set;
use super::{Puzzle, Source};
use crate::games::GameKind;

/// Each game's set, as written, from the list of games.
macro_rules! sets {
    ([] $($module:ident :: $game:ident),+ $(,)?) => {
        const SETS: &[(GameKind, &str)] = &[$((
            GameKind::$game,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/puzzles/",
                stringify!($module),
                ".toml"
            )),
        )),+];
    };
}
crate::for_each_game!(sets);

/// Every built-in puzzle, game by game in the list's order. A set that
/// does not read (which the tests rule out) is left out, with why.
pub fn all() -> (Vec<Puzzle>, Vec<String>) {
    let mut puzzles = Vec::new();
    let mut notices = Vec::new();
    for &(kind, text) in SETS {
        match read_set(text, &Source::BuiltIn) {
            Ok(set) => puzzles.extend(set),
            Err(error) => notices.push(format!("the built-in {kind} puzzles: {error}")),
        }
    }
    (puzzles, notices)
}
