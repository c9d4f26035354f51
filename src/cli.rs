//! The command line: which game, which settings, which front end.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::ai::{Level, Searchable};
use crate::app;
use crate::app::screens::start::Choice;
use crate::engine::connect6::{Connect6, Connect6Settings};
use crate::engine::gekitai::{BothWin, Gekitai, GekitaiSettings};
use crate::engine::hex::{Hex, HexSettings};
use crate::engine::perft::{Finished, perft};
use crate::engine::record::{AnyRecord, Record, Recorded};
use crate::engine::reversi::{self, Reversi, ReversiSettings};
use crate::engine::{Game, SettingError};
use crate::files;
use crate::gtp;
use crate::plain::{
    self, Connect6Console, Console, Ending, GekitaiConsole, HexConsole, ReversiConsole,
};
use crate::referee::{Contender, run_match};
use crate::seat::Seat;
use crate::selfplay::selfplay;
use crate::with_gekitai_board;

/// Abstract board games in the terminal: Gekitai, Connect6, Hex and Reversi.
///
/// With no game named, tabletop plays Gekitai.
#[derive(Parser, Debug)]
#[command(name = "tabletop", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    gekitai: GekitaiArgs,
    /// Show moves at once, without sliding pieces (full-screen app).
    #[arg(long, global = true)]
    no_animation: bool,
    /// Resume the unfinished game saved automatically (full-screen app).
    #[arg(long)]
    resume: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Gekitai: place a piece, push the neighbours away, make a line (6x6).
    Gekitai(GekitaiArgs),
    /// Connect6: one stone, then two a turn; six in a row wins (19x19).
    Connect6(Connect6Args),
    /// Hex: join your two sides of the rhombus (11x11).
    Hex(HexArgs),
    /// Reversi: outflank and flip; most discs wins (8x8).
    Reversi(ReversiArgs),
    /// Count the leaf positions DEPTH plies from the start.
    Perft(PerftArgs),
    /// Play random games against each other and report who won how often.
    Selfplay(SelfplayArgs),
    /// Speak the Go Text Protocol (version 2) on standard input and output.
    Gtp(GtpArgs),
    /// Play two engines against each other and report the score.
    Match(MatchArgs),
    /// Continue a saved game from its last position.
    Load(RecordArgs),
    /// Watch a saved game move by move.
    Replay(RecordArgs),
}

#[derive(Args, Debug)]
struct GtpArgs {
    game: GameName,
    /// The engine's strength, 1 to 5.
    #[arg(long, default_value_t = Level::DEFAULT)]
    level: Level,
    #[command(flatten)]
    settings: AnySettings,
}

#[derive(Args, Debug)]
struct MatchArgs {
    game: GameName,
    /// ai:LEVEL, random, or gtp:COMMAND (an external GTP engine).
    #[arg(long)]
    first: Contender,
    /// ai:LEVEL, random, or gtp:COMMAND.
    #[arg(long)]
    second: Contender,
    /// How many games (the contenders take turns to start).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Seconds per move for this engine's levels (default: each level's own).
    #[arg(long, value_name = "SECONDS")]
    time_per_move: Option<f64>,
    #[command(flatten)]
    settings: AnySettings,
}

#[derive(Args, Debug)]
struct RecordArgs {
    /// A game record (TOML), as saved by tabletop.
    file: PathBuf,
    /// Line by line on standard input and output.
    #[arg(long)]
    plain: bool,
    /// How the plain mode draws a Gekitai board.
    #[arg(long, value_enum, default_value_t = StyleArg::Boxed)]
    style: StyleArg,
}

#[derive(Args, Debug)]
struct GekitaiArgs {
    /// Board side, 4 to 26.
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// Pieces per player, 3 to size*size/2.
    #[arg(long, default_value_t = 8)]
    pieces: usize,
    /// Pieces in a row that win, 3 to min(size, pieces).
    #[arg(long, default_value_t = 3)]
    line: usize,
    /// Who wins when one move makes both players winners.
    #[arg(long, value_enum, default_value_t = BothWinArg::Mover)]
    both_win: BothWinArg,
    /// How the plain mode draws the board.
    #[arg(long, value_enum, default_value_t = StyleArg::Boxed)]
    style: StyleArg,
    /// Who plays X (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "x", value_name = "PLAYER", default_value = "human")]
    x: Seat,
    /// Who plays O: human, ai or ai:LEVEL (1-5).
    #[arg(long = "o", value_name = "PLAYER", default_value = "human")]
    o: Seat,
    /// Plain mode: write the game's record to FILE when the game or the
    /// input ends.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Play line by line on standard input and output.
    #[arg(long)]
    plain: bool,
}

