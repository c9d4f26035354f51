//! The saved games in a folder, listed for the library screen: each record
//! read with [`load`](super::load) and summed up (game, players, how it
//! ended, how many turns), and each file that is not a record listed with
//! the reason. Nothing here is fatal, and nothing is written.
//!
//! A folder of any size stays quick to list: only the first
//! [`MAX_SCANNED`] entries are looked at, files over
//! [`MAX_RECORD_BYTES`] are not read, and only the newest [`MAX_READ`]
//! files, [`MAX_READ_BYTES`] in all, are read; the listing says what was
//! left out.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{MAX_RECORD_BYTES, load, timestamp};
use crate::games::{GameKind, Playable, WithRecord};
use tabletop_engine::Outcome;
use tabletop_engine::record::Record;

/// The most entries of a folder looked at.
pub const MAX_SCANNED: usize = 10_000;
/// The most files read.
pub const MAX_READ: usize = 500;
/// The most bytes read in all.
pub const MAX_READ_BYTES: u64 = 8 << 20;

/// How a recorded game stands, with the players' symbols.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The game goes on: it can be continued.
    Unfinished,
    /// The player with this symbol won by the rules.
    Won(char),
    /// The player with this symbol gave the game up.
    Resigned(char),
    Draw,
}

/// What the library shows of a record that loaded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Summary {
    pub kind: GameKind,
    /// How each side was played, as the record names it (`human`, `ai:3`).
    pub players: [String; 2],
    pub ending: Ending,
    /// Numbered moves, as every view counts them.
    pub turns: usize,
    pub reviewed: bool,
}

/// One file of the folder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub path: PathBuf,
    /// `2026-11-21 13:20`: the record's date, or else the file's.
    pub date: String,
    /// The record summed up, or why the file is not one.
    pub read: Result<Summary, String>,
}

impl Entry {
    /// The file's name, as the library shows it.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    }
}

/// What a folder holds.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Listing {
    pub entries: Vec<Entry>,
    /// What was left out, in words (too many files, too many bytes).
    pub left_out: Option<String>,
    /// Why the folder itself could not be read, if it could not (a folder
    /// that does not exist yet is simply empty).
    pub error: Option<String>,
}

/// The record's game summed up.
struct Summarise;

impl WithRecord for Summarise {
    type Output = (Summary, Option<String>);
    fn run<G: Playable>(self, record: Record<G>) -> Self::Output {
        let line = record.line();
        let ending = match (record.resigned, line.game().outcome()) {
            (Some(resigner), _) => Ending::Resigned(G::symbol(resigner)),
            (None, Some(Outcome::Win(winner))) => Ending::Won(G::symbol(winner)),
            (None, Some(Outcome::Draw)) => Ending::Draw,
            (None, None) => Ending::Unfinished,
        };
        let summary = Summary {
            kind: GameKind::of::<G>(),
            players: record.players.clone(),
            ending,
            turns: line.numbered(),
            reviewed: record.is_reviewed(),
        };
        (summary, record.date.clone())
    }
}

/// `2026-11-21 13:20` from a record's date, if it starts like one (the
/// rest of a date written by hand is not shown).
fn date_of(written: &str) -> Option<String> {
    let date: String = written.chars().take(16).collect();
    let shape = "dddd-dd-dd dd:dd";
    let fits = date.chars().count() == 16
        && date.chars().zip(shape.chars()).all(|(c, s)| match s {
            'd' => c.is_ascii_digit(),
            s => c == s,
        });
    fits.then_some(date)
}

/// `2026-11-21 13:20` for a file's modification time.
fn file_date(modified: Option<SystemTime>) -> String {
    modified.map_or_else(String::new, |time| {
        timestamp(time).trim_end_matches(" UTC").to_string()
    })
}

/// Why `path` would not load, without the path the loader puts first.
fn reason(path: &Path, error: &anyhow::Error) -> String {
    let text = format!("{error:#}");
    let prefix = format!("{}: ", path.display());
    text.strip_prefix(&prefix).unwrap_or(&text).to_string()
}

