//! The start screen, the saved games and the puzzles' list.

use std::path::Path;

use tabletop::app::Start;
use tabletop::app::action::Action;
use tabletop::games::{self, GameKind, Interactive, WithRecord};
use tabletop_core::files;
use tabletop_core::puzzles::builtin;
use tabletop_engine::record::Record;

use crate::common::scratch::Scratch;
use crate::scenes::*;

#[test]
fn every_key_named_on_the_start_screen_the_library_and_the_puzzles_does_what_it_says() {
    let folder = Scratch::new("keys");
    let mut scenes = vec![
        Scene::new("the start screen", || app(Start::Menu, PEOPLE)),
        // ← → are named on a line with a value, not on Start.
        Scene::new("the start screen on the clock's line", || {
            let mut screen = app(Start::Menu, PEOPLE);
            screen.update(Action::UP);
            screen
        }),
    ];
    let library = folder.to_path_buf();
    for name in ["gekitai-spec-example.toml", "hex-5x5.toml"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/records")
            .join(name);
        std::fs::copy(from, library.join(name)).expect("a copy");
    }
    let unfinished = record_of(GameKind::Reversi, 4);
    files::save(&library.join("reversi-unfinished.toml"), &{
        struct Text;
        impl WithRecord for Text {
            type Output = String;
            fn run<G: Interactive>(self, record: Record<G>) -> String {
                record.to_toml()
            }
        }
        games::with_record(unfinished, Text)
    })
    .expect("saved");
    let shown = library.clone();
    scenes.push(Scene::new("the saved games", move || {
        app(Start::Library(shown.clone()), PEOPLE)
    }));
    let asked = library.clone();
    scenes.push(Scene::new("the saved games asking", move || {
        let mut screen = app(Start::Library(asked.clone()), PEOPLE);
        screen.update(Action::Delete);
        screen
    }));
    scenes.push(Scene::new("the puzzles", || {
        let (puzzles, _) = builtin::all();
        app(Start::Puzzles(puzzles, Vec::new(), None), PEOPLE)
    }));
    check_scenes(
        scenes,
        &[
            "choose",
            "change",
            "start",
            "replay",
            "continue",
            "delete",
            "sort",
            "filter",
            "review the game (in the replay viewer)",
            "back",
            "yes",
            "no",
            "solve",
        ],
    );
}
