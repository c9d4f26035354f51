//! A game's review as its record keeps it (`[review]`): for each position
//! a move was chosen in, and for the end, how it stood for the player to
//! move and the move the computer preferred. What the review concludes
//! (best move, mistake, blunder...) is worked out from these, not stored.
//!
//! ```toml
//! [review]
//! level = 3
//!
//! [[review.positions]]
//! chance = 52.5
//! best = "C3"
//!
//! [[review.positions]]
//! win = 5
//! best = "D4"
//! line = ["D4", "E5", "B2"]
//! ```
//!
//! Where a game's exact solver settles a position (Hex up to 8×8, the end
//! of a Reversi game), `proved` says how the game ends with best play for
//! the player to move (`win`, `loss` or `draw`), with no ply count: the
//! solver proves who wins, not how soon. `margin` is the winner's final
//! lead for a game that counts one (Reversi's discs), and `line` one way
//! the game can go (for Reversi best play on both sides):
//!
//! ```toml
//! [[review.positions]]
//! proved = "win"
//! margin = 6
//! best = "c4"
//! line = ["c4", "b5", "a6"]
//! ```

use serde::{Deserialize, Serialize};

use super::RecordError;
use crate::best_play::{BestPlay, Ending};
use crate::game::{Described, Game};
use crate::line::Line;
use crate::quote::quote;

/// How a position stood for the player to move.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Standing {
    /// A forced win, at the latest this many plies on.
    Wins(u32),
    /// A forced loss, at the latest this many plies on.
    Loses(u32),
    /// How the game ends with best play, as a game's exact solver proved
    /// it; a win here has no ply count (see [`BestPlay`]).
    BestPlay(BestPlay),
    /// The game ended in a draw.
    Drawn,
    /// The chance of winning, in percent.
    Chance(f64),
}

impl Standing {
    /// The chance of winning, 0 to 1.
    pub fn chance(self) -> f64 {
        match self {
            Standing::Wins(_) => 1.0,
            Standing::Loses(_) => 0.0,
            Standing::BestPlay(BestPlay::Win(_)) => 1.0,
            Standing::BestPlay(BestPlay::Loss(_)) => 0.0,
            Standing::BestPlay(BestPlay::Draw) | Standing::Drawn => 0.5,
            Standing::Chance(percent) => percent / 100.0,
        }
    }
}

/// The review of one position.
#[derive(Clone, PartialEq, Debug)]
pub struct Reviewed<M> {
    pub standing: Standing,
    /// The move the computer preferred; `None` at the end of the game.
    pub best: Option<M>,
    /// For a forced win or loss, the line expected, `best` first; for a
    /// position solved exactly, one way the game can go with the winner
    /// winning (best play on both sides where the solver knows it).
    pub line: Vec<M>,
}

/// A whole game's review.
#[derive(Clone, PartialEq, Debug)]
pub struct Review<M> {
    /// The strength it was computed at.
    pub level: u8,
    /// One for each position a move was chosen in, then the end.
    pub positions: Vec<Reviewed<M>>,
}

/// `[review]` as written.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReviewText {
    pub level: u8,
    #[serde(default)]
    pub positions: Vec<ReviewedText>,
}

/// One of `[[review.positions]]` as written: one of `chance`, `win`,
/// `loss`, `draw` and `proved` (with `margin` beside it, if the game
/// counts one).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct ReviewedText {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proved: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}

/// Where in `line.positions()` the positions a review covers are: each
/// one a move was chosen in (not those where the game forced a move),
/// then the end.
pub fn reviewed_indices<G: Game>(line: &Line<G>) -> Vec<usize> {
    let mut indices: Vec<usize> = line
        .played()
        .iter()
        .enumerate()
        .filter(|(_, played)| !played.is_forced())
        .map(|(i, _)| i)
        .collect();
    indices.push(line.positions().len() - 1);
    indices
}

/// The positions of `line` a review covers ([`reviewed_indices`]).
pub fn reviewed_positions<G: Game>(line: &Line<G>) -> Vec<&G> {
    let positions = line.positions();
    reviewed_indices(line)
        .into_iter()
        .map(|i| &positions[i])
        .collect()
}

