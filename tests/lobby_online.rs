//! `tabletop online` for real: a `tabletop serve` on 127.0.0.1 and its
//! lobby in separate processes, in the plain mode (piped) and full screen
//! (pseudo-terminals): a game created in the lobby, seen and joined from
//! another, played to its end and watched from a third; a game against the
//! server's computer; a lost connection and the way back. Waits are
//! generous and only keep a failure from hanging.

use std::path::Path;
use std::time::{Duration, Instant};

mod common;
use common::piped::Piped;
use common::pty::Session;
use common::scratch::Scratch;
use common::served::Served;

const PATIENCE: Duration = Duration::from_secs(60);

/// X: A1, C3, C3 (a line of three); O: A6, D4.
const X_MOVES: [&str; 3] = ["a1", "c3", "c3"];
const O_MOVES: [&str; 2] = ["a6", "d4"];

fn plain_lobby(address: &str, name: &str, data: &Path) -> Piped {
    Piped::start(&["online", address, "--plain", "--name", name], data).patient(PATIENCE)
}

/// `name` in the plain lobby, once it has sent `create` (a whole line).
fn creating(address: &str, name: &str, data: &Path, create: &str) -> Piped {
    let mut player = plain_lobby(address, name, data);
    player.wait_for("Open games:");
    player.type_lines(create);
    player
}

fn screen_lobby(address: &str, name: &str) -> Session {
    Session::start(&["online", address, "--name", name]).patient(PATIENCE)
}

#[test]
fn the_plain_lobby_creates_lists_joins_watches_and_finishes_a_game() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = creating(&served.address, "ada", &data, "create gekitai\n");
    ada.wait_for("Join code:");
    ada.wait_for("You play X; the other seat is open.");
    let mut bob = plain_lobby(&served.address, "bob", &data);
    bob.wait_for("Gekitai 6x6 - ada – (open), 0 moves");
    bob.type_lines("join 1\n");
    bob.wait_for("You play O against ada.");
    ada.type_lines("A1\n");
    bob.type_lines("A6\n");
    // A spectator lists the game in progress and watches it from there.
    let mut carol = plain_lobby(&served.address, "carol", &data);
    carol.wait_for("Open games:");
    // The list is the server's at the time asked: asked again until
    // bob's move has reached it.
    let deadline = Instant::now() + PATIENCE;
    while !carol.text().contains("2 moves") {
        assert!(Instant::now() < deadline, "{}", carol.text());
        carol.type_lines("list\n");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(carol.text().contains("Gekitai 6x6 - ada – bob, 2 moves"));
    carol.type_lines("watch 1\n");
    carol.wait_for("Watching ada (X) against bob (O).");
    ada.type_lines("C3\nC3\n");
    bob.type_lines("D4\n");
    for (who, lobby) in [("ada", ada), ("bob", bob), ("carol", carol)] {
        let text = lobby.wait_for("Player X wins!");
        assert!(!text.contains("panicked"), "{who}: {text}");
        let (status, _) = lobby.finish();
        assert_eq!(status, 0, "{who}");
    }
}

