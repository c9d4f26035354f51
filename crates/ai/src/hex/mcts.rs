//! Hex by Monte Carlo tree search: RAVE (all-moves-as-first over the
//! filled board), playouts that save a bridge (or an edge template) the
//! opponent has just intruded into, at level 5 priors from learned local
//! patterns ([`super::patterns`]), root parallelism, the exact solver
//! ([`super::solver`]) for small boards and late positions, and the swap
//! decision.
//!
//! The board and its playouts' buffers are `board.rs`'s.

use std::collections::HashMap;
use std::time::Duration;

use super::board::{Board, EMPTY, O, Scratch, X};
use super::patterns::{Gammas, Neighbourhoods};
use super::solver;
use crate::Deadline;
use crate::cells::colour;
use crate::search::zobrist;
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Cell, Game, Player, Rng};

/// A node is expanded once it has been visited this often, plus one more
/// for every `EXPAND_PER_CELLS` empty cells (big boards make big nodes).
const EXPAND_AFTER: u32 = 3;
const EXPAND_PER_CELLS: usize = 40;
/// The tree stops growing at this many nodes (memory).
const MAX_NODES: usize = 3_000_000;
/// RAVE weight: beta = rn / (rn + n + RAVE_BIAS * rn * n).
const RAVE_BIAS: f32 = 0.0025;
/// Exploration (UCT) constant; RAVE does most of the exploring.
const EXPLORE: f32 = 0.05;
/// Prior (visits, wins) for a move that saves an intruded bridge.
const SAVE_PRIOR: (u32, f32) = (20, 19.0);
/// The solver is tried from this many empty cells down.
const SOLVE_EMPTIES: usize = 18;
/// A search by time stops this much before its deadline, to leave time
/// to pick the move and answer.
const MARGIN: Duration = Duration::from_millis(20);

/// How the tree uses learned patterns. A new child's prior is its
/// pattern's gamma over the largest gamma among its siblings (so 1 for
/// the likeliest move); `PLAIN` (level 4) uses none.
#[derive(Clone, Copy)]
pub struct Knobs<'a> {
    pub gammas: Option<&'a Gammas>,
    /// Progressive bias: a child's value gains `bias * prior / (visits + 1)`.
    pub bias: f32,
    /// All-moves-as-first visits a new child starts with, won at the rate
    /// of its prior.
    pub rave_prior_visits: u32,
}

impl Knobs<'static> {
    pub const PLAIN: Knobs<'static> = Knobs {
        gammas: None,
        bias: 0.0,
        rave_prior_visits: 0,
    };

    /// Level 5's: the shipped gammas.
    pub fn patterned() -> Knobs<'static> {
        Knobs {
            gammas: Some(Gammas::shipped()),
            bias: 0.0,
            rave_prior_visits: 8,
        }
    }
}

/// Plays `cells` out at random from `to_move` (answering bridge
/// intrusions) until the board is full; returns the winner's colour and
/// leaves the full board in `scratch.cells`.
pub(super) fn playout(
    board: &Board,
    empties: &[u16],
    mut to_move: u8,
    mut last: Option<usize>,
    scratch: &mut Scratch,
    rng: &mut Rng,
) -> u8 {
    let mut list = std::mem::take(&mut scratch.empties);
    list.clear();
    list.extend(
        empties
            .iter()
            .copied()
            .filter(|&i| scratch.cells[i as usize] == EMPTY),
    );
    let mut cells = std::mem::take(&mut scratch.cells);
    while !list.is_empty() {
        let saved = last.and_then(|x| board.bridge_save(&cells, x, to_move, rng));
        let mv = match saved {
            Some(y) => y,
            None => loop {
                let k = rng.below(list.len());
                let i = list[k] as usize;
                list.swap_remove(k);
                if cells[i] == EMPTY {
                    break i;
                }
            },
        };
        cells[mv] = to_move;
        last = Some(mv);
        to_move = 3 - to_move;
        while list.last().is_some_and(|&i| cells[i as usize] != EMPTY) {
            list.pop();
        }
    }
    let winner = if board.connects(&cells, O, scratch) {
        O
    } else {
        X
    };
    scratch.cells = cells;
    scratch.empties = list;
    winner
}

