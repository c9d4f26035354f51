//! Every write to the database goes through one task, which groups what
//! arrives while it commits into one transaction: many moves, one commit
//! (one `fsync`). Each write is made so that it cannot fail on its own (a
//! taken entry number, a seat already taken, a limit reached are answers,
//! not errors), so a transaction fails only when the database does, and
//! then every write in it is answered with why.

use sqlx::{Any, AnyPool, Row, Transaction};
use tokio::sync::{mpsc, oneshot};

use super::schema::Backend;
use super::{Access, NewGame, RowChange};
use crate::event::Logged;

/// Writes waiting at most; a room asking for more waits its turn.
const QUEUE: usize = 4096;

/// Writes grouped into one transaction at most.
const BATCH: usize = 512;

/// The channel PostgreSQL tells other servers of a game's new entries on.
pub const CHANNEL: &str = "tabletop_games";

/// What one write answers.
pub type Answer<T> = oneshot::Sender<Result<T, String>>;

/// A write to make.
pub enum Job {
    /// A new game, unless a limit is reached: its number, or the limit's
    /// words.
    Create(Box<NewGame>, Answer<Result<u64, &'static str>>),
    /// A game brought in from elsewhere, whatever the limits: its number.
    Import(Box<NewGame>, Answer<u64>),
    /// `digest` takes the open seat `side` of the game `id`, if it is
    /// still open: whether it did.
    TakeSeat {
        id: u64,
        side: u8,
        digest: String,
        answer: Answer<bool>,
    },
    /// The next entry of the game `id`'s log, and its row as it then
    /// stands: false if another wrote an entry of that number first.
    Append {
        id: u64,
        logged: Logged,
        row: RowChange,
        answer: Answer<bool>,
    },
    /// This server is alive now.
    Alive {
        server: String,
        now_ms: u64,
        answer: Answer<()>,
    },
    /// Copies what SQLite's write-ahead log holds into the database
    /// between two commits, so that all of it is copied and the next
    /// commit starts the log again from its beginning.
    Checkpoint(Answer<()>),
    /// Nothing more: what was asked before is written, then the writer
    /// ends.
    Finish,
}

impl Job {
    /// The game whose row the job writes, if an existing one.
    fn game(&self) -> Option<u64> {
        match self {
            Job::TakeSeat { id, .. } | Job::Append { id, .. } => Some(*id),
            _ => None,
        }
    }
}

/// Times a batch is tried before its writes are answered with the
/// database's refusal.
const RETRIES: u32 = 5;

/// Whether the database refused a transaction only because another ran
/// at the same time (PostgreSQL's deadlock and serialisation failures):
/// written again, it goes through. (SQLite's one writer already waits
/// for a busy database, and a database locked for good is refused.)
fn conflicted(error: &sqlx::Error) -> bool {
    let sqlx::Error::Database(database) = error else {
        return false;
    };
    matches!(
        database.code().as_deref(),
        Some("40P01" | "40001" | "5" | "517")
    )
}

/// The limits a new game is held to.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Games not over, in all.
    pub games: u64,
    /// Open games (a seat free) made from one address.
    pub open_per_address: u64,
    /// Games not over made from one address.
    pub games_per_address: u64,
}

/// The writer of a database.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writing task over `pool`; it ends when every writer is
    /// dropped and what was asked is written.
    pub fn start(
        pool: AnyPool,
        backend: Backend,
        server: String,
        limits: Limits,
    ) -> (Writer, tokio::task::JoinHandle<()>) {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let task = Task {
            pool,
            backend,
            server,
            limits,
        };
        (Writer { jobs }, tokio::spawn(task.run(queue)))
    }

    /// Writes what was asked so far, then ends the writer.
    pub async fn finish(&self) {
        let _ = self.jobs.send(Job::Finish).await;
    }

    /// Makes `job`, built around its answer; the answer, or why not.
    pub async fn ask<T>(&self, job: impl FnOnce(Answer<T>) -> Job) -> Result<T, String> {
        let (answer, answered) = oneshot::channel();
        self.jobs
            .send(job(answer))
            .await
            .map_err(|_| "the server is stopping".to_string())?;
        answered
            .await
            .unwrap_or_else(|_| Err("the server is stopping".to_string()))
    }
}

