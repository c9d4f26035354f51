//! A puzzle being solved.

use tabletop::app::Start;
use tabletop::app::action::Action;
use tabletop::games::GameKind;
use tabletop_core::puzzles::builtin;

use crate::scenes::*;

#[test]
fn every_key_named_on_a_puzzle_does_what_it_says() {
    let mut scenes = Vec::new();
    for &kind in GameKind::ALL {
        for typing in [false, true] {
            let name = match typing {
                true => format!("a {kind:?} puzzle, a cell typed"),
                false => format!("a {kind:?} puzzle"),
            };
            scenes.push(Scene::new(name, move || {
                let (puzzles, _) = builtin::all();
                let puzzles = puzzles.into_iter().filter(|p| p.kind() == kind).collect();
                let mut screen = app(Start::Puzzles(puzzles, Vec::new(), None), PEOPLE);
                screen.update(Action::Confirm);
                if typing {
                    screen.update(Action::Type('C'));
                }
                screen
            }));
        }
    }
    check_scenes(
        scenes,
        &[
            "move", "place", "type", "retry", "next", "puzzles", "cancel",
        ],
    );
}