/// Reads one file into an entry (`size` and `modified` from its folder).
fn read_entry(path: PathBuf, size: u64, modified: Option<SystemTime>) -> Entry {
    if size > MAX_RECORD_BYTES {
        return Entry {
            date: file_date(modified),
            read: Err(format!(
                "{size} bytes is too big for a game record (at most {MAX_RECORD_BYTES}): not read"
            )),
            path,
        };
    }
    match load(&path) {
        Ok(record) => {
            let (summary, date) = record.with(Summarise);
            Entry {
                date: date
                    .as_deref()
                    .and_then(date_of)
                    .unwrap_or_else(|| file_date(modified)),
                read: Ok(summary),
                path,
            }
        }
        Err(error) => Entry {
            date: file_date(modified),
            read: Err(reason(&path, &error)),
            path,
        },
    }
}

/// A file the folder holds that may be a record: `*.toml`, not hidden
/// (a save's temporary files start with a dot).
fn may_be_record(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy());
    let visible = name.is_some_and(|n| !n.starts_with('.'));
    visible && path.extension().is_some_and(|e| e == "toml")
}

/// The records in `folder` (not its subfolders, so not its `trash/`), and
/// the files in `also` (the autosave), newest first.
pub fn list(folder: &Path, also: &[PathBuf]) -> Listing {
    let mut listing = Listing::default();
    // (path, size, modified)
    let mut found: Vec<(PathBuf, u64, Option<SystemTime>)> = Vec::new();
    let mut more_entries = false;
    match fs::read_dir(folder) {
        Ok(entries) => {
            for (seen, entry) in entries.enumerate() {
                if seen == MAX_SCANNED {
                    more_entries = true;
                    break;
                }
                let Ok(entry) = entry else { continue };
                let path = entry.path();
                if !may_be_record(&path) {
                    continue;
                }
                // A folder named `x.toml` is not listed; anything else is,
                // and the loader says what is wrong with it.
                let meta = fs::metadata(&path).or_else(|_| entry.metadata());
                if meta.as_ref().is_ok_and(|m| m.is_dir()) {
                    continue;
                }
                let (size, modified) = meta.map_or((0, None), |m| (m.len(), m.modified().ok()));
                found.push((path, size, modified));
            }
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => listing.error = Some(format!("cannot read {}: {error}", folder.display())),
    }
    for path in also {
        let known = found.iter().any(|(p, _, _)| p == path);
        if let (false, Ok(meta)) = (known, fs::metadata(path))
            && meta.is_file()
        {
            found.push((path.clone(), meta.len(), meta.modified().ok()));
        }
    }
    found.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
    let (mut read, mut bytes, mut not_read) = (0, 0, 0);
    for (path, size, modified) in found {
        let small = size <= MAX_RECORD_BYTES;
        if small && (read == MAX_READ || bytes + size > MAX_READ_BYTES) {
            not_read += 1;
            continue;
        }
        if small {
            read += 1;
            bytes += size;
        }
        listing.entries.push(read_entry(path, size, modified));
    }
    listing.left_out = match (not_read, more_entries) {
        (0, false) => None,
        (0, true) => Some(format!(
            "only the first {MAX_SCANNED} files of the folder were looked at"
        )),
        (n, more) => Some(format!(
            "{n} older {} not read (at most {MAX_READ} files, {} MiB){}",
            if n == 1 { "file was" } else { "files were" },
            MAX_READ_BYTES >> 20,
            if more {
                format!(", and only the first {MAX_SCANNED} files of the folder were looked at")
            } else {
                String::new()
            }
        )),
    };
    listing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_dates_that_look_like_dates_are_shown() {
        assert_eq!(
            date_of("2026-11-21 13:20 UTC").as_deref(),
            Some("2026-11-21 13:20")
        );
        assert_eq!(date_of("yesterday"), None);
        assert_eq!(date_of("2026-11-21\u{1b}[31m13:20"), None);
        assert_eq!(date_of("2026-11-21 13:2"), None);
        assert_eq!(file_date(Some(std::time::UNIX_EPOCH)), "1970-01-01 00:00");
    }

    #[test]
    fn only_visible_toml_files_may_be_records() {
        assert!(may_be_record(Path::new("/x/hex-2026.toml")));
        assert!(!may_be_record(Path::new("/x/.hex.toml.42.tmp")));
        assert!(!may_be_record(Path::new("/x/.hidden.toml")));
        assert!(!may_be_record(Path::new("/x/notes.txt")));
    }
}
