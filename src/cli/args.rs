//! The command line's words: subcommands, each game's settings and flags.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::ai::Level;
use crate::engine::connect6::{Connect6, Connect6Settings};
use crate::engine::gekitai::{BothWin, Gekitai, GekitaiSettings};
use crate::engine::hex::{Hex, HexSettings};
use crate::engine::reversi::{Reversi, ReversiSettings};
use crate::engine::{Game, SettingError};
use crate::referee::Contender;
use crate::seat::Seat;

/// Abstract board games in the terminal: Gekitai, Connect6, Hex and Reversi.
///
/// With no game named, tabletop plays Gekitai.
#[derive(Parser, Debug)]
#[command(name = "tabletop", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    #[command(flatten)]
    pub(crate) gekitai: GekitaiArgs,
    /// Show moves at once, without sliding pieces (full-screen app).
    #[arg(long, global = true)]
    pub(crate) no_animation: bool,
    /// Resume the unfinished game saved automatically (full-screen app).
    #[arg(long)]
    pub(crate) resume: bool,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
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
pub(crate) struct GtpArgs {
    pub(crate) game: GameName,
    /// The engine's strength, 1 to 5.
    #[arg(long, default_value_t = Level::DEFAULT)]
    pub(crate) level: Level,
    #[command(flatten)]
    pub(crate) settings: AnySettings,
}

#[derive(Args, Debug)]
pub(crate) struct MatchArgs {
    pub(crate) game: GameName,
    /// ai:LEVEL, random, or gtp:COMMAND (an external GTP engine).
    #[arg(long)]
    pub(crate) first: Contender,
    /// ai:LEVEL, random, or gtp:COMMAND.
    #[arg(long)]
    pub(crate) second: Contender,
    /// How many games (the contenders take turns to start).
    #[arg(long, default_value_t = 10)]
    pub(crate) games: usize,
    /// Seconds per move for this engine's levels (default: each level's own).
    #[arg(long, value_name = "SECONDS")]
    pub(crate) time_per_move: Option<f64>,
    /// Save each game's record in this folder (game-001.toml, ...).
    #[arg(long, value_name = "FOLDER")]
    pub(crate) records: Option<PathBuf>,
    /// Open each pair of games with this many random moves (the same for
    /// both colours), so that engines without chance play different games.
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    pub(crate) opening: usize,
    #[command(flatten)]
    pub(crate) settings: AnySettings,
}

#[derive(Args, Debug)]
pub(crate) struct RecordArgs {
    /// A game record (TOML), as saved by tabletop.
    pub(crate) file: PathBuf,
    /// Line by line on standard input and output.
    #[arg(long)]
    pub(crate) plain: bool,
    /// How the plain mode draws a Gekitai board.
    #[arg(long, value_enum, default_value_t = StyleArg::Boxed)]
    pub(crate) style: StyleArg,
}

