//! The SSH door's app: its Your games, a game with a key, as a guest,
//! and a game watched; what `s` does there.

use std::sync::{Arc, Mutex};

use tabletop::app::App;
use tabletop::app::action::Action;
use tabletop::games::{self, AnyRecord, GameKind, Interactive, WithRecord};
use tabletop::net::store::kept_games::KeptGame;
use tabletop_engine::record::Record;

use crate::SIZE;
use crate::common::piped::Piped;
use crate::common::scratch::Scratch;
use crate::common::screen::{door, door_to};
use crate::common::served::Served;
use crate::drive::*;
use crate::scenes::*;
use crate::screen::*;

/// `records` as the server keeps a player's finished games.
fn kept(records: Vec<AnyRecord>) -> Arc<Mutex<Vec<KeptGame>>> {
    let kept = records.into_iter().map(|record| KeptGame {
        played: "2026-11-27 05:20 UTC".to_string(),
        game: record.kind().name().to_string(),
        opponent: "computer 1".to_string(),
        result: "Player X wins!".to_string(),
        record: {
            struct Text;
            impl WithRecord for Text {
                type Output = String;
                fn run<G: Interactive>(self, record: Record<G>) -> String {
                    record.to_toml()
                }
            }
            games::with_record(record, Text)
        },
    });
    Arc::new(Mutex::new(kept.collect()))
}

/// The SSH door's app (a player with a key when `games` holds their
/// finished games, a guest when none), on the start screen's line
/// `down` lines below Start, opened.
fn at_the_door(games: Option<Arc<Mutex<Vec<KeptGame>>>>, down: usize) -> App {
    let mut app = door(games, SIZE);
    for _ in 0..down {
        app.update(Action::DOWN);
    }
    app.update(Action::Confirm);
    app
}

#[test]
fn every_key_named_at_the_ssh_door_does_what_it_says() {
    let games = || {
        let records = vec![record_of(GameKind::Gekitai, 7), record_of(GameKind::Hex, 9)];
        Some(kept(records))
    };
    let scenes = vec![
        Scene::new("the door's Your games", move || at_the_door(games(), 2)),
        Scene::new("a game at the door, with a key", || {
            at_the_door(Some(kept(Vec::new())), 0)
        }),
        Scene::new("a game at the door, as a guest", || at_the_door(None, 0)),
    ];
    check_scenes(
        scenes,
        &[
            "choose a game",
            "replay the game chosen (a kept one)",
            "back to the start screen",
            "keep the game in your games on this server",
        ],
    );
}

/// At the door a guest is not offered `s`, which says why if pressed;
/// a player with a key keeps the game, finished or not, in their games,
/// and finds it in Your games, where Enter replays it.
#[test]
fn at_the_ssh_door_s_keeps_a_players_game_on_the_server_and_tells_a_guest_why_not() {
    let mut guest = at_the_door(None, 0);
    assert!(text(&buffer(&guest)).contains("'s turn"));
    assert!(
        !footer(&buffer(&guest))
            .iter()
            .any(|(_, says)| says == "save")
    );
    guest.update(Action::Help);
    let help = text(&buffer(&guest));
    assert!(
        help.contains(" Keys ") && !help.contains("save") && !help.contains("keep the game"),
        "{help}"
    );
    guest.update(Action::Help);
    guest.update(Action::Save);
    let screen = text(&buffer(&guest));
    assert!(
        screen.contains("need a key") && screen.contains("ssh -i KEY"),
        "{screen}"
    );

    let games = kept(Vec::new());
    let mut player = at_the_door(Some(Arc::clone(&games)), 0);
    player.update(Action::Confirm);
    player.update(Action::Help);
    let help = text(&buffer(&player));
    assert!(
        help.contains("keep the game in your games on this server"),
        "{help}"
    );
    assert!(!help.contains("save the game to a file"), "{help}");
    player.update(Action::Help);
    player.update(Action::Save);
    let screen = text(&buffer(&player));
    assert!(
        screen.contains("Kept in Your games on this server"),
        "{screen}"
    );
    let kept_now = games.lock().expect("kept").clone();
    assert_eq!(kept_now.len(), 1, "{kept_now:?}");
    assert!(
        kept_now[0].record.contains("moves = [\""),
        "{}",
        kept_now[0].record
    );
    // Home, to Your games: the game is there, and Enter replays it.
    player.update(Action::NewGame);
    player.update(Action::NewGame);
    for _ in 0..2 {
        player.update(Action::DOWN);
    }
    player.update(Action::Confirm);
    let list = text(&buffer(&player));
    assert!(list.contains("1 kept game"), "{list}");
    player.update(Action::Confirm);
    let replay = text(&buffer(&player));
    assert!(replay.contains("tabletop replay"), "{replay}");
    player.update(Action::Cancel);
    assert!(text(&buffer(&player)).contains("1 kept game"));
}

/// At the door, a game a player only watches is not theirs: `s` is not
/// offered (footer, help), keeps nothing if pressed, and says why.
#[test]
fn at_the_ssh_door_a_game_only_watched_is_not_offered_to_be_kept() {
    let data = Scratch::new("door-watch");
    let served = Served::start(&data.join("server"), &[]);
    let mut ada = Piped::start(
        &["online", &served.address, "--plain", "--name", "ada"],
        &data,
    );
    ada.wait_for("Open games:");
    ada.type_lines("create gekitai\n");
    ada.wait_for("Join code:");
    let games = kept(Vec::new());
    let mut watcher = door_to(&served.address, Some(Arc::clone(&games)), SIZE);
    // The start screen's second line: this server's lobby.
    watcher.update(Action::DOWN);
    watcher.update(Action::Confirm);
    tick_until(&mut watcher, "listed", |screen| {
        screen.contains("Games in progress") && screen.contains(" moves")
    });
    watcher.update(Action::Watch);
    tick_until(&mut watcher, "watching", |screen| {
        screen.contains("X ada") && screen.contains("'s turn")
    });
    let offered = footer(&buffer(&watcher));
    assert!(
        !offered
            .iter()
            .any(|(_, says)| says == "keep" || says == "save"),
        "{offered:?}"
    );
    watcher.update(Action::Help);
    let help = text(&buffer(&watcher));
    assert!(
        help.contains(" Keys ") && !help.contains("keep the game") && !help.contains("save"),
        "{help}"
    );
    watcher.update(Action::Help);
    watcher.update(Action::Save);
    let screen = text(&buffer(&watcher));
    assert!(
        screen.contains("a game you only watch is not kept"),
        "{screen}"
    );
    let kept_now = games.lock().expect("kept").clone();
    assert!(kept_now.is_empty(), "{kept_now:?}");
    drop(ada);
}
