//! Reviews: what the analysis proves is true (checked by the plain
//! prover, or by plain minimax for what the exact solvers settle), the
//! review's place in the record, and `tabletop review`.

use std::fs;
use std::num::NonZeroU32;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabletop::games::{self, AnyRecord};
use tabletop_ai::analysis::{Verdict, analyse};
use tabletop_ai::prover::Prover;
use tabletop_ai::{History, Level};
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing};
use tabletop_engine::reversi::{Reversi, ReversiSettings};
use tabletop_engine::{BestPlay, Ending, Game, Rng};

mod common;
use common::scratch::Scratch;

/// Time enough for any position here: the analyses end on a proof or a
/// depth cap long before it.
const AN_HOUR: Duration = Duration::from_secs(3600);

/// A random Gekitai position `plies` moves in that is not over.
fn random_position(rng: &mut Rng, plies: usize) -> Gekitai {
    loop {
        let mut game = Gekitai::default();
        for _ in 0..plies {
            let Some(mv) = game.random_move(rng) else {
                break;
            };
            game.play_unchecked(mv);
        }
        if !game.is_over() {
            return game;
        }
    }
}

#[test]
fn forced_wins_the_analysis_reports_are_real_and_as_short_as_it_says() {
    let stop = AtomicBool::new(false);
    let mut rng = Rng::new(11);
    let mut prover = Prover::new();
    let mut found = 0;
    for _ in 0..60 {
        let plies = 6 + rng.below(8);
        let game = random_position(&mut rng, plies);
        let Some(shortest) = prover.shortest_win(&game, 3) else {
            continue;
        };
        let analysis = analyse(&game, &History::default(), Level::MIN, AN_HOUR, 1, &stop);
        let me = game.to_move();
        assert_eq!(analysis.verdict, Verdict::Wins(shortest), "{game:?}");
        // The line starts with a move that keeps the win.
        let best = analysis.best.expect("a move");
        assert_eq!(analysis.line.first(), Some(&best));
        let mut after = game.clone();
        after.play_unchecked(best);
        assert!(
            prover.wins_within(&after, me, shortest - 1),
            "{best} keeps the win in {shortest}: {game:?}"
        );
        found += 1;
    }
    assert!(found >= 5, "only {found} positions with a short forced win");
}

#[test]
fn a_review_round_trips_through_the_record_and_is_checked() {
    let mut record = Record::new(Gekitai::default());
    record.moves = ["C3", "D4"].map(|m| m.parse().expect("notation")).to_vec();
    let at = |standing, best: Option<&str>, line: &[&str]| Reviewed {
        standing,
        best: best.map(|b| b.parse().expect("notation")),
        line: line.iter().map(|m| m.parse().expect("notation")).collect(),
    };
    record.review = Some(Review {
        level: 3,
        positions: vec![
            at(Standing::Chance(55.5), Some("C3"), &[]),
            at(Standing::Chance(40.0), Some("D4"), &[]),
            at(Standing::Wins(3), Some("E5"), &["E5"]),
        ],
    });
    let text = record.to_toml();
    assert!(text.contains("[review]\nlevel = 3\n"), "{text}");
    let AnyRecord::Gekitai(read) = games::read_record(&text).expect("reads back") else {
        panic!("a Gekitai record");
    };
    assert_eq!(read, record);

    // One position too few, or a move that is not legal, is refused.
    let short = text.replacen(
        "[[review.positions]]\nchance = 55.5\nbest = \"C3\"\n",
        "",
        1,
    );
    let error = games::read_record(&short).expect_err("refused").to_string();
    assert!(
        error.contains("review has 2 positions, but the game has 3"),
        "{error}"
    );
    let taken = text.replacen("best = \"D4\"", "best = \"C3\"", 1);
    let error = games::read_record(&taken).expect_err("refused").to_string();
    assert!(
        error.contains("review position 2") && error.contains("taken"),
        "{error}"
    );

    // A record without a review is written as before.
    record.review = None;
    assert!(!record.to_toml().contains("review"));
}

