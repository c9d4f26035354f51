//! Depth-first proof-number search (df-pn, Nagai's algorithm, with
//! Pawlewicz and Lew's 1+ε thresholds) that proves or disproves "X, the
//! first player, wins" from a Gekitai position on a `u64` board (sides 4
//! to 6), with a bounded table ([`Table`]) keyed by the position up to
//! the eight symmetries of the square ([`symmetry`]).
//!
//! X's nodes are OR nodes, O's AND nodes. A new node is settled at once
//! when the game is over or the player to move wins with one placement.
//! A move back to a position on the current line counts as no win for X:
//! Gekitai can go round in circles, and a win must come in finitely many
//! moves. A proof therefore never leans on a cycle and holds whatever
//! the game's history; a disproof may (it means "not proved here"), which
//! only costs proofs, never soundness.

use super::symmetry::{self, Key};
use super::table::{Known, Table};
use crate::Deadline;
use crate::search::winning_move;
use tabletop_engine::gekitai::{GekitaiBoard, Place};
use tabletop_engine::{Game, Outcome, Player};

/// A proof or disproof number that counts as infinite.
pub const INFINITE: u32 = u32::MAX;
/// The largest finite number: sums stop here.
const MOST: u32 = INFINITE - 1;
/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;
/// Lines longer than this count as no win: far beyond any proof this
/// table could hold, and it keeps the recursion shallow.
const DEEPEST: usize = 160;
/// ε of the 1+ε thresholds, as a divisor: a child is searched until its
/// number passes the second best by a quarter.
const EPSILON_DIVISOR: u32 = 4;

/// What a search settled about "X wins".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// X wins whatever O does.
    Proved,
    /// Not a win for X as far as the search can tell (O wins, a draw, or
    /// O can keep the game going round).
    Disproved,
    /// Out of time, nodes or memory.
    Unknown,
}

/// A child of a node being searched.
struct Child {
    board: GekitaiBoard<u64>,
    key: Key,
    pn: u32,
    dn: u32,
    /// Settled for good (the game ended or the line went round): the
    /// table is not asked again.
    fixed: bool,
}

/// One proof-number search's memory and counters.
pub struct Solver {
    table: Table,
    path: Vec<Key>,
    /// Nodes expanded so far, over every search with this solver.
    pub nodes: u64,
    aborted: bool,
}

