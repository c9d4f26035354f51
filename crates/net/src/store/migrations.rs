//! What the tables of an older build become when a newer one opens them,
//! after [`super::schema`]'s statements made whatever was missing: a
//! table no build uses any more is dropped, if it holds nothing (one that
//! holds rows is left as it is, and said so in the log: nothing is lost).

use sqlx::{AnyPool, Executor, Row};

use super::failed;
use super::schema::Backend;

/// The tables an older build made and none uses now: `rated_games`, made
/// by the first builds of the ratings and never written to (each rated
/// game is in `game_ratings`).
pub const UNUSED: [&str; 1] = ["rated_games"];

/// Drops each of [`UNUSED`] that is there and empty; the tables dropped.
pub async fn drop_unused(pool: &AnyPool, backend: Backend) -> Result<Vec<&'static str>, String> {
    let mut dropped = Vec::new();
    for table in UNUSED {
        if !exists(pool, backend, table).await? {
            continue;
        }
        // A name of ours, not a value: written into the statements.
        let rows = sqlx::query(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(pool)
            .await
            .map_err(failed)?;
        let count: i64 = rows.try_get(0).map_err(failed)?;
        if count > 0 {
            tracing::warn!(table, count, "an unused table holds rows: kept as it is");
            continue;
        }
        pool.execute(format!("DROP TABLE {table}").as_str())
            .await
            .map_err(failed)?;
        dropped.push(table);
    }
    Ok(dropped)
}

/// Whether the database has a table named `table`.
async fn exists(pool: &AnyPool, backend: Backend, table: &str) -> Result<bool, String> {
    let query = match backend {
        Backend::Sqlite => "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = $1",
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_name = $1"
        }
    };
    let row = sqlx::query(query)
        .bind(table)
        .fetch_one(pool)
        .await
        .map_err(failed)?;
    let count: i64 = row.try_get(0).map_err(failed)?;
    Ok(count > 0)
}
