//! The optimised search against the plain one, the endgame solver against
//! plain minimax, and what `choose` promises on every game.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::prover::Prover;
use super::reference::{minimax, reversi_exact};
use super::reversi::endgame::exact_value;
use super::search::{DECIDED, INFINITY, Searcher};
use super::{History, Level, Searchable, choose};
use crate::{Budget, Deadline};
use tabletop_engine::connect6::{Connect6, Connect6Settings};
use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiSettings};
use tabletop_engine::hex::{Hex, HexSettings};
use tabletop_engine::reversi::{Reversi, ReversiSettings};
use tabletop_engine::{Game, Outcome, Rng};

static NEVER: AtomicBool = AtomicBool::new(false);

fn gekitai(size: usize, pieces: usize, line: usize) -> Gekitai {
    Gekitai::new(GekitaiSettings::new(size, pieces, line, BothWin::Mover).expect("valid"))
}

fn reversi(size: usize) -> Reversi {
    Reversi::new(ReversiSettings::new(size).expect("valid"))
}

fn hex(size: usize) -> Hex {
    Hex::new(HexSettings::new(size, true).expect("valid"))
}

fn connect6(size: usize, line: usize) -> Connect6 {
    Connect6::new(Connect6Settings::new(size, line).expect("valid"))
}

/// `plies` random moves from `start` (fewer if the game ends first).
fn random_position<G: Game>(start: &G, plies: usize, rng: &mut Rng) -> G {
    let mut game = start.clone();
    for _ in 0..plies {
        match game.random_move(rng) {
            Some(mv) => {
                let mut next = game.clone();
                next.play_unchecked(mv);
                if next.is_over() {
                    break;
                }
                game = next;
            }
            None => break,
        }
    }
    game
}

fn unlimited() -> Deadline<'static> {
    static STOP: AtomicBool = AtomicBool::new(false);
    Deadline::unlimited(&STOP)
}

/// The search's value equals plain minimax's at every depth up to
/// `max_depth`, on `count` random positions.
fn search_matches_plain<G: Searchable>(
    start: &G,
    count: usize,
    max_plies: usize,
    max_depth: u32,
    seed: u64,
) {
    let mut rng = Rng::new(seed);
    for _ in 0..count {
        let plies = rng.below(max_plies + 1);
        let pos = random_position(start, plies, &mut rng);
        if pos.is_over() {
            continue;
        }
        let mut searcher = Searcher::<G>::new(unlimited(), 10);
        for depth in 1..=max_depth {
            let fast = searcher.negamax(&pos, depth, 0, -INFINITY, INFINITY);
            let plain = minimax(&pos, depth, 0, &mut Vec::new());
            assert_eq!(fast, plain, "depth {depth} in {pos:?}");
        }
    }
}

#[test]
fn gekitai_search_matches_plain() {
    search_matches_plain(&gekitai(4, 4, 3), 30, 12, 3, 1);
    search_matches_plain(&gekitai(5, 5, 3), 8, 14, 3, 2);
    search_matches_plain(&gekitai(6, 8, 3), 10, 14, 2, 3);
    search_matches_plain(&gekitai(5, 6, 4), 5, 14, 3, 4);
}

#[test]
fn reversi_search_matches_plain() {
    search_matches_plain(&reversi(4), 30, 10, 5, 5);
    search_matches_plain(&reversi(6), 20, 25, 4, 6);
    search_matches_plain(&reversi(8), 5, 40, 3, 7);
}

#[test]
fn hex_search_matches_plain() {
    search_matches_plain(&hex(3), 20, 6, 4, 8);
    search_matches_plain(&hex(4), 10, 10, 3, 9);
}

#[test]
fn connect6_search_matches_plain() {
    search_matches_plain(&connect6(6, 4), 20, 14, 2, 10);
    search_matches_plain(&connect6(6, 3), 4, 8, 3, 11);
}

#[test]
fn endgame_solver_is_exact() {
    let mut rng = Rng::new(11);
    let stop = AtomicBool::new(false);
    for (size, empties) in [(4, 10), (6, 8), (8, 7)] {
        for _ in 0..12 {
            let mut pos = reversi(size);
            while !pos.is_over()
                && (pos.board_bits()
                    & !(pos.disc_bits(tabletop_engine::Player::First)
                        | pos.disc_bits(tabletop_engine::Player::Second)))
                .count_ones()
                    > empties
            {
                let mv = pos.random_move(&mut rng).expect("not over");
                pos.play_unchecked(mv);
            }
            assert_eq!(
                exact_value(&pos, Deadline::unlimited(&stop)),
                Some(reversi_exact(&pos)),
                "{pos:?}"
            );
        }
    }
}

