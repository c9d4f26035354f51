//! An exact Hex solver for boards of side 11 or less: level 5's perfect
//! play on small boards, and the tree search's late in the game.
//!
//! Depth-first proof-number search (DFPN) over bit-set boards (`u64` up to
//! side 8, `u128` up to 11): it always works on the move that looks
//! cheapest to prove or refute, so a wrong try is dropped as soon as it
//! turns out expensive. Every result carries a proof set: the empty cells
//! the winner's strategy needs; stones of the loser anywhere else change nothing (adding the
//! loser's stones outside never helps the loser in Hex). That gives the
//! pruning: when the player to move has tried a move and lost, only moves
//! inside that loss's proof set can still win ("must-play"). Virtual
//! connections (`vc.rs`) end the search early: a player whose
//! edges are virtually joined has won, and every cell where the opponent
//! would get such a connection with one stone shrinks the must-play region
//! before any move is searched.

pub use super::bits::{CellSet, Geometry, Stones};
use super::vc::{Connections, Outlook};
use crate::{Deadline, Searchable};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use tabletop_engine::bits::Bits;
use tabletop_engine::hex::{Hex, HexMove};
use tabletop_engine::{Cell, Game, Player};

/// The table is cleared when it grows past this many positions (memory).
const MAX_TABLE: usize = 4_000_000;
/// The deadline is asked every this many new positions.
const CHECK_EVERY: u64 = 256;

/// A solved position: who wins, how (for the player to move, when they
/// win), and the cells the proof needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Verdict<B> {
    pub winner: Player,
    /// A winning move for the player to move; `None` when they lose.
    pub winning_move: Option<Cell>,
    /// The proof set: empty cells outside it can be given to the loser
    /// without changing the result.
    pub proof: B,
}

/// The same cells in the wider set (the layout does not depend on it).
impl From<Verdict<u64>> for Verdict<u128> {
    fn from(verdict: Verdict<u64>) -> Verdict<u128> {
        Verdict {
            winner: verdict.winner,
            winning_move: verdict.winning_move,
            proof: verdict.proof.into(),
        }
    }
}

/// Proof and disproof numbers at or above this count as infinite.
const INFINITE: u32 = 1 << 28;

/// What the table knows of a position, from its mover's point of view:
/// `phi` estimates the work to prove the mover wins, `delta` to prove
/// they lose; 0 means proved.
#[derive(Clone, Copy)]
struct Entry<B: CellSet> {
    phi: u32,
    delta: u32,
    /// The moves still worth trying (the must-play region), best first.
    order: B::Indices,
    count: u8,
    moves: B,
    /// When proved: the winning move's bit (or none) and the proof set;
    /// while open: the union of the proof sets that have pruned `moves` so
    /// far.
    best: B,
    proof: B,
}

impl<B: CellSet> Entry<B> {
    fn won(best: B, proof: B) -> Entry<B> {
        Entry {
            phi: 0,
            delta: INFINITE,
            order: B::NO_INDICES,
            count: 0,
            moves: B::ZERO,
            best,
            proof,
        }
    }

    fn lost(proof: B) -> Entry<B> {
        Entry {
            phi: INFINITE,
            delta: 0,
            proof,
            ..Entry::won(B::ZERO, B::ZERO)
        }
    }

    fn mover_wins(&self) -> bool {
        self.phi == 0
    }

