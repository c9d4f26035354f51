//! GTP conversations with the real binary, and the match referee driving
//! it as an external engine.

use std::process::Command;

mod common;

fn converse(args: &[&str], commands: &str) -> (String, i32) {
    let mut full = vec!["gtp"];
    full.extend_from_slice(args);
    let got = common::run(&full, commands.as_bytes());
    (got.text(), got.status)
}

/// The answers, one string each (a GTP answer ends with a blank line).
fn answers(text: &str) -> Vec<String> {
    text.split("\n\n")
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_administrative_commands() {
    let (out, status) = converse(
        &["gekitai"],
        "protocol_version\n7 name\nversion\nknown_command genmove\nknown_command fly\nlist_commands\nquit\nname\n",
    );
    assert_eq!(status, 0);
    let a = answers(&out);
    assert_eq!(a[0], "= 2");
    assert_eq!(a[1], "=7 tabletop");
    assert!(a[2].starts_with("= ") && a[2].len() > 2);
    assert_eq!(a[3], "= true");
    assert_eq!(a[4], "= false");
    for command in [
        "play",
        "genmove",
        "undo",
        "showboard",
        "boardsize",
        "clear_board",
    ] {
        assert!(
            a[5].lines().any(|l| l.trim_start_matches("= ") == command),
            "{}",
            a[5]
        );
    }
    assert_eq!(a[6], "= ", "quit is answered");
    assert_eq!(a.len(), 7, "nothing after quit: {out}");
}

#[test]
fn playing_generating_and_undoing_moves() {
    let (out, _) = converse(
        &["gekitai"],
        "play black c3\nplay w D4\nshowboard\nundo\nshowboard\nplay b a1\ngenmove w\ngenmove b\n",
    );
    let a = answers(&out);
    assert_eq!(a[0], "= ");
    assert_eq!(a[1], "= ");
    // D4 pushed C3 to B2.
    assert!(a[2].contains(" 2 . X . . . ."), "{}", a[2]);
    assert!(a[2].contains(" 4 . . . O . ."), "{}", a[2]);
    assert!(a[4].contains(" 3 . . X . . ."), "after undo: {}", a[4]);
    assert!(a[5].starts_with('?'), "white is to move: {}", a[5]);
    assert!(a[6].starts_with("= ") && a[6].len() > 2, "{}", a[6]);
    assert!(a[7].starts_with("= ") && a[7].len() > 2, "{}", a[7]);
}

#[test]
fn bad_input_gets_error_answers_never_a_crash() {
    let junk = "fly away\nplay\nplay b\nplay purple c3\nplay b Z99\nplay b c3\nplay w c3\n\
                boardsize\nboardsize 99\nboardsize -3\ngenmove\ngenmove green\nundo\nundo\nundo\n\
                \u{1b}[31m\nplay b ÀÉ\n12345678901234567890 name\n";
    let (out, status) = converse(&["gekitai"], junk);
    assert_eq!(status, 0);
    let a = answers(&out);
    let errors = a.iter().filter(|a| a.starts_with('?')).count();
    assert!(errors >= 14, "{out}");
    assert!(!out.contains("panicked"));
}

#[test]
fn hex_speaks_the_hexgui_convention() {
    // Black (first) joins top and bottom in HexGui: a column of black
    // stones a1..a5 wins on 5x5, whatever SPEC.md calls the cells.
    let commands = "boardsize 5\nplay b a1\nplay w b1\nplay b a2\nplay w b2\nplay b a3\nplay w b3\n\
                    play b a4\nplay w b4\nplay b a5\ngenmove w\nshowboard\n";
    let (out, _) = converse(&["hex"], commands);
    let a = answers(&out);
    assert!(a[..10].iter().all(|a| a == "= "), "{out}");
    assert!(
        a[10].starts_with('?'),
        "the game is over after a1-a5: {out}"
    );
    // SPEC.md's board, labelled as every other view labels it, shows the
    // same stones along its top row (row 0), joining its left and right
    // edges: O's, the first player's.
    assert!(a[11].contains(" 0 O O O O O"), "{}", a[11]);
}

#[test]
fn reversi_passes_and_vertices() {
    let (out, _) = converse(&["reversi"], "genmove b\nplay w pass\nshowboard\n");
    let a = answers(&out);
    let vertex = a[0].trim_start_matches("= ");
    assert!(
        ["d3", "c4", "f5", "e6"].contains(&vertex.to_ascii_lowercase().as_str()),
        "{vertex}"
    );
    assert!(
        a[1].starts_with('?'),
        "white has moves and may not pass: {out}"
    );
}

#[test]
fn the_referee_plays_this_engine_over_gtp() {
    let own = format!(
        "gtp:{} gtp gekitai --level 1",
        env!("CARGO_BIN_EXE_tabletop")
    );
    let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "match", "gekitai", "--first", "random", "--second", &own, "--games", "2",
        ])
        .output()
        .expect("the referee runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    assert!(text.contains("\ngames 2\n"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("elo ")), "{text}");
}

