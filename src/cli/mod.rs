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
    let parsed = command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version: clap prints them in full.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => return fail(&one_line(&error.render().to_string()), 2),
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure { message, code }) => fail(&message, code),
    }
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
