//! What the threat-space search has settled, by position: the same
//! position comes back through many orders of the same threats, and the
//! iterative deepening (and the defence's checks of each candidate turn)
//! asks the same questions again at a greater depth.

use std::collections::HashMap;

use crate::search::zobrist;

/// Positions kept at most, so a long search cannot use up the memory
/// (about 40 bytes each); past it, nothing new is kept.
const CAPACITY: usize = 1 << 21;

/// What is known about one side's forced win from one position; `T` is
/// the winning turn.
#[derive(Clone, Copy)]
struct Known<T> {
    /// The shallowest depth (in turns) at which a win was found, and its
    /// turn.
    win: Option<(u32, T)>,
    /// The deepest search that found no win (0: none done).
    none_within: u32,
}

/// Results of `forced_win` by position, attacker and stones left in the
/// turn, each win with its first turn `T`.
#[derive(Clone)]
pub struct Memo<T> {
    known: HashMap<u64, Known<T>>,
}

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo {
            known: HashMap::new(),
        }
    }
}

/// A question: a position (its pieces' hash), the attacker, the stones of
/// its turn left and the single threats the chain may use.
pub type Question = (u64, u8, usize, u32);

fn key((pieces, who, stones, quiet): Question) -> u64 {
    pieces
        ^ zobrist(u64::MAX - 64 + u64::from(quiet.min(3)) * 16 + u64::from(who) * 4 + stones as u64)
}

/// A stone's part of a position's hash.
pub fn stone_hash(cell: usize, who: u8) -> u64 {
    zobrist(u64::from(who) << 12 | cell as u64)
}

impl<T: Copy> Memo<T> {
    /// The answer for a search `depth` turns deep, if one done before
    /// settles it: `Some(Some(turn))` a win, `Some(None)` none.
    pub fn get(&self, question: Question, depth: u32) -> Option<Option<T>> {
        let known = self.known.get(&key(question))?;
        match known.win {
            Some((at, turn)) if at <= depth => Some(Some(turn)),
            _ if known.none_within >= depth => Some(None),
            _ => None,
        }
    }

    /// Keeps the finished result of a search `depth` turns deep.
    pub fn put(&mut self, question: Question, depth: u32, found: Option<T>) {
        let k = key(question);
        if self.known.len() >= CAPACITY && !self.known.contains_key(&k) {
            return;
        }
        let known = self.known.entry(k).or_insert(Known {
            win: None,
            none_within: 0,
        });
        match found {
            Some(turn) if known.win.is_none_or(|(at, _)| depth < at) => {
                known.win = Some((depth, turn));
            }
            Some(_) => {}
            None => known.none_within = known.none_within.max(depth),
        }
    }
}
