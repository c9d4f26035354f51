//! The lobby server for real: `tabletop serve` as a separate process on
//! 127.0.0.1, and clients speaking the protocol over raw sockets: create
//! and join, watch, drop and rejoin, a restart, a flood of connections,
//! hostile input. Timeouts only keep a failure from hanging.

use std::io::Read;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod common;
use common::client::{Client, PATIENCE, create, hello, news, play};
use common::scratch::Scratch;
use common::served::Served;

/// Game `id` of the server keeping its games in `data`, as a record.
fn exported(data: &std::path::Path, id: &Value) -> String {
    common::served::exported(data, id.as_u64().expect("a game number"))
}

/// A game on `served` with both players seated and a spectator, its
/// first `moves` moves played; its entry as created.
fn watched_game(served: &Served, moves: usize) -> ([Client; 2], Client, Value) {
    let (creator, created) = create(&served.address, "ada");
    let (joiner, _) = hello(&served.address, &created["join"], "player");
    let (spectator, _) = hello(&served.address, &created["watch"], "spectator");
    let mut players = [creator, joiner];
    play(&mut players, 0, moves);
    (players, spectator, created)
}

#[test]
fn two_clients_create_join_and_finish_a_game_with_a_spectator() {
    let data = Scratch::new("lobby-finish");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let mut lister = Client::connect(&served.address);
    lister.send(json!({"type":"list"}));
    let games = lister.expect("games");
    assert_eq!(games["open"][0]["id"], created["id"]);
    assert_eq!(games["open"][0]["names"], json!(["ada", ""]));
    let (joiner, welcome) = hello(&served.address, &created["join"], "player");
    assert_eq!(welcome["side"], "second");
    assert!(welcome["rejoin"].is_string(), "{welcome}");
    let mut players = [creator, joiner];
    play(&mut players, 0, 2);
    let (mut spectator, watched) = hello(&served.address, &created["watch"], "spectator");
    assert_eq!(watched["moves"], json!(["A1", "A6"]));
    // A spectator cannot move.
    spectator.send(json!({"type":"move","move":"C3"}));
    assert_eq!(spectator.expect("error")["type"], "error");
    let (mut spectator, _) = hello(&served.address, &created["watch"], "spectator");
    play(&mut players, 2, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
    assert_eq!(spectator.expect("end")["result"], "X");
    let record = exported(&data, &created["id"]);
    assert!(
        record.contains(r#"moves = ["A1", "A6", "C3", "D4", "C3"]"#),
        "{record}"
    );
    // One database, no loose files.
    let mut kept: Vec<String> = std::fs::read_dir(&*data)
        .expect("the data folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    kept.sort();
    kept.retain(|name| !name.starts_with("tabletop.db"));
    assert!(
        kept.iter().all(|name| name == "tabletop"),
        "files beside the database: {kept:?}"
    );
}

#[test]
fn a_resignation_ends_the_game_saying_who_resigned() {
    let data = Scratch::new("lobby-resign");
    let served = Served::start(&data, &[]);
    let (mut players, mut spectator, _) = watched_game(&served, 2);
    players[1].send(json!({"type":"resign","side":"second"}));
    assert_eq!(players[0].expect("resign")["side"], "second");
    assert_eq!(spectator.expect("resign")["side"], "second");
    // Both players and the spectator read who resigned in the end.
    let [first, second] = &mut players;
    for client in [first, second, &mut spectator] {
        let end = client.expect("end");
        assert_eq!(end["result"], "X", "{end}");
        assert_eq!(end["reason"], "Player O resigned", "{end}");
    }
}

#[test]
fn a_dropped_player_rejoins_with_their_code_and_finishes() {
    let data = Scratch::new("lobby-rejoin");
    let served = Served::start(&data, &["--reconnect-timeout", "1"]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, welcome) = hello(&served.address, &created["join"], "player");
    let mut players = [creator, joiner];
    play(&mut players, 0, 3);
    let [mut creator, joiner] = players;
    drop(joiner);
    assert!(
        creator.expect("notice")["text"]
            .as_str()
            .unwrap_or("")
            .contains("reconnect")
    );
    // The join code no longer opens the seat; the rejoin code does.
    let mut thief = Client::connect(&served.address);
    thief.send(
        json!({"type":"hello","version":tabletop::net::protocol::PROTOCOL_VERSION,"name":"eve","code":created["join"],"role":"player"}),
    );
    assert_eq!(thief.expect("error")["type"], "error");
    let (joiner, back) = hello(&served.address, &welcome["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6", "C3"]));
    assert_eq!(back["side"], "second");
    let mut players = [creator, joiner];
    play(&mut players, 3, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
}

#[test]
fn an_absent_player_can_be_claimed_against_after_the_timeout() {
    let data = Scratch::new("lobby-claim");
    let served = Served::start(&data, &["--reconnect-timeout", "1"]);
    let (mut creator, created) = create(&served.address, "ada");
    let (joiner, _) = hello(&served.address, &created["join"], "player");
    drop(joiner);
    let notice = creator.expect("notice");
    assert!(
        notice["text"].as_str().unwrap_or("").contains("joined"),
        "{notice}"
    );
    creator.expect("notice");
    // Too early is refused politely; after the timeout the win is ours.
    let told = creator.expect("notice");
    assert_eq!(told["claimable"], true, "{told}");
    creator.send(json!({"type":"claim"}));
    // Recorded as abandoned, not as a resignation.
    assert_eq!(creator.expect("abandoned")["side"], "second");
    assert_eq!(creator.expect("end")["result"], "X");
    let record = exported(&data, &created["id"]);
    assert!(
        record.contains("result = \"X\"\nended = \"abandoned\""),
        "{record}"
    );
}

#[test]
fn a_restarted_server_resumes_the_game_with_the_same_codes() {
    let data = Scratch::new("lobby-restart");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, welcome) = hello(&served.address, &created["join"], "player");
    let mut players = [creator, joiner];
    play(&mut players, 0, 3);
    drop(players);
    // Saved before it was relayed: the server is killed at once.
    drop(served);
    let mut kept = Vec::new();
    for entry in std::fs::read_dir(&*data)
        .expect("the data folder")
        .flatten()
    {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with("tabletop.db")
        {
            kept.extend(std::fs::read(entry.path()).expect("the database"));
        }
    }
    for code in [&created["rejoin"], &created["join"], &welcome["rejoin"]] {
        let code = code.as_str().expect("a code").as_bytes();
        assert!(
            !kept.windows(code.len()).any(|window| window == code),
            "codes are kept as digests"
        );
    }
    let served = Served::start(&data, &[]);
    let (creator, first) = hello(&served.address, &created["rejoin"], "player");
    assert_eq!(first["side"], "first");
    let (joiner, second) = hello(&served.address, &welcome["rejoin"], "player");
    assert_eq!(second["moves"], json!(["A1", "A6", "C3"]));
    let (mut spectator, _) = hello(&served.address, &created["watch"], "spectator");
    let mut players = [creator, joiner];
    play(&mut players, 3, 5);
    assert_eq!(spectator.expect("end")["result"], "X");
}

#[test]
fn a_thousand_connections_from_one_address_are_limited() {
    let data = Scratch::new("lobby-flood");
    let served = Served::start(&data, &[]);
    let mut flood = Vec::new();
    for _ in 0..1000 {
        if let Ok(stream) = TcpStream::connect(&served.address) {
            flood.push(stream);
        }
    }
    let mut refused = 0;
    for stream in &mut flood {
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .expect("a timeout");
        let mut text = String::new();
        let _ = stream.take(200).read_to_string(&mut text);
        if text.contains("too many connections") {
            refused += 1;
        }
    }
    assert!(refused >= 900, "only {refused} refused");
    drop(flood);
    // The server still serves.
    std::thread::sleep(Duration::from_millis(200));
    let mut lister = Client::connect(&served.address);
    lister.send(json!({"type":"list"}));
    assert_eq!(lister.expect("games")["type"], "games");
}

#[test]
fn hostile_input_is_refused_and_other_games_go_on() {
    let data = Scratch::new("lobby-hostile");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, _) = hello(&served.address, &created["join"], "player");
    let mut players = [creator, joiner];
    let hostile: [&[u8]; 6] = [
        b"\xff\xfe\n",
        b"{\"type\":\"move\",\"move\":\"A1\"}\n",
        b"{\"type\":\"hello\",\"version\":2,\"name\":\"x\",\"code\":\"0000-0000-0000-0000\",\"role\":\"player\"}\n",
        b"{\"type\":\"enter\",\"name\":\"x\",\"id\":999,\"role\":\"player\"}\n",
        b"{\"type\":\"create\",\"name\":\"x\",\"game\":\"chess\",\"settings\":{},\"side\":\"first\"}\n",
        b"{\"type\":\"create\",\"name\":\"x\",\"game\":\"gekitai\",\"settings\":{\"size\":1000},\"side\":\"first\"}\n",
    ];
    for junk in hostile {
        let mut client = Client::connect(&served.address);
        client.raw(junk);
        assert_eq!(client.expect("error")["type"], "error", "{junk:?}");
    }
    let mut long = Client::connect(&served.address);
    long.raw(&vec![b'x'; 70 * 1024]);
    assert_eq!(long.expect("error")["type"], "error");
    let mut flooder = Client::connect(&served.address);
    for _ in 0..30 {
        flooder.raw(b"{\"type\":\"list\"}\n");
    }
    assert!(
        flooder.expect("error")["reason"]
            .as_str()
            .unwrap_or("")
            .contains("too many")
    );
    // A player's illegal move unseats only that player; the game goes on.
    players[1].send(json!({"type":"move","move":"A1"}));
    assert_eq!(players[1].expect("error")["type"], "error");
    let [mut creator, _] = players;
    while !creator.expect("notice")["text"]
        .as_str()
        .unwrap_or("")
        .contains("reconnect")
    {}
    creator.send(json!({"type":"move","move":"A1"}));
    let start = Instant::now();
    loop {
        let mut lister = Client::connect(&served.address);
        lister.send(json!({"type":"list"}));
        if lister.expect("games")["playing"][0]["moves"] == 1 {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "the game did not go on");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_draw_offered_and_accepted_ends_the_game_drawn_for_everyone() {
    let data = Scratch::new("lobby-draw");
    let served = Served::start(&data, &[]);
    let (mut players, mut spectator, created) = watched_game(&served, 2);
    spectator.expect("move");
    spectator.expect("move");
    // Declined first: the game goes on.
    players[0].send(json!({"type":"offer","what":"draw"}));
    let offer = json!({"type":"offer","what":"draw","side":"first"});
    for client in players.iter_mut().chain([&mut spectator]) {
        assert_eq!(news(client), offer);
    }
    players[1].send(json!({"type":"answer","what":"draw","accept":false}));
    let declined = json!({"type":"answer","what":"draw","accept":false,"side":"second"});
    for client in players.iter_mut().chain([&mut spectator]) {
        assert_eq!(news(client), declined);
    }
    play(&mut players, 2, 3);
    // Then offered by the other side, and accepted.
    spectator.expect("move");
    players[1].send(json!({"type":"offer","what":"draw"}));
    let offer = json!({"type":"offer","what":"draw","side":"second"});
    for client in players.iter_mut().chain([&mut spectator]) {
        assert_eq!(news(client), offer);
    }
    players[0].send(json!({"type":"answer","what":"draw","accept":true}));
    for client in players.iter_mut().chain([&mut spectator]) {
        let told = news(client);
        assert_eq!(told["accept"], true, "{told}");
        let end = client.expect("end");
        assert_eq!(end["result"], "draw", "{end}");
        assert!(
            end["reason"].as_str().unwrap_or("").contains("agreed"),
            "{end}"
        );
    }
    let record = exported(&data, &created["id"]);
    assert!(
        record.contains("result = \"draw\"\nended = \"agreement\""),
        "{record}"
    );
    assert!(record.contains(r#"moves = ["A1", "A6", "C3"]"#), "{record}");
}

#[test]
fn an_undo_accepted_takes_the_move_back_for_everyone() {
    let data = Scratch::new("lobby-undo");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, _) = hello(&served.address, &created["join"], "player");
    let mut players = [creator, joiner];
    play(&mut players, 0, 3);
    // O asks to take back A6: X's C3 after it goes too.
    players[1].send(json!({"type":"offer","what":"undo"}));
    assert_eq!(news(&mut players[0])["what"], "undo");
    assert_eq!(news(&mut players[1])["side"], "second");
    players[0].send(json!({"type":"answer","what":"undo","accept":true}));
    for player in &mut players {
        let answer = news(player);
        assert_eq!(answer["accept"], true, "{answer}");
    }
    let (_, watched) = hello(&served.address, &created["watch"], "spectator");
    assert_eq!(watched["moves"], json!(["A1"]));
    // O is to move again, and the game plays on to its end.
    play(&mut players, 1, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
}

#[test]
fn an_answer_to_nothing_or_an_undo_of_nothing_is_refused_and_the_game_goes_on() {
    let data = Scratch::new("lobby-unasked");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (mut joiner, welcome) = hello(&served.address, &created["join"], "player");
    joiner.send(json!({"type":"answer","what":"draw","accept":true}));
    let refused = joiner.expect("error");
    assert!(
        refused["reason"]
            .as_str()
            .unwrap_or("")
            .contains("an answer to no draw offer"),
        "{refused}"
    );
    let (mut joiner, _) = hello(&served.address, &welcome["rejoin"], "player");
    // O has not moved: nothing of O's to take back.
    joiner.send(json!({"type":"offer","what":"undo"}));
    let refused = joiner.expect("error");
    assert!(
        refused["reason"].as_str().unwrap_or("").contains("no move"),
        "{refused}"
    );
    let (joiner, _) = hello(&served.address, &welcome["rejoin"], "player");
    let mut players = [creator, joiner];
    // X answers its own offer: refused too.
    play(&mut players, 0, 1);
    players[0].send(json!({"type":"offer","what":"draw"}));
    assert_eq!(news(&mut players[1])["type"], "offer");
    players[0].send(json!({"type":"answer","what":"draw","accept":true}));
    assert_eq!(players[0].expect("error")["type"], "error");
    // The game is unharmed: O declines by moving, X comes back, X wins.
    let (creator, _) = hello(&served.address, &created["rejoin"], "player");
    players[0] = creator;
    play(&mut players, 1, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
}

#[test]
fn a_player_whose_clock_runs_out_loses() {
    let data = Scratch::new("lobby-clock");
    let served = Served::start(&data, &[]);
    let mut creator = Client::connect(&served.address);
    // A tiny clock: 400 ms for the game, nothing added.
    let clock = json!({"base_ms":400,"increment_ms":0});
    creator.send(json!({"type":"create","name":"ada","game":"gekitai","settings":{},"side":"second","clock":clock}));
    let created = creator.expect("created");
    let welcome = creator.expect("welcome");
    assert_eq!(welcome["clock"], clock);
    let (mut joiner, welcome) = hello(&served.address, &created["join"], "player");
    assert_eq!(welcome["side"], "first");
    // The clock as it stands: started when the joiner's seat was kept,
    // before its welcome. X, to move, never moves.
    let started = joiner.expect("clock");
    assert_eq!(started["running"], "first", "{started}");
    assert_eq!(started["left_ms"][1], 400, "{started}");
    for player in [&mut creator, &mut joiner] {
        assert_eq!(player.expect("out_of_time")["side"], "first");
        let end = player.expect("end");
        assert_eq!(end["result"], "O", "{end}");
        assert!(
            end["reason"]
                .as_str()
                .unwrap_or("")
                .contains("X ran out of time"),
            "{end}"
        );
    }
    let record = exported(&data, &created["id"]);
    assert!(
        record.contains("result = \"O\"\nended = \"time\"\nclock = \"0.00666"),
        "{record}"
    );
}

#[test]
fn the_offerer_moves_again_only_once_the_offer_is_answered() {
    let data = Scratch::new("lobby-offerer");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, _) = hello(&served.address, &created["join"], "player");
    let mut players = [creator, joiner];
    play(&mut players, 0, 2);
    // X, to move, offers a draw, then moves anyway: refused.
    players[0].send(json!({"type":"offer","what":"draw"}));
    assert_eq!(news(&mut players[1])["type"], "offer");
    players[0].send(json!({"type":"move","move":"C3"}));
    let refused = players[0].expect("error");
    assert!(
        refused["reason"]
            .as_str()
            .unwrap_or("")
            .contains("waits for an answer"),
        "{refused}"
    );
    // Back, X hears the offer still waits; O declines, and X plays on.
    let (mut creator, back) = hello(&served.address, &created["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6"]));
    assert_eq!(news(&mut creator)["what"], "draw");
    players[0] = creator;
    players[1].send(json!({"type":"answer","what":"draw","accept":false}));
    assert_eq!(news(&mut players[0])["accept"], false);
    play(&mut players, 2, 5);
    assert_eq!(players[1].expect("end")["result"], "X");
}

#[test]
fn joined_from_the_command_line_a_lobby_server_is_called_the_server() {
    let data = Scratch::new("lobby-join-cli");
    let mut served = Served::start(&data.join("server"), &[]);
    let (_creator, created) = create(&served.address, "ada");
    let code = created["join"].as_str().expect("a join code");
    let joiner = common::piped::Piped::start(
        &["join", &served.address, code, "--name", "joe"],
        &data.join("joe"),
    );
    joiner.wait_for("You play O against ada.");
    served.kill();
    let (_, text) = joiner.finish();
    assert!(text.contains("the server closed the connection"), "{text}");
    assert!(!text.contains("the host"), "{text}");
}
