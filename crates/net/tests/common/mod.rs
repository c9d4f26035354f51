//! The two real databases every store test runs on: SQLite in a folder
//! of its own, and PostgreSQL (the server `bash .ci/run` starts and names
//! in TABLETOP_TEST_POSTGRES) in a database of its own.

// Each test file uses its own part of these helpers.
#![allow(dead_code)]

use std::future::Future;

use tabletop_net::event::{Happened, Logged};
use tabletop_net::protocol::Side;
use tabletop_net::store::writer::{Job, Limits};
use tabletop_net::store::{Access, Database, NewGame, RowChange, Store};

/// Limits no store test reaches.
pub const LIMITS: Limits = Limits {
    games: 100,
    open_per_address: 100,
    games_per_address: 100,
};

/// Entry `seq` of a log: the first player's move `mv`.
pub fn moved(seq: u64, mv: &str) -> Logged {
    Logged {
        seq,
        at_ms: 1,
        happened: Happened::Moved {
            side: Side::First,
            mv: mv.to_string(),
        },
        clock: None,
    }
}

/// Writes `logged` to the game `id`'s log: whether it was kept (false if
/// an entry of its number was there first).
pub async fn append(store: &Store, id: u64, logged: Logged) -> Result<bool, String> {
    let row = RowChange {
        moves: logged.seq,
        ..RowChange::default()
    };
    store
        .write(|answer| Job::Append {
            id,
            logged,
            row,
            answer,
        })
        .await
}

/// A new Gekitai game in `store`, watched with the code digest `d1`: its
/// number.
pub async fn new_game(store: &Store) -> u64 {
    let game = NewGame {
        game: "gekitai".to_string(),
        settings: String::new(),
        creator: "127.0.0.1".to_string(),
        codes: vec![("d1".to_string(), Access::Watch)],
        ..NewGame::default()
    };
    store
        .write(|answer| Job::Create(Box::new(game), answer))
        .await
        .expect("written")
        .expect("within the limits")
}

/// A runtime for one test, on as many threads as the server would use.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Runs `test` on SQLite in a new folder named after `name` (and this
/// process), removed afterwards.
pub fn on_sqlite<Run: Future<Output = ()>>(name: &str, test: impl FnOnce(Database) -> Run) {
    let folder = std::env::temp_dir().join(format!("tabletop-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    runtime().block_on(test(Database::in_folder(&folder)));
    let _ = std::fs::remove_dir_all(&folder);
}

/// Runs `test` on PostgreSQL in a new database named after `name` (and
/// this process); fails clearly when no server is named.
pub fn on_postgresql<Run: Future<Output = ()>>(name: &str, test: impl FnOnce(Database) -> Run) {
    runtime().block_on(async {
        let url = tabletop_net::test_postgres::fresh_database(name).await;
        test(Database::Url(url)).await;
    });
}
