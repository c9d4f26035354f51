//! Hex: join your two edges of a rhombus with a chain of stones.
//!
//! Cells live in a padded layout of fixed stride 32 (a border of empty cells
//! around the board), so a cell's six neighbours are fixed offsets with no
//! bounds checks, and row and column come back with a shift and a mask.
//! Stones of one colour are joined incrementally in a union-find forest whose
//! roots remember which of the owner's two edges their group touches: a move
//! wins the moment its group touches both, with no scan of the board.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, LetterNumber, NotationError, is_ignored};
use super::empties::Empties;
use super::game::{Game, IllegalMove};
use super::player::{Outcome, Player};
use super::random::Rng;
use super::settings::{Setting, SettingError};

/// Distance between vertically adjacent cells in the padded layout.
const STRIDE: usize = 32;

/// The neighbours of (r, c): (r-1, c), (r-1, c+1), (r, c-1), (r, c+1),
/// (r+1, c-1), (r+1, c), as index offsets.
const NEIGHBOURS: [isize; 6] = [
    -(STRIDE as isize),
    1 - STRIDE as isize,
    -1,
    1,
    STRIDE as isize - 1,
    STRIDE as isize,
];

/// A validated board side and whether the swap rule is on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexSettings {
    size: usize,
    swap: bool,
}

impl HexSettings {
    pub fn new(size: usize, swap: bool) -> Result<HexSettings, SettingError> {
        SettingError::check_range(Setting::Size, size, 2, 26, "")?;
        Ok(HexSettings { size, swap })
    }

    pub const fn size(&self) -> usize {
        self.size
    }

    pub const fn swap(&self) -> bool {
        self.swap
    }
}

impl Default for HexSettings {
    fn default() -> Self {
        HexSettings {
            size: 11,
            swap: false,
        }
    }
}

/// A Hex move: a stone on a cell (`F3`: uppercase column, rows from 0), or
/// `swap`, the second player's answer to the first stone under the pie rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HexMove {
    Place(Cell),
    Swap,
}

impl fmt::Display for HexMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexMove::Place(cell) => f.write_str(&LetterNumber::ZERO_BASED_UPPER.format(*cell)),
            HexMove::Swap => f.write_str("swap"),
        }
    }
}

impl FromStr for HexMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word: String = s.chars().filter(|c| !is_ignored(*c)).collect();
        if word.eq_ignore_ascii_case("swap") {
            Ok(HexMove::Swap)
        } else {
            LetterNumber::ZERO_BASED_UPPER.parse(s).map(HexMove::Place)
        }
    }
}

/// What a Hex move did beyond placing its stone.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HexEffect {
    /// Empty unless the move won; then a shortest chain of the winner's
    /// stones joining its two edges, from one edge to the other.
    pub winning_chain: Vec<Cell>,
}

/// One cell of the padded board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Node {
    /// 0 empty (and the border), 1 + player index for a stone.
    stone: u8,
    /// At a group's root: bit 0 for the owner's first edge (left for O, top
    /// for X), bit 1 for the second.
    edges: u8,
    /// Union-find parent; a root is its own parent.
    parent: u16,
}

const BOTH_EDGES: u8 = 0b11;

/// A Hex position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hex {
    settings: HexSettings,
    nodes: Vec<Node>,
    empties: Empties,
    to_move: Player,
    outcome: Option<Outcome>,
    plies: usize,
}

impl Hex {
    pub fn new(settings: HexSettings) -> Hex {
        let n = settings.size;
        // One border row above and below; STRIDE leaves room for the border
        // columns on either side of the largest board.
        let len = (n + 2) * STRIDE;
        let cells = Cell::all(n).map(index);
        Hex {
            settings,
            nodes: vec![Node::default(); len],
            empties: Empties::with_indices(len, cells),
            to_move: Player::First,
            outcome: None,
            plies: 0,
        }
    }

    pub fn settings(&self) -> HexSettings {
        self.settings
    }

    fn swap_is_legal(&self) -> bool {
        self.settings.swap && self.plies == 1 && self.outcome.is_none()
    }

    /// Which of `player`'s edges `cell` lies on.
    #[inline(always)]
    fn edges_of(&self, cell: Cell, player: Player) -> u8 {
        let last = self.settings.size - 1;
        let along = match player {
            Player::First => cell.col(),
            Player::Second => cell.row(),
        };
        u8::from(along == 0) | (u8::from(along == last) << 1)
    }

    /// The root of `i`'s group, halving the path on the way.
    #[inline(always)]
    fn find(&mut self, mut i: usize) -> usize {
        loop {
            let parent = usize::from(self.nodes[i].parent);
            if parent == i {
                return i;
            }
            let grandparent = self.nodes[parent].parent;
            self.nodes[i].parent = grandparent;
            i = usize::from(grandparent);
        }
    }

    /// Puts `player`'s stone on the empty `cell` and joins it to its
    /// neighbours; true if that connects the player's edges.
    #[inline(always)]
    fn place(&mut self, cell: Cell, player: Player) -> bool {
        let at = index(cell);
        let stone = player.index() as u8 + 1;
        self.empties.remove(at);
        self.nodes[at] = Node {
            stone,
            edges: 0,
            parent: at as u16,
        };
        let mut root = at;
        let mut edges = self.edges_of(cell, player);
        for step in NEIGHBOURS {
            let next = at.wrapping_add_signed(step);
            if self.nodes[next].stone != stone {
                continue;
            }
            let other = self.find(next);
            if other == root {
                continue;
            }
            edges |= self.nodes[other].edges;
            // The new stone hangs under the first group it meets, so groups
            // do not deepen by one level on every move.
            if root == at {
                self.nodes[at].parent = other as u16;
                root = other;
            } else {
                self.nodes[other].parent = root as u16;
            }
        }
        self.nodes[root].edges = edges;
        edges == BOTH_EDGES
    }

