//! Move generation against published perft counts, through the engine and
//! through the command line.

use std::process::Command;

use tabletop::engine::gekitai::Gekitai;
use tabletop::engine::perft::perft;
use tabletop::engine::reversi::{self, Reversi};

const GEKITAI: [u64; 5] = [36, 1_260, 42_900, 1_421_952, 45_923_628];
const REVERSI: [u64; 9] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];

#[test]
fn gekitai_perft_matches_published_counts() {
    let game = Gekitai::default();
    for (depth, &expected) in GEKITAI.iter().enumerate() {
        assert_eq!(perft(&game, depth + 1), expected, "depth {}", depth + 1);
    }
}

#[test]
fn reversi_perft_matches_published_counts() {
    let game = Reversi::default();
    for (depth, &expected) in REVERSI.iter().enumerate() {
        assert_eq!(
            reversi::perft(&game, depth + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
    // The plain generic perft agrees where it is quick enough.
    assert_eq!(perft(&game, 6), REVERSI[5]);
}

#[test]
fn the_perft_command_prints_the_count() {
    for (game, depth, expected) in [("gekitai", "3", "42900"), ("reversi", "7", "55092")] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["perft", game, depth])
            .output()
            .expect("the binary runs");
        assert!(output.status.success());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            format!("{expected}\n")
        );
    }
}

#[test]
fn selfplay_is_reproducible_from_its_seed() {
    let run = |seed: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["selfplay", "gekitai", "--games", "200", "--seed", seed])
            .output()
            .expect("the binary runs");
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        // Everything but the speed is determined by the seed.
        text.lines()
            .filter(|line| !line.starts_with("games_per_s"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let first = run("5");
    assert_eq!(first, run("5"));
    assert_ne!(first, run("6"));
    let keys: Vec<&str> = first.iter().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(keys, ["games", "first", "second", "draw", "plies_per_game"]);
    assert_eq!(first[0], "games 200");
}
