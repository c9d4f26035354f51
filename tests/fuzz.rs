//! Fuzz-style tests on stable Rust, seeded so that a failure repeats: random
//! and mutated inputs for the plain mode of every game, GTP sessions,
//! record files and the command line, each checked for no panic, no hang,
//! the right exit status and an unchanged input file; and a corpus of the
//! nasty inputs found so far (`tests/corpus/`), kept as regression cases.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use tabletop::games::{self, GameKind, Interactive, WithGame};
use tabletop::plain::{self, Ending, Style};
use tabletop_ai::Level;
use tabletop_core::seat::Seat;
use tabletop_engine::Rng;
use tabletop_engine::line::Line;

mod common;
use common::scratch::Scratch;

/// Bytes that make up nasty input: control characters, escapes, bytes
/// that are not UTF-8, letters and digits of every case, separators.
const NOISE: &[u8] = b"\x00\x01\x07\x08\t\r\x1b[]{}\"'#=.,:;-+ \xff\xfe\xc3\xa9aAzZ09swapSWAPpass";

/// A line of `input`: noise, a word of the game's notation, or a mutation
/// of one.
fn random_line(rng: &mut Rng, words: &[String]) -> Vec<u8> {
    let mut line: Vec<u8> = match rng.below(4) {
        0 => (0..rng.below(12))
            .map(|_| NOISE[rng.below(NOISE.len())])
            .collect(),
        1 if !words.is_empty() => words[rng.below(words.len())].clone().into_bytes(),
        _ if !words.is_empty() => {
            let mut word = words[rng.below(words.len())].clone().into_bytes();
            let at = rng.below(word.len() + 1);
            word.insert(at, NOISE[rng.below(NOISE.len())]);
            word
        }
        _ => b"A1".to_vec(),
    };
    if rng.below(50) == 0 {
        line.extend(std::iter::repeat_n(b'9', 5_000));
    }
    line.push(b'\n');
    line
}

/// The words a game's players type: every legal move of a random game,
/// as the plain mode reads it.
fn typed_moves<G: Interactive>(rng: &mut Rng, start: &G) -> Vec<String> {
    let mut line = Line::new(start.clone());
    let mut words = Vec::new();
    while let Some(mv) = line.game().random_move(rng) {
        words.push(<G::Console as plain::Console>::typed(&mv));
        if line.play(mv).is_err() || words.len() > 400 {
            break;
        }
    }
    words
}

/// Random input for the plain mode of every game, in-process: it always
/// ends well (the game or the input ends) and prints text.
struct PlainInputs(u64);

impl WithGame for PlainInputs {
    type Output = ();
    fn run<G: Interactive>(self) {
        let mut rng = Rng::new(self.0);
        for _ in 0..150 {
            let start = G::new(common::random_settings::<G>(&mut rng, 9));
            let words = typed_moves(&mut rng, &start);
            let input: Vec<u8> = (0..rng.below(300))
                .flat_map(|_| random_line(&mut rng, &words))
                .collect();
            let style = Style::ALL[rng.below(Style::ALL.len())];
            let mut console = G::console(start.clone(), style);
            let mut out = Vec::new();
            let (ending, line) = plain::run(
                &mut console,
                Line::new(start),
                [Seat::Human, Seat::Human],
                input.as_slice(),
                &mut out,
            )
            .expect("memory never fails");
            let game = <G::Console as plain::Console>::game(&console);
            assert_eq!(ending == Ending::Finished, game.is_over(), "{}", G::NAME);
            assert!(line.moves().count() <= input.len(), "{}", G::NAME);
            assert_eq!(line.game(), game, "{}", G::NAME);
            let text = String::from_utf8(out).expect("the plain mode prints text");
            assert!(
                !text.contains('\u{1b}'),
                "{}: an escape reached the output",
                G::NAME
            );
        }
    }
}

#[test]
fn the_plain_mode_of_every_game_takes_any_input() {
    for &kind in GameKind::ALL {
        games::with_game(kind, PlainInputs(0x5eed));
    }
}

