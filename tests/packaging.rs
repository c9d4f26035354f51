//! What an installed tabletop gives its system, through the real binary:
//! `--version` names the commit, `completions bash` completes in a real
//! bash, and `man` prints pages that name every command.

mod common;

use std::process::Command;

use common::run;

const BINARY: &str = env!("CARGO_BIN_EXE_tabletop");

/// What `git ARGS` says of this checkout, if git runs here.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    output.status.success().then(|| text.trim().to_string())
}

#[test]
fn the_version_names_the_commit_built() {
    let version = run(&["--version"], b"").text();
    let expected = match git(&["log", "-1", "--format=%h %cs", "--abbrev=12"]) {
        Some(commit) => commit,
        None => "commit unknown: not built from a git checkout".to_string(),
    };
    assert_eq!(
        version,
        format!("tabletop {} ({expected})\n", env!("CARGO_PKG_VERSION"))
    );
}

/// What bash completes `words` to (the last one being typed), with the
/// script `tabletop completions bash` prints.
fn completed(words: &str) -> Vec<String> {
    let script = format!(
        r#"source <("{BINARY}" completions bash)
COMP_WORDS=({words})
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_LINE="{words}"
COMP_POINT=${{#COMP_LINE}}
_tabletop tabletop "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#
    );
    let output = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut words: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .map(String::from)
        .collect();
    words.sort();
    words
}

#[test]
fn bash_completes_commands_and_flags() {
    assert_eq!(completed("tabletop rev"), ["reversi", "review"]);
    assert_eq!(completed("tabletop reversi --"), {
        let mut flags = [
            "--size",
            "--b",
            "--w",
            "--no-animation",
            "--plain",
            "--save",
            "--help",
        ];
        flags.sort();
        flags
    });
    assert_eq!(completed("tabletop completions z"), ["zsh"]);
}

#[test]
fn zsh_and_fish_get_scripts_naming_every_game() {
    for shell in ["zsh", "fish"] {
        let script = run(&["completions", shell], b"");
        assert_eq!(script.status, 0, "{}", script.stderr);
        let text = script.text();
        for game in ["gekitai", "connect6", "hex", "reversi", "gomoku"] {
            assert!(text.contains(game), "{shell}: {game}");
        }
    }
    let unknown = run(&["completions", "tcsh"], b"");
    assert_eq!(unknown.status, 2);
    assert!(unknown.stderr.contains("tcsh"), "{}", unknown.stderr);
}

#[test]
fn the_man_pages_name_every_command_and_flag() {
    let page = run(&["man"], b"");
    assert_eq!(page.status, 0, "{}", page.stderr);
    let page = page.text();
    assert!(page.starts_with(".ie"), "{page}");
    assert!(page.contains(".TH tabletop 1"), "{page}");
    for command in [
        "gekitai",
        "match",
        "review",
        "puzzles",
        "completions",
        "man",
    ] {
        assert!(
            page.contains(&format!("tabletop\\-{command}(1)")),
            "{command}"
        );
    }
    let load = run(&["man", "load"], b"").text();
    assert!(load.contains(".TH tabletop-load 1"), "{load}");
    assert!(load.contains("\\-\\-no\\-animation"), "{load}");
    let add = run(&["man", "engines", "add"], b"").text();
    assert!(add.contains("\\-\\-patience"), "{add}");
    let none = run(&["man", "chess"], b"");
    assert_eq!(none.status, 2);
    assert!(
        none.stderr.contains("no command \"chess\""),
        "{}",
        none.stderr
    );
}

/// The commands whose pages `page` refers to (`tabletop-engines-add(1)`
/// is `engines add`).
fn referred(page: &str) -> Vec<String> {
    page.split("tabletop\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)"))
        .map(|(name, _)| name.replace("\\-", " "))
        .collect()
}

#[test]
fn the_readme_installs_every_page_the_pages_refer_to() {
    let mut pages = Vec::new();
    let mut to_read = vec![String::new()];
    while let Some(command) = to_read.pop() {
        let words: Vec<&str> = command.split_whitespace().collect();
        let args: Vec<&str> = std::iter::once("man").chain(words).collect();
        let page = run(&args, b"");
        assert_eq!(page.status, 0, "man {command}: {}", page.stderr);
        for next in referred(&page.text()) {
            if !pages.contains(&next) {
                pages.push(next.clone());
                to_read.push(next);
            }
        }
    }
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let listed = readme
        .lines()
        .find_map(|line| line.strip_prefix("for command in "))
        .and_then(|rest| rest.split_once("; do"))
        .map(|(list, _)| list)
        .expect("the README's loop over the pages");
    let mut named: Vec<String> = listed
        .split('"')
        .enumerate()
        .flat_map(|(i, part)| match i % 2 {
            // Inside quotes: one command of two words.
            1 => vec![part.to_string()],
            _ => part.split_whitespace().map(String::from).collect(),
        })
        .collect();
    named.sort();
    pages.sort();
    assert_eq!(named, pages);
}