#[test]
fn sizes_out_of_range_are_unacceptable_whatever_their_digits() {
    let commands = "boardsize 99999999999999999999\nboardsize -3\nboardsize 0\nboardsize 27\n\
                    boardsize seven\nboardsize 7\n";
    for game in ["gekitai", "connect6", "hex", "reversi"] {
        let (out, _) = converse(&[game], commands);
        let a = answers(&out);
        assert_eq!(a[..4], ["? unacceptable size"; 4], "{game}: {out}");
        assert_eq!(a[4], "? boardsize needs a number", "{game}: {out}");
    }
}

#[test]
fn a_match_of_no_games_is_refused_and_one_game_gives_no_elo() {
    let refused = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "match", "gekitai", "--first", "random", "--second", "random", "--games", "0",
        ])
        .output()
        .expect("the referee runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    let one = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "match", "gekitai", "--first", "random", "--second", "random", "--games", "1",
        ])
        .output()
        .expect("the referee runs");
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(one.status.success(), "{text}");
    assert!(text.contains("\nelo n/a"), "{text}");
    assert!(!text.contains("-0"), "{text}");
}

/// Runs a two-game match of random against `engine`; its output and
/// status.
fn match_against(engine: &str) -> (String, String, Option<i32>) {
    let output = referee(engine, &["--games", "2"]);
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Runs a Gekitai match of random against the GTP `engine`, with `more`
/// settings.
fn referee(engine: &str, more: &[&str]) -> std::process::Output {
    let engine = format!("gtp:{engine}");
    let mut args = vec!["match", "gekitai", "--first", "random", "--second", &engine];
    args.extend_from_slice(more);
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .expect("the referee runs")
}

#[test]
fn engines_that_misbehave_forfeit_and_the_match_goes_on() {
    // Writes without end: cut off, not followed until memory runs out.
    let (out, err, status) = match_against("yes");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("\nwins 2\n"), "{out}");
    // Why each game was lost is in its line.
    assert!(out.contains("(gtp:yes failed: yes sent a"), "{out}");
    assert!(out.contains("too long"), "{out}");
    // Not there at all: the shell's words are shown.
    let (out, err, status) = match_against("no-such-engine-anywhere");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("\nwins 2\n"), "{out}");
    assert!(out.contains("not found"), "{out}");
}

#[test]
fn an_engine_and_everything_it_started_end_with_the_match() {
    let marker = "sleep 987.123";
    let engine = format!("{marker} & while read line; do echo '? no'; echo; done");
    let (out, err, status) = match_against(&engine);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("\nwins 2\n"), "{out}");
    let left = Command::new("pgrep")
        .args(["-f", marker])
        .output()
        .expect("pgrep runs");
    assert!(
        left.stdout.is_empty(),
        "the engine's child outlived the match: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}

#[test]
fn the_time_commands_are_known_and_bad_figures_refused() {
    let (out, status) = converse(
        &["hex", "--size", "5", "--level", "5"],
        "known_command time_settings\nknown_command time_left\ntime_settings 0 1 1\ntime_left white 0.9 1\ntime_settings 5 x 0\ntime_left b -1 0\ntime_left green 5 0\ntime_settings 1 2\ngenmove b\n",
    );
    assert_eq!(status, 0);
    let a = answers(&out);
    assert_eq!(a[..4], ["= true", "= true", "= ", "= "], "{out}");
    for refused in &a[4..8] {
        assert!(refused.starts_with("? "), "{out}");
    }
    assert!(a[8].starts_with("= ") && a[8].len() > 2, "{out}");
}

#[test]
fn the_referee_tells_an_engine_that_knows_time_settings_the_time_a_move() {
    let folder = common::scratch::Scratch::new("gtp-time");
    let log = folder.join("log");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_gtp.sh");
    let engine = format!(
        "FAKE_GTP_TABLETOP='{}' FAKE_GTP_LOG='{}' bash '{}' gekitai --level 1",
        env!("CARGO_BIN_EXE_tabletop"),
        log.display(),
        script.display()
    );
    let output = referee(&engine, &["--games", "1", "--time-per-move", "0.25"]);
    assert!(output.status.success(), "{output:?}");
    let said = std::fs::read_to_string(&log).expect("the engine's log");
    assert!(said.contains("known_command time_settings\n"), "{said}");
    assert!(said.contains("time_settings 0 0.25 1\n"), "{said}");
}

#[test]
fn an_engine_slower_than_the_move_timeout_forfeits_and_a_bad_timeout_is_refused() {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_gtp.sh");
    let engine = format!(
        "FAKE_GTP_TABLETOP='{}' FAKE_GTP=slow bash '{}' gekitai --level 1",
        env!("CARGO_BIN_EXE_tabletop"),
        script.display()
    );
    // The slow engine never answers genmove: without the flag the referee
    // would wait 60 s for it.
    let output = referee(&engine, &["--games", "1", "--move-timeout", "1"]);
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{err}");
    assert!(out.contains("\nwins 1\n"), "{out}");
    assert!(
        out.contains("did not answer \"genmove w\" within 1s"),
        "{out}"
    );
    for bad in ["0", "nan", "inf", "3601"] {
        let output = referee(&engine, &["--games", "1", "--move-timeout", bad]);
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains("--move-timeout must be between 0 and 3600 seconds"),
            "{bad}: {err}"
        );
    }
}