    fn is_solved(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// Multiply-and-fold hashing for the table's keys (two bit sets).
#[derive(Default)]
struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// Search limits and statistics; reusable across positions of one side.
pub struct Solver<'a, B: CellSet> {
    g: Geometry<B>,
    connections: Connections<B>,
    table: HashMap<Stones<B>, Entry<B>, BuildHasherDefault<BoardHasher>>,
    deadline: Deadline<'a>,
    aborted: bool,
    /// Positions entered in the table (each looked at in full once).
    pub nodes: u64,
    /// `nodes` when the deadline was given.
    counted_from: u64,
    /// Each position's outlook adds H-search's ([`Connections::deeper_outlook`]).
    pub hsearch: bool,
}

impl<'a, B: CellSet> Solver<'a, B> {
    /// A solver for boards of `g`'s side, giving up when `deadline`
    /// expires (a count of positions counts those entered in the table).
    pub fn new(g: Geometry<B>, deadline: Deadline<'a>) -> Solver<'a, B> {
        Solver {
            g,
            connections: Connections::new(g),
            table: HashMap::default(),
            deadline,
            aborted: false,
            nodes: 0,
            counted_from: 0,
            hsearch: false,
        }
    }

    /// Gives the solver a new deadline, keeping its table; positions are
    /// counted from 0 again.
    pub fn set_deadline(&mut self, deadline: Deadline<'a>) {
        self.deadline = deadline;
        self.aborted = false;
        self.counted_from = self.nodes;
    }

    /// The exact value of `position`; `None` if time ran out first.
    /// The position must not be over already.
    pub fn solve(&mut self, position: Stones<B>) -> Option<Verdict<B>> {
        let entry = loop {
            let entry = self.visit(position, INFINITE, INFINITE)?;
            if entry.is_solved() {
                break entry;
            }
        };
        let mover = position.to_move;
        let mover_wins = entry.mover_wins();
        let winning_move = mover_wins.then(|| {
            // A won position always has a winning move: the recorded one,
            // or for a connection already in place any empty cell (a stone
            // more never hurts its owner).
            let best = if !entry.best.is_zero() {
                entry.best
            } else {
                let empty = position.empty(&self.g);
                let inside = entry.proof & empty;
                let pick = if inside.is_zero() { empty } else { inside };
                pick.lowest_cell()
            };
            self.g.cell(best.lowest())
        });
        Some(Verdict {
            winner: if mover_wins { mover } else { mover.other() },
            winning_move,
            proof: entry.proof,
        })
    }

    fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(CHECK_EVERY) {
            self.aborted = self.deadline.expired(self.nodes - self.counted_from);
        }
        self.aborted
    }

    fn remember(&mut self, position: Stones<B>, entry: Entry<B>) -> Entry<B> {
        if self.table.len() >= MAX_TABLE {
            self.table.clear();
        }
        self.table.insert(position, entry);
        entry
    }

    /// The table's entry for `position`, made on first sight: solved at
    /// once when a virtual connection decides it, else with the moves
    /// that stop every connection the opponent could make with one stone.
    fn entry(&mut self, position: Stones<B>) -> Entry<B> {
        if let Some(&known) = self.table.get(&position) {
            return known;
        }
        self.nodes += 1;
        let g = self.g;
        let me = position.to_move;
        let own = position.of(me);
        let theirs = position.of(me.other());
        let empty = position.empty(&g);
        let links = &self.connections;

        let (must, threats) = match links.outlook_by(own, theirs, empty, me, self.hsearch) {
            Outlook::Won { best, carrier } => {
                return self.remember(position, Entry::won(best, carrier));
            }
            Outlook::Lost { threats } => return self.remember(position, Entry::lost(threats)),
            Outlook::Open { must, threats } => (must, threats),
        };
        let mut entry = Entry {
            phi: 1,
            delta: must.count() as u32,
            order: B::NO_INDICES,
            count: 0,
            moves: must,
            best: B::ZERO,
            proof: threats,
        };
        for index in self.ordered(position, must, threats) {
            entry.order.as_mut()[usize::from(entry.count)] = index as u8;
            entry.count += 1;
        }
        self.remember(position, entry)
    }

