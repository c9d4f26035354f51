//! The SSH door (`tabletop serve --ssh`) with the real OpenSSH client:
//! people with nothing installed play, and a connection can do nothing
//! but play.

mod common;

use common::served::counted_in;
use common::ssh::{Door, Visit, client_folder};

/// `user` visits `door` (a guest, or a player with the client folder's
/// key) and starts a game against the computer from the start screen,
/// where Start is chosen: the visit at its first turn.
fn playing_the_computer(door: &Door, client: &std::path::Path, user: &str, guest: bool) -> Visit {
    let mut visit = Visit::start(door, client, user, guest, &[]);
    visit.wait_for("[ Your games ]");
    visit.send("\r");
    visit.wait_for("Player X's turn");
    visit
}

/// Types every cell of Gekitai's board, again and again, until the game
/// is over (taken cells are refused and the next typed replaces them).
fn play_to_the_end(visit: &mut Visit) -> String {
    for _ in 0..40 {
        for column in ['a', 'b', 'c', 'd', 'e', 'f'] {
            for row in 1..=6 {
                let screen = visit.wait_for_any(&["X's turn", " wins!", "draw"]);
                if screen.contains(" wins!") || screen.contains("draw") {
                    return screen;
                }
                visit.send(&format!("{column}{row}\r"));
            }
        }
    }
    panic!("the game never ended:\n{}", visit.screen());
}

/// ada's and bob's visits as (X, O, X's name, O's name), once their
/// game has started and either screen names who holds X.
fn by_colour(ada: Visit, bob: Visit) -> (Visit, Visit, &'static str, &'static str) {
    if ada.screen().contains("X ada") || bob.screen().contains("X ada") {
        (ada, bob, "ada", "bob")
    } else {
        (bob, ada, "bob", "ada")
    }
}

#[test]
fn a_guest_plays_the_computer_to_the_end_and_leaves() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut visit = Visit::start(&door, &client, "ada", true, &[]);
    visit.wait_for("[ Lobby: play and watch people ]");
    let menu = visit.screen();
    assert!(menu.contains("Computer 1"), "{menu}");
    assert!(!menu.contains("Saved games"), "no files over SSH:\n{menu}");
    // Start: a person against the computer.
    visit.send("\r");
    visit.wait_for("Player X's turn");
    // A guest is not offered saving: `s` says why, and how to keep games.
    let game = visit.screen();
    assert!(
        !game.contains("s save") && !game.contains("s keep"),
        "{game}"
    );
    visit.send("s");
    visit.wait_for("Your games need a key: connect with an SSH key (ssh -i KEY)");
    let end = play_to_the_end(&mut visit);
    assert!(end.contains("Moves"), "{end}");
    // q leaves: ssh exits as after a shell, its terminal given back.
    visit.send("q");
    assert_eq!(visit.exits(), 0);
    let left = visit.screen();
    assert!(
        !left.contains("Moves"),
        "the game's screen is left:\n{left}"
    );
    door.wait_for_log(|log| log.contains("ssh session") && log.contains("name=ada"));
}

#[test]
fn a_resize_mid_game_redraws_at_the_new_size() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut visit = Visit::start(&door, &client, "bob", true, &[]);
    visit.wait_for("[ Start ]");
    visit.send("\r");
    visit.wait_for("Player X's turn");
    visit.send("c3\r");
    visit.wait_for("1. X C3");
    // Larger: the board grows to fill 120x30 (its cells twice as wide).
    visit.resize(120, 30);
    let wide = visit.wait_for_any(&["A       B       C       D       E       F"]);
    assert!(wide.contains("1. X C3"), "{wide}");
    // Too small: the app says how much more it needs.
    visit.resize(20, 6);
    visit.wait_for_any(&["wider", "taller", "larger", "small"]);
    visit.resize(80, 24);
    let back = visit.wait_for_any(&["A   B   C   D   E   F"]);
    assert!(back.contains("1. X C3"), "{back}");
}

