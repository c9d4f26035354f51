//! The command line: which game, which settings, which front end.

mod args;
mod commands;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{AnyGame, Cli, Command, FinishedArg};
use commands::{full_screen, load, play, play_gekitai, referee, replay, resume};

use crate::app::screens::start::Choice;
use crate::engine::connect6::{Connect6, Connect6Settings};
use crate::engine::hex::{Hex, HexSettings};
use crate::engine::perft::{Finished, perft};
use crate::engine::reversi::{self, Reversi, ReversiSettings};
use crate::gtp;
use crate::plain::{Connect6Console, HexConsole, ReversiConsole};
use crate::selfplay::selfplay;
use crate::with_gekitai_board;

/// Runs tabletop with the process's arguments; returns the exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version: clap prints them in full.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            let rendered = error.render().to_string();
            let first = rendered.lines().next().unwrap_or("error: bad arguments");
            return fail(first.strip_prefix("error: ").unwrap_or(first), 2);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure { message, code }) => fail(&message, code),
    }
}

/// Prints a one-line error to standard error and gives the exit status.
fn fail(message: &str, code: u8) -> ExitCode {
    eprintln!("error: {message}");
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

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure {
            message: error.to_string(),
            code: 1,
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, Failure> {
    let animate = !cli.no_animation;
    match cli.command {
        None if cli.resume => resume(animate),
        None if !cli.gekitai.front.plain => {
            let settings = cli.gekitai.build().map_err(Failure::usage)?.settings();
            full_screen(
                Choice::Gekitai(settings),
                false,
                [cli.gekitai.x, cli.gekitai.o],
                animate,
            )
        }
        None => play_gekitai(&cli.gekitai),
        Some(Command::Gekitai(args)) if !args.front.plain => {
            let settings = args.build().map_err(Failure::usage)?.settings();
            full_screen(Choice::Gekitai(settings), true, [args.x, args.o], animate)
        }
        Some(Command::Gekitai(args)) => play_gekitai(&args),
        Some(Command::Connect6(args)) => {
            let settings = Connect6Settings::new(args.size, args.line).map_err(Failure::usage)?;
            if !args.front.plain {
                return full_screen(Choice::Connect6(settings), true, [args.b, args.w], animate);
            }
            play(
                &mut Connect6Console::new(Connect6::new(settings)),
                [args.b, args.w],
                args.front.save.as_deref(),
            )
        }
        Some(Command::Hex(args)) => {
            let settings = HexSettings::new(args.size, args.swap).map_err(Failure::usage)?;
            if !args.front.plain {
                return full_screen(Choice::Hex(settings), true, [args.o, args.x], animate);
            }
            play(
                &mut HexConsole::new(Hex::new(settings)),
                [args.o, args.x],
                args.front.save.as_deref(),
            )
        }
        Some(Command::Reversi(args)) => {
            let settings = ReversiSettings::new(args.size).map_err(Failure::usage)?;
            if !args.front.plain {
                return full_screen(Choice::Reversi(settings), true, [args.b, args.w], animate);
            }
            play(
                &mut ReversiConsole::new(Reversi::new(settings)),
                [args.b, args.w],
                args.front.save.as_deref(),
            )
        }
        Some(Command::Gtp(args)) => {
            let game = args.settings.build(args.game).map_err(Failure::usage)?;
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let input = io::stdin().lock();
            match game {
                AnyGame::Gekitai(g) => gtp::server::serve(g, args.level, input, &mut out),
                AnyGame::Connect6(g) => gtp::server::serve(g, args.level, input, &mut out),
                AnyGame::Hex(g) => gtp::server::serve(g, args.level, input, &mut out),
                AnyGame::Reversi(g) => gtp::server::serve(g, args.level, input, &mut out),
            }?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Match(args)) => referee(&args),
        Some(Command::Load(args)) => load(&args, animate),
        Some(Command::Replay(args)) => replay(&args, animate),
        Some(Command::Perft(args)) => {
            let game = args.settings.build(args.game).map_err(Failure::usage)?;
            let finished = match (args.finished, &game) {
                (Some(FinishedArg::Leaf), _) => Finished::Leaf,
                (Some(FinishedArg::None), _) | (None, AnyGame::Gekitai(_)) => Finished::Nothing,
                (None, _) => Finished::Leaf,
            };
            let depth = args.depth;
            let leaves = match &game {
                AnyGame::Gekitai(game) => {
                    with_gekitai_board!(game, board => perft(board, depth, finished))
                }
                AnyGame::Connect6(game) => perft(game, depth, finished),
                AnyGame::Hex(game) => perft(game, depth, finished),
                AnyGame::Reversi(game) if finished == Finished::Leaf => reversi::perft(game, depth),
                AnyGame::Reversi(game) => perft(game, depth, finished),
            };
            // A closed pipe (`| head`) is not worth a panic.
            let _ = writeln!(io::stdout(), "{leaves}");
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Selfplay(args)) => {
            let game = args.settings.build(args.game).map_err(Failure::usage)?;
            let (games, seed) = (args.games, args.seed);
            let report = match &game {
                AnyGame::Gekitai(game) => {
                    with_gekitai_board!(game, board => selfplay(board, games, seed))
                }
                AnyGame::Connect6(game) => selfplay(game, games, seed),
                AnyGame::Hex(game) => selfplay(game, games, seed),
                AnyGame::Reversi(game) => selfplay(game, games, seed),
            };
            let _ = write!(io::stdout(), "{}", report.to_lines());
            Ok(ExitCode::SUCCESS)
        }
    }
}
