//! Inferior cells of a Hex position, from each empty cell's ring of six
//! neighbours on the padded board (edges count as their owner's stones,
//! the padding past a corner as nobody's): dead cells, whose colour
//! cannot change who wins; pairs of cells a player has captured (whatever
//! the opponent plays in one, the answer in the other leaves the
//! opponent's stone dead), which may be filled with that player's stones
//! at once; and the mover's vulnerable cells, which one reply of the
//! opponent makes dead.
//!
//! A cell is useless to a player when any two of its neighbours that the
//! player could use (empty, or theirs) are next to each other, or joined
//! round the cell by the player's own stones: a chain through the cell
//! can then go round it. A cell useless to both players is dead. Dead
//! cells stay dead as the board fills, and filling dead and captured
//! cells one by one never changes the winner (Hayward and Henderson's
//! inferior cell analysis), which the tests check against plain minimax.

use std::sync::OnceLock;

use super::board::{Board, EMPTY, O, X};

/// A ring's code: slot `k` (the neighbour at `ring[k]`) in bits `2k` and
/// `2k + 1`, holding the padded board's value there (empty, O, X, off).
type Code = usize;
const CODES: usize = 1 << 12;

fn slot(code: Code, k: usize) -> u8 {
    ((code >> (2 * k)) & 3) as u8
}

fn with(code: Code, k: usize, value: u8) -> Code {
    (code & !(3 << (2 * k))) | (usize::from(value) << (2 * k))
}

/// Whether a cell with neighbours `code` is useless to `player` (O or X).
fn useless(code: Code, player: u8) -> bool {
    let usable = |k: usize| {
        let v = slot(code, k);
        v == EMPTY || v == player
    };
    for a in 0..6 {
        for b in a + 2..6 {
            if !usable(a) || !usable(b) || (a == 0 && b == 5) {
                continue;
            }
            let inside = (a + 1..b).all(|k| slot(code, k) == player);
            let outside = (b + 1..a + 6).all(|k| slot(code, k % 6) == player);
            if !inside && !outside {
                return false;
            }
        }
    }
    true
}

/// What a ring of neighbours says about its centre cell.
pub struct Tables {
    /// The centre is dead: `Some(colour)` to fill it with (the one with
    /// more stones round it).
    dead: Vec<u8>,
    /// For O and X: the slots `k` (a bit each) whose neighbour is empty
    /// and, once taken by that player, leaves the centre dead.
    half: [Vec<u8>; 2],
}

impl Tables {
    pub fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::build)
    }

    fn build() -> Tables {
        let is_dead = |code: Code| useless(code, O) && useless(code, X);
        let mut dead = vec![EMPTY; CODES];
        let mut half = [vec![0u8; CODES], vec![0u8; CODES]];
        for code in 0..CODES {
            if is_dead(code) {
                let count = |p: u8| (0..6).filter(|&k| slot(code, k) == p).count();
                dead[code] = if count(X) > count(O) { X } else { O };
            }
            for (p, player) in [O, X].into_iter().enumerate() {
                for k in 0..6 {
                    if slot(code, k) == EMPTY && is_dead(with(code, k, player)) {
                        half[p][code] |= 1 << k;
                    }
                }
            }
        }
        Tables { dead, half }
    }

    /// The colour to fill the cell with neighbours `code`, if it is dead.
    pub fn dead(&self, code: Code) -> Option<u8> {
        let v = self.dead[code];
        (v != EMPTY).then_some(v)
    }
}

/// The ring code of padded cell `i` of `cells`.
#[inline]
pub fn ring_code(board: &Board, cells: &[u8], i: usize) -> Code {
    let mut code = 0;
    for (k, step) in board.ring.iter().enumerate() {
        code |= usize::from(cells[i.wrapping_add_signed(*step)] & 3) << (2 * k);
    }
    code
}

/// The other cell of a pair `player` has captured with `i`, if any.
fn captured_partner(
    board: &Board,
    tables: &Tables,
    cells: &[u8],
    i: usize,
    code: Code,
    player: u8,
) -> Option<usize> {
    let p = usize::from(player - 1);
    let mut half = tables.half[p][code];
    while half != 0 {
        let k = half.trailing_zeros() as usize;
        half &= half - 1;
        let j = i.wrapping_add_signed(board.ring[k]);
        if tables.half[p][ring_code(board, cells, j)] & (1 << ((k + 3) % 6)) != 0 {
            return Some(j);
        }
    }
    None
}

/// Fills the dead and captured cells among `empties` in `cells`, over and
/// over until none is left (each fill can make others), and adds them to
/// `filled`; returns how many cells were filled. Cells are filled one at a
/// time (a pair at a time), each found on the board as the fills before it
/// left it.
pub fn fill(
    board: &Board,
    cells: &mut [u8],
    empties: &[u16],
    filled_cells: &mut Vec<u16>,
) -> usize {
    let tables = Tables::get();
    let mut filled = 0;
    loop {
        let before = filled;
        for &i in empties {
            let i = usize::from(i);
            if cells[i] != EMPTY {
                continue;
            }
            let code = ring_code(board, cells, i);
            if code == 0 {
                continue;
            }
            if let Some(colour) = tables.dead(code) {
                cells[i] = colour;
                filled += 1;
                filled_cells.push(i as u16);
                continue;
            }
            for player in [O, X] {
                if let Some(j) = captured_partner(board, tables, cells, i, code, player) {
                    cells[i] = player;
                    cells[j] = player;
                    filled += 2;
                    filled_cells.extend([i as u16, j as u16]);
                    break;
                }
            }
        }
        if filled == before {
            return filled;
        }
    }
}

