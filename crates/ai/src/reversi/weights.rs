//! The fitted weights of the pattern evaluation (`patterns.rs`), per game
//! stage, and the score they give a position: the final disc difference
//! the mover can expect, in [`UNIT`]s of a disc.
//!
//! The file (`assets/reversi_weights.bin`, written by
//! `examples/reversi_train.rs`) is a tag, then for each of the [`STAGES`]
//! stages its [`SCALARS`] scalar weights and then the canonical pattern
//! weights in index order, as runs: the number of zeros, then one
//! non-zero weight (the last run has no weight after it). Numbers are
//! LEB128 varints, weights zigzag-coded.

use std::sync::OnceLock;

use super::patterns::{Layout, PLACES, WEIGHTS, indices};

/// What the file starts with.
pub const TAG: &[u8; 8] = b"RVPAT1\n\0";
/// Weights are in 1/UNIT of a disc.
pub const UNIT: i32 = 64;
/// Game stages by empty cells: stage `e / STAGE_EMPTIES`.
pub const STAGE_EMPTIES: u32 = 8;
pub const STAGES: usize = 8;
/// Per stage: a constant, the mover's moves, the opponent's moves, and
/// an odd number of empty cells (the mover gets the last move of a region
/// more often).
pub const SCALARS: usize = 4;

/// The stage of a position with `empties` empty cells.
pub fn stage(empties: u32) -> usize {
    ((empties / STAGE_EMPTIES) as usize).min(STAGES - 1)
}

/// The scalar features of a position, in the order of the scalar weights.
pub fn scalars(my_moves: u64, their_moves: u64, empties: u32) -> [i32; SCALARS] {
    [
        1,
        my_moves.count_ones() as i32,
        their_moves.count_ones() as i32,
        (empties % 2) as i32,
    ]
}

/// One stage's weights, every pattern index filled (twins share a value).
struct Stage {
    scalars: [i16; SCALARS],
    patterns: Vec<i16>,
}

/// All stages' weights.
pub struct Weights {
    stages: Vec<Stage>,
}

/// A file that is not a weights file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotWeights(pub String);

impl std::fmt::Display for NotWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not Reversi weights: {}", self.0)
    }
}

impl std::error::Error for NotWeights {}

static SHIPPED: &[u8] = include_bytes!("../../assets/reversi_weights.bin");

impl Weights {
    /// The shipped weights (read once).
    pub fn shipped() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| {
            Weights::decode(SHIPPED).unwrap_or_else(|e| {
                unreachable!("the shipped weights are written by the tool: {e}")
            })
        })
    }

    /// Weights from per-stage scalars and canonical pattern weights
    /// (entries at non-canonical indices are ignored).
    pub fn new(stages: &[([i16; SCALARS], Vec<i16>)]) -> Weights {
        let canonical = &Layout::get().canonical;
        Weights {
            stages: stages
                .iter()
                .map(|(scalars, patterns)| Stage {
                    scalars: *scalars,
                    patterns: canonical.iter().map(|&c| patterns[c as usize]).collect(),
                })
                .collect(),
        }
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let canonical = &Layout::get().canonical;
        let mut out = TAG.to_vec();
        for stage in &self.stages {
            for &s in &stage.scalars {
                put(&mut out, zigzag(s));
            }
            let mut zeros = 0u64;
            for (i, &w) in stage.patterns.iter().enumerate() {
                if canonical[i] as usize != i {
                    continue;
                }
                if w == 0 {
                    zeros += 1;
                } else {
                    put(&mut out, zeros);
                    put(&mut out, zigzag(w));
                    zeros = 0;
                }
            }
            put(&mut out, zeros);
        }
        out
    }

    /// Weights from a file's bytes, checked for shape.
    pub fn decode(bytes: &[u8]) -> Result<Weights, NotWeights> {
        let fail = |why: &str| NotWeights(why.to_string());
        let rest = bytes
            .strip_prefix(TAG.as_slice())
            .ok_or_else(|| fail("the tag is missing"))?;
        let canonical = &Layout::get().canonical;
        let slots: Vec<usize> = (0..WEIGHTS)
            .filter(|&i| canonical[i] as usize == i)
            .collect();
        let mut reader = Reader { bytes: rest, at: 0 };
        let mut stages = Vec::with_capacity(STAGES);
        for _ in 0..STAGES {
            let mut scalars = [0i16; SCALARS];
            for s in &mut scalars {
                *s = unzigzag(reader.next().ok_or_else(|| fail("a stage is cut short"))?)
                    .ok_or_else(|| fail("a weight is out of range"))?;
            }
            let mut patterns = vec![0i16; WEIGHTS];
            let mut k = 0usize;
            loop {
                let zeros = reader.next().ok_or_else(|| fail("a stage is cut short"))?;
                k = usize::try_from(zeros)
                    .ok()
                    .and_then(|z| k.checked_add(z))
                    .filter(|&k| k <= slots.len())
                    .ok_or_else(|| fail("a run of zeros is too long"))?;
                if k == slots.len() {
                    break;
                }
                let w = unzigzag(reader.next().ok_or_else(|| fail("a stage is cut short"))?)
                    .ok_or_else(|| fail("a weight is out of range"))?;
                patterns[slots[k]] = w;
                k += 1;
            }
            for i in 0..WEIGHTS {
                patterns[i] = patterns[canonical[i] as usize];
            }
            stages.push(Stage { scalars, patterns });
        }
        if reader.at != rest.len() {
            return Err(fail("bytes are left over"));
        }
        Ok(Weights { stages })
    }

    /// The mover's expected final disc difference, in [`UNIT`]s of a disc,
    /// for the mover's discs `mine` and the opponent's `theirs` on the
    /// 8×8 board.
    pub fn score(&self, mine: u64, theirs: u64, my_moves: u64, their_moves: u64) -> i32 {
        let empties = (!(mine | theirs)).count_ones();
        let stage = &self.stages[stage(empties)];
        let mut places = [0u32; PLACES];
        indices(mine, theirs, &mut places);
        let patterns: i32 = places
            .iter()
            .map(|&i| i32::from(stage.patterns[i as usize]))
            .sum();
        let features = scalars(my_moves, their_moves, empties);
        patterns
            + stage
                .scalars
                .iter()
                .zip(features)
                .map(|(&w, f)| i32::from(w) * f)
                .sum::<i32>()
    }
}

fn zigzag(w: i16) -> u64 {
    let w = i64::from(w);
    ((w << 1) ^ (w >> 63)) as u64
}

fn unzigzag(n: u64) -> Option<i16> {
    let w = (n >> 1) as i64 ^ -((n & 1) as i64);
    i16::try_from(w).ok()
}

fn put(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    /// The next varint, `None` at the end or past 64 bits.
    fn next(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.at)?;
            self.at += 1;
            n |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Some(n);
            }
        }
        None
    }
}