#[test]
fn tabletop_review_prints_a_table_and_keeps_the_review_in_the_record() {
    let folder = Scratch::new("review");
    let path = folder.join("game.toml");
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/records/gekitai-spec-example.toml"
    );
    fs::copy(sample, &path).expect("a copy of the sample");
    let file = path.to_str().expect("UTF-8");
    let args = ["review", file, "--plain", "--level", "1", "--jobs", "2"];
    let first = common::run(&args, b"");
    assert_eq!(first.status, 0, "{}", first.stderr);
    let table = first.text();
    assert!(table.starts_with("Review of gekitai at level 1"), "{table}");
    // One row for each of the five moves, the last one winning.
    for row in [
        "   1  X A1",
        "   2  O A6",
        "   3  X C3",
        "   4  O D4",
        "   5  X C3",
    ] {
        assert!(table.contains(row), "{row}: {table}");
    }
    let saved = fs::read_to_string(&path).expect("the record");
    assert!(saved.contains("[review]"), "{saved}");
    assert!(saved.starts_with(&fs::read_to_string(sample).expect("sample")[..20]));
    // Asked again, the review is read back, not computed again.
    let again = common::run(&args, b"");
    assert_eq!(again.text(), table);
    assert_eq!(fs::read_to_string(&path).expect("the record"), saved);

    let bad = common::run(&["review", file, "--plain", "--jobs", "0"], b"");
    assert_eq!(bad.status, 2);
    assert!(
        bad.stderr.contains("--jobs must be at least 1"),
        "{}",
        bad.stderr
    );
}

#[test]
fn the_replay_viewer_shows_the_review() {
    use ratatui::crossterm::event::KeyCode;
    use tabletop::app::Start;

    let mut record = Record::new(Gekitai::default());
    record.moves = ["A1", "A6", "C3", "D4"]
        .map(|m| m.parse().expect("notation"))
        .to_vec();
    let at = |standing, best: Option<&str>| Reviewed {
        standing,
        best: best.map(|b| b.parse().expect("notation")),
        line: Vec::new(),
    };
    // O's A6 throws away an even game: a blunder; B5 was better.
    record.review = Some(Review {
        level: 3,
        positions: vec![
            at(Standing::Chance(50.0), Some("A1")),
            at(Standing::Chance(50.0), Some("B5")),
            at(Standing::Chance(90.0), Some("C3")),
            at(Standing::Chance(15.0), Some("D4")),
            at(Standing::Chance(80.0), None),
        ],
    });
    let size = (80, 24);
    let start = Start::Replay(AnyRecord::Gekitai(record), None);
    let mut app = common::screen::open(common::screen::options(start), size);
    let screen = common::screen::draw(&app, size);
    assert!(screen.contains("X 50%  ██████████░░░░░░░░░░ O"), "{screen}");
    assert!(screen.contains("2. O A6 ??"), "{screen}");
    assert!(screen.contains("m next mistake"), "{screen}");
    common::screen::press(&mut app, KeyCode::Char('m'), false);
    let screen = common::screen::draw(&app, size);
    assert!(screen.contains("Move 2 of 4"), "{screen}");
    assert!(
        screen.contains("That move: blunder ??; best B5"),
        "{screen}"
    );
    // The better move is marked on the board: B5 is row 5, column B.
    let row_5 = screen.lines().find(|l| l.contains("  5 |")).expect("row 5");
    assert!(row_5.contains("| ? |"), "{screen}");
    insta::assert_snapshot!("replay_with_a_review", screen);
}

/// A reviewed record as tabletop wrote them before positions could be
/// solved exactly: it still loads, and is written back byte for byte.
const OLD_REVIEW: &str = r#"game = "gekitai"
date = "2026-11-21 13:30 UTC"
result = "X"
moves = ["A1", "A6", "C3", "D4", "C3"]

[settings]
size = 6
pieces = 8
line = 3
both_win = "mover"

[players]
first = "human"
second = "human"

[review]
level = 2

[[review.positions]]
chance = 50.0
best = "C3"

[[review.positions]]
chance = 48.5
best = "D4"

[[review.positions]]
win = 3
best = "C3"
line = ["C3", "D4", "C3"]

[[review.positions]]
loss = 2
best = "D4"
line = ["D4", "C3"]