#[test]
fn a_game_created_against_the_servers_computer_is_played_by_the_server() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = creating(
        &served.address,
        "ada",
        &data,
        "create hex size=3 computer=1\n",
    );
    ada.wait_for("You play O against computer (level 1).");
    // Every cell, twice over: those taken are refused, and a 3x3 Hex
    // board cannot fill up without a winner.
    let cells: String = ["A", "B", "C"]
        .iter()
        .flat_map(|column| (0..3).map(move |row| format!("{column}{row}\n")))
        .collect();
    ada.type_lines(&cells.repeat(2));
    let text = ada.wait_for(" wins!");
    // The computer moved: its moves follow X's prompts.
    let replies = text.matches("Player X, make your move: ").count();
    assert!(replies >= 2, "{text}");
    let (status, text) = ada.finish();
    assert_eq!(status, 0, "{text}");
    // The server kept the game with the computer as its second player.
    let kept = common::served::exported(&data.join("server"), 1);
    assert!(kept.contains("result = "), "{kept}");
    assert!(kept.contains(r#"second = "ai:1""#), "{kept}");
}

/// Plays `mv` on a game screen: typed, then Enter.
fn play(session: &mut Session, mv: &str) {
    session.send(mv);
    session.send("\r");
}

#[test]
fn the_lobby_screen_creates_joins_watches_finishes_and_comes_back() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = screen_lobby(&served.address, "ada");
    ada.wait_for("none yet: n creates one");
    ada.send("n");
    ada.wait_for("[ Create ]");
    ada.wait_for("a person who joins");
    ada.send("\r");
    let screen = ada.wait_for("join code");
    assert!(screen.contains("rejoin code"), "{screen}");
    ada.wait_for("X you");

    let mut bob = screen_lobby(&served.address, "bob");
    bob.wait_for("ada – (open)");
    bob.send("\r");
    bob.wait_for("O you");
    // The creator learns who joined: the panel names them.
    let screen = ada.wait_for("O bob");
    assert!(screen.contains("bob joined."), "{screen}");
    play(&mut ada, X_MOVES[0]);
    bob.wait_for("1. X A1");
    play(&mut bob, O_MOVES[0]);
    ada.wait_for("2. O A6");

    // A third lists the game in progress and watches it.
    let mut carol = screen_lobby(&served.address, "carol");
    let screen = carol.wait_for("ada – bob");
    assert!(screen.contains("2 moves"), "{screen}");
    carol.send("\r");
    carol.wait_for("2. O A6");
    play(&mut ada, X_MOVES[1]);
    bob.wait_for("3. X C3");
    play(&mut bob, O_MOVES[1]);
    ada.wait_for("4. O D4");
    play(&mut ada, X_MOVES[2]);
    for lobby in [&ada, &bob, &carol] {
        lobby.wait_for("Player X wins!");
    }
    // Leaving the finished game goes back to the lobby, where it is gone.
    for lobby in [&mut ada, &mut bob, &mut carol] {
        lobby.send("n");
        lobby.wait_for("Open games");
        lobby.wait_for("none yet: n creates one");
        lobby.send("q");
        lobby.exits_cleanly();
    }
}

#[test]
fn a_lost_lobby_says_so_and_connects_again() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let port = served.port();
    let mut ada = screen_lobby(&served.address, "ada");
    ada.wait_for("none yet: n creates one");
    drop(served);
    ada.wait_for("No connection to");
    ada.wait_for("Enter connects again");
    let served = Served::start_on(port, &data.join("server"), &[]);
    ada.send("\r");
    ada.wait_for("none yet: n creates one");
    drop(served);
    ada.wait_for("No connection to");
    ada.send("q");
    ada.exits_cleanly();
}

#[test]
fn a_spectator_leaves_for_the_lobby_at_once_and_watches_again_by_the_code() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let ada = creating(
        &served.address,
        "ada",
        &data,
        "create gekitai side=second\n",
    );
    let text = ada.wait_for("You play O");
    let watch = text
        .lines()
        .find_map(|line| line.strip_prefix("Watch code: "))
        .expect("a watch code")
        .to_string();
    let mut carol = screen_lobby(&served.address, "carol");
    carol.wait_for("ada");
    carol.send("w");
    carol.wait_for("Player X's turn");
    carol.send("n");
    carol.wait_for("Open games");
    // The game is still there to join.
    carol.wait_for("(open) – ada");
    // The watch code opens it to watch too.
    carol.send("c");
    carol.send(&watch);
    carol.send("\r");
    carol.wait_for("Player X's turn");
    carol.send("n");
    carol.wait_for("(open) – ada");
    carol.send("q");
    carol.exits_cleanly();
}

