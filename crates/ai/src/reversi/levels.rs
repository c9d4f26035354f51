//! How each level plays Reversi from level 3 up: how many empty cells the
//! exact solver takes on, and how deep the midgame search may go. Levels 1
//! and 2 play the generic shallow, shaken search.
//!
//! Reversi's own table, not the shared one in `Level`, so that the levels
//! of the other games stay as they are. The depth caps keep level 4 well
//! below level 5 (which searches as deep as its time allows) and level 3
//! below level 4; without them level 4 reached nearly level 5's depth and
//! the two were hard to tell apart. Level 5 on 8×8 searches with the
//! fitted pattern evaluation (`patterned.rs`).

use std::sync::atomic::AtomicBool;

use super::endgame;
use super::midgame::Midgame;
use super::patterned::PATTERN_SIDE;
use crate::search::{DECIDED, Searcher};
use crate::{Deadline, Level, OwnChoice, Searchable};
use tabletop_engine::reversi::{Reversi, ReversiMove};
use tabletop_engine::{Game, Rng};

/// Up to this many empty cells, level 5 always solves exactly: the solver
/// finishes such positions in a fraction of the budget.
pub const SURE_EMPTIES: u32 = 16;

/// One level's way of playing.
struct Plan {
    /// Positions with at most this many empty cells are solved exactly.
    exact: u32,
    /// Beyond [`SURE_EMPTIES`], the share of the budget (in fifths) the
    /// solver may try before the midgame search takes over.
    try_fifths: u32,
    /// The deepest midgame search, in plies.
    depth: u32,
}

fn plan(level: Level) -> Option<Plan> {
    match level.get() {
        3 => Some(Plan {
            exact: 10,
            try_fifths: 3,
            depth: 4,
        }),
        4 => Some(Plan {
            exact: 12,
            try_fifths: 3,
            depth: 6,
        }),
        5 => Some(Plan {
            exact: 20,
            try_fifths: 3,
            depth: 64,
        }),
        _ => None,
    }
}

/// The exactly solved move, if `level` solves this position and the solver
/// finishes in time. Up to [`SURE_EMPTIES`] it has the whole budget.
pub fn solve(pos: &Reversi, level: Level, deadline: Deadline) -> Option<ReversiMove> {
    let plan = plan(level)?;
    let empties = endgame::empties(pos);
    if empties > plan.exact {
        return None;
    }
    let until = if empties <= SURE_EMPTIES {
        deadline
    } else {
        deadline.part(0, f64::from(plan.try_fifths) / 5.0)
    };
    endgame::best_move(pos, until)
}

/// The move `level` plays, or [`OwnChoice::Search`] to leave the choice to
/// the generic search (levels 1 and 2).
pub fn choose(
    pos: &Reversi,
    level: Level,
    deadline: Deadline,
    seed: u64,
) -> OwnChoice<ReversiMove> {
    let Some(plan) = plan(level) else {
        return OwnChoice::Search;
    };
    if pos.is_over() {
        return OwnChoice::GameOver;
    }
    if let Some(mv) = solve(pos, level, deadline) {
        return OwnChoice::Play(mv);
    }
    // Timed from here: after a solve that ran out of its share, the
    // midgame search still deepens in the time left (timed from the move's
    // start, it stopped after one ply).
    let mut keyed = root_moves(pos, seed);
    if let [(only, _)] = keyed[..] {
        return OwnChoice::Play(only);
    }
    let scoring = if level == Level::MAX {
        Scoring::best_for(pos)
    } else {
        Scoring::HandMade
    };
    OwnChoice::Play(scoring.deepen(pos, &mut keyed, plan.depth, deadline).0)
}

/// How the midgame is searched: level 5 on 8×8 by the midgame search
/// with the fitted patterns and ProbCut, everything else by the generic
/// search with the hand-made evaluation. Public so that
/// `examples/reversi_ab.rs` can play them against each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scoring {
    /// The generic search, the hand-made evaluation.
    HandMade,
    /// The midgame search, the patterns, every move searched to the full
    /// depth.
    Patterns,
    /// [`Scoring::Patterns`] with ProbCut.
    ProbCut,
}

impl Scoring {
    /// Level 5's scoring for `pos`: the patterns where they are fitted.
    pub fn best_for(pos: &Reversi) -> Scoring {
        if pos.side() == PATTERN_SIDE {
            Scoring::ProbCut
        } else {
            Scoring::HandMade
        }
    }

