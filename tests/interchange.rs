//! Games where other programs keep them: random games of every game with a
//! foreign form written out and read back unchanged, hand-written files in
//! each foreign format (one exactly as HexGui writes it, with the swap),
//! and every kind of foreign file refused with its line and reason, through
//! the real binary, with nothing written.

use std::fs;
use std::path::{Path, PathBuf};

use tabletop_core::games::{self, AnyRecord, GameKind, Playable, WithGame};
use tabletop_core::interchange::{self, Form, Format, Interchange};
use tabletop_engine::cell::Cell;
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::reversi::Reversi;
use tabletop_engine::{Described, Game, Player, Rng};

mod common;
use common::scratch::Scratch;

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// A random game of `G` in its foreign form: random settings (the standard
/// board for a transcript), random legal moves, sometimes to the end,
/// sometimes given up.
fn random_record<G: Playable>(form: Form, rng: &mut Rng) -> Record<G> {
    let settings = match form {
        Form::Sgf(_) => common::random_settings::<G>(rng, 13),
        Form::Transcript => G::Settings::default(),
    };
    let mut line = Line::new(G::new(settings));
    let stop = if rng.below(3) == 0 {
        usize::MAX
    } else {
        rng.below(150)
    };
    while line.played().len() < stop {
        let Some(mv) = line.game().random_move(rng) else {
            break;
        };
        line.play(mv).expect("a random move is legal");
    }
    let mut record = Record::of_line(&line);
    // A transcript holds moves only; SGF says who resigned.
    if matches!(form, Form::Sgf(_)) && !line.game().is_over() && rng.below(2) == 0 {
        record.resigned = Some(line.game().to_move());
    }
    record
}

/// Random games of a game written in its form and read back: how many.
struct RoundTrips(u64);

impl WithGame for RoundTrips {
    type Output = usize;
    fn run<G: Playable>(self) -> usize {
        let Some(form) = G::FORM else {
            return 0;
        };
        let mut rng = Rng::new(self.0);
        for _ in 0..40 {
            let record = random_record::<G>(form, &mut rng);
            let original = games::read_record(&record.to_toml()).expect("a record");
            let (format, text) =
                interchange::export(original.clone(), None).expect("a game of a form is written");
            assert_eq!(format, form.format());
            let read =
                interchange::import(&text, false).unwrap_or_else(|error| panic!("{error}\n{text}"));
            let back = games::read_record(&read).expect("an import is a record");
            assert_eq!(back, original, "{}:\n{text}", G::NAME);
        }
        1
    }
}

#[test]
fn random_games_of_every_form_round_trip() {
    let mut formats = Vec::new();
    for (seed, &kind) in GameKind::ALL.iter().enumerate() {
        if kind.with(RoundTrips(seed as u64 + 1)) == 1 {
            formats.push(kind.name());
        }
    }
    assert_eq!(formats, ["connect6", "hex", "reversi", "gomoku"]);
}

/// Hex games that swap, with the swap rule on, written and read back: the
/// swap and every move after it survive HexGui's exchange of colours.
#[test]
fn hex_games_that_swap_round_trip() {
    let mut rng = Rng::new(11);
    for _ in 0..60 {
        let side = 2 + rng.below(10);
        let settings = HexSettings::new(side, true).expect("a Hex board");
        let mut line = Line::new(Hex::new(settings));
        let first = Cell::new(rng.below(side), rng.below(side)).expect("on the board");
        line.play(HexMove::Place(first)).expect("any first stone");
        line.play(HexMove::Swap).expect("the swap");
        while let Some(mv) = line.game().random_move(&mut rng) {
            line.play(mv).expect("legal");
        }
        let original = games::read_record(&Record::of_line(&line).to_toml()).expect("a record");
        let (_, text) = interchange::export(original.clone(), None).expect("SGF");
        assert!(
            text.replace('\n', "").contains(";W[swap-pieces];W["),
            "{text}"
        );
        let back = games::read_record(&interchange::import(&text, true).expect("reads"))
            .expect("a record");
        assert_eq!(back, original, "{text}");
    }
}

