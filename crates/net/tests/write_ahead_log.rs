//! SQLite's write-ahead log starts again from its beginning once the
//! writer has copied all of it into the database. Under steady load the
//! copy the server makes beside the writer never reaches the log's end
//! (new commits keep coming), and the log grew without end: the writer
//! itself finishing the copy between two commits is what lets it start
//! again. Here a reader holding an old view stands in for the commits
//! that arrive while the copy beside the writer runs.

use sqlx::{Connection, Row, SqliteConnection};
use tabletop_net::store::writer::Job;
use tabletop_net::store::{Database, Store};

mod common;

use common::{LIMITS, moved, new_game};

/// Writes the game `id`'s entries `seqs`, each in a commit of its own.
async fn append(store: &Store, id: u64, seqs: std::ops::RangeInclusive<u64>) {
    for seq in seqs {
        let logged = moved(seq, &format!("A{seq}"));
        let kept = common::append(store, id, logged).await.expect("written");
        assert!(kept, "entry {seq}");
    }
}

/// The log's length on the disk: it grows while the log goes on, and
/// stays as it is once the log starts again (rewritten in place).
fn log_length(database: &std::path::Path) -> u64 {
    let log = database.with_extension("db-wal");
    std::fs::metadata(&log).expect("a write-ahead log").len()
}

async fn restarts(database: Database) {
    let Database::File(path) = &database else {
        unreachable!("SQLite only")
    };
    let (store, writer) = Store::open(&database, "one", LIMITS).await.expect("opens");
    let id = new_game(&store).await;
    append(&store, id, 1..=10).await;
    let url = format!("sqlite://{}", path.display());
    let mut reader = SqliteConnection::connect(&url).await.expect("a reader");
    // A reader's view of entry 10 keeps the copy beside the writer from
    // copying what comes after it.
    let mut view = reader.begin().await.expect("a read");
    let seen: i64 = sqlx::query("SELECT COUNT(*) FROM events")
        .fetch_one(&mut *view)
        .await
        .expect("read")
        .get(0);
    assert_eq!(seen, 10);
    append(&store, id, 11..=20).await;
    store
        .checkpoint_past(i64::MAX)
        .await
        .expect("the copy beside the writer");
    view.rollback().await.expect("the read ends");
    // Not all of the log was copied, so it goes on growing.
    let before = log_length(path);
    append(&store, id, 21..=30).await;
    let grown = log_length(path);
    assert!(grown > before, "{grown} bytes, {before} before");
    // The writer copies the rest, and the next commits write the log
    // again from its beginning.
    store
        .write(Job::Checkpoint)
        .await
        .expect("the copy finished by the writer");
    append(&store, id, 31..=40).await;
    assert_eq!(log_length(path), grown, "the log started again");
    let log = store.log(id, 0).await.expect("read");
    assert_eq!(log.len(), 40);
    store.writer.finish().await;
    writer.await.expect("the writer ends");
    store.close().await;
}

#[test]
fn the_log_starts_again_once_the_writer_has_copied_it_all() {
    common::on_sqlite("write-ahead-log", restarts);
}