/// Random positions of `start` where the player to move can win at once.
fn positions_with_a_win<G: Searchable>(start: &G, want: usize, seed: u64) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    for _ in 0..20_000 {
        let pos = random_position(start, 4 + rng.below(20), &mut rng);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if !pos.is_over() && super::search::winning_move(&pos, &moves).is_some() {
            found.push(pos);
            if found.len() == want {
                break;
            }
        }
    }
    assert!(!found.is_empty());
    found
}

fn wins_at_once<G: Game>(pos: &G, mv: G::Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    child.outcome() == Some(Outcome::Win(pos.to_move()))
}

fn every_level_wins_in_one<G: Searchable>(start: &G, seed: u64) {
    for pos in positions_with_a_win(start, 8, seed) {
        for level in 1..=5 {
            let level = Level::new(level).expect("valid");
            let mv = choose(
                &pos,
                &History::default(),
                level,
                // No time at all: a win in one is taken before any search.
                Duration::ZERO,
                seed,
                &NEVER,
            )
            .expect("not over");
            assert!(
                wins_at_once(&pos, mv),
                "level {level} played {mv} in {pos:?}"
            );
        }
    }
}

#[test]
fn every_level_takes_a_win_in_one() {
    every_level_wins_in_one(&gekitai(6, 8, 3), 1);
    every_level_wins_in_one(&gekitai(8, 10, 4), 2);
    every_level_wins_in_one(&connect6(8, 4), 3);
    every_level_wins_in_one(&hex(4), 4);
}

/// Whether the opponent can win at once after `mv`.
fn hands_a_win<G: Searchable>(pos: &G, mv: G::Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    match child.outcome() {
        Some(Outcome::Win(winner)) => winner != pos.to_move(),
        Some(Outcome::Draw) => false,
        None => child.opponent_wins_next(pos.to_move()),
    }
}

