//! The command line's words: the games (from the list of games), and the
//! commands that work on any game.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use super::animation::Animation;
use super::game_flags::{AnyGame, DefaultGame, PlayGame};
pub(crate) use crate::net::protocol::Role;
use tabletop_ai::Level;
use tabletop_core::interchange::Format;
use tabletop_core::seat::{self, CONTENDER_FORMS, Contender};

/// `0.1.0 (275434d1a2b3 2026-11-26)`: the version and the commit built
/// (see build.rs).
pub(crate) const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("TABLETOP_COMMIT"),
    ")"
);

/// The command line; its description names the games, from the list.
#[derive(Parser, Debug)]
#[command(name = "tabletop", version = VERSION, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    #[command(flatten)]
    pub(crate) default_game: DefaultGame,
    /// Resume the unfinished game saved automatically (full-screen app).
    #[arg(long)]
    pub(crate) resume: bool,
    /// Read the config file (config.toml) and say what in it cannot be
    /// used, line by line, and which themes it gives.
    #[arg(long)]
    pub(crate) check_config: bool,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    #[command(flatten)]
    Play(PlayGame),
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
    /// Have the computer review a saved game: each position's chances,
    /// the best move, and every mistake; kept in the record.
    Review(ReviewArgs),
    /// Read a game another program keeps (SGF, a Reversi transcript) into a
    /// tabletop record.
    Import(ImportArgs),
    /// Write a tabletop record where other programs keep games (SGF, a
    /// Reversi transcript).
    Export(ExportArgs),
    /// List the saved games (in the data folder, or in DIR) to replay,
    /// continue or delete them.
    Library(LibraryArgs),
    /// Solve puzzles: the wins missed in reviewed games, then the
    /// built-in ones.
    Puzzles(PuzzlesArgs),
    /// Host a game over the network: prints a join code for the other
    /// player and a watch code for spectators (in the full-screen app when
    /// there is a terminal).
    Host(HostArgs),
    /// Join a hosted game with its join code (in the full-screen app when
    /// there is a terminal).
    Join(JoinArgs),
    /// Follow a hosted game with its watch code, read-only (in the
    /// full-screen app when there is a terminal).
    Watch(JoinArgs),
    /// Run a lobby server for many games at once (saved after every move).
    Serve(ServeArgs),
    /// Open a lobby server's list: create, join or watch a game there.
    Online(OnlineArgs),
    /// List the outside GTP engines of config.toml, add one, or check them.
    Engines(super::engines::EnginesArgs),
    /// Say how strong each level of the computer plays each game, as
    /// measured against outside engines and the other levels.
    Levels(LevelsArgs),
    /// Print the completions of tabletop's commands and flags for a shell.
    Completions(CompletionsArgs),
    /// Print tabletop's manual page (man 1 tabletop), or a command's.
    Man(ManArgs),
}

#[derive(Args, Debug)]
pub(crate) struct LevelsArgs {
    /// Only the game named, as its own command is (`tabletop levels hex`).
    pub(crate) game: Option<String>,
}

#[derive(Args, Debug)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub(crate) struct ManArgs {
    /// The command whose page to print (`load`, `engines add`; default:
    /// tabletop's own).
    pub(crate) command: Vec<String>,
}

