//! Builds Gekitai's opening book (`crates/ai/assets/gekitai_book.bin`): proves with
//! the proof-number search that X wins the default game (6×6, 8 pieces, 3
//! in a row, the mover wins when both do) from the empty board (or from
//! the position after MOVES), then walks the proof: at each of X's
//! positions the proved move with the smallest proof, at each of O's
//! every reply (one per position up to symmetry). Every X position met is
//! a book entry, except those where X wins on the spot.
//!
//! cargo run --release --example gekitai_book -- [--memory GIB] [--out FILE] [MOVES...]
//!
//! The book is written only if the whole walk is proved; the figures
//! (positions, depth, nodes, time, memory) go to standard output.

use std::collections::{HashMap, HashSet};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabletop_ai::Deadline;
use tabletop_ai::gekitai::book::{self, Book};
use tabletop_ai::gekitai::dfpn::{Answer, Solver};
use tabletop_ai::gekitai::symmetry::{self, Key};
use tabletop_engine::gekitai::{Gekitai, GekitaiBoard, Place};
use tabletop_engine::{Game, Player};

/// Why a walk below a position failed.
enum Failure {
    /// It came back to a position on the line: another move may do.
    Circle,
    /// A proof is missing or a line is lost: the book cannot be written.
    Broken(String),
}

struct Walk<'a> {
    solver: Solver,
    stop: &'a AtomicBool,
    /// Positions whose whole walk succeeded.
    done: HashSet<Key>,
    /// Positions on the line being walked.
    on_line: HashSet<Key>,
    /// The book: each finished X position and its move on the canonical
    /// board.
    entries: HashMap<Key, usize>,
    o_positions: usize,
    at_once: usize,
    deepest: usize,
}

impl Walk<'_> {
    /// Records X's proved moves from `board` on, `ply` plies from the
    /// start. A position is finished (and its move kept) only when every
    /// line from it ends in X's win without coming back to a position on
    /// the line, so the book never goes round in a circle.
    fn walk(&mut self, board: &GekitaiBoard<u64>, ply: usize) -> Result<(), Failure> {
        if let Some(outcome) = board.outcome() {
            return if outcome == tabletop_engine::Outcome::Win(Player::First) {
                Ok(())
            } else {
                Err(Failure::Broken(format!(
                    "a line ends in {outcome:?} at ply {ply}"
                )))
            };
        }
        let (key, sym) = symmetry::canonical(board);
        if self.done.contains(&key) {
            return Ok(());
        }
        if !self.on_line.insert(key) {
            return Err(Failure::Circle);
        }
        self.deepest = self.deepest.max(ply);
        let result = if board.to_move() == Player::First {
            self.walk_x(board, key, sym, ply)
        } else {
            self.o_positions += 1;
            let mut moves = Vec::new();
            board.legal_moves(&mut moves);
            moves.into_iter().try_for_each(|mv| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                self.walk(&child, ply + 1)
            })
        };
        self.on_line.remove(&key);
        if result.is_ok() {
            self.done.insert(key);
        }
        result
    }

    /// X's turn: a win on the spot (left out of the book: every level
    /// plays it), else the first proved move whose walk succeeds.
    fn walk_x(
        &mut self,
        board: &GekitaiBoard<u64>,
        key: Key,
        sym: symmetry::Symmetry,
        ply: usize,
    ) -> Result<(), Failure> {
        if book::x_wins_at_once(board).is_some() {
            self.at_once += 1;
            return Ok(());
        }
        let limits = Deadline::unlimited(self.stop);
        if self.solver.prove(board, limits) != Answer::Proved {
            return Err(Failure::Broken(format!("not proved at ply {ply}")));
        }
        for mv in self.solver.candidates(board) {
            let mut child = board.clone();
            child.play_unchecked(mv);
            if self.solver.prove(&child, limits) != Answer::Proved {
                continue;
            }
            match self.walk(&child, ply + 1) {
                Ok(()) => {
                    let index = symmetry::layout_index(mv.0);
                    self.entries
                        .insert(key, symmetry::map_index(sym, index, board.side()));
                    return Ok(());
                }
                Err(Failure::Circle) => continue,
                Err(broken) => return Err(broken),
            }
        }
        Err(Failure::Circle)
    }
}

/// The peak resident memory of this process, from `/proc` (Linux).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut gib, mut out) = (4usize, "crates/ai/assets/gekitai_book.bin".to_string());
    let mut moves = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--memory" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) if (1..=8).contains(&v) => gib = v,
                _ => return usage("--memory takes a whole number of GiB from 1 to 8"),
            },
            "--out" => match args.next() {
                Some(path) => out = path,
                None => return usage("--out takes a file"),
            },
            mv => match mv.parse::<Place>() {
                Ok(mv) => moves.push(mv),
                Err(e) => return usage(&format!("{mv:?}: {e}")),
            },
        }
    }
    let Gekitai::Small(mut start) = Gekitai::default() else {
        return usage("the default game is a 6×6 board");
    };
    for mv in moves {
        if let Err(e) = start.play(mv) {
            return usage(&format!("{mv}: {e}"));
        }
    }
    let stop = AtomicBool::new(false);
    let began = Instant::now();
    let mut solver = Solver::new(gib << 30);
    let answer = solver.prove(&start, Deadline::unlimited(&stop));
    let proved_in = began.elapsed().as_secs_f64();
    println!(
        "root: {answer:?} in {proved_in:.1} s, {} nodes, {} table entries used ({} MiB table)",
        solver.nodes,
        solver.table().used(),
        solver.table().bytes() >> 20
    );
    if answer != Answer::Proved {
        eprintln!("the position is not proved, so no book is written");
        return ExitCode::FAILURE;
    }
    let mut walk = Walk {
        solver,
        stop: &stop,
        done: HashSet::new(),
        on_line: HashSet::new(),
        entries: HashMap::new(),
        o_positions: 0,
        at_once: 0,
        deepest: 0,
    };
    match walk.walk(&start, start.plies()) {
        Ok(()) => {}
        Err(Failure::Circle) => {
            eprintln!("the walk failed: every proved line went round in a circle");
            return ExitCode::FAILURE;
        }
        Err(Failure::Broken(e)) => {
            eprintln!("the walk failed: {e}");
            return ExitCode::FAILURE;
        }
    }
    let entries: Vec<(Key, usize)> = walk.entries.iter().map(|(&k, &m)| (k, m)).collect();
    let bytes = Book::encode(&entries);
    let temporary = format!("{out}.part");
    if let Err(e) =
        std::fs::write(&temporary, &bytes).and_then(|()| std::fs::rename(&temporary, &out))
    {
        eprintln!("{out}: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "book: {} X positions ({} more where X wins on the spot are left out), \
         {} O positions, deepest position at ply {}, {} bytes in {out}",
        walk.entries.len(),
        walk.at_once,
        walk.o_positions,
        walk.deepest,
        bytes.len()
    );
    println!(
        "total {:.1} s, {} nodes, peak memory {}",
        began.elapsed().as_secs_f64(),
        walk.solver.nodes,
        peak_memory()
    );
    ExitCode::SUCCESS
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("gekitai_book: {problem}");
    eprintln!("usage: gekitai_book [--memory GIB] [--out FILE] [MOVES...]");
    ExitCode::FAILURE
}
