//! The lobby server's database: SQLite in one file of the data folder
//! (write-ahead log, every commit on the disk), or PostgreSQL, which
//! several servers can share. Both through sqlx's `Any` driver, so every
//! query is written once. Reads go through a pool of connections; every
//! write goes through [`writer`], one task that groups them into
//! transactions.

pub mod export;
pub mod import;
pub mod kept_games;
pub mod migrations;
pub mod players;
pub mod puzzles;
pub mod ratings;
pub mod schema;
pub mod seeks;
pub mod writer;

use std::collections::HashMap;
use std::path::Path;

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor, Row};

use crate::event::Logged;
use crate::protocol::{Listing, Standing};
use schema::Backend;
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;
use writer::{Job, Limits, Writer};

/// The database file in a data folder.
pub const FILE: &str = "tabletop.db";

/// Where the games are kept.
#[derive(Clone, Debug)]
pub enum Database {
    /// SQLite, in this file.
    File(std::path::PathBuf),
    /// A database server (PostgreSQL), at this address.
    Url(String),
}

impl Database {
    /// The SQLite file in the data folder `data`.
    pub fn in_folder(data: &Path) -> Database {
        Database::File(data.join(FILE))
    }

    /// How the database is named in messages: its file, or its server
    /// without the password.
    pub fn shown(&self) -> String {
        match self {
            Database::File(path) => path.display().to_string(),
            Database::Url(url) => match (url.find("://"), url.rfind('@')) {
                (Some(scheme), Some(at)) if at > scheme => {
                    format!("{}://…{}", &url[..scheme], &url[at..])
                }
                _ => url.clone(),
            },
        }
    }
}

/// What a code opens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Access {
    /// The open seat.
    Join,
    /// The game, to watch.
    Watch,
    /// The seat of the side numbered so (0 first, 1 second), again.
    Rejoin(u8),
}

impl Access {
    /// As the `codes` table writes it.
    pub fn word(self) -> &'static str {
        match self {
            Access::Join => "join",
            Access::Watch => "watch",
            Access::Rejoin(0) => "first",
            Access::Rejoin(_) => "second",
        }
    }

    fn read(word: &str) -> Option<Access> {
        match word {
            "join" => Some(Access::Join),
            "watch" => Some(Access::Watch),
            "first" => Some(Access::Rejoin(0)),
            "second" => Some(Access::Rejoin(1)),
            _ => None,
        }
    }
}

/// A game to write down for the first time.
#[derive(Clone, Debug, Default)]
pub struct NewGame {
    /// Its name as records write it (`gekitai`).
    pub game: String,
    /// Its `[settings]` table, as TOML.
    pub settings: String,
    /// Its clock: milliseconds for the game, milliseconds added a turn.
    pub clock: Option<(u64, u64)>,
    /// The side the server plays (0 first, 1 second), and how well.
    pub computer: Option<(u8, u8)>,
    pub names: [String; 2],
    /// The seat nobody has taken yet (0 first, 1 second).
    pub open_side: Option<u8>,
    /// The address it was made from.
    pub creator: String,
    pub created_ms: u64,
    /// Its codes' digests and what each opens.
    pub codes: Vec<(String, Access)>,
    /// Its log so far (a game brought in from elsewhere), and what it
    /// comes to.
    pub log: Vec<Logged>,
    pub moves: u64,
    /// The result and how it ended, for a game over.
    pub over: Option<(String, Option<String>)>,
    pub idle_since_ms: Option<u64>,
}

/// A game's row as an entry leaves it.
#[derive(Clone, Debug, Default)]
pub struct RowChange {
    pub moves: u64,
    pub names: [String; 2],
    /// The result (or `abandoned`) and how it ended, once over.
    pub over: Option<(String, Option<String>)>,
    /// Since when nobody has been at the game, if nobody is.
    pub idle_since_ms: Option<u64>,
}

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: u64,
    pub game: String,
    pub settings: toml::Table,
    pub clock: Option<TimeControl>,
    pub computer: Option<(Player, u8)>,
    pub names: [String; 2],
    pub open_side: Option<Player>,
    pub moves: u64,
    pub last_seq: u64,
    pub over: bool,
}

/// The database, open.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    pub backend: Backend,
    pub writer: Writer,
}

impl Store {
    /// Opens `database` (making its tables if they are not there), its
    /// writes made by a task writing as `server` within `limits`; the
    /// task ends once every copy of the store is dropped.
    pub async fn open(
        database: &Database,
        server: &str,
        limits: Limits,
    ) -> Result<(Store, tokio::task::JoinHandle<()>), String> {
        sqlx::any::install_default_drivers();
        if let Database::File(path) = database {
            if let Some(folder) = path.parent() {
                std::fs::create_dir_all(folder)
                    .map_err(|error| format!("cannot make {}: {error}", folder.display()))?;
            }
            only_regular_files(path)?;
        }
        let (url, backend, connections) = match database {
            Database::File(path) => (sqlite_url(path), Backend::Sqlite, 4),
            Database::Url(url) => (url.clone(), Backend::Postgres, 8),
        };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        for pragma in schema::SQLITE_PRAGMAS {
                            connection.execute(pragma).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|error| format!("cannot open {}: {error}", database.shown()))?;
        for statement in schema::statements(backend) {
            pool.execute(statement.as_str()).await.map_err(|error| {
                format!("cannot make the tables in {}: {error}", database.shown())
            })?;
        }
        for table in migrations::drop_unused(&pool, backend).await? {
            tracing::info!(table, "an unused table, empty, dropped");
        }
        let (writer, task) = Writer::start(pool.clone(), backend, server.to_string(), limits);
        Ok((
            Store {
                pool,
                backend,
                writer,
            },
            task,
        ))
    }

