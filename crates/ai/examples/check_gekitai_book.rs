//! Checks Gekitai's opening book by playing it: from the empty board X
//! wins on the spot where it can, else plays the book's move (or, where
//! the book has none, a move the proof-number search proves, within
//! SECONDS), and O tries every reply,
//! down every line, until each line ends. The book passes if every line
//! ends in X's win and none goes round in a circle. Positions are counted
//! once up to the square's symmetries. Only the engine's rules judge the
//! ends, so the check does not trust the solver that wrote the book.
//!
//! cargo run --release --example check_gekitai_book -- [--book FILE] [--solver SECONDS]

use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabletop_ai::Deadline;
use tabletop_ai::gekitai::book::{self, Book};
use tabletop_ai::gekitai::dfpn::Solver;
use tabletop_ai::gekitai::symmetry::{self, Key};
use tabletop_engine::gekitai::{Gekitai, GekitaiBoard};
use tabletop_engine::{Game, Outcome, Player};

struct Check<'a> {
    book: &'a Book,
    /// Made when the book first lacks a move.
    solver: Option<Solver>,
    solver_time: Duration,
    stop: AtomicBool,
    done: HashSet<Key>,
    on_line: HashSet<Key>,
    x_from_book: usize,
    x_from_solver: usize,
    o_positions: usize,
    at_once: usize,
    longest: usize,
}

impl Check<'_> {
    fn check(&mut self, board: &GekitaiBoard<u64>, ply: usize) -> Result<(), String> {
        match board.outcome() {
            Some(Outcome::Win(Player::First)) => {
                self.longest = self.longest.max(ply);
                return Ok(());
            }
            Some(outcome) => return Err(format!("a line ends in {outcome:?} at ply {ply}")),
            None => {}
        }
        let (key, _) = symmetry::canonical(board);
        if self.done.contains(&key) {
            return Ok(());
        }
        if !self.on_line.insert(key) {
            return Err(format!("a line goes round in a circle at ply {ply}"));
        }
        if board.to_move() == Player::First {
            let mv = if let Some(mv) = book::x_wins_at_once(board) {
                self.at_once += 1;
                mv
            } else {
                match self.book.lookup(board) {
                    Some(mv) => {
                        self.x_from_book += 1;
                        mv
                    }
                    None => {
                        let limits = Deadline::new(self.solver_time.into(), &self.stop);
                        self.x_from_solver += 1;
                        let on_line = &self.on_line;
                        self.solver
                            .get_or_insert_with(|| Solver::new(1 << 30))
                            .proving_move(board, limits, |child| {
                                on_line.contains(&symmetry::canonical(child).0)
                            })
                            .ok_or_else(|| {
                                format!("no book move nor proof at ply {ply}: {board:?}")
                            })?
                    }
                }
            };
            let mut child = board.clone();
            child
                .play(mv)
                .map_err(|e| format!("the book's {mv}: {e}"))?;
            self.check(&child, ply + 1)?;
        } else {
            self.o_positions += 1;
            let mut moves = Vec::new();
            board.legal_moves(&mut moves);
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                self.check(&child, ply + 1)?;
            }
        }
        self.on_line.remove(&key);
        self.done.insert(key);
        Ok(())
    }
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            Some(line["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut path, mut seconds) = (None, 10.0f64);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--book", Some(file)) => path = Some(file),
            ("--solver", Some(s)) => match s.parse::<f64>() {
                Ok(s) if (0.0..=3600.0).contains(&s) => seconds = s,
                _ => return usage("--solver takes seconds from 0 to 3600"),
            },
            _ => return usage(&format!("unexpected {arg:?}")),
        }
    }
    let read;
    let book = match path {
        None => Book::shipped(),
        Some(file) => {
            let bytes = match std::fs::read(&file) {
                Ok(bytes) => bytes,
                Err(e) => return usage(&format!("{file}: {e}")),
            };
            read = match Book::from_bytes(bytes) {
                Ok(book) => book,
                Err(e) => return usage(&format!("{file}: {e}")),
            };
            &read
        }
    };
    let Gekitai::Small(start) = Gekitai::default() else {
        return usage("the default game is a 6×6 board");
    };
    let began = Instant::now();
    let mut check = Check {
        book,
        solver: None,
        solver_time: Duration::from_secs_f64(seconds),
        stop: AtomicBool::new(false),
        done: HashSet::new(),
        on_line: HashSet::new(),
        x_from_book: 0,
        x_from_solver: 0,
        o_positions: 0,
        at_once: 0,
        longest: 0,
    };
    let result = check.check(&start, 0);
    println!(
        "book of {} positions: {} X positions played from the book, {} proved by the solver, \
         {} won on the spot, {} O positions with every reply tried, longest line {} plies; \
         {:.1} s, peak memory {}",
        book.len(),
        check.x_from_book,
        check.x_from_solver,
        check.at_once,
        check.o_positions,
        check.longest,
        began.elapsed().as_secs_f64(),
        peak_memory()
    );
    match result {
        Ok(()) => {
            println!("every line ends in X's win");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("check failed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("check_gekitai_book: {problem}");
    eprintln!("usage: check_gekitai_book [--book FILE] [--solver SECONDS]");
    ExitCode::FAILURE
}
