//! Local patterns round an empty Hex cell and their learned weights
//! (gammas): how often a strong search plays a cell with that
//! neighbourhood, against the other cells it could have played. The tree
//! search (`mcts.rs`) gives each new child a prior from its gamma.
//!
//! A pattern is the 12 cells within distance two that touch the cell or
//! bridge to it (the six neighbours, then the six bridge ends), each
//! empty, the mover's, the opponent's or off the board (past a corner),
//! edges counting as the stones of their owner, as in the padded
//! [`Board`]. It is seen from the mover: for X the board is mirrored
//! along its long diagonal and the colours swapped, which turns X's
//! position into the same one for O; and a pattern and its 180° turn
//! share one code.
//!
//! The file (`assets/hex_patterns.bin`, written by
//! `examples/hex_patterns.rs`) is [`TAG`], then for each pattern in
//! increasing code order the gap from the previous code and the gamma's
//! natural logarithm in [`LOG_UNIT`]s, zigzag-coded; every number a LEB128
//! varint. Patterns not in the file have gamma 1.

use std::sync::OnceLock;

use super::board::Board;

/// What the file starts with.
pub const TAG: &[u8; 8] = b"HXPAT1\n\0";
/// Gammas are stored as `round(ln(gamma) * LOG_UNIT)`.
pub const LOG_UNIT: f32 = 32.0;
/// Cells in a pattern.
const CELLS: usize = 12;

/// The four states of a pattern cell, seen from the mover.
const EMPTY: u32 = 0;
const MINE: u32 = 1;
const THEIRS: u32 = 2;
const OFF: u32 = 3;

/// Where each pattern cell goes when the board is mirrored along its long
/// diagonal (row and column exchanged), and when it is turned 180°.
/// Neighbours are in the board's ring order, bridge end `k` lies between
/// neighbours `k` and `k + 1`.
const MIRRORED: [usize; CELLS] = [5, 4, 3, 2, 1, 0, 10, 9, 8, 7, 6, 11];
const TURNED: [usize; CELLS] = [3, 4, 5, 0, 1, 2, 9, 10, 11, 6, 7, 8];

/// A padded cell's state (empty, O, X, off) as a pattern cell, for O and
/// for X.
const STATE: [[u32; 4]; 2] = [[EMPTY, MINE, THEIRS, OFF], [EMPTY, THEIRS, MINE, OFF]];

/// For each cell of a board, the padded indices its pattern reads, slot
/// by slot, in four views: for O and for X (mirrored), each as it is and
/// turned. Cells beyond the padding read a padding cell of the same
/// colour.
pub struct Neighbourhoods {
    reads: Vec<[[u16; CELLS]; 4]>,
}

impl Neighbourhoods {
    pub fn new(board: &Board) -> Neighbourhoods {
        let n = board.n as isize;
        let s = board.stride;
        // Padded (row, column) of a board (row, column), clamped into the
        // padding: past an edge is that edge, past a corner is off.
        let padded = |r: isize, c: isize| -> u16 {
            let (r, c) = (r.clamp(-1, n) + 1, c.clamp(-1, n) + 1);
            (r as usize * s + c as usize) as u16
        };
        const STEPS: [(isize, isize); CELLS] = [
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-2, 1),
            (-1, 2),
            (1, 1),
            (2, -1),
            (1, -2),
            (-1, -1),
        ];
        let mut reads = vec![[[0u16; CELLS]; 4]; board.cells.len()];
        for r in 0..n {
            for c in 0..n {
                let i = padded(r, c) as usize;
                for slot in 0..CELLS {
                    // The step each view's slot reads.
                    let steps = [slot, TURNED[slot], MIRRORED[slot], MIRRORED[TURNED[slot]]];
                    for (view, step) in steps.into_iter().enumerate() {
                        let (dr, dc) = STEPS[step];
                        reads[i][view][slot] = padded(r + dr, c + dc);
                    }
                }
            }
        }
        Neighbourhoods { reads }
    }

    /// The pattern code of the empty cell at padded index `i` of `cells`
    /// for the player of colour `mover` (1 for O, 2 for X).
    pub fn code(&self, cells: &[u8], i: usize, mover: u8) -> u32 {
        let x = usize::from(mover == 2);
        let state = &STATE[x];
        let views = &self.reads[i];
        let pack = |reads: &[u16; CELLS]| {
            reads.iter().fold(0u32, |code, &j| {
                code << 2 | state[usize::from(cells[j as usize] & 3)]
            })
        };
        pack(&views[2 * x]).min(pack(&views[2 * x + 1]))
    }
}

