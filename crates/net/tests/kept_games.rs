//! The finished games of a player with a key, kept in the database,
//! SQLite and PostgreSQL: each player's own, the newest first, and no
//! more than the newest 200.

use tabletop_net::store::kept_games::{KEPT_GAMES, KeptGame};
use tabletop_net::store::{Database, Store};

mod common;

use common::LIMITS;

fn game(n: usize) -> KeptGame {
    KeptGame {
        played: format!("2026-11-27 05:{:02} UTC", n % 60),
        game: "hex".to_string(),
        opponent: "computer 2".to_string(),
        result: format!("Player X wins! (game {n})"),
        record: format!("game = \"hex\"\n# {n}\n"),
    }
}

async fn kept_games(database: Database) {
    let (store, writer) = Store::open(&database, "kept", LIMITS).await.expect("opens");
    assert_eq!(store.kept_games("SHA256:ada").await, Ok(Vec::new()));
    for n in 0..KEPT_GAMES + 5 {
        store.keep_game("SHA256:ada", &game(n)).await.expect("kept");
    }
    store.keep_game("SHA256:bob", &game(7)).await.expect("kept");
    let ada = store.kept_games("SHA256:ada").await.expect("read");
    // The newest 200, the newest first: the first five are gone.
    let expected: Vec<KeptGame> = (5..KEPT_GAMES + 5).rev().map(game).collect();
    assert_eq!(ada.len(), KEPT_GAMES);
    assert_eq!(ada, expected);
    assert_eq!(store.kept_games("SHA256:bob").await, Ok(vec![game(7)]));
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
    // Still there once the store is opened again.
    let (store, writer) = Store::open(&database, "kept", LIMITS)
        .await
        .expect("opens again");
    assert_eq!(store.kept_games("SHA256:ada").await, Ok(expected));
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
}

#[test]
fn kept_games_in_sqlite() {
    common::on_sqlite("kept-games", kept_games);
}

#[test]
fn kept_games_in_postgresql() {
    common::on_postgresql("kept_games", kept_games);
}
