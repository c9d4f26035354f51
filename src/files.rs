//! Game records on disk: where they live, reading them safely (they come
//! from users and are not trusted) and writing them atomically.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use directories::ProjectDirs;

use crate::games::{self, AnyRecord};

/// No record needs more: twenty thousand moves fit in a tenth of this.
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

/// Deeper nesting than a record ever has (it has one level of arrays).
const MAX_NESTING: usize = 16;

/// Reads and checks a record file, leaving it untouched.
pub fn load(path: &Path) -> anyhow::Result<AnyRecord> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    if size > MAX_RECORD_BYTES {
        bail!(
            "{}: {size} bytes is too big for a game record (at most {MAX_RECORD_BYTES})",
            path.display()
        );
    }
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        bail!("{}: too big for a game record", path.display());
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{}: not a text file (not UTF-8)", path.display()))?;
    if let Some(line) = too_deep(&text) {
        bail!(
            "{}: line {line}: nested deeper than any record",
            path.display()
        );
    }
    games::read_record(&text).map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))
}

/// The line where brackets nest deeper than [`MAX_NESTING`], if any: checked
/// before parsing, so a hostile file cannot exhaust the parser's stack.
fn too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut line, mut in_string) = (0usize, 1, false);
    let mut previous = ' ';
    for c in text.chars() {
        match c {
            '\n' => line += 1,
            '"' if previous != '\\' => in_string = !in_string,
            '[' | '{' if !in_string => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(line);
                }
            }
            ']' | '}' if !in_string => depth = depth.saturating_sub(1),
            _ => {}
        }
        previous = c;
    }
    None
}

/// Held while a file is written, so that a signal never leaves one half
/// written (see [`hold_saves`]).
static SAVING: Mutex<()> = Mutex::new(());

/// Waits for a save under way to finish, and holds off the next one for as
/// long as the guard lives (the app does this before it exits on a signal).
pub fn hold_saves() -> MutexGuard<'static, ()> {
    SAVING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes `text` to `path` atomically: a temporary file in the same folder,
/// flushed to disk, then renamed over the target, so an interrupted save
/// never leaves a half-written record.
pub fn save(path: &Path, text: &str) -> io::Result<()> {
    let _saving = hold_saves();
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&folder)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "record.toml".to_string());
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&temporary).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    match written.and_then(|()| fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = fs::remove_file(&temporary);
            Err(error)
        }
    }
}

/// The folder for tabletop's own files (`$XDG_DATA_HOME/tabletop` on
/// Linux), if the platform has one.
pub fn data_dir() -> Option<PathBuf> {
    ProjectDirs::from("", "", "tabletop").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Where the game in progress is saved after every move.
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("autosave.toml"))
}

/// A new file name for saving a game of `game` now: dated, and numbered
/// when a game was already saved that minute.
pub fn default_save_path(game: &str) -> PathBuf {
    let stamp = timestamp(SystemTime::now()).replace([' ', ':'], "-");
    let stem = format!("{game}-{}", stamp.trim_end_matches("-UTC"));
    let folder = data_dir().map_or_else(PathBuf::new, |dir| dir.join("games"));
    (1..)
        .map(|n| match n {
            1 => folder.join(format!("{stem}.toml")),
            n => folder.join(format!("{stem}-{n}.toml")),
        })
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.toml")))
}

/// `2026-11-21 13:20 UTC` for `time`.
pub fn timestamp(time: SystemTime) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The calendar date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_calendar_dates() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01 00:00 UTC");
        let day = UNIX_EPOCH + Duration::from_secs(1_795_219_200 + 13 * 3600 + 20 * 60);
        assert_eq!(timestamp(day), "2026-11-21 13:20 UTC");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(timestamp(leap), "2000-02-29 00:00 UTC");
    }

    #[test]
    fn nesting_is_measured_outside_strings() {
        assert_eq!(too_deep("moves = [\"[[[[[[[[[[[[[[[[[[[[\"]"), None);
        let deep = format!("x = {}{}", "[".repeat(40), "]".repeat(40));
        assert_eq!(too_deep(&deep), Some(1));
    }
}