/// Learned gammas by pattern code.
pub struct Gammas {
    /// (code, gamma), sorted by code.
    table: Vec<(u32, f32)>,
    /// The same in an open-addressed hash table (a tree search looks up a
    /// gamma for every child it makes), [`UNUSED`] in free slots.
    slots: Vec<(u32, f32)>,
    shift: u32,
}

/// No pattern has this code (codes have 24 bits).
const UNUSED: u32 = u32::MAX;

impl Gammas {
    pub fn new(mut table: Vec<(u32, f32)>) -> Gammas {
        table.sort_by_key(|&(code, _)| code);
        table.dedup_by_key(|&mut (code, _)| code);
        let bits = (2 * table.len())
            .next_power_of_two()
            .trailing_zeros()
            .max(1);
        let shift = 32 - bits;
        let mut slots = vec![(UNUSED, 1.0); 1 << bits];
        for &(code, gamma) in &table {
            let mut k = Self::home(code, shift);
            while slots[k].0 != UNUSED {
                k = (k + 1) & (slots.len() - 1);
            }
            slots[k] = (code, gamma);
        }
        Gammas {
            table,
            slots,
            shift,
        }
    }

    fn home(code: u32, shift: u32) -> usize {
        (code.wrapping_mul(0x9E37_79B1) >> shift) as usize
    }

    /// The gamma of a pattern: 1 for a pattern never learned.
    pub fn gamma(&self, code: u32) -> f32 {
        let mut k = Self::home(code, self.shift);
        loop {
            let (c, gamma) = self.slots[k];
            if c == code || c == UNUSED {
                return gamma;
            }
            k = (k + 1) & (self.slots.len() - 1);
        }
    }

    /// The shipped gammas.
    pub fn shipped() -> &'static Gammas {
        static SHIPPED: OnceLock<Gammas> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            Gammas::from_bytes(include_bytes!("../../assets/hex_patterns.bin"))
                .unwrap_or_else(|| Gammas::new(Vec::new()))
        })
    }

    /// Reads a gammas file; `None` if it is not one.
    pub fn from_bytes(bytes: &[u8]) -> Option<Gammas> {
        let mut rest = bytes.strip_prefix(TAG.as_slice())?;
        let mut table = Vec::new();
        let mut code = 0u32;
        while !rest.is_empty() {
            code = code.checked_add(u32::try_from(varint(&mut rest)?).ok()?)?;
            let log = unzigzag(varint(&mut rest)?);
            table.push((code, (log as f32 / LOG_UNIT).exp()));
        }
        Some(Gammas::new(table))
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = TAG.to_vec();
        let mut previous = 0u32;
        for &(code, gamma) in &self.table {
            put_varint(&mut bytes, u64::from(code - previous));
            put_varint(&mut bytes, zigzag((gamma.ln() * LOG_UNIT).round() as i64));
            previous = code;
        }
        bytes
    }

    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

fn put_varint(bytes: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        bytes.push((v as u8) | 0x80);
        v >>= 7;
    }
    bytes.push(v as u8);
}