/// GTP commands, some well formed.
fn gtp_line(rng: &mut Rng, words: &[String]) -> Vec<u8> {
    const COMMANDS: &[&str] = &[
        "play b",
        "play w",
        "play",
        "genmove b",
        "genmove w",
        "undo",
        "boardsize",
        "clear_board",
        "showboard",
        "known_command",
        "list_commands",
        "name",
        "version",
        "protocol_version",
        "12 name",
        "# comment",
        "",
        "boardsize 99999999999999999999",
        "boardsize -3",
    ];
    let mut line = COMMANDS[rng.below(COMMANDS.len())].as_bytes().to_vec();
    if rng.below(2) == 0 {
        line.push(b' ');
        line.extend(random_line(rng, words));
        line.pop();
    } else if line.starts_with(b"boardsize") && line.len() == 9 {
        line.extend(format!(" {}", rng.below(30)).as_bytes());
    }
    line.push(b'\n');
    line
}

/// Random GTP sessions: one answer for every command, never a panic.
struct GtpSessions(u64);

impl WithGame for GtpSessions {
    type Output = ();
    fn run<G: Interactive>(self) {
        let mut rng = Rng::new(self.0);
        for _ in 0..25 {
            let start = G::new(common::random_settings::<G>(&mut rng, 7));
            let words: Vec<String> = {
                let mut line = Line::new(start.clone());
                let mut words = Vec::new();
                while let Some(mv) = line.game().random_move(&mut rng) {
                    words.push(tabletop_core::gtp::notation::to_vertex::<G>(&mv));
                    let _ = line.play(mv);
                }
                words
            };
            let mut input = Vec::new();
            for _ in 0..60 {
                let mut line = gtp_line(&mut rng, &words);
                // The engine thinks on a genmove: keep those few.
                if line.starts_with(b"genmove") && rng.below(6) != 0 {
                    line = b"showboard\n".to_vec();
                }
                input.extend(line);
            }
            let mut out = Vec::new();
            tabletop::gtp::serve(start, Level::MIN, input.as_slice(), &mut out)
                .expect("memory never fails");
            let text = String::from_utf8(out).expect("GTP answers are text");
            for answer in text.split("\n\n").filter(|a| !a.is_empty()) {
                assert!(
                    answer.starts_with('=') || answer.starts_with('?'),
                    "{}: {answer:?}",
                    G::NAME
                );
            }
        }
    }
}

#[test]
fn gtp_sessions_of_every_game_answer_every_command() {
    for &kind in GameKind::ALL {
        games::with_game(kind, GtpSessions(0x6770));
    }
}

/// A record of a random game of `G`, as text.
struct RecordText(u64);

impl WithGame for RecordText {
    type Output = String;
    fn run<G: Interactive>(self) -> String {
        let mut rng = Rng::new(self.0);
        let start = G::new(common::random_settings::<G>(&mut rng, 9));
        let mut line = Line::new(start);
        for _ in 0..rng.below(60) {
            let Some(mv) = line.game().random_move(&mut rng) else {
                break;
            };
            let _ = line.play(mv);
        }
        tabletop_engine::record::Record::of_line(&line).to_toml()
    }
}

/// `text` with a few bytes flipped, dropped, doubled or cut.
fn mutated(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for _ in 0..1 + rng.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        match rng.below(5) {
            0 => bytes[at] ^= 1 << rng.below(8),
            1 => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, NOISE[rng.below(NOISE.len())]),
            3 => bytes.truncate(at),
            _ => {
                let copy = bytes[at..].to_vec();
                bytes.extend(copy);
            }
        }
    }
    bytes
}

#[test]
fn mutated_records_are_read_or_refused_never_a_panic() {
    let mut rng = Rng::new(0x7265_636f);
    let mut read = 0;
    for seed in 0..60 {
        for &kind in GameKind::ALL {
            let text = games::with_game(kind, RecordText(seed));
            for _ in 0..40 {
                let bytes = mutated(text.as_bytes(), &mut rng);
                let Ok(text) = String::from_utf8(bytes) else {
                    continue;
                };
                if let Ok(record) = games::read_record(&text) {
                    read += 1;
                    // What reads is a game that writes and reads the same.
                    assert_eq!(games::with_record(record.clone(), Rewrite), Ok(record));
                }
            }
        }
    }
    assert!(read > 0, "some mutations still read");
}

/// A record written out and read back.
struct Rewrite;

impl games::WithRecord for Rewrite {
    type Output = Result<games::AnyRecord, tabletop_engine::record::RecordError>;
    fn run<G: Interactive>(self, record: tabletop_engine::record::Record<G>) -> Self::Output {
        games::read_record(&record.to_toml())
    }
}

