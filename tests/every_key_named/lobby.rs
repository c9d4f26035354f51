//! A server's lobby and a network game.

use std::path::Path;

use tabletop::app::action::Action;
use tabletop::app::{App, Start};

use crate::common::piped::Piped;
use crate::common::scratch::Scratch;
use crate::common::served::Served;
use crate::drive::*;
use crate::scenes::*;
use crate::screen::*;

/// The lobby of the server at `address`, where the player is dan, once
/// it lists the games.
fn lobby(address: &str) -> App {
    let start = Start::Lobby {
        address: address.to_string(),
        name: "dan".to_string(),
    };
    let mut lobby = app(start, PEOPLE);
    tick_until(&mut lobby, "listed", |screen| {
        screen.contains("Games in progress") && screen.contains(" moves")
    });
    lobby
}

/// A game created in the lobby at `address`: against the server's
/// computer when `computer`, else a person's seat left open; once it
/// shows.
fn created(address: &str, computer: bool) -> App {
    let mut game = lobby(address);
    game.update(Action::NewGame);
    if computer {
        // The opponent's line is two above the form's last.
        game.update(Action::UP);
        game.update(Action::UP);
        game.update(Action::RIGHT);
    }
    game.update(Action::Confirm);
    tick_until(&mut game, "in the game", |screen| {
        screen.contains("'s turn")
    });
    game
}

/// A game created in the lobby at `address`, joined by carol, who offers
/// a draw; once the offer shows.
fn offered(address: &str, data: &Path) -> (App, Vec<Piped>) {
    let mut game = created(address, false);
    tick_until(&mut game, "a join code", |screen| {
        screen.contains("join code ")
    });
    let screen = text(&buffer(&game));
    let code = screen
        .split("join code ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the join code")
        .to_string();
    let mut carol = Piped::start(&["online", address, "--plain", "--name", "carol"], data);
    carol.wait_for("Open games:");
    carol.type_lines(&format!("join {code}\n"));
    carol.wait_for("You play O");
    carol.type_lines("draw\n");
    tick_until(&mut game, "offered a draw", |screen| {
        screen.contains("carol offers a draw")
    });
    (game, vec![carol])
}

#[test]
fn every_key_named_in_the_lobby_and_a_network_game_does_what_it_says() {
    let data = Scratch::new("keys");
    // Every copy of every scene is a game of its own, all from this one
    // address: more than the server lets one address have by default.
    let many = ["--games-per-address", "1000", "--open-per-address", "1000"];
    let served = Served::start(&data.join("server"), &many);
    // Two open games to choose between.
    let mut players = Vec::new();
    for name in ["ada", "bob"] {
        let mut player = Piped::start(
            &["online", &served.address, "--plain", "--name", name],
            &data,
        );
        player.wait_for("Open games:");
        player.type_lines("create gekitai\n");
        player.wait_for("Join code:");
        players.push(player);
    }
    let address = served.address.clone();
    let mut scenes = Vec::new();
    let at = address.clone();
    scenes.push(Scene::new("the lobby", move || lobby(&at)));
    let at = address.clone();
    scenes.push(Scene::new("the lobby's new game", move || {
        let mut form = lobby(&at);
        form.update(Action::NewGame);
        form
    }));
    // The code typed there is a wrong one, again and again: a server of
    // its own slows that address down, not the one carol joins on.
    let coded = Served::start(&data.join("coded"), &many);
    let mut eve = Piped::start(
        &["online", &coded.address, "--plain", "--name", "eve"],
        &data,
    );
    eve.wait_for("Open games:");
    eve.type_lines("create gekitai\n");
    eve.wait_for("Join code:");
    players.push(eve);
    let at = coded.address.clone();
    scenes.push(Scene::new("the lobby's code", move || {
        let mut code = lobby(&at);
        code.update(Action::OpenAddress);
        code
    }));
    let at = address.clone();
    scenes.push(Scene::new(
        "a network game against the server's computer",
        move || created(&at, true),
    ));
    let (at, folder) = (address.clone(), data.to_path_buf());
    scenes.push(Scene::with_others(
        "a network game, a draw offered",
        move || offered(&at, &folder),
    ));
    check_scenes(
        scenes,
        &[
            "choose",
            "join/watch",
            "new game",
            "code",
            "watch",
            "choose a game; a second click enters it",
            "create",
            "change",
            "enter the game",
            "back",
            "leave",
            "chat",
            "draw",
            "accept",
            "decline",
            "resign",
        ],
    );
    drop(players);
}