    /// Undoes the first stone (the only one on the board) for a swap.
    fn lift(&mut self, at: usize) {
        self.nodes[at] = Node::default();
        self.empties.insert(at);
    }

    /// The first player's stone, when it is the only stone on the board.
    fn first_stone(&self) -> Option<Cell> {
        Cell::all(self.settings.size).find(|&c| self.nodes[index(c)].stone != 0)
    }

    fn apply(&mut self, mv: HexMove) {
        let mover = self.to_move;
        match mv {
            HexMove::Place(cell) => {
                if self.place(cell, mover) {
                    self.outcome = Some(Outcome::Win(mover));
                }
            }
            HexMove::Swap => {
                if let Some(first) = self.first_stone() {
                    self.lift(index(first));
                    let mirrored = Cell::new(first.col(), first.row()).unwrap_or(first);
                    // One stone alone never joins two edges of a board of
                    // side two or more, so this cannot win.
                    self.place(mirrored, mover);
                }
            }
        }
        self.to_move = mover.other();
        self.plies += 1;
    }

    /// A shortest chain of `player`'s stones from their first edge to their
    /// second, found breadth first from every stone on the first edge.
    fn chain_of(&self, player: Player) -> Vec<Cell> {
        let stone = player.index() as u8 + 1;
        let mut came_from = vec![usize::MAX; self.nodes.len()];
        let mut queue = VecDeque::new();
        for cell in Cell::all(self.settings.size) {
            let at = index(cell);
            if self.nodes[at].stone == stone && self.edges_of(cell, player) & 1 != 0 {
                came_from[at] = at;
                queue.push_back(at);
            }
        }
        while let Some(at) = queue.pop_front() {
            if self.edges_of(cell_at(at), player) & 2 != 0 {
                let mut chain = vec![cell_at(at)];
                let mut i = at;
                while came_from[i] != i {
                    i = came_from[i];
                    chain.push(cell_at(i));
                }
                chain.reverse();
                return chain;
            }
            for step in NEIGHBOURS {
                let next = at.wrapping_add_signed(step);
                if self.nodes[next].stone == stone && came_from[next] == usize::MAX {
                    came_from[next] = at;
                    queue.push_back(next);
                }
            }
        }
        Vec::new()
    }
}

/// The padded index of an on-board cell.
#[inline(always)]
fn index(cell: Cell) -> usize {
    (cell.row() + 1) * STRIDE + cell.col() + 1
}

/// The cell at a padded index of a playing cell.
#[inline(always)]
fn cell_at(index: usize) -> Cell {
    Cell::new(index / STRIDE - 1, index % STRIDE - 1).unwrap_or_else(|| unreachable!())
}

impl Default for Hex {
    fn default() -> Self {
        Hex::new(HexSettings::default())
    }
}

impl Game for Hex {
    type Move = HexMove;
    type Effect = HexEffect;
    const NAME: &'static str = "hex";

    fn side(&self) -> usize {
        self.settings.size
    }

    fn symbol(player: Player) -> char {
        match player {
            Player::First => 'O',
            Player::Second => 'X',
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn piece_at(&self, cell: Cell) -> Option<Player> {
        if !cell.is_on(self.side()) {
            return None;
        }
        match self.nodes[index(cell)].stone {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<HexMove>) {
        moves.clear();
        if self.outcome.is_none() {
            moves.extend(self.empties.iter().map(|i| HexMove::Place(cell_at(i))));
            if self.swap_is_legal() {
                moves.push(HexMove::Swap);
            }
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            0
        } else {
            self.empties.len() + usize::from(self.swap_is_legal())
        }
    }

    fn check(&self, mv: HexMove) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            HexMove::Place(cell) if !cell.is_on(self.side()) => Err(IllegalMove::OffBoard),
            HexMove::Place(cell) if self.nodes[index(cell)].stone != 0 => {
                Err(IllegalMove::Occupied)
            }
            HexMove::Place(_) => Ok(()),
            HexMove::Swap if self.swap_is_legal() => Ok(()),
            HexMove::Swap => Err(IllegalMove::CannotSwap),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: HexMove) {
        self.apply(mv);
    }

    fn play(&mut self, mv: HexMove) -> Result<HexEffect, IllegalMove> {
        self.check(mv)?;
        self.apply(mv);
        let winning_chain = match self.outcome {
            Some(Outcome::Win(winner)) => self.chain_of(winner),
            _ => Vec::new(),
        };
        Ok(HexEffect { winning_chain })
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<HexMove> {
        if self.outcome.is_some() {
            return None;
        }
        let count = self.count_legal_moves();
        if count == 0 {
            return None;
        }
        let pick = rng.below(count);
        match self.empties.get(pick) {
            Some(i) => Some(HexMove::Place(cell_at(i))),
            None => Some(HexMove::Swap),
        }
    }

    fn plies(&self) -> usize {
        self.plies
    }
}
