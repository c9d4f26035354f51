//! `tabletop puzzles [FILE...]`: the wins missed in the reviewed games
//! named (or in every saved game), then the built-in puzzles, in the
//! full-screen app. A file that gives no puzzles for a reason (it does not
//! load, it has no review) is named on standard error in a line, and the
//! rest still load.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Failure;
use super::args::PuzzlesArgs;
use super::commands::full_screen_record;
use crate::app;
use crate::files;
use crate::puzzles::{builtin, extract, progress};

pub(super) fn puzzles(args: &PuzzlesArgs, animate: bool) -> Result<ExitCode, Failure> {
    if let Some(why) = app::terminal::unavailable() {
        return Err(Failure::usage(format!(
            "the puzzles need the full-screen app, and so a terminal ({why})"
        )));
    }
    let paths = if args.files.is_empty() {
        saved_games()
    } else {
        args.files.clone()
    };
    let (mut puzzles, notices) = extract::from_files(&paths);
    let unreviewed = |n: &&String| n.contains(extract::NOT_REVIEWED);
    let not_reviewed = notices.iter().filter(unreviewed).count();
    for notice in &notices {
        // The files named are each answered for; the whole folder is
        // summed up.
        if !args.files.is_empty() || !unreviewed(&notice) {
            eprintln!("tabletop: {notice}");
        }
    }
    if args.files.is_empty() && not_reviewed > 0 {
        eprintln!(
            "tabletop: {not_reviewed} saved games are not reviewed yet, so give no puzzles (tabletop review FILE reviews one)"
        );
    }
    let (built_in, broken) = builtin::all();
    for notice in &broken {
        eprintln!("tabletop: {notice}");
    }
    // The player's own first; a built-in one they already have is not
    // listed twice.
    for puzzle in built_in {
        if !puzzles.iter().any(|p| p.id == puzzle.id) {
            puzzles.push(puzzle);
        }
    }
    let found = notices.iter().filter(|n| !unreviewed(n)).cloned().collect();
    full_screen_record(
        app::Start::Puzzles(puzzles, found, progress::path()),
        animate,
    )
}

/// Every saved game in the data folder.
fn saved_games() -> Vec<PathBuf> {
    let Some(folder) = files::games_dir() else {
        return Vec::new();
    };
    files::library::list(&folder, &[])
        .entries
        .into_iter()
        .map(|entry| entry.path)
        .collect()
}