#[derive(Clone, Copy, Default)]
struct Node {
    /// The cell played to reach this node (padded index).
    mv: u16,
    children: u16,
    first: u32,
    /// Visits and wins for the player who played `mv`.
    n: u32,
    w: f32,
    /// All-moves-as-first visits and wins.
    rn: u32,
    rw: f32,
    /// The learned prior, 0 to 1 (see [`Knobs`]).
    prior: f32,
}

/// One tree search from the position on `board` (with `to_move` to move
/// and `last` the opponent's last stone, if known) over `moves`, until
/// `deadline` (counting playouts); returns the visits of each root move.
fn search_tree(
    board: &Board,
    to_move: u8,
    last: Option<usize>,
    moves: &[u16],
    deadline: Deadline,
    seed: u64,
    knobs: Knobs,
) -> HashMap<u16, u32> {
    let mut search = TreeSearch {
        board,
        to_move,
        root_empties: board.empties(),
        expand_after: 0,
        priors: knobs.gammas.map(|gammas| Priors {
            around: Neighbourhoods::new(board),
            gammas,
            rave_visits: knobs.rave_prior_visits,
        }),
        bias: knobs.bias,
        tree: vec![Node::default()],
        rng: Rng::new(seed),
    };
    search.expand_after = EXPAND_AFTER + (search.root_empties.len() / EXPAND_PER_CELLS) as u32;
    let saves: Vec<usize> = match last {
        Some(x) => board
            .bridge_save(&board.cells, x, to_move, &mut search.rng)
            .into_iter()
            .collect(),
        None => board.broken_bridges(&board.cells, to_move),
    };
    let learned = search
        .priors
        .as_ref()
        .map(|p| (p, board.cells.as_slice(), to_move));
    expand(&mut search.tree, 0, moves, &saves, learned);
    let mut scratch = Scratch::new(board);
    let mut path: Vec<u32> = Vec::new();
    let mut iterations = 0u64;
    // A count of playouts is kept exactly; the clock is read every 64.
    while !((!deadline.is_timed() || iterations.is_multiple_of(64)) && deadline.expired(iterations))
    {
        iterations += 1;
        search.iterate(last, &mut scratch, &mut path);
    }
    let tree = &search.tree;
    let root = tree[0];
    tree[root.first as usize..(root.first + u32::from(root.children)) as usize]
        .iter()
        .map(|c| (c.mv, c.n))
        .collect()
}

/// One thread's tree, and what it needs to grow it.
struct TreeSearch<'a> {
    board: &'a Board,
    to_move: u8,
    root_empties: Vec<u16>,
    expand_after: u32,
    priors: Option<Priors<'a>>,
    bias: f32,
    tree: Vec<Node>,
    rng: Rng,
}

