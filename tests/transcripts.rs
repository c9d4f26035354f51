//! The plain mode's text, byte for byte: each folder in `tests/transcripts/`
//! holds the `args` (one per line), the `input` typed, the expected `stdout`
//! and the exit `status`. The binary is run for real.

use std::fs;
use std::path::Path;

mod common;

use common::run;

fn check_case(dir: &Path) -> Result<(), String> {
    let read = |name: &str| fs::read(dir.join(name)).map_err(|e| format!("{name}: {e}"));
    let args_text = String::from_utf8(read("args")?).map_err(|e| e.to_string())?;
    let args: Vec<&str> = args_text.lines().collect();
    let input = read("input")?;
    let expected = read("stdout")?;
    let status: i32 = String::from_utf8_lossy(&read("status")?)
        .trim()
        .parse()
        .map_err(|e| format!("status: {e}"))?;
    let got = run(&args, &input);
    if got.stdout != expected {
        let got_text = String::from_utf8_lossy(&got.stdout);
        let expected_text = String::from_utf8_lossy(&expected);
        let line = got_text
            .lines()
            .zip(expected_text.lines())
            .position(|(a, b)| a != b)
            .map_or("the end".to_string(), |n| format!("line {}", n + 1));
        return Err(format!(
            "{}: stdout differs at {line}\n--- got ---\n{got_text}\n--- expected ---\n{expected_text}",
            dir.display()
        ));
    }
    if got.status != status {
        return Err(format!(
            "{}: exit status {} (expected {status}); stderr: {}",
            dir.display(),
            got.status,
            got.stderr
        ));
    }
    Ok(())
}

#[test]
fn every_transcript_matches_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut cases: Vec<_> = fs::read_dir(&root)
        .expect("tests/transcripts exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 8, "only {} transcripts found", cases.len());
    let failures: Vec<String> = cases.iter().filter_map(|c| check_case(c).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// SPEC.md section 1's first example, its final position written out by hand.
#[test]
fn gekitai_boxed_example_ends_as_the_spec_says() {
    let input = "H3\nA-1\n@# \\ 789\nA 1\na6\na6\nc3\nd4\nc3\n";
    let got = run(&["gekitai", "--plain"], input.as_bytes());
    let text = String::from_utf8(got.stdout).expect("ASCII output");
    let ending = "\
Game over:
     A   B   C   D   E   F
   +---+---+---+---+---+---+
 1 | X |   |   |   |   |   |
   +---+---+---+---+---+---+
 2 |   | X |   |   |   |   |
   +---+---+---+---+---+---+
 3 |   |   | X |   |   |   |
   +---+---+---+---+---+---+
 4 |   |   |   |   |   |   |
   +---+---+---+---+---+---+
 5 |   |   |   |   | O |   |
   +---+---+---+---+---+---+
 6 | O |   |   |   |   |   |
   +---+---+---+---+---+---+
X: ['X', 'X', 'X', 'X', 'X']
O: ['O', 'O', 'O', 'O', 'O', 'O']
Player X wins!
";
    assert!(text.ends_with(ending), "{text}");
    assert!(text.starts_with("     A   B   C   D   E   F\n   +---+"));
    // H3, A-1, `@# \ 789` and the second a6 (occupied) are refused.
    assert_eq!(text.matches("Player X's turn: Invalid move!\n").count(), 4);
    assert_eq!(got.status, 0);
}

/// SPEC.md section 1's second example under both rules for a double win.
#[test]
fn gekitai_double_win_follows_the_both_win_rule() {
    let input = "e6\na2\ne4\nc2\ne3\nd2\nc5\ne1\nb6\nc4\n";
    let mover = run(&["gekitai", "--plain"], input.as_bytes());
    let mover = String::from_utf8(mover.stdout).expect("ASCII output");
    assert!(mover.ends_with("Player O wins!\n"), "{mover}");
    let draw = run(
        &[
            "gekitai",
            "--plain",
            "--style",
            "dots",
            "--both-win",
            "draw",
        ],
        input.as_bytes(),
    );
    let draw_text = String::from_utf8(draw.stdout).expect("ASCII output");
    let ending = "\
Game over:
   A B C D E F
 1 . . . . O .
 2 O O O . . .
 3 . . . . . .
 4 . . O . X X
 5 . . . . X .
 6 . X . . X .
Draw game!
";
    assert!(draw_text.ends_with(ending), "{draw_text}");
    assert_eq!(draw.status, 0);
}

#[test]
fn input_ending_early_exits_1_with_a_message_on_stderr_only() {
    let got = run(&["gekitai", "--plain"], b"c3\n");
    let text = String::from_utf8(got.stdout).expect("ASCII output");
    assert!(text.ends_with("Player O's turn: "), "{text}");
    assert_eq!(got.status, 1);
    assert_eq!(got.stderr.lines().count(), 1, "{}", got.stderr);
}

#[test]
fn bad_settings_exit_2_naming_the_setting_with_nothing_on_stdout() {
    let cases: &[(&[&str], &str)] = &[
        (&["gekitai", "--plain", "--size", "30"], "--size"),
        (&["gekitai", "--plain", "--pieces", "19"], "--pieces"),
        (&["gekitai", "--plain", "--line", "7"], "--line"),
        (&["--plain", "--size", "3"], "--size"),
        (&["connect6", "--plain", "--size", "5"], "--size"),
        (&["connect6", "--plain", "--line", "20"], "--line"),
        (&["hex", "--plain", "--size", "1"], "--size"),
        (&["hex", "--plain", "--size", "27"], "--size"),
        (&["reversi", "--plain", "--size", "7"], "--size"),
        (&["reversi", "--plain", "--size", "10"], "--size"),
        (&["gekitai", "--plain", "--size", "abc"], "--size"),
        (
            &["gekitai", "--plain", "--size", "99999999999999999999999"],
            "--size",
        ),
        (&["hex", "--plain", "--pieces", "4"], "--pieces"),
        (
            &["gekitai", "--plain", "--both-win", "nobody"],
            "--both-win",
        ),
        (&["perft", "hex", "2", "--line", "4"], "--line"),
    ];
    for (args, setting) in cases {
        let got = run(args, b"");
        assert_eq!(got.status, 2, "{args:?}");
        assert!(got.stdout.is_empty(), "{args:?} printed to stdout");
        assert_eq!(got.stderr.lines().count(), 1, "{args:?}: {}", got.stderr);
        assert!(got.stderr.contains(setting), "{args:?}: {}", got.stderr);
    }
}

/// A number below zero is a setting out of range, refused with the
/// setting's name and range like any other, not taken for an unknown flag
/// (`-19` read as the flags `-1` and `-9`).
#[test]
fn negative_settings_are_refused_with_the_setting_and_its_range() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["hex", "--plain", "--size", "-1"],
            "--size must be between 2 and 26 (got -1)",
        ),
        (
            &["connect6", "--plain", "--size", "-19"],
            "--size must be between 6 and 26 (got -19)",
        ),
        (
            &["gekitai", "--plain", "--pieces", "-1"],
            "--pieces must be between 3 and 18",
        ),
        (
            &["--plain", "--line", "-3"],
            "--line must be between 3 and 6",
        ),
        (
            &["reversi", "--plain", "--size", "-8"],
            "--size must be 4, 6 or 8 (got -8)",
        ),
    ];
    for (args, wanted) in cases {
        let got = run(args, b"");
        assert_eq!(got.status, 2, "{args:?}");
        assert!(got.stdout.is_empty(), "{args:?} printed to stdout");
        assert_eq!(got.stderr.lines().count(), 1, "{args:?}: {}", got.stderr);
        assert!(got.stderr.contains(wanted), "{args:?}: {}", got.stderr);
    }
}