#[test]
fn commands_file_transfer_and_forwarding_are_refused() {
    let door = Door::start(&[]);
    let client = client_folder();
    // `ssh host command`: refused with a reason, non-zero.
    let (status, said) = door.ssh_plain(&client, &[], &["cat", "/etc/passwd"]);
    assert_ne!(status, 0, "{said}");
    assert!(said.contains("runs only the game"), "{said}");
    assert!(!said.contains("root:"), "{said}");
    // A subsystem (what sftp and scp use).
    let (status, said) = door.ssh_plain(&client, &["-s"], &["sftp"]);
    assert_ne!(status, 0, "{said}");
    // A remote forward: refused, which ends ssh (ExitOnForwardFailure).
    let remote = [
        "-o",
        "ExitOnForwardFailure=yes",
        "-N",
        "-R",
        "0:127.0.0.1:22",
    ];
    let (status, said) = door.ssh_plain(&client, &remote, &[]);
    assert_ne!(status, 0, "{said}");
    assert!(said.contains("forwarding failed"), "{said}");
    local_forwarding_is_refused(&door, &client);
    // No pty: the game needs one.
    let (status, said) = door.ssh_plain(&client, &["-T"], &[]);
    assert_ne!(status, 0, "{said}");
    assert!(said.contains("needs a terminal"), "{said}");
    // Nothing was written but in the data folder: the host key and the
    // database.
    let mut outside: Vec<String> = std::fs::read_dir(&*door.home)
        .expect("the home")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    outside.sort();
    assert_eq!(outside, ["data"]);
    let key = door.data.join("ssh_host_ed25519_key");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&key)
        .expect("the host key")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

/// `ssh -L`: the client listens, but each connection to it is refused by
/// the server (it would reach the server's lobby port otherwise).
fn local_forwarding_is_refused(door: &Door, client: &std::path::Path) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = free.local_addr().expect("its address").port();
    drop(free);
    let mut args = door.ssh_args(client, "guest", true);
    let destination = args.pop().expect("a destination");
    args.extend(["-N".to_string(), "-L".to_string()]);
    args.push(format!("{port}:{}", door.lobby));
    args.push(destination);
    let mut ssh = Command::new("ssh")
        .env("HOME", client)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ssh runs");
    let deadline = std::time::Instant::now() + common::ssh::PATIENCE;
    let mut through = loop {
        if let Ok(stream) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            break stream;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "ssh never listened on {port}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // Forwarded, the connection would stay open to the lobby, which waits
    // for a word; refused, ssh closes it at once.
    through
        .set_read_timeout(Some(common::ssh::PATIENCE))
        .expect("a timeout");
    let mut got = Vec::new();
    let read = through.read_to_end(&mut got);
    let _ = ssh.kill();
    let _ = ssh.wait();
    assert!(read.is_ok(), "the forward stayed open: {read:?}");
    assert!(
        got.is_empty(),
        "something answered through the forward: {got:?}"
    );
}

#[test]
fn a_player_with_a_key_keeps_their_name_and_is_known_again() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut first = Visit::start(&door, &client, "cyd", false, &[]);
    first.wait_for("Welcome, cyd: this name is yours here, with your key.");
    first.send("q");
    assert_eq!(first.exits(), 0);
    // The same key, another user name: still cyd, with ratings.
    let mut back = Visit::start(&door, &client, "zed", false, &[]);
    back.wait_for("Welcome back, cyd: no rated games yet.");
    back.send("q");
    assert_eq!(back.exits(), 0);
    // Another key cannot be cyd, in any case.
    let other = client_folder();
    let mut impostor = Visit::start(&door, &other, "CYD", false, &[]);
    impostor.wait_for("the name CYD is another player's");
    assert_ne!(impostor.exits(), 0);
    // A guest who asks for the name is shown as a guest.
    let mut guest = Visit::start(&door, &client, "cyd", true, &[]);
    guest.wait_for("Welcome, guest-cyd (guest)");
    guest.send("q");
    assert_eq!(guest.exits(), 0);
}