[[review.positions]]
win = 1
best = "C3"
line = ["C3"]

[[review.positions]]
loss = 0
"#;

#[test]
fn a_review_written_before_exact_solving_loads_and_is_written_the_same() {
    let AnyRecord::Gekitai(read) = games::read_record(OLD_REVIEW).expect("reads") else {
        panic!("a Gekitai record");
    };
    let review = read.review.as_ref().expect("a review");
    assert_eq!(review.positions[2].standing, Standing::Wins(3));
    assert_eq!(review.positions[5].standing, Standing::Loses(0));
    assert_eq!(read.to_toml(), OLD_REVIEW);
}

#[test]
fn exact_results_round_trip_through_the_record_and_bad_ones_are_refused() {
    let mut record = Record::new(Reversi::default());
    record.moves = ["d3", "c5"].map(|m| m.parse().expect("notation")).to_vec();
    let at = |standing, best: Option<&str>, line: &[&str]| Reviewed {
        standing,
        best: best.map(|b| b.parse().expect("notation")),
        line: line.iter().map(|m| m.parse().expect("notation")).collect(),
    };
    let by = |n| Some(NonZeroU32::new(n).expect("not 0"));
    record.review = Some(Review {
        level: 3,
        positions: vec![
            at(
                Standing::BestPlay(BestPlay::Win(by(6))),
                Some("d3"),
                &["d3", "c5"],
            ),
            at(
                Standing::BestPlay(BestPlay::Loss(by(6))),
                Some("c5"),
                &["c5"],
            ),
            at(Standing::BestPlay(BestPlay::Draw), Some("e6"), &[]),
        ],
    });
    let text = record.to_toml();
    for written in [
        "[[review.positions]]\nproved = \"win\"\nmargin = 6\nbest = \"d3\"\nline = [\"d3\", \"c5\"]\n",
        "[[review.positions]]\nproved = \"loss\"\nmargin = 6\nbest = \"c5\"\n",
        "[[review.positions]]\nproved = \"draw\"\nbest = \"e6\"\n",
    ] {
        assert!(text.contains(written), "{written}\n{text}");
    }
    let AnyRecord::Reversi(read) = games::read_record(&text).expect("reads back") else {
        panic!("a Reversi record");
    };
    assert_eq!(read, record);
    assert_eq!(read.to_toml(), text);

    let refused = |from: &str, to: &str, reason: &str| {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        let error = games::read_record(&bad).expect_err(to).to_string();
        assert!(error.contains(reason), "{to}: {error}");
    };
    refused(
        "proved = \"win\"",
        "proved = \"wins\"",
        "expected win, loss or draw",
    );
    refused(
        "margin = 6",
        "margin = 0",
        "review position 1: a win by a margin of 0 is a draw",
    );
    refused(
        "proved = \"draw\"",
        "proved = \"draw\"\nmargin = 2",
        "a draw has no margin",
    );
    refused(
        "proved = \"draw\"",
        "chance = 50.0\nmargin = 2",
        "a margin goes only with proved",
    );
    refused(
        "proved = \"draw\"",
        "proved = \"draw\"\nchance = 50.0",
        "exactly one of chance, win, loss, draw and proved",
    );
    refused("margin = 6", "margin = -6", "invalid value: integer `-6`");

    // Hex counts no margin: a win is a win.
    let mut hex = Record::new(Hex::new(HexSettings::new(3, false).expect("valid")));
    hex.review = Some(Review {
        level: 5,
        positions: vec![at_hex(Standing::BestPlay(BestPlay::Win(None)), "B1")],
    });
    let text = hex.to_toml();
    assert!(text.contains("proved = \"win\"\nbest = \"B1\"\n"), "{text}");
    let AnyRecord::Hex(read) = games::read_record(&text).expect("reads back") else {
        panic!("a Hex record");
    };
    assert_eq!(read, hex);
    let bad = text.replace("proved = \"win\"", "proved = \"win\"\nmargin = 3");
    let error = games::read_record(&bad).expect_err("refused").to_string();
    assert!(error.contains("a hex result has no margin"), "{error}");
}