/// What a run of the binary came to.
struct Run {
    stderr: String,
    stdout: Vec<u8>,
    status: Option<i32>,
}

/// Runs the binary with `input`, failing the test if it has not ended
/// within `limit`: a hang is a bug.
fn run(args: &[&str], input: &[u8], limit: Duration) -> Run {
    let data = Scratch::new("fuzz");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .env("XDG_DATA_HOME", &data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let deadline = Instant::now() + limit;
    while child.try_wait().expect("waiting").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("tabletop {args:?} did not end within {limit:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
    let _ = writer.join();
    let output = child.wait_with_output().expect("finished");
    Run {
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        stdout: output.stdout,
        status: output.status.code(),
    }
}

/// A panic shows as exit status 101 and the word in the message.
fn no_panic(run: &Run, what: &str) {
    assert_ne!(run.status, Some(101), "{what}: {}", run.stderr);
    assert!(run.status.is_some(), "{what}: killed by a signal");
    assert!(!run.stderr.contains("panicked"), "{what}: {}", run.stderr);
}

fn corpus(folder: &str) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(folder);
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .expect("the corpus")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    files.sort();
    files
}

#[test]
fn the_corpus_of_bad_records_is_refused_and_left_as_it_was() {
    let files = corpus("records");
    assert!(files.len() >= 5);
    for file in files {
        let before = fs::read(&file).expect("readable");
        for command in ["load", "replay"] {
            let path = file.to_str().expect("UTF-8 path");
            let got = run(&[command, path, "--plain"], b"", Duration::from_secs(30));
            no_panic(&got, path);
            assert_eq!(got.status, Some(2), "{path}: {}", got.stderr);
            assert!(got.stdout.is_empty(), "{path}");
            assert_eq!(got.stderr.lines().count(), 1, "{path}: {}", got.stderr);
            assert!(
                !got.stderr.contains('\u{1b}'),
                "{path}: an escape reached stderr"
            );
            assert!(got.stderr.len() < 500, "{path}: a long message");
        }
        assert_eq!(
            fs::read(&file).expect("still there"),
            before,
            "{}",
            file.display()
        );
    }
}

#[test]
fn the_corpus_of_bad_input_ends_every_plain_game_well() {
    for file in corpus("plain") {
        let input = fs::read(&file).expect("readable");
        for &kind in GameKind::ALL {
            let got = run(&[kind.name(), "--plain"], &input, Duration::from_secs(30));
            let what = format!("{kind} {}", file.display());
            no_panic(&got, &what);
            assert!(matches!(got.status, Some(0 | 1)), "{what}: {}", got.stderr);
            assert!(
                !got.stdout.contains(&0x1b),
                "{what}: an escape reached stdout"
            );
        }
    }
}

#[test]
fn random_command_lines_end_with_0_1_or_2() {
    const WORDS: &[&str] = &[
        "gekitai",
        "connect6",
        "hex",
        "reversi",
        "gomoku",
        "chess",
        "perft",
        "selfplay",
        "gtp",
        "load",
        "replay",
        "import",
        "export",
        "--format",
        "--out",
        "sgf",
        "transcript",
        "--plain",
        "--size",
        "--pieces",
        "--line",
        "--both-win",
        "--swap",
        "--rule",
        "--style",
        "--games",
        "--seed",
        "--level",
        "--x",
        "--o",
        "--b",
        "--w",
        "--finished",
        "--save",
        "0",
        "1",
        "2",
        "-1",
        "99999999999999999999",
        "abc",
        "mover",
        "draw",
        "exact",
        "dots",
        "ai:9",
        "ai:1",
        "human",
        "\u{1b}[2J",
        "é",
        "",
        "--help",
    ];
    let mut rng = Rng::new(0x0063_6c69);
    for _ in 0..300 {
        let args: Vec<&str> = (0..rng.below(6))
            .map(|_| WORDS[rng.below(WORDS.len())])
            .collect();
        // Short games keep the run short: --games and --seed take small
        // numbers here, and long counts are refused or quick at these sizes.
        let got = run(&args, b"", Duration::from_secs(60));
        let what = format!("{args:?}");
        no_panic(&got, &what);
        assert!(matches!(got.status, Some(0..=2)), "{what}: {}", got.stderr);
    }
}
