//! Move generation against published perft counts, through the engine and
//! through the command line.

use std::process::Command;

use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiSettings};
use tabletop_engine::perft::{Finished, perft};
use tabletop_engine::reversi::{self, Reversi, ReversiSettings};

const GEKITAI: [u64; 5] = [36, 1_260, 42_900, 1_421_952, 45_923_628];
const REVERSI: [u64; 9] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];

#[test]
fn gekitai_perft_matches_published_counts() {
    let game = Gekitai::default();
    for (depth, &expected) in GEKITAI.iter().enumerate() {
        assert_eq!(
            perft(&game, depth + 1, Finished::Nothing),
            expected,
            "depth {}",
            depth + 1
        );
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
    assert_eq!(perft(&game, 6, Finished::Leaf), REVERSI[5]);
}

fn perft_command(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("perft")
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{args:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_perft_command_prints_the_count() {
    assert_eq!(perft_command(&["gekitai", "3"]), "42900\n");
    assert_eq!(perft_command(&["reversi", "7"]), "55092\n");
}

#[test]
fn the_perft_command_counts_finished_games_as_asked() {
    // On 4x4 with 3 pieces each, games end within 5 plies.
    let settings = GekitaiSettings::new(4, 3, 3, BothWin::Mover).expect("valid");
    let game = Gekitai::new(settings);
    let small = ["gekitai", "6", "--size", "4", "--pieces", "3"];
    let default = perft_command(&small);
    let leaf = perft_command(&[&small[..], &["--finished", "leaf"]].concat());
    let none = perft_command(&[&small[..], &["--finished", "none"]].concat());
    assert_eq!(default, none);
    assert_eq!(none, format!("{}\n", perft(&game, 6, Finished::Nothing)));
    assert_eq!(leaf, format!("{}\n", perft(&game, 6, Finished::Leaf)));
    assert_ne!(leaf, none);
    // Reversi counts finished games as leaves unless told otherwise.
    let reversi = Reversi::new(ReversiSettings::new(4).expect("valid"));
    assert_eq!(
        perft_command(&["reversi", "9", "--size", "4"]),
        format!("{}\n", perft(&reversi, 9, Finished::Leaf))
    );
    assert_eq!(
        perft_command(&["reversi", "9", "--size", "4", "--finished", "none"]),
        format!("{}\n", perft(&reversi, 9, Finished::Nothing))
    );
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

#[test]
fn depths_no_count_could_finish_are_refused_at_once() {
    for depth in ["21", "99", "30000", "99999999999999999999999"] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["perft", "gekitai", depth])
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "depth {depth}");
        assert!(output.stdout.is_empty(), "depth {depth}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    assert_eq!(perft_command(&["hex", "20", "--size", "2"]), "24\n");
}
