//! Which puzzles the player has solved or failed, remembered between runs
//! in a small TOML file in the data folder (`puzzles.toml`), one line per
//! puzzle id:
//!
//! ```toml
//! [progress]
//! gekitai-3f0c1d2e3a4b5c6d = "solved"
//! hex-0123456789abcdef = "failed"
//! ```
//!
//! A file that cannot be read is reported in a line and ignored, and is
//! never written over: only a file that reads as this one is replaced, and
//! atomically.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::{self, Kind};

/// How a puzzle went, the last time it was tried.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Solved,
    Failed,
}

impl Mark {
    /// The mark as it is written: in the progress file, and where the
    /// SSH door keeps a player's progress.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Solved => "solved",
            Mark::Failed => "failed",
        }
    }

    /// The mark written `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Mark> {
        [Mark::Solved, Mark::Failed]
            .into_iter()
            .find(|mark| mark.word() == word)
    }
}

/// Every puzzle tried, by id. A puzzle once solved stays solved.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    #[serde(default)]
    progress: BTreeMap<String, Mark>,
}

impl Progress {
    pub fn mark(&self, id: &str) -> Option<Mark> {
        self.progress.get(id).copied()
    }

    /// Remembers how the puzzle `id` went this time.
    pub fn set(&mut self, id: &str, mark: Mark) {
        let was = self.progress.entry(id.to_string()).or_insert(mark);
        if *was != Mark::Solved {
            *was = mark;
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        toml::to_string(self).unwrap_or_else(|e| unreachable!("progress serialises: {e}"))
    }
}

/// The files this module writes, and so may write over.
const PROGRESS: Kind = Kind {
    name: "tabletop's puzzle progress",
    is: |text| parse(text).is_ok(),
};

fn parse(text: &str) -> Result<Progress, String> {
    toml::from_str(text).map_err(|error| error.message().trim().replace('\n', " "))
}

/// Where the progress is kept, if the platform has a data folder.
pub fn path() -> Option<PathBuf> {
    files::data_dir().map(|dir| dir.join("puzzles.toml"))
}

/// The progress kept at `path`: nothing when no file is there, `Err` with
/// a one-line notice when what is there cannot be read.
pub fn load(path: &Path) -> Result<Progress, String> {
    match files::read_own(path)? {
        None => Ok(Progress::default()),
        Some(text) => {
            parse(&text).map_err(|error| format!("{} was not read: {error}", path.display()))
        }
    }
}

/// Keeps `progress` at `path`, atomically, replacing only a progress file.
pub fn save(path: &Path, progress: &Progress) -> io::Result<()> {
    files::save_as(path, &progress.to_text(), &PROGRESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solved_puzzle_stays_solved() {
        let mut progress = Progress::default();
        progress.set("a", Mark::Failed);
        assert_eq!(progress.mark("a"), Some(Mark::Failed));
        progress.set("a", Mark::Solved);
        progress.set("a", Mark::Failed);
        assert_eq!(progress.mark("a"), Some(Mark::Solved));
        assert_eq!(parse(&progress.to_text()), Ok(progress));
    }

    #[test]
    fn a_mark_is_written_as_in_the_file() {
        for mark in [Mark::Solved, Mark::Failed] {
            let mut progress = Progress::default();
            progress.set("a", mark);
            let line = format!("a = \"{}\"", mark.word());
            assert!(progress.to_text().contains(&line), "{}", progress.to_text());
            assert_eq!(Mark::from_word(mark.word()), Some(mark));
        }
        assert_eq!(Mark::from_word("maybe"), None);
    }

    #[test]
    fn a_broken_file_says_why_in_a_line() {
        for text in [
            "[[[",
            "progress = 3",
            "[progress]\na = \"maybe\"\n",
            "other = 1",
        ] {
            let error = parse(text).expect_err(text);
            assert_eq!(error.lines().count(), 1, "{error}");
        }
    }
}
