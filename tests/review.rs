//! Reviews: what the analysis proves is true (checked by the plain
//! prover), the review's place in the record, and `tabletop review`.

use std::fs;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabletop::ai::analysis::{Verdict, analyse};
use tabletop::ai::prover::Prover;
use tabletop::ai::{History, Level};
use tabletop::engine::gekitai::Gekitai;
use tabletop::engine::record::Record;
use tabletop::engine::record::review::{Review, Reviewed, Standing};
use tabletop::engine::{Game, Rng};
use tabletop::games::{self, AnyRecord};

mod common;

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
    let folder = std::env::temp_dir().join(format!("tabletop-review-{}", std::process::id()));
    fs::create_dir_all(&folder).expect("a scratch folder");
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
    fs::remove_dir_all(&folder).expect("the scratch folder goes");
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
