//! Network play for real: `tabletop host`, `join` and `watch` as separate
//! processes over 127.0.0.1, and hostile clients speaking raw TCP to a
//! running host. Timeouts are generous and only keep a failure from
//! hanging; nothing here measures speed.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

mod common;
use common::hosted::host_gekitai;
use common::piped::Piped;
use common::scratch::Scratch;

const PATIENCE: Duration = Duration::from_secs(60);

/// A host of Gekitai on an ephemeral port: the process, its address and
/// its join and watch codes.
fn host(data: &Path) -> (Piped, String, String, String) {
    let hosted = host_gekitai(&[], data, PATIENCE);
    (hosted.process, hosted.address, hosted.join, hosted.watch)
}

/// The text from the last `Game over:` on.
fn final_position(text: &str) -> &str {
    let from = text.rfind("Game over:").expect("the game ended");
    let to = text.rfind("Player X wins!").expect("X won") + "Player X wins!".len();
    &text[from..to]
}

/// X: A1, C3, C3 (a line of three); O: A6, D4.
const HOST_MOVES: &str = "A1\nc3\nc3\n";
const JOINER_MOVES: &str = "a6\nd4\n";

#[test]
fn a_whole_game_between_two_processes_with_a_spectator() {
    let data = Scratch::new("net-game");
    let (mut host, address, join, watch) = host(&data);
    let watcher = Piped::start(&["watch", &address, &watch, "--name", "wendy"], &data);
    watcher.wait_for("Watching hostie (X)");
    host.type_lines(HOST_MOVES);
    let mut joiner = Piped::start(&["join", &address, &join, "--name", "joe"], &data);
    joiner.type_lines(JOINER_MOVES);

    let (status, host_text) = host.finish();
    assert_eq!(status, 0, "{host_text}");
    assert!(host_text.contains("joe joined. You play X."), "{host_text}");
    let (status, joiner_text) = joiner.finish();
    assert_eq!(status, 0, "{joiner_text}");
    assert!(
        joiner_text.contains("You play O against hostie."),
        "{joiner_text}"
    );
    let (status, watcher_text) = watcher.finish();
    assert_eq!(status, 0, "{watcher_text}");

    // Everyone sees the position a local plain game ends with.
    let local = common::run(&["gekitai", "--plain"], b"A1\na6\nc3\nd4\nc3\n").text();
    for text in [&host_text, &joiner_text, &watcher_text] {
        assert_eq!(final_position(text), final_position(&local), "{text}");
    }
    // The spectator saw every move, each after its prompt.
    for mv in ["A1", "A6", "C3", "D4"] {
        assert!(
            watcher_text.contains(&format!(": {mv}\n")),
            "{mv}: {watcher_text}"
        );
    }

    // The host saved the game as a normal record.
    let games = data.join("tabletop").join("games");
    let saved: Vec<_> = std::fs::read_dir(&games).expect("a games folder").collect();
    assert_eq!(saved.len(), 1);
    let path = saved[0].as_ref().expect("an entry").path();
    let record = std::fs::read_to_string(&path).expect("the record");
    assert!(
        record.contains(r#"moves = ["A1", "A6", "C3", "D4", "C3"]"#),
        "{record}"
    );
    assert!(record.contains(r#"result = "X""#), "{record}");
}

/// A raw connection to the host.
struct Raw {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Raw {
    fn open(address: &str) -> Raw {
        let stream = TcpStream::connect(address).expect("connecting");
        stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
        let reader = BufReader::new(stream.try_clone().expect("a clone"));
        Raw { stream, reader }
    }

    fn send(&mut self, bytes: &[u8]) {
        // The host may already have hung up: that is what some tests want.
        let _ = self.stream.write_all(bytes);
    }

    /// A hello; `name` is written into the JSON as it is (escapes and all).
    fn hello(&mut self, code: &str, role: &str, name: &str) {
        let hello = format!(
            "{{\"type\":\"hello\",\"version\":{},\"name\":\"{name}\",\"code\":\"{code}\",\"role\":\"{role}\"}}\n",
            tabletop::net::protocol::PROTOCOL_VERSION
        );
        self.send(hello.as_bytes());
    }

    /// The next line from the host, empty once it has closed.
    fn line(&mut self) -> String {
        let mut line = String::new();
        let _ = self.reader.read_line(&mut line);
        line
    }

    /// Reads until the host relays the other side's move `mv`.
    fn expect_move(&mut self, mv: &str) {
        self.expect(&format!("{{\"type\":\"move\",\"move\":\"{mv}\"}}\n"));
    }

    /// Reads until the host acknowledges this side's move `mv`.
    fn expect_ack(&mut self, mv: &str) {
        self.expect(&format!("{{\"type\":\"ack\",\"move\":\"{mv}\"}}\n"));
    }

    /// Reads until the line `wanted`, what comes before it passed over.
    fn expect(&mut self, wanted: &str) {
        loop {
            let line = self.line();
            assert!(!line.is_empty(), "closed while waiting for {wanted}");
            if line == wanted {
                return;
            }
        }
    }

    /// The host's error line, after which it closes the connection.
    fn refused(&mut self) -> String {
        let line = self.line();
        assert!(line.starts_with("{\"type\":\"error\""), "{line}");
        assert_eq!(self.line(), "", "the connection stays open after {line}");
        line
    }
}

#[test]
fn hostile_clients_are_refused_and_the_game_goes_on() {
    let data = Scratch::new("net-hostile");
    let (mut host, address, join, watch) = host(&data);
    // Never says hello: cut off once the handshake's time is up.
    let mut silent = Raw::open(&address);
    let silent_refusal = std::thread::spawn(move || silent.refused());

    let mut junk = Raw::open(&address);
    junk.send(b"\x00\xff\x1b[2J garbage\n");
    assert!(junk.refused().contains("malformed"));

    let mut huge = Raw::open(&address);
    let mut writer = huge.stream.try_clone().expect("a clone");
    std::thread::spawn(move || {
        let line = vec![b'x'; 10 * 1024 * 1024];
        let _ = writer.write_all(&line);
    });
    assert!(huge.refused().contains("longer than"));

    let mut wrong = Raw::open(&address);
    wrong.hello("0000-0000-0000-0000", "player", "mallory");
    assert!(wrong.refused().contains("wrong code"));

    // The watch code does not seat a player.
    let mut sneaky = Raw::open(&address);
    sneaky.hello(&watch, "player", "mallory");
    assert!(sneaky.refused().contains("wrong code"));

    let mut old = Raw::open(&address);
    old.send(
        b"{\"type\":\"hello\",\"version\":0,\"name\":\"x\",\"code\":\"c\",\"role\":\"player\"}\n",
    );
    assert!(old.refused().contains("version 0"));

    let mut spectator = Raw::open(&address);
    spectator.hello(&watch, "spectator", "eve");
    assert!(spectator.line().contains("\"type\":\"welcome\""));
    spectator.send(b"{\"type\":\"move\",\"move\":\"A1\"}\n");
    assert!(spectator.refused().contains("spectators cannot"));

    // The host (X) is to move; a move now is out of turn.
    let mut early = Raw::open(&address);
    early.hello(&join, "player", r"\u001b[2J\u001b]0;pwned\u0007early");
    assert!(early.line().contains("\"type\":\"welcome\""));
    early.send(b"{\"type\":\"move\",\"move\":\"A6\"}\n");
    assert!(early.refused().contains("out of turn"));
    host.wait_for("early was disconnected");

    // A second player while the seat is taken is refused, and an illegal
    // move by the seated one is too.
    let mut cheat = Raw::open(&address);
    cheat.hello(&join, "player", "cheat");
    assert!(cheat.line().contains("\"type\":\"welcome\""));
    host.wait_for("cheat joined");
    let mut second = Raw::open(&address);
    second.hello(&join, "player", "second");
    assert!(second.refused().contains("already has its player"));
    host.type_lines("A1\n");
    assert_eq!(cheat.line(), "{\"type\":\"move\",\"move\":\"A1\"}\n");
    cheat.send(b"{\"type\":\"move\",\"move\":\"A1\"}\n");
    assert!(cheat.refused().contains("illegal"));
    host.wait_for("cheat was disconnected");

    // The real player joins the game as it stands and it ends as it should.
    let mut joiner = Piped::start(&["join", &address, &join, "--name", "joe"], &data);
    joiner.type_lines(JOINER_MOVES);
    host.wait_for("joe joined again.");
    // The game waits for the silent client's time to run out.
    let refusal = silent_refusal.join().expect("the silent client's thread");
    assert!(refusal.contains("no hello in time"), "{refusal}");
    host.type_lines("c3\nc3\n");
    let (status, host_text) = host.finish();
    assert_eq!(status, 0, "{host_text}");
    assert!(host_text.ends_with(".toml.\n"), "{host_text}");
    assert!(host_text.contains("Player X wins!"), "{host_text}");
    assert!(
        !host_text.contains('\u{1b}'),
        "an escape reached the terminal"
    );
    let (status, joiner_text) = joiner.finish();
    assert_eq!(status, 0, "{joiner_text}");
    assert!(joiner_text.contains("Player X wins!"), "{joiner_text}");
}

/// The record the host keeps in the games folder of `data`, as it stands.
fn kept_record(data: &Path) -> String {
    let games = data.join("tabletop").join("games");
    let kept: Vec<_> = std::fs::read_dir(&games).expect("a games folder").collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let path = kept[0].as_ref().expect("an entry").path();
    std::fs::read_to_string(&path).expect("the record")
}

#[test]
fn a_move_typed_at_the_host_is_kept_before_the_player_sees_it() {
    let data = Scratch::new("net-kept-typed");
    let (mut host, address, join, _) = host(&data);
    let mut joiner = Raw::open(&address);
    joiner.hello(&join, "player", "joe");
    assert!(joiner.line().contains("\"type\":\"welcome\""));
    host.wait_for("joe joined");
    host.type_lines("A1\n");
    joiner.expect_move("A1");
    joiner.send(b"{\"type\":\"move\",\"move\":\"A6\"}\n");
    joiner.expect_ack("A6");
    host.type_lines("C3\n");
    joiner.expect_move("C3");
    // The player has seen C3: a host killed now (SIGKILL) loses none of it.
    drop(host);
    let record = kept_record(&data);
    assert!(record.contains(r#"moves = ["A1", "A6", "C3"]"#), "{record}");
}

#[test]
fn plain_players_take_a_move_back_decline_and_accept_a_draw_and_the_spectator_follows() {
    let data = Scratch::new("net-draw");
    let (mut host, address, join, watch) = host(&data);
    let watcher = Piped::start(&["watch", &address, &watch, "--name", "wendy"], &data);
    watcher.wait_for("Watching hostie (X)");
    host.type_lines("A1\n");
    let mut joiner = Piped::start(&["join", &address, &join, "--name", "joe"], &data);
    // An answer to nothing is refused here, before it is sent.
    joiner.type_lines("accept\na6\nundo\n");
    joiner.wait_for("There is no offer to answer.");
    host.wait_for("joe asks to take their last move back: type accept or decline.");
    host.type_lines("accept\n");
    watcher.wait_for("Player O's last move is taken back.");
    joiner.type_lines("b6\ndraw\n");
    host.wait_for("joe offers a draw: type accept or decline.");
    host.type_lines("decline\nc3\ndraw\n");
    joiner.wait_for("hostie declines the draw.");
    joiner.wait_for("hostie offers a draw: type accept or decline.");
    joiner.type_lines("accept\n");
    for (name, process) in [("host", host), ("joiner", joiner), ("watcher", watcher)] {
        let (status, text) = process.finish();
        assert_eq!(status, 0, "{name}: {text}");
        assert!(
            text.contains("Player O's last move is taken back."),
            "{name}: {text}"
        );
        assert!(
            text.contains("The players agreed a draw.\nDraw game!"),
            "{name}: {text}"
        );
    }
    let games = data.join("tabletop").join("games");
    let saved: Vec<_> = std::fs::read_dir(&games).expect("a games folder").collect();
    let record =
        std::fs::read_to_string(saved[0].as_ref().expect("an entry").path()).expect("the record");
    assert!(
        record.contains("result = \"draw\"\nended = \"agreement\""),
        "{record}"
    );
    assert!(record.contains(r#"moves = ["A1", "B6", "C3"]"#), "{record}");
}