/// Which front end plays a game, and where the plain mode saves it.
#[derive(Args, Debug)]
pub(crate) struct FrontEnd {
    /// Play line by line on standard input and output.
    #[arg(long)]
    pub(crate) plain: bool,
    /// Plain mode: write the game's record to FILE when the game or the
    /// input ends.
    #[arg(long, value_name = "FILE")]
    pub(crate) save: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct GekitaiArgs {
    /// Board side, 4 to 26.
    #[arg(long, default_value_t = 6)]
    pub(crate) size: usize,
    /// Pieces per player, 3 to size*size/2.
    #[arg(long, default_value_t = 8)]
    pub(crate) pieces: usize,
    /// Pieces in a row that win, 3 to min(size, pieces).
    #[arg(long, default_value_t = 3)]
    pub(crate) line: usize,
    /// Who wins when one move makes both players winners.
    #[arg(long, value_enum, default_value_t = BothWinArg::Mover)]
    pub(crate) both_win: BothWinArg,
    /// How the plain mode draws the board.
    #[arg(long, value_enum, default_value_t = StyleArg::Boxed)]
    pub(crate) style: StyleArg,
    /// Who plays X (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "x", value_name = "PLAYER", default_value = "human")]
    pub(crate) x: Seat,
    /// Who plays O: human, ai or ai:LEVEL (1-5).
    #[arg(long = "o", value_name = "PLAYER", default_value = "human")]
    pub(crate) o: Seat,
    #[command(flatten)]
    pub(crate) front: FrontEnd,
}

#[derive(Args, Debug)]
pub(crate) struct Connect6Args {
    /// Board side, 6 to 26.
    #[arg(long, default_value_t = 19)]
    pub(crate) size: usize,
    /// Stones in a row that win, 3 to size.
    #[arg(long, default_value_t = 6)]
    pub(crate) line: usize,
    /// Who plays B (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "b", value_name = "PLAYER", default_value = "human")]
    pub(crate) b: Seat,
    /// Who plays W: human, ai or ai:LEVEL (1-5).
    #[arg(long = "w", value_name = "PLAYER", default_value = "human")]
    pub(crate) w: Seat,
    #[command(flatten)]
    pub(crate) front: FrontEnd,
}

#[derive(Args, Debug)]
pub(crate) struct HexArgs {
    /// Board side, 2 to 26.
    #[arg(long, default_value_t = 11)]
    pub(crate) size: usize,
    /// Allow the second player to answer the first stone with `swap`.
    #[arg(long)]
    pub(crate) swap: bool,
    /// Who plays O (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "o", value_name = "PLAYER", default_value = "human")]
    pub(crate) o: Seat,
    /// Who plays X: human, ai or ai:LEVEL (1-5).
    #[arg(long = "x", value_name = "PLAYER", default_value = "human")]
    pub(crate) x: Seat,
    #[command(flatten)]
    pub(crate) front: FrontEnd,
}

#[derive(Args, Debug)]
pub(crate) struct ReversiArgs {
    /// Board side: 4, 6 or 8.
    #[arg(long, default_value_t = 8)]
    pub(crate) size: usize,
    /// Who plays B (moves first): human, ai or ai:LEVEL (1-5).
    #[arg(long = "b", value_name = "PLAYER", default_value = "human")]
    pub(crate) b: Seat,
    /// Who plays W: human, ai or ai:LEVEL (1-5).
    #[arg(long = "w", value_name = "PLAYER", default_value = "human")]
    pub(crate) w: Seat,
    #[command(flatten)]
    pub(crate) front: FrontEnd,
}

#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    pub(crate) game: GameName,
    pub(crate) depth: usize,
    /// What a game that ends before DEPTH adds: one leaf, or nothing. The
    /// default matches each game's published counts: nothing for Gekitai,
    /// one leaf for the others.
    #[arg(long, value_enum)]
    pub(crate) finished: Option<FinishedArg>,
    #[command(flatten)]
    pub(crate) settings: AnySettings,
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
    pub(crate) game: GameName,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) games: u64,
    /// Seed of the random players (the same seed plays the same games).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) settings: AnySettings,
}

/// Settings for a game named at run time; each game takes only its own.
#[derive(Args, Debug)]
pub(crate) struct AnySettings {
    /// Board side.
    #[arg(long)]
    pub(crate) size: Option<usize>,
    /// Gekitai: pieces per player.
    #[arg(long)]
    pub(crate) pieces: Option<usize>,
    /// Gekitai and Connect6: pieces in a row that win.
    #[arg(long)]
    pub(crate) line: Option<usize>,
    /// Gekitai: who wins when both do.
    #[arg(long, value_enum)]
    pub(crate) both_win: Option<BothWinArg>,
    /// Hex: the swap rule.
    #[arg(long)]
    pub(crate) swap: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum GameName {
    Gekitai,
    Connect6,
    Hex,
    Reversi,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum BothWinArg {
    /// The player who moved wins (the official rule).
    Mover,
    /// The game is drawn.
    Draw,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum StyleArg {
    /// `+---+` boxes and reserve lists.
    Boxed,
    /// Dots for empty cells and round numbers.
    Dots,
}

/// A game of any kind, built from validated settings (once per command, so
/// its size does not matter).
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyGame {
    Gekitai(Gekitai),
    Connect6(Connect6),
    Hex(Hex),
    Reversi(Reversi),
}

impl GekitaiArgs {
    pub(crate) fn build(&self) -> Result<Gekitai, SettingError> {
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
    pub(crate) fn build(&self, name: GameName) -> Result<AnyGame, String> {
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
                front: FrontEnd {
                    plain: true,
                    save: None,
                },
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

pub(crate) fn game_name(name: GameName) -> &'static str {
    match name {
        GameName::Gekitai => Gekitai::NAME,
        GameName::Connect6 => Connect6::NAME,
        GameName::Hex => Hex::NAME,
        GameName::Reversi => Reversi::NAME,
    }
}
