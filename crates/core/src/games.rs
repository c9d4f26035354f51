//! The list of games, written once, and the one place that turns "whichever
//! game this is" into generic code for that game.
//!
//! [`for_each_game!`] is the list. From it come [`GameKind`] (each game's
//! name, `FromStr`/`Display`, [`GameKind::ALL`]), [`AnyRecord`] (a record of
//! any game), and, through [`game_dispatch!`], each front end's own
//! dispatch to its own per-game trait. What a game *is* (names, settings,
//! notation) each game says in its own files; code reads it through
//! [`Playable`] and [`GameKind::with`], never through a match over the
//! games.
//!
//! Adding a game: its own files in each layer (rules, computer, where
//! other programs keep it, each front end, and its built-in puzzles in
//! `crates/core/assets/puzzles/`), and one line in [`for_each_game!`].

use std::fmt;
use std::str::FromStr;

use crate::interchange::form::Interchange;
use crate::seat::is_player;
use tabletop_ai::Searchable;
use tabletop_engine::quote::quote;
use tabletop_engine::record::{self, Record, RecordError};
use tabletop_engine::settings::{self, Setting, SettingError};
use tabletop_engine::{Described, GameSettings, Player};

/// Calls the macro `$then` with every game as `module::Type` (the module
/// each layer gives the game, and its position type in the engine), the
/// default game first; anything after `$then` is passed on first, in
/// brackets: `for_each_game!(game_dispatch, AppGame)` calls
/// `game_dispatch! { [AppGame] gekitai::Gekitai, ... }`.
#[macro_export]
macro_rules! for_each_game {
    ($then:ident $(, $($with:tt)*)?) => {
        $then! {
            [$($($with)*)?]
            gekitai::Gekitai,
            connect6::Connect6,
            hex::Hex,
            reversi::Reversi,
            gomoku::Gomoku,
        }
    };
}

/// Generates, in the module that calls it, a front end's own dispatch to
/// its own per-game trait: `WithGame`, `WithRecord` and `WithSetup`, like
/// this module's but with `run` bounded by that trait, and `with_game`,
/// `with_record` and `with_setup` to run them for whichever game. A front
/// end calls it through the list, with the macro in scope:
///
/// ```
/// use tabletop_core::game_dispatch;
/// use tabletop_core::games::{GameKind, Playable};
///
/// /// A front end's own per-game trait (here: nothing more than the core's).
/// pub trait Shown: Playable {}
/// impl<G: Playable> Shown for G {}
///
/// tabletop_core::for_each_game!(game_dispatch, Shown);
///
/// struct Title;
/// impl WithGame for Title {
///     type Output = &'static str;
///     fn run<G: Shown>(self) -> &'static str {
///         G::TITLE
///     }
/// }
/// assert_eq!(with_game(GameKind::default(), Title), "Gekitai");
/// ```
///
/// A game that lacks the front end's trait then fails to compile here.
#[macro_export]
macro_rules! game_dispatch {
    ([$bound:path] $($module:ident :: $game:ident),+ $(,)?) => {
        /// Generic code to run with whichever game a `GameKind` names.
        pub trait WithGame {
            type Output;
            fn run<G: $bound>(self) -> Self::Output;
        }

        /// Generic code to run with a record of whichever game it is.
        pub trait WithRecord {
            type Output;
            fn run<G: $bound>(self, record: $crate::__engine::record::Record<G>) -> Self::Output;
        }

        /// Generic code to run with the settings of whichever game is set up.
        pub trait WithSetup {
            type Output;
            fn run<G: $bound>(
                self,
                settings: <G as $crate::__engine::Described>::Settings,
            ) -> Self::Output;
        }

        /// Runs `f` with the type of the game `kind` names.
        pub fn with_game<F: WithGame>(kind: $crate::games::GameKind, f: F) -> F::Output {
            match kind {
                $($crate::games::GameKind::$game => f.run::<$crate::__engine::$module::$game>()),+
            }
        }

        /// Runs `f` with the record, typed.
        pub fn with_record<F: WithRecord>(record: $crate::games::AnyRecord, f: F) -> F::Output {
            match record {
                $($crate::games::AnyRecord::$game(record) => f.run(record)),+
            }
        }

        /// Runs `f` with the game's typed settings.
        pub fn with_setup<F: WithSetup>(setup: &$crate::games::Setup, f: F) -> F::Output {
            match setup.kind() {
                $($crate::games::GameKind::$game => {
                    type Settings = <$crate::__engine::$module::$game as $crate::__engine::Described>::Settings;
                    // A setup's values were checked against this very list.
                    let settings = <Settings as $crate::__engine::GameSettings>::from_checked(setup.values());
                    f.run::<$crate::__engine::$module::$game>(settings)
                })+
            }
        }
    };
}

