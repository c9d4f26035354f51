//! Deleting a game the safe way: the file moves to a `trash/` folder beside
//! it, under its own name or, when the trash already holds a file of that
//! name, a numbered one (`hex-2026.toml`, `hex-2026-2.toml`, ...). Nothing
//! in the trash is ever written over, and nothing is ever deleted.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::failure;

/// The folder a deleted file goes to.
pub const TRASH: &str = "trash";

/// The most names tried in the trash before giving up.
const MOST_NAMES: usize = 10_000;

/// The `n`th name tried in the trash for a file called `name`: the name
/// itself, then `stem-2.ext`, `stem-3.ext`, ...
fn trash_name(name: &Path, n: usize) -> OsString {
    if n <= 1 {
        return name.as_os_str().to_os_string();
    }
    let stem = name.file_stem().unwrap_or(name.as_os_str());
    let mut numbered = stem.to_os_string();
    numbered.push(format!("-{n}"));
    if let Some(extension) = name.extension() {
        numbered.push(".");
        numbered.push(extension);
    }
    numbered
}

/// The trash beside `path`, made if it is not there yet; refused if
/// something other than a folder has its name.
fn trash_beside(path: &Path) -> io::Result<PathBuf> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let trash = folder.join(TRASH);
    match fs::symlink_metadata(&trash) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(failure(
                io::ErrorKind::Other,
                "not a folder, nothing was moved",
                &trash,
            ));
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => fs::create_dir(&trash)?,
        Err(error) => return Err(error),
    }
    Ok(trash)
}

/// Moves the file at `path` into the `trash/` folder beside it, never over
/// a file already there; where it went.
pub fn move_to_trash(path: &Path) -> io::Result<PathBuf> {
    let meta = fs::symlink_metadata(path)?;
    if meta.is_dir() {
        return Err(failure(
            io::ErrorKind::Other,
            "a folder, only files go to the trash",
            path,
        ));
    }
    let name = path
        .file_name()
        .map(Path::new)
        .ok_or_else(|| failure(io::ErrorKind::Other, "names no file", path))?;
    let trash = trash_beside(path)?;
    for n in 1..=MOST_NAMES {
        let target = trash.join(trash_name(name, n));
        // A hard link fails where a file already is, with no moment at
        // which it could be written over; the file then leaves the folder.
        match fs::hard_link(path, &target) {
            Ok(()) => {
                fs::remove_file(path).inspect_err(|_| {
                    // Left where it was: the link in the trash goes again.
                    let _ = fs::remove_file(&target);
                })?;
                return Ok(target);
            }
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if fs::symlink_metadata(&target).is_ok() => continue,
            // A file system without hard links: a rename to a name that is
            // free.
            Err(_) => {
                fs::rename(path, &target)?;
                return Ok(target);
            }
        }
    }
    Err(failure(
        io::ErrorKind::Other,
        format!(
            "{MOST_NAMES} files called {} there already, nothing was moved",
            name.display()
        ),
        &trash,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tabletop-trash-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    #[test]
    fn names_in_the_trash_are_numbered_before_the_extension() {
        let name = Path::new("hex-2026.toml");
        assert_eq!(trash_name(name, 1), "hex-2026.toml");
        assert_eq!(trash_name(name, 2), "hex-2026-2.toml");
        assert_eq!(trash_name(name, 10), "hex-2026-10.toml");
        assert_eq!(trash_name(Path::new("notes"), 3), "notes-3");
    }

    #[test]
    fn a_file_moves_to_a_new_trash_folder_whole() {
        let dir = scratch("move");
        let path = dir.join("game.toml");
        fs::write(&path, "game = \"hex\"\n").expect("written");
        let moved = move_to_trash(&path).expect("moved");
        assert_eq!(moved, dir.join("trash").join("game.toml"));
        assert!(!path.exists());
        assert_eq!(
            fs::read_to_string(&moved).expect("read"),
            "game = \"hex\"\n"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn nothing_in_the_trash_is_written_over() {
        let dir = scratch("never-over");
        fs::create_dir(dir.join("trash")).expect("a trash");
        fs::write(dir.join("trash/game.toml"), "first").expect("written");
        fs::write(dir.join("trash/game-2.toml"), "second").expect("written");
        for (round, text) in ["third", "fourth"].iter().enumerate() {
            let path = dir.join("game.toml");
            fs::write(&path, text).expect("written");
            let moved = move_to_trash(&path).expect("moved");
            let expected = format!("game-{}.toml", round + 3);
            assert_eq!(moved, dir.join("trash").join(expected));
            assert_eq!(fs::read_to_string(&moved).expect("read"), *text);
            assert!(!path.exists());
        }
        assert_eq!(
            fs::read_to_string(dir.join("trash/game.toml")).expect("read"),
            "first"
        );
        assert_eq!(
            fs::read_to_string(dir.join("trash/game-2.toml")).expect("read"),
            "second"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_trash_that_is_not_a_folder_is_left_alone() {
        let dir = scratch("not-a-folder");
        fs::write(dir.join("trash"), "a file").expect("written");
        let path = dir.join("game.toml");
        fs::write(&path, "game").expect("written");
        assert!(move_to_trash(&path).is_err());
        assert!(path.exists());
        assert_eq!(
            fs::read_to_string(dir.join("trash")).expect("read"),
            "a file"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
