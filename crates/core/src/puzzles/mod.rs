//! Puzzles: positions where one side has a forced win, to be found move
//! by move against the computer's most stubborn defence. They come from
//! the player's own reviewed games (a win that was missed, [`extract`])
//! or from the set built into tabletop ([`builtin`], made by
//! `examples/make_puzzles.rs` and checked by the exact solvers).
//!
//! A puzzle is a record's game up to the position (so every front end
//! names its cells the usual way), the winning line known for it, and
//! where it came from; the attacker is the player to move. Whether a move keeps the win, and the
//! computer's answer, are [`judge`]'s; the proofs behind them
//! [`proof`]'s; what the player has solved [`progress`]'s.

pub mod builtin;
pub mod extract;
pub mod gather;
pub mod judge;
pub mod progress;
pub mod proof;
pub mod text;

use std::fmt;
use std::path::PathBuf;

use crate::games::{AnyRecord, GameKind, Playable};
use tabletop_engine::record::Record;
use tabletop_engine::{Cell, Described, Game, GameSettings, Player};

/// Where a puzzle came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Source {
    /// The set built into tabletop.
    BuiltIn,
    /// A saved game: its file, and the number of the move that missed the
    /// win (as every view numbers moves).
    Game { path: PathBuf, move_number: usize },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::BuiltIn => f.write_str("built-in"),
            Source::Game { path, move_number } => {
                let name = path.file_name().unwrap_or(path.as_os_str());
                write!(f, "{}, move {move_number}", name.to_string_lossy())
            }
        }
    }
}

/// A puzzle of any game.
#[derive(Clone, PartialEq, Debug)]
pub struct Puzzle {
    /// The game up to the puzzle's position (its end).
    pub record: AnyRecord,
    /// A winning line from the position, in the game's notation, the
    /// player's moves and the defence's in turn.
    pub line: Vec<String>,
    /// Who is to find the win: the player to move at the position.
    pub attacker: Player,
    /// The plies within which the win must come: the known line's length,
    /// or more where the line is only its start (a review's).
    pub plies: u32,
    /// The same for the same position, whatever the moves that led there.
    pub id: String,
    pub source: Source,
}

/// Why a puzzle cannot be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PuzzleError(pub String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// The puzzle at the end of `record`, won by `line`, checked: the
    /// game goes on there and every move of the line is legal in turn.
    pub fn new<G: Playable>(
        record: Record<G>,
        line: &[G::Move],
        plies: u32,
        source: Source,
    ) -> Result<Puzzle, PuzzleError> {
        let position = record.end();
        if position.is_over() {
            return Err(PuzzleError("the game is over at the position".to_string()));
        }
        if line.is_empty() {
            return Err(PuzzleError("the winning line is empty".to_string()));
        }
        let mut after = position.clone();
        for (i, &mv) in line.iter().enumerate() {
            after
                .play(mv)
                .map_err(|why| PuzzleError(format!("move {} of the line, {mv}: {why}", i + 1)))?;
        }
        Ok(Puzzle {
            line: line.iter().map(ToString::to_string).collect(),
            attacker: position.to_move(),
            plies: plies.max(line.len() as u32),
            id: position_id(&position),
            source,
            record: G::any_record(record),
        })
    }

    pub fn kind(&self) -> GameKind {
        self.record.kind()
    }

    /// The winning line as moves of `G` (the puzzle's own game).
    pub fn line_of<G: Game>(&self) -> Vec<G::Move> {
        self.line
            .iter()
            .filter_map(|text| text.parse().ok())
            .collect()
    }
}

/// A name for `position` that depends on nothing but the game, its
/// settings, the pieces and who is to move: `gekitai-3f0c...`.
pub fn position_id<G: Described>(position: &G) -> String {
    // FNV-1a: small, and the same on every machine and in every version.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut add = |byte: u8| {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    G::NAME.bytes().for_each(&mut add);
    for value in position.settings().values() {
        value.to_le_bytes().into_iter().for_each(&mut add);
    }
    add(position.to_move().index() as u8);
    for cell in Cell::all(position.side()) {
        add(position.piece_at(cell).map_or(0, |p| p.index() as u8 + 1));
    }
    format!("{}-{hash:016x}", G::NAME)
}
