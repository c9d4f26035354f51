//! Scenes (a screen opened afresh), every key each names checked, and
//! the games and records they are made of.

use std::path::Path;

use tabletop::app::action::Action;
use tabletop::app::{App, Options, Start};
use tabletop::games::{self, AnyRecord, GameKind, Interactive, Setup, WithSetup};
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::Rng;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing};

use crate::SIZE;
use crate::checks::*;
use crate::common::piped::Piped;
use crate::common::screen::{open, options};
use crate::drive::*;
use crate::screen::*;

/// A screen to check: how to open it afresh (with the other players it
/// needs, kept while it is looked at), and what it is called.
pub(crate) struct Scene {
    pub(crate) name: String,
    pub(crate) make: Box<dyn Fn() -> (App, Vec<Piped>)>,
}

impl Scene {
    pub(crate) fn new(name: impl Into<String>, make: impl Fn() -> App + 'static) -> Scene {
        Scene::with_others(name, move || (make(), Vec::new()))
    }

    pub(crate) fn with_others(
        name: impl Into<String>,
        make: impl Fn() -> (App, Vec<Piped>) + 'static,
    ) -> Scene {
        Scene {
            name: name.into(),
            make: Box::new(make),
        }
    }
}

/// Checks every key `scene`'s footer and help name; the failures, and
/// what was checked.
pub(crate) fn check_scene(scene: &Scene) -> (Vec<String>, Vec<String>) {
    let mut failures = Vec::new();
    let mut checked = Vec::new();
    let (app, others) = (scene.make)();
    drop(others);
    let buf = buffer(&app);
    let mut named: Vec<(String, String)> = footer(&buf)
        .into_iter()
        .flat_map(|(keys, says)| {
            footer_names(&keys)
                .into_iter()
                .map(move |key| (key, says.clone()))
        })
        .collect();
    if named.is_empty() {
        failures.push(format!("{}: no footer:\n{}", scene.name, text(&buf)));
    }
    // In a narrow terminal the footer leaves items out, never cuts one.
    let whole: Vec<String> = named.iter().map(|(_, says)| says.clone()).collect();
    let narrow = buffer_at(&app, (40, 24));
    if !text(&narrow).contains("Terminal too small") {
        let items = footer(&narrow);
        let cut = items.iter().find(|(_, says)| !whole.contains(says));
        // The help is always named, however short the line.
        let helpless = whole.iter().any(|says| says == "help")
            && !items.iter().any(|(_, says)| says == "help");
        if items.is_empty() || cut.is_some() || helpless {
            failures.push(format!(
                "{}: the footer at 40 columns cuts {cut:?}:\n{}",
                scene.name,
                text(&narrow)
            ));
        }
    }
    let help_key = ["F1", "?"]
        .into_iter()
        .find(|key| named.iter().any(|(named, _)| named == key))
        .unwrap_or("F1");
    let (app, others) = (scene.make)();
    let mut drive = Drive {
        app,
        key: help_key.to_string(),
        _others: others,
    };
    drive.press_key();
    let help_buf = buffer(&drive.app);
    drive.app.update(Action::Quit);
    let offered = named.iter().any(|(_, says)| says == "help");
    if text(&help_buf).contains(" Keys ") {
        for (keys, does) in help(&help_buf) {
            named.extend(names(&keys).into_iter().map(|key| (key, does.clone())));
        }
    } else if offered {
        failures.push(format!("{}: {help_key} opens no help", scene.name));
    }
    for (key, says) in named {
        let Some(check) = check(&says) else {
            failures.push(format!("{}: no check for {key} {says:?}", scene.name));
            continue;
        };
        let (app, others) = (scene.make)();
        let mut drive = Drive {
            app,
            key: key.clone(),
            _others: others,
        };
        if let Err(why) = check(&mut drive) {
            failures.push(format!("{}: {key} ({says}): {why}", scene.name));
        }
        drive.app.update(Action::Quit);
        checked.push(says);
    }
    (failures, checked)
}

/// Checks every scene, and that among what their footers and helps name
/// are the things `named`.
pub(crate) fn check_scenes(scenes: Vec<Scene>, named: &[&str]) {
    let mut failures = Vec::new();
    let mut checked = Vec::new();
    for scene in &scenes {
        let (failed, seen) = check_scene(scene);
        failures.extend(failed);
        checked.extend(seen);
    }
    for says in named {
        if !checked.iter().any(|seen| seen == says) {
            failures.push(format!("nothing says {says:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The app opened on `start`, with `seats`.
pub(crate) fn app(start: Start, seats: [Seat; 2]) -> App {
    open(
        Options {
            seats,
            ..options(start)
        },
        SIZE,
    )
}

pub(crate) const PEOPLE: [Seat; 2] = [Seat::Human, Seat::Human];

/// A game of `kind` with `plies` moves played at random (seeded), as a
/// record; played to its end when `plies` is `usize::MAX`.
pub(crate) fn record_of(kind: GameKind, plies: usize) -> AnyRecord {
    struct Random(usize);
    impl WithSetup for Random {
        type Output = AnyRecord;
        fn run<G: Interactive>(self, settings: G::Settings) -> AnyRecord {
            let mut rng = Rng::new(7);
            let mut line = Line::new(G::new(settings));
            let mut moves = Vec::new();
            while line.played().len() < self.0 && !line.game().is_over() {
                moves.clear();
                line.game().legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len())];
                line.play(mv).expect("a legal move");
            }
            let record = Record::of_line(&line);
            games::read_record(&record.to_toml()).expect("the record reads back")
        }
    }
    games::with_setup(&Setup::default_of(kind), Random(plies))
}

/// A move that may open a game of `kind`, as typed.
pub(crate) fn first_move(kind: GameKind) -> String {
    struct First;
    impl WithSetup for First {
        type Output = String;
        fn run<G: Interactive>(self, settings: G::Settings) -> String {
            let mut moves = Vec::new();
            G::new(settings).legal_moves(&mut moves);
            moves[0].to_string()
        }
    }
    games::with_setup(&Setup::default_of(kind), First)
}

/// A sample record of the repository's.
pub(crate) fn sample(name: &str) -> AnyRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/records")
        .join(name);
    files::load(&path).expect("a sample record")
}

/// A reviewed game of Gekitai, whose second move is a blunder.
pub(crate) fn reviewed() -> AnyRecord {
    let mut record = Record::new(Gekitai::default());
    record.moves = ["A1", "A6", "C3", "D4"]
        .map(|m| m.parse().expect("notation"))
        .to_vec();
    let at = |chance| Reviewed {
        standing: Standing::Chance(chance),
        best: None,
        line: Vec::new(),
    };
    record.review = Some(Review {
        level: 3,
        positions: [50.0, 35.0, 90.0, 15.0, 80.0].map(at).to_vec(),
    });
    AnyRecord::Gekitai(record)
}

/// A finished game of `kind`.
pub(crate) fn finished(kind: GameKind) -> AnyRecord {
    match kind {
        GameKind::Gekitai => sample("gekitai-spec-example.toml"),
        _ => record_of(kind, usize::MAX),
    }
}