/// The writing task.
struct Task {
    pool: AnyPool,
    backend: Backend,
    server: String,
    limits: Limits,
}

/// What one write came to, before its answer is sent.
enum Done {
    Created(Result<u64, &'static str>),
    Flag(bool),
    Nothing,
}

impl Task {
    async fn run(self, mut queue: mpsc::Receiver<Job>) {
        while let Some(first) = queue.recv().await {
            let mut batch = vec![first];
            while batch.len() < BATCH && !matches!(batch.last(), Some(Job::Finish)) {
                match queue.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            let finished = matches!(batch.last(), Some(Job::Finish));
            let (checkpoints, batch): (Vec<Job>, Vec<Job>) = batch
                .into_iter()
                .partition(|job| matches!(job, Job::Checkpoint(_)));
            if !batch.is_empty() {
                let done = self.commit(&batch).await;
                answer(batch, done);
            }
            if !checkpoints.is_empty() {
                self.checkpoint(checkpoints).await;
            }
            if finished {
                return;
            }
        }
    }

    /// Copies the write-ahead log into the database while nothing is
    /// being committed, and answers each job asking for it.
    async fn checkpoint(&self, jobs: Vec<Job>) {
        let done = sqlx::query(super::schema::CHECKPOINT)
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(|error| error.to_string());
        for job in jobs {
            if let Job::Checkpoint(answer) = job {
                let _ = answer.send(done.clone());
            }
        }
    }

    /// Writes `batch` in one transaction: what each came to, or why none
    /// was written. Servers sharing PostgreSQL write rows of the same
    /// games at once: each batch takes the games' rows in the order of
    /// their numbers, and a batch the database chose to break a deadlock
    /// with (or a serialisation failure) is written again, whole.
    async fn commit(&self, batch: &[Job]) -> Result<Vec<Done>, String> {
        let mut attempt = 1;
        loop {
            match self.try_commit(batch).await {
                Err(error) if attempt < RETRIES && conflicted(&error) => {
                    tracing::warn!(%error, attempt, "a batch of writes is written again");
                    attempt += 1;
                }
                done => return done.map_err(|error| error.to_string()),
            }
        }
    }

    async fn try_commit(&self, batch: &[Job]) -> Result<Vec<Done>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres
            && batch.iter().any(|job| matches!(job, Job::Create(..)))
        {
            // Servers sharing the database count games one at a time.
            sqlx::query("SELECT pg_advisory_xact_lock(7420)")
                .execute(&mut *tx)
                .await?;
        }
        // By game number (new games first); a game's entries keep their
        // order, the sort being stable.
        let mut order: Vec<usize> = (0..batch.len()).collect();
        order.sort_by_key(|&i| batch[i].game());
        let mut done: Vec<Option<Done>> = (0..batch.len()).map(|_| None).collect();
        for i in order {
            done[i] = Some(self.write(&mut tx, &batch[i]).await?);
        }
        tx.commit().await?;
        Ok(done
            .into_iter()
            .map(|done| done.unwrap_or(Done::Nothing))
            .collect())
    }

    async fn write(&self, tx: &mut Transaction<'_, Any>, job: &Job) -> Result<Done, sqlx::Error> {
        match job {
            Job::Create(game, _) => self.create(tx, game).await.map(Done::Created),
            Job::Import(game, _) => insert_game(tx, game).await.map(|id| Done::Created(Ok(id))),
            Job::TakeSeat {
                id, side, digest, ..
            } => take_seat(tx, *id, *side, digest).await.map(Done::Flag),
            Job::Append {
                id, logged, row, ..
            } => self.append(tx, *id, logged, row).await.map(Done::Flag),
            Job::Alive { server, now_ms, .. } => {
                alive(tx, server, *now_ms).await?;
                Ok(Done::Nothing)
            }
            Job::Checkpoint(_) | Job::Finish => Ok(Done::Nothing),
        }
    }