    fn deepen(
        self,
        pos: &Reversi,
        keyed: &mut [(ReversiMove, i32)],
        depth: u32,
        deadline: Deadline,
    ) -> (ReversiMove, u64) {
        match self {
            Scoring::HandMade => deepen_generic(pos, keyed, depth, deadline),
            Scoring::Patterns => deepen_midgame(pos, keyed, depth, false, deadline),
            Scoring::ProbCut => deepen_midgame(pos, keyed, depth, true, deadline),
        }
    }
}

/// The move of a level-5 style search with a fixed effort and no clock,
/// for comparisons: exact from `exact` empty cells down, else `depth`
/// plies of midgame search scored by `scoring`; `seed` orders equal moves
/// as in play. The move and the nodes the midgame search visited (0 when
/// solved); `None` when the game is over.
pub fn fixed_effort(
    pos: &Reversi,
    scoring: Scoring,
    depth: u32,
    exact: u32,
    seed: u64,
) -> Option<(ReversiMove, u64)> {
    if pos.is_over() {
        return None;
    }
    let never = AtomicBool::new(false);
    let unlimited = Deadline::unlimited(&never);
    if endgame::empties(pos) <= exact {
        return endgame::best_move(pos, unlimited).map(|mv| (mv, 0));
    }
    let mut keyed = root_moves(pos, seed);
    Some(scoring.deepen(pos, &mut keyed, depth, unlimited))
}

/// The root moves in their first order, each with its ordering key:
/// corners first, X-squares last, equal moves in a seeded order, so games
/// differ.
fn root_moves(pos: &Reversi, seed: u64) -> Vec<(ReversiMove, i32)> {
    let mut moves = Vec::new();
    pos.candidate_moves(&mut moves);
    let mut rng = Rng::new(seed ^ pos.position_hash());
    let squares = super::squares(pos.side());
    let mut keyed: Vec<(ReversiMove, i32)> = moves
        .iter()
        .map(|&mv| {
            let class = i32::from(super::order_class(&squares, mv));
            (mv, class * 64 + rng.below(64) as i32)
        })
        .collect();
    keyed.sort_by_key(|m| m.1);
    keyed
}

/// Iterative deepening over the root moves `keyed` (in their order) by
/// `root`, which searches them a given number of plies deep, leaves them
/// best first and says whether it finished: up to `depth` plies or until
/// two fifths of the time from `start` are gone. The best move.
fn deepen<M: Copy>(
    keyed: &mut [(M, i32)],
    depth: u32,
    deadline: Deadline,
    mut root: impl FnMut(u32, &mut [(M, i32)]) -> (bool, u64),
) -> M {
    let mut best = keyed[0].0;
    for depth in 1..=depth {
        let (done, nodes) = root(depth, keyed);
        // A cut-short iteration searched the previous best first, so a
        // move ahead of it now has beaten it.
        if done || depth > 1 {
            best = keyed[0].0;
        }
        if !done || keyed[0].1.abs() > DECIDED || deadline.spent(nodes) > 0.4 {
            break;
        }
    }
    best
}

/// [`deepen`] with the generic search on `pos`: the move and the nodes.
fn deepen_generic<G: Searchable<Move = ReversiMove>>(
    pos: &G,
    keyed: &mut [(ReversiMove, i32)],
    depth: u32,
    deadline: Deadline,
) -> (ReversiMove, u64) {
    let mut searcher = Searcher::<G>::new(deadline, 20);
    let best = deepen(keyed, depth, deadline, |depth, keyed| {
        (searcher.root(pos, depth, keyed, false), searcher.nodes)
    });
    (best, searcher.nodes)
}

/// [`deepen`] with the midgame search on `pos`: the move and the nodes.
fn deepen_midgame(
    pos: &Reversi,
    keyed: &mut [(ReversiMove, i32)],
    depth: u32,
    probcut: bool,
    deadline: Deadline,
) -> (ReversiMove, u64) {
    let mut search = Midgame::new(deadline, probcut);
    let best = deepen(keyed, depth, deadline, |depth, keyed| {
        (search.root(pos, depth, keyed), search.nodes)
    });
    (best, search.nodes)
}