/// Clap says some things over several lines; the one line on standard
/// error keeps them (the allowed styles, the flags in conflict).
#[test]
fn bad_arguments_keep_the_whole_reason_on_one_line() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["gekitai", "--plain", "--style", "fancy"],
            &["'fancy'", "--style", "boxed, dots"],
        ),
        (
            &["--plain", "--size", "4", "gekitai"],
            &["'gekitai'", "--plain", "--size"],
        ),
    ];
    for (args, wanted) in cases {
        let got = run(args, b"");
        assert_eq!(got.status, 2, "{args:?}");
        assert!(got.stdout.is_empty(), "{args:?} printed to stdout");
        assert_eq!(got.stderr.lines().count(), 1, "{args:?}: {}", got.stderr);
        for part in *wanted {
            assert!(got.stderr.contains(part), "{args:?}: {}", got.stderr);
        }
        assert!(!got.stderr.contains("Usage"), "{args:?}: {}", got.stderr);
    }
}

/// The input ends and the record cannot be saved where `--save` says: the
/// one line on standard error quotes the file's name, line break and all,
/// without breaking the line or passing its escape on.
#[test]
fn a_save_that_fails_is_said_on_one_line_whatever_the_file_is_named() {
    let dir = std::env::temp_dir().join(format!("tabletop-no-such-folder-{}", std::process::id()));
    let path = dir.join("a\nb\u{1b}[2J.toml");
    let path = path.to_str().expect("a UTF-8 path");
    let got = run(&["gekitai", "--plain", "--save", path], b"c3\n");
    assert_eq!(got.status, 1);
    assert!(got.text().ends_with("Player O's turn: "), "{}", got.text());
    assert_eq!(got.stderr.lines().count(), 1, "{}", got.stderr);
    assert!(got.stderr.contains("a\\nb"), "{}", got.stderr);
    assert!(!got.stderr.contains('\u{1b}'), "{}", got.stderr);
    assert!(!dir.exists());
}

#[test]
fn range_messages_give_the_allowed_range() {
    let got = run(&["gekitai", "--plain", "--size", "30"], b"");
    assert!(got.stderr.contains("between 4 and 26"), "{}", got.stderr);
    let got = run(&["gekitai", "--plain", "--pieces", "19"], b"");
    assert!(got.stderr.contains("between 3 and 18"), "{}", got.stderr);
    let got = run(&["reversi", "--plain", "--size", "7"], b"");
    assert!(got.stderr.contains("4, 6 or 8"), "{}", got.stderr);
}

#[test]
fn garbage_input_never_crashes_any_game() {
    let mut garbage: Vec<u8> = Vec::new();
    for line in [
        &b"\xff\xfe\xfd"[..],
        "ÀÉ漢字🙂".as_bytes(),
        b"\x00\x01\x1b[2J",
        b"A99999999999999999999999999999",
        b"99999999999999999999 99999999999999999999",
        b"-1 -1",
        b"swap swap",
        b"pass",
        b"  ",
        b"",
    ] {
        garbage.extend_from_slice(line);
        garbage.push(b'\n');
    }
    garbage.extend(std::iter::repeat_n(b'Z', 200_000));
    garbage.push(b'\n');
    for game in ["gekitai", "connect6", "hex", "reversi"] {
        let got = run(&[game, "--plain"], &garbage);
        assert_eq!(got.status, 1, "{game}: {}", got.stderr);
        assert!(!got.stderr.contains("panicked"), "{game}: {}", got.stderr);
    }
}