#[derive(Args, Debug)]
struct Connect6Args {
    /// Board side, 6 to 26.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Stones in a row that win, 3 to size.
    #[arg(long, default_value_t = 6)]
    line: usize,
    /// Who plays B (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "b", value_name = "PLAYER", default_value = "human")]
    b: Seat,
    /// Who plays W: human, ai or ai:LEVEL (1-5).
    #[arg(long = "w", value_name = "PLAYER", default_value = "human")]
    w: Seat,
    /// Plain mode: write the game's record to FILE when the game or the
    /// input ends.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Play line by line on standard input and output.
    #[arg(long)]
    plain: bool,
}

#[derive(Args, Debug)]
struct HexArgs {
    /// Board side, 2 to 26.
    #[arg(long, default_value_t = 11)]
    size: usize,
    /// Allow the second player to answer the first stone with `swap`.
    #[arg(long)]
    swap: bool,
    /// Who plays O (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "o", value_name = "PLAYER", default_value = "human")]
    o: Seat,
    /// Who plays X: human, ai or ai:LEVEL (1-5).
    #[arg(long = "x", value_name = "PLAYER", default_value = "human")]
    x: Seat,
    /// Plain mode: write the game's record to FILE when the game or the
    /// input ends.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Play line by line on standard input and output.
    #[arg(long)]
    plain: bool,
}

#[derive(Args, Debug)]
struct ReversiArgs {
    /// Board side: 4, 6 or 8.
    #[arg(long, default_value_t = 8)]
    size: usize,
    /// Who plays B (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "b", value_name = "PLAYER", default_value = "human")]
    b: Seat,
    /// Who plays W: human, ai or ai:LEVEL (1-5).
    #[arg(long = "w", value_name = "PLAYER", default_value = "human")]
    w: Seat,
    /// Plain mode: write the game's record to FILE when the game or the
    /// input ends.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Play line by line on standard input and output.
    #[arg(long)]
    plain: bool,
}

