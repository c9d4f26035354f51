//! Each game's command-line flags, derived from the game's own description
//! of its settings and players: `tabletop gekitai --size 7 --x ai:3`. The
//! flags are taken as written and checked against the game's settings list
//! when the command runs, so every refusal reads the same.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, Subcommand};

use super::animation::Animation;
use crate::games::{self, GameKind, Interactive, Setup, WithGame};
use crate::plain::Style;
use tabletop_core::seat::{self, SEAT_FORMS, Seat};
use tabletop_engine::Player;
use tabletop_engine::settings::{self, Kind, Setting, SettingError};
use tabletop_engine::time_control::TimeControl;

/// What `--clock` means, wherever a command takes it.
pub const CLOCK_HELP: &str =
    "A clock: minutes per game plus seconds added a move (5+3); running out loses";

/// A game's flags as given on the command line.
#[derive(Clone, Debug)]
pub struct GameFlags {
    pub kind: GameKind,
    /// Each setting of the game's list as written, if it was given.
    settings: Vec<Option<String>>,
    pub seats: [Seat; 2],
    /// Line by line on standard input and output.
    pub plain: bool,
    /// Plain mode: where to write the game's record.
    pub save: Option<PathBuf>,
    pub style: Style,
    pub animation: Animation,
    /// The clock the game is played on, if any.
    pub clock: Option<TimeControl>,
}

/// The id of the flag naming who plays `player`.
fn seat_id(player: Player) -> &'static str {
    match player {
        Player::First => "first-player",
        Player::Second => "second-player",
    }
}

/// A setting's flag, with its help derived from the setting.
pub fn setting_arg(setting: &Setting, help: String) -> Arg {
    let arg = Arg::new(setting.name)
        .long(setting.name.replace('_', "-"))
        .help(help);
    match setting.kind {
        Kind::Switch => arg.action(ArgAction::SetTrue),
        Kind::Words(_) => arg.value_name("WORD"),
        // `--size -1` is a size out of range, refused by the setting with
        // its range, not an unknown flag `-1`.
        Kind::Side(_) | Kind::Number(_) => arg.value_name("N").allow_negative_numbers(true),
    }
}

/// `Board side: between 4 and 26 (default 6)`.
fn setting_help(setting: &Setting, list: &[Setting]) -> String {
    let defaults = settings::defaults(list);
    match setting.kind {
        Kind::Switch => capitalised(setting.help),
        _ => format!(
            "{}: {} (default {})",
            capitalised(setting.help),
            setting.describe_allowed(&defaults),
            setting.word(setting.default)
        ),
    }
}

/// The help of the setting flag `--long` of `kind`, if it has one: what
/// a command that takes any game says of it once the game is known.
pub fn help_of(kind: GameKind, long: &str) -> Option<String> {
    let list = kind.settings();
    list.iter()
        .find(|setting| setting.name.replace('_', "-") == long)
        .map(|setting| setting_help(setting, list))
}

/// `text` with its first letter in uppercase, as clap's own help has it.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The value a setting's flag was given, as written; `None` if not given.
pub fn given(matches: &ArgMatches, setting: &Setting) -> Option<String> {
    match setting.kind {
        Kind::Switch => matches.get_flag(setting.name).then(|| setting.word(1)),
        _ => matches.get_one::<String>(setting.name).cloned(),
    }
}

/// The settings of `kind` from what was `given` for each: a setting not
/// given takes its default, moved into range if other settings need that.
pub fn setup(
    kind: GameKind,
    mut given: impl FnMut(&Setting) -> Option<String>,
) -> Result<Setup, SettingError> {
    let list = kind.settings();
    let mut values = Vec::with_capacity(list.len());
    for setting in list {
        let value = match given(setting) {
            Some(text) => setting.parse(&text, &values)?,
            None => setting.allowed(&values).nearest(setting.default),
        };
        values.push(value);
    }
    Setup::new(kind, values)
}

impl GameFlags {
    /// Adds the flags of `kind` to `command`.
    pub fn augment(command: Command, kind: GameKind) -> Command {
        let facts = kind.facts();
        let mut command = command;
        for setting in facts.settings {
            command = command.arg(setting_arg(setting, setting_help(setting, facts.settings)));
        }
        for player in Player::BOTH {
            let symbol = facts.symbols[player.index()];
            let first = if player == Player::First {
                " (moves first)"
            } else {
                ""
            };
            command = command.arg(
                Arg::new(seat_id(player))
                    .long(symbol.to_ascii_lowercase().to_string())
                    .value_name("PLAYER")
                    .default_value("human")
                    .value_parser(|text: &str| text.parse::<Seat>())
                    .help(format!(
                        "Who plays {symbol}{first}: {}",
                        seat::listed(&SEAT_FORMS)
                    )),
            );
        }
        let styles = styles(kind);
        if styles.len() > 1 {
            let names: Vec<&str> = styles.iter().map(|s| s.name()).collect();
            command = command.arg(
                Arg::new("style")
                    .long("style")
                    .value_name("STYLE")
                    .value_parser(PossibleValuesParser::new(names))
                    .help("How the plain mode draws the board"),
            );
        }
        Animation::augment_args(command)
            .arg(
                Arg::new("plain")
                    .long("plain")
                    .action(ArgAction::SetTrue)
                    .help("Play line by line on standard input and output"),
            )
            .arg(
                Arg::new("clock")
                    .long("clock")
                    .value_name("MINUTES+SECONDS")
                    .value_parser(|text: &str| text.parse::<TimeControl>())
                    .help(CLOCK_HELP),
            )
            .arg(
                Arg::new("save")
                    .long("save")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Plain mode: write the game's record to FILE when the game or the input ends"),
            )
    }