/// Runs `tabletop ARGS`; its standard output, standard error and status.
fn run(args: &[&str]) -> common::Run {
    common::run(args, b"")
}

/// Imports `text` saved as `name` through the binary; the record written,
/// and the folder it is in.
fn imported(name: &str, text: &str) -> (PathBuf, String, Scratch) {
    let folder = Scratch::new("interchange");
    let file = folder.join(name);
    fs::write(&file, text).expect("writable");
    let got = run(&["import", path(&file)]);
    assert_eq!(got.status, 0, "{name}: {}", got.stderr);
    let written = file.with_extension("toml");
    assert_eq!(got.text(), format!("{}\n", written.display()));
    let record = fs::read_to_string(&written).expect("the record is written");
    (written, record, folder)
}

/// The moves a record's text holds.
fn moves_of(record: &str) -> Vec<String> {
    let read = games::read_record(record).expect("a record");
    struct Moves;
    impl games::WithRecord for Moves {
        type Output = Vec<String>;
        fn run<G: Playable>(self, record: Record<G>) -> Vec<String> {
            record.moves.iter().map(ToString::to_string).collect()
        }
    }
    read.with(Moves)
}

/// A game of 11x11 Hex exactly as HexGui saves it: the root's properties
/// in alphabetical order, a node a move, lines broken before 72 columns,
/// and the swap as `swap-pieces`, after which HexGui keeps the stone and
/// the players exchange colours (W moves again, now the first player).
const HEXGUI: &str = "(;AP[HexGui:0.9]FF[4]GM[11]SZ[11];B[f3];W[swap-pieces];W[e7];B[d8];W[g5]\n\
                      ;B[c9];W[h4];B[e6];W[f5];B[b10];W[i3];B[g4];W[d7])\n";

#[test]
fn a_hexgui_game_with_the_swap_reads_as_tabletop_s_game() {
    let (_, record, _) = imported("hexgui.sgf", HEXGUI);
    assert!(
        record.contains("[settings]\nsize = 11\nswap = true\n"),
        "{record}"
    );
    // HexGui's f3 (column f, row 3) is tabletop's C5; after the swap every
    // cell is mirrored, so HexGui's e7 is E6 for tabletop's O.
    assert_eq!(
        moves_of(&record),
        [
            "C5", "swap", "E6", "D7", "G4", "C8", "H3", "E5", "F4", "B9", "I2", "G3", "D6"
        ]
    );
    let AnyRecord::Hex(hex) = games::read_record(&record).expect("a record") else {
        panic!("not Hex");
    };
    let end = hex.end();
    let at = |text: &str| end.piece_at(Hex::NOTATION.parse(text).expect("a cell"));
    // The swapped stone is X's, on the mirrored cell; O played E6.
    assert_eq!(at("F2"), Some(Player::Second));
    assert_eq!(at("C5"), None);
    assert_eq!(at("E6"), Some(Player::First));
    assert_eq!(end.to_move(), Player::Second);

    // Written back, HexGui's own way: the same moves in the same colours.
    let (format, text) =
        interchange::export(games::read_record(&record).expect("a record"), None).expect("SGF");
    assert_eq!(format, Format::Sgf);
    let moves = |sgf: &str| -> Vec<String> {
        sgf.split(';')
            .skip(2)
            .map(|node| node.trim().trim_end_matches(')').trim().to_string())
            .collect()
    };
    assert_eq!(moves(&text), moves(HEXGUI), "{text}");
}