    /// Works on `position` until its proof number reaches `max_phi` or its
    /// disproof number `max_delta` (or it is solved); its entry after.
    fn visit(&mut self, position: Stones<B>, max_phi: u32, max_delta: u32) -> Option<Entry<B>> {
        let mut entry = self.entry(position);
        loop {
            if entry.is_solved() {
                return Some(entry);
            }
            if self.out_of_time() {
                return None;
            }
            // The mover wins when some child's mover loses: phi is the least
            // child delta, delta the sum of the child phis.
            let mut best = (INFINITE, B::ZERO, 0u32);
            let mut second = INFINITE;
            let mut sum_phi = 0u32;
            for k in 0..usize::from(entry.count) {
                let mv = B::bit(usize::from(entry.order.as_ref()[k]));
                if (entry.moves & mv).is_zero() {
                    continue;
                }
                let child = position.play(mv);
                let (phi, delta) = match self.table.get(&child) {
                    Some(known) => {
                        if known.delta == 0 {
                            entry = Entry::won(mv, known.proof | mv);
                            return Some(self.remember(position, entry));
                        }
                        if known.phi == 0 {
                            // This move loses, and so does every move outside
                            // the proof of that.
                            entry.moves &= known.proof & !mv;
                            entry.proof |= known.proof;
                            continue;
                        }
                        (known.phi, known.delta)
                    }
                    None => (1, 1),
                };
                sum_phi = (sum_phi + phi).min(INFINITE);
                if delta < best.0 {
                    second = best.0;
                    best = (delta, mv, phi);
                } else if delta < second {
                    second = delta;
                }
            }
            if entry.moves.is_zero() {
                entry = Entry::lost(entry.proof);
                return Some(self.remember(position, entry));
            }
            entry.phi = best.0;
            entry.delta = sum_phi;
            self.remember(position, entry);
            if entry.phi >= max_phi || entry.delta >= max_delta {
                return Some(entry);
            }
            let child_max_phi = (max_delta - (sum_phi - best.2)).min(INFINITE);
            let child_max_delta = max_phi.min(second.saturating_add(second / 4 + 1));
            self.visit(position.play(best.1), child_max_phi, child_max_delta)?;
            entry = self.table.get(&position).copied().unwrap_or(entry);
        }
    }

    /// The cells of `moves` (as indices), most promising first: the move
    /// that leaves the opponent furthest from connecting and the mover
    /// nearest, cells in the opponent's threats breaking ties.
    fn ordered(&self, position: Stones<B>, moves: B, threats: B) -> Vec<usize> {
        let g = &self.g;
        let me = position.to_move;
        let own = position.of(me);
        let theirs = position.of(me.other());
        let empty = position.empty(g);
        let mut scored: Vec<(i32, usize)> = moves
            .ones()
            .map(|i| {
                let mv = B::bit(i);
                let mine = g.distance(own | mv, (empty | own) | mv, me).unwrap_or(99) as i32;
                let their = g
                    .distance(theirs, (empty & !mv) | theirs, me.other())
                    .unwrap_or(99) as i32;
                let centre = {
                    let (r, c) = (i as i32 / g.n as i32, i as i32 % g.n as i32);
                    let m = g.n as i32 - 1;
                    (2 * r - m).abs() + (2 * c - m).abs()
                };
                let score =
                    64 * (their - mine) + 16 * i32::from(!(threats & mv).is_zero()) - centre;
                (-score, i)
            })
            .collect();
        scored.sort_unstable();
        scored.into_iter().map(|(_, i)| i).collect()
    }
}

/// The deadline for the exact solver within a search under `deadline`:
/// `share` of the time left, or with a count of positions (the search's
/// own: playouts, nodes) no limit but the stop flag, so that the proof,
/// the same on any machine, is not cut at a count meant for another kind
/// of work.
pub fn within<'a>(deadline: &Deadline<'a>, share: f64) -> Deadline<'a> {
    if deadline.is_timed() {
        deadline.part(0, share)
    } else {
        Deadline::unlimited(deadline.stop_flag())
    }
}

/// The exact value of `game` (side 11 or less, not over, no swap
/// pending), or `None` if it is not for this solver or `deadline`
/// expires first.
pub fn solve(game: &Hex, deadline: Deadline) -> Option<Verdict<u128>> {
    if game.settings().swap() && game.plies() == 1 {
        return None;
    }
    solve_stones(game, deadline)
}

