//! The command line: which game, which settings, which front end.

mod animation;
mod args;
mod check_config;
mod commands;
mod engines;
mod game_flags;
#[cfg(test)]
mod help_check;
mod levels;
mod network;
mod network_app;
mod network_shared;
mod packaging;
mod puzzles;
mod review;
mod serve;
mod serve_ssh;

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use args::{Cli, Command};
use commands::{
    export, gtp, import, library, load, perft, play, referee, replay, resume, selfplay,
};
use game_flags::{DefaultGame, PlayGame};

use crate::games::{GameKind, titles};

/// The command line as clap knows it, described: for parsing, the
/// completions and the manual pages alike.
fn command() -> clap::Command {
    let about = format!("Abstract board games in the terminal: {}.", titles());
    let long_about = format!(
        "{about}\n\nWith no game named, tabletop opens the start screen, to choose the game, \
         its settings and who plays (with --plain, it plays {} line by line).",
        GameKind::default().title()
    );
    Cli::command().about(about).long_about(long_about)
}

/// Runs tabletop with the process's arguments; returns the exit status.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let parsed = command()
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version: clap prints them in full.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => return fail(&refusal(&error, &args), 2),
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure { message, code }) => fail(&message, code),
    }
}

/// Why clap refused `args`, on one line: a flag given without its value
/// says what it takes, as its help does (`--size needs a value: board
/// side: between 4 and 26 (default 6)`), where clap would only say that
/// one is needed.
fn refusal(error: &clap::Error, args: &[OsString]) -> String {
    needs_a_value(error, args).unwrap_or_else(|| one_line(&error.render().to_string()))
}

