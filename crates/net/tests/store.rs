//! The database decides the order of a game: of two writers (two rooms,
//! two servers) writing the same entry of a game's log, only one is kept,
//! in SQLite and in PostgreSQL alike; and a game's row, codes and log read
//! back as they were written. The PostgreSQL half runs against the server
//! `.ci/run` starts (TABLETOP_TEST_POSTGRES).

use tabletop_net::event::{Happened, Logged};
use tabletop_net::protocol::Side;
use tabletop_net::store::writer::{Job, Limits};
use tabletop_net::store::{Access, Database, NewGame, RowChange, Store};

mod common;

const LIMITS: Limits = Limits {
    games: 100,
    open_per_address: 100,
    games_per_address: 100,
};

fn entry(seq: u64, mv: &str) -> Logged {
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

async fn append(store: &Store, id: u64, logged: Logged) -> Result<bool, String> {
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

/// Two stores on `database` (as two servers would have) race for the
/// entries of one game.
async fn race(database: Database) {
    let (first, first_writer) = Store::open(&database, "one", LIMITS).await.expect("opens");
    let (second, second_writer) = Store::open(&database, "two", LIMITS).await.expect("opens");
    let game = NewGame {
        game: "gekitai".to_string(),
        settings: String::new(),
        creator: "127.0.0.1".to_string(),
        codes: vec![("d1".to_string(), Access::Watch)],
        ..NewGame::default()
    };
    let id = first
        .write(|answer| Job::Create(Box::new(game), answer))
        .await
        .expect("written")
        .expect("within the limits");
    for seq in 1..=20 {
        let (one, two) = tokio::join!(
            append(&first, id, entry(seq, "A1")),
            append(&second, id, entry(seq, "B2"))
        );
        let kept = [one.expect("written"), two.expect("written")];
        assert_eq!(kept.iter().filter(|&&kept| kept).count(), 1, "entry {seq}");
    }
    let log = second.log(id, 0).await.expect("read");
    assert_eq!(
        log.iter().map(|l| l.seq).collect::<Vec<_>>(),
        (1..=20).collect::<Vec<_>>()
    );
    assert_eq!(
        second.code("d1").await.expect("read"),
        Some((id, Access::Watch))
    );
    let row = second.game(id).await.expect("read").expect("there");
    assert_eq!((row.last_seq, row.moves), (20, 20));
    for (store, writer) in [(first, first_writer), (second, second_writer)] {
        store.writer.finish().await;
        writer.await.expect("the writer ends");
        store.close().await;
    }
}

#[test]
fn of_two_writers_of_one_entry_only_one_is_kept_in_sqlite() {
    common::on_sqlite("store", race);
}

#[test]
fn of_two_writers_of_one_entry_only_one_is_kept_in_postgresql() {
    common::on_postgresql("store_race", race);
}
