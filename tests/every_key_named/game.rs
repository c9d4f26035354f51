//! The game screen at home, between people and against the computer.

use std::path::Path;

use tabletop::app::Start;
use tabletop::app::action::Action;
use tabletop::games::{GameKind, Setup};
use tabletop_core::seat::Seat;

use crate::scenes::*;

/// The screens of a game of `kind` at home: new, under way, after an
/// undo, over, a line typed, looking back.
fn game_scenes(kind: GameKind) -> Vec<Scene> {
    let setup = Setup::default_of(kind);
    let new = setup.clone();
    let typed = setup.clone();
    vec![
        Scene::new(format!("{kind:?} new"), move || {
            app(Start::Game(new.clone()), PEOPLE)
        }),
        Scene::new(format!("{kind:?} under way"), move || {
            app(Start::Continue(record_of(kind, 3)), PEOPLE)
        }),
        Scene::new(format!("{kind:?} after an undo"), move || {
            let mut game = app(Start::Continue(record_of(kind, 3)), PEOPLE);
            game.update(Action::Undo);
            game
        }),
        Scene::new(format!("{kind:?} over"), move || {
            app(Start::Continue(finished(kind)), PEOPLE)
        }),
        Scene::new(format!("{kind:?} typing a cell"), move || {
            let mut game = app(Start::Game(typed.clone()), PEOPLE);
            for c in first_move(kind).chars() {
                game.update(Action::Type(c));
            }
            game
        }),
        Scene::new(format!("{kind:?} looking back"), move || {
            let mut game = app(Start::Continue(record_of(kind, 3)), PEOPLE);
            game.update(Action::Browse);
            game
        }),
    ]
}

#[test]
fn every_key_named_on_the_game_screen_does_what_it_says() {
    check_scenes(
        GameKind::ALL
            .iter()
            .flat_map(|&kind| game_scenes(kind))
            .collect(),
        &[
            "move",
            "place",
            "type",
            "place a piece on the clicked cell",
            "hint",
            "undo",
            "redo",
            "review",
            "evaluation bar on or off (between people)",
            "look back",
            "step",
            "ends",
            "back to the game",
            "undo, redo (back to the game)",
            "resign",
            "save",
            "new",
            "erase",
            "cancel",
            "play the cell typed, or save or send the line",
            "the next colour theme, yours too (remembered)",
            "pieces as letters, stones or ASCII only (remembered)",
            "help",
            "quit",
        ],
    );
}

#[test]
fn every_key_named_against_the_computer_does_what_it_says() {
    let mut scenes = Vec::new();
    for &kind in GameKind::ALL {
        let setup = Setup::default_of(kind);
        let level = tabletop_ai::Level::MIN;
        scenes.push(Scene::new(
            format!("{kind:?}, the computer alone"),
            move || {
                app(
                    Start::Game(setup.clone()),
                    [Seat::Computer(level), Seat::Computer(level)],
                )
            },
        ));
    }
    for &kind in GameKind::ALL {
        let setup = Setup::default_of(kind);
        scenes.push(Scene::new(
            format!("{kind:?}, an engine to move"),
            move || {
                let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_gtp.sh");
                let engine = format!(
                    "gtp:FAKE_GTP=slow FAKE_GTP_TABLETOP='{}' bash '{}' {}",
                    env!("CARGO_BIN_EXE_tabletop"),
                    script.display(),
                    kind.name()
                );
                let seat: Seat = engine.parse().expect("an engine's seat");
                app(Start::Game(setup.clone()), [seat, Seat::Human])
            },
        ));
    }
    scenes.push(Scene::new("Hex with the swap open", || {
        let swap = Setup::new(GameKind::Hex, vec![11, 1]).expect("Hex with the swap");
        let mut game = app(Start::Game(swap), PEOPLE);
        game.update(Action::Confirm);
        game
    }));
    scenes.push(Scene::new("Gekitai resigned", || {
        app(Start::Continue(sample("gekitai-resigned.toml")), PEOPLE)
    }));
    check_scenes(
        scenes,
        &[
            "pause",
            "take the engine's seat: you play its side",
            "give the engine's seat to tabletop's computer",
            "end the game: the engine forfeits",
            "swap",
        ],
    );
}
