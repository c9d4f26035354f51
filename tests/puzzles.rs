//! Puzzles: every built-in one proved by the exact solvers, the live
//! logic on known positions, puzzles from a reviewed game's missed win,
//! the progress file, and a puzzle solved through the app.

mod common;
use common::scratch::Scratch;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyCode;

use tabletop::app::Start;
use tabletop_core::games::{AnyRecord, GameKind, Playable, WithRecord};
use tabletop_core::puzzles::judge::{Judged, answer, judge};
use tabletop_core::puzzles::progress::{self, Mark, Progress};
use tabletop_core::puzzles::proof::{Proof, exact_for, shortest_win, wins_within};
use tabletop_core::puzzles::{Puzzle, builtin, extract};
use tabletop_engine::Game;
use tabletop_engine::Outcome;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing};

static NEVER: AtomicBool = AtomicBool::new(false);

/// The built-in puzzles of `kind`.
fn built_in(kind: GameKind) -> Vec<Puzzle> {
    let (puzzles, notices) = builtin::all();
    assert!(notices.is_empty(), "{notices:?}");
    puzzles.into_iter().filter(|p| p.kind() == kind).collect()
}

/// Proves one puzzle's line with the game's exact means.
struct Proves<'a>(&'a Puzzle);

impl WithRecord for Proves<'_> {
    type Output = Result<(), String>;
    fn run<G: Playable>(self, record: Record<G>) -> Result<(), String> {
        let puzzle = self.0;
        let stop = AtomicBool::new(false);
        let position = record.end();
        let line = puzzle.line_of::<G>();
        let attacker = position.to_move();
        // The line is legal and ends in the attacker's win.
        let mut after = position.clone();
        for &mv in &line {
            after.play(mv).map_err(|why| format!("{mv}: {why}"))?;
        }
        if after.outcome() != Some(Outcome::Win(attacker)) {
            return Err("the line does not end in the attacker's win".to_string());
        }
        if exact_for(&position, attacker, &stop).is_some() {
            // Hex and Reversi: the solver proves the win at every turn of
            // the attacker along the line.
            let mut at = position.clone();
            for &mv in &line {
                if exact_for(&at, attacker, &stop).is_none_or(|value| value <= 0) {
                    return Err(format!("no proved win before {mv}"));
                }
                at.play_unchecked(mv);
            }
            return Ok(());
        }
        // Gekitai: every line tried; Connect6 and Gomoku: every defence
        // either stops the threat or loses at once, and those that stop it
        // are proved in turn.
        match wins_within(&position, attacker, puzzle.plies, &line, &stop) {
            Proof::Won => Ok(()),
            other => Err(format!("{other:?} within {} plies", puzzle.plies)),
        }
    }
}

#[test]
fn every_built_in_puzzle_is_a_proved_forced_win() {
    for &kind in GameKind::ALL {
        let puzzles = built_in(kind);
        assert!(puzzles.len() >= 20, "{kind}: {} puzzles", puzzles.len());
        for puzzle in &puzzles {
            assert!(puzzle.plies > 1, "{kind} {}: a win in one", puzzle.id);
            if let Err(why) = puzzle.record.clone().with(Proves(puzzle)) {
                panic!("{kind} {}: {why}", puzzle.id);
            }
        }
    }
}

/// The first built-in Gekitai puzzle of more than one move.
fn gekitai_puzzle() -> (Puzzle, Gekitai, Vec<<Gekitai as Game>::Move>) {
    let puzzle = built_in(GameKind::of::<Gekitai>())
        .into_iter()
        .find(|p| p.plies >= 3)
        .expect("a Gekitai puzzle of three plies or more");
    let AnyRecord::Gekitai(record) = &puzzle.record else {
        panic!("a Gekitai puzzle holds a Gekitai record");
    };
    let position = record.end();
    let line = puzzle.line_of::<Gekitai>();
    (puzzle, position, line)
}

#[test]
fn the_winning_move_goes_on_and_a_wrong_one_fails() {
    let (puzzle, position, line) = gekitai_puzzle();
    let me = position.to_move();
    assert_eq!(
        judge(&position, line[0], me, puzzle.plies, &NEVER),
        Judged::Keeps
    );
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let wrong = moves
        .into_iter()
        .find(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            wins_within(&child, me, puzzle.plies - 1, &[], &NEVER) == Proof::NotWon
        })
        .expect("a move that lets the win slip");
    assert_eq!(
        judge(&position, wrong, me, puzzle.plies, &NEVER),
        Judged::Slips
    );
}

