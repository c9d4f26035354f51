//! Keeps `--help` true: every flag and argument a command lists reaches
//! that command's own arguments (a flag listed everywhere but read by a
//! few, as a global one is, fails), and every help that lists how a player
//! is written lists every way.

use std::ffi::OsStr;

use clap::{Arg, Command, CommandFactory, Parser};

use super::args::Cli;
use tabletop_core::seat::{CONTENDER_FORMS, SEAT_FORMS, listed};

/// Values to try on an argument without a list of possible values, until
/// one its parser takes.
const SAMPLES: [&str; 5] = ["5", "5+3", "ai:2", "127.0.0.1", "x"];

/// Whether `arg`, alone in a command, takes `value` (what it conflicts
/// with is not there to conflict).
fn takes(arg: &Arg, value: &str) -> bool {
    let arg = &arg
        .clone()
        .conflicts_with(clap::builder::Resettable::<clap::Id>::Reset);
    let (alone, given) = match arg.get_long() {
        Some(long) => (arg.clone(), vec![format!("--{long}"), value.to_string()]),
        None => (arg.clone().index(1), vec![value.to_string()]),
    };
    Command::new("alone")
        .arg(alone)
        .try_get_matches_from(std::iter::once("alone".to_string()).chain(given))
        .is_ok()
}

/// The values `arg` takes, other than its default.
fn samples(arg: &Arg) -> Vec<String> {
    let possible: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|value| value.get_name().to_string())
        .collect();
    let candidates = if possible.is_empty() {
        SAMPLES.map(String::from).to_vec()
    } else {
        possible
    };
    let defaults = arg.get_default_values();
    candidates
        .into_iter()
        .filter(|value| {
            !defaults
                .iter()
                .any(|default| &**default == OsStr::new(value))
                && takes(arg, value)
        })
        .collect()
}

/// The ways to give `arg`, each as words: `--flag VALUE` (for each value
/// it takes), `--switch` or `VALUE`.
fn ways(arg: &Arg) -> Vec<Vec<String>> {
    let flag: Vec<String> = arg
        .get_long()
        .map(|long| format!("--{long}"))
        .into_iter()
        .collect();
    if !arg.get_action().takes_values() {
        return vec![flag];
    }
    samples(arg)
        .into_iter()
        .map(|value| flag.iter().cloned().chain([value]).collect())
        .collect()
}

/// What a command parsed into: the whole command line for the top level
/// (its own flags are the default game's and its own), the subcommand's
/// value for the others.
fn own(cli: &Cli, top: bool) -> String {
    if top {
        format!("{cli:?}")
    } else {
        format!("{:?}", cli.command)
    }
}

/// Checks each argument of `command` (reached by the words `path`), then
/// its subcommands; says what is wrong in `wrong`.
fn check(command: &Command, path: &[String], wrong: &mut Vec<String>) {
    let shown = format!("tabletop {}", path.join(" "));
    let skipped = |arg: &&Arg| !matches!(arg.get_id().as_str(), "help" | "version");
    let mut base = path.to_vec();
    for arg in command.get_arguments().filter(skipped) {
        if arg.is_required_set() {
            match ways(arg).into_iter().next() {
                Some(words) => base.extend(words),
                None => wrong.push(format!("{shown}: no value for {}", arg.get_id())),
            }
        }
    }
    let parse = |extra: &[String]| {
        Cli::try_parse_from(
            std::iter::once("tabletop".to_string())
                .chain(base.iter().cloned())
                .chain(extra.iter().cloned()),
        )
    };
    let before = match parse(&[]) {
        Ok(cli) => own(&cli, path.is_empty()),
        Err(error) => {
            wrong.push(format!("{shown} {base:?} is refused: {error}"));
            return;
        }
    };
    for arg in command.get_arguments().filter(skipped) {
        if arg.is_required_set() {
            continue;
        }
        let mut read = false;
        for extra in ways(arg) {
            match parse(&extra) {
                Ok(cli) => read |= own(&cli, path.is_empty()) != before,
                Err(error) => wrong.push(format!("{shown} {extra:?} is refused: {error}")),
            }
        }
        if !read {
            wrong.push(format!(
                "{shown} --{}: listed, but not read by the command",
                arg.get_id()
            ));
        }
    }
    for sub in command.get_subcommands() {
        if sub.get_name() != "help" {
            let mut deeper = path.to_vec();
            deeper.push(sub.get_name().to_string());
            check(sub, &deeper, wrong);
        }
    }
}

#[test]
fn every_argument_a_command_lists_is_read_by_it() {
    let mut command = Cli::command();
    command.build();
    let mut wrong = Vec::new();
    check(&command, &[], &mut wrong);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every help of `command` and its subcommands, with where it is.
fn helps(command: &Command, path: &str, found: &mut Vec<(String, String)>) {
    for arg in command.get_arguments() {
        if let Some(help) = arg.get_help() {
            found.push((format!("{path} --{}", arg.get_id()), help.to_string()));
        }
    }
    for sub in command.get_subcommands() {
        helps(sub, &format!("{path} {}", sub.get_name()), found);
    }
}

#[test]
fn a_help_that_says_how_a_player_is_written_says_every_way() {
    let mut found = Vec::new();
    helps(&Cli::command(), "tabletop", &mut found);
    let (seats, contenders) = (listed(&SEAT_FORMS), listed(&CONTENDER_FORMS));
    let mut players = 0;
    for (place, help) in found {
        if help.contains("ai:LEVEL") || help.contains("gtp:COMMAND") {
            players += 1;
            assert!(
                help.contains(&seats) || help.contains(&contenders),
                "{place}: {help}"
            );
        }
    }
    // --x and --o of the default game and of each game, --first, --second.
    assert!(players >= 14, "{players}");
}
