//! Names the commit the binary is built from, for `tabletop --version`:
//! `TABLETOP_COMMIT` is `275434d1a2b3 2026-11-26` (the commit and its
//! date) in a git checkout, the commit cargo recorded when it packaged
//! the crate (`.cargo_vcs_info.json`) in a crate's tarball, and says that
//! it is unknown anywhere else. Nothing fails for want of git.

use std::path::Path;
use std::process::Command;

fn main() {
    let commit = from_git()
        .or_else(from_package)
        .unwrap_or_else(|| "commit unknown: not built from a git checkout".to_string());
    println!("cargo:rustc-env=TABLETOP_COMMIT={commit}");
    // A new commit or branch changes HEAD or the ref it names; outside a
    // checkout, only this file matters.
    println!("cargo:rerun-if-changed=build.rs");
    for path in ["HEAD", "packed-refs"] {
        if let Some(path) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(path) = git(&["rev-parse", "--git-path", &branch])
    {
        println!("cargo:rerun-if-changed={path}");
    }
}

/// What `git ARGS` prints in this package's folder, trimmed, if it runs
/// and succeeds.
fn git(args: &[&str]) -> Option<String> {
    let folder = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let output = Command::new("git")
        .args(args)
        .current_dir(folder)
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (output.status.success() && !text.is_empty()).then(|| text.to_string())
}

/// `275434d1a2b3 2026-11-26`, when this package is a git checkout.
fn from_git() -> Option<String> {
    let folder = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    // A package inside someone else's repository is not its checkout.
    let top = git(&["rev-parse", "--show-toplevel"])?;
    if Path::new(&top).canonicalize().ok()? != Path::new(&folder).canonicalize().ok()? {
        return None;
    }
    git(&["log", "-1", "--format=%h %cs", "--abbrev=12"])
}

/// `commit 275434d1a2b3…` as cargo recorded it in a packaged crate.
fn from_package() -> Option<String> {
    let folder = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let info = std::fs::read_to_string(Path::new(&folder).join(".cargo_vcs_info.json")).ok()?;
    // {"git": {"sha1": "…"}, "path_in_vcs": ""}: the one value wanted.
    let after = info.split("\"sha1\"").nth(1)?;
    let sha1: String = after
        .chars()
        .skip_while(|c| !c.is_ascii_hexdigit())
        .take_while(char::is_ascii_hexdigit)
        .take(12)
        .collect();
    (sha1.len() == 12).then(|| format!("{sha1}, as packaged"))
}
