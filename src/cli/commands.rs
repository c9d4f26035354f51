//! What each command does once its arguments are understood. Each runs
//! generic code for the game named, through the list of games.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use super::Failure;
use super::args::{
    ExportArgs, FinishedArg, GtpArgs, ImportArgs, LibraryArgs, MatchArgs, PerftArgs, RecordArgs,
    SelfplayArgs,
};
use super::game_flags::GameFlags;
use crate::app;
use crate::games;
use crate::games::{AnyRecord, Interactive, Setup, WithRecord, WithSetup};
use crate::gtp;
use crate::plain::{self, Ending, PlainClock, Style};
use tabletop_ai::Level;
use tabletop_core::clock::{Clock, TimeSource};
use tabletop_core::config;
use tabletop_core::files;
use tabletop_core::interchange::{self, Format};
use tabletop_core::referee::{MatchOptions, run_match};
use tabletop_core::seat::Contender;
use tabletop_core::seat::Seat;
use tabletop_core::selfplay;
use tabletop_engine::line::Line;
use tabletop_engine::perft::Finished;
use tabletop_engine::record::{Adjudged, Record};
use tabletop_engine::time_control::TimeControl;

/// `tabletop [GAME] [flags]`: the full-screen app (on the start screen
/// unless a game was named, `at_once`), or the plain mode.
pub(super) fn play(flags: &GameFlags, at_once: bool) -> Result<ExitCode, Failure> {
    let animate = flags.animation.animate;
    let setup = flags.setup().map_err(Failure::usage)?;
    check_engines(&flags.seats, setup.kind())?;
    if !flags.plain {
        if at_once {
            return full_screen(
                setup.clone(),
                app::Start::Game(setup),
                flags.seats.clone(),
                flags.clock,
                animate,
            );
        }
        // With nothing asked for, the start screen shows what it did last.
        let remember = app::remembered::path();
        let (mut menu, mut seats, mut clock) = (setup, flags.seats.clone(), flags.clock);
        let mut notice = None;
        if flags.is_default() {
            match remember.as_deref().map(app::remembered::load) {
                Some(Ok(Some(remembered))) => {
                    (menu, seats, clock) = (remembered.setup, remembered.seats, remembered.clock);
                }
                Some(Err(why)) => notice = Some(why),
                Some(Ok(None)) | None => {}
            }
        }
        return run_app(app::Options {
            menu,
            start: app::Start::Menu,
            animate,
            autosave: files::autosave_path(),
            library: files::games_dir(),
            seats,
            clock,
            time: TimeSource::System,
            remember,
            looks: app::looks::path(),
            notice,
            config: tabletop_core::config::read(),
        });
    }
    struct Plain<'a>(&'a GameFlags);
    impl WithSetup for Plain<'_> {
        type Output = Result<ExitCode, Failure>;
        fn run<G: Interactive>(self, settings: G::Settings) -> Self::Output {
            let flags = self.0;
            let clock = flags.clock.map(Clock::new);
            play_plain(
                Line::new(G::new(settings)),
                flags.seats.clone(),
                clock,
                flags.save.as_deref(),
                flags.style,
            )
        }
    }
    games::with_setup(&setup, Plain(flags))
}

/// Refuses a seat that names an engine config.toml does not have, or one
/// configured for other games.
fn check_engines(seats: &[Seat; 2], game: crate::games::GameKind) -> Result<(), Failure> {
    for seat in seats {
        if let Seat::Engine(outside) = seat {
            let engine = config::engines::resolve(outside).map_err(Failure::usage)?;
            if !engine.plays(game) {
                return Err(Failure::usage(format!(
                    "the engine {} is configured for other games than {game}",
                    engine.name
                )));
            }
        }
    }
    Ok(())
}

