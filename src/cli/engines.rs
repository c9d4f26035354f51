//! `tabletop engines`: the outside GTP engines of config.toml listed,
//! added (appended to the file, which is otherwise left as the player wrote
//! it) and checked (each started and asked who it is and what it knows).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Subcommand};

use super::Failure;
use crate::games::GameKind;
use tabletop_core::config::engines::{EngineSettings, engines};
use tabletop_core::config::{self, Config};
use tabletop_core::files;
use tabletop_core::gtp::client::{GtpClient, Stopper};
use tabletop_core::seat::is_engine_name;
use tabletop_engine::quote::{quote, quote_at_most};

/// How long an engine may take over each question of `check`.
const CHECK_PATIENCE: Duration = Duration::from_secs(10);

/// The commands an engine needs to play a seat; `undo` is welcome too.
const NEEDED: [&str; 4] = ["boardsize", "clear_board", "play", "genmove"];

#[derive(Args, Debug)]
pub(crate) struct EnginesArgs {
    #[command(subcommand)]
    action: Option<EnginesAction>,
}

#[derive(Subcommand, Debug)]
enum EnginesAction {
    /// Add an engine to config.toml (appended; nothing there is changed).
    Add {
        /// What to call it (letters, digits, - _ .): `--o engine:NAME`.
        name: String,
        /// The shell command that starts it.
        command: String,
        /// The games it plays (default: all), e.g. `--games hex,reversi`.
        #[arg(long, value_delimiter = ',')]
        games: Vec<String>,
        /// A GTP command to send once it has started (again for more),
        /// e.g. `--setup 'time_settings 0 5 1'`.
        #[arg(long)]
        setup: Vec<String>,
        /// Seconds it may think before it is called slow (default 30).
        #[arg(long)]
        patience: Option<u64>,
    },
    /// Start each engine (or the one named) and ask its name, version and
    /// commands.
    Check {
        /// Only this engine.
        name: Option<String>,
    },
}

/// The config file, or why there is none.
fn config_path() -> Result<std::path::PathBuf, Failure> {
    config::path().ok_or_else(|| Failure::usage("this system has no config folder"))
}

pub(super) fn engines_command(args: &EnginesArgs) -> Result<ExitCode, Failure> {
    let path = config_path()?;
    match &args.action {
        None => list(&path),
        Some(EnginesAction::Add {
            name,
            command,
            games,
            setup,
            patience,
        }) => add(&path, name, command, games, setup, *patience),
        Some(EnginesAction::Check { name }) => check(&path, name.as_deref()),
    }
}

/// The engines of the file at `path`, its notices said on standard error.
fn configured(path: &Path) -> Vec<EngineSettings> {
    let config = Config::load(path);
    let (engines, notices) = engines(&config);
    for notice in config.notices.iter().chain(&notices) {
        eprintln!("{notice}");
    }
    engines
}

fn games_text(engine: &EngineSettings) -> String {
    match engine.games.as_slice() {
        [] => "every game".to_string(),
        games => games
            .iter()
            .map(|game| game.name())
            .collect::<Vec<_>>()
            .join(","),
    }
}