#[test]
fn a_player_who_leaves_takes_the_seat_again_with_the_code_the_lobby_shows() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = creating(&served.address, "ada", &data, "create gekitai\n");
    ada.wait_for("You play X");
    ada.type_lines("A1\n");
    let mut bob = screen_lobby(&served.address, "bob");
    bob.wait_for("ada – (open)");
    bob.send("\r");
    bob.wait_for("1. X A1");
    // Leaving a game under way takes a second press.
    bob.send("n");
    bob.wait_for("again to leave this game");
    bob.send("n");
    let screen = bob.wait_for("rejoins it");
    let code = screen
        .split("c, then ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap_or_else(|| panic!("no code in:\n{screen}"))
        .to_string();
    bob.send("c");
    bob.wait_for("Code:");
    bob.send(&code);
    bob.send("\r");
    bob.wait_for("1. X A1");
    play(&mut bob, O_MOVES[0]);
    ada.wait_for("Player O's turn: A6");
    bob.send("q");
    bob.exits_cleanly();
}

#[test]
fn the_lobby_screen_creates_a_game_against_the_servers_computer() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = screen_lobby(&served.address, "ada");
    ada.wait_for("none yet: n creates one");
    ada.send("n");
    ada.wait_for("[ Create ]");
    // Up from Create to the game (past the clock, the opponent, the side
    // and Gekitai's four settings), then Hex on a 3x3 board against the
    // computer at level 1.
    for _ in 0..8 {
        ada.send("\x1b[A");
    }
    ada.send("\x1b[C\x1b[C");
    ada.wait_for("‹ Hex ›");
    ada.send("\x1b[B");
    for _ in 0..8 {
        ada.send("\x1b[D");
    }
    ada.wait_for("‹ 3x3 ›");
    for _ in 0..3 {
        ada.send("\x1b[B");
    }
    ada.send("\x1b[C");
    ada.wait_for("the server's computer 1");
    ada.send("\r");
    ada.wait_for("computer (level 1)");
    // Every cell on O's turns until the game ends: those taken are
    // refused (and Esc clears the refused one).
    for cell in ["a0", "a1", "a2", "b0", "b1", "b2", "c0", "c1", "c2"] {
        let deadline = Instant::now() + PATIENCE;
        let screen = loop {
            let screen = ada.screen();
            if screen.contains("Player O's turn") || screen.contains(" wins!") {
                break screen;
            }
            assert!(Instant::now() < deadline, "{screen}");
            std::thread::sleep(Duration::from_millis(20));
        };
        if screen.contains(" wins!") {
            break;
        }
        ada.send("\x1b");
        play(&mut ada, cell);
    }
    ada.wait_for(" wins!");
    // The computer played: its stones are in the list of moves.
    let screen = ada.screen();
    assert!(screen.contains("2. X "), "{screen}");
    ada.send("n");
    ada.wait_for("Open games");
    ada.send("q");
    ada.exits_cleanly();
}

#[test]
fn a_player_whose_opponent_stays_away_claims_the_win_on_the_game_screen() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &["--reconnect-timeout", "1"]);
    let mut bob = plain_lobby(&served.address, "bob", &data);
    bob.wait_for("Open games:");
    bob.type_lines("create gekitai\n");
    bob.wait_for("You play X");
    let mut ada = screen_lobby(&served.address, "ada");
    ada.wait_for("bob – (open)");
    ada.send("\r");
    ada.wait_for("O you");
    bob.type_lines("A1\n");
    ada.wait_for("1. X A1");
    // Bob's process ends without a word; the server waits, then says so.
    drop(bob);
    ada.wait_for("Waiting for bob to reconnect");
    ada.wait_for("bob has not come back: Ctrl-a claims the win");
    ada.send("\x01");
    let screen = ada.wait_for("Player O wins!");
    assert!(!screen.contains("claims the win"), "{screen}");
    ada.send("q");
    ada.exits_cleanly();
}