    /// A new game and its codes, within the limits.
    async fn create(
        &self,
        tx: &mut Transaction<'_, Any>,
        game: &NewGame,
    ) -> Result<Result<u64, &'static str>, sqlx::Error> {
        let counts = sqlx::query(
            "SELECT COUNT(*),
                    COALESCE(SUM(CASE WHEN creator = $1 THEN 1 ELSE 0 END), 0),
                    COALESCE(SUM(CASE WHEN creator = $1 AND open_side IS NOT NULL THEN 1 ELSE 0 END), 0)
             FROM games WHERE over = 0",
        )
        .bind(&game.creator)
        .fetch_one(&mut **tx)
        .await?;
        let (all, mine, open): (i64, i64, i64) =
            (counts.try_get(0)?, counts.try_get(1)?, counts.try_get(2)?);
        let limits = self.limits;
        if all as u64 >= limits.games {
            return Ok(Err("the server has all the games it takes"));
        }
        if mine as u64 >= limits.games_per_address {
            return Ok(Err("your address has all the unfinished games it may have"));
        }
        if game.open_side.is_some() && open as u64 >= limits.open_per_address {
            return Ok(Err("your address has all the open games it may have"));
        }
        insert_game(tx, game).await.map(Ok)
    }

    /// The entry, unless its number is taken, with the game's row.
    async fn append(
        &self,
        tx: &mut Transaction<'_, Any>,
        id: u64,
        logged: &Logged,
        row: &RowChange,
    ) -> Result<bool, sqlx::Error> {
        if !insert_entry(tx, id, logged).await? {
            return Ok(false);
        }
        // Only columns no index holds, entry after entry: setting `over`
        // again each time rewrote both indexes holding it, two pages more
        // in the log for every move.
        sqlx::query(
            "UPDATE games SET last_seq = $2, moves = $3, first_name = $4, second_name = $5,
                 idle_since_ms = $6
             WHERE id = $1",
        )
        .bind(id as i64)
        .bind(logged.seq as i64)
        .bind(row.moves as i64)
        .bind(&row.names[0])
        .bind(&row.names[1])
        .bind(row.idle_since_ms.map(|ms| ms as i64))
        .execute(&mut **tx)
        .await?;
        if let Some((result, ended)) = &row.over {
            sqlx::query("UPDATE games SET over = 1, result = $2, ended = $3 WHERE id = $1")
                .bind(id as i64)
                .bind(result)
                .bind(ended)
                .execute(&mut **tx)
                .await?;
            // A game over opens nothing any more.
            sqlx::query("DELETE FROM codes WHERE game_id = $1")
                .bind(id as i64)
                .execute(&mut **tx)
                .await?;
        }
        if self.backend == Backend::Postgres {
            let payload = format!("{}\t{id}\t{}", self.server, logged.to_json());
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&mut **tx)
                .await?;
        }
        Ok(true)
    }
}

