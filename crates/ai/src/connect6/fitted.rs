//! Level 5's evaluation for rows of six, fitted to game results
//! (`examples/connect6_train.rs`, the weights in
//! `assets/connect6_weights.txt`): every window of six cells that one
//! side holds alone counts by where its stones are (a six-bit mask; a
//! window and its mirror image alike), with one weight when that side has
//! just played and another when it is to play; and so does how many of
//! the side to play's two stones the threats of the side that has just
//! played take (one or two). A position's value for the side that has
//! just played is the sum: the log-odds of its winning, in 1/[`UNIT`]s.
//!
//! The file has a line per weight: `mine` (the side that has just played)
//! or `theirs` (the side to play), the mask as six characters (`x` a
//! stone, `.` an empty cell, the window's cells in order), and the
//! weight; or `level`, the stones the threats take, and the weight. `#`
//! starts a comment.

use std::fmt::Write as _;
use std::sync::OnceLock;

/// Weights are in 1/UNIT of a unit of log-odds.
pub const UNIT: f64 = 1000.0;
/// Cells of a window.
pub const LINE: usize = 6;
/// Masks of a window's stones.
pub const MASKS: usize = 1 << LINE;

/// The mask of the same stones read from the other end.
pub fn mirror(mask: usize) -> usize {
    (0..LINE)
        .filter(|&k| mask >> k & 1 == 1)
        .fold(0, |m, k| m | 1 << (LINE - 1 - k))
}

/// The mask standing for `mask` and its mirror image.
pub fn canonical(mask: usize) -> usize {
    mask.min(mirror(mask))
}

/// The masks a weight is fitted for: one stone or more, fewer than six
/// (six have won), one of each mirror pair.
pub fn fitted_masks() -> Vec<usize> {
    (1..MASKS - 1).filter(|&m| canonical(m) == m).collect()
}

/// The weights by mask, for the side that has just played (`mine`) and
/// the side to play (`theirs`), every mask filled (mirror images alike).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Weights {
    pub mine: [i64; MASKS],
    pub theirs: [i64; MASKS],
    /// By the stones the threats of the side that has just played take
    /// (0, 1 or 2).
    pub levels: [i64; 3],
}

/// A file that is not a weights file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotWeights(pub String);

impl std::fmt::Display for NotWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not Connect6 weights: {}", self.0)
    }
}

impl std::error::Error for NotWeights {}

static SHIPPED: &str = include_str!("../../assets/connect6_weights.txt");

impl Weights {
    /// The shipped weights (read once).
    pub fn shipped() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| {
            Weights::parse(SHIPPED).unwrap_or_else(|e| {
                unreachable!("the shipped weights are written by the tool: {e}")
            })
        })
    }

    /// Weights from each canonical mask's pair (the others mirrored) and
    /// the threats' levels.
    pub fn new(pairs: &[(usize, i64, i64)], levels: [i64; 3]) -> Weights {
        let mut weights = Weights {
            mine: [0; MASKS],
            theirs: [0; MASKS],
            levels,
        };
        for &(mask, mine, theirs) in pairs {
            for m in [mask, mirror(mask)] {
                weights.mine[m] = mine;
                weights.theirs[m] = theirs;
            }
        }
        weights
    }

    /// The file's text.
    pub fn to_text(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            let _ = writeln!(out, "# {line}");
        }
        for (name, table) in [("mine", &self.mine), ("theirs", &self.theirs)] {
            for mask in fitted_masks() {
                let _ = writeln!(out, "{name} {} {}", mask_text(mask), table[mask]);
            }
        }
        for level in 1..3 {
            let _ = writeln!(out, "level {level} {}", self.levels[level]);
        }
        out
    }

    /// Weights from a file's text, checked for shape.
    pub fn parse(text: &str) -> Result<Weights, NotWeights> {
        let fail = |at: usize, why: &str| NotWeights(format!("line {}: {why}", at + 1));
        let mut weights = Weights {
            mine: [0; MASKS],
            theirs: [0; MASKS],
            levels: [0; 3],
        };
        for (at, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [name, mask, weight] = words[..] else {
                return Err(fail(at, "not three words"));
            };
            let weight: i64 = weight.parse().map_err(|_| fail(at, "not a whole number"))?;
            if name == "level" {
                match mask {
                    "1" => weights.levels[1] = weight,
                    "2" => weights.levels[2] = weight,
                    _ => return Err(fail(at, "a level is 1 or 2")),
                }
                continue;
            }
            let mask = parse_mask(mask).ok_or_else(|| fail(at, "not a mask of six cells"))?;
            let table = match name {
                "mine" => &mut weights.mine,
                "theirs" => &mut weights.theirs,
                _ => return Err(fail(at, "neither mine nor theirs")),
            };
            table[mask] = weight;
            table[mirror(mask)] = weight;
        }
        Ok(weights)
    }
}

/// A mask as six characters: `x` a stone, `.` an empty cell.
pub fn mask_text(mask: usize) -> String {
    (0..LINE)
        .map(|k| if mask >> k & 1 == 1 { 'x' } else { '.' })
        .collect()
}

fn parse_mask(text: &str) -> Option<usize> {
    if text.chars().count() != LINE {
        return None;
    }
    text.chars()
        .enumerate()
        .try_fold(0, |mask, (k, c)| match c {
            'x' => Some(mask | 1 << k),
            '.' => Some(mask),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn masks_mirror_and_the_file_reads_back() {
        assert_eq!(mirror(0b000011), 0b110000);
        assert_eq!(canonical(0b110000), 0b000011);
        assert_eq!(fitted_masks().len(), 34);
        let pairs: Vec<(usize, i64, i64)> = fitted_masks()
            .into_iter()
            .enumerate()
            .map(|(k, m)| (m, k as i64 * 7 - 50, -(k as i64) * 3))
            .collect();
        let weights = Weights::new(&pairs, [0, 11, -22]);
        let text = weights.to_text("a test\nof two lines");
        assert_eq!(Weights::parse(&text), Ok(weights.clone()));
        assert_eq!(weights.mine[0b110000], weights.mine[0b000011]);
        assert!(Weights::parse("mine xx.... 3 4").is_err());
        assert!(Weights::parse("ours xx.... 3").is_err());
        assert!(Weights::parse("mine xx... 3").is_err());
        assert!(Weights::parse(SHIPPED).is_ok());
    }
}
