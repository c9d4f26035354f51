//! Reading a record file (or another program's game file) safely: they
//! come from users and are not trusted. Only regular files are opened (a
//! FIFO would hang, a device never end), their size is bounded, a record's
//! nesting is checked before the TOML parser sees it, and the file is
//! never changed.

use std::fs::{self, File, FileType};
use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};

use super::nesting::too_deep;
use crate::games::{self, AnyRecord};

/// No record needs more: twenty thousand moves fit in a tenth of this.
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

/// What a file that is not a regular file is, in words.
fn kind_of(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// Refuses anything but a regular file, without opening it.
pub(super) fn regular_file(path: &Path) -> anyhow::Result<()> {
    let kind = fs::metadata(path)
        .with_context(|| format!("cannot open {}", path.display()))?
        .file_type();
    if !kind.is_file() {
        bail!(
            "{} is {}: only game record files are read",
            path.display(),
            kind_of(kind)
        );
    }
    Ok(())
}

/// Reads a file of text from a user, leaving it untouched: a regular
/// file, at most [`MAX_RECORD_BYTES`], in UTF-8.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    regular_file(path)?;
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
    String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{}: not a text file (not UTF-8)", path.display()))
}

/// Reads one of tabletop's own small files (the remembered start screen,
/// the puzzles solved): `None` when there is none yet, else its text, or
/// a one-line notice when what is there cannot be read.
pub fn read_own(path: &Path) -> Result<Option<String>, String> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    let mut text = String::new();
    File::open(path)
        .and_then(|file| file.take(MAX_RECORD_BYTES).read_to_string(&mut text))
        .map_err(|error| format!("{}: {error}", path.display()))?;
    Ok(Some(text))
}

/// Reads and checks a record file, leaving it untouched.
pub fn load(path: &Path) -> anyhow::Result<AnyRecord> {
    let text = read_text(path)?;
    parse(&text).map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))
}

/// Checks the text of a record file already read (by [`read_text`]), as
/// [`load`] does.
pub fn parse(text: &str) -> anyhow::Result<AnyRecord> {
    if let Some(line) = too_deep(text) {
        bail!("line {line}: nested deeper than any record");
    }
    games::read_record(text).map_err(|error| anyhow::anyhow!("{error}"))
}