impl TreeSearch<'_> {
    /// One descent (expanding the leaf once visited often enough), one
    /// playout from there on `scratch`, and the backup along `path`.
    fn iterate(&mut self, last: Option<usize>, scratch: &mut Scratch, path: &mut Vec<u32>) {
        scratch.cells.copy_from_slice(&self.board.cells);
        path.clear();
        let (player, previous) = self.descend(last, scratch, path);
        let winner = playout(
            self.board,
            &self.root_empties,
            player,
            previous,
            scratch,
            &mut self.rng,
        );
        self.backup(path, winner, &scratch.cells);
    }

    /// Walks from the root to a leaf, playing the moves on `scratch` and
    /// recording the nodes in `path`; the player to move at the leaf and
    /// the last stone played.
    fn descend(
        &mut self,
        last: Option<usize>,
        scratch: &mut Scratch,
        path: &mut Vec<u32>,
    ) -> (u8, Option<usize>) {
        let mut node = 0u32;
        let mut player = self.to_move;
        let mut previous = last;
        loop {
            path.push(node);
            let here = self.tree[node as usize];
            if here.children == 0 {
                if here.n < self.expand_after || self.tree.len() >= MAX_NODES || node == 0 {
                    break;
                }
                let cells = scratch.cells.clone();
                let empty: Vec<u16> = self
                    .root_empties
                    .iter()
                    .copied()
                    .filter(|&i| cells[i as usize] == EMPTY)
                    .collect();
                if empty.is_empty() {
                    break;
                }
                let saves: Vec<usize> = previous
                    .and_then(|x| self.board.bridge_save(&cells, x, player, &mut self.rng))
                    .into_iter()
                    .collect();
                let learned = self.priors.as_ref().map(|p| (p, cells.as_slice(), player));
                expand(&mut self.tree, node, &empty, &saves, learned);
            }
            let child = select(&self.tree, node, self.bias);
            let mv = self.tree[child as usize].mv as usize;
            scratch.cells[mv] = player;
            previous = Some(mv);
            player = 3 - player;
            node = child;
        }
        (player, previous)
    }

    /// Backs a playout won by `winner` up `path`, with the
    /// all-moves-as-first results of the filled board `cells`.
    fn backup(&mut self, path: &[u32], winner: u8, cells: &[u8]) {
        // path[d] was reached by a move of the player to move at depth d - 1.
        let mut mover = self.to_move;
        for (depth, &id) in path.iter().enumerate() {
            let node = &mut self.tree[id as usize];
            if depth > 0 {
                node.n += 1;
                if winner == mover {
                    node.w += 1.0;
                }
                mover = 3 - mover;
            }
            // RAVE for the children of this node: their mover is `mover`.
            let (first, count) = (node.first as usize, node.children as usize);
            let won = f32::from(u8::from(winner == mover));
            for child in &mut self.tree[first..first + count] {
                if cells[child.mv as usize] == mover {
                    child.rn += 1;
                    child.rw += won;
                }
            }
        }
        self.tree[0].n += 1;
    }
}

/// What a tree search needs to give new children learned priors.
struct Priors<'a> {
    around: Neighbourhoods,
    gammas: &'a Gammas,
    rave_visits: u32,
}

/// Gives `node` one child for each of `moves`, those in `saves` (bridge
/// answers) with a favourable prior, and with `learned` (the priors, the
/// board and the mover there) each its learned prior.
fn expand(
    tree: &mut Vec<Node>,
    node: u32,
    moves: &[u16],
    saves: &[usize],
    learned: Option<(&Priors, &[u8], u8)>,
) {
    let first = tree.len() as u32;
    let gammas: Vec<f32> = match learned {
        Some((priors, cells, mover)) => moves
            .iter()
            .map(|&mv| {
                priors
                    .gammas
                    .gamma(priors.around.code(cells, mv as usize, mover))
            })
            .collect(),
        None => Vec::new(),
    };
    let top = gammas.iter().copied().fold(f32::MIN_POSITIVE, f32::max);
    let virtual_visits = learned.map_or(0, |(priors, _, _)| priors.rave_visits);
    for (k, &mv) in moves.iter().enumerate() {
        let mut child = Node {
            mv,
            ..Node::default()
        };
        if saves.contains(&(mv as usize)) {
            (child.n, child.w) = SAVE_PRIOR;
        }
        if let Some(&gamma) = gammas.get(k) {
            child.prior = gamma / top;
            child.rn = virtual_visits;
            child.rw = virtual_visits as f32 * child.prior;
        }
        tree.push(child);
    }
    tree[node as usize].first = first;
    tree[node as usize].children = moves.len() as u16;
}