#[test]
fn two_visitors_meet_in_the_lobby_play_and_a_killed_client_frees_its_seat() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut ada = Visit::start(&door, &client, "ada", true, &[]);
    ada.wait_for("[ Lobby: play and watch people ]");
    // Down to the lobby's line (Start is chosen), Enter.
    ada.send("\x1b[B\r");
    ada.wait_for("Games in progress");
    // A new game, a person's seat left open.
    ada.send("n");
    ada.wait_for("create");
    ada.send("\r");
    ada.wait_for("join code ");
    let mut bob = Visit::start(&door, &client, "bob", true, &[]);
    bob.wait_for("[ Lobby: play and watch people ]");
    bob.send("\x1b[B\r");
    // ada's open game is listed, by her name, and chosen: bob joins it.
    bob.wait_for("ada");
    bob.send("\r");
    bob.wait_for("Player X's turn");
    ada.wait_for("bob");
    // Whoever has X moves; the other sees it.
    let (mut x, mut o, _, _) = by_colour(ada, bob);
    x.send("c3\r");
    o.wait_for("1. X C3");
    o.send("d4\r");
    x.wait_for("2. O D4");
    // X's client is killed: O's game goes on waiting, and says so.
    let _ = x.child.kill();
    o.wait_for("to reconnect...");
    door.wait_for_log(|log| log.matches("ssh session").count() >= 2);
}

#[test]
fn agent_forwarding_is_refused() {
    use std::process::{Command, Stdio};
    let door = Door::start(&[]);
    let client = client_folder();
    // A real agent for the client to offer.
    let socket = client.join("agent.sock");
    let mut agent = Command::new("ssh-agent")
        .arg("-D")
        .arg("-a")
        .arg(&socket)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ssh-agent runs");
    let deadline = std::time::Instant::now() + common::ssh::PATIENCE;
    while !socket.exists() {
        assert!(std::time::Instant::now() < deadline, "no agent socket");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut args = door.ssh_args(&client, "guest", true);
    let destination = args.pop().expect("a destination");
    args.extend(["-A", "-T"].map(String::from));
    args.push(destination);
    let output = Command::new("ssh")
        .env("HOME", &*client)
        .env("SSH_AUTH_SOCK", &socket)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("ssh runs");
    let _ = agent.kill();
    let _ = agent.wait();
    assert!(!output.status.success());
    door.wait_for_log(|log| log.contains("ssh refused") && log.contains("agent forwarding"));
}

#[test]
fn two_players_with_keys_are_rated_when_their_game_ends_and_see_it_in_their_history() {
    let door = Door::start(&[]);
    let (ada_key, bob_key) = (client_folder(), client_folder());
    let mut ada = Visit::start(&door, &ada_key, "ada", false, &[]);
    ada.wait_for("[ Your games ]");
    ada.send("\x1b[B\r");
    ada.wait_for("Games in progress");
    ada.send("n");
    ada.wait_for("create");
    ada.send("\r");
    ada.wait_for("join code ");
    let mut bob = Visit::start(&door, &bob_key, "bob", false, &[]);
    bob.wait_for("[ Your games ]");
    bob.send("\x1b[B\r");
    // ada's game is listed with her rating beside her name.
    bob.wait_for("ada 1500 – (open)");
    bob.send("\r");
    bob.wait_for("Player X's turn");
    ada.wait_for("bob");
    let (mut x, mut o, x_name, o_name) = by_colour(ada, bob);
    // X resigns (Ctrl-x asks first, Ctrl-x again resigns).
    x.send("\x18");
    x.wait_for("Press Ctrl-x again");
    x.send("\x18");
    o.wait_for(" wins!");
    x.wait_for(" wins!");
    x.send("\x11");
    x.exits();
    // X comes back: rated now, one game lost to O as Glicko-2 says
    // (1500 against 1500, a loss: 1338).
    let mut back = Visit::start(
        &door,
        if x_name == "ada" { &ada_key } else { &bob_key },
        x_name,
        false,
        &[],
    );
    back.wait_for(&format!(
        "Welcome back, {x_name}: Gekitai 1338 ±290 (1 game)."
    ));
    back.send("\x1b[B\x1b[B\r");
    back.wait_for("1 rated game, the latest first");
    let history = back.screen();
    let line = history
        .lines()
        .find(|line| line.contains(o_name))
        .unwrap_or_else(|| panic!("{o_name} is named:\n{history}"));
    assert!(
        line.contains("Gekitai") && line.contains("lost  1500 → 1338 (-162)"),
        "{history}"
    );
    back.send("\x11");
    // A guest is told that their games need a key.
    let mut guest = Visit::start(&door, &ada_key, "eve", true, &[]);
    guest.wait_for("[ Your games ]");
    guest.send("\x1b[B\x1b[B\r");
    guest.wait_for("Your games need a key");
    guest.send("\x11");
    o.send("\x11");
}

#[test]
fn a_players_look_is_kept_on_the_server_and_a_guests_is_not() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut first = Visit::start(&door, &client, "dee", false, &[]);
    first.wait_for("[ Your games ]");
    // F2: the next colour theme.
    first.send("\x1bOQ");
    first.wait_for("Theme: light");
    first.send("q");
    assert_eq!(first.exits(), 0);
    // Back with the same key: light still, so F2 goes on from it.
    let mut back = Visit::start(&door, &client, "dee", false, &[]);
    back.wait_for("[ Your games ]");
    back.send("\x1bOQ");
    back.wait_for("Theme: colour-blind");
    back.send("q");
    assert_eq!(back.exits(), 0);
    // A guest starts from the built-in look, whatever others chose.
    let mut guest = Visit::start(&door, &client, "eve", true, &[]);
    guest.wait_for("[ Your games ]");
    guest.send("\x1bOQ");
    guest.wait_for("Theme: light");
    guest.send("q");
    assert_eq!(guest.exits(), 0);
}

