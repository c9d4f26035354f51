//! Hex boards as bit sets, for the exact solver and the opening book: cell
//! (r, c) is bit `r * n + c` of a `u64` (sides up to 8) or a `u128` (sides
//! up to 11). Neighbours, flood fills and edge distances are a few shifts
//! and masks each, which is what the exact solver lives on.

use std::hash::Hash;

use tabletop_engine::bits::Bits;
use tabletop_engine::hex::Hex;
use tabletop_engine::{Cell, Game, Player};

/// A set of cells of one board: the engine's bit sets that fit a whole
/// board of side up to 8 (`u64`) or 11 (`u128`), hashable for tables.
pub trait CellSet: Bits + Hash {
    /// One byte per cell of the board, for lists of cell indices.
    type Indices: Copy + AsRef<[u8]> + AsMut<[u8]>;
    const NO_INDICES: Self::Indices;

    /// The set of only the lowest cell of `self` (which must not be empty).
    fn lowest_cell(self) -> Self {
        Self::bit(self.lowest())
    }
}

impl CellSet for u64 {
    type Indices = [u8; 64];
    const NO_INDICES: [u8; 64] = [0; 64];
}

impl CellSet for u128 {
    type Indices = [u8; 128];
    const NO_INDICES: [u8; 128] = [0; 128];
}

/// The shape of one board side: masks for the board and its edges.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Geometry<B> {
    pub n: usize,
    pub all: B,
    first_col: B,
    last_col: B,
    first_row: B,
    last_row: B,
}

impl<B: CellSet> Geometry<B> {
    /// The geometry of side `n`, if the board has at least 2 × 2 cells and
    /// fits in `B`.
    pub fn new(n: usize) -> Option<Geometry<B>> {
        if n < 2 || n * n > B::CAPACITY {
            return None;
        }
        let cells = |pick: &dyn Fn(usize, usize) -> bool| {
            let mut set = B::ZERO;
            for r in 0..n {
                for c in 0..n {
                    if pick(r, c) {
                        set |= B::bit(r * n + c);
                    }
                }
            }
            set
        };
        Some(Geometry {
            n,
            all: cells(&|_, _| true),
            first_col: cells(&|_, c| c == 0),
            last_col: cells(&|_, c| c == n - 1),
            first_row: cells(&|r, _| r == 0),
            last_row: cells(&|r, _| r == n - 1),
        })
    }

    pub fn bit(&self, cell: Cell) -> B {
        B::bit(cell.row() * self.n + cell.col())
    }

    pub fn cell(&self, index: usize) -> Cell {
        Cell::new(index / self.n, index % self.n).unwrap_or_else(|| unreachable!())
    }

    /// The cells turned half round, which keeps every edge its owner's.
    pub fn rotate(&self, set: B) -> B {
        let last = self.n * self.n - 1;
        set.ones().fold(B::ZERO, |out, i| out | B::bit(last - i))
    }

    /// The cells next to any cell of `set` (not `set` itself unless
    /// adjacent to another of its cells).
    #[inline]
    pub fn neighbours(&self, set: B) -> B {
        let n = self.n;
        let not_last = set & !self.last_col;
        let not_first = set & !self.first_col;
        (set.shr(n)
            | not_last.shr(n - 1)
            | not_first.shr(1)
            | not_last.shl(1)
            | not_first.shl(n - 1)
            | set.shl(n))
            & self.all
    }

    /// Everything in `within` joined to `seed` through `within`.
    #[inline]
    pub fn flood(&self, seed: B, within: B) -> B {
        let mut grown = seed & within;
        loop {
            let next = (grown | self.neighbours(grown)) & within;
            if next == grown {
                return grown;
            }
            grown = next;
        }
    }

    /// `player`'s two edges: the cells touching each.
    #[inline]
    pub fn edges(&self, player: Player) -> (B, B) {
        match player {
            Player::First => (self.first_col, self.last_col),
            Player::Second => (self.first_row, self.last_row),
        }
    }

    /// Whether `stones` join `player`'s edges.
    #[inline]
    pub fn connects(&self, stones: B, player: Player) -> bool {
        let (near, far) = self.edges(player);
        !(self.flood(stones & near, stones) & far).is_zero()
    }

    /// The fewest empty cells `player` must fill to join their edges
    /// through `open` (their stones and the empty cells), their stones
    /// costing nothing; `None` when no path is left.
    pub fn distance(&self, stones: B, open: B, player: Player) -> Option<u32> {
        let (near, far) = self.edges(player);
        let mut reached = self.flood(stones & near, stones);
        let mut cost = 0;
        loop {
            if !(reached & far).is_zero() {
                return Some(cost);
            }
            let step = (self.neighbours(reached) | near) & open & !reached;
            if (step & !stones).is_zero() {
                return None;
            }
            reached = self.flood(reached | step, open & (reached | step | stones));
            cost += 1;
        }
    }
}

/// A position for the solver: each player's stones and who is to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stones<B> {
    pub first: B,
    pub second: B,
    pub to_move: Player,
}