impl Solver {
    /// A solver whose table takes about `table_bytes` of memory.
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            table: Table::with_bytes(table_bytes),
            path: Vec::new(),
            nodes: 0,
            aborted: false,
        }
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Whether X wins `board`, searching until settled or `deadline`
    /// (which counts the nodes of every search with this solver).
    pub fn prove(&mut self, board: &GekitaiBoard<u64>, deadline: Deadline) -> Answer {
        self.aborted = false;
        let (key, _) = symmetry::canonical(board);
        let (pn, dn) = match leaf(board) {
            (pn, dn) if pn == 0 || dn == 0 => (pn, dn),
            _ => {
                self.path.clear();
                self.mid(board, key, INFINITE, INFINITE, &deadline)
            }
        };
        answer(pn, dn)
    }

    /// What the table knows of `board` now.
    pub fn known(&self, board: &GekitaiBoard<u64>) -> Option<Known> {
        match leaf(board) {
            (pn, dn) if pn == 0 || dn == 0 => Some(Known { pn, dn, work: 1 }),
            _ => self.table.get(symmetry::canonical(board).0),
        }
    }

    /// X's move that keeps a proved win, the one with the smallest proof
    /// the table knows among those `skip` does not refuse; `None` unless
    /// X is to move and wins. (The smallest proof alone could lead round
    /// in a circle of won positions: `skip` lets a caller that knows the
    /// line refuse a move back.)
    pub fn proving_move(
        &mut self,
        board: &GekitaiBoard<u64>,
        deadline: Deadline,
        skip: impl Fn(&GekitaiBoard<u64>) -> bool,
    ) -> Option<Place> {
        if board.to_move() != Player::First || self.prove(board, deadline) != Answer::Proved {
            return None;
        }
        self.candidates(board)
            .into_iter()
            .filter(|&mv| !skip(&after(board, mv)))
            .find(|&mv| self.prove(&after(board, mv), deadline) == Answer::Proved)
    }

    /// X's moves in `board`, those the table knows to keep a win first
    /// (smallest proof first), then the rest by proof number.
    pub fn candidates(&self, board: &GekitaiBoard<u64>) -> Vec<Place> {
        let mut moves: Vec<(Place, (u8, u64))> = children_moves(board)
            .into_iter()
            .map(|(mv, child)| {
                let rank = match self.known(&child) {
                    Some(k) if k.pn == 0 => (0, k.work),
                    Some(k) => (1, u64::from(k.pn)),
                    None => (1, 1),
                };
                (mv, rank)
            })
            .collect();
        moves.sort_by_key(|&(_, rank)| rank);
        moves.into_iter().map(|(mv, _)| mv).collect()
    }

    /// O's reply that makes X's proved win the most work, among those
    /// `allowed`, when every reply is proved lost for O; `None` otherwise
    /// (or if X is to move).
    pub fn hardest_reply(
        &mut self,
        board: &GekitaiBoard<u64>,
        deadline: Deadline,
        allowed: impl Fn(Place) -> bool,
    ) -> Option<Place> {
        if board.to_move() != Player::Second || self.prove(board, deadline) != Answer::Proved {
            return None;
        }
        let mut hardest: Option<(u64, Place)> = None;
        for (mv, _) in children_moves(board) {
            let child = after(board, mv);
            if self.prove(&child, deadline) != Answer::Proved {
                return None;
            }
            // The settled child's own proof, and a reply that ends the
            // game at once, the least work of all.
            let work = self.known(&child).map_or(0, |k| k.work);
            if allowed(mv) && hardest.is_none_or(|(most, _)| work > most) {
                hardest = Some((work, mv));
            }
        }
        hardest.map(|(_, mv)| mv)
    }

    /// A line of a proved win from `board`: X's proving moves and O's
    /// hardest replies, at most `most` moves; empty unless proved.
    pub fn proof_line(
        &mut self,
        board: &GekitaiBoard<u64>,
        most: usize,
        deadline: Deadline,
    ) -> Vec<Place> {
        let mut line = Vec::new();
        let mut at = board.clone();
        let mut seen = vec![symmetry::canonical(board).0];
        while line.len() < most && at.outcome().is_none() {
            let next = if at.to_move() == Player::First {
                self.proving_move(&at, deadline, |child| {
                    seen.contains(&symmetry::canonical(child).0)
                })
            } else {
                self.hardest_reply(&at, deadline, |_| true)
            };
            let Some(mv) = next else {
                break;
            };
            at.play_unchecked(mv);
            seen.push(symmetry::canonical(&at).0);
            line.push(mv);
        }
        line
    }

    /// The multiple-iterative-deepening step of df-pn: searches below
    /// `board` until its proof number reaches `th_pn` or its disproof
    /// number `th_dn`, and returns both.
    fn mid(
        &mut self,
        board: &GekitaiBoard<u64>,
        key: Key,
        th_pn: u32,
        th_dn: u32,
        deadline: &Deadline,
    ) -> (u32, u32) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && deadline.expired(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return self.table.get(key).map_or((1, 1), |k| (k.pn, k.dn));
        }
        if self.path.len() >= DEEPEST {
            return (INFINITE, 0);
        }
        let started = self.nodes;
        let or_node = board.to_move() == Player::First;
        let mut children = self.expand(board);
        self.path.push(key);
        let (mut pn, mut dn);
        loop {
            (pn, dn) = combine(&children, or_node);
            if pn >= th_pn || dn >= th_dn || self.aborted {
                break;
            }
            let (best, second) = select(&children, or_node);
            let child = &children[best];
            let (c_pn, c_dn) = if or_node {
                (
                    th_pn.min(
                        second
                            .saturating_add(second / EPSILON_DIVISOR + 1)
                            .max(child.pn + 1),
                    ),
                    grow(th_dn, dn, child.dn),
                )
            } else {
                (
                    grow(th_pn, pn, child.pn),
                    th_dn.min(
                        second
                            .saturating_add(second / EPSILON_DIVISOR + 1)
                            .max(child.dn + 1),
                    ),
                )
            };
            let (board, key) = (child.board.clone(), child.key);
            let (new_pn, new_dn) = self.mid(&board, key, c_pn, c_dn, deadline);
            children[best].pn = new_pn;
            children[best].dn = new_dn;
            self.refresh(&mut children, best);
        }
        self.path.pop();
        if !self.aborted || pn == 0 || dn == 0 {
            let work = self.nodes - started + 1;
            self.table.put(key, Known { pn, dn, work });
        }
        (pn, dn)
    }

    /// The children of `board`, one per position up to symmetry, each with
    /// what the table knows or its first numbers.
    fn expand(&self, board: &GekitaiBoard<u64>) -> Vec<Child> {
        let mut children: Vec<Child> = Vec::with_capacity(36);
        for (_, child) in children_moves(board) {
            let key = symmetry::canonical(&child).0;
            if children.iter().any(|c| c.key == key) {
                continue;
            }
            let (mut pn, mut dn, mut fixed) = if self.path.contains(&key) {
                (INFINITE, 0, true)
            } else {
                let (pn, dn) = leaf(&child);
                (pn, dn, pn == 0 || dn == 0)
            };
            if !fixed && let Some(k) = self.table.get(key) {
                (pn, dn) = (k.pn, k.dn);
                fixed = pn == 0 || dn == 0;
            }
            children.push(Child {
                board: child,
                key,
                pn,
                dn,
                fixed,
            });
        }
        children
    }

    /// Takes in what the table now knows of each child but `searched`,
    /// whose numbers are fresh.
    fn refresh(&self, children: &mut [Child], searched: usize) {
        for (i, child) in children.iter_mut().enumerate() {
            if child.fixed || i == searched {
                continue;
            }
            if let Some(k) = self.table.get(child.key) {
                (child.pn, child.dn) = (k.pn, k.dn);
            }
        }
        // A proof holds everywhere; a disproof may have come from going
        // round, so the table is asked again.
        children[searched].fixed = children[searched].pn == 0;
    }
}

