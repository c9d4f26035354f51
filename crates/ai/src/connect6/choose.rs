//! Level 5's stone at Connect6: both stones of a turn are chosen
//! together, by the steps of [`choose_by`]: the book's turn in the
//! opening (`book.rs`), a win in one turn, every threat blocked, a forced
//! win by threats (`threats.rs`), then the sets of the turn weighed by the
//! search over turns (`turns.rs`) and checked against the opponent's
//! chains.
//!
//! The engine takes one stone per move, and nothing is kept from one move
//! to the next: the first stone of the chosen pair is played, and the
//! second is chosen afresh with it on the board, by the same steps for a
//! single stone. They find the pair's other stone, or one that does as
//! well: a pair's win, block or forced win is still there with one of its
//! stones placed, and the look-ahead then weighs every second stone.

use std::cell::Cell as Counter;
use std::sync::atomic::AtomicBool;

use super::board::{Board, Pair, WIN};
use super::book::book_stone;
use super::clock::Clock;
use super::threats::{DEFENCE_DEPTH, QUIET_DEPTH, VCT_DEPTH};
use super::{Knobs, turns};
use crate::cells::colour;
use crate::{Deadline, Searchable};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Rng};

/// Cells our side considers for a turn's stones.
const OUR_WIDTH: usize = 20;
/// The best sets checked against the opponent's chains.
const DEFENDED_SETS: usize = 60;
/// Cells our side considers for a turn's stones when none of the first
/// [`OUR_WIDTH`]'s sets refutes the opponent's chain.
const WIDER: usize = 3 * OUR_WIDTH;

/// The computer's stone at a strong level.
pub fn choose(game: &Connect6, deadline: Deadline, seed: u64) -> Option<Stone> {
    let used = Counter::new(0);
    choose_by(game, &Clock::new(deadline, &used), seed, Knobs::LEVEL_5)
}

/// The stone level 5 chooses when its search stops after `nodes`
/// positions instead of at a deadline (tests and examples).
pub fn choose_in_nodes(game: &Connect6, nodes: u64, seed: u64) -> Option<Stone> {
    choose_in_nodes_with(game, nodes, seed, Knobs::LEVEL_5)
}

/// [`choose_in_nodes`] with other knobs than level 5's (examples).
pub fn choose_in_nodes_with(game: &Connect6, nodes: u64, seed: u64, knobs: Knobs) -> Option<Stone> {
    let (stop, used) = (AtomicBool::new(false), Counter::new(0));
    choose_by(game, &Clock::nodes(nodes, &stop, &used), seed, knobs)
}

/// Level 5's sets for the whole turn to play in `game`, best first as
/// its search over turns weighs them in about `nodes` positions: what
/// `examples/connect6_openings.rs` screens for the book. Only at the
/// start of a turn, and only when the opponent's threats can be blocked
/// with its two stones (then every set blocks them all); otherwise none.
/// When the opponent has a chain as if we passed, only the sets that
/// survive level 5's own check against it ([`defend`]), as far as the
/// count allows: a set that leaves the opponent a forced win is no turn
/// level 5 would play.
pub fn weighed_turns(game: &Connect6, nodes: u64, seed: u64) -> Vec<(Cell, Cell)> {
    if game.is_over() || game.stone_of_turn() != (1, 2) {
        return Vec::new();
    }
    let knobs = Knobs::LEVEL_5;
    let board = &mut knobs.eval.board(game);
    let me = colour(game.to_move());
    let must = board.threats(3 - me);
    let (needed, blocks) = board.blocks(&must);
    if needed > 2 {
        return Vec::new();
    }
    let (stop, used) = (AtomicBool::new(false), Counter::new(0));
    let clock = Clock::nodes(nodes, &stop, &used);
    let seed = seed ^ game.position_hash();
    let turn = rank_turn(board, me, 2, (&must, &blocks), &clock, seed);
    // A third of what is left for the look-ahead when there is a chain
    // to check the sets against, as in `choose_by`; else all of it, so
    // that as many sets as the count allows are weighed.
    let share = if turn.their_chain.is_some() { 3 } else { 1 };
    let (valued, _) = turns::weigh(board, me, turn.sets, knobs, &clock.share(share));
    let mut sets: Vec<Pair> = valued.into_iter().map(|(_, set)| set).collect();
    if let Some(chain) = turn.their_chain {
        sets = surviving(board, me, &sets, chain, &clock);
        if sets.is_empty() {
            let wider = wider_turns(board, me, 2, &must, seed);
            sets = surviving(board, me, &wider, chain, &clock);
        }
    }
    let cell = |i: usize| board.cell(i);
    sets.into_iter()
        .filter_map(|(a, b)| Some((cell(a), cell(b?))))
        .collect()
}

