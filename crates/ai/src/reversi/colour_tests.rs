//! Swapping the colours of every disc and the player to move changes
//! nothing for the computer: both evaluations score the swapped position
//! alike, and the search values every move alike, so neither colour plays
//! better than the other.

use std::sync::atomic::AtomicBool;

use super::patterned::{PATTERN_SIDE, Patterned};
use crate::Deadline;
use crate::Searchable;
use crate::search::Searcher;
use tabletop_engine::reversi::{Reversi, ReversiSettings};
use tabletop_engine::{Game, Player, Rng};

static NEVER: AtomicBool = AtomicBool::new(false);

/// The position with Black's and White's discs exchanged and the other
/// player to move.
fn swapped(pos: &Reversi) -> Reversi {
    Reversi::with_discs(
        pos.settings(),
        pos.disc_bits(Player::Second),
        pos.disc_bits(Player::First),
        pos.to_move().other(),
    )
}

/// Unfinished positions of seeded random games on a board of `side`.
fn positions(side: usize, games: u64) -> Vec<Reversi> {
    let settings = ReversiSettings::new(side).expect("a valid side");
    let mut found = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut pos = Reversi::new(settings);
        while let Some(mv) = pos.random_move(&mut rng) {
            found.push(pos.clone());
            pos.play_unchecked(mv);
        }
    }
    found
}

/// Every move's exact value `depth` plies deep, in the order of the
/// legal moves.
fn move_values<G: Searchable>(pos: &G, depth: u32) -> Vec<(G::Move, i32)> {
    let limits = Deadline::unlimited(&NEVER);
    let mut searcher = Searcher::<G>::new(limits, 12);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut moves: Vec<(G::Move, i32)> = legal.into_iter().map(|mv| (mv, 0)).collect();
    assert!(searcher.root(pos, depth, &mut moves, true));
    moves.sort_by_key(|&(mv, _)| legal_rank(pos, mv));
    moves
}

fn legal_rank<G: Game>(pos: &G, mv: G::Move) -> usize {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal.iter().position(|&m| m == mv).unwrap_or(usize::MAX)
}

#[test]
fn both_evaluations_score_the_colour_swapped_position_alike() {
    for side in [4, 6, 8] {
        for pos in positions(side, 20) {
            let other = swapped(&pos);
            assert_eq!(other.count_legal_moves(), pos.count_legal_moves());
            assert_eq!(other.evaluate(), pos.evaluate(), "{pos:?}");
            if side == PATTERN_SIDE {
                assert_eq!(
                    Patterned(other).evaluate(),
                    Patterned(pos.clone()).evaluate(),
                    "{pos:?}"
                );
            }
        }
    }
}

#[test]
fn the_search_values_every_move_of_the_colour_swapped_position_alike() {
    for pos in positions(PATTERN_SIDE, 6).into_iter().step_by(5) {
        let other = swapped(&pos);
        assert_eq!(move_values(&other, 3), move_values(&pos, 3), "{pos:?}");
        assert_eq!(
            move_values(&Patterned(other), 3),
            move_values(&Patterned(pos.clone()), 3),
            "{pos:?}"
        );
    }
}
