//! Hex boards of side 8 or less as 64-bit sets: cell (r, c) is bit
//! `r * n + c`. Neighbours, flood fills and edge distances are a few
//! shifts and masks each, which is what the exact solver lives on.

use crate::engine::hex::Hex;
use crate::engine::{Cell, Game, Player};

/// The largest side whose cells fit in a `u64`.
pub const MAX_BIT_SIDE: usize = 8;

/// The shape of one board side: masks for the board and its edges.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Geometry {
    pub n: usize,
    pub all: u64,
    first_col: u64,
    last_col: u64,
    first_row: u64,
    last_row: u64,
}

impl Geometry {
    /// The geometry of side `n`, if `2 <= n <= 8`.
    pub fn new(n: usize) -> Option<Geometry> {
        if !(2..=MAX_BIT_SIDE).contains(&n) {
            return None;
        }
        let all = if n * n == 64 {
            u64::MAX
        } else {
            (1u64 << (n * n)) - 1
        };
        let (mut first_col, mut last_col) = (0, 0);
        for r in 0..n {
            first_col |= 1u64 << (r * n);
            last_col |= 1u64 << (r * n + n - 1);
        }
        let first_row = (1u64 << n) - 1;
        Some(Geometry {
            n,
            all,
            first_col,
            last_col,
            first_row,
            last_row: first_row << (n * (n - 1)),
        })
    }

    pub fn bit(&self, cell: Cell) -> u64 {
        1u64 << (cell.row() * self.n + cell.col())
    }

    pub fn cell(&self, index: u32) -> Cell {
        let i = index as usize;
        Cell::new(i / self.n, i % self.n).unwrap_or_else(|| unreachable!())
    }

    /// The cell turned half round, which keeps every edge its owner's.
    pub fn rotate(&self, set: u64) -> u64 {
        let last = (self.n * self.n - 1) as u32;
        let mut out = 0;
        for i in bits(set) {
            out |= 1u64 << (last - i);
        }
        out
    }

    /// The cells next to any cell of `set` (not `set` itself unless
    /// adjacent to another of its cells).
    #[inline]
    pub fn neighbours(&self, set: u64) -> u64 {
        let n = self.n as u32;
        let not_last = set & !self.last_col;
        let not_first = set & !self.first_col;
        ((set >> n)
            | (not_last >> (n - 1))
            | (not_first >> 1)
            | (not_last << 1)
            | (not_first << (n - 1))
            | (set << n))
            & self.all
    }

    /// Everything in `within` joined to `seed` through `within`.
    #[inline]
    pub fn flood(&self, seed: u64, within: u64) -> u64 {
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
    pub fn edges(&self, player: Player) -> (u64, u64) {
        match player {
            Player::First => (self.first_col, self.last_col),
            Player::Second => (self.first_row, self.last_row),
        }
    }

    /// Whether `stones` join `player`'s edges.
    #[inline]
    pub fn connects(&self, stones: u64, player: Player) -> bool {
        let (near, far) = self.edges(player);
        self.flood(stones & near, stones) & far != 0
    }

    /// The fewest empty cells `player` must fill to join their edges
    /// through `open` (their stones and the empty cells), their stones
    /// costing nothing; `None` when no path is left.
    pub fn distance(&self, stones: u64, open: u64, player: Player) -> Option<u32> {
        let (near, far) = self.edges(player);
        let mut reached = self.flood(stones & near, stones);
        let mut cost = 0;
        loop {
            if reached & far != 0 {
                return Some(cost);
            }
            let step = (self.neighbours(reached) | near) & open & !reached;
            if step & !stones == 0 {
                return None;
            }
            reached = self.flood(reached | step, open & (reached | step | stones));
            cost += 1;
        }
    }
}

/// A position for the solver: each player's stones and who is to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stones {
    pub first: u64,
    pub second: u64,
    pub to_move: Player,
}

impl Stones {
    /// The stones of `game`, if its side is at most [`MAX_BIT_SIDE`].
    pub fn from_hex(game: &Hex) -> Option<(Geometry, Stones)> {
        let geometry = Geometry::new(game.side())?;
        let mut stones = Stones {
            first: 0,
            second: 0,
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

    pub fn of(&self, player: Player) -> u64 {
        match player {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }

    pub fn empty(&self, geometry: &Geometry) -> u64 {
        geometry.all & !(self.first | self.second)
    }

    /// The position after the player to move takes `bit`.
    pub fn play(&self, bit: u64) -> Stones {
        let mut next = *self;
        match self.to_move {
            Player::First => next.first |= bit,
            Player::Second => next.second |= bit,
        }
        next.to_move = self.to_move.other();
        next
    }
}

/// The indices of the set bits, lowest first.
pub fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros();
            set &= set - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::{HexMove, HexSettings};
    use crate::engine::{Outcome, Rng};

    #[test]
    fn neighbours_match_the_spec() {
        let g = Geometry::new(7).expect("side 7");
        let f3 = Cell::new(3, 5).expect("on board");
        let mut names: Vec<String> = bits(g.neighbours(g.bit(f3)))
            .map(|i| HexMove::Place(g.cell(i)).to_string())
            .collect();
        names.sort();
        assert_eq!(names, ["E3", "E4", "F2", "F4", "G2", "G3"]);
        // Corners have fewer neighbours and nothing wraps round a row.
        let a0 = g.bit(Cell::new(0, 0).expect("on board"));
        assert_eq!(g.neighbours(a0).count_ones(), 2);
        let g0 = g.bit(Cell::new(0, 6).expect("on board"));
        assert_eq!(g.neighbours(g0).count_ones(), 3);
        assert!(Geometry::new(9).is_none() && Geometry::new(1).is_none());
        let g8 = Geometry::new(8).expect("side 8");
        assert_eq!(g8.neighbours(1u64 << 63).count_ones(), 2);
    }

    #[test]
    fn connection_agrees_with_the_engine() {
        let mut rng = Rng::new(5);
        for size in 2..=8 {
            for _ in 0..40 {
                let mut hex = Hex::new(HexSettings::new(size, false).expect("valid"));
                while !hex.is_over() {
                    let (g, stones) = Stones::from_hex(&hex).expect("small board");
                    assert!(!g.connects(stones.first, Player::First));
                    assert!(!g.connects(stones.second, Player::Second));
                    let mv = hex.random_move(&mut rng).expect("a move");
                    hex.play_unchecked(mv);
                }
                let (g, stones) = Stones::from_hex(&hex).expect("small board");
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
    fn distance_counts_empty_cells() {
        let g = Geometry::new(5).expect("side 5");
        assert_eq!(g.distance(0, g.all, Player::First), Some(5));
        let c2 = g.bit(Cell::new(2, 2).expect("on board"));
        assert_eq!(g.distance(c2, g.all, Player::First), Some(4));
        // A column of X stones cuts every path of O.
        let wall = g.first_col << 2;
        assert_eq!(g.distance(0, g.all & !wall, Player::First), None);
        assert_eq!(g.rotate(g.rotate(c2 | 1)), c2 | 1);
        assert_eq!(g.rotate(1), 1 << 24);
    }
}
