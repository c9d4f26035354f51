//! Writing files atomically, and never over anything tabletop did not
//! create: a temporary file in the same folder, flushed to disk, then moved
//! into place, so an interrupted save never leaves a half-written record;
//! a link, a device, a FIFO, a read-only file or a file that is not a game
//! record is left alone, and so is a missing folder outside tabletop's own.
//! The temporary file of a save that was killed (`kill -9`, a power cut)
//! is removed by a later save in its folder.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, SystemTime};

use super::{config_dir, data_dir, failure};
use tabletop_engine::record;

/// Shared by every file being written, so that a signal never leaves one
/// half written (see [`hold_saves`]); saves of different files go on side
/// by side (a lobby server saves hundreds of games at once).
static SAVING: RwLock<()> = RwLock::new(());

/// Waits for every save under way to finish, and holds off the next ones
/// for as long as the guard lives (the app does this before it exits on a
/// signal).
pub fn hold_saves() -> RwLockWriteGuard<'static, ()> {
    SAVING
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Held while one file is written.
fn saving() -> RwLockReadGuard<'static, ()> {
    SAVING
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A refusal to write, as an error that says why.
fn refuse(path: &Path, why: &str) -> io::Error {
    failure(
        io::ErrorKind::Other,
        format!("{why}, not written over"),
        path,
    )
}

/// A kind of file tabletop writes: what it is called, and whether a text
/// is one (the only files a save may replace).
pub struct Kind {
    pub name: &'static str,
    pub is: fn(&str) -> bool,
}

/// Game records.
pub const RECORD: Kind = Kind {
    name: "a game record",
    is: |text| record::parse(text).is_ok(),
};

/// Whether `path` holds a file of `kind`.
fn holds(path: &Path, kind: &Kind) -> bool {
    let mut text = String::new();
    let read = File::open(path)
        .and_then(|file| file.take(super::MAX_RECORD_BYTES).read_to_string(&mut text));
    read.is_ok() && (kind.is)(&text)
}

/// Refuses a target that is anything but a writable file of `ours` (or
/// nothing yet).
fn may_write_over(path: &Path, ours: &Kind) -> io::Result<()> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => {
            return Err(not_a_folder(path).unwrap_or_else(|| {
                failure(error.kind(), format!("cannot look at it, {error}"), path)
            }));
        }
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err(refuse(path, "a symbolic link"));
    }
    if !kind.is_file() {
        return Err(refuse(path, "not a regular file"));
    }
    if meta.permissions().readonly() {
        return Err(refuse(path, "read-only"));
    }
    if !holds(path, ours) {
        return Err(refuse(path, &format!("not {}", ours.name)));
    }
    Ok(())
}

/// Whether `folder` is inside tabletop's own data or config folder.
fn is_ours(folder: &Path) -> bool {
    [data_dir(), config_dir()]
        .into_iter()
        .flatten()
        .any(|dir| folder.starts_with(dir))
}

/// The folder `path` goes in, made if it is inside tabletop's own data or
/// config folder; anywhere else a missing folder is refused rather than
/// made.
fn folder_of(path: &Path) -> io::Result<PathBuf> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.exists() {
        if !is_ours(&folder) {
            return Err(failure(
                io::ErrorKind::NotFound,
                "the folder does not exist",
                &folder,
            ));
        }
        if let Some(error) = not_a_folder(path) {
            return Err(error);
        }
        fs::create_dir_all(&folder).map_err(|error| {
            failure(
                error.kind(),
                format!("cannot make the folder, {error}"),
                &folder,
            )
        })?;
    } else if let Some(error) = not_a_folder(path) {
        return Err(error);
    }
    Ok(folder)
}

/// The refusal when a file is where a folder on the way to `path` should
/// be (which the system only calls "not a directory").
fn not_a_folder(path: &Path) -> Option<io::Error> {
    let file = path
        .ancestors()
        .skip(1)
        .filter(|folder| !folder.as_os_str().is_empty())
        .find(|folder| fs::symlink_metadata(folder).is_ok())?;
    (!file.is_dir()).then(|| failure(io::ErrorKind::Other, "not a folder", file))
}