#[test]
fn a_swap_that_mirrors_the_stone_reads_too() {
    // Here B moves after the swap: the stone itself was mirrored and
    // changed colour, and nothing else changes.
    let (_, record, _) = imported(
        "mirrored.sgf",
        "(;FF[4]GM[11]SZ[5];B[c1];W[swap];B[a1];W[e5])",
    );
    assert_eq!(moves_of(&record), ["A2", "swap", "A0", "E4"]);
    let (_, plain, _) = imported("plain.sgf", "(;FF[4]GM[11]SZ[5];B[c1];W[a2];B[e5])");
    assert_eq!(moves_of(&plain), ["A2", "B0", "E4"]);
    assert!(plain.contains("swap = false"), "{plain}");
}

#[test]
fn a_little_golem_connect6_game_reads_either_way_it_is_written() {
    // As Little Golem writes it: no GM, the game in EV, a turn a value.
    let (_, joined, _) = imported(
        "lg.sgf",
        "(;FF[4]EV[connect6.ch.26.1.1]PB[Phoenix]PW[Lomaben]SO[http://www.littlegolem.com];\
         B[j10];W[j9l11];B[k9l8];W[k10i11])",
    );
    let expected = ["J9", "J8", "L10", "K8", "L7", "K9", "I10"];
    assert_eq!(moves_of(&joined), expected);
    // SGF's two-letter cells, a node a stone.
    let (_, split, _) = imported(
        "pairs.sgf",
        "(;FF[4]EV[connect6]SZ[19]\n;B[jj]\n;W[ji];W[lk]\n;B[ki];B[lh]\n;W[kj];W[ik])",
    );
    assert_eq!(moves_of(&split), expected);
    let (_, short, _) = imported(
        "line5.sgf",
        "(;FF[4]EV[connect6]SZ[9]RU[line=4];B[e5];W[a1c1];B[e4e3];W[a9c9];B[e6])",
    );
    assert!(short.contains("size = 9\nline = 4\n"), "{short}");
    assert!(short.contains("result = \"B\""), "{short}");
}

#[test]
fn a_gomoku_game_reads_with_its_result() {
    let (_, record, _) = imported(
        "five.sgf",
        "(;FF[4]GM[4]SZ[15]RE[B+]DT[2026-11-21]\n\
         ;B[hh];W[ih];B[hg];W[ig];B[hf];W[if];B[he];W[ie];B[hd])",
    );
    assert_eq!(
        moves_of(&record),
        ["H8", "I8", "H7", "I7", "H6", "I6", "H5", "I5", "H4"]
    );
    assert!(record.contains("result = \"B\""), "{record}");
    assert!(record.contains("date = \"2026-11-21\""), "{record}");
    let (_, resigned, _) = imported("resigned.sgf", "(;FF[4]GM[4]SZ[15]RE[W+R];B[hh];W[ih])");
    assert!(
        resigned.contains("result = \"W\"\nended = \"resignation\""),
        "{resigned}"
    );
    let (_, exact, _) = imported("exact.sgf", "(;FF[4]GM[4]SZ[9]RU[rule=exact];B[e5])");
    assert!(exact.contains("rule = \"exact\""), "{exact}");
}

#[test]
fn a_reversi_transcript_reads_with_its_passes_implied() {
    let (toml, record, _folder) = imported("opening.txt", "f5d6c3d3c4f4f6f3e6e7\n");
    assert_eq!(
        moves_of(&record),
        ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"]
    );
    let out = toml.with_extension("again.txt");
    let got = run(&["export", path(&toml), "--out", path(&out)]);
    assert_eq!(got.status, 0, "{}", got.stderr);
    assert_eq!(
        fs::read_to_string(&out).expect("written"),
        "f5d6c3d3c4f4f6f3e6e7\n"
    );

    // A whole game with a pass in it, written and read back by the binary.
    let line = (1..)
        .find_map(|seed| {
            let mut rng = Rng::new(seed);
            let mut line = Line::new(Reversi::default());
            while let Some(mv) = line.game().random_move(&mut rng) {
                line.play(mv).expect("legal");
            }
            line.played().iter().any(|p| p.is_forced()).then_some(line)
        })
        .expect("a game with a pass");
    let record = Record::of_line(&line);
    let folder = Scratch::new("interchange");
    let file = folder.join("passes.toml");
    fs::write(&file, record.to_toml()).expect("writable");
    let got = run(&["export", path(&file), "--format", "transcript"]);
    assert_eq!(got.status, 0, "{}", got.stderr);
    let transcript = fs::read_to_string(file.with_extension("txt")).expect("written");
    assert_eq!(transcript.trim().len(), 2 * record.moves.len());
    let (_, back, _) = imported("passes.txt", &transcript);
    assert_eq!(
        games::read_record(&back).expect("a record"),
        games::read_record(&record.to_toml()).expect("a record")
    );
}