    /// Closes the pool's connections (once the writer has finished).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Copies the SQLite write-ahead log into the database (nothing to
    /// do in PostgreSQL): beside the writer, then, once the log is past
    /// [`schema::RESTART_FRAMES`], the rest by the writer between two
    /// commits, so that the log starts again from its beginning.
    pub async fn checkpoint(&self) -> Result<(), String> {
        self.checkpoint_past(schema::RESTART_FRAMES).await
    }

    /// [`Store::checkpoint`], the writer finishing the copy once the log
    /// holds `frames` pages or more.
    pub async fn checkpoint_past(&self, frames: i64) -> Result<(), String> {
        if self.backend == Backend::Postgres {
            return Ok(());
        }
        let copied = sqlx::query(schema::CHECKPOINT)
            .fetch_one(&self.pool)
            .await
            .map_err(failed)?;
        let logged: i64 = copied.try_get(1).map_err(failed)?;
        if logged >= frames {
            self.write(Job::Checkpoint).await?;
        }
        Ok(())
    }

    /// The game a code's digest opens, and what it opens there.
    pub async fn code(&self, digest: &str) -> Result<Option<(u64, Access)>, String> {
        let row = sqlx::query("SELECT game_id, access FROM codes WHERE digest = $1")
            .bind(digest)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        let Some(row) = row else { return Ok(None) };
        let id: i64 = row.try_get(0).map_err(failed)?;
        let access: String = row.try_get(1).map_err(failed)?;
        Ok(Access::read(&access).map(|access| (id as u64, access)))
    }

    /// The game numbered `id`, if there is one.
    pub async fn game(&self, id: u64) -> Result<Option<GameRow>, String> {
        let row = sqlx::query(&format!("SELECT {ROW_COLUMNS} FROM games WHERE id = $1"))
            .bind(id as i64)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        row.map(|row| game_row(&row)).transpose()
    }

    /// The game `id`'s log after its entry `after`, in order.
    pub async fn log(&self, id: u64, after: u64) -> Result<Vec<Logged>, String> {
        let rows =
            sqlx::query("SELECT body FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq")
                .bind(id as i64)
                .bind(after as i64)
                .fetch_all(&self.pool)
                .await
                .map_err(failed)?;
        rows.iter()
            .map(|row| Logged::from_json(&row.try_get::<String, _>(0).map_err(failed)?))
            .collect()
    }

    /// The lobby's list: the open games, then the games in progress,
    /// newest first, at most `most` of each.
    pub async fn listings(&self, most: usize) -> Result<(Vec<Listing>, Vec<Listing>), String> {
        let mut parts = Vec::new();
        for open in ["IS NOT NULL", "IS NULL"] {
            let query = format!(
                "SELECT {ROW_COLUMNS} FROM games WHERE over = 0 AND open_side {open} ORDER BY id DESC LIMIT $1"
            );
            let rows = sqlx::query(&query)
                .bind(most as i64)
                .fetch_all(&self.pool)
                .await
                .map_err(failed)?;
            let rows = rows.iter().map(game_row).collect::<Result<Vec<_>, _>>()?;
            let ids: Vec<u64> = rows.iter().map(|row| row.id).collect();
            let ratings = self.seat_ratings(&ids).await?;
            let seeks = self.seek_ranges(&ids).await?;
            let listing = |row: &GameRow| {
                let mut listing = row.listing(&ratings);
                listing.seek = seeks
                    .get(&row.id)
                    .copied()
                    .filter(|_| row.open_side.is_some());
                listing
            };
            parts.push(rows.iter().map(listing).collect());
        }
        let playing = parts.pop().unwrap_or_default();
        let open = parts.pop().unwrap_or_default();
        Ok((open, playing))
    }

