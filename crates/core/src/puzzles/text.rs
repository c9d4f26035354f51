//! A set of puzzles as TOML text (the built-in sets in `assets/puzzles/`):
//! one game per file, each puzzle the game's settings, the moves that lead
//! to the position (in the game's notation, as a record writes them) and a
//! winning line from there. The attacker, the plies and the id follow from
//! these, so they are not written.
//!
//! ```toml
//! game = "gekitai"
//!
//! [[puzzles]]
//! moves = ["C3", "D4", "B2", "E5"]
//! line = ["C4", "F6", "C5"]
//!
//! [puzzles.settings]
//! size = 6
//! pieces = 8
//! line = 3
//! both_win = "mover"
//! ```

use serde::{Deserialize, Serialize};

use super::{Puzzle, PuzzleError, Source};
use crate::games::{GameKind, Playable, WithGame, WithRecord};
use tabletop_engine::Described;
use tabletop_engine::record::{PlayersText, Record, RecordText, settings_table};

/// The file as written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SetText {
    game: String,
    #[serde(default)]
    puzzles: Vec<PuzzleText>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleText {
    #[serde(default)]
    moves: Vec<String>,
    line: Vec<String>,
    #[serde(default)]
    settings: toml::Table,
}

/// Reads a set of puzzles, each checked move by move; the first that is
/// wrong refuses the whole set, saying which and why.
pub fn read_set(text: &str, source: &Source) -> Result<Vec<Puzzle>, PuzzleError> {
    let set: SetText =
        toml::from_str(text).map_err(|error| PuzzleError(error.message().trim().to_string()))?;
    let kind: GameKind = set
        .game
        .parse()
        .map_err(|error| PuzzleError(format!("{error}")))?;
    set.puzzles
        .iter()
        .enumerate()
        .map(|(i, written)| {
            kind.with(ReadOne {
                game: &set.game,
                written,
                source,
            })
            .map_err(|PuzzleError(why)| PuzzleError(format!("puzzle {}: {why}", i + 1)))
        })
        .collect()
}

struct ReadOne<'a> {
    game: &'a str,
    written: &'a PuzzleText,
    source: &'a Source,
}

impl WithGame for ReadOne<'_> {
    type Output = Result<Puzzle, PuzzleError>;
    fn run<G: Playable>(self) -> Self::Output {
        let record_text = RecordText {
            game: self.game.to_string(),
            date: None,
            result: None,
            ended: None,
            clock: None,
            moves: self.written.moves.clone(),
            settings: self.written.settings.clone(),
            players: PlayersText::default(),
            review: None,
        };
        let record =
            Record::<G>::from_text(&record_text).map_err(|error| PuzzleError(error.to_string()))?;
        let line = self
            .written
            .line
            .iter()
            .map(|text| {
                text.parse::<G::Move>()
                    .map_err(|_| PuzzleError(format!("{text:?} is not a {} move", G::NAME)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Puzzle::new(record, &line, line.len() as u32, self.source.clone())
    }
}

/// The text of a set of puzzles of `kind` (those of other games are left
/// out).
pub fn write_set(kind: GameKind, puzzles: &[Puzzle]) -> String {
    struct Written;
    impl WithRecord for Written {
        type Output = (Vec<String>, toml::Table);
        fn run<G: Playable>(self, record: Record<G>) -> Self::Output {
            let moves = record.moves.iter().map(ToString::to_string).collect();
            let settings = settings_table(&<G as Described>::settings(&record.start))
                .into_iter()
                .map(|(name, value)| (name.to_string(), value))
                .collect();
            (moves, settings)
        }
    }
    let set = SetText {
        game: kind.name().to_string(),
        puzzles: puzzles
            .iter()
            .filter(|puzzle| puzzle.kind() == kind)
            .map(|puzzle| {
                let (moves, settings) = puzzle.record.clone().with(Written);
                PuzzleText {
                    moves,
                    line: puzzle.line.clone(),
                    settings,
                }
            })
            .collect(),
    };
    toml::to_string(&set).unwrap_or_else(|e| unreachable!("a set of puzzles serialises: {e}"))
}
