//! The replay viewer, of a game and of a reviewed one.

use tabletop::app::Start;
use tabletop::games::GameKind;

use crate::scenes::*;

#[test]
fn every_key_named_in_the_replay_viewer_does_what_it_says() {
    let mut scenes: Vec<Scene> = GameKind::ALL
        .iter()
        .map(|&kind| {
            Scene::new(format!("{kind:?} replayed"), move || {
                app(Start::Replay(finished(kind), None), PEOPLE)
            })
        })
        .collect();
    scenes.push(Scene::new("Gekitai reviewed", || {
        app(Start::Replay(reviewed(), None), PEOPLE)
    }));
    check_scenes(
        scenes,
        &[
            "step",
            "ends",
            "play",
            "review",
            "next mistake",
            "faster, slower",
            "jump to after move 12",
            "play on",
            "evaluation bar on or off",
            "back to where the game was opened from",
        ],
    );
}