fn levels_block<G: Searchable>(start: &G, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut tried = 0;
    for _ in 0..5_000 {
        let pos = random_position(start, 4 + rng.below(20), &mut rng);
        if pos.is_over() {
            continue;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if super::search::winning_move(&pos, &moves).is_some() {
            continue;
        }
        let losing = moves.iter().filter(|&&mv| hands_a_win(&pos, mv)).count();
        if losing == 0 || losing == moves.len() {
            continue;
        }
        tried += 1;
        for level in 2..=5 {
            let level = Level::new(level).expect("valid");
            let mv = choose(
                &pos,
                &History::default(),
                level,
                // No time at all: blocking must not depend on the clock.
                Duration::ZERO,
                seed,
                &NEVER,
            )
            .expect("not over");
            assert!(
                !hands_a_win(&pos, mv),
                "level {level} played {mv} in {pos:?}"
            );
        }
        if tried == 6 {
            break;
        }
    }
    assert!(tried > 0);
}

#[test]
fn levels_two_up_block_a_win_in_one() {
    levels_block(&gekitai(6, 8, 3), 5);
    levels_block(&connect6(8, 4), 6);
    levels_block(&hex(4), 7);
}

/// Gekitai positions with a win in three plies but not in one: level 3 and
/// up play a move that keeps the forced win.
#[test]
fn gekitai_finds_a_win_in_three() {
    let start = gekitai(5, 6, 3);
    let mut rng = Rng::new(21);
    let mut tried = 0;
    for _ in 0..3_000 {
        let pos = random_position(&start, 4 + rng.below(12), &mut rng);
        if pos.is_over() {
            continue;
        }
        let value = minimax(&pos, 2, 0, &mut Vec::new());
        if value != super::search::WIN - 3 {
            continue;
        }
        tried += 1;
        for level in 3..=5 {
            let level = Level::new(level).expect("valid");
            let mv = choose(
                &pos,
                &History::default(),
                level,
                // Levels 3 and 4 stop at their depth caps, level 5 once it
                // sees the win: the budget is never what ends the search.
                Duration::from_secs(3600),
                9,
                &NEVER,
            )
            .expect("not over");
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let reply = minimax(&child, 1, 1, &mut Vec::new());
            assert!(
                child.is_over() || reply < -DECIDED,
                "level {level} played {mv} in {pos:?}"
            );
        }
        if tried == 4 {
            break;
        }
    }
    assert!(tried > 0);
}

#[test]
fn choose_is_none_only_when_the_game_is_over() {
    fn check<G: Searchable>(start: &G, seed: u64) {
        let mut rng = Rng::new(seed);
        let mut game = start.clone();
        while !game.is_over() {
            let level = Level::new(1 + rng.below(2) as u8).expect("valid");
            let mv = choose(
                &game,
                &History::default(),
                level,
                Budget::Nodes(500),
                seed,
                &NEVER,
            )
            .expect("not over");
            assert!(game.check(mv).is_ok(), "{mv} in {game:?}");
            game.play_unchecked(mv);
        }
        assert_eq!(
            choose(
                &game,
                &History::default(),
                Level::DEFAULT,
                Budget::Nodes(500),
                seed,
                &NEVER
            ),
            None
        );
    }
    check(&gekitai(5, 5, 3), 1);
    check(&reversi(6), 2);
    check(&hex(5), 3);
    check(&connect6(7, 4), 4);
}

#[test]
fn stop_makes_choose_return_at_once() {
    fn check<G: Searchable>(game: &G) {
        // An hour's budget: a search that ignored the flag would hang the
        // test until the harness gives up.
        let stop = AtomicBool::new(true);
        let mv = choose(
            game,
            &History::default(),
            Level::MAX,
            Duration::from_secs(3600),
            1,
            &stop,
        );
        assert!(mv.is_some());
    }
    check(&Gekitai::default());
    check(&Reversi::default());
    check(&hex(7));
    check(&connect6(10, 5));
}

/// On a 26×26 board every position of the search plays each of about
/// 676 moves to look for a win, so the search must look at its deadline
/// at nearly every position, not every 64 (which let level 1 overrun its
/// 50 ms by 10 ms and more): a budget of 5 positions stops it at 5.
#[test]
fn costly_positions_look_at_the_deadline_often() {
    fn searched<G: Searchable>(game: &G, depth: u32, budget: u64) -> u64 {
        let deadline = Deadline::new(Budget::Nodes(budget), &NEVER);
        let mut searcher = Searcher::<G>::new(deadline, 10);
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let mut moves: Vec<_> = legal.into_iter().map(|mv| (mv, 0)).collect();
        assert!(!searcher.root(game, depth, &mut moves, true), "cut short");
        searcher.nodes
    }
    assert_eq!(searched(&hex(26), 1, 5), 5);
    assert_eq!(searched(&gekitai(26, 8, 3), 1, 5), 5);
    // Cheap positions (Reversi's look for no win) still look every 64.
    assert_eq!(searched(&Reversi::default(), 5, 5), 64);
}

#[test]
fn same_seed_same_move_at_low_levels() {
    let mut rng = Rng::new(3);
    let pos = random_position(&gekitai(6, 8, 3), 6, &mut rng);
    for level in [Level::MIN, Level::new(2).expect("valid")] {
        let a = choose(
            &pos,
            &History::default(),
            level,
            // Levels 1 and 2 stop at their depth caps long before either
            // budget runs out.
            Duration::from_secs(1800),
            42,
            &NEVER,
        );
        let b = choose(
            &pos,
            &History::default(),
            level,
            Duration::from_secs(3600),
            42,
            &NEVER,
        );
        assert_eq!(a, b);
    }
}

#[test]
fn levels_parse_and_print() {
    for n in 1..=5u8 {
        let level: Level = n.to_string().parse().expect("valid");
        assert_eq!(level.get(), n);
        assert_eq!(level.to_string(), n.to_string());
    }
    for bad in ["0", "6", "", "x", "3.0", "33"] {
        assert!(bad.parse::<Level>().is_err(), "{bad}");
    }
    assert_eq!(Level::DEFAULT.get(), 3);
    assert!(Level::new(1).expect("valid").budget() < Level::new(5).expect("valid").budget());
}

/// In Gekitai, going back to a position the game has already been through
/// scores as a draw: a player ahead then looks for progress elsewhere.
#[test]
fn returning_to_an_earlier_position_scores_as_a_draw() {
    let mut rng = Rng::new(31);
    let mut checked = 0;
    for _ in 0..200 {
        let pos = random_position(&gekitai(6, 8, 3), 4 + rng.below(10), &mut rng);
        if pos.is_over() {
            continue;
        }
        let searched = |history: History| {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let mut moves: Vec<_> = legal.into_iter().map(|mv| (mv, 0)).collect();
            let mut searcher = Searcher::<Gekitai>::new(unlimited(), 12);
            searcher.remember(history);
            assert!(searcher.root(&pos, 3, &mut moves, true));
            moves
        };
        let fresh = searched(History::default());
        let (best, score) = fresh[0];
        if score <= 0 || score > DECIDED || fresh[1].1 <= 0 {
            continue;
        }
        let mut child = pos.clone();
        child.play_unchecked(best);
        let remembered = searched(History::of([&child]));
        let again = remembered.iter().find(|(mv, _)| *mv == best);
        assert_eq!(again.map(|m| m.1), Some(0), "{pos:?}");
        assert_ne!(remembered[0].0, best, "{pos:?}");
        checked += 1;
        if checked == 5 {
            break;
        }
    }
    assert!(checked > 0);
}

/// A forced win is found however many of the positions on the way the game
/// has already been through: neither the loser's return to one nor the
/// winner's is taken for a draw.
#[test]
fn earlier_positions_hide_no_forced_win() {
    let start = gekitai(5, 6, 3);
    let mut rng = Rng::new(23);
    let mut checked = 0;
    for _ in 0..3_000 {
        let pos = random_position(&start, 4 + rng.below(12), &mut rng);
        if pos.is_over() || minimax(&pos, 2, 0, &mut Vec::new()) != super::search::WIN - 3 {
            continue;
        }
        let mut seen = Vec::new();
        let (mut moves, mut replies) = (Vec::new(), Vec::new());
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            child.legal_moves(&mut replies);
            for &reply in &replies {
                let mut grandchild = child.clone();
                grandchild.play_unchecked(reply);
                seen.push(grandchild);
            }
            seen.push(child);
        }
        let mut searcher = Searcher::<Gekitai>::new(unlimited(), 12);
        searcher.remember(History::of(&seen));
        let mut scored: Vec<_> = moves.iter().map(|&mv| (mv, 0)).collect();
        assert!(searcher.root(&pos, 2, &mut scored, true));
        assert_eq!(scored[0].1, super::search::WIN - 3, "{pos:?}");
        checked += 1;
        if checked == 4 {
            break;
        }
    }
    assert!(checked > 0);
}