#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = crate::net::DEFAULT_PORT)]
    pub(crate) port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "0.0.0.0")]
    pub(crate) bind: std::net::IpAddr,
    /// The folder whose database file (tabletop.db, SQLite) keeps the
    /// games (default: the data folder's `server`).
    #[arg(long)]
    pub(crate) data: Option<PathBuf>,
    /// Keep the games in PostgreSQL instead (postgres://USER@HOST/DB);
    /// servers given the same database share one lobby and every game.
    #[arg(long, value_name = "URL")]
    pub(crate) database: Option<String>,
    /// Bring the games of a data folder of the earlier kind (ID.toml and
    /// ID.room.json files) into the database, with their codes, then
    /// exit (not with --export).
    #[arg(long, value_name = "DIR")]
    pub(crate) import_folder: Option<PathBuf>,
    /// Print game ID as a record (finished, abandoned or under way), then
    /// exit.
    #[arg(long, value_name = "ID")]
    pub(crate) export: Option<u64>,
    /// Seconds a dropped player is waited for before the opponent may
    /// claim the win.
    #[arg(long, default_value_t = 120)]
    pub(crate) reconnect_timeout: u64,
    /// Connections at once from one address.
    #[arg(long, default_value_t = 16)]
    pub(crate) per_address: usize,
    /// Games not over at once, in all.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) max_games: usize,
    /// Open games (a seat free) made from one address at once.
    #[arg(long, default_value_t = 4)]
    pub(crate) open_per_address: usize,
    /// Games not over made from one address.
    #[arg(long, default_value_t = 64)]
    pub(crate) games_per_address: usize,
    /// Seconds an open game nobody joined waits for its creator to come
    /// back before it ends.
    #[arg(long, default_value_t = 600)]
    pub(crate) open_game_expiry: u64,
    /// Seconds of silence after which a connection is asked whether it
    /// is there; one that does not answer as long again, or does not
    /// read, is dropped.
    #[arg(long, default_value_t = 20)]
    pub(crate) keepalive: u64,
    /// Let people play over SSH on this port too (`ssh -p PORT HOST`),
    /// with nothing installed; the host key is made in the data folder.
    #[arg(long, value_name = "PORT")]
    pub(crate) ssh: Option<u16>,
    /// Over SSH only: the lobby's own port listens on 127.0.0.1 alone.
    #[arg(long)]
    pub(crate) ssh_only: bool,
    /// SSH connections at once from one address.
    #[arg(long, default_value_t = 4)]
    pub(crate) ssh_per_address: usize,
    /// SSH connections at once in all (each session runs on a thread of
    /// its own).
    #[arg(long, default_value_t = 200)]
    pub(crate) ssh_most: usize,
    /// Minutes an SSH session waits for a key before it ends.
    #[arg(long, default_value_t = 30)]
    pub(crate) ssh_idle: u64,
    /// The computer's searches running at once for all SSH players; more
    /// wait their turn, their place in line shown.
    #[arg(long, default_value_t = 2)]
    pub(crate) ssh_searches: usize,
}

#[derive(Args, Debug)]
pub(crate) struct OnlineArgs {
    /// The server, as HOST or HOST:PORT.
    pub(crate) address: String,
    #[command(flatten)]
    pub(crate) net: NetArgs,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

#[derive(Args, Debug)]
pub(crate) struct HostArgs {
    #[command(flatten)]
    pub(crate) game: AnyGame,
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = crate::net::DEFAULT_PORT)]
    pub(crate) port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "0.0.0.0")]
    pub(crate) bind: std::net::IpAddr,
    /// The side played here.
    #[arg(long, value_enum, default_value_t = SideArg::First)]
    pub(crate) side: SideArg,
    #[arg(long, value_name = "MINUTES+SECONDS", help = super::game_flags::CLOCK_HELP)]
    pub(crate) clock: Option<tabletop_engine::time_control::TimeControl>,
    #[command(flatten)]
    pub(crate) net: NetArgs,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum SideArg {
    First,
    Second,
    Random,
}