impl<B: CellSet> Stones<B> {
    /// The stones of `game`, if its board fits in `B`.
    pub fn from_hex(game: &Hex) -> Option<(Geometry<B>, Stones<B>)> {
        let geometry = Geometry::new(game.side())?;
        let mut stones = Stones {
            first: B::ZERO,
            second: B::ZERO,
            to_move: game.to_move(),
        };
        for cell in Cell::all(game.side()) {
            match game.piece_at(cell) {
                Some(Player::First) => stones.first |= geometry.bit(cell),
                Some(Player::Second) => stones.second |= geometry.bit(cell),
                None => {}
            }
        }
        Some((geometry, stones))
    }

    pub fn of(&self, player: Player) -> B {
        match player {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }

    pub fn empty(&self, geometry: &Geometry<B>) -> B {
        geometry.all & !(self.first | self.second)
    }

    /// The position after the player to move takes `cell` (a one-cell set).
    pub fn play(&self, cell: B) -> Stones<B> {
        let mut next = *self;
        match self.to_move {
            Player::First => next.first |= cell,
            Player::Second => next.second |= cell,
        }
        next.to_move = self.to_move.other();
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::hex::{HexMove, HexSettings};
    use tabletop_engine::{Outcome, Rng};

    #[test]
    fn neighbours_match_the_spec() {
        let g = Geometry::<u64>::new(7).expect("side 7");
        let f3 = Cell::new(3, 5).expect("on board");
        let mut names: Vec<String> = g
            .neighbours(g.bit(f3))
            .ones()
            .map(|i| HexMove::Place(g.cell(i)).to_string())
            .collect();
        names.sort();
        assert_eq!(names, ["E3", "E4", "F2", "F4", "G2", "G3"]);
        // Corners have fewer neighbours and nothing wraps round a row.
        let a0 = g.bit(Cell::new(0, 0).expect("on board"));
        assert_eq!(g.neighbours(a0).count_ones(), 2);
        let g0 = g.bit(Cell::new(0, 6).expect("on board"));
        assert_eq!(g.neighbours(g0).count_ones(), 3);
        assert!(Geometry::<u64>::new(9).is_none() && Geometry::<u64>::new(1).is_none());
        let g8 = Geometry::<u64>::new(8).expect("side 8");
        assert_eq!(g8.neighbours(1u64 << 63).count_ones(), 2);
        assert!(Geometry::<u128>::new(12).is_none());
        let g11 = Geometry::<u128>::new(11).expect("side 11");
        assert_eq!(g11.neighbours(1u128 << 120).count_ones(), 2);
        assert_eq!(g11.neighbours(1u128 << 60).count_ones(), 6);
    }

    /// Random games of every side that fits `B`: no connection before the
    /// end, the winner's at the end, and no path left for the loser.
    fn connection_agrees_with_the_engine_on<B: CellSet>(sides: std::ops::RangeInclusive<usize>) {
        let mut rng = Rng::new(5);
        for size in sides {
            for _ in 0..40 {
                let mut hex = Hex::new(HexSettings::new(size, false).expect("valid"));
                while !hex.is_over() {
                    let (g, stones) = Stones::<B>::from_hex(&hex).expect("fits");
                    assert!(!g.connects(stones.first, Player::First));
                    assert!(!g.connects(stones.second, Player::Second));
                    let mv = hex.random_move(&mut rng).expect("a move");
                    hex.play_unchecked(mv);
                }
                let (g, stones) = Stones::<B>::from_hex(&hex).expect("fits");
                let Some(Outcome::Win(winner)) = hex.outcome() else {
                    panic!("no draws in Hex");
                };
                assert!(g.connects(stones.of(winner), winner));
                assert_eq!(g.distance(stones.of(winner), g.all, winner), Some(0));
                let loser = winner.other();
                let open = stones.empty(&g) | stones.of(loser);
                assert_eq!(g.distance(stones.of(loser), open, loser), None);
            }
        }
    }

    #[test]
    fn connection_agrees_with_the_engine() {
        connection_agrees_with_the_engine_on::<u64>(2..=8);
        connection_agrees_with_the_engine_on::<u128>(2..=11);
    }

    #[test]
    fn distance_counts_empty_cells() {
        let g = Geometry::<u64>::new(5).expect("side 5");
        assert_eq!(g.distance(0, g.all, Player::First), Some(5));
        let c2 = g.bit(Cell::new(2, 2).expect("on board"));
        assert_eq!(g.distance(c2, g.all, Player::First), Some(4));
        // A column of X stones cuts every path of O.
        let wall = g.first_col << 2;
        assert_eq!(g.distance(0, g.all & !wall, Player::First), None);
        assert_eq!(g.rotate(g.rotate(c2 | 1)), c2 | 1);
        assert_eq!(g.rotate(1), 1 << 24);
        let g11 = Geometry::<u128>::new(11).expect("side 11");
        assert_eq!(g11.distance(0, g11.all, Player::Second), Some(11));
        assert_eq!(g11.rotate(1), 1 << 120);
    }
}
