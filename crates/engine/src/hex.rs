//! Hex: join your two edges of a rhombus with a chain of stones.
//!
//! Cells live in a padded layout of fixed stride 32 (a border of empty cells
//! around the board), so a cell's six neighbours are fixed offsets with no
//! edge tests, and row and column come back with a shift and a mask.
//! Stones of one colour are joined incrementally in a union-find forest whose
//! roots remember which of the owner's two edges their group touches: a move
//! wins the moment its group touches both, with no scan of the board.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, LetterNumber, NotationError, is_ignored};
use super::empties::Empties;
use super::game::{Described, Game, IllegalMove};
use super::player::{Outcome, Player};
use super::random::Rng;
use super::settings::{Allowed, GameSettings, Kind, Setting, SettingError, default_settings};

/// Distance between vertically adjacent cells in the padded layout.
const STRIDE: usize = 32;

/// The neighbours of (r, c) as index offsets, in order round the cell:
/// (r-1, c), (r-1, c+1), (r, c+1), (r+1, c), (r+1, c-1), (r, c-1). Two
/// neighbours next to each other in this ring are also each other's
/// neighbours.
const NEIGHBOURS: [isize; 6] = [
    -(STRIDE as isize),
    1 - STRIDE as isize,
    1,
    STRIDE as isize,
    STRIDE as isize - 1,
    -1,
];

/// For each set of the mover's neighbours (bit `k` for `NEIGHBOURS[k]`),
/// one neighbour from each run of them round the ring, padded to three with
/// the first (or with the cell itself when there are none): ring neighbours
/// next to each other are already in one group, and six cells hold at most
/// three separate runs.
const GROUP_STARTS: [[i8; 3]; 64] = group_starts();

const fn group_starts() -> [[i8; 3]; 64] {
    let mut table = [[0; 3]; 64];
    let mut ring = 0;
    while ring < 64 {
        let after_another = ((ring << 1) | (ring >> 5)) & 0b11_1111;
        let mut starts = ring & !after_another;
        if starts == 0 && ring != 0 {
            // All six: one group.
            starts = 1;
        }
        let mut found = 0;
        let mut k = 0;
        while k < 6 {
            if starts & (1 << k) != 0 {
                table[ring][found] = NEIGHBOURS[k] as i8;
                found += 1;
            }
            k += 1;
        }
        while found > 0 && found < 3 {
            table[ring][found] = table[ring][0];
            found += 1;
        }
        ring += 1;
    }
    table
}

/// A validated board side and whether the swap rule is on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexSettings {
    size: usize,
    swap: bool,
}

impl GameSettings for HexSettings {
    const LIST: &'static [Setting] = &[
        Setting {
            name: "size",
            label: "Board",
            help: "board side",
            default: 11,
            kind: Kind::Side(|_| Allowed::between(2, 26)),
        },
        Setting {
            name: "swap",
            label: "Swap rule",
            help: "the pie rule: the second player may answer the first stone with `swap`",
            default: 0,
            kind: Kind::Switch,
        },
    ];

    fn from_checked(values: &[usize]) -> Self {
        HexSettings {
            size: values[0],
            swap: values[1] != 0,
        }
    }

    fn values(&self) -> Vec<usize> {
        vec![self.size, usize::from(self.swap)]
    }
}