/// Checks that the foreign file `text`, saved as `name`, is refused: exit
/// status 2, one line on standard error with `line` and `reason`, and no
/// record written.
fn refused(name: &str, text: &[u8], line: &str, reason: &str) {
    let folder = Scratch::new("interchange");
    let file = folder.join(name);
    fs::write(&file, text).expect("writable");
    let got = run(&["import", path(&file)]);
    assert_eq!(got.status, 2, "{name}: {}", got.stderr);
    assert!(got.stdout.is_empty(), "{name}: {}", got.text());
    assert_eq!(got.stderr.lines().count(), 1, "{name}: {}", got.stderr);
    assert!(got.stderr.starts_with("error: "), "{name}: {}", got.stderr);
    for part in [line, reason] {
        assert!(
            got.stderr.contains(part),
            "{name}: expected {part:?} in {}",
            got.stderr
        );
    }
    assert!(got.stderr.len() < 400, "{name}: a long message");
    assert!(!got.stderr.contains(['\u{1b}', '\u{7}']), "{name}");
    assert!(
        !file.with_extension("toml").exists(),
        "{name}: a record was written"
    );
    assert_eq!(
        fs::read(&file).expect("still there"),
        text,
        "{name} changed"
    );
}

#[test]
fn foreign_files_are_refused_with_their_line_and_reason() {
    refused(
        "record.sgf",
        b"game = \"hex\"\nmoves = []\n",
        "line 1",
        "not SGF",
    );
    refused(
        "go.sgf",
        b"(;FF[4]GM[1]SZ[19]\n;B[pd])",
        "line 1",
        "GM[1] is Go",
    );
    refused("chess.sgf", b"(;FF[4]\nGM[3])", "line 2", "GM[3] is chess");
    refused(
        "nameless.sgf",
        b"(;FF[4]SZ[19];B[pd])",
        "line 1",
        "names no game",
    );
    refused(
        "coordinates.sgf",
        b"(;FF[4]GM[11]SZ[11]\n;B[a1]\n;W[k0])",
        "line 3: move 2",
        "W[k0] is not a Hex move",
    );
    refused(
        "stones.sgf",
        b"(;FF[4]EV[connect6]\n;B[j10];W[j9l1x])",
        "line 2: move 2",
        "is not a Connect6 move",
    );
    refused(
        "taken.sgf",
        b"(;FF[4]GM[4]SZ[15]\n;B[hh]\n;W[ih]\n;B[ih])",
        "line 4: move 3",
        "B[ih]: that cell is taken",
    );
    refused(
        "off.sgf",
        b"(;FF[4]GM[11]SZ[11];B[l1])",
        "line 1: move 1",
        "not on the board",
    );
    refused(
        "colour.sgf",
        b"(;FF[4]GM[11]SZ[11];B[a1]\n;B[b1])",
        "line 2: move 2",
        "it is W's turn",
    );
    refused(
        "swap.sgf",
        b"(;FF[4]GM[11]SZ[11]RU[swap=off];B[a1];W[swap-pieces])",
        "move 2",
        "swap is not allowed",
    );
    refused(
        "over.sgf",
        b"(;FF[4]GM[11]SZ[2];B[a1];W[b1];B[a2];W[b2])",
        "move 4",
        "the game is over",
    );
    refused(
        "result.sgf",
        b"(;FF[4]GM[4]SZ[15]\nRE[W+];B[hh];W[ih];B[hg];W[ig];B[hf];W[if];B[he];W[ie];B[hd])",
        "line 2",
        "after its moves B won",
    );
    refused("pass.sgf", b"(;FF[4]GM[4];B[])", "move 1", "a pass");
    refused(
        "setup.sgf",
        b"(;FF[4]GM[4]AB[hh][ii])",
        "line 1",
        "sets stones up",
    );
    refused("square.sgf", b"(;FF[4]GM[11]SZ[11:9])", "line 1", "square");
    refused(
        "size.sgf",
        b"(;FF[4]GM[11]SZ[40])",
        "line 1",
        "size must be between 2 and 26",
    );
    refused(
        "rules.sgf",
        b"(;FF[4]GM[4]RU[pieces=3])",
        "line 1",
        "not a setting of Gomoku",
    );
    refused("version.sgf", b"(;FF[9]GM[4])", "line 1", "FF[9]");
    refused(
        "truncated.sgf",
        b"(;FF[4]GM[11]SZ[11]\n;B[a1]\n;W[b",
        "line 3",
        "']' is missing",
    );
    refused(
        "cut.sgf",
        b"(;FF[4]GM[11]SZ[11]\n;B[a1]\n",
        "line 3",
        "cut short",
    );
    refused("empty.sgf", b"", "line 1", "empty");
    let many = format!("(;FF[4]GM[4]SZ[15]{})", ";B[aa]".repeat(20_001));
    refused("many.sgf", many.as_bytes(), "line 1", "more than");
    let huge = format!("(;FF[4]GM[4]C[{}])", "x".repeat(2 << 20));
    refused("huge.sgf", huge.as_bytes(), "", "too big");
    let escapes = format!("(;FF[4]GM[4];B[\u{1b}[31m{}])", "x".repeat(1000));
    refused(
        "escapes.sgf",
        escapes.as_bytes(),
        "move 1",
        "not a Gomoku move",
    );
    refused("binary.sgf", b"\xff\xfe(;", "", "not UTF-8");
    refused("words.txt", b"hello world\n", "line 1", "not a move");
    refused(
        "illegal.txt",
        b"f5 d6\nc3 c3\n",
        "line 2: move 4",
        "c3: that cell is taken",
    );
    refused("nothing.txt", b"\n\n", "line 1", "no moves");
}