#[derive(Args, Debug)]
struct PerftArgs {
    game: GameName,
    depth: usize,
    /// What a game that ends before DEPTH adds: one leaf, or nothing. The
    /// default matches each game's published counts: nothing for Gekitai,
    /// one leaf for the others.
    #[arg(long, value_enum)]
    finished: Option<FinishedArg>,
    #[command(flatten)]
    settings: AnySettings,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum FinishedArg {
    /// One leaf where the game ended.
    Leaf,
    /// Nothing: only positions DEPTH plies deep count.
    None,
}

#[derive(Args, Debug)]
struct SelfplayArgs {
    game: GameName,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Seed of the random players (the same seed plays the same games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    settings: AnySettings,
}

/// Settings for a game named at run time; each game takes only its own.
#[derive(Args, Debug)]
struct AnySettings {
    /// Board side.
    #[arg(long)]
    size: Option<usize>,
    /// Gekitai: pieces per player.
    #[arg(long)]
    pieces: Option<usize>,
    /// Gekitai and Connect6: pieces in a row that win.
    #[arg(long)]
    line: Option<usize>,
    /// Gekitai: who wins when both do.
    #[arg(long, value_enum)]
    both_win: Option<BothWinArg>,
    /// Hex: the swap rule.
    #[arg(long)]
    swap: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum GameName {
    Gekitai,
    Connect6,
    Hex,
    Reversi,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum BothWinArg {
    /// The player who moved wins (the official rule).
    Mover,
    /// The game is drawn.
    Draw,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum StyleArg {
    /// `+---+` boxes and reserve lists.
    Boxed,
    /// Dots for empty cells and round numbers.
    Dots,
}

/// A game of any kind, built from validated settings (once per command, so
/// its size does not matter).
#[allow(clippy::large_enum_variant)]
enum AnyGame {
    Gekitai(Gekitai),
    Connect6(Connect6),
    Hex(Hex),
    Reversi(Reversi),
}

impl GekitaiArgs {
    fn build(&self) -> Result<Gekitai, SettingError> {
        let both_win = match self.both_win {
            BothWinArg::Mover => BothWin::Mover,
            BothWinArg::Draw => BothWin::Draw,
        };
        let settings = GekitaiSettings::new(self.size, self.pieces, self.line, both_win)?;
        Ok(Gekitai::new(settings))
    }
}

impl AnySettings {
    /// The game, refusing settings it does not have.
    fn build(&self, name: GameName) -> Result<AnyGame, String> {
        let refuse = |flag: &str, given: bool| {
            if given {
                Err(format!("{} has no --{flag} setting", game_name(name)))
            } else {
                Ok(())
            }
        };
        match name {
            GameName::Gekitai => refuse("swap", self.swap)?,
            GameName::Connect6 => {
                refuse("pieces", self.pieces.is_some())?;
                refuse("both-win", self.both_win.is_some())?;
                refuse("swap", self.swap)?;
            }
            GameName::Hex | GameName::Reversi => {
                refuse("pieces", self.pieces.is_some())?;
                refuse("line", self.line.is_some())?;
                refuse("both-win", self.both_win.is_some())?;
                if matches!(name, GameName::Reversi) {
                    refuse("swap", self.swap)?;
                }
            }
        }
        let built = match name {
            GameName::Gekitai => GekitaiArgs {
                size: self.size.unwrap_or(6),
                pieces: self.pieces.unwrap_or(8),
                line: self.line.unwrap_or(3),
                both_win: self.both_win.unwrap_or(BothWinArg::Mover),
                style: StyleArg::Boxed,
                plain: true,
                save: None,
                x: Seat::Human,
                o: Seat::Human,
            }
            .build()
            .map(AnyGame::Gekitai),
            GameName::Connect6 => {
                Connect6Settings::new(self.size.unwrap_or(19), self.line.unwrap_or(6))
                    .map(|s| AnyGame::Connect6(Connect6::new(s)))
            }
            GameName::Hex => HexSettings::new(self.size.unwrap_or(11), self.swap)
                .map(|s| AnyGame::Hex(Hex::new(s))),
            GameName::Reversi => ReversiSettings::new(self.size.unwrap_or(8))
                .map(|s| AnyGame::Reversi(Reversi::new(s))),
        };
        built.map_err(|e| e.to_string())
    }
}

fn game_name(name: GameName) -> &'static str {
    match name {
        GameName::Gekitai => Gekitai::NAME,
        GameName::Connect6 => Connect6::NAME,
        GameName::Hex => Hex::NAME,
        GameName::Reversi => Reversi::NAME,
    }
}

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

struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// Bad settings or arguments: exit status 2.
    fn usage(message: impl ToString) -> Failure {
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
        None if !cli.gekitai.plain => {
            let settings = cli.gekitai.build().map_err(Failure::usage)?.settings();
            full_screen(
                Choice::Gekitai(settings),
                false,
                [cli.gekitai.x, cli.gekitai.o],
                animate,
            )
        }
        None => play_gekitai(&cli.gekitai),
        Some(Command::Gekitai(args)) if !args.plain => {
            let settings = args.build().map_err(Failure::usage)?.settings();
            full_screen(Choice::Gekitai(settings), true, [args.x, args.o], animate)
        }
        Some(Command::Gekitai(args)) => play_gekitai(&args),
        Some(Command::Connect6(args)) => {
            let settings = Connect6Settings::new(args.size, args.line).map_err(Failure::usage)?;
            if !args.plain {
                return full_screen(Choice::Connect6(settings), true, [args.b, args.w], animate);
            }
            play(
                &mut Connect6Console::new(Connect6::new(settings)),
                [args.b, args.w],
                args.save.as_deref(),
            )
        }
        Some(Command::Hex(args)) => {
            let settings = HexSettings::new(args.size, args.swap).map_err(Failure::usage)?;
            if !args.plain {
                return full_screen(Choice::Hex(settings), true, [args.o, args.x], animate);
            }
            play(
                &mut HexConsole::new(Hex::new(settings)),
                [args.o, args.x],
                args.save.as_deref(),
            )
        }
        Some(Command::Reversi(args)) => {
            let settings = ReversiSettings::new(args.size).map_err(Failure::usage)?;
            if !args.plain {
                return full_screen(Choice::Reversi(settings), true, [args.b, args.w], animate);
            }
            play(
                &mut ReversiConsole::new(Reversi::new(settings)),
                [args.b, args.w],
                args.save.as_deref(),
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

fn play_gekitai(args: &GekitaiArgs) -> Result<ExitCode, Failure> {
    let game = args.build().map_err(Failure::usage)?;
    let style = plain_style(args.style);
    let seats = [args.x, args.o];
    play(
        &mut GekitaiConsole::new(game, style),
        seats,
        args.save.as_deref(),
    )
}

/// Runs the full-screen app: on the start screen with `choice` selected,
/// or straight into that game when `at_once`.
fn full_screen(
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
fn play<C: Console>(
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
fn load(args: &RecordArgs, animate: bool) -> Result<ExitCode, Failure> {
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
fn replay(args: &RecordArgs, animate: bool) -> Result<ExitCode, Failure> {
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
fn resume(animate: bool) -> Result<ExitCode, Failure> {
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
fn referee(args: &MatchArgs) -> Result<ExitCode, Failure> {
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
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let tally = match &game {
        AnyGame::Gekitai(g) => run_match(g, first, second, games, time, &mut out),
        AnyGame::Connect6(g) => run_match(g, first, second, games, time, &mut out),
        AnyGame::Hex(g) => run_match(g, first, second, games, time, &mut out),
        AnyGame::Reversi(g) => run_match(g, first, second, games, time, &mut out),
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