#[test]
fn a_spectator_who_came_first_learns_who_takes_the_open_seat() {
    let data = Scratch::new("online");
    let served = Served::start(&data.join("server"), &[]);
    let ada = creating(
        &served.address,
        "ada",
        &data,
        "create gekitai side=second\n",
    );
    ada.wait_for("You play O; the other seat is open.");
    let mut carol = screen_lobby(&served.address, "carol");
    carol.wait_for("(open) – ada");
    carol.send("w");
    carol.wait_for("Player X's turn");
    let mut bob = plain_lobby(&served.address, "bob", &data);
    bob.wait_for("(open) – ada");
    bob.type_lines("join 1\n");
    bob.wait_for("You play X against ada.");
    let screen = carol.wait_for("X bob · O ada");
    assert!(screen.contains("bob joined."), "{screen}");
    ada.wait_for("bob joined.");
    carol.send("q");
    carol.exits_cleanly();
}

/// Waits (generously) until `done` holds.
fn wait_until(done: impl Fn() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done() {
        assert!(Instant::now() < deadline, "waited too long");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn offers_declined_withdrawn_or_lapsed_are_told_to_both_players_by_name() {
    let data = Scratch::new("online-offers");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = creating(&served.address, "ada", &data, "create gekitai\n");
    ada.wait_for("You play X; the other seat is open.");
    let mut bob = plain_lobby(&served.address, "bob", &data);
    bob.wait_for("ada – (open)");
    bob.type_lines("join 1\n");
    bob.wait_for("You play O against ada.");
    ada.type_lines("A1\n");
    // Declined: the creator learnt the joiner's name when bob sat down.
    bob.type_lines("A6\ndraw\n");
    ada.wait_for("bob offers a draw: type accept or decline.");
    ada.type_lines("decline\n");
    bob.wait_for("ada declines the draw.");
    // Lapsed: the other side moved instead of answering.
    bob.type_lines("undo\n");
    ada.wait_for("bob asks to take their last move back");
    ada.type_lines("C3\n");
    for player in [&ada, &bob] {
        player.wait_for("bob's undo offer lapsed: ada moved.");
    }
    // Withdrawn: declining one's own offer.
    bob.type_lines("draw\n");
    wait_until(|| {
        bob.text().matches("You offer a draw.").count() == 2
            && ada.text().matches("bob offers a draw").count() == 2
    });
    bob.type_lines("decline\n");
    ada.wait_for("bob withdraws the draw offer.");
    bob.wait_for("You withdraw your draw offer.");
    bob.type_lines("D4\n");
    ada.type_lines("C3\n");
    for (who, player) in [("ada", ada), ("bob", bob)] {
        player.wait_for("Player X wins!");
        let (status, text) = player.finish();
        assert_eq!(status, 0, "{who}: {text}");
    }
}

#[test]
fn enter_on_the_game_screen_connects_again_after_the_server_restarts() {
    let data = Scratch::new("online-back");
    let served = Served::start(&data.join("server"), &[]);
    let port = served.port();
    let (mut ada, created) = common::client::create(&served.address, "ada");
    let join = created["join"].as_str().expect("a code").to_string();
    let mut bob =
        Session::start(&["join", &served.address, &join, "--name", "bob"]).patient(PATIENCE);
    bob.wait_for("X ada · O you");
    ada.send(serde_json::json!({"type":"move","move":"A1"}));
    ada.expect("ack");
    bob.wait_for("1. X A1");
    drop(served);
    drop(ada);
    bob.wait_for("Enter connects");
    let served = Served::start_on(port, &data.join("server"), &[]);
    bob.send("\r");
    bob.wait_for("connected");
    let (mut ada, back) = common::client::hello(&served.address, &created["rejoin"], "player");
    assert_eq!(back["moves"], serde_json::json!(["A1"]));
    bob.wait_for("1. X A1");
    bob.send("a6\r");
    assert_eq!(ada.expect("move")["move"], "A6");
    bob.wait_for("2. O A6");
    bob.send("q");
    bob.exits_cleanly();
}
