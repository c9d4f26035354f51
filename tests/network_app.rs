//! Network play in the full-screen app: a joiner in a pseudo-terminal
//! against a real host process over 127.0.0.1, and against a hostile
//! host speaking raw TCP whose names and chat carry escape sequences.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

mod common;
use common::hosted::host_gekitai;
use common::pty::Session;
use common::scratch::Scratch;

const PATIENCE: Duration = Duration::from_secs(30);

/// The binary in a pseudo-terminal with `data` as its data folder,
/// patient enough for two processes to find each other.
fn in_terminal(args: &[&str], data: &Path) -> Session {
    Session::start_with_data(args, data).patient(PATIENCE)
}

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";

#[test]
fn a_joiner_in_the_full_screen_app_plays_a_whole_game_against_a_host() {
    let data = Scratch::new("netapp-game");
    let hosted = host_gekitai(&[], &data, PATIENCE);
    let (mut host, address, code) = (hosted.process, hosted.address, hosted.join);
    // The host greets, then plays X: A1, C3, C3 (a line of three).
    host.type_lines("say hi joe\nA1\n");

    let mut joiner = in_terminal(&["join", &address, &code, "--name", "joe"], &data);
    joiner.wait_for("1. X A1");
    let screen = joiner.wait_for("hostie: hi joe");
    assert!(screen.contains("X hostie · O you"), "{screen}");
    assert!(screen.contains("connected"), "{screen}");
    // Not our turn yet? It is: O moves. Typed cells play.
    joiner.send("a6\r");
    joiner.wait_for("2. O A6");
    host.wait_for("A6");
    // Chat from the joiner reaches the host.
    joiner.send("\x0f");
    joiner.wait_for("Say:");
    joiner.send("good luck\r");
    host.wait_for("[joe] good luck");
    joiner.wait_for("you: good luck");
    // Our move while the host has the turn is refused, and says whose.
    host.type_lines("c3\n");
    let screen = joiner.wait_for("3. X C3");
    assert!(screen.contains("Player O's turn"), "{screen}");
    // The cursor stands where joe placed, on A6 (the host's moves leave
    // it there): D4 is three right and two up.
    joiner.send(&format!("{RIGHT}{RIGHT}{RIGHT}{UP}{DOWN}{UP}{UP}\r"));
    joiner.wait_for("4. O D4 C3→B2");
    joiner.wait_for("hostie is thinking");
    // The push has slid to its end.
    thread::sleep(Duration::from_millis(800));
    let screen = joiner.screen();
    // The whole screen at 80x24: who plays whom, the connection, the chat.
    insta::assert_snapshot!("network_game_panel", screen);
    host.type_lines("c3\n");
    let screen = joiner.wait_for("Player X wins!");
    assert!(screen.contains("5. X C3 D4→E5"), "{screen}");
    host.wait_for("Player X wins!");
    // Nothing to take back once the game is over.
    joiner.send("\x1a");
    joiner.wait_for("The game is over");
    joiner.send("q");
    joiner.exits_cleanly();
}

#[test]
fn a_hostile_hosts_names_and_chat_reach_the_screen_escaped() {
    let data = Scratch::new("netapp-hostile");
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address").to_string();
    let host = thread::spawn(move || {
        let (stream, _) = listener.accept().expect("the joiner connects");
        let mut reader = BufReader::new(stream.try_clone().expect("a clone"));
        let mut hello = String::new();
        reader.read_line(&mut hello).expect("a hello");
        let mut stream = stream;
        let welcome = r#"{"type":"welcome","version":VERSION,"game":"gekitai","settings":{},"side":"second","names":["\u001b[2J\u001b]0;pwned\u0007evil\u001b[31m","joe"],"moves":["A1"]}"#
            .replace(
                "VERSION",
                &tabletop::net::protocol::PROTOCOL_VERSION.to_string(),
            );
        let lines = [
            welcome.as_str(),
            r#"{"type":"chat","from":"\u001b[5mmal\u202elory","text":"hi\u001b[2J\u001b[H there\u001b]2;title\u0007\r\nfriend\u009b1A"}"#,
        ];
        for line in lines {
            stream.write_all(line.as_bytes()).expect("writes");
            stream.write_all(b"\n").expect("writes");
        }
        // Held open until the joiner quits.
        let mut rest = String::new();
        let _ = reader.read_to_string(&mut rest);
    });
    let mut joiner = in_terminal(
        &["join", &address, "0000-0000-0000-0000", "--name", "joe"],
        &data,
    );
    let screen = joiner.wait_for("mallory: hi there friend");
    assert!(screen.contains("X evil · O you"), "{screen}");
    assert!(
        screen.contains(" tabletop "),
        "the title was cleared:\n{screen}"
    );
    assert!(
        !screen.contains("pwned") && !screen.contains("title"),
        "{screen}"
    );
    // The cursor was not moved home: the title line is the first.
    assert!(screen.starts_with(" tabletop "), "{screen}");
    joiner.send("q");
    joiner.exits_cleanly();
    host.join().expect("the fake host ends");
}