/// Runs the full-screen app, its start screen showing `menu`.
fn full_screen(
    menu: Setup,
    start: app::Start,
    seats: [Seat; 2],
    clock: Option<TimeControl>,
    animate: bool,
) -> Result<ExitCode, Failure> {
    run_app(app::Options {
        menu,
        start,
        animate,
        autosave: files::autosave_path(),
        library: files::games_dir(),
        seats,
        clock,
        time: TimeSource::System,
        remember: app::remembered::path(),
        looks: app::looks::path(),
        notice: None,
        config: tabletop_core::config::read(),
    })
}

/// Runs the full-screen app, if there is a terminal to run it in.
fn run_app(options: app::Options) -> Result<ExitCode, Failure> {
    if let Some(why) = app::terminal::unavailable() {
        return Err(Failure::usage(format!(
            "the full-screen app needs a terminal ({why}): add --plain for the line-by-line mode"
        )));
    }
    app::run(options).map_err(|error| Failure {
        message: format!("{error:#}"),
        code: 1,
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Plays on from the end of `line` in the plain console, on `clock` if
/// there is one, saving the whole line to `save` at the end.
fn play_plain<G: Interactive>(
    line: Line<G>,
    seats: [Seat; 2],
    clock: Option<Clock>,
    save: Option<&Path>,
    style: Style,
) -> Result<ExitCode, Failure> {
    let mut clock = clock.map(|clock| PlainClock {
        clock,
        time: TimeSource::System,
    });
    // A game loaded finished is in its file already.
    let over_already = line.game().is_over();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let played = plain::run_on_clock(
        &mut G::console(line.game().clone(), style),
        line,
        seats.clone(),
        clock.as_mut(),
        io::stdin().lock(),
        &mut out,
    );
    out.flush()?;
    let (ending, line) = played?;
    let mut record = Record::of_line(&line);
    record.date = Some(files::timestamp(SystemTime::now()));
    record.players = seats.map(|seat| seat.to_string());
    match ending {
        Ending::Resigned(player) => record.resigned = Some(player),
        Ending::OutOfTime(player) => record.adjudged = Some(Adjudged::OutOfTime(player)),
        Ending::Finished | Ending::InputEnded => {}
    }
    if let Some(clock) = &mut clock {
        record.clock = Some(clock.clock.control);
        // Stopped under way: the time left, to go on with when loaded.
        let left = clock.stopped();
        record.clock_left = (ending == Ending::InputEnded).then_some(left);
    }
    let unsaved = save.and_then(|path| {
        files::save(path, &record.to_toml())
            .err()
            .map(|error| Failure {
                message: format!("cannot save the game to {}: {error}", path.display()),
                code: 1,
            })
    });
    // A finished game is kept in the saved games even when its save failed.
    if ending != Ending::InputEnded && !over_already {
        keep_finished(&record, save.filter(|_| unsaved.is_none()));
    }
    if let Some(failure) = unsaved {
        return Err(failure);
    }
    match ending {
        Ending::Finished | Ending::Resigned(_) | Ending::OutOfTime(_) => Ok(ExitCode::SUCCESS),
        Ending::InputEnded => Err(Failure {
            message: "input ended before the game did".to_string(),
            code: 1,
        }),
    }
}

/// Keeps the finished game of `record` in the saved games, unless the
/// player's config says not to or it was saved there already (`saved`);
/// standard output is the game's text alone, so a failure is said on
/// standard error, and the game is still over.
fn keep_finished<G: Interactive>(record: &Record<G>, saved: Option<&Path>) {
    let folder = files::games_dir().filter(|_| config::read().keeps_finished());
    let Some(folder) = folder else {
        return;
    };
    if saved.is_some_and(|path| path.starts_with(&folder)) {
        return;
    }
    let stamp = record.date.clone().unwrap_or_default();
    if let Err(error) = files::kept::keep_new(&folder, G::NAME, &stamp, &record.to_toml()) {
        eprintln!(
            "the finished game was not kept in the saved games: {}",
            tabletop_net::sanitise::printable(&error.to_string())
        );
    }
}

/// Reads a record named on the command line; a bad one is a usage error.
pub(super) fn read_record(path: &Path) -> Result<AnyRecord, Failure> {
    files::load(path).map_err(|error| Failure::usage(format!("{error:#}")))
}

/// The plain mode's style named on the command line.
fn style(args: &RecordArgs) -> Style {
    args.style
        .as_deref()
        .and_then(Style::named)
        .unwrap_or_default()
}

/// `tabletop load FILE`: the saved game, continued from its last position.
pub(super) fn load(args: &RecordArgs) -> Result<ExitCode, Failure> {
    let record = read_record(&args.file)?;
    if !args.plain {
        return full_screen_record(app::Start::Continue(record), args.animation.animate);
    }
    struct Load(Style);
    impl WithRecord for Load {
        type Output = Result<ExitCode, Failure>;
        fn run<G: Interactive>(self, record: Record<G>) -> Self::Output {
            if record.resigned.is_none() && record.adjudged.is_none() {
                let clock = record.clock.map(|control| {
                    Clock::resumed(control, record.clock_left.unwrap_or([control.base(); 2]))
                });
                return play_plain(
                    record.line(),
                    seats_of(&record.players),
                    clock,
                    None,
                    self.0,
                );
            }
            // A game given up or lost on time goes on no more: its
            // position and how it ended.
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            plain::replay(&mut G::console(record.end(), self.0), &[], &mut out)?;
            match (record.resigned, record.adjudged) {
                (Some(resigner), _) => plain::resigned::<G>(resigner, &mut out)?,
                (None, Some(adjudged)) => plain::adjudged::<G>(adjudged, &mut out)?,
                (None, None) => {}
            }
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
    }
    games::with_record(record, Load(style(args)))
}

/// `tabletop replay FILE`: the viewer, or with `--plain` exactly what the
/// plain mode prints when the record's moves are typed in order.
pub(super) fn replay(args: &RecordArgs) -> Result<ExitCode, Failure> {
    let record = read_record(&args.file)?;
    if !args.plain {
        let start = app::Start::Replay(record, Some(args.file.clone()));
        return full_screen_record(start, args.animation.animate);
    }
    struct Replay(Style);
    impl WithRecord for Replay {
        type Output = io::Result<()>;
        fn run<G: Interactive>(self, record: Record<G>) -> io::Result<()> {
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            plain::replay(
                &mut G::console(record.start, self.0),
                &record.moves,
                &mut out,
            )?;
            if let Some(resigner) = record.resigned {
                plain::resigned::<G>(resigner, &mut out)?;
            } else if let Some(adjudged) = record.adjudged {
                plain::adjudged::<G>(adjudged, &mut out)?;
            }
            out.flush()
        }
    }
    games::with_record(record, Replay(style(args)))?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to `path`, a new file, and prints the path.
fn write_new(path: &Path, text: &str) -> Result<ExitCode, Failure> {
    files::save_new(path, text).map_err(|error| Failure {
        message: format!("cannot write {}: {error}", path.display()),
        code: 1,
    })?;
    let _ = writeln!(io::stdout(), "{}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// `tabletop import FILE`: another program's game, every move checked,
/// written as a tabletop record beside it (or to `--out`).
pub(super) fn import(args: &ImportArgs) -> Result<ExitCode, Failure> {
    let text =
        files::read_text(&args.file).map_err(|error| Failure::usage(format!("{error:#}")))?;
    let named_sgf = args
        .file
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case(Format::Sgf.extension()));
    let record = interchange::import(&text, named_sgf)
        .map_err(|error| Failure::usage(format!("{}: {error}", args.file.display())))?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.file.with_extension("toml"));
    write_new(&out, &record)
}

/// `tabletop export FILE --format F`: a record written where other
/// programs keep games, beside it (or to `--out`).
pub(super) fn export(args: &ExportArgs) -> Result<ExitCode, Failure> {
    let record = read_record(&args.file)?;
    let (format, text) = interchange::export(record, args.format)
        .map_err(|error| Failure::usage(format!("{}: {error}", args.file.display())))?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.file.with_extension(format.extension()));
    write_new(&out, &text)
}

/// `tabletop --resume`: the unfinished game saved automatically.
pub(super) fn resume(animate: bool) -> Result<ExitCode, Failure> {
    let path = files::autosave_path()
        .ok_or_else(|| Failure::usage("this system has no data folder, so no game was saved"))?;
    match app::unfinished_autosave(&path) {
        Ok(Some(record)) => full_screen_record(app::Start::Continue(record), animate),
        Ok(None) => Err(Failure::usage("there is no unfinished game to resume")),
        Err(why) => Err(Failure::usage(why)),
    }
}

/// `tabletop library [DIR]`: the saved games, in DIR or the data folder.
pub(super) fn library(args: &LibraryArgs) -> Result<ExitCode, Failure> {
    let folder = match &args.dir {
        Some(dir) => dir.clone(),
        None => files::games_dir().ok_or_else(|| {
            Failure::usage("this system has no data folder: name one, tabletop library DIR")
        })?,
    };
    // A folder named must be one; the data folder's games may not be
    // there yet, but nothing else may stand in their place.
    let may_be_missing = args.dir.is_none() && !folder.exists();
    if !folder.is_dir() && !may_be_missing {
        return Err(Failure::usage(format!(
            "{} is not a folder",
            folder.display()
        )));
    }
    full_screen_record(app::Start::Library(folder), args.animation.animate)
}

pub(super) fn full_screen_record(start: app::Start, animate: bool) -> Result<ExitCode, Failure> {
    full_screen(
        Setup::default(),
        start,
        [Seat::Human, Seat::Human],
        None,
        animate,
    )
}

/// The seats a record names, to continue its game.
fn seats_of(players: &[String; 2]) -> [Seat; 2] {
    players.clone().map(|name| Seat::of_record(&name))
}

/// `tabletop gtp GAME`: the engine on standard input and output.
pub(super) fn gtp(args: &GtpArgs) -> Result<ExitCode, Failure> {
    struct Serve(Level);
    impl WithSetup for Serve {
        type Output = io::Result<()>;
        fn run<G: Interactive>(self, settings: G::Settings) -> io::Result<()> {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            gtp::serve(G::new(settings), self.0, io::stdin().lock(), &mut out)
        }
    }
    let setup = args.game.setup().map_err(Failure::usage)?;
    games::with_setup(&setup, Serve(args.level))?;
    Ok(ExitCode::SUCCESS)
}

/// Deeper than any count could finish: the smallest board's perft(20)
/// would take years.
const MAX_PERFT_DEPTH: usize = 20;

/// Progress of a long count, on standard error: a line a second once it
/// has run a second (kept on one line in a terminal).
struct Progress {
    started: Instant,
    shown: Option<Instant>,
    terminal: bool,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            started: Instant::now(),
            shown: None,
            terminal: io::stderr().is_terminal(),
        }
    }

    fn tell(&mut self, share: f64) {
        let now = Instant::now();
        let due = self.shown.map_or(self.started, |shown| shown) + Duration::from_secs(1);
        if now < due {
            return;
        }
        self.shown = Some(now);
        let seconds = now.duration_since(self.started).as_secs();
        let line = format!("perft: {:.1}% counted, {seconds} s", 100.0 * share);
        let mut err = io::stderr().lock();
        let _ = if self.terminal {
            write!(err, "\r{line}")
        } else {
            writeln!(err, "{line}")
        };
    }

    /// Clears the progress line of a terminal.
    fn done(&self) {
        if self.terminal && self.shown.is_some() {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// `tabletop perft GAME DEPTH`: the count, on standard output.
pub(super) fn perft(args: &PerftArgs) -> Result<ExitCode, Failure> {
    struct Count(usize, Option<FinishedArg>);
    impl WithSetup for Count {
        type Output = u64;
        fn run<G: Interactive>(self, settings: G::Settings) -> u64 {
            let finished = match self.1 {
                Some(FinishedArg::Leaf) => Finished::Leaf,
                Some(FinishedArg::None) => Finished::Nothing,
                None => G::PERFT_FINISHED,
            };
            let mut progress = Progress::new();
            let count = G::new(settings).perft(self.0, finished, &mut |share| progress.tell(share));
            progress.done();
            count
        }
    }
    if args.depth > MAX_PERFT_DEPTH {
        return Err(Failure::usage(format!(
            "DEPTH must be between 0 and {MAX_PERFT_DEPTH} (got {}): a deeper count would not finish",
            args.depth
        )));
    }
    let setup = args.game.setup().map_err(Failure::usage)?;
    let leaves = games::with_setup(&setup, Count(args.depth, args.finished));
    // A closed pipe (`| head`) is not worth a panic.
    let _ = writeln!(io::stdout(), "{leaves}");
    Ok(ExitCode::SUCCESS)
}

/// `tabletop selfplay GAME`: random games, and who won how often.
pub(super) fn selfplay(args: &SelfplayArgs) -> Result<ExitCode, Failure> {
    struct Play(u64, u64);
    impl WithSetup for Play {
        type Output = String;
        fn run<G: Interactive>(self, settings: G::Settings) -> String {
            selfplay::selfplay(&G::new(settings), self.0, self.1).to_lines()
        }
    }
    let setup = args.game.setup().map_err(Failure::usage)?;
    let report = games::with_setup(&setup, Play(args.games, args.seed));
    let _ = write!(io::stdout(), "{report}");
    Ok(ExitCode::SUCCESS)
}

/// `--time-per-move SECONDS`, checked: more than 0, at most an hour.
pub(super) fn time_per_move(seconds: Option<f64>) -> Result<Option<Duration>, Failure> {
    seconds_up_to_an_hour("--time-per-move", seconds)
}

/// A flag's SECONDS, checked: more than 0, at most an hour.
fn seconds_up_to_an_hour(flag: &str, seconds: Option<f64>) -> Result<Option<Duration>, Failure> {
    match seconds {
        Some(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(Failure::usage(format!(
            "{flag} must be between 0 and 3600 seconds (got {s})"
        ))),
        None => Ok(None),
    }
}

/// `tabletop match`: plays the games, then prints the totals.
pub(super) fn referee(args: &MatchArgs) -> Result<ExitCode, Failure> {
    let time = time_per_move(args.time_per_move)?;
    let move_timeout = seconds_up_to_an_hour("--move-timeout", args.move_timeout)?;
    struct Referee<'a> {
        first: &'a Contender,
        second: &'a Contender,
        games: usize,
        options: MatchOptions<'a>,
    }
    impl WithSetup for Referee<'_> {
        type Output = anyhow::Result<tabletop_core::referee::Tally>;
        fn run<G: Interactive>(self, settings: G::Settings) -> Self::Output {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let start = G::new(settings);
            run_match(
                &start,
                self.first,
                self.second,
                self.games,
                self.options,
                &mut out,
            )
        }
    }
    if args.games == 0 {
        return Err(Failure::usage("--games must be at least 1 (got 0)"));
    }
    let setup = args.game.setup().map_err(Failure::usage)?;
    let records: Option<PathBuf> = args.records.clone();
    let tally = games::with_setup(
        &setup,
        Referee {
            first: &args.first,
            second: &args.second,
            games: args.games,
            options: MatchOptions {
                time_per_move: time,
                move_timeout,
                records: records.as_deref(),
                opening: args.opening,
                opening_after: args.opening_after,
            },
        },
    )
    .map_err(|error| Failure {
        message: format!("{error:#}"),
        code: 1,
    })?;
    let elo = match tally.elo() {
        Some((elo, margin)) => format!("{elo:+.0} ± {margin:.0}"),
        None => "n/a (one game)".to_string(),
    };
    let _ = write!(
        io::stdout(),
        "games {}\nwins {}\nlosses {}\ndraws {}\nscore {:.3}\nelo {elo}\n",
        tally.games(),
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
    );
    if tally.unsaved > 0 {
        return Err(Failure {
            message: format!("{} of the records could not be saved", tally.unsaved),
            code: 1,
        });
    }
    Ok(ExitCode::SUCCESS)
}