/// Solves the first built-in puzzle (a Gekitai one) in `visit`, on its
/// screen: the known line while the computer follows it, else a move the
/// proofs say keeps the win; each answer awaited before the next move.
fn solve_the_first_puzzle(visit: &mut Visit) {
    use std::sync::atomic::AtomicBool;
    use tabletop_core::games::AnyRecord;
    use tabletop_core::puzzles::builtin;
    use tabletop_core::puzzles::judge::{Judged, answer, judge};
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    static NEVER: AtomicBool = AtomicBool::new(false);
    let puzzle = builtin::all().0.remove(0);
    let AnyRecord::Gekitai(record) = &puzzle.record else {
        panic!("the first built-in puzzle is a Gekitai one");
    };
    let mut at = record.end();
    let me = at.to_move();
    let line = puzzle.line_of::<Gekitai>();
    let mut plies = puzzle.plies;
    while !at.is_over() && plies > 0 {
        let used = (puzzle.plies - plies) as usize;
        let mv = match line.get(used) {
            Some(&mv) if judge(&at, mv, me, plies, &NEVER) == Judged::Keeps => mv,
            _ => {
                let mut moves = Vec::new();
                at.legal_moves(&mut moves);
                moves
                    .into_iter()
                    .find(|&mv| judge(&at, mv, me, plies, &NEVER) == Judged::Keeps)
                    .expect("a winning move")
            }
        };
        visit.send(&format!("{}\r", mv.to_string().to_lowercase()));
        at.play_unchecked(mv);
        plies -= 1;
        if at.is_over() {
            break;
        }
        let reply = answer(&at, me, plies, &NEVER).expect("an answer");
        at.play_unchecked(reply);
        plies -= 1;
        if !at.is_over() {
            visit.wait_for(&format!("{} answered {reply}", Gekitai::symbol(me.other())));
        }
    }
    visit.wait_for("Solved!");
}