/// A move that wins `game` (side 11 or less, not over) for the player to
/// move, if one is proved before `deadline`. A swap open to the mover is
/// left out of the search: it is one more choice of theirs, so a win
/// without it stands.
pub fn winning_cell(game: &Hex, deadline: Deadline) -> Option<Cell> {
    solve_stones(game, deadline)?.winning_move
}

/// `game` (side 8 or less, not over, no swap to come) solved, with a line
/// the proof covers, at most `longest` moves: the winner plays winning
/// moves, the loser the reply inside the proof set that the evaluation
/// likes best for them (a reply outside it changes nothing). The line
/// stops short when time runs out after the first answer. One solver, and
/// its table, serves the whole line.
pub fn proof_line(
    game: &Hex,
    longest: usize,
    deadline: Deadline,
) -> Option<(Verdict<u64>, Vec<Cell>)> {
    // Under the swap rule the second player's swap is a move the solver
    // does not know, from the first stone until it is past.
    if game.is_over() || (game.settings().swap() && game.plies() <= 1) {
        return None;
    }
    let (g, position) = Stones::<u64>::from_hex(game)?;
    let mut solver = Solver::new(g, deadline);
    let first = solver.solve(position)?;
    let mut line = Vec::new();
    let mut here = game.clone();
    let mut verdict = first;
    while line.len() < longest {
        let cell = if here.to_move() == first.winner {
            let Some(cell) = verdict.winning_move else {
                break;
            };
            cell
        } else {
            let Some(cell) = loser_reply(&here, &g, verdict.proof) else {
                break;
            };
            cell
        };
        if here.play(HexMove::Place(cell)).is_err() {
            break;
        }
        line.push(cell);
        if here.is_over() {
            break;
        }
        let Some((_, next)) = Stones::<u64>::from_hex(&here) else {
            break;
        };
        match solver.solve(next) {
            Some(next) if next.winner == first.winner => verdict = next,
            _ => break,
        }
    }
    Some((first, line))
}

/// The loser's reply in `game`: of the empty cells of `proof` (all empty
/// cells once the proof needs none), the one after which the evaluation
/// is worst for the winner; the lowest such cell on a tie.
fn loser_reply(game: &Hex, g: &Geometry<u64>, proof: u64) -> Option<Cell> {
    let (_, stones) = Stones::<u64>::from_hex(game)?;
    let empty = stones.empty(g);
    let inside = proof & empty;
    let cells = if inside.is_zero() { empty } else { inside };
    cells.ones().map(|i| g.cell(i)).min_by_key(|&cell| {
        let mut next = game.clone();
        next.play_unchecked(HexMove::Place(cell));
        next.evaluate()
    })
}

