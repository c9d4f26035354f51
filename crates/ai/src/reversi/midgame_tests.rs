//! The midgame search against the generic search on the same patterns:
//! without ProbCut every value is the same, passes and ends of game
//! included; with it the search is smaller and stays close.

use std::sync::atomic::AtomicBool;

use super::midgame::{PROBCUT_DEPTH, value};
use super::patterned::Patterned;
use crate::Deadline;
use crate::search::{INFINITY, Searcher};
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Game, Rng};

static NEVER: AtomicBool = AtomicBool::new(false);

/// Every `every`-th position of seeded random games, to the end.
fn positions(games: u64, every: usize) -> Vec<Reversi> {
    let mut found = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut pos = Reversi::default();
        let mut ply = seed as usize;
        while let Some(mv) = pos.random_move(&mut rng) {
            if ply.is_multiple_of(every) {
                found.push(pos.clone());
            }
            pos.play_unchecked(mv);
            ply += 1;
        }
    }
    found
}

fn generic_value(pos: &Reversi, depth: u32) -> i32 {
    let limits = Deadline::unlimited(&NEVER);
    Searcher::<Patterned>::new(limits, 16).negamax(
        &Patterned(pos.clone()),
        depth,
        0,
        -INFINITY,
        INFINITY,
    )
}

#[test]
fn without_probcut_the_midgame_search_finds_the_generic_searchs_values() {
    let positions = positions(12, 5);
    let passes = positions
        .iter()
        .filter(|p| p.forced_move().is_some())
        .count();
    assert!(
        positions.len() > 100 && passes > 0,
        "{} positions, {passes} passes",
        positions.len()
    );
    for pos in &positions {
        for depth in 0..=4 {
            assert_eq!(
                value(pos, depth, false),
                generic_value(pos, depth),
                "depth {depth} of {pos:?}"
            );
        }
    }
}

#[test]
fn probcut_searches_less_and_stays_close() {
    let positions: Vec<Reversi> = positions(12, 7)
        .into_iter()
        .filter(|p| (16..=48).contains(&super::endgame::empties(p)))
        .collect();
    assert!(positions.len() > 40, "{} positions", positions.len());
    // Below its depth ProbCut never cuts.
    for pos in &positions {
        for depth in 0..PROBCUT_DEPTH {
            assert_eq!(value(pos, depth, true), value(pos, depth, false));
        }
    }
    let depth = 6;
    let (mut full_nodes, mut cut_nodes, mut off_by) = (0, 0, 0);
    for pos in &positions {
        let (full, nodes) = super::midgame::value_and_nodes(pos, depth, false);
        let (cut, fewer) = super::midgame::value_and_nodes(pos, depth, true);
        full_nodes += nodes;
        cut_nodes += fewer;
        off_by += (full - cut).abs();
    }
    // About three quarters of the nodes at this depth; the saving grows
    // with depth (a sixth of the time at depth 10, BENCHMARKS.md).
    assert!(
        cut_nodes * 10 < full_nodes * 9,
        "{cut_nodes} of {full_nodes} nodes"
    );
    // On average within a disc (16 points).
    let mean = off_by / positions.len() as i32;
    assert!(mean < 16, "off by {mean} on average");
}
