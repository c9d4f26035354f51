//! The SSH door's players in the database, SQLite and PostgreSQL: a key
//! is a player, and a name is one player's (their rated games are in
//! `rated_games.rs`).

use tabletop_net::store::players::Visit;
use tabletop_net::store::{Database, Store};

mod common;

use common::LIMITS;

async fn players_and_ratings(database: Database) {
    let (store, writer) = Store::open(&database, "players", LIMITS)
        .await
        .expect("opens");
    let Visit::New(ada) = store.visit("SHA256:ada", "ada", 1).await.expect("a visit") else {
        panic!("a new key is a new player");
    };
    assert_eq!(ada.name, "ada");
    // The same key again, whatever name it asks for now.
    let again = store
        .visit("SHA256:ada", "other", 2)
        .await
        .expect("a visit");
    assert!(
        matches!(again, Visit::Known(ref player) if player.name == "ada"),
        "{again:?}"
    );
    // Another key cannot take the name, in any case.
    let taken = store.visit("SHA256:eve", "ADA", 3).await.expect("a visit");
    assert_eq!(taken, Visit::NameTaken);
    assert!(store.name_taken("Ada").await.expect("a look"));
    assert!(!store.name_taken("bob").await.expect("a look"));
    store.visit("SHA256:bob", "bob", 4).await.expect("a visit");
    let bob = store.player("SHA256:bob").await.expect("a look");
    assert!(bob.is_some_and(|bob| bob.ratings.is_empty()));
    // The look a player chose is kept, and changed.
    assert_eq!(store.looks("SHA256:bob").await, Ok(None));
    let light = Some("stones");
    store
        .keep_looks("SHA256:bob", "light", light)
        .await
        .expect("kept");
    let kept = store.looks("SHA256:bob").await.expect("a look");
    assert_eq!(
        kept,
        Some(("light".to_string(), Some("stones".to_string())))
    );
    store
        .keep_looks("SHA256:bob", "dark", None)
        .await
        .expect("kept");
    let kept = store.looks("SHA256:bob").await.expect("a look");
    assert_eq!(kept, Some(("dark".to_string(), None)));
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
}

#[test]
fn players_names_and_ratings_in_sqlite() {
    common::on_sqlite("players", players_and_ratings);
}

#[test]
fn players_names_and_ratings_in_postgresql() {
    common::on_postgresql("players", players_and_ratings);
}