/// What every layer below the front ends does with a game: its rules and
/// description, its computer opponent, where other programs keep it, and
/// its place in the list. Each front end adds its own trait on top (the
/// app's board, the plain mode's console) and dispatches to it with
/// [`game_dispatch!`].
pub trait Playable: Described + Searchable + Interchange + Listed + Sync {}

impl<G: Described + Searchable + Interchange + Listed + Sync> Playable for G {}

/// A game of the list: its record can be held as any game's.
pub trait Listed: Described + Sized {
    fn any_record(record: Record<Self>) -> AnyRecord;
}

/// Generic code to run with whichever game a [`GameKind`] names.
pub trait WithGame {
    type Output;
    fn run<G: Playable>(self) -> Self::Output;
}

/// Generic code to run with a record of whichever game it is.
pub trait WithRecord {
    type Output;
    fn run<G: Playable>(self, record: Record<G>) -> Self::Output;
}

/// Generic code to run with the settings of whichever game is set up.
pub trait WithSetup {
    type Output;
    fn run<G: Playable>(self, settings: G::Settings) -> Self::Output;
}

macro_rules! registry {
    ([] $($module:ident :: $game:ident),+ $(,)?) => {
        /// One of the games tabletop plays.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum GameKind {
            $($game),+
        }

        impl GameKind {
            /// Every game, the default first.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$game),+];

            /// Runs `f` with this game's type: the one dispatch point.
            pub fn with<F: WithGame>(self, f: F) -> F::Output {
                match self {
                    $(GameKind::$game => f.run::<tabletop_engine::$module::$game>()),+
                }
            }
        }

        /// A record of any of the games, checked move by move.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, PartialEq, Debug)]
        pub enum AnyRecord {
            $($game(Record<tabletop_engine::$module::$game>)),+
        }

        $(impl Listed for tabletop_engine::$module::$game {
            fn any_record(record: Record<Self>) -> AnyRecord {
                AnyRecord::$game(record)
            }
        })+

        impl AnyRecord {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyRecord::$game(_) => GameKind::$game),+
                }
            }

            /// How many moves the record holds.
            pub fn moves(&self) -> usize {
                match self {
                    $(AnyRecord::$game(record) => record.moves.len()),+
                }
            }

            /// How many numbered moves (turns) the game has had, as every
            /// view numbers them.
            pub fn turns(&self) -> usize {
                match self {
                    $(AnyRecord::$game(record) => record.line().numbered()),+
                }
            }

            /// Whether the record holds the computer's review.
            pub fn is_reviewed(&self) -> bool {
                match self {
                    $(AnyRecord::$game(record) => record.is_reviewed()),+
                }
            }

            /// Whether the recorded game is over, by its rules or a
            /// resignation.
            pub fn is_over(&self) -> bool {
                match self {
                    $(AnyRecord::$game(record) => record.outcome().is_some()),+
                }
            }

            /// Runs `f` with the record, typed.
            pub fn with<F: WithRecord>(self, f: F) -> F::Output {
                match self {
                    $(AnyRecord::$game(record) => f.run(record)),+
                }
            }

            /// The record of a game of `kind`, checked against its rules.
            fn read(kind: GameKind, text: &record::RecordText) -> Result<AnyRecord, RecordError> {
                match kind {
                    $(GameKind::$game => Record::from_text(text).map(AnyRecord::$game)),+
                }
            }
        }
    };
}

for_each_game!(registry);

impl Default for GameKind {
    fn default() -> Self {
        GameKind::ALL[0]
    }
}

/// What the list knows of a game without running anything for it.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub settings: &'static [Setting],
    pub symbols: [char; 2],
}

struct FactsOf;

impl WithGame for FactsOf {
    type Output = Facts;
    fn run<G: Playable>(self) -> Facts {
        Facts {
            name: G::NAME,
            title: G::TITLE,
            about: G::ABOUT,
            settings: <G::Settings as GameSettings>::LIST,
            symbols: Player::BOTH.map(G::symbol),
        }
    }
}