/// A turn's sets as level 5 has them before its look-ahead weighs them.
struct RankedTurn {
    /// The opponent's chain as if we passed, if the search found one.
    their_chain: Option<Chain>,
    /// The cells the sets are drawn from.
    cells: Vec<usize>,
    /// The sets, best static value first.
    sets: Vec<Pair>,
}

/// The first steps of level 5's search over a turn of `stones` stones
/// that must meet every window of `must` (`blocks`: the sets that do,
/// [`Board::blocks`]): the opponent's chain as if we passed, in a quarter
/// of the clock; the candidate cells, with the blocks' and the chain's
/// first turn's; and the sets drawn from them, ranked.
fn rank_turn(
    board: &mut Board,
    me: u8,
    stones: usize,
    (must, blocks): (&[usize], &[Pair]),
    clock: &Clock,
    seed: u64,
) -> RankedTurn {
    let their_chain = their_chain(board, 3 - me, &clock.share(4));
    let cells = candidate_cells(board, me, blocks, their_chain.map(|chain| chain.first));
    let sets = ranked_turns(board, me, &cells, stones, must, seed);
    RankedTurn {
        their_chain,
        cells,
        sets,
    }
}

/// Those of `sets`, in order, that survive every round of the check
/// against `chain` before the clock runs out.
fn surviving(board: &mut Board, me: u8, sets: &[Pair], chain: Chain, clock: &Clock) -> Vec<Pair> {
    let rounds = rounds(chain);
    let mut kept = Vec::new();
    for &set in sets {
        if clock.expired() {
            break;
        }
        if rounds_survived(board, me, set, &rounds, clock) == rounds.len() {
            kept.push(set);
        }
    }
    kept
}

/// The sets of a turn drawn from more cells than the candidates, for
/// when none of the candidates' sets refutes the opponent's chain.
fn wider_turns(board: &mut Board, me: u8, stones: usize, must: &[usize], seed: u64) -> Vec<Pair> {
    let cells = board.candidates(me, WIDER);
    ranked_turns(board, me, &cells, stones, must, seed)
}

/// Level 5's stone: the book's stone in the positions it has (`book.rs`),
/// the centre on the empty board, a win in this turn, else the block of
/// every threat (or, when that is lost, the least harmful block), else
/// the first stone of the shortest forced win, else the sets of the turn
/// ranked, weighed by the search over turns and, when the opponent has a
/// chain as if we passed, checked against it ([`defend`]).
fn choose_by(game: &Connect6, clock: &Clock, seed: u64, knobs: Knobs) -> Option<Stone> {
    if game.is_over() {
        return None;
    }
    let n = game.side();
    let (k, of) = game.stone_of_turn();
    let stones = of + 1 - k;
    // Before the board is made: the book needs no evaluation.
    if let Some(stone) = book_stone(game) {
        return Some(stone);
    }
    let board = &mut knobs.eval.board(game);
    if board.grid.iter().all(|&v| v == 0) {
        return Cell::new(n / 2, n / 2).map(Stone);
    }
    let me = colour(game.to_move());
    let them = 3 - me;
    if let Some(cells) = board.win_in(me, stones) {
        return Some(Stone(board.cell(cells[0])));
    }
    let must = board.threats(them);
    let (needed, blocks) = board.blocks(&must);
    if needed > stones {
        // Lost against best play: block what can be blocked.
        let cell = least_harm(board, &must, them);
        return Some(Stone(board.cell(cell)));
    }
    if let Some(first) = own_forced_win(board, me, stones, &clock.share(4)) {
        return Some(Stone(board.cell(first)));
    }
    let seed = seed ^ game.position_hash();
    let RankedTurn {
        their_chain,
        cells,
        sets: ranked,
    } = rank_turn(board, me, stones, (&must, &blocks), clock, seed);
    if ranked.is_empty() {
        return cells.first().map(|&i| Stone(board.cell(i)));
    }
    // A third of what is left for the look-ahead, the rest for making
    // sure the chosen set leaves the opponent no forced win.
    let share = if their_chain.is_some() {
        3
    } else {
        knobs.free_share
    };
    let (valued, looked_at) = turns::weigh(board, me, ranked, knobs, &clock.share(share));
    // Without a chain of theirs (as far as we looked), every set is safe.
    let Some(chain) = their_chain else {
        return Some(Stone(board.cell(valued[0].1.0)));
    };
    if let Some(&(value, set)) = valued.first()
        && value >= WIN / 2
    {
        return Some(Stone(board.cell(set.0)));
    }
    // For when none of the candidates' sets refutes the chain (`defend`).
    let wider = |board: &mut Board| wider_turns(board, me, stones, &must, seed);
    let chosen = defend(board, me, &valued, looked_at, chain, clock, wider);
    // The set's first stone; the second is chosen again at the next move.
    Some(Stone(board.cell(chosen.0)))
}

