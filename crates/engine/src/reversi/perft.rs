//! Reversi perft: how many move sequences of a given length there are, on
//! bare bitboards, counting the last ply unplayed and sharing the count of
//! a position with its eight mirror images.

use super::bits::{bit, flips, legal_moves};
use super::{Reversi, STRIDE};

/// The number of move sequences of `depth` plies from `game`, a pass counting
/// as a ply and a game that ends sooner as one sequence where it ends.
///
/// Counts the last ply without playing it, and remembers the counts of
/// positions reached again by another order of moves.
pub fn perft(game: &Reversi, depth: usize) -> u64 {
    perft_with(game, depth, &mut Table::new(game.settings.size, depth))
}

/// [`perft`] with a table of counts shared between calls (the positions
/// one or two plies down of a count split for its progress).
pub(super) fn perft_with(game: &Reversi, depth: usize, table: &mut Table) -> u64 {
    if depth == 0 || game.over {
        return 1;
    }
    let (mover, other) = game.sides();
    perft_from(mover, other, game.on_board, depth, table)
}

/// Positions this far from the leaves and further are looked up in the table.
const TABLE_DEPTH: usize = 3;

/// [`perft`] on bare bitboards, `depth >= 1`.
fn perft_from(mover: u64, other: u64, on_board: u64, depth: usize, table: &mut Table) -> u64 {
    if depth < TABLE_DEPTH {
        return perft_shallow(mover, other, on_board, depth);
    }
    let key = table.key(mover, other);
    if let Some(count) = table.get(key, depth) {
        return count;
    }
    let moves = legal_moves(mover, other, on_board);
    let count = if moves == 0 {
        if legal_moves(other, mover, on_board) == 0 {
            return 1;
        }
        perft_from(other, mover, on_board, depth - 1, table)
    } else {
        let mut total = 0;
        let mut rest = moves;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let flipped = flips(at, mover, other);
            total += perft_from(
                other ^ flipped,
                mover | flipped | bit(at),
                on_board,
                depth - 1,
                table,
            );
        }
        total
    };
    table.put(key, depth, count);
    count
}

/// [`perft`] for `depth` 1 or 2, counting the last ply's moves unplayed.
#[inline(always)]
fn perft_shallow(mover: u64, other: u64, on_board: u64, depth: usize) -> u64 {
    let moves = legal_moves(mover, other, on_board);
    if depth == 1 {
        // No placement is one leaf too: a pass, or the end of the game.
        return u64::from(moves.count_ones()).max(1);
    }
    if moves == 0 {
        let replies = legal_moves(other, mover, on_board);
        // A pass then the opponent's moves, or the end of the game.
        return u64::from(replies.count_ones()).max(1);
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let at = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flipped = flips(at, mover, other);
        let replies = legal_moves(other ^ flipped, mover | flipped | bit(at), on_board);
        total += u64::from(replies.count_ones()).max(1);
    }
    total
}

/// Perft counts of positions already seen, by the full position and depth:
/// a hash only picks the slot, so a count is never taken for the wrong
/// position. The rules do not care about colours or about turning the board
/// over, so a position is stored as the least of its eight mirror images,
/// with the mover's discs first: all of them share one count.
pub(super) struct Table {
    slots: Vec<Slot>,
    /// Empty rows and columns below and right of a smaller board.
    margin: u32,
}

/// A position as the mover's discs and the opponent's.
type Key = (u64, u64);

#[derive(Clone, Copy, Default)]
struct Slot {
    key: Key,
    /// The depth in the top byte (0: empty slot), the count below it.
    depth_count: u64,
}

impl Table {
    const COUNT_BITS: u32 = 56;

    /// A table sized for a search of `depth`; shallow searches are quick
    /// enough to go without.
    pub(super) fn new(size: usize, depth: usize) -> Table {
        let slots = if depth < 4 {
            0
        } else {
            1 << (3 * depth).saturating_sub(15).clamp(10, 21)
        };
        Table {
            slots: vec![Slot::default(); slots],
            margin: (STRIDE - size) as u32,
        }
    }