fn at_hex(standing: Standing, best: &str) -> Reviewed<HexMove> {
    Reviewed {
        standing,
        best: Some(best.parse().expect("notation")),
        line: Vec::new(),
    }
}

/// A random position of `game` after `plies` random moves, if not over.
fn random_moves<G: Game>(mut game: G, plies: usize, rng: &mut Rng) -> Option<G> {
    for _ in 0..plies {
        let mv = game.random_move(rng)?;
        game.play_unchecked(mv);
    }
    (!game.is_over()).then_some(game)
}

#[test]
fn small_hex_positions_are_solved_as_the_prover_finds() {
    let stop = AtomicBool::new(false);
    let mut rng = Rng::new(5);
    let mut prover = Prover::new();
    let mut results = Vec::new();
    for (size, stones) in [(3, 1), (4, 4), (4, 7), (5, 14)] {
        for _ in 0..10 {
            let start = Hex::new(HexSettings::new(size, false).expect("valid"));
            let Some(game) = random_moves(start, stones, &mut rng) else {
                continue;
            };
            let empties = (size * size - stones) as u32;
            let me = game.to_move();
            let mover_wins = prover.wins_within(&game, me, empties);
            let analysis = analyse(&game, &History::default(), Level::MIN, AN_HOUR, 1, &stop);
            let (expected, winner) = if mover_wins {
                (BestPlay::Win(None), me)
            } else {
                (BestPlay::Loss(None), me.other())
            };
            assert_eq!(analysis.verdict, Verdict::BestPlay(expected), "{game:?}");
            results.push(mover_wins);
            // The line starts with the best move, and the winner still
            // wins after each of its moves.
            assert_eq!(analysis.line.first(), analysis.best.as_ref());
            let mut here = game.clone();
            for (played, &mv) in analysis.line.iter().enumerate() {
                here.play(mv).expect("a legal move");
                let left = empties - played as u32 - 1;
                assert!(prover.wins_within(&here, winner, left), "{game:?} {mv}");
            }
        }
    }
    assert!(
        results.contains(&true) && results.contains(&false),
        "{results:?}"
    );
}

/// The final disc difference for the player to move with best play, by
/// trying every line.
fn reversi_minimax(pos: &Reversi) -> i32 {
    let me = pos.to_move();
    if pos.is_over() {
        return pos.discs(me) as i32 - pos.discs(me.other()) as i32;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            -reversi_minimax(&next)
        })
        .max()
        .unwrap_or(0)
}

/// Checks the analysis of a Reversi `game` against minimax: the exact
/// result, a best move that keeps it, and a line of best moves on both
/// sides to the end, for the same final difference. Returns the result.
fn check_reversi_analysis(game: &Reversi) -> Ending {
    let stop = AtomicBool::new(false);
    let value = reversi_minimax(game);
    let analysis = analyse(game, &History::default(), Level::MIN, AN_HOUR, 1, &stop);
    let expected = BestPlay::by_difference(value);
    assert_eq!(analysis.verdict, Verdict::BestPlay(expected), "{game:?}");
    let best = analysis.best.expect("a move");
    assert_eq!(analysis.line.first(), Some(&best));
    let mut here = game.clone();
    for &mv in &analysis.line {
        let before = reversi_minimax(&here);
        let mover = here.to_move();
        here.play(mv).expect("a legal move");
        let after = reversi_minimax(&here);
        let after = if here.to_move() == mover {
            after
        } else {
            -after
        };
        assert_eq!(after, before, "{game:?} {mv}");
    }
    assert!(here.is_over(), "{:?}", analysis.line);
    let me = game.to_move();
    let end = here.discs(me) as i32 - here.discs(me.other()) as i32;
    assert_eq!(end, value);
    expected.ending()
}

#[test]
fn reversi_endgames_are_solved_as_minimax_finds() {
    let mut rng = Rng::new(7);
    let mut seen = Vec::new();
    // 8×8 with 9 empty cells, and 4×4 (12 at the start) with 6 to 10.
    let sizes = [(8, 51), (4, 2), (4, 4)].into_iter().cycle();
    for (size, plies) in sizes.take(24).chain(std::iter::repeat_n((4, 6), 400)) {
        let start = Reversi::new(ReversiSettings::new(size).expect("valid"));
        if let Some(game) = random_moves(start, plies, &mut rng) {
            seen.push(check_reversi_analysis(&game));
        }
        if [Ending::Win, Ending::Loss, Ending::Draw]
            .iter()
            .all(|e| seen.contains(e))
            && seen.len() >= 20
        {
            return;
        }
    }
    panic!("a win, a loss and a draw among 20 positions or more: {seen:?}");
}