/// The refusal of a flag given without its value, naming what the flag
/// takes: its help in the command `args` named (`tabletop hex --size`
/// is Hex's `--size`).
fn needs_a_value(error: &clap::Error, args: &[OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let said = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    if error.kind() != ErrorKind::InvalidValue || !said(ContextKind::InvalidValue)?.is_empty() {
        return None;
    }
    // `--size <N>`.
    let long = said(ContextKind::InvalidArg)?
        .strip_prefix("--")?
        .split(' ')
        .next()?;
    let words = || args.iter().skip(1).filter_map(|word| word.to_str());
    let mut named = command();
    for word in words() {
        if let Some(sub) = named.find_subcommand(word) {
            named = sub.clone();
        }
    }
    // A setting's range is the game's (`tabletop gtp hex --size`).
    let game = words().find_map(|word| word.parse::<GameKind>().ok());
    let help = match game.and_then(|kind| game_flags::help_of(kind, long)) {
        Some(help) => help,
        None => named
            .get_arguments()
            .find(|arg| arg.get_long() == Some(long))?
            .get_help()?
            .to_string(),
    };
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut chars = help.trim_end_matches('.').chars();
    let first = chars.next()?;
    Some(format!(
        "--{long} needs a value: {}{}",
        first.to_lowercase(),
        chars.as_str()
    ))
}

/// Clap's message for bad arguments on one line: its first paragraph, the
/// lines that go on from the first (the allowed values, the arguments that
/// conflict) joined to it, without the usage and the help hint after it.
fn one_line(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or("error: bad arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first).trim_end();
    let rest: Vec<&str> = lines
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    match (rest.is_empty(), first.ends_with(':')) {
        (true, _) => first.to_string(),
        (false, true) => format!("{first} {}", rest.join(", ")),
        (false, false) => format!("{first} {}", rest.join(" ")),
    }
}

/// Prints a one-line error to standard error and gives the exit status;
/// nothing in it a terminal would act on (it may quote a peer), and a line
/// break in what it quotes (a file's name) written `\n`, so that it stays
/// one line.
fn fail(message: &str, code: u8) -> ExitCode {
    let message = tabletop_net::sanitise::printable(message.trim_end());
    eprintln!("error: {}", message.replace('\n', "\\n"));
    ExitCode::from(code)
}

pub(super) struct Failure {
    pub(super) message: String,
    pub(super) code: u8,
}

impl Failure {
    /// Bad settings or arguments: exit status 2.
    pub(super) fn usage(message: impl ToString) -> Failure {
        Failure {
            message: message.to_string(),
            code: 2,
        }
    }
}

/// A command that failed: exit status 1.
pub(super) fn failed(message: impl ToString) -> Failure {
    Failure {
        message: message.to_string(),
        code: 1,
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure {
            message: error.to_string(),
            code: 1,
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, Failure> {
    match cli.command {
        None if cli.check_config => check_config::check_config(),
        None => {
            let DefaultGame(flags) = cli.default_game;
            if cli.resume {
                resume(flags.animation.animate)
            } else {
                play(&flags, false)
            }
        }
        Some(Command::Play(PlayGame(flags))) => play(&flags, true),
        Some(Command::Gtp(args)) => gtp(&args),
        Some(Command::Match(args)) => referee(&args),
        Some(Command::Load(args)) => load(&args),
        Some(Command::Replay(args)) => replay(&args),
        Some(Command::Review(args)) => review::review(&args),
        Some(Command::Library(args)) => library(&args),
        Some(Command::Puzzles(args)) => puzzles::puzzles(&args),
        Some(Command::Perft(args)) => perft(&args),
        Some(Command::Selfplay(args)) => selfplay(&args),
        Some(Command::Import(args)) => import(&args),
        Some(Command::Export(args)) => export(&args),
        Some(Command::Host(args)) => network::host(&args),
        Some(Command::Join(args)) => network::join(&args, args::Role::Player),
        Some(Command::Watch(args)) => network::join(&args, args::Role::Spectator),
        Some(Command::Serve(args)) => serve::serve(&args),
        Some(Command::Online(args)) => network::online(&args),
        Some(Command::Engines(args)) => engines::engines_command(&args),
        Some(Command::Levels(args)) => levels::levels(&args),
        Some(Command::Completions(args)) => packaging::completions(command(), &args),
        Some(Command::Man(args)) => packaging::man(command(), &args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What tabletop says of the command line `line` (words split at
    /// spaces), which clap refuses.
    fn refused(line: &str) -> String {
        let args: Vec<OsString> = line.split(' ').map(OsString::from).collect();
        let error = command().try_get_matches_from(&args).expect_err("refused");
        refusal(&error, &args)
    }

    #[test]
    fn a_flag_without_its_value_names_what_it_takes() {
        assert_eq!(
            refused("tabletop --size"),
            "--size needs a value: board side: between 4 and 26 (default 6)"
        );
        assert_eq!(
            refused("tabletop hex --size"),
            "--size needs a value: board side: between 2 and 26 (default 11)"
        );
        assert_eq!(
            refused("tabletop gtp hex --size"),
            "--size needs a value: board side: between 2 and 26 (default 11)"
        );
        assert_eq!(
            refused("tabletop gomoku --rule"),
            refused("tabletop gomoku --size 15 --rule")
        );
        assert!(
            refused("tabletop gomoku --rule").contains("freestyle or exact"),
            "{}",
            refused("tabletop gomoku --rule")
        );
        for line in [
            "tabletop gtp gekitai --level",
            "tabletop review a.toml --level",
        ] {
            let said = refused(line);
            assert!(said.starts_with("--level needs a value: "), "{said}");
            assert!(said.ends_with("1 to 5"), "{said}");
        }
        for line in [
            "tabletop match hex --first ai:1 --second ai:2 --time-per-move",
            "tabletop match hex --first ai:1 --second ai:2 --move-timeout",
            "tabletop review a.toml --time-per-move",
        ] {
            let said = refused(line);
            assert!(said.contains(" needs a value: seconds "), "{said}");
            assert!(said.contains("more than 0 and at most 3600"), "{said}");
        }
        // A value given but wrong is refused as before.
        assert_eq!(
            refused("tabletop --clock x"),
            one_line(
                &command()
                    .try_get_matches_from(["tabletop", "--clock", "x"])
                    .expect_err("refused")
                    .render()
                    .to_string()
            )
        );
    }

    #[test]
    fn a_negative_level_or_time_is_refused_with_its_range() {
        let said = refused("tabletop gtp gekitai --level -1");
        assert!(
            said.contains("level must be a number from 1 to 5"),
            "{said}"
        );
    }
}
