//! Inferior cells: empty cells whose colour cannot change who wins, found
//! from the ring of their six neighbours on the tree search's padded board
//! (edges there are stones of their owner's colour).
//!
//! A cell is useless to a player when every two neighbours that player
//! could use (their stones, or empty cells) are already joined round the
//! ring, past the cell, by that player's stones: any chain through the cell
//! can go round it. A cell useless to both players is dead: filling it
//! with either colour changes nothing, so the search never plays it.

use super::mcts::{Board, EMPTY, O, X};

/// Whether a stone of `who` on the empty cell `i` could never be part of
/// a chain `who` needs: see the module's comment.
fn useless_to(ring: &[u8; 6], who: u8) -> bool {
    let usable = |k: usize| ring[k] == who || ring[k] == EMPTY;
    // Whether every cell strictly between ring positions `from` and `to`
    // (going round in one direction) is a stone of `who`.
    let joined = |from: usize, to: usize| {
        let mut k = (from + 1) % 6;
        while k != to {
            if ring[k] != who {
                return false;
            }
            k = (k + 1) % 6;
        }
        true
    };
    (0..6).filter(|&a| usable(a)).all(|a| {
        (a + 1..6)
            .filter(|&b| usable(b))
            .all(|b| joined(a, b) || joined(b, a))
    })
}

/// Whether the empty cell `i` of `cells` is dead.
pub fn is_dead(board: &Board, cells: &[u8], i: usize) -> bool {
    let ring = board.ring_of(cells, i);
    useless_to(&ring, O) && useless_to(&ring, X)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::ai::hex::bits::{Geometry, Stones};
    use crate::engine::bits::Bits;
    use crate::engine::hex::{Hex, HexMove, HexSettings};
    use crate::engine::{Game, Player, Rng};

    /// Whether the player to move in `s` wins, by plain minimax.
    fn wins(g: &Geometry<u64>, s: Stones<u64>, memo: &mut HashMap<Stones<u64>, bool>) -> bool {
        let me = s.to_move;
        if g.connects(s.of(me), me) {
            return true;
        }
        if g.connects(s.of(me.other()), me.other()) {
            return false;
        }
        if let Some(&known) = memo.get(&s) {
            return known;
        }
        let empty = s.empty(g);
        let won = empty
            .ones()
            .any(|i| !wins(g, s.play(1u64 << i), memo));
        memo.insert(s, won);
        won
    }

    #[test]
    fn the_ring_patterns_are_dead_or_not() {
        let (e, o, x) = (EMPTY, O, X);
        // Four in a row of one colour.
        assert!(useless_to(&[o, o, o, o, e, e], O) && useless_to(&[o, o, o, o, e, e], X));
        // Three of one colour and the cell across of the other.
        assert!(useless_to(&[x, x, x, e, o, e], O) && useless_to(&[x, x, x, e, o, e], X));
        // Two and two across.
        assert!(useless_to(&[o, o, e, x, x, e], O) && useless_to(&[o, o, e, x, x, e], X));
        // Three of O's in a row and nothing across: a stone there joins
        // them to the empty cell across, which neither of them touches.
        assert!(!useless_to(&[o, o, o, e, e, e], O));
        // A bridge's carrier is not dead: O joins its two stones through it.
        assert!(!useless_to(&[o, e, e, o, e, e], O));
        assert!(!useless_to(&[e; 6], O) && !useless_to(&[e; 6], X));
    }

    /// On random positions of small boards, filling a dead cell with
    /// either colour leaves who wins unchanged (checked by plain minimax).
    #[test]
    fn dead_cells_do_not_change_the_winner() {
        let mut rng = Rng::new(21);
        let mut checked = 0;
        for size in [3, 4, 5] {
            let g = Geometry::<u64>::new(size).expect("small side");
            let mut memo = HashMap::new();
            for _ in 0..250 {
                let mut hex = Hex::new(HexSettings::new(size, false).expect("valid"));
                // Few enough empty cells for plain minimax in a debug build.
                let least = (size * size).saturating_sub(11).max(2);
                let stones = least + rng.below(size * size - 1 - least);
                for _ in 0..stones {
                    let mv = hex.random_move(&mut rng).expect("a move");
                    hex.play_unchecked(mv);
                    if hex.is_over() {
                        break;
                    }
                }
                if hex.is_over() {
                    continue;
                }
                let board = Board::from_hex(&hex);
                let (_, position) = Stones::<u64>::from_hex(&hex).expect("fits");
                for i in board.empties() {
                    if !is_dead(&board, &board.cells, i as usize) {
                        continue;
                    }
                    let cell = g.bit(board.cell(i as usize));
                    let as_o = Stones {
                        first: position.first | cell,
                        ..position
                    };
                    let as_x = Stones {
                        second: position.second | cell,
                        ..position
                    };
                    assert_eq!(
                        wins(&g, as_o, &mut memo),
                        wins(&g, as_x, &mut memo),
                        "{size} {} {}",
                        HexMove::Place(board.cell(i as usize)),
                        hex.to_move() == Player::First
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }
}
