//! Every finished game kept in the saved games, without asking: a new
//! file named for the game and the minute it ended (numbered when that
//! name is taken), written atomically and never over another file. Kept
//! games are never pruned: the library reads the newest of a big folder
//! and says so, and `d` moves one to the trash. [`holding`] finds a game
//! kept there byte for byte, to be brought up to date rather than kept twice.

use std::io;
use std::path::{Path, PathBuf};

use super::writing::save_new;

/// How many numbered names are tried before giving up (a folder with a
/// thousand games of one game in one minute is not a player's).
const MOST_TRIED: usize = 1000;

/// The names a game of `game` saved at `stamp` (`2026-11-21 13:20 UTC`)
/// may take in `folder`, in the order they are tried: `gekitai-2026-11-21-13-20.toml`,
/// then `…-2.toml`, `…-3.toml`.
pub fn names(folder: &Path, game: &str, stamp: &str) -> impl Iterator<Item = PathBuf> {
    let stamp = stamp.replace([' ', ':'], "-");
    let stem = format!("{game}-{}", stamp.trim_end_matches("-UTC"));
    let folder = folder.to_path_buf();
    (1..=MOST_TRIED).map(move |n| match n {
        1 => folder.join(format!("{stem}.toml")),
        n => folder.join(format!("{stem}-{n}.toml")),
    })
}

/// Writes `text`, the record of a finished game of `game` that ended at
/// `stamp`, to a new file in `folder` (made if it is tabletop's own); the
/// path written. Nothing there is ever written over: a name taken, even
/// between looking and writing, moves on to the next.
pub fn keep_new(folder: &Path, game: &str, stamp: &str, text: &str) -> io::Result<PathBuf> {
    for path in names(folder, game, stamp) {
        match save_new(&path, text) {
            Ok(()) => return Ok(path),
            Err(_) if path.exists() => continue,
            Err(error) => return Err(error),
        }
    }
    Err(super::failure(
        io::ErrorKind::Other,
        format!("{MOST_TRIED} games of {game} saved that minute already"),
        folder,
    ))
}

/// The record in `folder` that holds exactly `text`, if one does (a game
/// kept there byte for byte, to be brought up to date rather than kept
/// twice). Only the first [`MAX_SCANNED`](super::library::MAX_SCANNED)
/// entries are looked at, and only files of the same size are read.
pub fn holding(folder: &Path, text: &str) -> Option<PathBuf> {
    let entries = std::fs::read_dir(folder).ok()?;
    entries
        .take(super::library::MAX_SCANNED)
        .flatten()
        .filter(|entry| {
            entry.path().extension().is_some_and(|e| e == "toml")
                && entry
                    .metadata()
                    .is_ok_and(|meta| meta.is_file() && meta.len() == text.len() as u64)
        })
        .map(|entry| entry.path())
        .find(|path| super::read_text(path).is_ok_and(|there| there == text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn folder(what: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("tabletop-kept-{what}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("a folder");
        path
    }

    #[test]
    fn a_finished_game_takes_a_new_name_and_never_writes_over_another_file() {
        let folder = folder("names");
        let stamp = "2026-11-26 23:40 UTC";
        let taken = folder.join("gekitai-2026-11-26-23-40.toml");
        fs::write(&taken, "not tabletop's").expect("written");
        let record = "game = \"gekitai\"\nmoves = []\n";
        let first = keep_new(&folder, "gekitai", stamp, record).expect("kept");
        let second = keep_new(&folder, "gekitai", stamp, record).expect("kept");
        assert_eq!(first, folder.join("gekitai-2026-11-26-23-40-2.toml"));
        assert_eq!(second, folder.join("gekitai-2026-11-26-23-40-3.toml"));
        assert_eq!(fs::read_to_string(&taken).expect("read"), "not tabletop's");
        assert_eq!(fs::read_to_string(&second).expect("read"), record);
        // No temporary file is left beside them.
        let left = fs::read_dir(&folder).expect("listed").count();
        assert_eq!(left, 3);
        let _ = fs::remove_dir_all(&folder);
    }
}