/// The host's join code and port, as its screen shows them while it
/// waits: `tabletop join HOST:PORT XXXX-XXXX-XXXX-XXXX (HOST: …)`.
fn port_and_code(screen: &str) -> (String, String) {
    let words: Vec<&str> = screen
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .collect();
    let port = words
        .iter()
        .find_map(|word| word.strip_prefix("HOST:"))
        .unwrap_or_else(|| panic!("no address on the screen:\n{screen}"));
    let code = words
        .iter()
        .find(|word| {
            word.len() == 19
                && word.split('-').count() == 4
                && word.split('-').all(|group| {
                    group.len() == 4 && group.chars().all(|c| c.is_ascii_alphanumeric())
                })
        })
        .unwrap_or_else(|| panic!("no join code on the screen:\n{screen}"));
    (port.to_string(), code.to_string())
}

#[test]
fn a_host_and_a_joiner_both_full_screen_play_a_whole_game() {
    let host_data = Scratch::new("netapp-host-screen");
    let join_data = Scratch::new("netapp-join-screen");
    let mut host = in_terminal(
        &[
            "host", "gekitai", "--port", "0", "--side", "first", "--name", "hostie",
        ],
        &host_data,
    );
    let screen = host.wait_for("Waiting for a player to join");
    let (port, code) = port_and_code(&screen);
    // Nothing is played before the other player comes.
    host.send("a1\r");
    host.wait_for("Waiting for the other player");
    host.send("\x1b");

    let address = format!("127.0.0.1:{port}");
    let mut joiner = in_terminal(&["join", &address, &code, "--name", "joe"], &join_data);
    let screen = joiner.wait_for("X hostie · O you");
    assert!(screen.contains("connected"), "{screen}");
    let screen = host.wait_for("X you · O joe");
    assert!(screen.contains("connected"), "{screen}");
    assert!(
        !screen.contains(&code),
        "the code is gone once joined:\n{screen}"
    );

    host.send("a1\r");
    host.wait_for("1. X A1");
    joiner.wait_for("1. X A1");
    joiner.send("a6\r");
    host.wait_for("2. O A6");
    // Chat both ways.
    host.send("\x0f");
    host.wait_for("Say:");
    host.send("hi joe\r");
    joiner.wait_for("hostie: hi joe");
    host.send("c3\r");
    joiner.wait_for("3. X C3");
    joiner.send("d4\r");
    host.wait_for("4. O D4 C3→B2");
    thread::sleep(Duration::from_millis(800));
    host.send("c3\r");
    let screen = host.wait_for("Player X wins!");
    assert!(screen.contains("5. X C3 D4→E5"), "{screen}");
    joiner.wait_for("Player X wins!");
    // Neither side is told the host closed the game: it ended.
    host.wait_for("the game is over");
    joiner.wait_for("the game is over");

    joiner.send("q");
    joiner.exits_cleanly();
    host.send("q");
    host.exits_cleanly();
    // The host kept the game, in its own data folder.
    let games: Vec<PathBuf> = std::fs::read_dir(host_data.join("tabletop").join("games"))
        .expect("the host's games folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let record = std::fs::read_to_string(&games[0]).expect("the record");
    assert!(record.contains("A1") && record.contains("D4"), "{record}");
}

#[test]
fn quitting_the_hosts_screen_ends_the_game_for_the_joiner_and_keeps_it() {
    let host_data = Scratch::new("netapp-host-quits");
    let join_data = Scratch::new("netapp-join-quits");
    let mut host = in_terminal(
        &["host", "gekitai", "--port", "0", "--side", "first"],
        &host_data,
    );
    let (port, code) = port_and_code(&host.wait_for("Waiting for a player to join"));
    let address = format!("127.0.0.1:{port}");
    let mut joiner = in_terminal(&["join", &address, &code, "--name", "joe"], &join_data);
    host.wait_for("O joe");
    host.send("a1\r");
    joiner.wait_for("1. X A1");
    // A player is in the game: the first q only asks.
    host.send("q");
    host.wait_for("press q again to quit");
    joiner.send("a6\r");
    host.wait_for("2. O A6");
    host.send("q");
    host.exits_cleanly();
    joiner.wait_for("the host left");
    joiner.send("q");
    joiner.exits_cleanly();
    let games = std::fs::read_dir(host_data.join("tabletop").join("games"))
        .expect("the host's games folder")
        .count();
    assert_eq!(games, 1, "the abandoned game is kept");
}

#[test]
fn an_undo_and_a_draw_offered_on_the_full_screen_are_answered_by_a_plain_host() {
    let data = Scratch::new("netapp-offers");
    let hosted = host_gekitai(&["--clock", "5+0"], &data, PATIENCE);
    let (mut host, address, code) = (hosted.process, hosted.address, hosted.join);
    host.type_lines("A1\n");
    let mut joiner = in_terminal(&["join", &address, &code, "--name", "joe"], &data);
    let screen = joiner.wait_for("1. X A1");
    assert!(screen.contains("(5+0)"), "the clock is shown: {screen}");
    joiner.send("a6\r");
    joiner.wait_for("2. O A6");
    // A move typed out of turn is refused, and its address line closed:
    // the keys after it are commands again.
    joiner.send("b6\r");
    let screen = joiner.wait_for("It is hostie's turn");
    assert!(!screen.contains("Cell:"), "{screen}");
    // O asks to take A6 back; the host accepts.
    joiner.send("u");
    host.wait_for("joe asks to take their last move back: type accept or decline.");
    host.type_lines("accept\n");
    let screen = joiner.wait_for("hostie accepts the undo");
    assert!(!screen.contains("2. O A6"), "{screen}");
    assert!(screen.contains("Player O's turn"), "{screen}");
    // O plays again, then offers a draw (Ctrl-d); the host accepts.
    joiner.send("b6\r");
    joiner.wait_for("2. O B6");
    joiner.send("\x04");
    joiner.wait_for("You offer a draw");
    host.wait_for("joe offers a draw: type accept or decline.");
    host.type_lines("accept\n");
    let screen = joiner.wait_for("hostie accepts the draw");
    assert!(screen.contains("the game is over"), "{screen}");
    let (status, host_text) = host.finish();
    assert_eq!(status, 0, "{host_text}");
    assert!(
        host_text.contains("Player O's last move is taken back."),
        "{host_text}"
    );
    assert!(
        host_text.contains("The players agreed a draw.\nDraw game!"),
        "{host_text}"
    );
    let games = data.join("tabletop").join("games");
    let saved: Vec<_> = std::fs::read_dir(&games).expect("a games folder").collect();
    let record =
        std::fs::read_to_string(saved[0].as_ref().expect("an entry").path()).expect("the record");
    assert!(
        record.contains("result = \"draw\"\nended = \"agreement\"\nclock = \"5+0\""),
        "{record}"
    );
    assert!(record.contains(r#"moves = ["A1", "B6"]"#), "{record}");
    joiner.send("q");
    joiner.exits_cleanly();
}

/// A whole game of `game` (with `settings`) between a host and a joiner,
/// both full screen: `turns` are (whose, cells typed, what the history
/// then shows), the host playing the first side; the game ends with
/// `result` on both screens.
fn both_full_screen_play_to_the_end(
    game: &str,
    settings: &[&str],
    turns: &[(usize, &[&str], &str)],
    result: &str,
) {
    let host_data = Scratch::new(&format!("netapp-{game}-host"));
    let join_data = Scratch::new(&format!("netapp-{game}-join"));
    let mut args = vec!["host", game];
    args.extend(settings);
    args.extend(["--port", "0", "--side", "first", "--name", "hostie"]);
    let host = in_terminal(&args, &host_data);
    let screen = host.wait_for("Waiting for a player to join");
    let (port, code) = port_and_code(&screen);
    let address = format!("127.0.0.1:{port}");
    let joiner = in_terminal(&["join", &address, &code, "--name", "joe"], &join_data);
    joiner.wait_for("connected");
    host.wait_for("connected");
    let mut players = [host, joiner];
    for (whose, cells, shown) in turns {
        for cell in *cells {
            players[*whose].send(&format!("{cell}\r"));
        }
        for player in &players {
            player.wait_for(shown);
        }
    }
    for player in &mut players {
        player.wait_for(result);
        player.send("q");
        player.exits_cleanly();
    }
}

#[test]
fn every_game_is_played_to_its_end_between_two_full_screens() {
    const HOST: usize = 0;
    const JOINER: usize = 1;
    // Connect6: one stone, then two a turn; three in a row on 6x6.
    both_full_screen_play_to_the_end(
        "connect6",
        &["--size", "6", "--line", "3"],
        &[
            (HOST, &["A0"], "1. B A0"),
            (JOINER, &["F5", "F4"], "2. W F5 F4"),
            (HOST, &["A1", "A2"], "3. B A1 A2"),
        ],
        "Player B wins!",
    );
    // Hex 3x3: O joins left and right along the middle row.
    both_full_screen_play_to_the_end(
        "hex",
        &["--size", "3"],
        &[
            (HOST, &["A1"], "1. O A1"),
            (JOINER, &["A0"], "2. X A0"),
            (HOST, &["B1"], "3. O B1"),
            (JOINER, &["B0"], "4. X B0"),
            (HOST, &["C1"], "5. O C1"),
        ],
        "Player O wins!",
    );
    // Gomoku 5x5: five in the top row.
    let gomoku: Vec<(usize, [&str; 1], String)> =
        ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1"]
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let symbol = ["B", "W"][i % 2];
                (i % 2, [*cell], format!("{}. {symbol} {cell}", i + 1))
            })
            .collect();
    let turns: Vec<(usize, &[&str], &str)> = gomoku
        .iter()
        .map(|(whose, cells, shown)| (*whose, &cells[..], shown.as_str()))
        .collect();
    both_full_screen_play_to_the_end("gomoku", &["--size", "5"], &turns, "Player B wins!");
    // Reversi 4x4: a game computer level 1 played against itself, every
    // cell filled without a pass; White has 9 discs to Black's 7.
    let reversi: Vec<(usize, [&str; 1], String)> = [
        "d3", "d2", "a1", "b4", "b1", "d4", "c4", "a2", "a4", "a3", "d1", "c1",
    ]
    .iter()
    .enumerate()
    .map(|(i, cell)| {
        let symbol = ["B", "W"][i % 2];
        (i % 2, [*cell], format!("{}. {symbol} {cell}", i + 1))
    })
    .collect();
    let turns: Vec<(usize, &[&str], &str)> = reversi
        .iter()
        .map(|(whose, cells, shown)| (*whose, &cells[..], shown.as_str()))
        .collect();
    both_full_screen_play_to_the_end("reversi", &["--size", "4"], &turns, "White wins");
}

#[test]
fn a_host_ended_by_sigterm_mid_game_has_kept_the_moves_so_far() {
    let host_data = Scratch::new("netapp-host-term");
    let join_data = Scratch::new("netapp-join-term");
    let mut host = in_terminal(
        &["host", "gekitai", "--port", "0", "--side", "first"],
        &host_data,
    );
    let screen = host.wait_for("Waiting for a player to join");
    let (port, code) = port_and_code(&screen);
    let address = format!("127.0.0.1:{port}");
    let mut joiner = in_terminal(&["join", &address, &code, "--name", "joe"], &join_data);
    host.wait_for("connected");
    host.send("a1\r");
    joiner.wait_for("1. X A1");
    joiner.send("f6\r");
    host.wait_for("2. O F6");
    host.killed_cleanly_by("TERM", 15);
    let games = host_data.join("tabletop").join("games");
    let kept: Vec<PathBuf> = std::fs::read_dir(&games)
        .expect("the host's games folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let record = std::fs::read_to_string(&kept[0]).expect("the record");
    assert!(record.contains(r#"moves = ["A1", "F6"]"#), "{record}");
    drop(joiner);
}

#[test]
fn a_spectators_footer_offers_only_what_a_spectator_can_do() {
    let data = Scratch::new("netapp-watch-footer");
    let hosted = host_gekitai(&[], &data, PATIENCE);
    let mut watcher = in_terminal(
        &["watch", &hosted.address, &hosted.watch, "--name", "wendy"],
        &data,
    );
    let screen = watcher.wait_for("look back");
    let footer = screen.lines().last().unwrap_or_default();
    assert!(
        !footer.contains("place") && !footer.contains("type"),
        "{footer}"
    );
    watcher.send("q");
    watcher.exits_cleanly();
}

/// A host that takes the connection and says nothing: while the joiner
/// waits for its answer, the terminal says what it waits for, rather
/// than staying blank.
#[test]
fn a_joiner_waiting_for_a_silent_host_is_told_it_is_connecting() {
    let data = Scratch::new("netapp-silent");
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address").to_string();
    let silent = thread::spawn(move || listener.accept().map(|(stream, _)| stream));
    let mut joiner = in_terminal(&["join", &address, "ABCD-EFGH"], &data);
    joiner.wait_for(&format!("Connecting to {address}"));
    let _held = silent.join().expect("the host's thread");
    let _ = joiner.child.kill();
}
