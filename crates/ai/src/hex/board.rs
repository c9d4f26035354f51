//! The Hex board as the tree searches see it: a padded grid of stride
//! `n + 2` whose border cells carry the colour of the edge they stand for
//! (left and right O, top and bottom X), so a bridge to an edge looks like
//! any other bridge; its geometry, flood fills and bridge answers, and the
//! buffers a playout reuses ([`Scratch`]).

use crate::cells::colour;
use tabletop_engine::hex::Hex;
use tabletop_engine::{Cell, Game, Rng};

pub(super) const EMPTY: u8 = 0;
pub(super) const O: u8 = 1;
pub(super) const X: u8 = 2;
/// Padding cells that stand for no edge (two corners of the padding).
const OFF: u8 = 3;

/// The padded board and its geometry.
#[derive(Clone)]
pub struct Board {
    pub(super) n: usize,
    pub(super) stride: usize,
    /// Neighbour offsets in ring order: two neighbours next to each other
    /// in the ring are neighbours of each other.
    pub(super) ring: [isize; 6],
    pub cells: Vec<u8>,
}

impl Board {
    pub fn new(n: usize) -> Board {
        let stride = n + 2;
        let s = stride as isize;
        let mut cells = vec![OFF; stride * stride];
        for k in 0..n {
            cells[(k + 1) * stride] = O;
            cells[(k + 1) * stride + n + 1] = O;
            cells[k + 1] = X;
            cells[(n + 1) * stride + k + 1] = X;
        }
        for r in 0..n {
            for c in 0..n {
                cells[(r + 1) * stride + c + 1] = EMPTY;
            }
        }
        Board {
            n,
            stride,
            ring: [-s, 1 - s, 1, s, s - 1, -1],
            cells,
        }
    }

    pub fn from_hex(game: &Hex) -> Board {
        let mut board = Board::new(game.side());
        for cell in Cell::all(game.side()) {
            if let Some(p) = game.piece_at(cell) {
                let i = board.index(cell);
                board.cells[i] = colour(p);
            }
        }
        board
    }

    pub fn index(&self, cell: Cell) -> usize {
        (cell.row() + 1) * self.stride + cell.col() + 1
    }

    pub fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.stride - 1, i % self.stride - 1).unwrap_or_else(|| unreachable!())
    }

    pub(super) fn playing_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).flat_map(move |r| (0..self.n).map(move |c| (r + 1) * self.stride + c + 1))
    }

    pub fn empties(&self) -> Vec<u16> {
        self.playing_cells()
            .filter(|&i| self.cells[i] == EMPTY)
            .map(|i| i as u16)
            .collect()
    }

    /// Whether `who`'s stones in `cells` join their edges.
    pub(super) fn connects(&self, cells: &[u8], who: u8, scratch: &mut Scratch) -> bool {
        scratch.stamp += 1;
        let stamp = scratch.stamp;
        scratch.stack.clear();
        let (n, s) = (self.n, self.stride);
        // Start from `who`'s stones on their first edge (never from the
        // padding, whose outward neighbours wrap round).
        for k in 0..n {
            let start = if who == O { (k + 1) * s + 1 } else { s + k + 1 };
            if cells[start] == who {
                scratch.seen[start] = stamp;
                scratch.stack.push(start as u16);
            }
        }
        while let Some(i) = scratch.stack.pop() {
            for step in self.ring {
                let j = (i as usize).wrapping_add_signed(step);
                if j >= cells.len() || scratch.seen[j] == stamp || cells[j] != who {
                    continue;
                }
                let (r, c) = (j / s, j % s);
                if r == 0 || r == n + 1 || c == 0 || c == n + 1 {
                    // Padding: the far edge is reached; the near edge's own
                    // padding was marked already.
                    if (who == O && c == n + 1) || (who == X && r == n + 1) {
                        return true;
                    }
                    continue;
                }
                scratch.seen[j] = stamp;
                scratch.stack.push(j as u16);
            }
        }
        false
    }

    /// The empty cell next to `intruded` that saves a bridge of `who` the
    /// opponent has just broken into by playing `intruded`.
    pub(super) fn bridge_save(
        &self,
        cells: &[u8],
        intruded: usize,
        who: u8,
        rng: &mut Rng,
    ) -> Option<usize> {
        let mut found = [0usize; 6];
        let mut count = 0;
        for k in 0..6 {
            let y = intruded.wrapping_add_signed(self.ring[k]);
            if cells[y] != EMPTY {
                continue;
            }
            let a = intruded.wrapping_add_signed(self.ring[(k + 5) % 6]);
            let b = intruded.wrapping_add_signed(self.ring[(k + 1) % 6]);
            if cells[a] == who && cells[b] == who {
                found[count] = y;
                count += 1;
            }
        }
        (count > 0).then(|| found[rng.below(count)])
    }

    /// Every empty cell that would save a bridge of `who` broken into by
    /// an opponent stone.
    pub(super) fn broken_bridges(&self, cells: &[u8], who: u8) -> Vec<usize> {
        let mut saves = Vec::new();
        for x in self.playing_cells().filter(|&i| cells[i] == 3 - who) {
            for k in 0..6 {
                let y = x.wrapping_add_signed(self.ring[k]);
                let a = x.wrapping_add_signed(self.ring[(k + 5) % 6]);
                let b = x.wrapping_add_signed(self.ring[(k + 1) % 6]);
                if cells[y] == EMPTY && cells[a] == who && cells[b] == who && !saves.contains(&y) {
                    saves.push(y);
                }
            }
        }
        saves
    }

    /// The empty cells where `who` would join their edges with one stone.
    pub(super) fn winning_cells(
        &self,
        cells: &mut [u8],
        who: u8,
        scratch: &mut Scratch,
    ) -> Vec<usize> {
        let mut wins = Vec::new();
        let empties: Vec<usize> = self
            .playing_cells()
            .filter(|&i| cells[i] == EMPTY)
            .collect();
        for i in empties {
            cells[i] = who;
            if self.connects(cells, who, scratch) {
                wins.push(i);
            }
            cells[i] = EMPTY;
        }
        wins
    }
}

/// Buffers for flood fills and playouts.
pub struct Scratch {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    pub(super) cells: Vec<u8>,
    pub(super) empties: Vec<u16>,
}

impl Scratch {
    pub fn new(board: &Board) -> Scratch {
        Scratch {
            seen: vec![0; board.cells.len()],
            stamp: 0,
            stack: Vec::new(),
            cells: board.cells.clone(),
            empties: Vec::new(),
        }
    }
}
