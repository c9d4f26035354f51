//! The puzzles a player with a key tried, kept in the database, SQLite
//! and PostgreSQL: each player's own, the last mark of each puzzle.

use tabletop_net::store::{Database, Store};

mod common;

use common::LIMITS;

fn marks(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(puzzle, mark)| (puzzle.to_string(), mark.to_string()))
        .collect()
}

async fn puzzle_marks(database: Database) {
    let (store, writer) = Store::open(&database, "puzzles", LIMITS)
        .await
        .expect("opens");
    assert_eq!(store.puzzle_marks("SHA256:ada").await, Ok(Vec::new()));
    store
        .keep_puzzle_mark("SHA256:ada", "hex-01", "failed")
        .await
        .expect("kept");
    store
        .keep_puzzle_mark("SHA256:ada", "gekitai-02", "solved")
        .await
        .expect("kept");
    store
        .keep_puzzle_mark("SHA256:bob", "hex-01", "solved")
        .await
        .expect("kept");
    // The mark given last is the one kept.
    store
        .keep_puzzle_mark("SHA256:ada", "hex-01", "solved")
        .await
        .expect("kept");
    let ada = store.puzzle_marks("SHA256:ada").await;
    assert_eq!(
        ada,
        Ok(marks(&[("gekitai-02", "solved"), ("hex-01", "solved")]))
    );
    let bob = store.puzzle_marks("SHA256:bob").await;
    assert_eq!(bob, Ok(marks(&[("hex-01", "solved")])));
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
    // Still there once the store is opened again.
    let (store, writer) = Store::open(&database, "puzzles", LIMITS)
        .await
        .expect("opens again");
    assert_eq!(store.puzzle_marks("SHA256:bob").await, bob);
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
}

#[test]
fn puzzle_marks_in_sqlite() {
    common::on_sqlite("puzzles", puzzle_marks);
}

#[test]
fn puzzle_marks_in_postgresql() {
    common::on_postgresql("puzzle_marks", puzzle_marks);
}