/// Checks that exporting `record` (as `--format FORMAT` when given) is
/// refused with exit status 2 and `reason`, and nothing written.
fn not_exported(record: &str, format: Option<&str>, reason: &str) {
    let folder = Scratch::new("interchange");
    let file = folder.join("record.toml");
    fs::write(&file, record).expect("writable");
    let mut args = vec!["export", path(&file)];
    if let Some(format) = format {
        args.extend(["--format", format]);
    }
    let got = run(&args);
    assert_eq!(got.status, 2, "{reason}: {}", got.stderr);
    assert!(
        got.stderr.contains(reason),
        "expected {reason:?} in {}",
        got.stderr
    );
    assert_eq!(got.stderr.lines().count(), 1, "{}", got.stderr);
    let folder = file.parent().expect("a folder");
    let files = fs::read_dir(folder).expect("readable").count();
    assert_eq!(files, 1, "something was written");
}

#[test]
fn a_format_a_game_has_no_form_in_is_refused() {
    not_exported(
        "game = \"gekitai\"\nmoves = [\"A1\"]\n",
        None,
        "no other program is known to keep Gekitai games",
    );
    not_exported(
        "game = \"reversi\"\nmoves = [\"f5\"]\n",
        Some("sgf"),
        "Reversi is not written as SGF",
    );
    not_exported(
        "game = \"hex\"\nmoves = [\"A0\"]\n",
        Some("transcript"),
        "Hex is not written as a move-list transcript",
    );
    not_exported(
        "game = \"reversi\"\nmoves = [\"c2\"]\n[settings]\nsize = 6\n",
        None,
        "standard 8x8 board",
    );
    not_exported("game = \"hex\"\nmoves = [\"Z0\"]\n", None, "move 1");
    not_exported("game = \"hex\"\n", Some("pgn"), "pgn");
}

