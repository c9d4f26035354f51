//! The database decides the order of a game: of two writers (two rooms,
//! two servers) writing the same entry of a game's log, only one is kept,
//! in SQLite and in PostgreSQL alike; and a game's row, codes and log read
//! back as they were written. The PostgreSQL half runs against the server
//! `.ci/run` starts (TABLETOP_TEST_POSTGRES).

use tabletop_net::store::{Access, Database, Store};

mod common;

use common::{LIMITS, append, moved, new_game};

/// Two stores on `database` (as two servers would have) race for the
/// entries of one game.
async fn race(database: Database) {
    let (first, first_writer) = Store::open(&database, "one", LIMITS).await.expect("opens");
    let (second, second_writer) = Store::open(&database, "two", LIMITS).await.expect("opens");
    let id = new_game(&first).await;
    for seq in 1..=20 {
        let (one, two) = tokio::join!(
            append(&first, id, moved(seq, "A1")),
            append(&second, id, moved(seq, "B2"))
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