/// The Hex sample (5×5) reviewed with time enough for the solver in every
/// position: each is settled exactly, and the table says so in the
/// statements' words, with no length for the solver's wins.
#[test]
fn tabletop_review_states_what_the_hex_solver_proves() {
    let folder = Scratch::new("review-hex");
    let path = folder.join("hex.toml");
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/records/hex-5x5.toml");
    fs::copy(sample, &path).expect("a copy of the sample");
    let file = path.to_str().expect("UTF-8");
    let args = [
        "review",
        file,
        "--plain",
        "--level",
        "1",
        "--jobs",
        "2",
        "--time-per-move",
        "600",
    ];
    let run = common::run(&args, b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let table = run.text();
    // O's first stone in the centre wins; O's A1 (move 7) lets it go.
    assert!(
        table.contains("Before move 1, O wins with best play (solved exactly): C2 "),
        "{table}"
    );
    assert!(
        table.contains("Move 7 (O A1) threw away a won game."),
        "{table}"
    );
    assert!(
        table.contains("   7  O A1         100%  E1       blunder ??"),
        "{table}"
    );
    assert!(!table.contains("forced win within"), "{table}");
    let saved = fs::read_to_string(&path).expect("the record");
    assert!(!saved.contains("chance ="), "{saved}");
    assert!(
        saved.contains("proved = \"win\"\nbest = \"C2\"\n"),
        "{saved}"
    );
    assert!(saved.contains("proved = \"loss\"\n"), "{saved}");
}

/// A Gekitai game X won with E3, and its review at level 1 as `tabletop
/// review` wrote it: before E3 the computer preferred E2, which also wins
/// at once.
const WON_BY_E3: &str = r#"game = "gekitai"
result = "X"
moves = ["E4", "C6", "D5", "B1", "D3", "E4", "C4", "B6", "D3", "E4", "A6", "F6", "E3"]

[players]
first = "ai:2"
second = "ai:1"
[review]
level = 1

[[review.positions]]
proved = "win"
best = "C3"
line = ["C3", "A1", "E3", "B1", "B3", "A1", "A3"]

[[review.positions]]
chance = 51.4
best = "B4"

[[review.positions]]
chance = 56.0
best = "F3"

[[review.positions]]
chance = 50.3
best = "F2"

[[review.positions]]
chance = 62.7
best = "F4"

[[review.positions]]
chance = 49.1
best = "C6"

[[review.positions]]
proved = "win"
best = "C4"
line = ["C4", "A1", "C3", "B1", "C2"]

[[review.positions]]
proved = "loss"
best = "A1"
line = ["A1", "C3", "B1", "C2"]

[[review.positions]]
proved = "win"
best = "C5"
line = ["C5", "A1", "C4"]

[[review.positions]]
chance = 46.8
best = "D2"

[[review.positions]]
chance = 67.6
best = "A6"

[[review.positions]]
loss = 2
best = "F6"
line = ["A1"]

[[review.positions]]
win = 1
best = "E2"
line = ["E2"]

[[review.positions]]
loss = 0
"#;

#[test]
fn a_move_that_wins_at_once_is_best_and_a_win_played_out_no_news() {
    let folder = Scratch::new("review-won");
    let path = folder.join("won.toml");
    fs::write(&path, WON_BY_E3).expect("the record");
    let run = common::run(&["review", path.to_str().expect("UTF-8"), "--plain"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let table = run.text();
    assert!(
        table.contains("  13  X E3         100%  E2       best\n"),
        "{table}"
    );
    assert!(!table.contains("Before move 13"), "{table}");
    // What is news stays: the solver's wins.
    assert!(
        table.contains("Before move 1, X wins with best play (solved exactly): C3 "),
        "{table}"
    );
}