fn answer(pn: u32, dn: u32) -> Answer {
    if pn == 0 {
        Answer::Proved
    } else if dn == 0 {
        Answer::Disproved
    } else {
        Answer::Unknown
    }
}

/// The child's threshold on the number that adds up: the parent's, less
/// what the other children add.
fn grow(threshold: u32, total: u32, own: u32) -> u32 {
    if threshold == INFINITE {
        INFINITE
    } else {
        (threshold - total).saturating_add(own).min(MOST)
    }
}

/// A node's numbers from its children's: at X's nodes the proof number is
/// the least and the disproof number the sum; at O's the other way round.
fn combine(children: &[Child], or_node: bool) -> (u32, u32) {
    let (mut least, mut sum) = (INFINITE, 0u32);
    for c in children {
        let (min_of, sum_of) = if or_node { (c.pn, c.dn) } else { (c.dn, c.pn) };
        least = least.min(min_of);
        sum = if sum_of == INFINITE || sum == INFINITE {
            INFINITE
        } else {
            sum.saturating_add(sum_of).min(MOST)
        };
    }
    if or_node { (least, sum) } else { (sum, least) }
}

/// The most promising child (least proof number at X's nodes, least
/// disproof number at O's) and the second least number.
fn select(children: &[Child], or_node: bool) -> (usize, u32) {
    let number = |c: &Child| if or_node { c.pn } else { c.dn };
    let (mut best, mut first, mut second) = (0, INFINITE, INFINITE);
    for (i, c) in children.iter().enumerate() {
        let n = number(c);
        if n < first {
            (second, first, best) = (first, n, i);
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}

/// The numbers of a position not searched yet: settled if the game is
/// over or the player to move wins at once, else 1 and 1.
fn leaf(board: &GekitaiBoard<u64>) -> (u32, u32) {
    match board.outcome() {
        Some(Outcome::Win(Player::First)) => return (0, INFINITE),
        Some(_) => return (INFINITE, 0),
        None => {}
    }
    let mut moves = Vec::with_capacity(36);
    board.legal_moves(&mut moves);
    if winning_move(board, &moves).is_some() {
        return if board.to_move() == Player::First {
            (0, INFINITE)
        } else {
            (INFINITE, 0)
        };
    }
    (1, 1)
}

/// Every legal move of `board` with the position after it.
fn children_moves(board: &GekitaiBoard<u64>) -> Vec<(Place, GekitaiBoard<u64>)> {
    let mut moves = Vec::with_capacity(36);
    board.legal_moves(&mut moves);
    moves.into_iter().map(|mv| (mv, after(board, mv))).collect()
}

fn after(board: &GekitaiBoard<u64>, mv: Place) -> GekitaiBoard<u64> {
    let mut child = board.clone();
    child.play_unchecked(mv);
    child
}