/// The first stone of `me`'s shortest forced win with `stones` stones to
/// play, if `search` finds one. Shortest wins first: they leave the
/// opponent fewest chances. Chains of double threats are proved; one
/// with a single threat is likely.
fn own_forced_win(board: &mut Board, me: u8, stones: usize, search: &Clock) -> Option<usize> {
    for (quiet, deepest) in [(0, VCT_DEPTH), (1, QUIET_DEPTH)] {
        for depth in 1..=deepest {
            if let Some((first, _)) = board.forced_win(me, stones, depth, quiet, search) {
                return Some(first);
            }
            if search.expired() {
                break;
            }
        }
    }
    None
}

/// A chain of the opponent's, found as if we passed.
#[derive(Clone, Copy)]
struct Chain {
    /// Single threats allowed in it (0: double threats only).
    quiet: u32,
    /// Its turns.
    depth: u32,
    /// The cells of its first turn, which a refutation may need.
    first: Pair,
}

/// `them`'s shortest chain as if we passed (a turn of ours can only block
/// them), as far as `search` gets.
fn their_chain(board: &mut Board, them: u8, search: &Clock) -> Option<Chain> {
    for (quiet, deepest) in [(0, DEFENCE_DEPTH), (1, QUIET_DEPTH)] {
        for depth in 1..=deepest {
            if search.expired() {
                return None;
            }
            if let Some(first) = board.forced_win(them, 2, depth, quiet, search) {
                return Some(Chain {
                    quiet,
                    depth,
                    first,
                });
            }
        }
    }
    None
}