impl<M: ToString> Review<M> {
    pub fn to_text(&self) -> ReviewText {
        let positions = self
            .positions
            .iter()
            .map(|reviewed| {
                let mut text = ReviewedText {
                    best: reviewed.best.as_ref().map(ToString::to_string),
                    line: reviewed.line.iter().map(ToString::to_string).collect(),
                    ..ReviewedText::default()
                };
                match reviewed.standing {
                    Standing::Wins(plies) => text.win = Some(plies),
                    Standing::Loses(plies) => text.loss = Some(plies),
                    Standing::BestPlay(best_play) => {
                        text.proved = Some(best_play.ending().to_string());
                        text.margin = best_play.margin().filter(|&m| m > 0);
                    }
                    Standing::Drawn => text.draw = Some(true),
                    Standing::Chance(percent) => {
                        text.chance = Some((percent * 10.0).round() / 10.0)
                    }
                }
                text
            })
            .collect();
        ReviewText {
            level: self.level,
            positions,
        }
    }
}

/// Reads `[review]` for the game `line`, checking that it has one entry
/// for each position it covers and that every move in it is legal there.
pub fn read_review<G: Described>(
    text: &ReviewText,
    line: &Line<G>,
) -> Result<Review<G::Move>, RecordError> {
    let positions = reviewed_positions(line);
    if text.positions.len() != positions.len() {
        return Err(RecordError::new(format!(
            "the review has {} positions, but the game has {}",
            text.positions.len(),
            positions.len()
        )));
    }
    let reviewed = text
        .positions
        .iter()
        .zip(positions)
        .enumerate()
        .map(|(i, (written, position))| {
            read_position(written, position)
                .map_err(|reason| RecordError::new(format!("review position {}: {reason}", i + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Review {
        level: text.level,
        positions: reviewed,
    })
}

fn read_position<G: Described>(
    written: &ReviewedText,
    position: &G,
) -> Result<Reviewed<G::Move>, String> {
    let proved = written.proved.as_deref();
    let standing = match (
        written.chance,
        written.win,
        written.loss,
        written.draw,
        proved,
    ) {
        (Some(percent), None, None, None, None) if (0.0..=100.0).contains(&percent) => {
            Standing::Chance(percent)
        }
        (Some(percent), None, None, None, None) => {
            return Err(format!("a chance of {percent} is not between 0 and 100"));
        }
        (None, Some(plies), None, None, None) => Standing::Wins(plies),
        (None, None, Some(plies), None, None) => Standing::Loses(plies),
        (None, None, None, Some(true), None) => Standing::Drawn,
        (None, None, None, None, Some(word)) => {
            Standing::BestPlay(read_best_play::<G>(word, written.margin)?)
        }
        _ => {
            return Err("it needs exactly one of chance, win, loss, draw and proved".to_string());
        }
    };
    if written.margin.is_some() && proved.is_none() {
        return Err("a margin goes only with proved".to_string());
    }
    let best = match &written.best {
        None => None,
        Some(text) => Some(legal_move(position, text)?),
    };
    let mut after = position.clone();
    let mut line = Vec::new();
    for text in &written.line {
        let mv = legal_move(&after, text)?;
        after.play_unchecked(mv);
        line.push(mv);
    }
    Ok(Reviewed {
        standing,
        best,
        line,
    })
}

/// `proved` and `margin` as written.
fn read_best_play<G: Described>(proved: &str, margin: Option<u32>) -> Result<BestPlay, String> {
    let ending: Ending = proved.parse().map_err(|error| format!("proved: {error}"))?;
    if margin.is_some() && G::MARGIN_UNIT.is_none() {
        return Err(format!("a {} result has no margin", G::NAME));
    }
    BestPlay::new(ending, margin).ok_or_else(|| match ending {
        Ending::Draw => "a draw has no margin".to_string(),
        _ => format!("a {ending} by a margin of 0 is a draw"),
    })
}

fn legal_move<G: Game>(position: &G, text: &str) -> Result<G::Move, String> {
    let mv: G::Move = text
        .parse()
        .map_err(|_| format!("{} is not a {} move", quote(text), G::NAME))?;
    position
        .check(mv)
        .map_err(|illegal| format!("{}: {illegal}", quote(text)))?;
    Ok(mv)
}
