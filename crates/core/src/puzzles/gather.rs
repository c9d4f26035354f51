//! Every puzzle a player is offered, in one list: the wins missed in
//! their reviewed games first, then the built-in set (a built-in position
//! they already have is not listed twice), with what could not be read.
//! The command line and the start screen both gather them here.

use std::path::{Path, PathBuf};

use super::{Puzzle, builtin, extract};
use crate::files;

/// The puzzles gathered, and what to tell the player about the rest.
pub struct Gathered {
    pub puzzles: Vec<Puzzle>,
    /// One line for each file (or built-in set) that could not be read.
    pub notices: Vec<String>,
    /// Saved games that give no puzzles because they are not reviewed:
    /// told as one line for a whole folder.
    pub not_reviewed: usize,
}

impl Gathered {
    /// The line saying how many saved games are not reviewed, if any are.
    pub fn not_reviewed_line(&self) -> Option<String> {
        let said = match self.not_reviewed {
            0 => return None,
            1 => "1 saved game is not reviewed yet, so it gives".to_string(),
            n => format!("{n} saved games are not reviewed yet, so they give"),
        };
        Some(format!(
            "{said} no puzzles (r in the saved games reviews one)"
        ))
    }
}

/// The puzzles of the games in `paths`, then the built-in ones. Files the
/// player `named` are each answered for; in a whole folder, the games not
/// reviewed are only counted.
pub fn gather(paths: &[PathBuf], named: bool) -> Gathered {
    let (mut puzzles, found) = extract::from_files(paths);
    let unreviewed = |notice: &String| notice.contains(extract::NOT_REVIEWED);
    let mut notices: Vec<String> = Vec::new();
    let mut not_reviewed = 0;
    for notice in found {
        if !named && unreviewed(&notice) {
            not_reviewed += 1;
        } else {
            notices.push(notice);
        }
    }
    let (built_in, broken) = builtin::all();
    notices.extend(broken);
    for puzzle in built_in {
        if !puzzles.iter().any(|p| p.id == puzzle.id) {
            puzzles.push(puzzle);
        }
    }
    Gathered {
        puzzles,
        notices,
        not_reviewed,
    }
}

/// Every saved game in `folder`.
pub fn saved_games(folder: &Path) -> Vec<PathBuf> {
    files::library::list(folder, &[])
        .entries
        .into_iter()
        .map(|entry| entry.path)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_reviewed(n: usize) -> Option<String> {
        Gathered {
            puzzles: Vec::new(),
            notices: Vec::new(),
            not_reviewed: n,
        }
        .not_reviewed_line()
    }

    #[test]
    fn the_games_not_reviewed_are_counted_in_good_english() {
        assert_eq!(not_reviewed(0), None);
        let one = not_reviewed(1).expect("a line");
        assert!(
            one.starts_with("1 saved game is not reviewed yet, so it gives no puzzles"),
            "{one}"
        );
        let three = not_reviewed(3).expect("a line");
        assert!(
            three.starts_with("3 saved games are not reviewed yet, so they give no puzzles"),
            "{three}"
        );
    }
}