    /// The position's representative among its mirror images.
    #[inline(always)]
    fn key(&self, mover: u64, other: u64) -> Key {
        if self.slots.is_empty() {
            return (mover, other);
        }
        let mut best = (mover, other);
        for (m, o) in [(mover, other), (transpose(mover), transpose(other))] {
            let mirrored = (self.mirror_columns(m), self.mirror_columns(o));
            for image in [
                (m, o),
                mirrored,
                (self.mirror_rows(m), self.mirror_rows(o)),
                (self.mirror_rows(mirrored.0), self.mirror_rows(mirrored.1)),
            ] {
                best = best.min(image);
            }
        }
        best
    }

    /// Column `c` to column `size - 1 - c`.
    #[inline(always)]
    fn mirror_columns(&self, discs: u64) -> u64 {
        // Reversing all bits reverses the rows too; swapping bytes puts the
        // rows back. The board then sits at the right: move it back left.
        discs.reverse_bits().swap_bytes() >> self.margin
    }

    /// Row `r` to row `size - 1 - r`.
    #[inline(always)]
    fn mirror_rows(&self, discs: u64) -> u64 {
        discs.swap_bytes() >> (STRIDE as u32 * self.margin)
    }

    #[inline(always)]
    fn slot(&self, (mover, other): Key, depth: usize) -> usize {
        let hash = (mover.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ other ^ depth as u64)
            .wrapping_mul(0xd6e8_feb8_6659_fd93);
        (hash >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline(always)]
    fn get(&self, key: Key, depth: usize) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = self.slots[self.slot(key, depth)];
        (slot.key == key && slot.depth_count >> Self::COUNT_BITS == depth as u64)
            .then_some(slot.depth_count & ((1 << Self::COUNT_BITS) - 1))
    }

    #[inline(always)]
    fn put(&mut self, key: Key, depth: usize, count: u64) {
        // Counts too large to pack are simply not kept.
        if self.slots.is_empty() || count >> Self::COUNT_BITS != 0 || depth > 255 {
            return;
        }
        let index = self.slot(key, depth);
        self.slots[index] = Slot {
            key,
            depth_count: (depth as u64) << Self::COUNT_BITS | count,
        };
    }
}

/// Row `r`, column `c` to row `c`, column `r`: the mirror image in the
/// diagonal from the top-left corner, which every board size shares.
#[inline(always)]
pub fn transpose(discs: u64) -> u64 {
    let mut x = discs;
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::reversi::tests::{random_games, sized, slow_perft};

    #[test]
    fn reporting_counts_the_same() {
        use crate::Described;
        use crate::perft::Finished;
        let game = Reversi::default();
        for depth in 0..=8 {
            let mut last = 0.0;
            let count = game.perft(depth, Finished::Leaf, &mut |share| last = share);
            assert_eq!(count, perft(&game, depth), "depth {depth}");
            assert!((last - 1.0_f64).abs() < 1e-9, "the whole was reported");
        }
    }

    #[test]
    fn perft_matches_the_published_counts() {
        let counts = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];
        let game = Reversi::default();
        for (depth, &count) in (1..).zip(&counts) {
            assert_eq!(perft(&game, depth), count, "depth {depth}");
        }
        assert_eq!(perft(&game, 0), 1);
    }

    #[test]
    fn fast_perft_matches_a_plain_search() {
        for (size, depth) in [(4, 13), (6, 6), (8, 6)] {
            let game = sized(size);
            for d in 1..=depth {
                assert_eq!(
                    perft(&game, d),
                    slow_perft(&game, d),
                    "{size}x{size} depth {d}"
                );
            }
        }
        assert_eq!(perft(&sized(4), 1), 4);
        // Mid-game positions, passes and finished games included.
        let mut checked = 0;
        random_games(12, |_, _, game| {
            if game.plies() % 3 == 0 || game.count_legal_moves() <= 1 {
                assert_eq!(perft(game, 4), slow_perft(game, 4), "{game:?}");
                checked += 1;
            }
        });
        assert!(checked > 50);
    }
}