    /// The open games nobody may have been at since before `cutoff_ms`:
    /// those whose row says so, and those made before it whose creator
    /// sat at them when last written (on a server that may since have
    /// been killed or stopped, which wrote no seat left empty): their
    /// replicas decide, knowing which servers are alive.
    pub async fn idle_open_games(&self, cutoff_ms: u64) -> Result<Vec<u64>, String> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE over = 0 AND open_side IS NOT NULL
                 AND COALESCE(idle_since_ms, created_ms) < $1",
        )
        .bind(cutoff_ms as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(failed)?;
        rows.iter()
            .map(|row| row.try_get::<i64, _>(0).map(|id| id as u64).map_err(failed))
            .collect()
    }

    /// When each server last said it was alive.
    pub async fn servers(&self) -> Result<HashMap<String, u64>, String> {
        let rows = sqlx::query("SELECT id, alive_ms FROM servers")
            .fetch_all(&self.pool)
            .await
            .map_err(failed)?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get(0).map_err(failed)?;
                let alive: i64 = row.try_get(1).map_err(failed)?;
                Ok((id, alive as u64))
            })
            .collect()
    }

    /// Brings the games of a data folder of the earlier kind in: a line
    /// for each game brought in and each file left alone.
    pub async fn import(&self, folder: &Path) -> Result<Vec<String>, String> {
        let (found, mut said) = import::read_folder(folder)
            .map_err(|error| format!("cannot read {}: {error}", folder.display()))?;
        for import::Found { from, game } in found {
            let id = self
                .write(|answer| Job::Import(Box::new(game), answer))
                .await?;
            said.push(format!("{} is game {id}", from.display()));
        }
        Ok(said)
    }

    /// Makes `job` through the writer; its answer.
    pub async fn write<T>(&self, job: impl FnOnce(writer::Answer<T>) -> Job) -> Result<T, String> {
        self.writer.ask(job).await
    }
}

/// The columns a [`GameRow`] is read from, in order.
const ROW_COLUMNS: &str = "id, game, settings, clock_base_ms, clock_increment_ms, computer_side, \
     computer_level, first_name, second_name, open_side, moves, last_seq, over";

fn game_row(row: &sqlx::any::AnyRow) -> Result<GameRow, String> {
    let get_i64 = |i: usize| row.try_get::<i64, _>(i).map_err(failed);
    let get_opt = |i: usize| row.try_get::<Option<i64>, _>(i).map_err(failed);
    let get_text = |i: usize| row.try_get::<String, _>(i).map_err(failed);
    let side = |n: i64| match n {
        0 => Player::First,
        _ => Player::Second,
    };
    let settings: toml::Table = get_text(2)?
        .parse()
        .map_err(|error| format!("a game whose settings do not read: {error}"))?;
    let clock = match (get_opt(3)?, get_opt(4)?) {
        (Some(base), Some(increment)) => Some(TimeControl {
            base_ms: base as u64,
            increment_ms: increment as u64,
        }),
        _ => None,
    };
    let computer = match (get_opt(5)?, get_opt(6)?) {
        (Some(computer), Some(level)) => Some((side(computer), level as u8)),
        _ => None,
    };
    Ok(GameRow {
        id: get_i64(0)? as u64,
        game: get_text(1)?,
        settings,
        clock,
        computer,
        names: [get_text(7)?, get_text(8)?],
        open_side: get_opt(9)?.map(side),
        moves: get_i64(10)? as u64,
        last_seq: get_i64(11)? as u64,
        over: get_i64(12)? != 0,
    })
}

impl GameRow {
    /// The lobby's line for the game, with the ratings of the seats
    /// players with keys hold (by game and side).
    pub fn listing(&self, ratings: &HashMap<(u64, usize), f64>) -> Listing {
        let mut names = self.names.clone();
        if let Some(open) = self.open_side {
            names[open.index()] = String::new();
        }
        let standings = Player::BOTH.map(|side| {
            let computer = self.computer.is_some_and(|(at, _)| at == side);
            match ratings.get(&(self.id, side.index())) {
                _ if names[side.index()].is_empty() => None,
                _ if computer => Some(Standing::Computer),
                Some(rating) => Some(Standing::Rated {
                    rating: rating.round().max(0.0) as u32,
                }),
                None => Some(Standing::Guest),
            }
        });
        Listing {
            standings: Some(standings),
            seek: None,
            id: self.id,
            game: self.game.clone(),
            settings: self.settings.clone(),
            names,
            moves: self.moves as usize,
            clock: self.clock,
        }
    }
}

/// The SQLite file and its companions (the write-ahead log, its index,
/// a rollback journal) are files or not there yet: SQLite would wait for
/// ever on a pipe put in their place, and write into a device.
fn only_regular_files(path: &Path) -> Result<(), String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let companion = path.with_file_name(format!("{name}{suffix}"));
        match std::fs::metadata(&companion) {
            Ok(meta) if !meta.is_file() => {
                return Err(format!(
                    "{} is not a regular file: the database cannot be kept in it",
                    companion.display()
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn failed(error: sqlx::Error) -> String {
    format!("the database failed: {error}")
}

/// The address sqlx opens an SQLite file at, made if it is not there.
fn sqlite_url(path: &Path) -> String {
    let path = path.display().to_string();
    let escaped: String = path
        .chars()
        .map(|c| match c {
            '%' | '?' | '#' | ' ' => format!("%{:02X}", c as u32),
            c => c.to_string(),
        })
        .collect();
    format!("sqlite://{escaped}?mode=rwc")
}