#[test]
fn the_computer_answers_with_the_most_stubborn_defence_and_the_win_solves_it() {
    let (puzzle, position, line) = gekitai_puzzle();
    let me = position.to_move();
    let mut at = position.clone();
    at.play_unchecked(line[0]);
    let left = puzzle.plies - 1;
    let reply = answer(&at, me, left, &NEVER).expect("an answer");
    let lasts = |mv| {
        let mut child = at.clone();
        child.play_unchecked(mv);
        shortest_win(&child, me, left - 1, &NEVER).expect("still a proved win")
    };
    let longest = lasts(reply);
    let mut moves = Vec::new();
    at.legal_moves(&mut moves);
    for mv in moves {
        assert!(lasts(mv) <= longest, "{mv} holds out longer than {reply}");
    }
    // Played out, the attacker's proved moves against the answers win.
    let mut plies = puzzle.plies;
    let mut at = position.clone();
    while !at.is_over() {
        let mv = if at.to_move() == me {
            let mut moves = Vec::new();
            at.legal_moves(&mut moves);
            moves
                .into_iter()
                .find(|&mv| judge(&at, mv, me, plies, &NEVER) == Judged::Keeps)
                .expect("a move that keeps the win")
        } else {
            answer(&at, me, plies, &NEVER).expect("an answer")
        };
        at.play_unchecked(mv);
        plies -= 1;
    }
    assert_eq!(at.outcome(), Some(Outcome::Win(me)));
}

#[test]
fn a_reviewed_game_s_missed_win_is_a_puzzle() {
    let (puzzle, position, line) = gekitai_puzzle();
    let AnyRecord::Gekitai(before) = &puzzle.record else {
        panic!("a Gekitai record");
    };
    let me = position.to_move();
    // The game goes on with a move that lets the win go, then one more.
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let missed = moves
        .into_iter()
        .find(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            !child.is_over()
                && wins_within(&child, me, puzzle.plies - 1, &[], &NEVER) == Proof::NotWon
        })
        .expect("a move that misses the win");
    let mut record = before.clone();
    record.moves.push(missed);
    let played =
        Line::replay(record.start.clone(), record.moves.iter().copied()).expect("a legal game");
    let k = before.moves.len();
    let chance = |_| Reviewed {
        standing: Standing::Chance(50.0),
        best: None,
        line: Vec::new(),
    };
    let mut positions: Vec<Reviewed<_>> = (0..played.positions().len()).map(chance).collect();
    positions[k] = Reviewed {
        standing: Standing::Wins(puzzle.plies),
        best: Some(line[0]),
        line: line.clone(),
    };
    record.review = Some(Review {
        level: 3,
        positions,
    });
    let path = std::path::Path::new("missed.toml");
    let found = extract::missed_wins(&record, path);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].id, puzzle.id);
    assert_eq!(found[0].attacker, me);
    assert_eq!(found[0].line, puzzle.line);
    assert_eq!(
        found[0].source.to_string(),
        format!("missed.toml, move {}", k + 1)
    );
    // Written and read back, through a file, the same.
    let folder = Scratch::new("puzzles-extract");
    let file = folder.join("game.toml");
    std::fs::write(&file, record.to_toml()).expect("written");
    let (again, notices) = extract::from_files(&[file.clone(), folder.join("missing.toml")]);
    assert_eq!(again.len(), 1);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("missing.toml"), "{notices:?}");
}

#[test]
fn progress_is_kept_and_a_broken_file_is_left_alone() {
    let folder = Scratch::new("puzzles-progress");
    let path = folder.join("puzzles.toml");
    assert_eq!(progress::load(&path), Ok(Progress::default()));
    let mut kept = Progress::default();
    kept.set("gekitai-0123456789abcdef", Mark::Solved);
    kept.set("hex-0123456789abcdef", Mark::Failed);
    progress::save(&path, &kept).expect("saved");
    assert_eq!(progress::load(&path), Ok(kept.clone()));
    std::fs::write(&path, "[[[ not progress").expect("written");
    let error = progress::load(&path).expect_err("a broken file");
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(progress::save(&path, &kept).is_err(), "written over");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "[[[ not progress"
    );
}