fn list(path: &Path) -> Result<ExitCode, Failure> {
    let engines = configured(path);
    if engines.is_empty() {
        println!(
            "No engines in {}: add one with tabletop engines add NAME COMMAND [--games hex]",
            path.display()
        );
    }
    for engine in &engines {
        println!(
            "{}  ({}, patience {} s): {}",
            engine.name,
            games_text(engine),
            engine.patience.as_secs(),
            quote_at_most(&engine.command, 200)
        );
        for command in &engine.setup {
            println!("    then {}", quote_at_most(command, 200));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A TOML string, quoted and escaped.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// A TOML list of strings.
fn toml_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|item| toml_string(item)).collect();
    format!("[{}]", items.join(", "))
}

fn add(
    path: &Path,
    name: &str,
    command: &str,
    games: &[String],
    setup: &[String],
    patience: Option<u64>,
) -> Result<ExitCode, Failure> {
    if !is_engine_name(name) {
        return Err(Failure::usage(format!(
            "an engine's name is letters, digits, - _ and . (at most 40), not {}",
            quote(name)
        )));
    }
    for game in games {
        game.parse::<GameKind>().map_err(|_| {
            Failure::usage(format!(
                "{} is not a game ({})",
                quote(game),
                crate::games::names()
            ))
        })?;
    }
    let mut entry = format!(
        "[[engine]]\nname = {}\ncommand = {}\n",
        toml_string(name),
        toml_string(command)
    );
    if !games.is_empty() {
        entry += &format!("games = {}\n", toml_list(games));
    }
    if !setup.is_empty() {
        entry += &format!("setup = {}\n", toml_list(setup));
    }
    if let Some(seconds) = patience {
        entry += &format!("patience = {seconds}\n");
    }
    let existing = files::read_own(path)
        .map_err(|why| Failure::usage(format!("{why}: add the engine by hand")))?;
    let existing = existing.unwrap_or_default();
    // The file must read as TOML before and after: an entry is never added
    // to a file it would break, or that is broken already.
    if let Err(error) = existing.parse::<toml::Table>() {
        let line = error.span().map_or(String::new(), |span| {
            format!(" line {}", config::line_of(&existing, span.start))
        });
        return Err(Failure::usage(format!(
            "{}{line} is not valid TOML ({}); nothing was added",
            path.display(),
            error.message().trim()
        )));
    }
    let before = engines(&Config::parse(&existing, "config.toml")).0;
    if before.iter().any(|engine| engine.name == name) {
        return Err(Failure::usage(format!(
            "an engine called {name} is configured already; nothing was added"
        )));
    }
    let separator = match existing.as_str() {
        "" => "",
        text if text.ends_with("\n\n") => "",
        text if text.ends_with('\n') => "\n",
        _ => "\n\n",
    };
    let addition = format!("{separator}{entry}");
    let after = Config::parse(&format!("{existing}{addition}"), "config.toml");
    let (added, notices) = engines(&after);
    if !added.iter().any(|engine| engine.name == name) {
        let why = after
            .notices
            .iter()
            .chain(&notices)
            .last()
            .map_or("it would not be read".to_string(), ToString::to_string);
        return Err(Failure::usage(format!("the engine was not added: {why}")));
    }
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    // Appended: what is there stays byte for byte (and a new file is made
    // only if there is none).
    let mut file = OpenOptions::new()
        .append(true)
        .create(existing.is_empty())
        .open(path)
        .map_err(|error| Failure {
            message: format!("cannot add to {}: {error}", path.display()),
            code: 1,
        })?;
    file.write_all(addition.as_bytes())?;
    file.sync_all()?;
    println!("Added {name} to {}", path.display());
    Ok(ExitCode::SUCCESS)
}

fn check(path: &Path, only: Option<&str>) -> Result<ExitCode, Failure> {
    let engines: Vec<EngineSettings> = configured(path)
        .into_iter()
        .filter(|engine| only.is_none_or(|name| engine.name == name))
        .collect();
    if engines.is_empty() {
        return Err(Failure::usage(match only {
            Some(name) => format!("no engine called {} in {}", quote(name), path.display()),
            None => format!("no engines in {}", path.display()),
        }));
    }
    let mut all_work = true;
    for engine in &engines {
        let works = check_one(engine);
        all_work &= works;
    }
    Ok(match all_work {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    })
}

/// Starts `engine`, asks it who it is and what it knows, and says so;
/// true if it can play a seat.
fn check_one(engine: &EngineSettings) -> bool {
    let name = &engine.name;
    let mut client = match GtpClient::spawn_with(&engine.command, name, Stopper::default()) {
        Ok(client) => client,
        Err(error) => {
            println!("{name}: does not start: {error:#}");
            return false;
        }
    };
    let mut ask = |command: &str| client.send(command, CHECK_PATIENCE);
    let said = ask("name").and_then(|who| ask("version").map(|version| (who, version)));
    let (who, version) = match said {
        Ok(said) => said,
        Err(error) => {
            println!("{name}: {error:#}");
            return false;
        }
    };
    println!(
        "{name}: {} {}",
        quote_at_most(who.trim(), 60),
        quote_at_most(version.trim(), 60)
    );
    let known = match ask("list_commands") {
        Ok(list) => list,
        Err(error) => {
            println!("    list_commands: {error:#}");
            return false;
        }
    };
    let known: Vec<&str> = known.split_whitespace().collect();
    let missing: Vec<&str> = NEEDED
        .into_iter()
        .filter(|command| !known.contains(command))
        .collect();
    let mut works = missing.is_empty();
    if works {
        println!("    knows {}", NEEDED.join(", "));
    } else {
        println!("    cannot play a seat: it lacks {}", missing.join(", "));
    }
    if known.contains(&"undo") {
        println!("    knows undo");
    } else {
        println!("    no undo: taking a move back replays the game into a fresh engine");
    }
    for command in &engine.setup {
        match ask(command) {
            Ok(_) => println!("    setup {}: done", quote_at_most(command, 60)),
            Err(error) => {
                println!("    setup {}: {error:#}", quote_at_most(command, 60));
                works = false;
            }
        }
    }
    println!("    plays {}", games_text(engine));
    works
}
