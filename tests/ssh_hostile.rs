//! The SSH door (`tabletop serve --ssh`) against odd and hostile clients,
//! with the real OpenSSH client: whatever one connection claims or sends,
//! the door stays up and the other visitors play on.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::ssh::{Door, PATIENCE, Visit, client_folder};

/// Waits until `visit`'s screen shows `text` on a row past `row`; fails
/// if ssh exits first (the door closed the connection, or died).
fn wait_for_below(visit: &mut Visit, text: &str, row: usize) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        assert!(
            !visit.has_exited(),
            "the door closed the connection; the screen shows:\n{}",
            visit.screen()
        );
        let screen = visit.screen();
        if screen.lines().skip(row).any(|line| line.contains(text)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{text:?} never showed below row {row}:\n{screen}"
        );
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_client_claiming_the_largest_window_is_drawn_in_part_of_it_and_the_door_stays_up() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut ada = Visit::start(&door, &client, "ada", true, &[]);
    ada.wait_for("[ Start ]");
    // 65535 by 65535, as a terminal's size can say: the app draws in
    // the top left 512 by 256 of it (kept here), its start screen in the
    // middle of that, well below the 24 rows it had.
    ada.claim_window(u16::MAX, u16::MAX, (512, 256));
    wait_for_below(&mut ada, "[ Start ]", 24);
    ada.resize(80, 24);
    ada.wait_for("[ Start ]");
    // Another visitor is let in and served.
    let mut bob = Visit::start(&door, &client, "bob", true, &[]);
    bob.wait_for("[ Start ]");
    bob.send("q");
    assert_eq!(bob.exits(), 0);
    ada.send("q");
    assert_eq!(ada.exits(), 0);
}

#[test]
fn a_click_at_column_zero_is_ignored_and_the_visit_goes_on() {
    let door = Door::start(&[]);
    let client = client_folder();
    let mut ada = Visit::start(&door, &client, "ada", true, &[]);
    ada.wait_for("[ Start ]");
    // Terminals count columns and rows from 1: these clicks are at none.
    ada.send("\x1b[<0;0;0M\x1b[<0;5;0m\x1b[32;0;1M");
    // Enter starts a game: the session read on.
    ada.send("\r");
    wait_for_below(&mut ada, "Player X's turn", 0);
    ada.send("q");
    assert_eq!(ada.exits(), 0);
    let log = door.log();
    assert!(!log.contains("panicked"), "{log}");
}

#[test]
fn the_door_takes_no_more_connections_than_it_was_given() {
    let door = Door::start(&["--ssh-most", "1"]);
    let client = client_folder();
    let mut ada = Visit::start(&door, &client, "ada", true, &[]);
    ada.wait_for("[ Start ]");
    // A second connection, from another visitor, is turned away at once
    // and said in the log; ada plays on.
    let (status, said) = door.ssh_plain(&client, &["-T"], &[]);
    assert_eq!(status, 255, "{said}");
    door.wait_for_log(|log| log.contains("the door has as many connections as it takes"));
    ada.send("q");
    assert_eq!(ada.exits(), 0);
    // Once the door has seen ada go, there is room again: the next
    // connection is let in (and, asking for no terminal, told why no
    // game starts).
    let deadline = Instant::now() + PATIENCE;
    let (status, said) = loop {
        let (status, said) = door.ssh_plain(&client, &["-T"], &[]);
        if status != 255 || Instant::now() > deadline {
            break (status, said);
        }
        thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("the game needs a terminal"), "{said}");
}