#[test]
fn a_built_in_gekitai_puzzle_is_solved_through_the_app() {
    let (puzzle, position, line) = gekitai_puzzle();
    let me = position.to_move();
    let size = (80, 24);
    let mut app = common::screen::open(
        common::screen::options(Start::Puzzles(vec![puzzle.clone()], Vec::new(), None)),
        size,
    );
    assert!(common::screen::draw(&app, size).contains("0 of 1 solved"));
    common::screen::press(&mut app, KeyCode::Enter, false);
    let screen = common::screen::draw(&app, size);
    assert!(
        screen.contains(&format!(
            "Find the winning move for {}",
            Gekitai::symbol(me)
        )),
        "{screen}"
    );
    let mut at = position.clone();
    let mut plies = puzzle.plies;
    for _ in 0..puzzle.plies {
        if at.is_over() {
            break;
        }
        // The known line while the computer follows it, else a move the
        // proofs say keeps the win.
        let used = (puzzle.plies - plies) as usize;
        let mv = match line.get(used) {
            Some(&mv) if judge(&at, mv, me, plies, &NEVER) == Judged::Keeps => mv,
            _ => {
                let mut moves = Vec::new();
                at.legal_moves(&mut moves);
                moves
                    .into_iter()
                    .find(|&mv| judge(&at, mv, me, plies, &NEVER) == Judged::Keeps)
                    .expect("a winning move")
            }
        };
        common::screen::play(&mut app, &mv.to_string());
        // The computer's answer comes from its own thread.
        let waited = Instant::now();
        while app.is_animating() {
            assert!(waited.elapsed() < Duration::from_secs(300), "no answer");
            app.tick(Instant::now());
            std::thread::sleep(Duration::from_millis(5));
        }
        at.play_unchecked(mv);
        plies -= 1;
        if !at.is_over() {
            let reply = answer(&at, me, plies, &NEVER).expect("an answer");
            at.play_unchecked(reply);
            plies -= 1;
            // The player is told what the computer played.
            let screen = common::screen::draw(&app, size);
            let told = format!("{} answered {reply}", Gekitai::symbol(me.other()));
            assert!(screen.contains(&told), "{screen}");
        }
    }
    let screen = common::screen::draw(&app, size);
    assert!(screen.contains("Solved!"), "{screen}");
    common::screen::press(&mut app, KeyCode::Esc, false);
    let screen = common::screen::draw(&app, size);
    assert!(screen.contains("1 of 1 solved"), "{screen}");
}

#[test]
fn a_wrong_move_in_the_app_fails_the_puzzle_and_r_tries_again() {
    let (puzzle, position, _) = gekitai_puzzle();
    let me = position.to_move();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let wrong = moves
        .into_iter()
        .find(|&mv| judge(&position, mv, me, puzzle.plies, &NEVER) == Judged::Slips)
        .expect("a wrong move");
    let size = (80, 24);
    let mut app = common::screen::open(
        common::screen::options(Start::Puzzles(vec![puzzle.clone()], Vec::new(), None)),
        size,
    );
    common::screen::press(&mut app, KeyCode::Enter, false);
    common::screen::play(&mut app, &wrong.to_string());
    let waited = Instant::now();
    while app.is_animating() {
        assert!(waited.elapsed() < Duration::from_secs(300), "no answer");
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
    let screen = common::screen::draw(&app, size);
    assert!(screen.contains("That lets the win slip"), "{screen}");
    assert!(
        screen.contains(&format!("That lets the win slip: {} wins", puzzle.line[0])),
        "{screen}"
    );
    common::screen::press(&mut app, KeyCode::Char('r'), false);
    let screen = common::screen::draw(&app, size);
    assert!(screen.contains("Find the winning move"), "{screen}");
    assert!(!screen.contains("slip"), "{screen}");
}

#[test]
fn the_start_screen_opens_the_puzzles_and_esc_comes_back() {
    use common::screen::{draw, open, options, press};
    let size = (80, 24);
    let mut app = open(options(Start::Menu), size);
    let screen = draw(&app, size);
    assert!(screen.contains("[ Puzzles ]"), "{screen}");
    // From Start: Saved games, then Puzzles.
    press(&mut app, KeyCode::Down, false);
    press(&mut app, KeyCode::Down, false);
    press(&mut app, KeyCode::Enter, false);
    let screen = draw(&app, size);
    assert!(screen.contains("puzzles · 0 of"), "{screen}");
    assert!(screen.contains("built-in"), "{screen}");
    press(&mut app, KeyCode::Esc, false);
    let screen = draw(&app, size);
    assert!(screen.contains("[ Start ]"), "{screen}");
    assert!(!app.should_quit());
}

/// The app on the built-in puzzles, in a terminal of `size`.
fn puzzles_app(size: (u16, u16)) -> tabletop::app::App {
    let (puzzles, _) = builtin::all();
    common::screen::open(
        common::screen::options(Start::Puzzles(puzzles, Vec::new(), None)),
        size,
    )
}

/// The rows of the puzzle list on the screen.
fn listed(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|line| GameKind::ALL.iter().any(|kind| line.contains(kind.title())))
        .map(String::from)
        .collect()
}

