//! The board of the games where a move puts one stone on any empty cell
//! and a row of stones wins (Connect6, Gomoku): a padded mailbox of fixed
//! stride 32 with a border of empty cells all round, so that counting a run
//! walks until the colour changes and the border stops it without bounds
//! checks, and the set of empty cells, so that random play never scans the
//! board.

use super::cell::Cell;
use super::empties::Empties;
use super::game::IllegalMove;
use super::player::Player;
use super::random::Rng;

/// Distance between vertically adjacent cells in the padded layout.
const STRIDE: usize = 32;

/// Along a row, down a column, down-right and down-left, as index offsets.
pub const DIRECTIONS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// The largest side the layout holds (a border cell each side).
pub const MAX_SIDE: usize = STRIDE - 2;

/// Stones on a square board of up to [`MAX_SIDE`] cells a side. Equality
/// ignores the order the empty cells happen to be listed in, which depends
/// on the order of the moves.
#[derive(Clone, Debug)]
pub struct Stones {
    side: usize,
    /// 0 empty (and the border), 1 + player index for a stone.
    cells: Vec<u8>,
    empties: Empties,
}

impl PartialEq for Stones {
    fn eq(&self, other: &Stones) -> bool {
        self.side == other.side && self.cells == other.cells
    }
}

impl Eq for Stones {}

impl Stones {
    /// An empty board `side` cells a side (at most [`MAX_SIDE`]).
    pub fn new(side: usize) -> Stones {
        let side = side.min(MAX_SIDE);
        Stones {
            side,
            cells: vec![0; (side + 2) * STRIDE],
            empties: Empties::padded_grid(side, STRIDE),
        }
    }

    /// The side of the board.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The padded index of an on-board cell.
    #[inline(always)]
    pub fn index(cell: Cell) -> usize {
        (cell.row() + 1) * STRIDE + cell.col() + 1
    }

    /// The cell at the padded index of a playing cell.
    #[inline(always)]
    pub fn cell_at(index: usize) -> Cell {
        Cell::new(index / STRIDE - 1, index % STRIDE - 1).unwrap_or_else(|| unreachable!())
    }

    pub fn piece_at(&self, cell: Cell) -> Option<Player> {
        if !cell.is_on(self.side) {
            return None;
        }
        match self.cells[Stones::index(cell)] {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    /// Whether a stone may go on `cell`: on the board and empty.
    pub fn check(&self, cell: Cell) -> Result<(), IllegalMove> {
        if !cell.is_on(self.side) {
            Err(IllegalMove::OffBoard)
        } else if self.cells[Stones::index(cell)] != 0 {
            Err(IllegalMove::Occupied)
        } else {
            Ok(())
        }
    }

    /// Puts `player`'s stone on the empty `cell`; returns its index.
    #[inline(always)]
    pub fn place(&mut self, cell: Cell, player: Player) -> usize {
        let at = Stones::index(cell);
        self.cells[at] = player.index() as u8 + 1;
        self.empties.remove(at);
        at
    }

    /// How many stones of the same colour as the one at `at` follow it in
    /// direction `step` (forward if `forward`).
    #[inline(always)]
    pub fn run(&self, at: usize, step: usize, forward: bool) -> usize {
        let stone = self.cells[at];
        let mut count = 0;
        let mut i = at;
        loop {
            i = if forward { i + step } else { i - step };
            if self.cells[i] != stone {
                return count;
            }
            count += 1;
        }
    }

    /// The length of the row of stones through `at` along `step`.
    #[inline(always)]
    pub fn row_length(&self, at: usize, step: usize) -> usize {
        1 + self.run(at, step, true) + self.run(at, step, false)
    }

    /// The cells of the row of stones through `at` along `step`, from one
    /// end to the other.
    pub fn row_cells(&self, at: usize, step: usize) -> impl Iterator<Item = Cell> {
        let start = at - step * self.run(at, step, false);
        (0..self.row_length(at, step)).map(move |k| Stones::cell_at(start + k * step))
    }

    #[inline(always)]
    pub fn is_full(&self) -> bool {
        self.empties.is_empty()
    }

    /// The empty cells, in no particular order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.empties.iter().map(Stones::cell_at)
    }

    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// An empty cell picked uniformly at random.
    #[inline]
    pub fn random_empty(&self, rng: &mut Rng) -> Option<Cell> {
        self.empties.pick(rng).map(Stones::cell_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        let (col, row) = name.split_at(1);
        let col = usize::from(col.as_bytes()[0] - b'A');
        Cell::new(row.parse::<usize>().expect("a row") - 1, col).expect("a cell")
    }

    #[test]
    fn rows_are_counted_along_each_direction_and_stop_at_the_border() {
        let mut stones = Stones::new(5);
        for name in ["A1", "B2", "C3", "D4"] {
            stones.place(cell(name), Player::First);
        }
        stones.place(cell("E5"), Player::Second);
        let at = Stones::index(cell("B2"));
        assert_eq!(stones.row_length(at, STRIDE + 1), 4);
        assert_eq!(stones.row_length(at, 1), 1);
        assert_eq!(
            stones.row_cells(at, STRIDE + 1).collect::<Vec<_>>(),
            ["A1", "B2", "C3", "D4"].map(cell)
        );
        // E5 is alone: the border and the other colour both stop a run.
        assert_eq!(stones.row_length(Stones::index(cell("E5")), STRIDE + 1), 1);
    }

    #[test]
    fn stones_leave_the_empty_cells_and_are_refused_twice() {
        let mut stones = Stones::new(3);
        assert_eq!(stones.empty_count(), 9);
        stones.place(cell("B2"), Player::Second);
        assert_eq!(stones.piece_at(cell("B2")), Some(Player::Second));
        assert_eq!(stones.check(cell("B2")), Err(IllegalMove::Occupied));
        assert_eq!(stones.check(cell("D1")), Err(IllegalMove::OffBoard));
        assert_eq!(stones.piece_at(cell("D1")), None);
        assert_eq!(stones.empty_count(), 8);
        assert!(stones.empty_cells().all(|c| c != cell("B2")));
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            assert_ne!(stones.random_empty(&mut rng), Some(cell("B2")));
        }
    }

    #[test]
    fn equality_ignores_the_order_of_the_empty_cells() {
        let (mut a, mut b) = (Stones::new(4), Stones::new(4));
        a.place(cell("A1"), Player::First);
        a.place(cell("B1"), Player::First);
        b.place(cell("B1"), Player::First);
        b.place(cell("A1"), Player::First);
        assert_eq!(a, b);
        b.place(cell("C1"), Player::Second);
        assert_ne!(a, b);
        assert!(!a.is_full());
    }
}