    /// The flags of `kind` as `matches` has them.
    pub fn read(kind: GameKind, matches: &ArgMatches) -> GameFlags {
        let settings = kind
            .settings()
            .iter()
            .map(|setting| given(matches, setting))
            .collect();
        // Only games with a choice of styles have the flag.
        let style = matches
            .try_get_one::<String>("style")
            .ok()
            .flatten()
            .and_then(|name| Style::named(name))
            .unwrap_or_default();
        GameFlags {
            kind,
            settings,
            seats: Player::BOTH.map(|player| {
                matches
                    .get_one::<Seat>(seat_id(player))
                    .cloned()
                    .unwrap_or_default()
            }),
            plain: matches.get_flag("plain"),
            save: matches.get_one::<PathBuf>("save").cloned(),
            style,
            animation: Animation::of(matches),
            clock: matches.get_one::<TimeControl>("clock").copied(),
        }
    }

    /// Whether nothing was asked for: no setting, no player and no clock
    /// given.
    pub fn is_default(&self) -> bool {
        self.settings.iter().all(Option::is_none)
            && self.seats == [Seat::Human, Seat::Human]
            && self.clock.is_none()
    }

    /// The game and its settings, refused with the first setting out of
    /// range.
    pub fn setup(&self) -> Result<Setup, SettingError> {
        let mut given = self.settings.iter().cloned();
        setup(self.kind, |_| given.next().flatten())
    }
}

/// The default game's flags, given with no game named: `tabletop --size 7`.
#[derive(Clone, Debug)]
pub struct DefaultGame(pub GameFlags);

impl FromArgMatches for DefaultGame {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(DefaultGame(GameFlags::read(GameKind::default(), matches)))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = DefaultGame::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for DefaultGame {
    fn augment_args(command: Command) -> Command {
        GameFlags::augment(command, GameKind::default())
    }

    fn augment_args_for_update(command: Command) -> Command {
        DefaultGame::augment_args(command)
    }
}

/// `tabletop GAME [flags]`: one subcommand for each game of the list.
#[derive(Clone, Debug)]
pub struct PlayGame(pub GameFlags);

impl FromArgMatches for PlayGame {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, flags)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let kind: GameKind = name
            .parse()
            .map_err(|_| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(PlayGame(GameFlags::read(kind, flags)))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = PlayGame::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PlayGame {
    fn augment_subcommands(command: Command) -> Command {
        GameKind::ALL.iter().fold(command, |command, &kind| {
            let facts = kind.facts();
            let about = format!("{}: {}", facts.title, facts.about);
            command.subcommand(GameFlags::augment(
                Command::new(facts.name).about(about),
                kind,
            ))
        })
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        PlayGame::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        name.parse::<GameKind>().is_ok()
    }
}

/// `GAME` and its settings, for the commands that take any game (`perft
/// hex 3 --size 5`): every game's setting flags are accepted, and a flag
/// the named game does not have is refused when the command runs.
#[derive(Clone, Debug)]
pub struct AnyGame {
    pub kind: GameKind,
    /// Each setting flag given, by setting name.
    given: Vec<(&'static str, String)>,
}

/// Every setting of every game, each name once.
fn all_settings() -> Vec<(Setting, Vec<&'static str>)> {
    let mut all: Vec<(Setting, Vec<&'static str>)> = Vec::new();
    for &kind in GameKind::ALL {
        for setting in kind.settings() {
            match all.iter_mut().find(|(s, _)| s.name == setting.name) {
                Some((_, games)) => games.push(kind.name()),
                None => all.push((*setting, vec![kind.name()])),
            }
        }
    }
    all
}

impl AnyGame {
    /// The game and its settings; a flag the game does not have, or a
    /// setting out of range, is refused.
    pub fn setup(&self) -> Result<Setup, String> {
        let list = self.kind.settings();
        if let Some((name, _)) = self
            .given
            .iter()
            .find(|(name, _)| !list.iter().any(|s| s.name == *name))
        {
            return Err(format!(
                "{} has no --{} setting",
                self.kind,
                name.replace('_', "-")
            ));
        }
        setup(self.kind, |setting| {
            self.given
                .iter()
                .find(|(name, _)| *name == setting.name)
                .map(|(_, text)| text.clone())
        })
        .map_err(|error| error.to_string())
    }
}

impl FromArgMatches for AnyGame {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let name = matches
            .get_one::<String>("game")
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingRequiredArgument))?;
        let kind: GameKind = name
            .parse()
            .map_err(|_| clap::Error::new(clap::error::ErrorKind::InvalidValue))?;
        let given = all_settings()
            .into_iter()
            .filter_map(|(setting, _)| given(matches, &setting).map(|text| (setting.name, text)))
            .collect();
        Ok(AnyGame { kind, given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = AnyGame::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for AnyGame {
    fn augment_args(command: Command) -> Command {
        let names: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
        let command = command.arg(
            Arg::new("game")
                .value_name("GAME")
                .required(true)
                .value_parser(PossibleValuesParser::new(names))
                .help("The game"),
        );
        all_settings()
            .into_iter()
            .fold(command, |command, (setting, games)| {
                let help = format!("{} ({})", capitalised(setting.help), games.join(", "));
                command.arg(setting_arg(&setting, help))
            })
    }

    fn augment_args_for_update(command: Command) -> Command {
        AnyGame::augment_args(command)
    }
}

/// The plain mode's styles for the game of `kind` (`--style`), if it has
/// several.
fn styles(kind: GameKind) -> &'static [Style] {
    struct Styles;
    impl WithGame for Styles {
        type Output = &'static [Style];
        fn run<G: Interactive>(self) -> &'static [Style] {
            G::STYLES
        }
    }
    games::with_game(kind, Styles)
}
