//! The analysis board.

use tabletop::app::Start;
use tabletop::app::action::Action;
use tabletop::games::GameKind;

use crate::scenes::*;

/// The analysis board of a game of `kind` a few moves in, opened from
/// the replay viewer two moves before the end; with a cell being typed
/// when `typing`.
fn analysis_scene(kind: GameKind, typing: bool) -> Scene {
    let name = match typing {
        true => format!("{kind:?} analysed, a cell typed"),
        false => format!("{kind:?} analysed"),
    };
    Scene::new(name, move || {
        let mut board = app(Start::Replay(record_of(kind, 6), None), PEOPLE);
        board.update(Action::Last);
        board.update(Action::LEFT);
        board.update(Action::LEFT);
        board.update(Action::Analyse);
        if typing {
            board.update(Action::Type('C'));
        }
        board
    })
}

#[test]
fn every_key_named_on_the_analysis_board_does_what_it_says() {
    let scenes = GameKind::ALL
        .iter()
        .flat_map(|&kind| [analysis_scene(kind, false), analysis_scene(kind, true)])
        .collect();
    check_scenes(
        scenes,
        &[
            "place",
            "step",
            "variation",
            "main",
            "level",
            "save line",
            "play on",
            "evaluation bar and best line on or off",
            "back to where the board was opened",
            "play the cell typed",
            "cancel",
        ],
    );
}