#[test]
fn a_players_solved_puzzle_is_kept_on_the_server_and_a_guests_is_not() {
    let door = Door::start(&[]);
    let client = client_folder();
    let all = tabletop_core::puzzles::builtin::all().0.len();
    let none = format!("0 of {all} solved");
    let one = format!("1 of {all} solved");
    let mut first = Visit::start(&door, &client, "fay", false, &[]);
    first.wait_for("[ Your games ]");
    // Start, the lobby, the rated games, the puzzles.
    first.send("\x1b[B\x1b[B\x1b[B\r");
    first.wait_for(&none);
    first.send("\r");
    solve_the_first_puzzle(&mut first);
    first.send("\x1b");
    first.wait_for(&one);
    first.send("\x1b");
    first.wait_for("[ Puzzles ]");
    first.send("q");
    assert_eq!(first.exits(), 0);
    // Back with the same key: the puzzle is solved still.
    let mut back = Visit::start(&door, &client, "fay", false, &[]);
    back.wait_for("[ Your games ]");
    back.send("\x1b[B\x1b[B\x1b[B\r");
    back.wait_for(&one);
    back.send("\x1b");
    back.wait_for("[ Puzzles ]");
    back.send("q");
    assert_eq!(back.exits(), 0);
    // A guest solves one too, and keeps nothing.
    let mut guest = Visit::start(&door, &client, "gil", true, &[]);
    guest.wait_for("[ Your games ]");
    guest.send("\x1b[B\x1b[B\x1b[B\r");
    guest.wait_for(&none);
    guest.send("\r");
    solve_the_first_puzzle(&mut guest);
    guest.send("\x1b");
    guest.wait_for(&one);
    guest.send("\x1b");
    guest.wait_for("[ Puzzles ]");
    guest.send("q");
    assert_eq!(guest.exits(), 0);
    let mut again = Visit::start(&door, &client, "gil", true, &[]);
    again.wait_for("[ Your games ]");
    again.send("\x1b[B\x1b[B\x1b[B\r");
    again.wait_for(&none);
    again.send("\x1b");
    again.wait_for("[ Puzzles ]");
    again.send("q");
    assert_eq!(again.exits(), 0);
}

/// How many finished games the door's database keeps, for anyone.
fn kept_games_in(door: &Door) -> i64 {
    counted_in(&door.data, "SELECT COUNT(*) FROM kept_games")
}

#[test]
fn a_players_finished_game_is_kept_on_the_server_and_a_guests_is_not() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut first = playing_the_computer(&door, &client, "hal", false);
    let end = play_to_the_end(&mut first);
    let result = ["Player X wins!", "Player O wins!", "Draw game!"]
        .into_iter()
        .find(|result| end.contains(result))
        .unwrap_or_else(|| panic!("a result is shown:\n{end}"));
    first.send("q");
    assert_eq!(first.exits(), 0);
    // Back with the same key: the game is in the list.
    let mut back = Visit::start(&door, &client, "hal", false, &[]);
    back.wait_for("[ Your games ]");
    back.send("\x1b[B\x1b[B\r");
    back.wait_for("1 kept game, the latest first");
    let games = back.screen();
    let line = games
        .lines()
        .find(|line| line.contains("computer 1"))
        .unwrap_or_else(|| panic!("the game against the computer is listed:\n{games}"));
    assert!(line.contains("Gekitai") && line.contains(result), "{games}");
    back.send("\x1b");
    back.wait_for("[ Your games ]");
    back.send("q");
    assert_eq!(back.exits(), 0);
    assert_eq!(kept_games_in(&door), 1);
    // A guest plays one to the end too: nothing more is kept, and the
    // guest is told that their games need a key.
    let mut guest = playing_the_computer(&door, &client, "ivy", true);
    play_to_the_end(&mut guest);
    guest.send("q");
    assert_eq!(guest.exits(), 0);
    assert_eq!(kept_games_in(&door), 1);
    let mut again = Visit::start(&door, &client, "ivy", true, &[]);
    again.wait_for("[ Your games ]");
    again.send("\x1b[B\x1b[B\r");
    again.wait_for("Your games need a key");
    again.send("q");
    assert_eq!(again.exits(), 0);
}

/// In the lobby, a new game against a player near one's rating, within
/// ±100 (the form's first range): `n`, up to the opponent's line, one
/// step right, down to create, Enter.
fn seek_near(visit: &mut Visit) {
    visit.send("n");
    visit.wait_for("create");
    visit.send("\x1b[A\x1b[A");
    visit.wait_for("Against");
    visit.send("\x1b[C");
    visit.wait_for("a player near your rating (±100)");
    visit.send("\x1b[B\x1b[B\r");
}