/// The exact value of the stones of `game` with its player to move, on
/// `u64`s (faster) for boards up to side 8, else on `u128`s.
fn solve_stones(game: &Hex, deadline: Deadline) -> Option<Verdict<u128>> {
    if game.is_over() {
        return None;
    }
    if let Some((g, position)) = Stones::<u64>::from_hex(game) {
        return Solver::new(g, deadline).solve(position).map(Verdict::from);
    }
    let (g, position) = Stones::<u128>::from_hex(game)?;
    Solver::new(g, deadline).solve(position)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use tabletop_engine::hex::HexSettings;
    use tabletop_engine::{Game, Outcome, Rng};

    fn new_game(size: usize) -> Hex {
        Hex::new(HexSettings::new(size, false).expect("valid size"))
    }

    /// Whether the player to move wins, by plain minimax over the engine's
    /// own rules (no connections, no proof sets), remembering positions.
    fn brute(game: &Hex, memo: &mut HashMap<(u64, u64), bool>) -> bool {
        let (_, stones) = Stones::<u64>::from_hex(game).expect("small board");
        if let Some(&known) = memo.get(&(stones.first, stones.second)) {
            return known;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let wins = moves.into_iter().any(|mv| {
            let mut next = game.clone();
            next.play_unchecked(mv);
            match next.outcome() {
                Some(Outcome::Win(winner)) => winner == game.to_move(),
                _ => !brute(&next, memo),
            }
        });
        memo.insert((stones.first, stones.second), wins);
        wins
    }

    /// A position of `size` with `stones` random stones, not over, and
    /// not decided by the last stone.
    fn random_position(size: usize, stones: usize, rng: &mut Rng) -> Option<Hex> {
        let mut game = new_game(size);
        for _ in 0..stones {
            let mv = game.random_move(rng)?;
            game.play_unchecked(mv);
        }
        (!game.is_over()).then_some(game)
    }

    fn verdict(game: &Hex) -> Verdict<u128> {
        let stop = AtomicBool::new(false);
        solve(game, Deadline::unlimited(&stop)).expect("small positions are solved")
    }

    #[test]
    fn every_opening_on_small_boards_agrees_with_minimax() {
        for size in 2..=3 {
            let mut memo = HashMap::new();
            let mut first_wins = 0;
            for cell in Cell::all(size) {
                let mut game = new_game(size);
                game.play(HexMove::Place(cell)).expect("legal");
                let second_wins = brute(&game, &mut memo);
                let v = verdict(&game);
                let expected = if second_wins {
                    Player::Second
                } else {
                    Player::First
                };
                assert_eq!(v.winner, expected, "{size}: {}", HexMove::Place(cell));
                first_wins += usize::from(!second_wins);
            }
            // The first player wins the empty board, with the centre among
            // the winning openings; and some openings lose.
            let empty = verdict(&new_game(size));
            assert_eq!(empty.winner, Player::First);
            assert!(first_wins > 0 && first_wins < size * size, "{size}");
        }
        let centre = Cell::new(1, 1).expect("on board");
        let mut game = new_game(3);
        game.play(HexMove::Place(centre)).expect("legal");
        assert_eq!(verdict(&game).winner, Player::First);
    }

    #[test]
    fn random_positions_agree_with_minimax_and_winning_moves_win() {
        let mut rng = Rng::new(17);
        for (size, stones, count) in [(3, 2, 30), (4, 6, 60), (4, 8, 60), (5, 14, 40), (7, 39, 15)]
        {
            let mut memo = HashMap::new();
            for _ in 0..count {
                let Some(game) = random_position(size, stones, &mut rng) else {
                    continue;
                };
                let v = verdict(&game);
                let mover_wins = brute(&game, &mut memo);
                let mover = game.to_move();
                assert_eq!(v.winner == mover, mover_wins, "{game:?}");
                if let Some(cell) = v.winning_move {
                    let mut next = game.clone();
                    next.play(HexMove::Place(cell))
                        .expect("the winning move is legal");
                    let won = next.outcome() == Some(Outcome::Win(mover));
                    assert!(won || !brute(&next, &mut memo), "{size}: {cell:?}");
                } else {
                    assert!(!mover_wins);
                }
            }
        }
    }

    /// With H-search in each position's outlook the solver still agrees
    /// with minimax, its winning moves win and the loser gains nothing
    /// outside its proof; and it needs fewer positions than without.
    #[test]
    fn with_hsearch_it_agrees_with_minimax_in_fewer_positions() {
        let mut rng = Rng::new(57);
        let stop = AtomicBool::new(false);
        let (mut plain_nodes, mut deep_nodes) = (0, 0);
        for (size, stones) in [(4, 4), (4, 6), (5, 13), (5, 14)] {
            let mut memo = HashMap::new();
            for _ in 0..25 {
                let Some(game) = random_position(size, stones, &mut rng) else {
                    continue;
                };
                let (g, position) = Stones::<u64>::from_hex(&game).expect("small board");
                let mut plain = Solver::new(g, Deadline::unlimited(&stop));
                plain.solve(position).expect("solved");
                plain_nodes += plain.nodes;
                let mut deep = Solver::new(g, Deadline::unlimited(&stop));
                deep.hsearch = true;
                let v = deep.solve(position).expect("solved");
                deep_nodes += deep.nodes;
                let mover = game.to_move();
                assert_eq!(v.winner == mover, brute(&game, &mut memo), "{game:?}");
                if let Some(cell) = v.winning_move {
                    let mut next = game.clone();
                    next.play(HexMove::Place(cell)).expect("legal");
                    let won = next.outcome() == Some(Outcome::Win(mover));
                    assert!(won || !brute(&next, &mut memo), "{game:?} {cell:?}");
                }
                assert!(
                    proof_holds(&game, v.winner, u128::from(v.proof)),
                    "{game:?}: proof"
                );
            }
        }
        assert!(
            deep_nodes < plain_nodes,
            "H-search: {deep_nodes} positions, without: {plain_nodes}"
        );
    }

    #[test]
    fn the_loser_gains_nothing_outside_the_proof() {
        // Give the loser every empty cell outside the proof set: the winner
        // must still win (by minimax), whoever is to move.
        let mut rng = Rng::new(99);
        let mut checked = 0;
        for (size, stones) in [(4, 4), (4, 6), (5, 13), (5, 15)] {
            for _ in 0..40 {
                let Some(game) = random_position(size, stones, &mut rng) else {
                    continue;
                };
                let v = verdict(&game);
                assert!(proof_holds(&game, v.winner, v.proof), "{game:?}");
                checked += 1;
            }
        }
        assert!(checked > 50);
    }

    /// Whether `winner` still wins `game` by minimax when the loser is
    /// given every empty cell outside `proof`, whoever is to move.
    fn proof_holds(game: &Hex, winner: Player, proof: u128) -> bool {
        let (g, mut placed) = Stones::<u128>::from_hex(game).expect("small board");
        let outside = placed.empty(&g) & !proof;
        match winner.other() {
            Player::First => placed.first |= outside,
            Player::Second => placed.second |= outside,
        }
        let mover_wins = brute_stones(game.side(), placed, &mut HashMap::new());
        mover_wins == (winner == game.to_move())
    }

    /// Minimax on bare stones (any counts), by flood fill.
    fn brute_stones(size: usize, s: Stones<u128>, memo: &mut HashMap<Stones<u128>, bool>) -> bool {
        let g = Geometry::new(size).expect("small");
        if let Some(&known) = memo.get(&s) {
            return known;
        }
        let me = s.to_move;
        let wins = s.empty(&g).ones().any(|i| {
            let next = s.play(u128::bit(i));
            g.connects(next.of(me), me)
                || (!g.connects(next.of(me.other()), me.other()) && !brute_stones(size, next, memo))
        });
        memo.insert(s, wins);
        wins
    }

    #[test]
    fn other_positions_are_refused() {
        let stop = AtomicBool::new(false);
        assert!(solve(&new_game(12), Deadline::unlimited(&stop)).is_none());
        let mut swap = Hex::new(HexSettings::new(5, true).expect("valid"));
        swap.play("C2".parse().expect("cell")).expect("legal");
        assert!(solve(&swap, Deadline::unlimited(&stop)).is_none());
        let mut over = new_game(2);
        for mv in ["A0", "A1", "B0"] {
            over.play(mv.parse().expect("cell")).expect("legal");
        }
        assert!(over.is_over());
        assert!(solve(&over, Deadline::unlimited(&stop)).is_none());
    }

    /// Along a proof line the winner keeps the win (by minimax) after
    /// every move, and the line ends with the winner's connection unless
    /// it was cut short; the loser's replies are in the proof set.
    #[test]
    fn proof_lines_keep_the_win() {
        let mut rng = Rng::new(41);
        let stop = AtomicBool::new(false);
        let mut lines = 0;
        for (size, stones) in [(3, 1), (4, 4), (4, 7), (5, 13)] {
            let mut memo = HashMap::new();
            for _ in 0..20 {
                let Some(game) = random_position(size, stones, &mut rng) else {
                    continue;
                };
                let (v, line) = proof_line(&game, 40, Deadline::unlimited(&stop)).expect("solved");
                assert_eq!(v.winner, verdict(&game).winner, "{game:?}");
                let first = line.first().copied().expect("a first move");
                if let Some(cell) = v.winning_move {
                    assert_eq!(first, cell);
                } else {
                    assert!(!(v.proof & u64::bit(first.row() * size + first.col())).is_zero());
                }
                let mut here = game.clone();
                for &cell in &line {
                    here.play(HexMove::Place(cell)).expect("legal");
                    if !here.is_over() {
                        let mover_wins = brute(&here, &mut memo);
                        assert_eq!(mover_wins, here.to_move() == v.winner, "{game:?} {line:?}");
                    }
                }
                assert_eq!(here.outcome(), Some(Outcome::Win(v.winner)), "{line:?}");
                lines += 1;
            }
        }
        assert!(lines > 40);
        // A short line stops where asked; under the swap rule the solver
        // declines until the swap is past.
        let game = new_game(4);
        assert_eq!(
            proof_line(&game, 1, Deadline::unlimited(&stop)).map(|(_, l)| l.len()),
            Some(1)
        );
        let mut swap = Hex::new(HexSettings::new(4, true).expect("valid"));
        assert!(proof_line(&swap, 40, Deadline::unlimited(&stop)).is_none());
        swap.play("B2".parse().expect("cell")).expect("legal");
        assert!(proof_line(&swap, 40, Deadline::unlimited(&stop)).is_none());
        swap.play("C3".parse().expect("cell")).expect("legal");
        assert!(proof_line(&swap, 40, Deadline::unlimited(&stop)).is_some());
    }

    /// The same position solved on `u64`s and on `u128`s: the same verdict,
    /// proof set included.
    #[test]
    fn both_widths_agree() {
        let mut rng = Rng::new(23);
        let stop = AtomicBool::new(false);
        for (size, stones) in [(4, 5), (5, 9), (6, 16), (7, 30), (8, 44)] {
            for _ in 0..12 {
                let Some(game) = random_position(size, stones, &mut rng) else {
                    continue;
                };
                let (g, narrow) = Stones::<u64>::from_hex(&game).expect("fits");
                let (g_wide, wide) = Stones::<u128>::from_hex(&game).expect("fits");
                let narrow = Solver::new(g, Deadline::unlimited(&stop))
                    .solve(narrow)
                    .expect("solved");
                let wide = Solver::new(g_wide, Deadline::unlimited(&stop))
                    .solve(wide)
                    .expect("solved");
                assert_eq!(Verdict::from(narrow), wide, "{game:?}");
            }
        }
    }

    /// Late positions of the default 11×11 board (what the tree search
    /// hands over): solved, and a winning move keeps the win.
    #[test]
    fn late_positions_of_eleven_by_eleven_are_solved() {
        let mut rng = Rng::new(31);
        let mut solved = 0;
        while solved < 12 {
            let Some(game) = random_position(11, 104, &mut rng) else {
                continue;
            };
            let v = verdict(&game);
            let mover = game.to_move();
            if let Some(cell) = v.winning_move {
                assert_eq!(v.winner, mover);
                let mut next = game.clone();
                next.play(HexMove::Place(cell)).expect("legal");
                let kept =
                    next.outcome() == Some(Outcome::Win(mover)) || verdict(&next).winner == mover;
                assert!(kept, "{game:?} {cell:?}");
            } else {
                // Every move loses.
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                for mv in moves {
                    let mut next = game.clone();
                    next.play(mv).expect("legal");
                    assert!(next.is_over() || verdict(&next).winner != mover);
                }
            }
            solved += 1;
        }
    }
}