impl GameKind {
    pub fn facts(self) -> Facts {
        self.with(FactsOf)
    }

    /// `gekitai`: on the command line and in records.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// `Gekitai`: as players write it.
    pub fn title(self) -> &'static str {
        self.facts().title
    }

    pub fn settings(self) -> &'static [Setting] {
        self.facts().settings
    }

    /// The letter `player`'s pieces are shown with.
    pub fn symbol(self, player: Player) -> char {
        self.facts().symbols[player.index()]
    }

    /// The game whose engine type is `G`.
    pub fn of<G: Playable>() -> GameKind {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == G::NAME)
            .unwrap_or_default()
    }
}

/// `gekitai, connect6, hex and reversi`.
pub fn names() -> String {
    listed(GameKind::name)
}

/// `Gekitai, Connect6, Hex and Reversi`.
pub fn titles() -> String {
    listed(GameKind::title)
}

/// Every game as `show` writes it, in a sentence.
fn listed(show: fn(GameKind) -> &'static str) -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|&kind| show(kind)).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A name that is not one of the games.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game {:?} (tabletop plays {})", self.0, names())
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownGame(text.to_string()))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game to start: which one, and its settings, checked against the
/// game's own description of them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    kind: GameKind,
    values: Vec<usize>,
}

impl Setup {
    /// The game with these settings (in the order of its list), refused
    /// with the first setting out of range.
    pub fn new(kind: GameKind, values: Vec<usize>) -> Result<Setup, SettingError> {
        settings::check(kind.settings(), &values)?;
        let values = settings::complete(kind.settings(), &values);
        Ok(Setup { kind, values })
    }

    /// The game with its default settings.
    pub fn default_of(kind: GameKind) -> Setup {
        Setup {
            kind,
            values: settings::defaults(kind.settings()),
        }
    }

    /// The game of `G` with `settings`.
    pub fn of<G: Playable>(settings: &G::Settings) -> Setup {
        Setup {
            kind: GameKind::of::<G>(),
            values: settings.values(),
        }
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The settings' values, in the order of the game's list.
    pub fn values(&self) -> &[usize] {
        &self.values
    }

    /// Runs `f` with the game's typed settings.
    pub fn with<F: WithSetup>(&self, f: F) -> F::Output {
        struct Typed<'a, F>(&'a [usize], F);
        impl<F: WithSetup> WithGame for Typed<'_, F> {
            type Output = F::Output;
            fn run<G: Playable>(self) -> F::Output {
                // A setup's values were checked against this very list.
                self.1.run::<G>(G::Settings::from_checked(self.0))
            }
        }
        self.kind.with(Typed(&self.values, f))
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::default_of(GameKind::default())
    }
}

/// Reads a record of any game, re-checking every move with its rules and
/// every player's name.
pub fn read_record(text: &str) -> Result<AnyRecord, RecordError> {
    let written = record::parse(text)?;
    for player in [&written.players.first, &written.players.second] {
        if !is_player(player.get_ref()) {
            return Err(RecordError {
                line: Some(record::line_of(text, player.span().start)),
                move_number: None,
                reason: format!(
                    "{} is not a player (human, ai:LEVEL with LEVEL 1 to 5, random or gtp:COMMAND)",
                    quote(player.get_ref())
                ),
            });
        }
    }
    let kind: GameKind = written
        .game
        .parse()
        .map_err(|error: UnknownGame| RecordError::new(error.to_string()))?;
    AnyRecord::read(kind, &written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_and_writes_its_own_name() {
        for &kind in GameKind::ALL {
            assert_eq!(kind.to_string().parse(), Ok(kind));
            assert_eq!(kind.facts().name, kind.name());
        }
        assert_eq!(GameKind::default(), GameKind::ALL[0]);
        let error = "chess".parse::<GameKind>().unwrap_err();
        assert!(error.to_string().contains(&names()), "{error}");
    }

    #[test]
    fn an_unknown_game_in_a_record_is_refused() {
        let error = read_record("game = \"chess\"\n").unwrap_err();
        assert!(error.to_string().contains("unknown game"), "{error}");
    }

    #[test]
    fn setups_are_checked_against_the_game_s_list() {
        for &kind in GameKind::ALL {
            let setup = Setup::default_of(kind);
            assert_eq!(Setup::new(kind, setup.values().to_vec()), Ok(setup));
            assert!(Setup::new(kind, vec![99]).is_err(), "{kind}: a 99x99 board");
        }
    }
}
