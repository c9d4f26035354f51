//! What each command does once its arguments are understood.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use super::Failure;
use super::args::{AnyGame, GekitaiArgs, MatchArgs, RecordArgs, StyleArg};
use crate::ai::Searchable;
use crate::app;
use crate::app::screens::start::Choice;
use crate::engine::record::{AnyRecord, Record, Recorded};
use crate::files;
use crate::plain::{
    self, Connect6Console, Console, Ending, GekitaiConsole, HexConsole, ReversiConsole,
};
use crate::referee::{MatchOptions, run_match};
use crate::seat::Seat;

pub(super) fn play_gekitai(args: &GekitaiArgs) -> Result<ExitCode, Failure> {
    let game = args.build().map_err(Failure::usage)?;
    let style = plain_style(args.style);
    let seats = [args.x, args.o];
    play(
        &mut GekitaiConsole::new(game, style),
        seats,
        args.front.save.as_deref(),
    )
}

/// Runs the full-screen app: on the start screen with `choice` selected,
/// or straight into that game when `at_once`.
pub(super) fn full_screen(
    choice: Choice,
    at_once: bool,
    seats: [Seat; 2],
    animate: bool,
) -> Result<ExitCode, Failure> {
    let options = app::Options {
        menu: choice,
        start: if at_once {
            app::Start::Game(choice)
        } else {
            app::Start::Menu
        },
        animate,
        autosave: files::autosave_path(),
        seats,
    };
    app::run(options).map_err(|error| Failure {
        message: format!("{error:#}"),
        code: 1,
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Plays a game in the plain console.
pub(super) fn play<C: Console>(
    console: &mut C,
    seats: [Seat; 2],
    save: Option<&Path>,
) -> Result<ExitCode, Failure>
where
    C::G: Recorded + Searchable,
{
    let start = console.game().clone();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let played = plain::run(console, seats, io::stdin().lock(), &mut out);
    out.flush()?;
    let (ending, moves) = played?;
    if let Some(path) = save {
        let mut record = Record::of_moves(start, moves);
        record.date = Some(files::timestamp(SystemTime::now()));
        record.players = seats.map(|seat| seat.to_string());
        files::save(path, &record.to_toml()).map_err(|error| Failure {
            message: format!("cannot save the game to {}: {error}", path.display()),
            code: 1,
        })?;
    }
    match ending {
        Ending::Finished => Ok(ExitCode::SUCCESS),
        Ending::InputEnded => Err(Failure {
            message: "input ended before the game did".to_string(),
            code: 1,
        }),
    }
}

/// Reads a record named on the command line; a bad one is a usage error.
fn read_record(path: &Path) -> Result<AnyRecord, Failure> {
    files::load(path).map_err(|error| Failure::usage(format!("{error:#}")))
}

/// `tabletop load FILE`: the saved game, continued from its last position.
pub(super) fn load(args: &RecordArgs, animate: bool) -> Result<ExitCode, Failure> {
    let record = read_record(&args.file)?;
    if !args.plain {
        return full_screen_record(app::Start::Continue(record), animate);
    }
    let style = plain_style(args.style);
    match record {
        AnyRecord::Gekitai(r) => play(
            &mut GekitaiConsole::new(r.end(), style),
            seats_of(&r.players),
            None,
        ),
        AnyRecord::Connect6(r) => play(
            &mut Connect6Console::new(r.end()),
            seats_of(&r.players),
            None,
        ),
        AnyRecord::Hex(r) => play(&mut HexConsole::new(r.end()), seats_of(&r.players), None),
        AnyRecord::Reversi(r) => play(
            &mut ReversiConsole::new(r.end()),
            seats_of(&r.players),
            None,
        ),
    }
}

/// `tabletop replay FILE`: the viewer, or with `--plain` exactly what the
/// plain mode prints when the record's moves are typed in order.
pub(super) fn replay(args: &RecordArgs, animate: bool) -> Result<ExitCode, Failure> {
    let record = read_record(&args.file)?;
    if !args.plain {
        return full_screen_record(app::Start::Replay(record), animate);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let style = plain_style(args.style);
    match record {
        AnyRecord::Gekitai(r) => {
            plain::replay(&mut GekitaiConsole::new(r.start, style), &r.moves, &mut out)
        }
        AnyRecord::Connect6(r) => {
            plain::replay(&mut Connect6Console::new(r.start), &r.moves, &mut out)
        }
        AnyRecord::Hex(r) => plain::replay(&mut HexConsole::new(r.start), &r.moves, &mut out),
        AnyRecord::Reversi(r) => {
            plain::replay(&mut ReversiConsole::new(r.start), &r.moves, &mut out)
        }
    }?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `tabletop --resume`: the unfinished game saved automatically.
pub(super) fn resume(animate: bool) -> Result<ExitCode, Failure> {
    match app::unfinished_autosave() {
        Some(record) => full_screen_record(app::Start::Continue(record), animate),
        None => Err(Failure::usage("there is no unfinished game to resume")),
    }
}

fn full_screen_record(start: app::Start, animate: bool) -> Result<ExitCode, Failure> {
    let options = app::Options {
        menu: Choice::default(),
        start,
        animate,
        autosave: files::autosave_path(),
        seats: [Seat::Human; 2],
    };
    app::run(options).map_err(|error| Failure {
        message: format!("{error:#}"),
        code: 1,
    })?;
    Ok(ExitCode::SUCCESS)
}

fn plain_style(style: StyleArg) -> plain::Style {
    match style {
        StyleArg::Boxed => plain::Style::Boxed,
        StyleArg::Dots => plain::Style::Dots,
    }
}

/// The seats a record names (anything unknown plays as a human).
fn seats_of(players: &[String; 2]) -> [Seat; 2] {
    players.clone().map(|name| name.parse().unwrap_or_default())
}

/// `tabletop match`: plays the games, then prints the totals.
pub(super) fn referee(args: &MatchArgs) -> Result<ExitCode, Failure> {
    let time = match args.time_per_move {
        Some(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0 => {
            Some(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(Failure::usage(format!(
                "--time-per-move must be between 0 and 3600 seconds (got {seconds})"
            )));
        }
        None => None,
    };
    let game = args.settings.build(args.game).map_err(Failure::usage)?;
    let (first, second, games) = (&args.first, &args.second, args.games);
    let options = MatchOptions {
        time_per_move: time,
        records: args.records.as_deref(),
        opening: args.opening,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let tally = match &game {
        AnyGame::Gekitai(g) => run_match(g, first, second, games, options, &mut out),
        AnyGame::Connect6(g) => run_match(g, first, second, games, options, &mut out),
        AnyGame::Hex(g) => run_match(g, first, second, games, options, &mut out),
        AnyGame::Reversi(g) => run_match(g, first, second, games, options, &mut out),
    }
    .map_err(|error| Failure {
        message: format!("{error:#}"),
        code: 1,
    })?;
    let (elo, margin) = tally.elo();
    let _ = write!(
        out,
        "games {}\nwins {}\nlosses {}\ndraws {}\nscore {:.3}\nelo {:+.0} ± {:.0}\n",
        tally.games(),
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        elo,
        margin
    );
    Ok(ExitCode::SUCCESS)
}
