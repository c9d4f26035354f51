//! Folders of a test's own in the system's temporary folder, removed when
//! the test is done with them, so that runs do not pile up folders there.

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A new empty folder, removed with what is in it when dropped, except
/// while a test is failing: then it stays to be looked at.
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new empty folder named after `what`, unique in this run.
    pub fn new(what: &str) -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        let name = format!("tabletop-{what}-{}-{n}", std::process::id());
        let path = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary folder");
        Scratch { path }
    }
}

impl Deref for Scratch {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// So that it can be given to a process as it is (`XDG_DATA_HOME`).
impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            // A process the test started may still be writing in it; what
            // cannot be removed now is left to the system's cleaning.
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}