#[derive(Args, Debug)]
pub(crate) struct JoinArgs {
    /// The host, as HOST or HOST:PORT.
    pub(crate) address: String,
    /// The code the host printed.
    pub(crate) code: String,
    #[command(flatten)]
    pub(crate) net: NetArgs,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

/// What every network command takes.
#[derive(Args, Debug)]
pub(crate) struct NetArgs {
    /// The name the other side sees (default: $USER).
    #[arg(long)]
    pub(crate) name: Option<String>,
    /// Line by line on standard input and output (as without a
    /// terminal).
    #[arg(long)]
    pub(crate) plain: bool,
    /// How the plain mode draws the board, where the game offers a choice.
    #[arg(long, value_name = "STYLE", value_parser = style_names())]
    pub(crate) style: Option<String>,
}

#[derive(Args, Debug)]
pub(crate) struct PuzzlesArgs {
    /// Reviewed game records (default: every saved game in the data
    /// folder).
    pub(crate) files: Vec<PathBuf>,
    /// List the puzzles, one a line (id, game, who wins within how many
    /// plies, where it comes from), instead of opening them.
    #[arg(long)]
    pub(crate) list: bool,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

#[derive(Args, Debug)]
pub(crate) struct LibraryArgs {
    /// A folder of game records (default: the folder games are saved in).
    pub(crate) dir: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

#[derive(Args, Debug)]
pub(crate) struct GtpArgs {
    #[command(flatten)]
    pub(crate) game: AnyGame,
    /// The engine's strength, 1 to 5.
    #[arg(long, default_value_t = Level::DEFAULT, allow_negative_numbers = true)]
    pub(crate) level: Level,
}

#[derive(Args, Debug)]
pub(crate) struct MatchArgs {
    #[command(flatten)]
    pub(crate) game: AnyGame,
    #[arg(long, value_name = "CONTENDER", help = contender_help("The first contender"))]
    pub(crate) first: Contender,
    #[arg(long, value_name = "CONTENDER", help = contender_help("The second contender"))]
    pub(crate) second: Contender,
    /// How many games (the contenders take turns to start).
    #[arg(long, default_value_t = 10)]
    pub(crate) games: usize,
    /// Seconds per move for the ai: levels, more than 0 and at most 3600
    /// (default: each level's own), also sent to GTP engines that know
    /// time_settings.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub(crate) time_per_move: Option<f64>,
    /// Seconds a GTP engine may take over a move before it forfeits the
    /// game, more than 0 and at most 3600 (default: 10 times the time per
    /// move plus 10; 60 without one).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub(crate) move_timeout: Option<f64>,
    /// Save each game's record in this folder (game-001.toml, ...).
    #[arg(long, value_name = "FOLDER")]
    pub(crate) records: Option<PathBuf>,
    /// Open each pair of games with this many random moves (the same for
    /// both colours), so that engines without chance play different games.
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    pub(crate) opening: usize,
    /// Let the engines play this many plies themselves before the random
    /// opening (`--opening 1 --opening-after 1`: the first player's own
    /// first move, then a random reply).
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    pub(crate) opening_after: usize,
}

#[derive(Args, Debug)]
pub(crate) struct ReviewArgs {
    /// A game record (TOML), as saved by tabletop.
    pub(crate) file: PathBuf,
    /// The strength of the review, 1 to 5.
    #[arg(long, default_value_t = Level::DEFAULT, allow_negative_numbers = true)]
    pub(crate) level: Level,
    /// Seconds for each position, more than 0 and at most 3600 (default:
    /// twice the level's time a move).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub(crate) time_per_move: Option<f64>,
    /// Positions analysed at once (default: one per core).
    #[arg(long, value_name = "J")]
    pub(crate) jobs: Option<usize>,
    /// Review again even if the record has a review.
    #[arg(long)]
    pub(crate) again: bool,
    /// Print the review as a table instead of opening the replay viewer.
    #[arg(long)]
    pub(crate) plain: bool,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

#[derive(Args, Debug)]
pub(crate) struct RecordArgs {
    /// A game record (TOML), as saved by tabletop.
    pub(crate) file: PathBuf,
    /// Line by line on standard input and output.
    #[arg(long)]
    pub(crate) plain: bool,
    /// How the plain mode draws the board, where the game offers a choice.
    #[arg(long, value_name = "STYLE", value_parser = style_names())]
    pub(crate) style: Option<String>,
    #[command(flatten)]
    pub(crate) animation: Animation,
}

#[derive(Args, Debug)]
pub(crate) struct ImportArgs {
    /// The other program's file: SGF, or a move-list transcript
    /// (f5d6c3...).
    pub(crate) file: PathBuf,
    /// The record to write (default: FILE with the extension .toml); an
    /// existing file is never written over.
    #[arg(long, value_name = "PATH")]
    pub(crate) out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct ExportArgs {
    /// A game record (TOML), as saved by tabletop.
    pub(crate) file: PathBuf,
    /// The format to write (default: the one other programs keep the
    /// game in).
    #[arg(long, value_parser = format_names())]
    pub(crate) format: Option<Format>,
    /// The file to write (default: FILE with the format's extension, .sgf
    /// or .txt); an existing file is never written over.
    #[arg(long, value_name = "PATH")]
    pub(crate) out: Option<PathBuf>,
}

/// `--first` and `--second`'s help: `who` and the ways to write one.
fn contender_help(who: &str) -> String {
    format!("{who}: {}", seat::listed(&CONTENDER_FORMS))
}

/// The formats `--format` takes.
fn format_names() -> impl clap::builder::TypedValueParser<Value = Format> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Format::ALL.map(Format::name))
        .try_map(|name| name.parse::<Format>())
}

/// The names of the plain mode's styles.
fn style_names() -> clap::builder::PossibleValuesParser {
    crate::plain::Style::ALL.map(|style| style.name()).into()
}

#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    #[command(flatten)]
    pub(crate) game: AnyGame,
    /// How many plies deep to count.
    pub(crate) depth: usize,
    /// What a game that ends before DEPTH adds: one leaf, or nothing. The
    /// default matches each game's published counts.
    #[arg(long, value_enum)]
    pub(crate) finished: Option<FinishedArg>,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum FinishedArg {
    /// One leaf where the game ended.
    Leaf,
    /// Nothing: only positions DEPTH plies deep count.
    None,
}

#[derive(Args, Debug)]
pub(crate) struct SelfplayArgs {
    #[command(flatten)]
    pub(crate) game: AnyGame,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) games: u64,
    /// Seed of the random players (the same seed plays the same games).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
}