#[test]
fn the_puzzle_list_tells_its_puzzles_apart_filters_by_game_and_pages() {
    let size = (80, 24);
    let mut app = puzzles_app(size);
    let rows = listed(&common::screen::draw(&app, size));
    assert!(rows.len() > 10, "{rows:?}");
    let distinct: std::collections::HashSet<&String> = rows.iter().collect();
    assert_eq!(distinct.len(), rows.len(), "rows alike: {rows:?}");
    // f shows one game's puzzles at a time: Gekitai's, then Connect6's.
    common::screen::press(&mut app, KeyCode::Char('f'), false);
    common::screen::press(&mut app, KeyCode::Char('f'), false);
    let screen = common::screen::draw(&app, size);
    let rows = listed(&screen);
    assert!(!rows.is_empty(), "{screen}");
    assert!(rows.iter().all(|row| row.contains("Connect6")), "{screen}");
    assert!(screen.contains("Connect6 only"), "{screen}");
    // PageDown goes a page down the list, PageUp back.
    let chosen = |app: &tabletop::app::App| {
        let screen = common::screen::draw(app, size);
        listed(&screen)
            .into_iter()
            .find(|row| row.starts_with("\">"))
            .unwrap_or_default()
    };
    let first = chosen(&app);
    common::screen::press(&mut app, KeyCode::PageDown, false);
    let paged = chosen(&app);
    assert_ne!(first, paged);
    common::screen::press(&mut app, KeyCode::Up, false);
    assert_ne!(chosen(&app), first, "more than a line down");
    common::screen::press(&mut app, KeyCode::PageUp, false);
    assert_eq!(chosen(&app), first);
}

#[test]
fn the_help_pages_in_a_short_terminal() {
    let size = (60, 13);
    let mut app = puzzles_app(size);
    common::screen::press(&mut app, KeyCode::Enter, false);
    common::screen::press(&mut app, KeyCode::F(1), false);
    let top = common::screen::draw(&app, size);
    assert!(top.contains("↓ more"), "{top}");
    common::screen::press(&mut app, KeyCode::PageDown, false);
    let paged = common::screen::draw(&app, size);
    assert!(paged.contains("↑ more"), "{paged}");
}

#[test]
fn a_connect6_puzzle_names_keys_that_work_on_its_board() {
    let (puzzles, _) = builtin::all();
    let connect6: Vec<Puzzle> = puzzles
        .into_iter()
        .filter(|p| p.kind() == GameKind::Connect6)
        .collect();
    let size = (80, 24);
    let mut app = common::screen::open(
        common::screen::options(Start::Puzzles(connect6, Vec::new(), None)),
        size,
    );
    common::screen::press(&mut app, KeyCode::Enter, false);
    let screen = common::screen::draw(&app, size);
    let footer = screen.lines().last().unwrap_or_default().to_string();
    // n and r are columns of the 19x19 board; Ctrl-r is redo elsewhere.
    assert!(footer.contains("Ctrl-n next"), "{footer}");
    assert!(!footer.contains(" n next"), "{footer}");
    assert!(!footer.contains("Ctrl-r"), "{footer}");
    assert!(footer.contains("u retry"), "{footer}");
}

/// `tabletop puzzles --list` with no terminal, its data folder `data`.
fn list_puzzles(data: &Scratch) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["puzzles", "--list"])
        .env("XDG_DATA_HOME", &**data)
        .env("HOME", &**data)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn puzzles_are_listed_without_a_terminal_one_a_line() {
    let data = Scratch::new("puzzle-list");
    let output = list_puzzles(&data);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let (puzzles, _) = builtin::all();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "{text}");
    for (line, puzzle) in lines.iter().zip(&puzzles) {
        let title = puzzle.kind().title();
        assert!(
            line.starts_with(&format!("{}  {title}  ", puzzle.id)),
            "{line}"
        );
        assert!(line.ends_with(" plies  built-in"), "{line}");
    }
}

#[test]
fn a_saved_game_s_file_name_reaches_the_terminal_without_its_escapes() {
    let data = Scratch::new("puzzle-escapes");
    let games = data.join("tabletop").join("games");
    std::fs::create_dir_all(&games).expect("a games folder");
    // A file that is not a record, named to clear the screen and retitle
    // the terminal: the notice naming it goes to standard error.
    let name = "a\u{1b}[2J\u{1b}]0;owned\u{7}\u{9b}31mb.toml";
    std::fs::write(games.join(name), "not a record").expect("written");
    let output = list_puzzles(&data);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("b.toml: line 1"),
        "the file is named: {stderr}"
    );
    for printed in [&output.stdout, &output.stderr] {
        let text = String::from_utf8_lossy(printed);
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
    }
}
