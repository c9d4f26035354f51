//! Game records through the real binary: saving from the plain mode,
//! loading, `replay --plain`, and every kind of bad record refused with its
//! reason while the file is left untouched.

use std::fs;
use std::path::Path;

use proptest::prelude::*;

use tabletop_core::games::{self, GameKind, Playable, WithGame};
use tabletop_engine::connect6::Connect6;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::hex::{Hex, HexSettings};
use tabletop_engine::line::Line;
use tabletop_engine::record::{self, Record};
use tabletop_engine::reversi::{Reversi, ReversiMove, RowColumn};
use tabletop_engine::{Game, Rng};

mod common;
use common::scratch::Scratch;

/// Runs the binary; its output as text.
fn run(args: &[&str], input: &str) -> Run {
    let got = common::run(args, input.as_bytes());
    Run {
        stdout: got.text(),
        stderr: got.stderr,
        status: got.status,
    }
}

struct Run {
    stdout: String,
    stderr: String,
    status: i32,
}

/// A finished random game of `G`, as the lines typed in the plain mode.
fn random_game<G: Game>(start: &G, seed: u64, typed: impl Fn(&G::Move) -> String) -> Vec<String> {
    let mut game = start.clone();
    let mut rng = Rng::new(seed);
    let mut lines = Vec::new();
    while let Some(mv) = game.random_move(&mut rng) {
        game.play_unchecked(mv);
        let line = typed(&mv);
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

#[test]
fn a_plain_game_saved_replays_exactly_as_typed() {
    let reversi_typed = |mv: &ReversiMove| match mv {
        ReversiMove::Place(cell) => RowColumn(*cell).to_string(),
        ReversiMove::Pass => String::new(),
    };
    let games: Vec<(Vec<&str>, Vec<String>)> = vec![
        (
            vec!["gekitai"],
            random_game(&Gekitai::default(), 1, ToString::to_string),
        ),
        (
            vec!["gekitai", "--size", "8", "--pieces", "10", "--line", "4"],
            {
                let settings =
                    tabletop_engine::gekitai::GekitaiSettings::new(8, 10, 4, Default::default());
                random_game(
                    &Gekitai::new(settings.expect("valid")),
                    2,
                    ToString::to_string,
                )
            },
        ),
        (vec!["connect6", "--size", "9", "--line", "4"], {
            let settings = tabletop_engine::connect6::Connect6Settings::new(9, 4).expect("valid");
            random_game(&Connect6::new(settings), 3, ToString::to_string)
        }),
        (vec!["hex", "--size", "6", "--swap"], {
            let settings = HexSettings::new(6, true).expect("valid");
            random_game(&Hex::new(settings), 4, ToString::to_string)
        }),
        (
            vec!["reversi"],
            random_game(&Reversi::default(), 5, reversi_typed),
        ),
        (vec!["reversi", "--size", "4"], {
            let settings = tabletop_engine::reversi::ReversiSettings::new(4).expect("valid");
            random_game(&Reversi::new(settings), 4, reversi_typed)
        }),
    ];
    for (args, lines) in games {
        let folder = Scratch::new("records");
        let file = folder.join("game.toml");
        let input = lines.join("\n") + "\n";
        let mut play_args = args.clone();
        play_args.extend(["--plain", "--save", file.to_str().expect("UTF-8 path")]);
        let played = run(&play_args, &input);
        assert_eq!(played.status, 0, "{args:?}: {}", played.stderr);
        let replayed = run(
            &["replay", file.to_str().expect("UTF-8 path"), "--plain"],
            "",
        );
        assert_eq!(replayed.status, 0, "{args:?}: {}", replayed.stderr);
        assert_eq!(replayed.stdout, played.stdout, "{args:?}");
        // Loading a finished game shows its end and plays nothing more.
        let text = fs::read_to_string(&file).expect("the record was written");
        assert!(text.contains("result = "), "{text}");
    }
}

#[test]
fn an_unfinished_game_is_saved_when_the_input_ends_and_loads_where_it_stopped() {
    let folder = Scratch::new("records");
    let file = folder.join("unfinished.toml");
    let path = file.to_str().expect("UTF-8 path");
    let first = run(&["gekitai", "--plain", "--save", path], "c3\nd4\n");
    assert_eq!(first.status, 1);
    let text = fs::read_to_string(&file).expect("saved");
    assert!(!text.contains("result"), "{text}");
    assert!(text.contains("moves = [\"C3\", \"D4\"]"), "{text}");
    let loaded = run(&["load", path, "--plain"], "a1\n");
    assert!(loaded.stdout.starts_with("     A   B"), "{}", loaded.stdout);
    assert!(
        loaded.stdout.contains(" 2 |   | X |"),
        "the push to B2 is there: {}",
        loaded.stdout
    );
    assert!(
        loaded.stdout.contains("Player O's turn: "),
        "{}",
        loaded.stdout
    );
}

/// Checks that `text` as a record file is refused with exit status 2, a
/// message containing `reason`, and the file left exactly as it was.
fn refused(text: &[u8], reason: &str) {
    let folder = Scratch::new("records");
    let file = folder.join("bad.toml");
    fs::write(&file, text).expect("writable");
    let before = fs::metadata(&file)
        .and_then(|m| m.modified())
        .expect("mtime");
    for command in ["load", "replay"] {
        let got = run(
            &[command, file.to_str().expect("UTF-8 path"), "--plain"],
            "",
        );
        assert_eq!(got.status, 2, "{reason}: {}", got.stderr);
        assert!(got.stdout.is_empty(), "{reason}: {}", got.stdout);
        assert!(
            got.stderr.contains(reason),
            "expected {reason:?} in {}",
            got.stderr
        );
        assert_eq!(got.stderr.lines().count(), 1, "{}", got.stderr);
        assert!(got.stderr.len() < 500, "{reason}: a long message");
        assert!(
            !got.stderr.contains(['\u{1b}', '\u{7}']),
            "{reason}: the message carries control characters"
        );
    }
    assert_eq!(
        fs::read(&file).expect("still there"),
        text,
        "the file changed"
    );
    let after = fs::metadata(&file)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(before, after);
}

#[test]
fn every_kind_of_bad_record_is_refused_with_its_reason() {
    refused(b"game = \"gekitai\"\nmoves = [\"A1\",\n", "line 2");
    refused(b"game = \"gekitai\"\nmoves = \"A1\"\n", "line 2");
    refused(b"game = \"chess\"\n", "unknown game \"chess\"");
    refused(
        b"game = \"gekitai\"\n[settings]\nsize = 30\n",
        "size must be between 4 and 26",
    );
    refused(
        b"game = \"hex\"\n[settings]\nline = 3\n",
        "hex has no setting line",
    );
    refused(
        b"game = \"gekitai\"\nmoves = [\"A1\", \"B2\", \"B2\"]\n",
        "move 3: B2: that cell is taken",
    );
    refused(b"game = \"reversi\"\nmoves = [\"a1\"]\n", "move 1");
    refused(b"game = \"connect6\"\nmoves = [\"J9\", \"h9\"]\n", "move 2");
    refused(
        b"game = \"gekitai\"\nresult = \"O\"\nmoves = [\"A1\"]\n",
        "the record says the result is O",
    );
    refused(b"\xff\xfe\x00garbage", "not UTF-8");
    refused(b"", "missing field");
    let deep = format!(
        "game = \"gekitai\"\nmoves = {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    refused(deep.as_bytes(), "nested deeper");
    let huge = format!("game = \"gekitai\"\n# {}\n", "x".repeat(2 << 20));
    refused(huge.as_bytes(), "too big");
    let many = format!(
        "game = \"gekitai\"\nmoves = [{}]\n",
        vec!["\"A1\""; 150_000].join(",")
    );
    refused(many.as_bytes(), "more than any game");
    refused(
        b"game = \"gekitai\"\n\n[players]\nfirst = \"ai:9\"\nsecond = \"human\"\n",
        "line 4: ai:9 is not a player",
    );
    refused(
        b"game = \"hex\"\n[players]\nfirst = \"gtp:\"\nsecond = \"x\"\n",
        "line 3",
    );
    let escapes = format!(
        "game = \"gekitai\"\nresult = \"\\u001b[31m\\u0007{}\"\nmoves = [\"A1\"]\n",
        "x".repeat(500_000)
    );
    refused(escapes.as_bytes(), "the record says the result is");
    let dotted = format!("game = \"gekitai\"\n{} = 1\n", vec!["a"; 100_000].join("."));
    refused(dotted.as_bytes(), "line 2: nested deeper");
    let header = format!("game = \"gekitai\"\n\n[{}]\n", vec!["a"; 100_000].join("."));
    refused(header.as_bytes(), "line 3: nested deeper");
    let hidden = format!("game = \"gekitai\nmoves = {}", "[".repeat(100_000));
    refused(hidden.as_bytes(), "line 2");
}

#[test]
fn brackets_in_comments_and_strings_do_not_refuse_a_record() {
    let folder = Scratch::new("records");
    let file = folder.join("commented.toml");
    let text = "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\ngame = \"gekitai\"\n\
                date = \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"\nmoves = [\"A1\"] # ]]]]]]]]]]]]]]]]]]]]]]]]]]\n";
    fs::write(&file, text).expect("writable");
    let got = run(
        &["replay", file.to_str().expect("UTF-8 path"), "--plain"],
        "",
    );
    assert_eq!(got.status, 0, "{}", got.stderr);
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let got = run(&["load", "/nonexistent/game.toml", "--plain"], "");
    assert_eq!(got.status, 2);
    assert!(
        got.stderr.contains("cannot open /nonexistent/game.toml"),
        "{}",
        got.stderr
    );
}

#[test]
fn the_sample_records_in_assets_load() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/records");
    let mut count = 0;
    for entry in fs::read_dir(&folder).expect("assets/records exists") {
        let path = entry.expect("entry").path();
        let text = fs::read_to_string(&path).expect("readable");
        assert!(
            games::read_record(&text).is_ok(),
            "{}: {:?}",
            path.display(),
            games::read_record(&text)
        );
        count += 1;
    }
    assert!(count >= 4, "only {count} sample records");
}

/// A random game of `G` written to a record and read back.
struct RoundTrip(u64);

impl WithGame for RoundTrip {
    type Output = ();
    fn run<G: Playable>(self) {
        let mut rng = Rng::new(self.0);
        let start = G::new(common::random_settings::<G>(&mut rng, 12));
        let mut line = Line::new(start);
        let stop = rng.below(200);
        while line.played().len() < stop {
            let Some(mv) = line.game().random_move(&mut rng) else {
                break;
            };
            line.play(mv).expect("a random move is legal");
        }
        let record = Record::of_line(&line);
        let text = record.to_toml();
        let read = games::read_record(&text).expect("a written record reads back");
        assert_eq!(read.kind().name(), G::NAME);
        assert_eq!(read.moves(), record.moves.len());
        let typed = Record::<G>::from_text(&record::parse(&text).expect("TOML"));
        assert_eq!(typed.as_ref(), Ok(&record), "{text}");
        // A record's end includes the passes its moves force (implied).
        assert_eq!(
            &record.end(),
            line.game(),
            "the record ends where the game did"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any legal game of any game and settings, written to a record and
    /// read back, is the same game.
    #[test]
    fn any_game_round_trips_through_a_record(seed: u64) {
        for &kind in GameKind::ALL {
            kind.with(RoundTrip(seed));
        }
    }
}

#[test]
fn loading_a_finished_game_shows_how_it_ended() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/records");
    for entry in fs::read_dir(&folder).expect("assets/records exists") {
        let path = entry.expect("entry").path();
        let file = path.to_str().expect("UTF-8 path");
        let replayed = run(&["replay", file, "--plain"], "");
        let loaded = run(&["load", file, "--plain"], "");
        assert_eq!(loaded.status, 0, "{file}: {}", loaded.stderr);
        let ending = |text: &str| text.lines().last().unwrap_or("").to_string();
        assert!(
            ending(&replayed.stdout).ends_with('!'),
            "{file}: the sample is finished"
        );
        assert_eq!(ending(&loaded.stdout), ending(&replayed.stdout), "{file}");
    }
}
