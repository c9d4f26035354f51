//! `tabletop puzzles [FILE...]`: the wins missed in the reviewed games
//! named (or in every saved game), then the built-in puzzles, in the
//! full-screen app. A file that gives no puzzles for a reason (it does not
//! load, it has no review) is named on standard error in a line, and the
//! rest still load. `--list` prints them instead, one a line.

use std::io::{self, Write};
use std::process::ExitCode;

use super::Failure;
use super::args::PuzzlesArgs;
use super::commands::full_screen_record;
use crate::app;
use tabletop_core::files;
use tabletop_core::puzzles::gather::{gather, saved_games};
use tabletop_core::puzzles::{Puzzle, progress};
use tabletop_net::sanitise::printable;

pub(super) fn puzzles(args: &PuzzlesArgs) -> Result<ExitCode, Failure> {
    if !args.list
        && let Some(why) = app::terminal::unavailable()
    {
        return Err(Failure::usage(format!(
            "the puzzles need the full-screen app, and so a terminal ({why})"
        )));
    }
    let named = !args.files.is_empty();
    let gathered = if named {
        gather(&args.files, true)
    } else {
        let folder = files::games_dir();
        gather(&folder.map_or_else(Vec::new, |f| saved_games(&f)), false)
    };
    for notice in gathered.notices.iter().chain(&gathered.not_reviewed_line()) {
        // Notices name files of the saved games: nothing in a name a
        // terminal would act on reaches it.
        eprintln!("tabletop: {}", printable(notice));
    }
    if args.list {
        return list(&gathered.puzzles);
    }
    full_screen_record(
        app::Start::Puzzles(gathered.puzzles, gathered.notices, progress::path()),
        args.animation.animate,
    )
}

/// `gekitai-3f0c…  Gekitai  X wins within 5 plies  built-in`, a line a
/// puzzle.
fn list(puzzles: &[Puzzle]) -> Result<ExitCode, Failure> {
    let mut out = io::stdout().lock();
    for puzzle in puzzles {
        let facts = puzzle.kind().facts();
        writeln!(
            out,
            "{}  {}  {} wins within {} plies  {}",
            puzzle.id,
            facts.title,
            facts.symbols[puzzle.attacker.index()],
            puzzle.plies,
            printable(&puzzle.source.to_string())
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