#[test]
fn two_players_with_keys_seek_and_are_paired_into_one_game() {
    let door = Door::start(&[]);
    let (ada_key, bob_key) = (client_folder(), client_folder());
    let mut ada = Visit::start(&door, &ada_key, "ada", false, &[]);
    ada.wait_for("[ Your games ]");
    ada.send("\x1b[B\r");
    ada.wait_for("Games in progress");
    seek_near(&mut ada);
    ada.wait_for("join code ");
    door.wait_for_log(|log| log.contains("game made"));
    let mut bob = Visit::start(&door, &bob_key, "bob", false, &[]);
    bob.wait_for("[ Your games ]");
    bob.send("\x1b[B\r");
    // ada's seek is listed with the ratings it waits for (both are new:
    // 1500, so within each other's range).
    bob.wait_for("ada 1500 – (seeks 1400–1600)");
    seek_near(&mut bob);
    // bob's seek joins ada's: one game, the two of them in it.
    door.wait_for_log(|log| log.contains("a seek joined"));
    bob.wait_for("Player X's turn");
    ada.wait_for("bob");
    bob.wait_for("ada");
    let (mut x, mut o, _, _) = by_colour(ada, bob);
    x.send("c3\r");
    o.wait_for("1. X C3");
    x.send("\x11");
    o.send("\x11");
}

#[test]
fn a_session_flooding_its_input_is_ended_saying_why_and_others_play_on() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let door = Door::start(&[]);
    let client = client_folder();
    let mut bystander = Visit::start(&door, &client, "kim", true, &[]);
    bystander.wait_for("[ Lobby: play and watch people ]");
    // A megabyte of keys at once, far more than the game reads before
    // 64 KiB wait: `ssh -tt` with it on its input.
    let mut args = door.ssh_args(&client, "flo", true);
    let destination = args.pop().expect("a destination");
    args.push("-tt".to_string());
    args.push(destination);
    let mut flood = Command::new("ssh")
        .env("HOME", &*client)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ssh runs");
    let mut keys = flood.stdin.take().expect("piped");
    let writing = std::thread::spawn(move || {
        // Written until the session is ended (then the pipe breaks).
        let _ = keys.write_all(&vec![b'x'; 1 << 20]);
    });
    let output = flood.wait_with_output().expect("ssh ends");
    let _ = writing.join();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("the session sent more than 64 KiB"), "{said}");
    // Ended by the server: ssh says it failed (a normal quit is 0).
    assert_eq!(output.status.code(), Some(1), "{said}");
    door.wait_for_log(|log| log.contains("over its input budget"));
    // The other visitor did not notice: a game starts and goes on.
    bystander.send("\r");
    bystander.wait_for("Player X's turn");
    bystander.send("c3\r");
    bystander.wait_for("1. X C3");
    bystander.send("q");
    assert_eq!(bystander.exits(), 0);
}

#[test]
fn a_players_unfinished_game_is_kept_when_they_quit_or_their_connection_drops() {
    let door = Door::start(&[]);
    let client = client_folder();
    // Quitting mid-game keeps it, as the autosave does at home.
    let mut first = playing_the_computer(&door, &client, "uma", false);
    first.send("c3\r");
    first.wait_for("2. O");
    first.send("q");
    assert_eq!(first.exits(), 0);
    assert_eq!(kept_games_in(&door), 1);
    // The connection dropping mid-game keeps it too.
    let mut second = playing_the_computer(&door, &client, "uma", false);
    second.send("c3\r");
    second.wait_for("2. O");
    let _ = second.child.kill();
    door.wait_for_log(|log| log.matches("ssh session ended").count() >= 1);
    assert_eq!(kept_games_in(&door), 2);
    // Both are listed as unfinished, against the computer.
    let mut back = Visit::start(&door, &client, "uma", false, &[]);
    back.wait_for("[ Your games ]");
    back.send("\x1b[B\x1b[B\r");
    back.wait_for("2 kept games, the latest first");
    let games = back.screen();
    let unfinished = games
        .lines()
        .filter(|line| line.contains("computer 1") && line.contains("unfinished"))
        .count();
    assert_eq!(unfinished, 2, "{games}");
    back.send("\x1b");
    back.wait_for("[ Your games ]");
    back.send("q");
    assert_eq!(back.exits(), 0);
}