/// Writes a game's row, codes and log: its number.
async fn insert_game(tx: &mut Transaction<'_, Any>, game: &NewGame) -> Result<u64, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO games (game, settings, clock_base_ms, clock_increment_ms,
             computer_side, computer_level, first_name, second_name, open_side,
             creator, created_ms, moves, last_seq, over, result, ended, idle_since_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         RETURNING id",
    )
    .bind(&game.game)
    .bind(&game.settings)
    .bind(game.clock.map(|clock| clock.0 as i64))
    .bind(game.clock.map(|clock| clock.1 as i64))
    .bind(game.computer.map(|computer| i64::from(computer.0)))
    .bind(game.computer.map(|computer| i64::from(computer.1)))
    .bind(&game.names[0])
    .bind(&game.names[1])
    .bind(game.open_side.map(i64::from))
    .bind(&game.creator)
    .bind(game.created_ms as i64)
    .bind(game.moves as i64)
    .bind(game.log.len() as i64)
    .bind(i64::from(game.over.is_some()))
    .bind(game.over.as_ref().map(|over| over.0.clone()))
    .bind(game.over.as_ref().and_then(|over| over.1.clone()))
    .bind(game.idle_since_ms.map(|ms| ms as i64))
    .fetch_one(&mut **tx)
    .await?;
    let id = id as u64;
    if game.over.is_none() {
        for (digest, access) in &game.codes {
            insert_code(tx, digest, id, *access).await?;
        }
    }
    for logged in &game.log {
        insert_entry(tx, id, logged).await?;
    }
    Ok(id)
}

/// Writes an entry of the game `id`'s log, unless one of its number is
/// there: whether it was written.
async fn insert_entry(
    tx: &mut Transaction<'_, Any>,
    id: u64,
    logged: &Logged,
) -> Result<bool, sqlx::Error> {
    let written = sqlx::query(
        "INSERT INTO events (game_id, seq, body) VALUES ($1, $2, $3)
         ON CONFLICT (game_id, seq) DO NOTHING",
    )
    .bind(id as i64)
    .bind(logged.seq as i64)
    .bind(logged.to_json())
    .execute(&mut **tx)
    .await?;
    Ok(written.rows_affected() == 1)
}

async fn insert_code(
    tx: &mut Transaction<'_, Any>,
    digest: &str,
    id: u64,
    access: Access,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO codes (digest, game_id, access) VALUES ($1, $2, $3) ON CONFLICT (digest) DO NOTHING")
        .bind(digest)
        .bind(id as i64)
        .bind(access.word())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The open seat `side` of the game `id` for the holder of `digest`.
async fn take_seat(
    tx: &mut Transaction<'_, Any>,
    id: u64,
    side: u8,
    digest: &str,
) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "UPDATE games SET open_side = NULL WHERE id = $1 AND open_side = $2 AND over = 0",
    )
    .bind(id as i64)
    .bind(i64::from(side))
    .execute(&mut **tx)
    .await?;
    if taken.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM codes WHERE game_id = $1 AND access = $2")
        .bind(id as i64)
        .bind(Access::Join.word())
        .execute(&mut **tx)
        .await?;
    insert_code(tx, digest, id, Access::Rejoin(side)).await?;
    Ok(true)
}

async fn alive(
    tx: &mut Transaction<'_, Any>,
    server: &str,
    now_ms: u64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO servers (id, alive_ms) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
    )
    .bind(server)
    .bind(now_ms as i64)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Sends each write its answer: what it came to, or why nothing was
/// written.
fn answer(batch: Vec<Job>, done: Result<Vec<Done>, String>) {
    let mut done = match done {
        Ok(done) => done.into_iter().map(Ok).collect::<Vec<_>>(),
        Err(why) => batch.iter().map(|_| Err(why.clone())).collect(),
    };
    for (job, done) in batch.into_iter().zip(done.drain(..)) {
        match job {
            Job::Import(_, answer) => {
                let _ = answer.send(done.map(|done| match done {
                    Done::Created(Ok(id)) => id,
                    _ => 0,
                }));
            }
            Job::Create(_, answer) => {
                let _ = answer.send(done.map(|done| match done {
                    Done::Created(created) => created,
                    _ => Err("the game was not made"),
                }));
            }
            Job::TakeSeat { answer, .. } | Job::Append { answer, .. } => {
                let _ = answer.send(done.map(|done| matches!(done, Done::Flag(true))));
            }
            Job::Alive { answer, .. } => {
                let _ = answer.send(done.map(|_| ()));
            }
            Job::Checkpoint(answer) => {
                let _ = answer.send(done.map(|_| ()));
            }
            Job::Finish => {}
        }
    }
}