/// The cells `me` considers for the turn: the best by the evaluation,
/// every cell of the `blocks`, of `their_first` (a chain's first turn),
/// and, where lines blocked everywhere leave few, any empty cells.
fn candidate_cells(
    board: &Board,
    me: u8,
    blocks: &[Pair],
    their_first: Option<Pair>,
) -> Vec<usize> {
    let mut cells = board.candidates(me, OUR_WIDTH);
    for &(a, b) in blocks.iter().chain(&their_first) {
        for c in [Some(a), b].into_iter().flatten() {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    let n = board.n;
    let spare = (0..n * n).filter(|&i| board.grid[i] == 0 && !cells.contains(&i));
    let spare: Vec<usize> = spare.take(OUR_WIDTH.saturating_sub(cells.len())).collect();
    cells.extend(spare);
    cells
}

/// The sets of a turn of `stones` stones drawn from `cells` that meet
/// every window of `must` ([`Board::turns`]), best static value first
/// (ties in an order drawn from `seed`), so the look-ahead sees the
/// likely moves before the clock runs out.
fn ranked_turns(
    board: &mut Board,
    me: u8,
    cells: &[usize],
    stones: usize,
    must: &[usize],
    seed: u64,
) -> Vec<Pair> {
    let sets = board.turns(cells, stones, must);
    let mut rng = Rng::new(seed);
    let made = board.threats(me);
    let mut ranked: Vec<(i64, u64, Pair)> = sets
        .into_iter()
        .map(|set| {
            let level = if board.fitted.is_some() {
                board.threat_level_of(set, me, &made)
            } else {
                0
            };
            board.place_set(set, me);
            let value = board.judge(me, level);
            board.remove_set(set);
            (value, rng.next_u64(), set)
        })
        .collect();
    ranked.sort_by_key(|&(v, r, _)| (std::cmp::Reverse(v), r));
    ranked.into_iter().map(|(_, _, set)| set).collect()
}

/// The set to play against `chain`: the sets `valued` by the search over
/// turns (the first `looked_at` of them searched), best first, are each
/// checked against ever deeper chains (double threats, then with a
/// single threat) until one survives them all or the time is up: that
/// set, else the best set that survived the most.
///
/// Set by set rather than depth by depth: the answer is the same when
/// the time allows (the best set surviving every depth), but the sets
/// after it are never checked, so deep chains are reached at far smaller
/// budgets, where checking every set at one depth before the next ran
/// out of time on the shallow rounds.
///
/// When none survives and time is left, the refutation may need a cell
/// the candidates left out: the sets of more cells (`wider`) not yet
/// checked are checked the same way.
fn defend(
    board: &mut Board,
    me: u8,
    valued: &[(i64, Pair)],
    looked_at: usize,
    chain: Chain,
    clock: &Clock,
    wider: impl FnOnce(&mut Board) -> Vec<Pair>,
) -> Pair {
    let alive: Vec<Pair> = valued
        .iter()
        .enumerate()
        .filter(|&(k, &(value, _))| k >= looked_at || value > -WIN / 2)
        .map(|(_, &(_, set))| set)
        .take(DEFENDED_SETS)
        .collect();
    let mut defence = Defence {
        rounds: rounds(chain),
        best: (0, alive.first().copied().unwrap_or(valued[0].1)),
    };
    if let Some(set) = defence.check(board, me, &alive, clock) {
        return set;
    }
    if clock.expired() {
        return defence.best.1;
    }
    let more: Vec<Pair> = wider(board)
        .into_iter()
        .filter(|set| !alive.contains(set))
        .collect();
    defence.check(board, me, &more, clock);
    defence.best.1
}

/// The depths a set is checked at against `chain`: our stones only
/// block, so no chain of the kind found as if we passed is shorter than
/// the one found, and none of double threats if that needed a single one.
fn rounds(chain: Chain) -> Vec<(u32, u32)> {
    let double = (chain.depth..=DEFENCE_DEPTH)
        .filter(|_| chain.quiet == 0)
        .map(|depth| (0, depth));
    let shortest_single = if chain.quiet == 0 { 2 } else { chain.depth };
    let single = (shortest_single..=QUIET_DEPTH).map(|depth| (1, depth));
    double.chain(single).collect()
}

/// What [`defend`] has learnt so far.
struct Defence {
    /// The (quiet, depth) checks, in order.
    rounds: Vec<(u32, u32)>,
    /// The most checks a set survived, and the first set that did.
    best: (usize, Pair),
}

impl Defence {
    /// The first of `sets` to survive every round, if one does before
    /// the clock runs out.
    fn check(&mut self, board: &mut Board, me: u8, sets: &[Pair], clock: &Clock) -> Option<Pair> {
        for &set in sets {
            let survived = rounds_survived(board, me, set, &self.rounds, clock);
            if survived > self.best.0 {
                self.best = (survived, set);
            }
            if survived == self.rounds.len() {
                return Some(set);
            }
            if clock.expired() {
                break;
            }
        }
        None
    }
}

/// How many of the (quiet, depth) `rounds`, in order, `me`'s `set`
/// survives: the opponent has no chain of that kind after it.
fn rounds_survived(
    board: &mut Board,
    me: u8,
    set: Pair,
    rounds: &[(u32, u32)],
    clock: &Clock,
) -> usize {
    let them = 3 - me;
    board.place_set(set, me);
    let mut survived = 0;
    for &(quiet, depth) in rounds {
        let safe = board.forced_win(them, 2, depth, quiet, clock).is_none();
        // A check the clock cut short proves nothing.
        if clock.expired() || !safe {
            break;
        }
        survived += 1;
    }
    board.remove_set(set);
    survived
}

/// The empty cell of `windows` (`who`'s threats) that leaves `who` the
/// fewest cells that win with one stone, then meets the most windows.
fn least_harm(board: &mut Board, windows: &[usize], who: u8) -> usize {
    let mut cells: Vec<usize> = windows.iter().flat_map(|&w| board.empties_of(w)).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut best = (usize::MAX, 0, cells.first().copied().unwrap_or(0));
    for cell in cells {
        let met = windows
            .iter()
            .filter(|&&w| board.window(w).contains(&(cell as u16)))
            .count();
        board.place(cell, 3 - who);
        let mut wins: Vec<usize> = board
            .threats(who)
            .into_iter()
            .filter(|&w| board.counts[w][who as usize] as usize + 1 >= board.line)
            .flat_map(|w| board.empties_of(w))
            .collect();
        board.remove(cell);
        wins.sort_unstable();
        wins.dedup();
        if (wins.len(), std::cmp::Reverse(met)) < (best.0, std::cmp::Reverse(best.1)) {
            best = (wins.len(), met, cell);
        }
    }
    best.2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_of(cells: &[(usize, usize)]) -> Connect6 {
        let mut game = Connect6::default();
        for &(row, col) in cells {
            let cell = Cell::new(row, col).expect("on the board");
            game.play(Stone(cell)).expect("a legal stone");
        }
        game
    }

    /// `game` after both stones of `turn` are played.
    fn after_turn(game: &Connect6, (a, b): (Cell, Cell)) -> Connect6 {
        let mut after = game.clone();
        after.play(Stone(a)).expect("empty");
        after.play(Stone(b)).expect("empty");
        after
    }

    /// In the opening, the weighed sets are whole turns: two different
    /// empty cells each, no set twice (in either order).
    #[test]
    fn weighed_turns_are_whole_turns_of_empty_cells() {
        let game = game_of(&[(9, 9), (8, 7), (10, 8)]);
        let turns = weighed_turns(&game, 2_000, 1);
        assert!(turns.len() > 10, "{}", turns.len());
        for (k, &(a, b)) in turns.iter().enumerate() {
            assert_ne!(a, b);
            assert!(game.piece_at(a).is_none() && game.piece_at(b).is_none());
            let seen = &turns[..k];
            assert!(
                !seen.contains(&(a, b)) && !seen.contains(&(b, a)),
                "{a:?} {b:?}"
            );
        }
    }

    /// After J9, H8 I10, J11 I11, J12 G11, K11 K9, Black has a chain if
    /// White passes, and the ten best sets weighed without the check
    /// against it all left Black that win (BENCHMARKS.md, "After J11
    /// I11"): the sets given now leave Black none.
    #[test]
    fn weighed_turns_leave_the_opponent_no_chain() {
        let line = [
            (9, 9),
            (8, 7),
            (10, 8),
            (11, 9),
            (11, 8),
            (12, 9),
            (11, 6),
            (11, 10),
            (9, 10),
        ];
        let game = game_of(&line);
        let black = colour(tabletop_engine::Player::First);
        let chain_of_black = |game: &Connect6| {
            let board = &mut Knobs::LEVEL_5.eval.board(game);
            let (stop, used) = (AtomicBool::new(false), Counter::new(0));
            their_chain(board, black, &Clock::nodes(20_000, &stop, &used)).is_some()
        };
        assert!(chain_of_black(&game), "the position has Black's chain");
        let turns = weighed_turns(&game, 30_000, 1);
        assert!(!turns.is_empty());
        for &turn in turns.iter().take(2) {
            assert!(!chain_of_black(&after_turn(&game, turn)), "{turn:?}");
        }
    }

    /// Not in the middle of a turn (the turn's first stone decided
    /// there), but at its start.
    #[test]
    fn weighed_turns_are_for_whole_turns() {
        let opening = [(9, 9), (8, 7), (10, 8), (8, 8)];
        assert!(weighed_turns(&game_of(&opening), 2_000, 1).is_empty());
        assert!(!weighed_turns(&game_of(&opening[..3]), 2_000, 1).is_empty());
    }

    /// With the opponent's threats on the board, every set given blocks
    /// them all: Black's four in a row (9,9) to (9,12) needs both of
    /// White's stones.
    #[test]
    fn weighed_turns_block_the_opponents_threats() {
        let four = [
            (9, 9),
            (0, 0),
            (0, 18),
            (9, 10),
            (9, 11),
            (18, 0),
            (3, 3),
            (9, 12),
            (16, 16),
        ];
        let game = game_of(&four);
        let black = colour(tabletop_engine::Player::First);
        let turns = weighed_turns(&game, 2_000, 1);
        assert!(!turns.is_empty());
        for &turn in &turns {
            let board = Knobs::LEVEL_5.eval.board(&after_turn(&game, turn));
            assert!(board.threats(black).is_empty(), "{turn:?}");
        }
    }
}