/// How long a temporary file stands before it is taken for one left by a
/// save that never finished: a save takes a moment, even of the biggest
/// record on a slow disk.
const LEFT_AFTER: Duration = Duration::from_secs(600);

/// The name of the file a save's temporary file is written for, if
/// `name` is one: `.NAME.PROCESS.NUMBER.tmp` (see [`write_temporary`]).
fn temporary_for(name: &str) -> Option<&str> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = inner.rsplitn(3, '.');
    let (number, process, name) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (!name.is_empty() && digits(number) && digits(process)).then_some(name)
}

/// Removes beside `path` the temporary files of saves that never finished
/// (killed half way), those not touched for [`LEFT_AFTER`]: of `path`
/// anywhere, and of any file in tabletop's own folders (where a game kept
/// under a new name is not saved again); nothing else.
fn remove_leftovers(folder: &Path, path: &Path) {
    let every = is_ours(folder);
    let own = path.file_name().and_then(|name| name.to_str());
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let now = SystemTime::now();
    let old = |meta: fs::Metadata| {
        meta.is_file()
            && meta
                .modified()
                .is_ok_and(|at| now.duration_since(at).is_ok_and(|age| age > LEFT_AFTER))
    };
    for entry in entries.take(super::library::MAX_SCANNED).flatten() {
        let name = entry.file_name();
        let of = name.to_str().and_then(temporary_for);
        let ours = of.is_some() && (every || of == own);
        if ours && entry.metadata().is_ok_and(old) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Writes `text` to a new temporary file beside `path`; its path.
fn write_temporary(path: &Path, text: &str) -> io::Result<PathBuf> {
    let folder = folder_of(path)?;
    remove_leftovers(&folder, path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "record.toml".to_string());
    // Saves run side by side, so each has a temporary file of its own.
    // A name may still be taken: by a save killed in a process that had
    // this one's number (after a restart, in a container), or under way
    // in another (one data folder shared by containers); the next is
    // tried, and the file there is left alone.
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let (temporary, mut file) = loop {
        let n = SAVES.fetch_add(1, Ordering::Relaxed);
        let temporary = folder.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => break (temporary, file),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => {
                return Err(failure(
                    error.kind(),
                    format!("cannot write in the folder, {error}"),
                    &folder,
                ));
            }
        }
    };
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    match written {
        Ok(()) => Ok(temporary),
        Err(error) => {
            let _ = fs::remove_file(&temporary);
            Err(failure(
                error.kind(),
                format!("cannot write in the folder, {error}"),
                &folder,
            ))
        }
    }
}

/// Writes `text` to `path` atomically, replacing a game record there.
pub fn save(path: &Path, text: &str) -> io::Result<()> {
    save_as(path, text, &RECORD)
}

/// Writes `text` to `path` atomically, replacing a file of `ours` there.
pub fn save_as(path: &Path, text: &str, ours: &Kind) -> io::Result<()> {
    let _saving = saving();
    may_write_over(path, ours)?;
    let temporary = write_temporary(path, text)?;
    fs::rename(&temporary, path).map_err(|error| {
        let _ = fs::remove_file(&temporary);
        failure(error.kind(), format!("cannot write, {error}"), path)
    })?;
    settle(path);
    Ok(())
}

/// Writes `text` to `path` atomically, refusing if anything is there.
pub fn save_new(path: &Path, text: &str) -> io::Result<()> {
    let _saving = saving();
    let temporary = write_temporary(path, text)?;
    // A hard link fails where something already is, with no window in
    // which it could be written over.
    let linked = fs::hard_link(&temporary, path);
    let _ = fs::remove_file(&temporary);
    linked.map_err(|error| match error.kind() {
        io::ErrorKind::AlreadyExists => refuse(path, "already exists"),
        kind => failure(kind, format!("cannot write, {error}"), path),
    })?;
    settle(path);
    Ok(())
}

/// Makes the name a save gave its file last through a power cut: the
/// file's bytes are on the disk before it is renamed, and then the folder
/// that holds the new name is too. A folder that cannot be synced (some
/// file systems refuse) leaves the save as it is.
fn settle(path: &Path) {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if let Ok(folder) = fs::File::open(folder) {
        let _ = folder.sync_all();
    }
}