/// Whether `mover`'s stone on the empty cell `i` would be vulnerable: some
/// empty neighbour, taken by the opponent, would leave it dead.
pub fn vulnerable(board: &Board, cells: &[u8], i: usize, mover: u8) -> bool {
    let tables = Tables::get();
    let opponent = usize::from(3 - mover - 1);
    tables.half[opponent][ring_code(board, cells, i)] != 0
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use tabletop_engine::hex::{Hex, HexMove, HexSettings};
    use tabletop_engine::{Game, Player, Rng};

    /// A ring from six slot values.
    fn ring(values: [u8; 6]) -> Code {
        values
            .iter()
            .enumerate()
            .fold(0, |code, (k, &v)| code | usize::from(v) << (2 * k))
    }

    #[test]
    fn the_classic_rings_are_dead_or_not() {
        let t = Tables::get();
        let (e, o, x) = (EMPTY, O, X);
        // Four of one colour in a row.
        assert_eq!(t.dead(ring([o, o, o, o, e, e])), Some(O));
        assert_eq!(t.dead(ring([e, x, x, x, x, e])), Some(X));
        // Three and two of the other colour.
        assert!(t.dead(ring([o, o, o, x, x, e])).is_some());
        // Three alternate stones do not kill.
        assert_eq!(t.dead(ring([e, o, e, o, e, o])), None);
        assert_eq!(t.dead(ring([o, o, o, e, e, e])), None);
        assert_eq!(t.dead(0), None);
        // Surrounded by five of one colour; but alternating stones are
        // three groups of each colour the cell would join.
        assert!(t.dead(ring([o, o, o, o, o, x])).is_some());
        assert_eq!(t.dead(ring([o, x, o, x, o, x])), None);
    }

    #[test]
    fn filling_never_changes_the_winner() {
        // Random small positions: the player to move wins the filled board
        // (as a set of stones, same player to move) exactly when they win
        // the original, by minimax over stone sets.
        let mut rng = Rng::new(3);
        let mut checked = 0;
        for (size, stones) in [(3, 2), (3, 4), (4, 6), (4, 8), (5, 15), (5, 17)] {
            let mut memo = HashMap::new();
            for _ in 0..60 {
                let mut hex = Hex::new(HexSettings::new(size, false).expect("size"));
                for _ in 0..stones {
                    if let Some(mv) = hex.random_move(&mut rng) {
                        hex.play_unchecked(mv);
                    }
                }
                if hex.is_over() {
                    continue;
                }
                let board = Board::from_hex(&hex);
                let mut cells = board.cells.clone();
                let empties = board.empties();
                if fill(&board, &mut cells, &empties, &mut Vec::new()) == 0 {
                    continue;
                }
                let original = minimax_cells(&board, &board.cells, hex.to_move(), &mut memo);
                let after = minimax_cells(&board, &cells, hex.to_move(), &mut memo);
                assert_eq!(original, after, "{hex:?}");
                checked += 1;
            }
        }
        assert!(checked > 30, "{checked}");
    }

    /// Whether `to_move` wins the padded board `cells`, by plain minimax.
    fn minimax_cells(
        board: &Board,
        cells: &[u8],
        to_move: Player,
        memo: &mut HashMap<(Vec<u8>, bool), bool>,
    ) -> bool {
        let key = (cells.to_vec(), to_move == Player::First);
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let me = if to_move == Player::First { O } else { X };
        let mut scratch = super::super::board::Scratch::new(board);
        let result = if board.connects(cells, me, &mut scratch) {
            true
        } else if board.connects(cells, 3 - me, &mut scratch) {
            false
        } else {
            let mut next = cells.to_vec();
            board.empties().into_iter().any(|i| {
                let i = usize::from(i);
                if cells[i] != EMPTY {
                    return false;
                }
                next[i] = me;
                let won = !minimax_cells(board, &next, to_move.other(), memo);
                next[i] = EMPTY;
                won
            })
        };
        memo.insert(key, result);
        result
    }

    #[test]
    fn a_captured_pair_is_filled_for_its_owner() {
        // X on B1, D1, C2 and B3 round the empty C1 and B2: whichever of
        // the two O takes, X answers in the other and O's stone is dead.
        let mut hex = Hex::new(HexSettings::new(5, false).expect("size"));
        for mv in ["E4", "B1", "A4", "D1", "E3", "C2", "E2", "B3"] {
            hex.play(mv.parse::<HexMove>().expect("cell"))
                .expect("legal");
        }
        let board = Board::from_hex(&hex);
        let mut cells = board.cells.clone();
        assert!(fill(&board, &mut cells, &board.empties(), &mut Vec::new()) >= 2);
        for name in ["C1", "B2"] {
            let HexMove::Place(cell) = name.parse().expect("cell") else {
                unreachable!()
            };
            assert_eq!(cells[board.index(cell)], X, "{name}");
        }
    }
}
