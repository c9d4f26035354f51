//! One suite run against every game: the moves listed are exactly the moves
//! accepted, a finished game accepts none, notation round-trips, and `play`
//! and `play_unchecked` agree.

use std::fmt::Debug;
use std::str::FromStr;

use tabletop::engine::cell::MAX_SIDE;
use tabletop::engine::connect6::{Connect6, Connect6Settings, Stone};
use tabletop::engine::gekitai::{BothWin, Gekitai, GekitaiSettings, Place};
use tabletop::engine::hex::{Hex, HexMove, HexSettings};
use tabletop::engine::reversi::{Reversi, ReversiMove, ReversiSettings};
use tabletop::engine::{Cell, Game, IllegalMove, Rng};

/// Every move a game could be asked to play: one per cell of the largest
/// board, plus the game's special moves.
fn candidates<M>(place: impl Fn(Cell) -> M, special: &[M]) -> Vec<M>
where
    M: Copy,
{
    Cell::all(MAX_SIDE)
        .map(place)
        .chain(special.iter().copied())
        .collect()
}

fn check_position<G>(game: &G, candidates: &[G::Move])
where
    G: Game + PartialEq,
    <G::Move as FromStr>::Err: Debug,
{
    let mut listed = Vec::new();
    game.legal_moves(&mut listed);
    let accepted: Vec<G::Move> = candidates
        .iter()
        .copied()
        .filter(|&mv| game.check(mv).is_ok())
        .collect();
    assert_eq!(listed.len(), accepted.len(), "{game:?}");
    for mv in &listed {
        assert!(
            accepted.contains(mv),
            "{mv:?} listed but refused in {game:?}"
        );
        assert_eq!(
            mv.to_string().parse::<G::Move>().ok(),
            Some(*mv),
            "round trip"
        );
    }
    assert_eq!(game.count_legal_moves(), listed.len());
    for &mv in candidates.iter().filter(|mv| !listed.contains(mv)).take(40) {
        let mut copy = game.clone();
        assert!(copy.play(mv).is_err(), "{mv:?} accepted in {game:?}");
        assert_eq!(&copy, game, "a refused move changed the position");
    }
    if game.is_over() {
        assert!(listed.is_empty());
        for &mv in candidates {
            assert_eq!(game.check(mv), Err(IllegalMove::GameOver));
        }
    }
}

/// Plays seeded random games, checking every position on the way.
fn suite<G>(start: &G, candidates: &[G::Move], games: usize)
where
    G: Game + PartialEq,
    <G::Move as FromStr>::Err: Debug,
{
    let mut rng = Rng::new(42);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut game = start.clone();
        loop {
            check_position(&game, candidates);
            game.legal_moves(&mut moves);
            let Some(mv) = game.random_move(&mut rng) else {
                assert!(game.is_over(), "no random move in an unfinished game");
                break;
            };
            assert!(moves.contains(&mv), "random move {mv:?} is not legal");
            let mut fast = game.clone();
            fast.play_unchecked(mv);
            game.play(mv).expect("a listed move is accepted");
            assert_eq!(fast, game, "play and play_unchecked disagree");
            assert!(game.plies() > 0);
        }
    }
}

#[test]
fn gekitai() {
    let all = candidates(Place, &[]);
    suite(&Gekitai::default(), &all, 30);
    for (size, pieces, line) in [(4, 3, 3), (7, 10, 4), (9, 12, 5), (13, 20, 3)] {
        let settings = GekitaiSettings::new(size, pieces, line, BothWin::Draw).expect("valid");
        suite(&Gekitai::new(settings), &all, 5);
    }
}

#[test]
fn connect6() {
    let all = candidates(Stone, &[]);
    suite(&Connect6::default(), &all, 3);
    let small = Connect6Settings::new(6, 5).expect("valid");
    suite(&Connect6::new(small), &all, 20);
}

#[test]
fn hex() {
    let all = candidates(HexMove::Place, &[HexMove::Swap]);
    suite(&Hex::default(), &all, 5);
    for (size, swap) in [(2, false), (5, true), (7, true)] {
        let settings = HexSettings::new(size, swap).expect("valid");
        suite(&Hex::new(settings), &all, 20);
    }
}

#[test]
fn reversi() {
    let all = candidates(ReversiMove::Place, &[ReversiMove::Pass]);
    for size in [4, 6, 8] {
        let settings = ReversiSettings::new(size).expect("valid");
        suite(&Reversi::new(settings), &all, 10);
    }
}
