//! Several servers behind one lobby (issue 30): two `tabletop serve`
//! given the same PostgreSQL database share the lobby's list and every
//! game; a player and the opponent may be on different servers; when one
//! server is killed its players come back on the other with the same
//! codes; the database decides who gets a seat or a move when both
//! servers are asked at once. These run against the real PostgreSQL that
//! `.ci/run` starts (TABLETOP_TEST_POSTGRES).

use std::thread;
use std::time::{Duration, Instant};

use serde_json::json;

mod common;
use common::client::{Client, create, hello, play};
use common::scratch::Scratch;
use common::served::{Served, postgres_database};

/// Two servers on one new database.
fn two_servers(name: &str) -> (Scratch, Served, Served) {
    let database = postgres_database(name);
    let data = Scratch::new(name);
    let first = Served::start(&data.join("a"), &["--database", &database]);
    let second = Served::start(&data.join("b"), &["--database", &database]);
    (data, first, second)
}

#[test]
fn two_servers_share_one_lobby_and_a_game_goes_on_when_one_is_killed() {
    let (_data, mut first, second) = two_servers("shared_kill");
    // Made on the first, listed by the second, joined there.
    let (ada, created) = create(&first.address, "ada");
    let mut lister = Client::connect(&second.address);
    lister.send(json!({"type":"list"}));
    let listed = lister.expect("games");
    assert_eq!(listed["open"][0]["id"], created["id"], "{listed}");
    let (bob, welcome) = hello(&second.address, &created["join"], "player");
    assert_eq!(welcome["names"][0], "ada");
    let (mut watcher, _) = hello(&second.address, &created["watch"], "spectator");
    // Every move crosses from one server to the other.
    let mut players = [ada, bob];
    play(&mut players, 0, 3);
    for _ in 0..3 {
        watcher.expect("move");
    }
    // A game made on the second gets a number of its own.
    let (_, other) = create(&second.address, "carol");
    assert_ne!(other["id"], created["id"]);
    // The first server dies; ada comes back on the second.
    first.kill();
    drop(players);
    let (ada, back) = hello(&second.address, &created["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6", "C3"]));
    assert_eq!(back["side"], "first");
    let (bob, _) = hello(&second.address, &welcome["rejoin"], "player");
    let mut players = [ada, bob];
    play(&mut players, 3, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
    assert_eq!(watcher.expect("end")["result"], "X");
}

#[test]
fn the_database_gives_an_open_seat_to_one_of_two_servers_asked_at_once() {
    let (_data, first, second) = two_servers("shared_seat");
    let (_ada, created) = create(&first.address, "ada");
    let code = created["join"].clone();
    let joiners: Vec<_> = [first.address.clone(), second.address.clone()]
        .into_iter()
        .flat_map(|address| [address.clone(), address])
        .map(|address| {
            let code = code.clone();
            thread::spawn(move || {
                let mut joiner = Client::connect(&address);
                joiner.send(json!({"type":"hello","version":tabletop::net::protocol::PROTOCOL_VERSION,"name":"bob","code":code,"role":"player"}));
                let answer = joiner.next();
                (answer["type"] == "welcome", joiner)
            })
        })
        .collect();
    let seated = joiners
        .into_iter()
        .map(|joiner| joiner.join().expect("a thread"))
        .filter(|(seated, _)| *seated)
        .count();
    assert_eq!(seated, 1);
}

#[test]
fn a_move_anyone_saw_survives_a_kill_of_a_server_on_postgresql() {
    let (_data, mut first, second) = two_servers("shared_durable");
    let (ada, created) = create(&first.address, "ada");
    let (bob, welcome) = hello(&first.address, &created["join"], "player");
    let mut players = [ada, bob];
    play(&mut players, 0, 4);
    first.kill();
    let (_, back) = hello(&second.address, &welcome["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6", "C3", "D4"]));
}

#[test]
fn an_open_game_whose_creator_was_on_a_killed_server_expires() {
    let database = postgres_database("shared_expiry");
    let data = Scratch::new("shared_expiry");
    let expiry = ["--database", &database, "--open-game-expiry", "1"];
    let mut first = Served::start(&data.join("a"), &expiry);
    let second = Served::start(&data.join("b"), &expiry);
    let (_ada, created) = create(&first.address, "ada");
    // The creator's server dies with the creator seated: nobody wrote
    // that the seat is empty, and nobody comes back with its code.
    first.kill();
    let mut lister = Client::connect(&second.address);
    let start = Instant::now();
    loop {
        lister.send(json!({"type":"list"}));
        let open = lister.expect("games")["open"].clone();
        if !open
            .as_array()
            .is_some_and(|open| open.iter().any(|game| game["id"] == created["id"]))
        {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the open game of a killed server is still listed: {open}\n{}",
            second.log()
        );
        thread::sleep(Duration::from_millis(200));
    }
    // It ended as one nobody came to, and its codes open nothing.
    let mut knocker = Client::connect(&second.address);
    knocker.send(json!({"type":"hello","version":tabletop::net::protocol::PROTOCOL_VERSION,"name":"bob","code":created["join"],"role":"player"}));
    assert_eq!(knocker.expect("error")["type"], "error");
}

#[test]
fn a_player_hears_that_the_opponent_s_server_was_killed() {
    let (_data, mut first, second) = two_servers("shared_gone");
    let (ada, created) = create(&first.address, "ada");
    let (bob, _) = hello(&second.address, &created["join"], "player");
    let (mut watcher, _) = hello(&second.address, &created["watch"], "spectator");
    let mut players = [ada, bob];
    play(&mut players, 0, 2);
    // ada's server dies: nobody there could write that her seat is empty.
    first.kill();
    let [_, mut bob] = players;
    let waiting = bob.notice("Waiting for ada to reconnect");
    assert_eq!(waiting["claimable"], false, "{waiting}");
    assert_eq!(
        waiting["seats"]["names"],
        json!(["ada", "bob"]),
        "{waiting}"
    );
    watcher.notice("Waiting for ada to reconnect");
    // She comes back on the other server and the game goes on.
    let (ada, back) = hello(&second.address, &created["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6"]));
    bob.notice(" is back.");
    let mut players = [ada, bob];
    play(&mut players, 2, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
}
