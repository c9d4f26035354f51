//! Game records on disk: where they live (here), reading them safely
//! ([`reading`]: they come from users and are not trusted), writing them
//! atomically without ever writing over what tabletop did not create
//! ([`writing`]), listing a folder of them ([`library`]) and moving one to
//! the trash instead of deleting it ([`trash`]); every finished game is
//! kept in a new file ([`kept`]).

pub mod kept;
pub mod library;
mod nesting;
mod reading;
mod trash;
mod writing;

use std::fmt::Display;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use directories::ProjectDirs;

pub use reading::{MAX_RECORD_BYTES, load, parse, read_own, read_text};
pub use trash::{TRASH, move_to_trash};
pub use writing::{Kind, RECORD, hold_saves, save, save_as, save_new};

/// An error about the file or folder at `path`: why first, the path last
/// (`not a game record, not written over: ~/notes.toml`), so that where a
/// message is cut to fit a narrow screen it is the path that is
/// shortened, never the reason. Every error of this module that names a
/// path is built here.
fn failure(kind: io::ErrorKind, why: impl Display, path: &Path) -> io::Error {
    io::Error::new(kind, format!("{why}: {}", path.display()))
}

/// The folder for tabletop's own files (`$XDG_DATA_HOME/tabletop` on
/// Linux), if the platform has one.
pub fn data_dir() -> Option<PathBuf> {
    ProjectDirs::from("", "", "tabletop").map(|dirs| dirs.data_dir().to_path_buf())
}

/// The folder for tabletop's settings (`$XDG_CONFIG_HOME/tabletop` on
/// Linux), if the platform has one.
pub fn config_dir() -> Option<PathBuf> {
    ProjectDirs::from("", "", "tabletop").map(|dirs| dirs.config_dir().to_path_buf())
}

/// Where the game in progress is saved after every move.
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("autosave.toml"))
}

/// The folder games are saved in (`games` in the data folder): the one
/// the library shows.
pub fn games_dir() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("games"))
}

/// A new file name for saving a game of `game` now: dated, and numbered
/// when a game was already saved that minute.
pub fn default_save_path(game: &str) -> PathBuf {
    let stamp = timestamp(SystemTime::now());
    let folder = games_dir().unwrap_or_default();
    let mut names = kept::names(&folder, game, &stamp);
    let first = names
        .next()
        .unwrap_or_else(|| folder.join(format!("{game}.toml")));
    std::iter::once(first.clone())
        .chain(names)
        .find(|path| !path.exists())
        .unwrap_or(first)
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
}