/// The bitboard Gekitai evaluation equals the plain one, on every board
/// type and several lines.
#[test]
fn gekitai_evaluation_matches_plain() {
    let mut rng = Rng::new(41);
    for (size, pieces, line) in [
        (6, 8, 3),
        (4, 8, 3),
        (5, 6, 4),
        (6, 18, 5),
        (8, 12, 4),
        (11, 20, 5),
        (26, 60, 7),
    ] {
        for _ in 0..40 {
            let pos = random_position(&gekitai(size, pieces, line), rng.below(40), &mut rng);
            if !pos.is_over() {
                assert_eq!(
                    pos.evaluate(),
                    super::reference::gekitai_evaluation(&pos),
                    "{pos:?}"
                );
            }
        }
    }
}

/// Random 6×6 Gekitai positions whose shortest forced win is exactly
/// three or five plies, as the plain prover finds: level 5 plays a move
/// that keeps the win. (Seven- and nine-ply wins, which take the prover
/// too long in a debug build, are the `gekitai_forced_wins` example's and
/// the `ai` benchmark's job.)
#[test]
fn gekitai_level_5_keeps_every_forced_win_of_three_and_five_plies() {
    let start = Gekitai::default();
    let mut rng = Rng::new(33);
    let mut found = [0; 2];
    for _ in 0..400 {
        if found.iter().all(|&n| n >= 3) {
            break;
        }
        let pos = random_position(&start, 6 + rng.below(14), &mut rng);
        if pos.is_over() {
            continue;
        }
        let mut prover = Prover::new();
        let Some(plies @ (3 | 5)) = prover.shortest_win(&pos, 5) else {
            continue;
        };
        let slot = &mut found[(plies / 2 - 1) as usize];
        if *slot >= 3 {
            continue;
        }
        *slot += 1;
        // A generous budget: the search stops as soon as it proves the win.
        let mv = choose(
            &pos,
            &History::default(),
            Level::MAX,
            Duration::from_secs(120),
            3,
            &NEVER,
        )
        .expect("not over");
        let me = pos.to_move();
        let mut child = pos.clone();
        child.play_unchecked(mv);
        assert!(
            prover.wins_within(&child, me, plies - 1),
            "{mv} loses the win in {plies} plies of {pos:?}"
        );
    }
    assert_eq!(found, [3, 3], "too few positions with such wins");
}