#[test]
fn nothing_is_written_over() {
    let folder = Scratch::new("interchange");
    let file = folder.join("game.sgf");
    fs::write(&file, "(;FF[4]GM[4];B[hh])").expect("writable");
    let record = file.with_extension("toml");
    fs::write(&record, "precious").expect("writable");
    let got = run(&["import", path(&file)]);
    assert_eq!(got.status, 1, "{}", got.stderr);
    assert!(got.stderr.contains("already exists"), "{}", got.stderr);
    assert_eq!(fs::read_to_string(&record).expect("there"), "precious");

    let out = file.with_extension("other.toml");
    let got = run(&["import", path(&file), "--out", path(&out)]);
    assert_eq!(got.status, 0, "{}", got.stderr);
    assert_eq!(got.text(), format!("{}\n", out.display()));
    let got = run(&["export", path(&out), "--out", path(&file)]);
    assert_eq!(got.status, 1, "{}", got.stderr);
    assert_eq!(
        fs::read_to_string(&file).expect("there"),
        "(;FF[4]GM[4];B[hh])"
    );
    let copy = file.with_extension("copy.sgf");
    let got = run(&[
        "export",
        path(&out),
        "--format",
        "sgf",
        "--out",
        path(&copy),
    ]);
    assert_eq!(got.status, 0, "{}", got.stderr);
    assert!(
        fs::read_to_string(&copy)
            .expect("written")
            .contains("GM[4]SZ[15]"),
    );
}

/// `text` with a few characters changed, dropped, added or cut.
fn mutated(text: &str, rng: &mut Rng) -> String {
    const NOISE: &[char] = &[
        '(', ')', ';', '[', ']', '\\', 'B', 'W', 'a', '9', ' ', '\n', 'é',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let at = rng.below(chars.len());
        match rng.below(4) {
            0 => chars[at] = NOISE[rng.below(NOISE.len())],
            1 => {
                chars.remove(at);
            }
            2 => chars.insert(at, NOISE[rng.below(NOISE.len())]),
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_foreign_files_are_read_or_refused_never_a_panic() {
    let samples = [
        HEXGUI,
        "(;FF[4]EV[connect6.ch.26.1.1];B[j10];W[j9l11];B[k9l8];W[k10i11])",
        "(;FF[4]GM[4]SZ[15]RE[B+];B[hh];W[ih];B[hg](;W[ig])(;W[aa]))",
        "f5d6c3d3c4f4f6f3e6e7",
    ];
    let mut rng = Rng::new(15);
    let mut read = 0;
    for _ in 0..3000 {
        let text = mutated(samples[rng.below(samples.len())], &mut rng);
        let sgf = rng.below(2) == 0;
        if let Ok(record) = interchange::import(&text, sgf) {
            games::read_record(&record).expect("what is imported is a record");
            read += 1;
        }
    }
    assert!(read > 0, "some mutations still read");
}

/// Every game's form, as its own file says.
struct FormOf;

impl WithGame for FormOf {
    type Output = Option<Format>;
    fn run<G: Playable>(self) -> Option<Format> {
        <G as Interchange>::FORM.map(|form| form.format())
    }
}

#[test]
fn the_games_forms_are_as_the_readme_says() {
    let forms: Vec<(&str, Option<Format>)> = GameKind::ALL
        .iter()
        .map(|&kind| (kind.name(), kind.with(FormOf)))
        .collect();
    assert_eq!(
        forms,
        [
            ("gekitai", None),
            ("connect6", Some(Format::Sgf)),
            ("hex", Some(Format::Sgf)),
            ("reversi", Some(Format::Transcript)),
            ("gomoku", Some(Format::Sgf)),
        ]
    );
}