fn select(tree: &[Node], node: u32, bias: f32) -> u32 {
    let parent = tree[node as usize];
    let log = ((parent.n + 1) as f32).ln();
    let mut best = (f32::NEG_INFINITY, parent.first);
    for id in parent.first..parent.first + u32::from(parent.children) {
        let c = tree[id as usize];
        let (n, rn) = (c.n as f32, c.rn as f32);
        let value = if c.n + c.rn == 0 {
            1.5
        } else {
            let q = if c.n > 0 { c.w / n } else { 0.0 };
            let amaf = if c.rn > 0 { c.rw / rn } else { 0.0 };
            let beta = rn / (rn + n + RAVE_BIAS * rn * n + 1e-6);
            (1.0 - beta) * q + beta * amaf + EXPLORE * (log / (n + 1.0)).sqrt()
        } + bias * c.prior / (n + 1.0);
        if value > best.0 {
            best = (value, id);
        }
    }
    best.1
}

/// Whether X should swap O's opening stone at `cell` on a board of side
/// `n`: yes for stones well inside the board (which win for O), no for
/// stones on or next to an edge (most of which are fair or losing).
pub fn should_swap(cell: Cell, n: usize, deadline: Deadline) -> bool {
    // Small boards: swap exactly when the opening wins for O.
    if n <= 4
        && let Ok(settings) = HexSettings::new(n, false)
    {
        let mut opening = Hex::new(settings);
        if opening.play(HexMove::Place(cell)).is_ok()
            && let Some(verdict) = solver::solve(&opening, deadline)
        {
            return verdict.winner == Player::First;
        }
    }
    let (r, c) = (cell.row(), cell.col());
    let inside = r.min(c).min(n - 1 - r).min(n - 1 - c);
    inside >= if n <= 6 { 1 } else { 2 }
}

/// O's first stone under the swap rule: one row in from X's edge, a third
/// of the way along, which is neither clearly winning nor clearly losing.
pub fn fair_opening(n: usize) -> Cell {
    let r = usize::from(n >= 5);
    let c = (n / 3).min(n - 1);
    Cell::new(r, c).unwrap_or_else(|| unreachable!())
}

/// How many threads the tree search runs on.
pub(super) fn threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(4)
}

/// The move of the computer at a strong level, using learned patterns as
/// `knobs` say, searching until `deadline`. A count of positions is a
/// count of playouts, searched in one tree with the exact solver given no
/// limit, so that the move depends on the seed alone, never on the
/// machine's speed (for tests, and for the examples that compare searches
/// at equal playouts); by time, every core grows its own tree.
pub fn choose(game: &Hex, deadline: Deadline, seed: u64, knobs: Knobs) -> Option<HexMove> {
    let (board, empties, deadline) = match prelude(game, deadline) {
        Prelude::Decided(mv) => return mv,
        Prelude::Search {
            board,
            empties,
            deadline,
        } => (board, empties, deadline),
    };
    let mine = colour(game.to_move());
    // The opponent's last stone is unknown from the position alone; the
    // tree finds the bridge answers itself from the playouts.
    let last = None;
    let mut visits: HashMap<u16, u32> = HashMap::new();
    std::thread::scope(|scope| {
        let trees = if deadline.is_timed() { threads() } else { 1 };
        let handles: Vec<_> = (0..trees)
            .map(|t| {
                let board = &board;
                let empties = &empties;
                let seed = seed ^ zobrist(t as u64);
                scope.spawn(move || search_tree(board, mine, last, empties, deadline, seed, knobs))
            })
            .collect();
        for handle in handles {
            if let Ok(counts) = handle.join() {
                for (mv, count) in counts {
                    *visits.entry(mv).or_default() += count;
                }
            }
        }
    });
    let best = visits
        .into_iter()
        .max_by_key(|&(mv, count)| (count, std::cmp::Reverse(mv)))
        .map(|(mv, _)| mv as usize)
        .or_else(|| empties.first().map(|&i| i as usize))?;
    Some(HexMove::Place(board.cell(best)))
}

/// What comes before a tree search.
pub(super) enum Prelude<'a> {
    /// The move is decided without one (the swap, the first stone, the
    /// block of a threat, a solved win), or `None`: the game is over.
    Decided(Option<HexMove>),
    /// Search the position on `board`, whose empty cells are `empties`,
    /// until `deadline` (by time, a little before the move's own).
    Search {
        board: Board,
        empties: Vec<u16>,
        deadline: Deadline<'a>,
    },
}