fn varint(bytes: &mut &[u8]) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let (&b, rest) = bytes.split_first()?;
        *bytes = rest;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::hex::{Hex, HexMove, HexSettings};
    use tabletop_engine::{Cell, Game, Rng};

    /// A board of side `size` with about `fill` in 8 cells taken, at random.
    fn random_board(size: usize, fill: usize, rng: &mut Rng) -> Board {
        let mut board = Board::new(size);
        for cell in Cell::all(size) {
            if rng.below(8) < fill {
                let i = board.index(cell);
                board.cells[i] = 1 + rng.below(2) as u8;
            }
        }
        board
    }

    /// `board` with each cell moved by `to` and its colour changed by
    /// `colour`.
    fn moved(board: &Board, size: usize, to: impl Fn(Cell) -> Cell, colour: fn(u8) -> u8) -> Board {
        let mut other = Board::new(size);
        for cell in Cell::all(size) {
            let (from, into) = (board.index(cell), other.index(to(cell)));
            other.cells[into] = colour(board.cells[from]);
        }
        other
    }

    #[test]
    fn symmetric_positions_give_the_same_codes() {
        let mut rng = Rng::new(5);
        for size in [2, 3, 5, 8, 11] {
            let last = size - 1;
            let flip = |c: Cell| Cell::new(c.col(), c.row()).expect("on board");
            let turn = |c: Cell| Cell::new(last - c.row(), last - c.col()).expect("on board");
            for fill in [0, 1, 3, 6] {
                let board = random_board(size, fill, &mut rng);
                let around = Neighbourhoods::new(&board);
                // Mirrored with the colours swapped, X's view becomes O's;
                // turned 180°, each player's view stays the same.
                let mirrored = moved(&board, size, flip, |v| if v == 0 { 0 } else { 3 - v });
                let turned = moved(&board, size, turn, |v| v);
                for cell in Cell::all(size) {
                    let i = board.index(cell);
                    if board.cells[i] != 0 {
                        continue;
                    }
                    let o = around.code(&board.cells, i, 1);
                    let x = around.code(&board.cells, i, 2);
                    let j = mirrored.index(flip(cell));
                    assert_eq!(x, around.code(&mirrored.cells, j, 1), "{size} {cell:?}");
                    assert_eq!(o, around.code(&mirrored.cells, j, 2), "{size} {cell:?}");
                    let k = turned.index(turn(cell));
                    assert_eq!(o, around.code(&turned.cells, k, 1), "{size} {cell:?}");
                    assert_eq!(x, around.code(&turned.cells, k, 2), "{size} {cell:?}");
                }
            }
        }
    }

    #[test]
    fn codes_tell_a_bridge_from_a_touching_stone_and_an_edge() {
        let mut hex = Hex::new(HexSettings::new(11, false).expect("valid size"));
        hex.play("D3".parse().expect("cell")).expect("legal");
        let board = Board::from_hex(&hex);
        let around = Neighbourhoods::new(&board);
        let code = |name: &str| {
            let HexMove::Place(cell) = name.parse().expect("cell") else {
                unreachable!()
            };
            around.code(&board.cells, board.index(cell), 2)
        };
        // D3 is row 3, column 3: E3 touches it, E4 bridges to it, F3 is
        // two cells from it in a line, outside the pattern as F7 is.
        let (touching, bridging, empty) = (code("E3"), code("E4"), code("F7"));
        assert_eq!(code("F3"), empty);
        assert_ne!(touching, bridging);
        assert_eq!(empty, 0);
        assert_ne!(code("A3"), empty, "an edge is in the pattern");
        assert_ne!(code("A0"), code("A3"), "a corner is not an edge");
    }

    #[test]
    fn the_shipped_gammas_favour_saving_a_bridge() {
        // O's C5 and E4 are bridged by D4 and D5 (row 4 and 5 of 11x11);
        // X breaks into D4. Saving at D5 must outrank the empty cells far
        // from every stone, and most cells.
        let mut hex = Hex::new(HexSettings::new(11, false).expect("valid size"));
        for mv in ["C5", "D4", "E4", "H8"] {
            hex.play(mv.parse().expect("cell")).expect("legal");
        }
        let board = Board::from_hex(&hex);
        let around = Neighbourhoods::new(&board);
        let gammas = Gammas::shipped();
        assert!(!gammas.is_empty());
        let gamma = |i: usize| gammas.gamma(around.code(&board.cells, i, 1));
        let HexMove::Place(save) = "D5".parse().expect("cell") else {
            unreachable!()
        };
        let saving = gamma(board.index(save));
        let empties = board.empties();
        let below = empties
            .iter()
            .filter(|&&i| gamma(i as usize) < saving)
            .count();
        assert!(saving > gammas.gamma(0), "{saving}");
        assert!(
            below * 10 >= empties.len() * 9,
            "{below} of {}",
            empties.len()
        );
    }

    #[test]
    fn gammas_survive_the_file() {
        let gammas = Gammas::new(vec![(7, 2.0), (3, 0.25), (1 << 23, 1.0), (40_000, 9.5)]);
        let back = Gammas::from_bytes(&gammas.to_bytes()).expect("a gammas file");
        assert_eq!(back.len(), 4);
        for code in [3, 7, 40_000, 1 << 23] {
            let (a, b) = (gammas.gamma(code), back.gamma(code));
            assert!((a.ln() - b.ln()).abs() <= 0.5 / LOG_UNIT, "{code}: {a} {b}");
        }
        assert_eq!(back.gamma(5), 1.0);
        assert!(Gammas::from_bytes(b"not a file").is_none());
    }
}
