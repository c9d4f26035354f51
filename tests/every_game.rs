//! One suite run against every game of the list (`GameKind::ALL`), at its
//! default settings and at settings drawn from its own description: the
//! moves listed are exactly the moves accepted, a finished game accepts
//! none, notation round-trips, `play` and `play_unchecked` agree, and a
//! game the engine forces a move in is always given that move.

use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_engine::cell::MAX_SIDE;
use tabletop_engine::{Cell, Described, GameSettings, IllegalMove, Rng};

mod common;

/// Every move a game could be asked to play: one per cell of the largest
/// board, plus the game's word moves.
fn candidates<G: Described>() -> Vec<G::Move> {
    Cell::all(MAX_SIDE)
        .map(G::place)
        .chain(G::WORD_MOVES.iter().copied())
        .collect()
}

fn check_position<G: Described>(game: &G, candidates: &[G::Move]) {
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
        if let Some(cell) = G::placed(mv) {
            assert_eq!(G::place(cell), *mv, "place and placed agree");
            assert!(cell.is_on(game.side()));
        }
    }
    assert_eq!(game.count_legal_moves(), listed.len());
    if let Some(forced) = game.forced_move() {
        assert_eq!(listed, vec![forced], "a forced move is the only one");
    }
    for &mv in candidates.iter().filter(|mv| !listed.contains(mv)).take(40) {
        let mut copy = game.clone();
        assert!(copy.play(mv).is_err(), "{mv:?} accepted in {game:?}");
        assert_eq!(&copy, game, "a refused move changed the position");
    }
    if game.is_over() {
        assert!(listed.is_empty());
        assert_eq!(game.forced_move(), None);
        for &mv in candidates {
            assert_eq!(game.check(mv), Err(IllegalMove::GameOver));
        }
    }
}

/// Plays seeded random games, checking every position on the way.
fn suite<G: Described>(start: &G, games: usize, rng: &mut Rng) {
    let candidates = candidates::<G>();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut game = start.clone();
        loop {
            check_position(&game, &candidates);
            game.legal_moves(&mut moves);
            let Some(mv) = game.random_move(rng) else {
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

struct Suite;

impl WithGame for Suite {
    type Output = ();
    fn run<G: Playable>(self) {
        let mut rng = Rng::new(42);
        let start = G::new(G::Settings::default());
        // About the same number of positions for every board size.
        let games = (2_000 / (start.side() * start.side())).clamp(2, 30);
        suite(&start, games, &mut rng);
        for _ in 0..8 {
            let start = G::new(common::random_settings::<G>(&mut rng, 12));
            suite(&start, 3, &mut rng);
        }
    }
}

#[test]
fn every_game_follows_its_own_rules() {
    for &kind in GameKind::ALL {
        kind.with(Suite);
    }
}

#[test]
fn every_setting_refuses_values_outside_its_range() {
    struct Ranges;
    impl WithGame for Ranges {
        type Output = ();
        fn run<G: Playable>(self) {
            let list = <G::Settings as GameSettings>::LIST;
            let defaults: Vec<usize> = list.iter().map(|s| s.default).collect();
            assert!(G::Settings::from_values(&defaults).is_ok(), "{}", G::NAME);
            for (i, setting) in list.iter().enumerate() {
                let allowed = setting.allowed(&defaults[..i]);
                let mut beyond = defaults.clone();
                beyond[i] = allowed.max + 1;
                let error = G::Settings::from_values(&beyond).expect_err("beyond the range");
                assert_eq!(error.name, setting.name);
            }
        }
    }
    for &kind in GameKind::ALL {
        kind.with(Ranges);
    }
}
