//! Level 5's move: its own win by fours, then by threes and fours, then
//! its search, keeping to moves after which the opponent has no forced
//! win; each stage with its share of the budget.

use super::board::{Board, EMPTY, Survey};
use super::clock::Clock;
use super::node_moves;
use super::search::{Searcher, width_at};
use super::threats::{Failures, Threater};
use crate::Deadline;
use crate::search::DECIDED;
use tabletop_engine::gomoku::{Gomoku, GomokuStone};
use tabletop_engine::{Cell, Game};

/// Fours in a row the VCF search follows.
pub(super) const VCF_DEPTH: u32 = 24;
/// Threats (threes or fours) in a row the VCT search follows, at most.
pub(super) const VCT_DEPTH: u32 = 7;

/// Shares of the time left for each stage of level 5's choice.
pub(super) const VCF_SHARE: f64 = 0.08;
pub(super) const VCT_SHARE: f64 = 0.2;
pub(super) const SEARCH_SHARE: f64 = 0.55;

/// Level 5's move.
pub fn choose(game: &Gomoku, deadline: Deadline) -> Option<GomokuStone> {
    if game.is_over() {
        return None;
    }
    let n = game.side();
    let mut board = Board::from_game(game);
    if board.stones == 0 {
        return Cell::new(n / 2, n / 2).map(GomokuStone);
    }
    let me = game.to_move().index();
    let opp = 1 - me;
    let stone = |board: &Board, i: u16| Some(GomokuStone(board.cell(usize::from(i))));
    let mut survey = Survey::default();
    let mut root = Vec::new();
    node_moves(&board, me, &mut survey, width_at(0), &mut root);
    let (mine, theirs) = (&survey.threats[me], &survey.threats[opp]);
    if let Some(&five) = mine.fives.first() {
        return stone(&board, five);
    }
    if let Some(&block) = theirs.fives.first() {
        return stone(&board, block);
    }
    if let Some(&open) = mine.open_fours.first() {
        return stone(&board, open);
    }
    let clock = Clock::new(deadline);
    let mut threater = Threater {
        board: &mut board,
        clock: clock.part(VCF_SHARE),
        failures: Failures::new(16),
        nodes: 0,
    };
    if let Some(m) = threater.vcf(me, VCF_DEPTH) {
        return stone(&board, m);
    }
    threater.clock = clock.part(VCT_SHARE);
    for depth in 1..=VCT_DEPTH {
        if let Some(m) = threater.vct(me, depth) {
            return stone(&board, m);
        }
        if threater.clock.check() {
            break;
        }
    }
    // The search, deeper and deeper while time allows.
    let mut ranked: Vec<(u16, i32)> = root.iter().map(|&m| (m, 0)).collect();
    if ranked.is_empty() {
        let any = board
            .playing
            .iter()
            .copied()
            .find(|&i| board.cells[usize::from(i)] == EMPTY);
        return any.and_then(|i| stone(&board, i));
    }
    let search_clock = clock.part(SEARCH_SHARE);
    let search_deadline = search_clock.deadline;
    let mut searcher = Searcher::new(&mut board, search_clock);
    for depth in 1..=40 {
        let mut trial = ranked.clone();
        let done = searcher.root(me, depth, &mut trial);
        if done || trial[0].0 != ranked[0].0 {
            ranked = trial;
        }
        // The next depth takes a few times as long as this one.
        let spent = search_deadline.spent(searcher.clock.ticks);
        if !done || ranked[0].1.abs() > DECIDED || spent > 0.4 {
            break;
        }
    }
    drop(searcher);
    match safest(&mut board, me, &ranked, &mut clock.part(1.0)) {
        Some(m) => stone(&board, m),
        None => stone(&board, ranked[0].0),
    }
}

/// Threats in a row the opponent's VCT is followed for, to check a move.
pub(super) const SAFETY_VCT_DEPTH: u32 = 4;

/// The first of `ranked` (best first) after which the opponent has no
/// forced win by fours, nor one by threes found within the time; failing
/// that, the first after which they have no win by fours.
pub(super) fn safest(
    board: &mut Board,
    me: usize,
    ranked: &[(u16, i32)],
    clock: &mut Clock,
) -> Option<u16> {
    let opp = 1 - me;
    let mut threater = Threater {
        board,
        clock: clock.part(1.0),
        failures: Failures::new(16),
        nodes: 0,
    };
    let mut no_vcf = None;
    for (k, &(m, score)) in ranked.iter().enumerate() {
        if score < -DECIDED && k > 0 {
            break;
        }
        if clock.check() {
            break;
        }
        let i = usize::from(m);
        threater.board.place(i, me);
        // Each move's check gets a third of what is left.
        threater.clock = clock.part(0.34);
        let mut refuted = threater.vcf(opp, VCF_DEPTH).is_some();
        let vcf_known = !threater.clock.expired;
        if !refuted && vcf_known {
            no_vcf.get_or_insert(m);
            for depth in 1..=SAFETY_VCT_DEPTH {
                if threater.vct(opp, depth).is_some() {
                    refuted = true;
                    break;
                }
                if threater.clock.check() {
                    break;
                }
            }
        }
        threater.board.remove(i);
        if !refuted && vcf_known {
            return Some(m);
        }
    }
    no_vcf
}