impl HexSettings {
    pub fn new(size: usize, swap: bool) -> Result<HexSettings, SettingError> {
        Self::from_values(&[size, usize::from(swap)])
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
        default_settings()
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
            HexMove::Place(cell) => f.write_str(&Hex::NOTATION.format(*cell)),
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
            Hex::NOTATION.parse(s).map(HexMove::Place)
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

/// A Hex position. Two positions are equal when players could not tell
/// them apart: same settings, stones, player to move, outcome and ply count
/// (the union-find forest depends on the order of the moves).
#[derive(Clone, Debug)]
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
        Hex {
            settings,
            nodes: vec![Node::default(); len],
            empties: Empties::padded_grid(n, STRIDE),
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

    /// The root of `i`'s group. Trees are mostly one level deep, so the
    /// common case is two loads; deeper paths are halved on the way up.
    #[inline(always)]
    fn find(&mut self, i: usize) -> usize {
        let parent = self.nodes[i].parent;
        let mut top = self.nodes[usize::from(parent)].parent;
        if top == parent {
            return usize::from(top);
        }
        loop {
            let above = self.nodes[usize::from(top)].parent;
            if above == top {
                self.nodes[i].parent = top;
                return usize::from(top);
            }
            let next = self.nodes[usize::from(above)].parent;
            self.nodes[usize::from(top)].parent = next;
            top = next;
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
        let mut ring = 0;
        for (k, step) in NEIGHBOURS.into_iter().enumerate() {
            ring |= usize::from(self.nodes[at.wrapping_add_signed(step)].stone == stone) << k;
        }
        // Random play mispredicts nearly every data-dependent branch, so the
        // same three finds run whatever the neighbours are (a lone stone
        // finds itself).
        let [a, b, c] = GROUP_STARTS[ring].map(|step| at.wrapping_add_signed(isize::from(step)));
        let (a, b, c) = (self.find(a), self.find(b), self.find(c));
        let edges = self.edges_of(cell, player)
            | self.nodes[a].edges
            | self.nodes[b].edges
            | self.nodes[c].edges;
        // Relinking a root to itself is harmless.
        self.nodes[b].parent = a as u16;
        self.nodes[c].parent = a as u16;
        self.nodes[at].parent = a as u16;
        self.nodes[a].edges = edges;
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

impl PartialEq for Hex {
    fn eq(&self, other: &Hex) -> bool {
        self.settings == other.settings
            && self.to_move == other.to_move
            && self.outcome == other.outcome
            && self.plies == other.plies
            && self
                .nodes
                .iter()
                .map(|n| n.stone)
                .eq(other.nodes.iter().map(|n| n.stone))
    }
}

impl Eq for Hex {}

impl Default for Hex {
    fn default() -> Self {
        Hex::new(HexSettings::default())
    }
}

impl Described for Hex {
    type Settings = HexSettings;
    const TITLE: &'static str = "Hex";
    const ABOUT: &'static str = "join your two sides of the rhombus (11x11)";
    const NOTATION: LetterNumber = LetterNumber::ZERO_BASED_UPPER;
    /// HexGui's and MoHex's convention: black moves first and joins top and
    /// bottom, `a1` is the top left, rows from 1: SPEC.md's board
    /// transposed.
    const GTP_NOTATION: LetterNumber = LetterNumber {
        lowercase: true,
        transposed: true,
        ..LetterNumber::ONE_BASED
    };
    const WORD_MOVES: &'static [HexMove] = &[HexMove::Swap];

    fn new(settings: HexSettings) -> Hex {
        Hex::new(settings)
    }

    fn settings(&self) -> HexSettings {
        Hex::settings(self)
    }
}

impl Game for Hex {
    type Move = HexMove;
    type Effect = HexEffect;
    const NAME: &'static str = "hex";

    fn place(cell: Cell) -> HexMove {
        HexMove::Place(cell)
    }

    fn placed(mv: &HexMove) -> Option<Cell> {
        match mv {
            HexMove::Place(cell) => Some(*cell),
            HexMove::Swap => None,
        }
    }

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

    /// The empty cells in no particular order, then `swap` when allowed.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> HexMove {
        text.parse().expect("test moves are well formed")
    }

    fn cell(text: &str) -> Cell {
        match at(text) {
            HexMove::Place(cell) => cell,
            HexMove::Swap => panic!("{text} is not a cell"),
        }
    }

    fn game(size: usize, swap: bool) -> Hex {
        Hex::new(HexSettings::new(size, swap).expect("valid settings"))
    }

    fn play_all(game: &mut Hex, moves: &str) -> HexEffect {
        let mut effect = HexEffect::default();
        for mv in moves.split_whitespace() {
            effect = game.play(at(mv)).expect("test moves are legal");
        }
        effect
    }

    /// Whether `player`'s stones join their edges, by a plain flood fill.
    fn connects(game: &Hex, player: Player) -> bool {
        let n = game.side();
        let mine = |r: usize, c: usize| {
            Cell::new(r, c).and_then(|cell| game.piece_at(cell)) == Some(player)
        };
        let mut seen = vec![vec![false; n]; n];
        let mut stack = Vec::new();
        for k in 0..n {
            let (r, c) = match player {
                Player::First => (k, 0),
                Player::Second => (0, k),
            };
            if mine(r, c) {
                seen[r][c] = true;
                stack.push((r, c));
            }
        }
        while let Some((r, c)) = stack.pop() {
            let far = match player {
                Player::First => c,
                Player::Second => r,
            };
            if far == n - 1 {
                return true;
            }
            for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if nr < 0 || nc < 0 || nr >= n as isize || nc >= n as isize {
                    continue;
                }
                let (nr, nc) = (nr as usize, nc as usize);
                if mine(nr, nc) && !seen[nr][nc] {
                    seen[nr][nc] = true;
                    stack.push((nr, nc));
                }
            }
        }
        false
    }

    #[test]
    fn settings_are_validated() {
        assert_eq!(
            HexSettings::default(),
            HexSettings::new(11, false).expect("valid")
        );
        assert!(HexSettings::new(2, true).is_ok_and(|s| s.swap() && s.size() == 2));
        assert!(HexSettings::new(26, false).is_ok());
        let err = HexSettings::new(27, false).expect_err("too large");
        assert_eq!(err.to_string(), "--size must be between 2 and 26 (got 27)");
        assert!(HexSettings::new(1, false).is_err());
    }

    #[test]
    fn notation_round_trips() {
        for cell in Cell::all(26) {
            let mv = HexMove::Place(cell);
            assert_eq!(mv.to_string().parse(), Ok(mv));
        }
        assert_eq!(HexMove::Swap.to_string(), "swap");
        for text in ["swap", "SWAP", " Swap ", "s w a p"] {
            assert_eq!(text.parse(), Ok(HexMove::Swap), "{text:?}");
        }
        assert_eq!(at("F 3").to_string(), "F3");
        assert_eq!(cell("F3"), Cell::new(3, 5).expect("on board"));
        for bad in ["f3", "", "swapp", "F03", "3F"] {
            assert!(bad.parse::<HexMove>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn neighbours_follow_the_spec_example() {
        let f3 = index(cell("F3"));
        let mut names: Vec<String> = NEIGHBOURS
            .iter()
            .map(|&step| {
                LetterNumber::ZERO_BASED_UPPER.format(cell_at(f3.wrapping_add_signed(step)))
            })
            .collect();
        names.sort();
        let mut expected = ["F2", "G2", "E3", "G3", "E4", "F4"];
        expected.sort();
        assert_eq!(names, expected);
    }

    #[test]
    fn positions_compare_by_what_is_on_the_board() {
        let (mut a, mut b) = (game(5, false), game(5, false));
        play_all(&mut a, "A0 E4 B0 D4 C0");
        play_all(&mut b, "C0 D4 B0 E4 A0");
        assert_eq!(a, b);
        play_all(&mut a, "A1");
        assert_ne!(a, b);
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let mut hex = game(5, false);
        play_all(&mut hex, "C2");
        let before = hex.clone();
        assert_eq!(hex.play(at("C2")), Err(IllegalMove::Occupied));
        assert_eq!(hex.play(at("F0")), Err(IllegalMove::OffBoard));
        assert_eq!(hex.play(at("A5")), Err(IllegalMove::OffBoard));
        assert_eq!(hex.play(HexMove::Swap), Err(IllegalMove::CannotSwap));
        assert_eq!(format!("{hex:?}"), format!("{before:?}"));
        // O wins along row 0; afterwards nothing may be played.
        play_all(&mut hex, "A1 A0 B1 B0 D1 C0 E1 D0 A2 E0");
        assert_eq!(hex.outcome(), Some(Outcome::Win(Player::First)));
        let over = hex.clone();
        assert_eq!(hex.play(at("E4")), Err(IllegalMove::GameOver));
        assert_eq!(format!("{hex:?}"), format!("{over:?}"));
        assert_eq!(hex.count_legal_moves(), 0);
        assert_eq!(hex.random_move(&mut Rng::new(1)), None);
    }

    #[test]
    fn a_winning_move_reports_its_chain() {
        let mut hex = game(5, false);
        let effect = play_all(&mut hex, "A0 A1 B0 B1 C0 C1 D0 D1");
        assert!(effect.winning_chain.is_empty());
        assert!(hex.outcome().is_none());
        let effect = play_all(&mut hex, "E0");
        assert_eq!(hex.outcome(), Some(Outcome::Win(Player::First)));
        let expected: Vec<Cell> = ["A0", "B0", "C0", "D0", "E0"].map(cell).to_vec();
        assert_eq!(effect.winning_chain, expected);
        assert_eq!(hex.to_move(), Player::Second);
        assert_eq!(hex.plies(), 9);
    }

    #[test]
    fn x_joins_top_and_bottom() {
        let mut hex = game(3, false);
        let effect = play_all(&mut hex, "A0 C0 A1 B1 C2 A2");
        assert_eq!(hex.outcome(), Some(Outcome::Win(Player::Second)));
        let expected: Vec<Cell> = ["C0", "B1", "A2"].map(cell).to_vec();
        assert_eq!(effect.winning_chain, expected);
    }

    #[test]
    fn swap_mirrors_the_first_stone() {
        let mut hex = game(11, true);
        assert_eq!(hex.check(HexMove::Swap), Err(IllegalMove::CannotSwap));
        let mut moves = Vec::new();
        hex.legal_moves(&mut moves);
        assert!(!moves.contains(&HexMove::Swap));
        play_all(&mut hex, "C1");
        hex.legal_moves(&mut moves);
        assert!(moves.contains(&HexMove::Swap));
        assert_eq!(moves.len(), 121);
        assert_eq!(hex.count_legal_moves(), 121);
        let effect = hex.play(HexMove::Swap).expect("swap is legal now");
        assert!(effect.winning_chain.is_empty());
        assert_eq!(hex.piece_at(cell("C1")), None);
        assert_eq!(hex.piece_at(cell("B2")), Some(Player::Second));
        assert_eq!(hex.to_move(), Player::First);
        assert_eq!(hex.plies(), 2);
        assert_eq!(hex.count_legal_moves(), 120);
        assert_eq!(hex.play(HexMove::Swap), Err(IllegalMove::CannotSwap));
        play_all(&mut hex, "C1");
        assert_eq!(hex.play(HexMove::Swap), Err(IllegalMove::CannotSwap));

        // A stone on the long diagonal stays where it is and changes colour.
        let mut hex = game(11, true);
        play_all(&mut hex, "D3 swap");
        assert_eq!(hex.piece_at(cell("D3")), Some(Player::Second));
        assert_eq!(hex.count_legal_moves(), 120);

        let mut hex = game(11, false);
        play_all(&mut hex, "C1");
        assert_eq!(hex.play(HexMove::Swap), Err(IllegalMove::CannotSwap));
    }

    #[test]
    fn the_swapped_stone_counts_for_x() {
        // O's B0 becomes X's A1, which then takes part in X's chain.
        let mut hex = game(3, true);
        play_all(&mut hex, "B0 swap");
        assert_eq!(hex.piece_at(cell("A1")), Some(Player::Second));
        let effect = play_all(&mut hex, "C0 A0 C1 A2");
        assert_eq!(hex.outcome(), Some(Outcome::Win(Player::Second)));
        assert_eq!(effect.winning_chain.first(), Some(&cell("A0")));
        assert_eq!(effect.winning_chain.last(), Some(&cell("A2")));
    }

    #[test]
    fn a_full_board_has_exactly_one_winner() {
        let mut rng = Rng::new(2024);
        for (size, games) in [(2, 200), (3, 200), (5, 200), (8, 200), (11, 200), (26, 5)] {
            for _ in 0..games {
                // Shuffle every cell, then play them in turn: the engine must
                // stop at the first connection, and filling up the rest must
                // never connect the loser.
                let mut cells: Vec<Cell> = Cell::all(size).collect();
                for i in (1..cells.len()).rev() {
                    cells.swap(i, rng.below(i + 1));
                }
                let mut hex = game(size, false);
                let mut played = 0;
                while hex.outcome().is_none() {
                    assert!(!connects(&hex, Player::First) && !connects(&hex, Player::Second));
                    hex.play_unchecked(HexMove::Place(cells[played]));
                    played += 1;
                }
                let Some(Outcome::Win(winner)) = hex.outcome() else {
                    panic!("Hex has no draws");
                };
                assert_eq!(winner, [Player::First, Player::Second][(played - 1) % 2]);
                assert!(connects(&hex, winner));
                let mut board = hex.clone();
                for (k, &c) in cells.iter().enumerate().skip(played) {
                    board.nodes[index(c)].stone = [1, 2][k % 2];
                }
                assert!(connects(&board, winner));
                assert!(!connects(&board, winner.other()));
            }
        }
    }

    #[test]
    fn random_games_are_legal_and_chains_are_sound() {
        let mut rng = Rng::new(7);
        for size in [2, 4, 7, 11] {
            for _ in 0..100 {
                let mut hex = game(size, true);
                let mut moves = Vec::new();
                let effect = loop {
                    hex.legal_moves(&mut moves);
                    assert_eq!(moves.len(), hex.count_legal_moves());
                    for &mv in &moves {
                        assert_eq!(hex.check(mv), Ok(()));
                    }
                    let Some(mv) = hex.random_move(&mut rng) else {
                        panic!("a game in progress has a move");
                    };
                    let effect = hex.play(mv).expect("random moves are legal");
                    if hex.is_over() {
                        break effect;
                    }
                    assert!(effect.winning_chain.is_empty());
                };
                let Some(Outcome::Win(winner)) = hex.outcome() else {
                    panic!("Hex has no draws");
                };
                let chain = effect.winning_chain;
                assert!(chain.iter().all(|&c| hex.piece_at(c) == Some(winner)));
                let along = |c: &Cell| match winner {
                    Player::First => c.col(),
                    Player::Second => c.row(),
                };
                assert_eq!(chain.first().map(along), Some(0));
                assert_eq!(chain.last().map(along), Some(size - 1));
                for pair in chain.windows(2) {
                    let step = index(pair[1]) as isize - index(pair[0]) as isize;
                    assert!(NEIGHBOURS.contains(&step), "{pair:?}");
                }
                // Any chain across the board has at least `size` stones.
                assert!(chain.len() >= size);
            }
        }
    }
}
