//! A database made by an older build, opened by this one, in SQLite and
//! PostgreSQL: the `rated_games` table those builds made and never wrote
//! to is dropped when it is empty, and kept, rows and all, when it is not.

use sqlx::{AnyConnection, Connection, Executor, Row};
use tabletop_net::store::{Database, Store};

mod common;

use common::LIMITS;

/// The table as the older builds made it.
const OLD_TABLE: &str = "CREATE TABLE rated_games (
    id BIGINT PRIMARY KEY,
    game TEXT NOT NULL,
    first_key TEXT NOT NULL,
    second_key TEXT NOT NULL,
    score DOUBLE PRECISION NOT NULL
)";

/// A connection of the test's own to `database`.
async fn connect(database: &Database) -> AnyConnection {
    sqlx::any::install_default_drivers();
    let url = match database {
        Database::File(path) => format!("sqlite://{}", path.display()),
        Database::Url(url) => url.clone(),
    };
    AnyConnection::connect(&url)
        .await
        .expect("the database opens")
}

/// The rows of `rated_games`, if the table is there.
async fn rated_games(database: &Database) -> Option<i64> {
    let mut connection = connect(database).await;
    let row = sqlx::query("SELECT COUNT(*) FROM rated_games")
        .fetch_one(&mut connection)
        .await
        .ok()?;
    Some(row.get::<i64, _>(0))
}

/// Opens `database` as this build does, and closes it.
async fn open(database: &Database) {
    let (store, writer) = Store::open(database, "migrations", LIMITS)
        .await
        .expect("opens");
    store.writer.finish().await;
    writer.await.expect("the writer ends");
    store.close().await;
}

async fn an_unused_table_is_dropped_when_empty(database: Database) {
    open(&database).await;
    assert_eq!(
        rated_games(&database).await,
        None,
        "a new database has none"
    );
    // An older build's database: the table there, empty.
    connect(&database)
        .await
        .execute(OLD_TABLE)
        .await
        .expect("made");
    assert_eq!(rated_games(&database).await, Some(0));
    open(&database).await;
    assert_eq!(rated_games(&database).await, None, "dropped");
    // Holding a row (written by hand): kept, with its row.
    let mut connection = connect(&database).await;
    connection.execute(OLD_TABLE).await.expect("made");
    connection
        .execute("INSERT INTO rated_games VALUES (1, 'hex', 'a', 'b', 1.0)")
        .await
        .expect("written");
    connection.close().await.expect("closed");
    open(&database).await;
    assert_eq!(rated_games(&database).await, Some(1), "kept");
}

#[test]
fn an_unused_table_of_an_older_build_is_dropped_when_empty_in_sqlite() {
    common::on_sqlite("migrations", an_unused_table_is_dropped_when_empty);
}

#[test]
fn an_unused_table_of_an_older_build_is_dropped_when_empty_in_postgresql() {
    common::on_postgresql("migrations", an_unused_table_is_dropped_when_empty);
}