impl Prelude<'_> {
    #[cfg(test)]
    pub(super) fn is_decided(&self) -> bool {
        matches!(self, Prelude::Decided(_))
    }
}

/// The moves every strong level decides before searching: the swap and
/// the first stone, the only block of a threat to win at once, and late
/// in the game a win the exact solver proves within a third of the time
/// (with no limit under a count of playouts, so that the result depends
/// on nothing but the position: [`solver::within`]).
pub(super) fn prelude<'a>(game: &Hex, deadline: Deadline<'a>) -> Prelude<'a> {
    if game.is_over() {
        return Prelude::Decided(None);
    }
    let n = game.side();
    let me = game.to_move();
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if legal.contains(&HexMove::Swap) {
        let first = Board::from_hex(game);
        let opening = first
            .playing_cells()
            .find(|&i| first.cells[i] != EMPTY)
            .map(|i| first.cell(i));
        if let Some(cell) = opening
            && should_swap(cell, n, solver::within(&deadline, 0.5))
        {
            return Prelude::Decided(Some(HexMove::Swap));
        }
    }
    if game.plies() == 0 {
        return Prelude::Decided(Some(HexMove::Place(if game.settings().swap() {
            fair_opening(n)
        } else {
            // The middle of the short diagonal (the centre on odd sides),
            // which wins for the first player on every side.
            Cell::new(n / 2, (n - 1) / 2).unwrap_or_else(|| unreachable!())
        })));
    }
    let board = Board::from_hex(game);
    let mine = colour(me);
    let mut scratch = Scratch::new(&board);
    let mut cells = board.cells.clone();
    let threats = board.winning_cells(&mut cells, 3 - mine, &mut scratch);
    if let Some(&block) = threats.first() {
        // One threat must be blocked; with two or more the game is lost.
        return Prelude::Decided(Some(HexMove::Place(board.cell(block))));
    }
    let empties = board.empties();
    if (empties.len() <= SOLVE_EMPTIES || n <= 4)
        && let Some(cell) = solver::winning_cell(game, solver::within(&deadline, 1.0 / 3.0))
    {
        return Prelude::Decided(Some(HexMove::Place(cell)));
    }
    Prelude::Search {
        board,
        empties,
        deadline: deadline.sooner(MARGIN),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::Budget;
    use tabletop_engine::hex::HexSettings;
    use tabletop_engine::{Outcome, Rng};

    fn game(size: usize, swap: bool, moves: &str) -> Hex {
        let mut hex = Hex::new(HexSettings::new(size, swap).expect("valid size"));
        for mv in moves.split_whitespace() {
            let mv: HexMove = mv.parse().expect("well formed");
            hex.play(mv).expect("legal");
        }
        hex
    }

    /// Level 5's move after `iterations` playouts in one tree, with no
    /// limit of time: the same on any machine, however loaded.
    fn pick(hex: &Hex, iterations: u64) -> HexMove {
        pick_with(hex, iterations, Knobs::patterned())
    }

    fn pick_with(hex: &Hex, iterations: u64, knobs: Knobs) -> HexMove {
        let stop = AtomicBool::new(false);
        let deadline = Deadline::new(Budget::Nodes(iterations), &stop);
        choose(hex, deadline, 1, knobs).expect("a move")
    }

    #[test]
    fn flood_fill_agrees_with_the_engine() {
        let mut rng = Rng::new(3);
        for size in [2, 3, 5, 8, 11] {
            for _ in 0..50 {
                let mut hex = game(size, false, "");
                while !hex.is_over() {
                    let mv = hex.random_move(&mut rng).expect("a move");
                    hex.play_unchecked(mv);
                }
                let board = Board::from_hex(&hex);
                let mut scratch = Scratch::new(&board);
                let o = board.connects(&board.cells, O, &mut scratch);
                let x = board.connects(&board.cells, X, &mut scratch);
                assert_eq!(o, hex.outcome() == Some(Outcome::Win(Player::First)));
                assert_eq!(x, hex.outcome() == Some(Outcome::Win(Player::Second)));
            }
        }
    }

    #[test]
    fn a_bridge_intrusion_is_answered() {
        // O: B2 joined to the left edge (A2, A3), bridged to D1 (carriers
        // C1, C2), joined to the right edge (E0, E1). X breaks into C1.
        let hex = game(5, false, "B2 C1 D1 A4");
        for knobs in [Knobs::PLAIN, Knobs::patterned()] {
            assert_eq!(pick_with(&hex, 20_000, knobs), "C2".parse().expect("cell"));
        }
    }

    #[test]
    fn an_edge_template_is_completed() {
        // The same O, and X breaks into D1's template with the right edge.
        let hex = game(5, false, "B2 E1 D1 A4");
        for knobs in [Knobs::PLAIN, Knobs::patterned()] {
            assert_eq!(pick_with(&hex, 20_000, knobs), "E0".parse().expect("cell"));
        }
    }

    #[test]
    fn small_boards_are_won_as_first_player() {
        let stop = AtomicBool::new(false);
        for size in [2, 3, 4] {
            let empty = game(size, false, "");
            assert!(
                solver::winning_cell(&empty, Deadline::unlimited(&stop)).is_some(),
                "{size}"
            );
            // Against every reply in turn, the first player still wins.
            let mut rng = Rng::new(size as u64);
            for _ in 0..6 {
                let mut hex = game(size, false, "");
                while !hex.is_over() {
                    let mv = if hex.to_move() == Player::First {
                        pick(&hex, 20_000)
                    } else {
                        hex.random_move(&mut rng).expect("a move")
                    };
                    hex.play(mv).expect("legal");
                }
                assert_eq!(hex.outcome(), Some(Outcome::Win(Player::First)), "{size}");
            }
        }
    }

    #[test]
    fn the_second_player_loses_small_boards() {
        let stop = AtomicBool::new(false);
        let centre = game(3, false, "B1");
        let verdict = solver::solve(&centre, Deadline::unlimited(&stop)).expect("solved");
        assert_eq!(verdict.winner, Player::First);
        assert_eq!(verdict.winning_move, None);
    }

    #[test]
    fn every_size_gets_a_legal_move() {
        let mut rng = Rng::new(11);
        for size in 2..=26 {
            for swap in [false, true] {
                let mut hex = game(size, swap, "");
                for _ in 0..3 {
                    if hex.is_over() {
                        break;
                    }
                    let mv = pick(&hex, 200);
                    assert_eq!(hex.check(mv), Ok(()), "{size} {mv}");
                    hex.play(mv).expect("legal");
                    if let Some(reply) = hex.random_move(&mut rng) {
                        hex.play(reply).expect("legal");
                    }
                }
            }
        }
    }

    #[test]
    fn swaps_central_openings_only() {
        let stop = AtomicBool::new(false);
        let soon = Deadline::unlimited(&stop);
        let cell = |r, c| Cell::new(r, c).expect("on board");
        assert!(should_swap(cell(5, 5), 11, soon));
        assert!(should_swap(cell(4, 6), 11, soon));
        assert!(!should_swap(cell(0, 0), 11, soon));
        assert!(!should_swap(cell(10, 3), 11, soon));
        assert!(!should_swap(fair_opening(11), 11, soon));
        assert_eq!(pick(&game(11, true, "F5"), 1_000), HexMove::Swap);
        assert_ne!(pick(&game(11, true, "A0"), 1_000), HexMove::Swap);
        // On 3x3 every opening but the losing edge cells is swapped.
        assert!(should_swap(cell(1, 1), 3, soon));
        // As O with the rule on: an opening that is not worth swapping.
        let opening = pick(&game(11, true, ""), 1_000);
        assert_eq!(opening, HexMove::Place(fair_opening(11)));
    }
}
